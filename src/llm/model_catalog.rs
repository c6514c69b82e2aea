//! Every source of model facts and settings, layered in Aider's order, lowest first:
//! litellm's table (`assets/litellm-models.json`), Aider's settings
//! (`assets/aider-model-settings.yml`), the hand-kept `assets/models.toml`; then the
//! user's files: `~/.aider.model.settings.yml` and `~/.aider.model.metadata.json`, the
//! repository root's, the start folder's, and `--model-settings-file` /
//! `--model-metadata-file`; then `--alias`. The bundled part is parsed once, on first
//! use, and shared; a session's catalog holds only what its files add.
//!
//! A field a file sets replaces that field of the layers below (a file need only say
//! what it changes). A repository's or the start folder's file may not choose where a
//! request goes or which credential it carries: those `extra_params` are left out and
//! named in [`ModelCatalog::notices`].

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::LazyLock;

use serde_json::{Map, Value};

use super::error::LlmError;
use super::model_facts::{Facts, parse_bundled, parse_table, provider_family};
use super::model_names::{base_model, family_of_vendor, loose};
use super::model_tuning::{ALL_MODELS, Tuning, first_by_name, parse_list};
use super::models_toml;
use super::secret_url::is_credential_name;
use super::service::{SERVICES, Service, split_prefix};

/// Which of Aider's two model files a path is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModelFileKind {
    /// `.aider.model.settings.yml` (or aider-tui's TOML form, by its `.toml` ending).
    Settings,
    /// `.aider.model.metadata.json`.
    Metadata,
}

/// One user file, in the order of the layers (lowest first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelFile {
    pub path: PathBuf,
    pub kind: ModelFileKind,
    /// Found in the repository or the start folder rather than chosen by the user.
    pub from_repository: bool,
    /// How messages name the file (`.aider.model.settings.yml`, `~/…`).
    pub shown: String,
}

/// A window and output limit for models of a family the table does not list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FamilyDefaults {
    pub window: u64,
    pub output: u64,
    /// How many of the family's chat models they were taken from.
    pub models: usize,
}

/// The bundled tables, parsed once.
struct Bundled {
    /// Entries by their key in the table (`gpt-4o`, `deepseek/deepseek-chat`).
    facts: HashMap<String, Facts>,
    /// `family/model` (the name as a `--model` writes it) → table key; a key written
    /// with its prefix wins over a bare one.
    canonical: HashMap<String, String>,
    /// The loose spelling of each `family/model` → table key.
    loose: HashMap<String, String>,
    /// The loose spelling of each model's base name → table keys, priced entries and
    /// direct listings (fewer path segments) first.
    by_base: HashMap<String, Vec<String>>,
    tunings: HashMap<String, Tuning>,
    aliases: BTreeMap<String, String>,
    families: HashMap<String, FamilyDefaults>,
}

const LITELLM_TABLE: &str = include_str!("../../assets/litellm-models.json");
const AIDER_SETTINGS: &str = include_str!("../../assets/aider-model-settings.yml");
const HAND_KEPT: &str = include_str!("../../assets/models.toml");

static BUNDLED: LazyLock<Result<Bundled, String>> = LazyLock::new(load_bundled);

fn load_bundled() -> Result<Bundled, String> {
    let mut facts =
        parse_bundled(LITELLM_TABLE).map_err(|error| format!("litellm-models.json: {error}"))?;
    facts.retain(|_, entry| entry.is_chat());
    let families = family_defaults(&facts);
    let hand_kept =
        models_toml::parse(HAND_KEPT).map_err(|error| format!("models.toml: {error}"))?;
    for (key, entry) in hand_kept.facts {
        facts.entry(key).or_default().overlay(&entry);
    }
    let mut tunings = first_by_name(
        parse_list(AIDER_SETTINGS).map_err(|error| format!("aider-model-settings.yml: {error}"))?,
    );
    for tuning in hand_kept.tunings {
        tunings
            .entry(tuning.name.clone())
            .or_insert_with(|| Tuning {
                name: tuning.name.clone(),
                ..Tuning::default()
            })
            .overlay(&tuning);
    }
    let mut canonical = HashMap::with_capacity(facts.len());
    let mut loose_names = HashMap::with_capacity(facts.len());
    let mut by_base: HashMap<String, Vec<String>> = HashMap::new();
    let mut keys: Vec<&String> = facts.keys().collect();
    // Bare keys first, so a key written with its prefix takes the name after them.
    keys.sort_by_key(|key| (key.contains('/'), key.as_str()));
    for key in keys {
        let name = canonical_name(key, &facts[key]);
        loose_names
            .entry(loose(&name))
            .or_insert_with(|| key.clone());
        canonical.insert(name, key.clone());
        by_base
            .entry(loose(base_model(key)))
            .or_default()
            .push(key.clone());
    }
    // A priced entry first (a local model's zero prices say nothing of a service's),
    // then a provider's direct listing before a reseller's namespaced one.
    for keys in by_base.values_mut() {
        keys.sort_by_key(|key| {
            let priced = facts[key]
                .input_cost_per_token
                .is_some_and(|price| price > 0.0);
            (!priced, key.matches('/').count(), key.clone())
        });
    }
    Ok(Bundled {
        facts,
        canonical,
        loose: loose_names,
        by_base,
        tunings,
        aliases: hand_kept.aliases,
        families,
    })
}

/// The name a `--model` writes an entry by: `family/key`, unless the key starts so.
pub fn canonical_name(key: &str, facts: &Facts) -> String {
    match entry_family(key, facts) {
        Some(family) if !key.starts_with(&format!("{family}/")) => format!("{family}/{key}"),
        _ => key.to_string(),
    }
}

/// An entry's family: its `litellm_provider`'s, else its key's prefix when that is a service.
pub fn entry_family<'a>(key: &'a str, facts: &'a Facts) -> Option<&'a str> {
    match facts.litellm_provider.as_deref() {
        Some(provider) => Some(provider_family(provider)),
        None => match split_prefix(key) {
            Ok((Some(service), _)) => Some(service.prefix),
            _ => None,
        },
    }
}

/// Each family's defaults: the median window and output limit of its chat models.
fn family_defaults(facts: &HashMap<String, Facts>) -> HashMap<String, FamilyDefaults> {
    let mut sizes: HashMap<String, (Vec<u64>, Vec<u64>)> = HashMap::new();
    for (key, entry) in facts {
        let (Some(family), Some(window), Some(output)) = (
            entry_family(key, entry),
            entry.window(),
            entry.output_limit(),
        ) else {
            continue;
        };
        let (windows, outputs) = sizes.entry(family.to_string()).or_default();
        windows.push(window);
        outputs.push(output);
    }
    let median = |values: &mut Vec<u64>| {
        values.sort_unstable();
        values[values.len() / 2]
    };
    sizes
        .into_iter()
        .map(|(family, (mut windows, mut outputs))| {
            let defaults = FamilyDefaults {
                window: median(&mut windows),
                output: median(&mut outputs),
                models: windows.len(),
            };
            (family, defaults)
        })
        .collect()
}

/// Parses the bundled tables afresh (the session parses them once, on first use) and
/// says how many models and settings entries they hold; for the benchmark and checks.
pub fn parse_bundled_tables() -> Result<(usize, usize), String> {
    load_bundled().map(|bundled| (bundled.facts.len(), bundled.tunings.len()))
}

fn bundled() -> Result<&'static Bundled, LlmError> {
    BUNDLED.as_ref().map_err(|reason| LlmError::Settings {
        path: "the bundled model tables".into(),
        reason: reason.clone(),
    })
}

/// What a session's files add to the bundled tables.
#[derive(Debug, Clone, Default)]
pub struct ModelCatalog {
    /// The files' facts by `family/model` (or by their key, when it names no family).
    facts: HashMap<String, Facts>,
    tunings: HashMap<String, Tuning>,
    aliases: BTreeMap<String, String>,
    notices: Vec<String>,
}

/// Where a model's facts were found.
pub struct FactsFound {
    pub facts: Facts,
    /// The family the entry belongs to.
    pub family: Option<String>,
    /// Found under another model's name (a router's vendor model, a local tag, …).
    pub borrowed: bool,
    /// The entry's key in its table.
    pub key: String,
}

impl ModelCatalog {
    /// The bundled tables alone.
    pub fn bundled() -> Result<ModelCatalog, LlmError> {
        bundled()?;
        Ok(ModelCatalog::default())
    }

    /// The bundled tables with `files` laid over them in order, then `aliases`
    /// (`ALIAS:MODEL`, Aider's form). A file that cannot be read or parsed is an error
    /// naming it.
    pub fn load(files: &[ModelFile], aliases: &[String]) -> Result<ModelCatalog, LlmError> {
        let mut catalog = ModelCatalog::bundled()?;
        for file in files {
            catalog.add_file(file)?;
        }
        for alias in aliases {
            let (short, model) = parse_alias(alias).map_err(|reason| LlmError::Settings {
                path: "--alias".into(),
                reason,
            })?;
            catalog.aliases.insert(short, model);
        }
        Ok(catalog)
    }

    fn add_file(&mut self, file: &ModelFile) -> Result<(), LlmError> {
        let failed = |reason: String| LlmError::Settings {
            path: file.path.display().to_string(),
            reason,
        };
        let text =
            std::fs::read_to_string(&file.path).map_err(|error| failed(error.to_string()))?;
        match file.kind {
            ModelFileKind::Metadata => {
                for (key, facts) in parse_table(&text).map_err(failed)? {
                    self.add_facts(&key, &facts);
                }
            }
            ModelFileKind::Settings if file.path.extension().is_some_and(|ext| ext == "toml") => {
                let read = models_toml::parse(&text).map_err(failed)?;
                self.aliases.extend(read.aliases);
                for (key, facts) in read.facts {
                    self.add_facts(&key, &facts);
                }
                self.add_tunings(read.tunings, file);
            }
            ModelFileKind::Settings => {
                let list = parse_list(&text).map_err(failed)?;
                self.add_tunings(list, file);
            }
        }
        Ok(())
    }

    fn add_facts(&mut self, key: &str, facts: &Facts) {
        self.facts
            .entry(canonical_name(key, facts))
            .or_default()
            .overlay(facts);
    }

    fn add_tunings(&mut self, list: Vec<Tuning>, file: &ModelFile) {
        let mut refused: Vec<String> = Vec::new();
        for mut tuning in list {
            let keys = screen(&mut tuning, file.from_repository);
            if !keys.is_empty() {
                refused.push(format!("{}: {}", tuning.name, keys.join(", ")));
            }
            self.tunings
                .entry(tuning.name.clone())
                .or_insert_with(|| Tuning {
                    name: tuning.name.clone(),
                    ..Tuning::default()
                })
                .overlay(&tuning);
        }
        if refused.is_empty() {
            return;
        }
        let listed = refused.join("; ");
        self.notices.push(if file.from_repository {
            format!(
                "This repository's {} sets where requests go or which credential they carry ({listed}); a repository's file may not choose that, so it is not obeyed: put it in ~/.aider.model.settings.yml or a --model-settings-file if you mean it.",
                file.shown
            )
        } else {
            format!(
                "{} sets a model's address or key in extra_params ({listed}); aider-tui takes those only from --api-base, --api-key and the provider's variables, so they are not sent.",
                file.shown
            )
        });
    }

    /// Start-up notices: what the files set that is not obeyed, once per file.
    pub fn notices(&self) -> &[String] {
        &self.notices
    }

    /// Every alias: the bundled ones, then the files' and `--alias`'s over them.
    pub fn aliases(&self) -> BTreeMap<String, String> {
        let mut all = bundled().map(|b| b.aliases.clone()).unwrap_or_default();
        all.extend(self.aliases.clone());
        all
    }

    /// `name` with aliases expanded (they may point at other aliases; a few steps are
    /// plenty and stop cycles).
    pub fn expand_alias(&self, name: &str) -> String {
        let aliases = self.aliases();
        let mut name = name.to_string();
        for _ in 0..4 {
            match aliases.get(&name) {
                Some(target) => name.clone_from(target),
                None => break,
            }
        }
        name
    }

    /// The family a bare name's own table entry gives (`claude-sonnet-4-5` → anthropic),
    /// when a service serves it.
    pub fn bare_family(&self, name: &str) -> Option<&'static Service> {
        if name.contains('/') {
            return None;
        }
        let bundled = bundled().ok()?;
        let from_table = bundled
            .facts
            .get(name)
            .and_then(|facts| entry_family(name, facts))
            .and_then(super::model_names::served);
        from_table.or_else(|| {
            SERVICES.iter().find(|service| {
                self.facts
                    .contains_key(&format!("{}/{name}", service.prefix))
            })
        })
    }

    /// The family litellm's table lists a bare name for (`gpt-4o` → openai,
    /// `command-r-plus` → cohere), served or not.
    pub fn listed_family(&self, name: &str) -> Option<&'static str> {
        let bundled = bundled().ok()?;
        let (key, facts) = bundled.facts.get_key_value(name)?;
        entry_family(key, facts)
    }

    /// The facts of `id` on `service` (as written after its prefix; `written` is the
    /// whole name): the table's entry by that name, else one by a looser spelling,
    /// else another model's of the same base name (a router's vendor model, an Ollama
    /// tag), with the files' fields laid over.
    pub fn facts_for(&self, written: &str, service: &Service, id: &str) -> Option<FactsFound> {
        let bundled = bundled().ok()?;
        let name = format!("{}/{id}", service.prefix);
        let own = |key: &str| {
            bundled
                .facts
                .get(key)
                .is_some_and(|facts| entry_family(key, facts) == Some(service.prefix))
                .then(|| key.to_string())
        };
        let found = own(written)
            .or_else(|| own(id))
            .or_else(|| bundled.canonical.get(&name).cloned())
            .or_else(|| bundled.loose.get(&loose(&name)).cloned());
        if let Some(key) = found {
            return Some(self.found(bundled, &key, false));
        }
        if let Some(facts) = self.facts.get(&name).or_else(|| self.facts.get(written)) {
            return Some(FactsFound {
                family: Some(service.prefix.to_string()),
                facts: facts.clone(),
                borrowed: false,
                key: name,
            });
        }
        self.borrowed_facts(bundled, service, id)
    }

    /// Another model's facts for `id`: the vendor's own entry through a router, the
    /// untagged model, or any entry of the same base name (direct listings first).
    fn borrowed_facts(&self, bundled: &Bundled, service: &Service, id: &str) -> Option<FactsFound> {
        let base = base_model(id);
        let vendor = id
            .split_once('/')
            .and_then(|(vendor, _)| family_of_vendor(vendor));
        let mut tried = Vec::new();
        if let Some(family) = vendor {
            tried.push(format!("{family}/{base}"));
        }
        tried.push(format!("{}/{base}", service.prefix));
        for name in &tried {
            if let Some(facts) = self.facts.get(name) {
                return Some(FactsFound {
                    facts: facts.clone(),
                    family: name.split('/').next().map(str::to_string),
                    borrowed: true,
                    key: name.clone(),
                });
            }
            if let Some(key) = bundled
                .canonical
                .get(name)
                .or_else(|| bundled.loose.get(&loose(name)))
            {
                return Some(self.found(bundled, key, true));
            }
        }
        let candidates = bundled.by_base.get(&loose(base))?;
        let preferred = |family: Option<&str>| {
            candidates.iter().find(|key| {
                family.is_some_and(|family| entry_family(key, &bundled.facts[*key]) == Some(family))
            })
        };
        let key = preferred(vendor)
            .or_else(|| preferred(Some(service.prefix)))
            .or_else(|| candidates.first())?;
        Some(self.found(bundled, key, true))
    }

    /// A bundled entry with the files' fields for the same model laid over.
    fn found(&self, bundled: &Bundled, key: &str, borrowed: bool) -> FactsFound {
        let mut facts = bundled.facts[key].clone();
        if let Some(users) = self.facts.get(&canonical_name(key, &facts)) {
            facts.overlay(users);
        }
        FactsFound {
            family: entry_family(key, &facts).map(str::to_string),
            facts,
            borrowed,
            key: key.to_string(),
        }
    }

    /// The settings for the first of `names` either layer knows, each layer's entries
    /// for all of `names` laid over each other (the most specific name last); `None`
    /// when no layer names any.
    pub fn tuning_for(&self, names: &[&str]) -> Option<Tuning> {
        let bundled = bundled().ok()?;
        let mut tuning: Option<Tuning> = None;
        for layer in [&bundled.tunings, &self.tunings] {
            for name in names.iter().rev() {
                if let Some(entry) = layer.get(*name) {
                    tuning
                        .get_or_insert_with(|| Tuning {
                            name: entry.name.clone(),
                            ..Tuning::default()
                        })
                        .overlay(entry);
                }
            }
        }
        tuning
    }

    /// The `extra_params` of Aider's `aider/extra_params` entry, for every model.
    pub fn all_models_params(&self) -> Option<Map<String, Value>> {
        self.tuning_for(&[ALL_MODELS])
            .and_then(|tuning| tuning.extra_params)
    }

    /// The defaults of a family the table lists (`None`: it lists none of its models).
    pub fn family_defaults(&self, family: &str) -> Option<FamilyDefaults> {
        bundled().ok()?.families.get(family).copied()
    }

    /// Every entry of every layer whose family a service serves, by the name a
    /// `--model` writes it (`anthropic/claude-sonnet-4-5`), with its facts.
    pub fn served_entries(&self) -> Vec<(String, Facts)> {
        let mut entries: BTreeMap<String, Facts> = BTreeMap::new();
        if let Ok(bundled) = bundled() {
            for (name, key) in &bundled.canonical {
                if served_name(name) {
                    entries.insert(name.clone(), self.found(bundled, key, false).facts);
                }
            }
        }
        for (name, facts) in &self.facts {
            if served_name(name) && facts.is_chat() {
                entries.entry(name.clone()).or_default().overlay(facts);
            }
        }
        entries.into_iter().collect()
    }

    /// The bundled litellm-format entries by table key (for checks over the table).
    pub fn bundled_entries() -> Vec<(String, Facts)> {
        let Ok(bundled) = bundled() else {
            return Vec::new();
        };
        let mut entries: Vec<(String, Facts)> = bundled
            .facts
            .iter()
            .map(|(key, facts)| (key.clone(), facts.clone()))
            .collect();
        entries.sort_by(|left, right| left.0.cmp(&right.0));
        entries
    }
}

fn served_name(name: &str) -> bool {
    matches!(split_prefix(name), Ok((Some(_), _)))
}

/// Aider's `--alias ALIAS:MODEL`.
pub fn parse_alias(text: &str) -> Result<(String, String), String> {
    match text.split_once(':') {
        Some((alias, model)) if !alias.trim().is_empty() && !model.trim().is_empty() => {
            Ok((alias.trim().to_string(), model.trim().to_string()))
        }
        _ => Err(format!(
            "{text:?} is not ALIAS:MODEL (e.g. fast:gpt-4o-mini)"
        )),
    }
}

/// `extra_params` keys that choose where a request goes or which credential it carries.
/// They are never sent as body fields.
fn is_routing_key(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    matches!(
        key.as_str(),
        "api_base"
            | "base_url"
            | "api_key"
            | "api_version"
            | "organization"
            | "custom_llm_provider"
    ) || key.starts_with("aws_")
        || key.starts_with("vertex_")
        || key.contains("api_key")
        || key.contains("secret")
        || key.contains("password")
}

/// Takes out of `tuning`'s `extra_params` what may not be obeyed, and names it: the
/// routing keys always; from a repository's file also headers and body fields named
/// like credentials.
fn screen(tuning: &mut Tuning, from_repository: bool) -> Vec<String> {
    let mut refused = Vec::new();
    let Some(params) = tuning.extra_params.as_mut() else {
        return refused;
    };
    params.retain(|key, _| {
        let keep = !is_routing_key(key);
        if !keep {
            refused.push(format!("extra_params {key}"));
        }
        keep
    });
    if !from_repository {
        return refused;
    }
    for (field, credential) in [
        ("extra_headers", is_credential_name as fn(&str) -> bool),
        ("extra_body", is_routing_key),
    ] {
        if let Some(Value::Object(inner)) = params.get_mut(field) {
            inner.retain(|key, _| {
                let keep = !credential(key);
                if !keep {
                    refused.push(format!("{field} {key}"));
                }
                keep
            });
        }
    }
    refused
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_tables_parse_and_the_hand_kept_part_repeats_none_of_them() {
        let bundled = bundled().unwrap();
        assert!(bundled.facts.len() > 1500, "{}", bundled.facts.len());
        assert!(bundled.tunings.len() > 200);
        let litellm = parse_bundled(LITELLM_TABLE).unwrap();
        let aider = first_by_name(parse_list(AIDER_SETTINGS).unwrap());
        let hand_kept = models_toml::parse(HAND_KEPT).unwrap();
        for (key, _) in &hand_kept.facts {
            let bare = key.split_once('/').map_or(key.as_str(), |(_, rest)| rest);
            assert!(
                !litellm.contains_key(key) && !litellm.contains_key(bare),
                "{key}: litellm's table has it"
            );
        }
        for tuning in &hand_kept.tunings {
            if let Some(theirs) = aider.get(&tuning.name) {
                // Laid either way round, two entries that set no field twice agree.
                let mut theirs_first = theirs.clone();
                theirs_first.overlay(tuning);
                let mut ours_first = tuning.clone();
                ours_first.overlay(theirs);
                assert_eq!(
                    theirs_first, ours_first,
                    "{}: Aider's settings give a field models.toml sets",
                    tuning.name
                );
            }
        }
    }

    #[test]
    fn family_defaults_are_the_middle_of_the_family() {
        let bundled = bundled().unwrap();
        let anthropic = bundled.families["anthropic"];
        assert!(anthropic.models >= 10);
        assert!(
            anthropic.window >= 200_000 && anthropic.output >= 32_000,
            "{anthropic:?}"
        );
        assert!(bundled.families.contains_key("openai"));
        assert!(bundled.families.contains_key("ollama"));
    }

    #[test]
    fn a_repositorys_file_may_not_route_or_carry_credentials() {
        let mut tuning = parse_list(
            "- name: gpt-4o\n  extra_params:\n    api_base: http://evil.example/v1\n    max_tokens: 100\n    extra_headers:\n      Authorization: Bearer stolen\n      anthropic-beta: x\n    extra_body:\n      api_key: k\n      top_k: 3\n",
        )
        .unwrap()
        .remove(0);
        let mut trusted = tuning.clone();
        let refused = screen(&mut tuning, true);
        assert_eq!(
            refused,
            [
                "extra_params api_base",
                "extra_headers Authorization",
                "extra_body api_key"
            ]
        );
        let params = tuning.extra_params.unwrap();
        assert_eq!(params["max_tokens"], 100);
        assert_eq!(
            params["extra_headers"],
            serde_json::json!({"anthropic-beta": "x"})
        );
        assert_eq!(params["extra_body"], serde_json::json!({"top_k": 3}));
        // The user's own file keeps its headers; only the address is not taken.
        assert_eq!(screen(&mut trusted, false), ["extra_params api_base"]);
        assert!(trusted.extra_params.unwrap()["extra_headers"]["Authorization"].is_string());
    }

    #[test]
    fn aliases_are_alias_colon_model() {
        assert_eq!(
            parse_alias("fast:ollama/qwen2.5-coder:32b").unwrap(),
            ("fast".to_string(), "ollama/qwen2.5-coder:32b".to_string())
        );
        assert!(parse_alias("fast").is_err());
        assert!(parse_alias(":gpt-4o").is_err());
    }
}
