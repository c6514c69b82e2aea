//! Model names as users write them (`sonnet`, `openai/gpt-4o`, `ollama/qwen2.5-coder`,
//! `openrouter/anthropic/claude-sonnet-4-5`) resolved to the facts in `assets/models.toml`,
//! merged with an optional user file. Unknown models get safe defaults and a warning.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::LazyLock;

use serde::Deserialize;

use super::error::LlmError;
use super::service::{ProviderKind, Service, default_service, service, split_prefix};

/// Everything the program needs to know about one model.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ModelSettings {
    /// The name as resolved (aliases expanded), e.g. `anthropic/claude-sonnet-4-5`.
    pub name: String,
    pub provider: ProviderKind,
    /// The name sent on the wire.
    pub api_model: String,
    pub context_window: u64,
    pub max_output_tokens: u64,
    /// Dollars per million tokens.
    pub input_price: f64,
    pub output_price: f64,
    pub cache_read_price: f64,
    pub cache_write_price: f64,
    pub edit_format: String,
    pub weak_model: Option<String>,
    pub editor_model: Option<String>,
    pub editor_edit_format: Option<String>,
    /// Send Anthropic `cache_control` breakpoints.
    pub caching: bool,
    pub reasoning: bool,
    pub use_temperature: bool,
    /// The service prefix (`openai`, `anthropic`, `ollama`, …) deciding base URL and key.
    pub service: String,
    /// A trailing assistant message is continued, so long replies can be resumed.
    pub assistant_prefill: bool,
    /// Thinking arrives inside the text wrapped in `<tag>…</tag>`.
    pub reasoning_tag: Option<String>,
    /// The model takes images in user messages.
    pub accepts_images: bool,
    /// The model takes OpenAI's `reasoning_effort` (`low`, `medium`, `high`).
    pub accepts_reasoning_effort: bool,
}

/// One `[[model]]` entry; every fact is optional so user entries can override a few.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    name: String,
    service: Option<String>,
    api_model: Option<String>,
    also: Option<Vec<String>>,
    context_window: Option<u64>,
    max_output_tokens: Option<u64>,
    input_price: Option<f64>,
    output_price: Option<f64>,
    cache_read_price: Option<f64>,
    cache_write_price: Option<f64>,
    edit_format: Option<String>,
    weak_model: Option<String>,
    editor_model: Option<String>,
    editor_edit_format: Option<String>,
    caching: Option<bool>,
    reasoning: Option<bool>,
    use_temperature: Option<bool>,
    assistant_prefill: Option<bool>,
    reasoning_tag: Option<String>,
    accepts_images: Option<bool>,
    accepts_reasoning_effort: Option<bool>,
}

impl Entry {
    /// Whether `id` names this entry. Versions may be written with dots or dashes
    /// (OpenRouter's `claude-sonnet-4.5` is the table's `claude-sonnet-4-5`).
    fn matches(&self, id: &str) -> bool {
        let alike = |name: &str| name == id || name.replace('.', "-") == id.replace('.', "-");
        alike(&self.name)
            || self
                .also
                .as_ref()
                .is_some_and(|also| also.iter().any(|name| alike(name)))
    }

    /// Sets every field `other` sets.
    fn merge(&mut self, other: Entry) {
        macro_rules! take {
            ($($field:ident),*) => { $( if other.$field.is_some() { self.$field = other.$field; } )* };
        }
        take!(
            service,
            api_model,
            also,
            context_window,
            max_output_tokens,
            input_price,
            output_price,
            cache_read_price,
            cache_write_price,
            edit_format,
            weak_model,
            editor_model,
            editor_edit_format,
            caching,
            reasoning,
            use_temperature,
            assistant_prefill,
            reasoning_tag,
            accepts_images,
            accepts_reasoning_effort
        );
    }
}

/// The table file: aliases and model entries.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    #[serde(default)]
    aliases: BTreeMap<String, String>,
    #[serde(default)]
    model: Vec<Entry>,
}

impl Table {
    fn merge(&mut self, other: Table) {
        self.aliases.extend(other.aliases);
        for entry in other.model {
            let existing = self.model.iter_mut().find(|known| {
                known.name == entry.name
                    && (entry.service.is_none() || known.service == entry.service)
            });
            match existing {
                Some(known) => known.merge(entry),
                None => self.model.push(entry),
            }
        }
    }

    /// The entry for `id`, preferring one on `service`.
    fn find(&self, id: &str, service: Option<&Service>) -> Option<&Entry> {
        let on_service = |entry: &&Entry| {
            service.is_none_or(|service| {
                entry
                    .service
                    .as_deref()
                    .is_some_and(|name| same_service(name, service.prefix))
            })
        };
        self.model
            .iter()
            .filter(|entry| entry.matches(id))
            .find(on_service)
            .or_else(|| self.model.iter().find(|entry| entry.matches(id)))
    }
}

fn same_service(left: &str, right: &str) -> bool {
    let family = |name: &str| {
        if name == "ollama_chat" {
            "ollama".to_string()
        } else {
            name.to_string()
        }
    };
    family(left) == family(right)
}

static BUILT_IN: LazyLock<Result<Table, String>> = LazyLock::new(|| {
    toml::from_str(include_str!("../../assets/models.toml")).map_err(|error| error.to_string())
});

/// Context window assumed for a model the table does not know.
pub const UNKNOWN_CONTEXT_WINDOW: u64 = 32_768;
/// Output limit assumed for a model the table does not know.
pub const UNKNOWN_MAX_OUTPUT_TOKENS: u64 = 4_096;

/// Resolves a model name (alias, `service/` prefix, bare name) against the built-in table
/// merged with `user_table`; the second value is a warning for models the table does not know.
pub fn resolve_model(
    name: &str,
    user_table: Option<&Path>,
) -> Result<(ModelSettings, Option<String>), LlmError> {
    let mut table = BUILT_IN.clone().map_err(|reason| LlmError::Settings {
        path: "built-in assets/models.toml".into(),
        reason,
    })?;
    if let Some(path) = user_table {
        table.merge(read_user_table(path)?);
    }
    resolve_in(&table, name)
}

fn read_user_table(path: &Path) -> Result<Table, LlmError> {
    let settings_error = |reason: String| LlmError::Settings {
        path: path.display().to_string(),
        reason,
    };
    let text = std::fs::read_to_string(path).map_err(|error| settings_error(error.to_string()))?;
    toml::from_str(&text)
        .map_err(|error| settings_error(error.to_string().lines().next().unwrap_or("").to_string()))
}

/// Every alias with what it stands for (for `/models` listings and help).
pub fn aliases() -> Vec<(String, String)> {
    match &*BUILT_IN {
        Ok(table) => table
            .aliases
            .iter()
            .map(|(alias, name)| (alias.clone(), name.clone()))
            .collect(),
        Err(_) => Vec::new(),
    }
}

/// Every model name in the built-in table, with its service prefix.
pub fn known_models() -> Vec<String> {
    match &*BUILT_IN {
        Ok(table) => table
            .model
            .iter()
            .map(|entry| {
                format!(
                    "{}/{}",
                    entry.service.as_deref().unwrap_or("openai"),
                    entry.name
                )
            })
            .collect(),
        Err(_) => Vec::new(),
    }
}

/// One model of the table, as a `/models` listing shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelListing {
    /// `service/name`, e.g. `anthropic/claude-sonnet-4-5`.
    pub name: String,
    /// Aliases that stand for it (`sonnet`).
    pub aliases: Vec<String>,
    pub context_window: u64,
    pub max_output_tokens: u64,
    /// Dollars per million tokens.
    pub input_price: f64,
    pub output_price: f64,
    pub cache_read_price: f64,
    pub cache_write_price: f64,
    pub accepts_images: bool,
}

/// The table's models (built-in merged with `user_table`) whose name, other names or
/// aliases contain `word`, case-insensitively; an empty word lists them all. Sorted by name.
pub fn find_models(word: &str, user_table: Option<&Path>) -> Result<Vec<ModelListing>, LlmError> {
    let mut table = BUILT_IN.clone().map_err(|reason| LlmError::Settings {
        path: "built-in assets/models.toml".into(),
        reason,
    })?;
    if let Some(path) = user_table {
        table.merge(read_user_table(path)?);
    }
    let word = word.trim().to_lowercase();
    let mut found: Vec<ModelListing> = table
        .model
        .iter()
        .filter_map(|entry| {
            let name = format!(
                "{}/{}",
                entry.service.as_deref().unwrap_or("openai"),
                entry.name
            );
            let aliases: Vec<String> = table
                .aliases
                .iter()
                .filter(|(_, target)| **target == name)
                .map(|(alias, _)| alias.clone())
                .collect();
            let mut names = std::iter::once(&name)
                .chain(entry.also.iter().flatten())
                .chain(&aliases);
            names
                .any(|candidate| candidate.to_lowercase().contains(&word))
                .then(|| ModelListing {
                    context_window: entry.context_window.unwrap_or(UNKNOWN_CONTEXT_WINDOW),
                    max_output_tokens: entry.max_output_tokens.unwrap_or(UNKNOWN_MAX_OUTPUT_TOKENS),
                    input_price: entry.input_price.unwrap_or(0.0),
                    output_price: entry.output_price.unwrap_or(0.0),
                    cache_read_price: entry.cache_read_price.unwrap_or(0.0),
                    cache_write_price: entry.cache_write_price.unwrap_or(0.0),
                    accepts_images: entry.accepts_images.unwrap_or(false),
                    aliases: aliases.clone(),
                    name: name.clone(),
                })
        })
        .collect();
    found.sort_by(|left, right| left.name.cmp(&right.name));
    Ok(found)
}

fn resolve_in(table: &Table, written: &str) -> Result<(ModelSettings, Option<String>), LlmError> {
    let invalid = |reason: &str| LlmError::InvalidModel {
        name: written.to_string(),
        reason: reason.to_string(),
    };
    let mut name = written.trim().to_string();
    if name.is_empty() {
        return Err(invalid(
            "the name is empty; pass --model NAME (e.g. sonnet, gpt-4o, ollama/qwen2.5-coder)",
        ));
    }
    // Aliases may point at other aliases; a few steps are plenty and stop cycles.
    for _ in 0..4 {
        match table.aliases.get(&name) {
            Some(target) => name = target.clone(),
            None => break,
        }
    }
    // A prefix aider-tui does not serve is refused, never guessed (service.rs).
    let (explicit, id) = split_prefix(&name)?;
    let id = id.to_string();
    if id.is_empty() {
        return Err(invalid("nothing follows the service prefix"));
    }
    let entry = table.find(&id, explicit).or_else(|| {
        // `openrouter/anthropic/claude-…` or `ollama/qwen2.5-coder:32b`: borrow the facts of the base model.
        let base = id.rsplit('/').next().unwrap_or(&id);
        let base = base.split(':').next().unwrap_or(base);
        table.find(base, explicit)
    });
    let entry_service = entry
        .and_then(|entry| entry.service.as_deref())
        .and_then(service);
    let chosen = explicit
        .or(entry_service)
        .unwrap_or_else(|| infer_service(&id));
    let Some(entry) = entry else {
        return Ok((unknown(&name, &id, chosen), Some(unknown_warning(&name))));
    };
    let same = entry_service.is_some_and(|known| same_service(known.prefix, chosen.prefix));
    let api_model = match (&entry.api_model, same && entry.matches(&id)) {
        (Some(api_model), true) if entry.name == id => api_model.clone(),
        _ => id.clone(),
    };
    // Helpers named by the table live on the entry's service; reached through another
    // service (a router or proxy) they must go through that same service.
    let vendor = id.rfind('/').map(|slash| &id[..=slash]).unwrap_or("");
    let helper = |helper: &Option<String>| {
        helper.as_ref().map(|helper| {
            if same {
                helper.clone()
            } else {
                format!("{}/{vendor}{helper}", chosen.prefix)
            }
        })
    };
    let kind_kept = entry_service.is_some_and(|known| known.kind == chosen.kind);
    let settings = ModelSettings {
        name: name.clone(),
        provider: chosen.kind,
        api_model,
        context_window: entry.context_window.unwrap_or(UNKNOWN_CONTEXT_WINDOW),
        max_output_tokens: entry.max_output_tokens.unwrap_or(UNKNOWN_MAX_OUTPUT_TOKENS),
        input_price: entry.input_price.unwrap_or(0.0),
        output_price: entry.output_price.unwrap_or(0.0),
        cache_read_price: entry.cache_read_price.unwrap_or(0.0),
        cache_write_price: entry.cache_write_price.unwrap_or(0.0),
        edit_format: entry.edit_format.clone().unwrap_or_else(|| "diff".into()),
        weak_model: helper(&entry.weak_model),
        editor_model: helper(&entry.editor_model),
        editor_edit_format: entry.editor_edit_format.clone(),
        caching: entry.caching.unwrap_or(false) && chosen.kind == ProviderKind::Anthropic,
        reasoning: entry.reasoning.unwrap_or(false),
        use_temperature: entry.use_temperature.unwrap_or(true),
        service: chosen.prefix.to_string(),
        assistant_prefill: entry.assistant_prefill.unwrap_or(false) && kind_kept,
        reasoning_tag: entry.reasoning_tag.clone(),
        accepts_images: entry.accepts_images.unwrap_or(false),
        // The parameter is OpenAI's; another wire would not understand it.
        accepts_reasoning_effort: entry.accepts_reasoning_effort.unwrap_or(false)
            && chosen.kind.speaks_openai(),
    };
    Ok((settings, None))
}

/// The service an unprefixed, unknown name most likely belongs to.
fn infer_service(id: &str) -> &'static Service {
    let guess = if id.starts_with("claude") {
        "anthropic"
    } else if id.starts_with("deepseek") {
        "deepseek"
    } else if id.starts_with("gemini") {
        "gemini"
    } else if id.starts_with("grok") {
        "xai"
    } else if id.starts_with("mistral") || id.starts_with("codestral") {
        "mistral"
    } else {
        "openai"
    };
    service(guess).unwrap_or_else(default_service)
}

fn unknown(name: &str, id: &str, chosen: &Service) -> ModelSettings {
    // OpenAI's reasoning families reject temperature.
    let reasoning = ["o1", "o3", "o4", "gpt-5"]
        .iter()
        .any(|family| id.starts_with(family));
    let anthropic = chosen.kind == ProviderKind::Anthropic;
    ModelSettings {
        name: name.to_string(),
        provider: chosen.kind,
        api_model: id.to_string(),
        context_window: UNKNOWN_CONTEXT_WINDOW,
        max_output_tokens: UNKNOWN_MAX_OUTPUT_TOKENS,
        edit_format: "diff".into(),
        caching: anthropic,
        reasoning,
        use_temperature: !reasoning,
        service: chosen.prefix.to_string(),
        assistant_prefill: anthropic,
        ..ModelSettings::default()
    }
}

fn unknown_warning(name: &str) -> String {
    format!(
        "unknown model {name}: using safe defaults ({UNKNOWN_CONTEXT_WINDOW}-token context, {UNKNOWN_MAX_OUTPUT_TOKENS} output tokens, no prices); describe it in a model settings file to change that"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolve(name: &str) -> (ModelSettings, Option<String>) {
        resolve_model(name, None).unwrap()
    }

    #[test]
    fn built_in_table_parses_and_helpers_resolve_to_known_models() {
        let table = BUILT_IN.clone().unwrap();
        assert!(table.model.len() > 20);
        for entry in &table.model {
            assert!(
                entry.service.as_deref().and_then(service).is_some(),
                "{} has an unknown service",
                entry.name
            );
            // The edit formats the edit module parses.
            let formats = ["diff", "whole", "diff-fenced", "udiff"];
            for format in [&entry.edit_format, &entry.editor_edit_format]
                .into_iter()
                .flatten()
            {
                assert!(
                    formats.contains(&format.as_str()),
                    "{}: edit format {format}",
                    entry.name
                );
            }
            for helper in [&entry.weak_model, &entry.editor_model]
                .into_iter()
                .flatten()
            {
                let (_, warning) = resolve(helper);
                assert!(
                    warning.is_none(),
                    "{}: helper {helper} is unknown",
                    entry.name
                );
            }
        }
        for (alias, _) in aliases() {
            assert!(
                resolve(&alias).1.is_none(),
                "alias {alias} points at an unknown model"
            );
        }
    }

    #[test]
    fn aliases_and_prefixes() {
        let (sonnet, warning) = resolve("sonnet");
        assert!(warning.is_none());
        assert_eq!(sonnet.provider, ProviderKind::Anthropic);
        assert_eq!(sonnet.api_model, "claude-sonnet-4-5");
        assert_eq!(sonnet.name, "anthropic/claude-sonnet-4-5");
        assert!(sonnet.caching);
        assert_eq!(sonnet.weak_model.as_deref(), Some("claude-haiku-4-5"));

        let (four_o, _) = resolve("4o");
        assert_eq!(four_o.service, "openai");
        assert_eq!(four_o.api_model, "gpt-4o");
        let (bare, _) = resolve("gpt-4o");
        assert_eq!(bare.context_window, 128_000);
        let (deepseek, _) = resolve("deepseek");
        assert_eq!(deepseek.service, "deepseek");
        assert_eq!(deepseek.api_model, "deepseek-chat");
        let (haiku, _) = resolve("haiku");
        assert_eq!(haiku.provider, ProviderKind::Anthropic);
        let (dated, warning) = resolve("claude-sonnet-4-5-20250929");
        assert!(warning.is_none());
        assert_eq!(dated.api_model, "claude-sonnet-4-5-20250929");
        assert_eq!(dated.provider, ProviderKind::Anthropic);
    }

    #[test]
    fn versions_with_dots_find_the_same_facts_and_keep_their_spelling() {
        let (dotted, warning) = resolve("openrouter/anthropic/claude-sonnet-4.5");
        assert!(warning.is_none(), "{warning:?}");
        assert_eq!(dotted.api_model, "anthropic/claude-sonnet-4.5");
        assert_eq!(dotted.context_window, 200_000);
    }

    #[test]
    fn routers_borrow_facts_but_keep_their_wire_and_names() {
        let (routed, warning) = resolve("openrouter/anthropic/claude-sonnet-4-5");
        assert!(warning.is_none());
        assert_eq!(routed.provider, ProviderKind::OpenAiCompatible);
        assert_eq!(routed.service, "openrouter");
        assert_eq!(routed.api_model, "anthropic/claude-sonnet-4-5");
        assert_eq!(routed.context_window, 200_000);
        assert!(!routed.caching);
        assert_eq!(
            routed.weak_model.as_deref(),
            Some("openrouter/anthropic/claude-haiku-4-5")
        );

        let (tagged, warning) = resolve("ollama/qwen2.5-coder:32b");
        assert!(warning.is_none());
        assert_eq!(tagged.api_model, "qwen2.5-coder:32b");
        assert_eq!(tagged.service, "ollama");
        assert_eq!(tagged.input_price, 0.0);
    }

    #[test]
    fn reasoning_models_take_no_temperature() {
        let (o3_mini, _) = resolve("o3-mini");
        assert!(o3_mini.reasoning);
        assert!(!o3_mini.use_temperature);
        let (unknown_o, warning) = resolve("o3-pro-2099");
        assert!(warning.is_some());
        assert!(!unknown_o.use_temperature);
    }

    #[test]
    fn unknown_models_get_defaults_and_a_warning() {
        let (settings, warning) = resolve("my-local-model");
        let warning = warning.unwrap();
        assert!(warning.contains("my-local-model"));
        assert!(!warning.contains('\n'));
        assert_eq!(settings.context_window, UNKNOWN_CONTEXT_WINDOW);
        assert_eq!(settings.provider, ProviderKind::OpenAiCompatible);
        let (claude, _) = resolve("claude-9-experimental");
        assert_eq!(claude.provider, ProviderKind::Anthropic);
        assert!(claude.caching);
        let (prefixed, warning) = resolve("ollama/some-new-model");
        assert!(warning.is_some());
        assert_eq!(prefixed.service, "ollama");
        assert!(matches!(
            resolve_model("  ", None),
            Err(LlmError::InvalidModel { .. })
        ));
        assert!(matches!(
            resolve_model("openai/", None),
            Err(LlmError::InvalidModel { .. })
        ));
    }

    #[test]
    fn image_and_effort_capabilities_come_from_the_table() {
        for (model, images, effort) in [
            ("gpt-4o", true, false),
            ("gpt-4.1-mini", true, false),
            ("o3-mini", false, true),
            ("o4-mini", true, true),
            ("gpt-5", true, true),
            ("sonnet", true, false),
            ("claude-3-5-haiku-20241022", true, false),
            ("gemini", true, true),
            ("deepseek", false, false),
            ("ollama/qwen2.5-coder", false, false),
            ("my-local-model", false, false),
        ] {
            let (settings, _) = resolve(model);
            assert_eq!(settings.accepts_images, images, "{model} images");
            assert_eq!(settings.accepts_reasoning_effort, effort, "{model} effort");
        }
        // The OpenAI parameter is not sent through another wire.
        let (routed, _) = resolve("openrouter/openai/o3-mini");
        assert!(routed.accepts_reasoning_effort);
    }

    #[test]
    fn listings_match_names_other_names_and_aliases() {
        let sonnet = find_models("SONNET", None).unwrap();
        assert!(
            sonnet
                .iter()
                .any(|model| model.name == "anthropic/claude-sonnet-4-5"
                    && model.aliases == ["sonnet"]
                    && model.context_window == 200_000
                    && model.input_price == 3.0
                    && model.output_price == 15.0)
        );
        assert!(sonnet.iter().all(|model| model.name.contains("sonnet")));
        let dated = find_models("2024-08-06", None).unwrap();
        assert_eq!(dated.len(), 1);
        assert_eq!(dated[0].name, "openai/gpt-4o");
        let all = find_models("", None).unwrap();
        assert_eq!(all.len(), BUILT_IN.clone().unwrap().model.len());
        assert!(all.windows(2).all(|pair| pair[0].name <= pair[1].name));
        assert!(
            find_models("no-such-model-anywhere", None)
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn user_file_overrides_fields_and_adds_models() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("models.toml");
        std::fs::write(
            &path,
            "[aliases]\nmine = \"ollama/my-model\"\n\n[[model]]\nname = \"gpt-4o\"\ncontext_window = 1000\n\n[[model]]\nname = \"my-model\"\nservice = \"ollama\"\ncontext_window = 65536\nedit_format = \"whole\"\n",
        )
        .unwrap();
        let (gpt, _) = resolve_model("gpt-4o", Some(&path)).unwrap();
        assert_eq!(gpt.context_window, 1000);
        assert_eq!(
            gpt.output_price, 10.0,
            "fields the user file leaves out keep their value"
        );
        let (mine, warning) = resolve_model("mine", Some(&path)).unwrap();
        assert!(warning.is_none());
        assert_eq!(mine.context_window, 65536);
        assert_eq!(mine.edit_format, "whole");

        std::fs::write(&path, "[[model]]\nname = \"x\"\nbogus = 1\n").unwrap();
        let error = resolve_model("gpt-4o", Some(&path)).unwrap_err();
        assert!(matches!(error, LlmError::Settings { .. }));
        assert!(!error.to_string().contains('\n'));
    }
}
