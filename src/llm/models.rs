//! Model names as users write them (`sonnet`, `openai/gpt-4o`, `ollama/qwen2.5-coder`,
//! `openrouter/anthropic/claude-sonnet-4.5`) resolved to everything the program needs to
//! know about the model: facts from litellm's table, settings from Aider's, each laid
//! over by the user's files ([`ModelCatalog`]). A model no table knows gets its family's
//! defaults (or small safe ones) and a warning.

use std::path::Path;

use serde_json::{Map, Value};

use super::error::LlmError;
use super::extra_params;
use super::model_catalog::{
    FactsFound, FamilyDefaults, ModelCatalog, ModelFile, ModelFileKind, canonical_name,
};
use super::model_facts::{Facts, LongPromptPrices};
use super::model_names::{base_model, family_of_name, family_of_vendor, served};
use super::model_tuning::{Tuning, UseTemperature, edit_format_name, merge_all_models};
use super::service::{ProviderKind, Service, default_service, split_prefix};

/// Everything the program needs to know about one model.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelSettings {
    /// The name as resolved (aliases expanded), e.g. `anthropic/claude-sonnet-4-5`.
    pub name: String,
    pub provider: ProviderKind,
    /// The name sent on the wire.
    pub api_model: String,
    pub context_window: u64,
    /// The output limit sent with every request (Aider's `extra_params.max_tokens`
    /// when a settings file gives one).
    pub max_output_tokens: u64,
    /// Dollars per million tokens.
    pub input_price: f64,
    pub output_price: f64,
    pub cache_read_price: f64,
    pub cache_write_price: f64,
    /// Prices of a request whose prompt passes a threshold, when the model has them.
    pub long_prompt_prices: Option<LongPromptPrices>,
    pub edit_format: String,
    pub weak_model: Option<String>,
    pub editor_model: Option<String>,
    pub editor_edit_format: Option<String>,
    /// Send Anthropic `cache_control` breakpoints.
    pub caching: bool,
    /// An OpenAI reasoning model: its output limit is `max_completion_tokens`.
    pub openai_reasoning: bool,
    /// The temperature sent; `None` sends none (models that refuse one).
    pub temperature: Option<f64>,
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
    /// Stream replies; false sends plain requests (Aider's `streaming: false`).
    pub streaming: bool,
    /// The closing reminder goes in a system message of its own, not the last user
    /// message (Aider's `reminder: sys`).
    pub reminder_as_system: bool,
    /// The example exchanges go in the system prompt, not as turns.
    pub examples_as_system: bool,
    /// Text put before the system prompt (`Formatting re-enabled. ` for o-series models).
    pub system_prompt_prefix: Option<String>,
    /// The model takes a system prompt; false sends it as the first user message.
    pub use_system_prompt: bool,
    /// Ask the model to write whole changes, not placeholders (Aider's `lazy`).
    pub lazy: bool,
    /// Ask the model to keep to the request (Aider's `overeager`).
    pub overeager: bool,
    /// Aider's `extra_params` left for the request: body fields, `extra_headers`,
    /// `extra_body`, Ollama's `num_ctx` (the output limit and temperature are above).
    pub extra_params: Map<String, Value>,
}

impl Default for ModelSettings {
    fn default() -> Self {
        ModelSettings {
            name: String::new(),
            provider: ProviderKind::default(),
            api_model: String::new(),
            context_window: 0,
            max_output_tokens: 0,
            input_price: 0.0,
            output_price: 0.0,
            cache_read_price: 0.0,
            cache_write_price: 0.0,
            long_prompt_prices: None,
            edit_format: "diff".into(),
            weak_model: None,
            editor_model: None,
            editor_edit_format: None,
            caching: false,
            openai_reasoning: false,
            temperature: None,
            service: String::new(),
            assistant_prefill: false,
            reasoning_tag: None,
            accepts_images: false,
            accepts_reasoning_effort: false,
            streaming: true,
            reminder_as_system: false,
            examples_as_system: false,
            system_prompt_prefix: None,
            use_system_prompt: true,
            lazy: false,
            overeager: false,
            extra_params: Map::new(),
        }
    }
}

/// Context window assumed for a model of no known family.
pub const UNKNOWN_CONTEXT_WINDOW: u64 = 32_768;
/// Output limit assumed for a model of no known family.
pub const UNKNOWN_MAX_OUTPUT_TOKENS: u64 = 4_096;

/// Resolves a model name against the bundled tables, with `user_file` (a settings
/// file: Aider's YAML, or aider-tui's TOML by its `.toml` ending) laid over them; the
/// second value is a warning for a model no table knows.
pub fn resolve_model(
    name: &str,
    user_file: Option<&Path>,
) -> Result<(ModelSettings, Option<String>), LlmError> {
    let files: Vec<ModelFile> = user_file
        .map(|path| ModelFile {
            path: path.to_path_buf(),
            kind: ModelFileKind::Settings,
            from_repository: false,
            shown: path.display().to_string(),
        })
        .into_iter()
        .collect();
    ModelCatalog::load(&files, &[])?.resolve(name)
}

/// Every bundled alias with what it stands for.
pub fn aliases() -> Vec<(String, String)> {
    ModelCatalog::default().aliases().into_iter().collect()
}

/// How a name was taken apart.
struct Named<'a> {
    /// The name with aliases expanded.
    name: &'a str,
    service: &'static Service,
    /// The part after the service prefix.
    id: &'a str,
    /// The family the defaults of an unknown model come from, if the name says one.
    family: Option<&'static str>,
}

impl ModelCatalog {
    /// Resolves `written` (alias, `service/` prefix, bare name); the second value is a
    /// warning for models no table knows.
    pub fn resolve(&self, written: &str) -> Result<(ModelSettings, Option<String>), LlmError> {
        let invalid = |reason: &str| LlmError::InvalidModel {
            name: written.to_string(),
            reason: reason.to_string(),
        };
        let trimmed = written.trim();
        if trimmed.is_empty() {
            return Err(invalid(
                "the name is empty; pass --model NAME (e.g. sonnet, gpt-4o, ollama/qwen2.5-coder)",
            ));
        }
        let expanded = self.expand_alias(trimmed);
        // A prefix aider-tui does not serve is refused here, before any family is guessed.
        let named = self.name_parts(&expanded)?;
        if named.id.is_empty() {
            return Err(invalid("nothing follows the service prefix"));
        }
        let found = self.facts_for(named.name, named.service, named.id);
        let tuning = self.tuning_of(&named, found.as_ref());
        let mut settings = settings_of(&named, found.as_ref(), &tuning);
        self.apply_params(&mut settings, &tuning)
            .map_err(|reason| LlmError::Settings {
                path: format!("the extra_params of {}", named.name),
                reason,
            })?;
        let warning = match &found {
            Some(found) if found.facts.has_limits_or_prices() => {
                // A listed model the table prices but gives no limits (some of
                // together_ai's) takes its family's, without a warning.
                let family = found.family.as_deref().or(named.family);
                self.fill_limits(family, &mut settings);
                None
            }
            _ => Some(self.unknown(&named, &mut settings)),
        };
        Ok((settings, warning))
    }

    /// The service a name goes to: its prefix's, else its bare table entry's, else the
    /// one its family names, else OpenAI (the default for unprefixed names). A prefix
    /// that is not in the registry is refused ([`split_prefix`]), never guessed.
    fn name_parts<'a>(&self, name: &'a str) -> Result<Named<'a>, LlmError> {
        let (explicit, id) = split_prefix(name)?;
        let vendor = id
            .split_once('/')
            .and_then(|(vendor, _)| family_of_vendor(vendor));
        let (service, family) = match explicit {
            Some(service) => (service, Some(vendor.unwrap_or(service.prefix))),
            None => match self
                .bare_family(name)
                .or_else(|| family_of_name(id).and_then(served))
            {
                Some(service) => (service, Some(service.prefix)),
                None => (default_service(), None),
            },
        };
        Ok(Named {
            name,
            service,
            id,
            family,
        })
    }

    /// The model's own settings (by its name, `service/id`, or its bare id when the
    /// facts are its own), else those of the model whose facts it borrowed, marked so.
    fn tuning_of(&self, named: &Named<'_>, found: Option<&FactsFound>) -> Borrowed<Tuning> {
        let qualified = format!("{}/{}", named.service.prefix, named.id);
        if let Some(own) = self.tuning_for(&[named.name, &qualified]) {
            return Borrowed::Own(own);
        }
        let borrowed = found.is_some_and(|found| found.borrowed);
        // Settings under a bare name that is another provider's model (the one litellm
        // lists it for, else where the bare name alone would go) are that model's:
        // `azure/gpt-4o` takes OpenAI's gpt-4o settings, but its helper models go
        // through Azure too, never to OpenAI.
        let anothers = |bare: &str| {
            let goes_to = || self.name_parts(bare).ok().map(|parts| parts.service.prefix);
            self.listed_family(bare)
                .or_else(goes_to)
                .is_some_and(|family| family != named.service.prefix)
        };
        if !named.id.contains('/')
            && !borrowed
            && let Some(own) = self.tuning_for(&[named.id])
        {
            return if anothers(named.id) {
                Borrowed::From(own)
            } else {
                Borrowed::Own(own)
            };
        }
        let Some(found) = found else {
            return Borrowed::Own(Tuning::default());
        };
        let key_name = canonical_name(&found.key, &found.facts);
        let base = base_model(&found.key);
        // Found only under the bare base name, they are the base's provider's: deepinfra's
        // `anthropic/claude-3-7-sonnet-latest` takes neither Anthropic's headers nor its
        // helpers.
        let base_is_anothers =
            self.tuning_for(&[&key_name, &found.key]).is_none() && anothers(base);
        match self.tuning_for(&[&key_name, &found.key, base]) {
            Some(theirs)
                if found.family.as_deref() == Some(named.service.prefix)
                    && !borrowed
                    && !base_is_anothers =>
            {
                Borrowed::Own(theirs)
            }
            Some(theirs) => Borrowed::From(theirs),
            None => Borrowed::Own(Tuning::default()),
        }
    }

    /// Lays the `extra_params` (the model's and `aider/extra_params`'s) over `settings`:
    /// `max_tokens` is the output limit, `temperature` the temperature, the rest is
    /// sent as it is.
    fn apply_params(
        &self,
        settings: &mut ModelSettings,
        tuning: &Borrowed<Tuning>,
    ) -> Result<(), String> {
        let mut params = match tuning {
            Borrowed::Own(tuning) => tuning.extra_params.clone().unwrap_or_default(),
            // Another model's parameters were meant for its own service.
            Borrowed::From(_) => Map::new(),
        };
        if let Some(all) = self.all_models_params() {
            merge_all_models(&mut params, &all);
        }
        if let Some(limit) = params.get("max_tokens").and_then(Value::as_u64) {
            params.remove("max_tokens");
            settings.max_output_tokens = limit;
        }
        if let Some(temperature) = params.get("temperature").and_then(Value::as_f64) {
            params.remove("temperature");
            settings.temperature = Some(temperature);
        }
        extra_params::headers(&params)?;
        settings.extra_params = params;
        Ok(())
    }

    /// Fills the limits the facts leave out (0) from `family`'s defaults, else the small
    /// safe ones; a filled output limit is never above the window. The family's
    /// defaults, when it has some.
    fn fill_limits(
        &self,
        family: Option<&str>,
        settings: &mut ModelSettings,
    ) -> Option<FamilyDefaults> {
        let defaults = family.and_then(|family| self.family_defaults(family));
        let (window, output) = defaults.map_or(
            (UNKNOWN_CONTEXT_WINDOW, UNKNOWN_MAX_OUTPUT_TOKENS),
            |defaults| (defaults.window, defaults.output),
        );
        if settings.context_window == 0 {
            settings.context_window = window;
        }
        if settings.max_output_tokens == 0 {
            settings.max_output_tokens = output.min(settings.context_window);
        }
        defaults
    }

    /// Fills in an unknown model's limits from its family, and the warning that says so.
    fn unknown(&self, named: &Named<'_>, settings: &mut ModelSettings) -> String {
        let defaults = self.fill_limits(named.family, settings);
        let name = named.name;
        match named.family.zip(defaults) {
            Some((family, defaults)) => {
                format!(
                    "unknown model {name}: using {family}'s defaults ({}-token context, {} output tokens: the middle of the {} {family} models litellm lists), no prices; describe it in .aider.model.metadata.json to change that",
                    defaults.window, defaults.output, defaults.models
                )
            }
            None => {
                format!(
                    "unknown model {name}: using safe defaults ({UNKNOWN_CONTEXT_WINDOW}-token context, {UNKNOWN_MAX_OUTPUT_TOKENS} output tokens, no prices); describe it in .aider.model.metadata.json to change that"
                )
            }
        }
    }
}

/// Settings found under the model's own name, or another model's it borrowed facts from.
enum Borrowed<T> {
    Own(T),
    From(T),
}

impl<T> Borrowed<T> {
    fn inner(&self) -> &T {
        match self {
            Borrowed::Own(inner) | Borrowed::From(inner) => inner,
        }
    }
}

/// Everything but the `extra_params` and an unknown model's limits.
fn settings_of(
    named: &Named<'_>,
    found: Option<&FactsFound>,
    tuning: &Borrowed<Tuning>,
) -> ModelSettings {
    let service = named.service;
    let empty = Facts::default();
    let facts = found.map_or(&empty, |found| &found.facts);
    let family = found.and_then(|found| found.family.as_deref());
    // The model's own wire is kept: an Anthropic model reached through a router is not
    // spoken to in Anthropic's format.
    let kind_kept = family
        .and_then(served)
        .is_some_and(|own| own.kind == service.kind)
        || found.is_none();
    let openai_family = matches!(family, Some("openai" | "azure"))
        || (found.is_none() && family_of_name(named.id) == Some("openai"));
    let reasoning = facts.supports_reasoning.unwrap_or(false)
        || (found.is_none() && openai_family && !named.id.starts_with("gpt-4"));
    let anthropic = service.kind == ProviderKind::Anthropic;
    let t = tuning.inner();
    let window = facts.window().unwrap_or(0);
    ModelSettings {
        name: named.name.to_string(),
        provider: service.kind,
        api_model: named.id.to_string(),
        context_window: window,
        max_output_tokens: facts.output_limit().unwrap_or(0),
        input_price: facts.input_price(),
        output_price: facts.output_price(),
        cache_read_price: facts.cache_read_price(),
        cache_write_price: facts.cache_write_price(),
        long_prompt_prices: facts.long_prompt_prices(),
        edit_format: edit_format_of(t),
        weak_model: helper(named, tuning, &t.weak_model_name),
        editor_model: helper(named, tuning, &t.editor_model_name),
        editor_edit_format: t
            .editor_edit_format
            .as_deref()
            .and_then(edit_format_name)
            .map(str::to_string),
        caching: anthropic
            && (t.cache_control.unwrap_or(false)
                || facts.supports_prompt_caching.unwrap_or(found.is_none())),
        openai_reasoning: reasoning && openai_family,
        temperature: temperature(t.use_temperature, reasoning && openai_family),
        service: service.prefix.to_string(),
        assistant_prefill: kind_kept
            && facts
                .supports_assistant_prefill
                .unwrap_or(found.is_none() && anthropic),
        reasoning_tag: t.tag().map(str::to_string),
        accepts_images: facts.supports_vision.unwrap_or(false),
        // The parameter is OpenAI's; another wire would not understand it.
        accepts_reasoning_effort: service.kind.speaks_openai()
            && t.accepts("reasoning_effort")
                .unwrap_or(reasoning && (openai_family || named.name.starts_with("openrouter/"))),
        streaming: t.streaming.unwrap_or(true),
        reminder_as_system: t.reminder.as_deref() == Some("sys"),
        examples_as_system: t.examples_as_sys_msg.unwrap_or(false),
        system_prompt_prefix: t
            .system_prompt_prefix
            .clone()
            .filter(|prefix| !prefix.is_empty()),
        use_system_prompt: t
            .use_system_prompt
            .or(facts.supports_system_messages)
            .unwrap_or(true),
        lazy: t.lazy.unwrap_or(false),
        overeager: t.overeager.unwrap_or(false),
        extra_params: Map::new(),
    }
}

/// The settings' edit format; an entry that names none takes Aider's default (`whole`),
/// a model with no entry at all `diff`, which today's models write best.
fn edit_format_of(tuning: &Tuning) -> String {
    let format = match tuning.edit_format.as_deref() {
        Some(format) => edit_format_name(format),
        // Found under a name: an entry of some table.
        None if !tuning.name.is_empty() => Some("whole"),
        None => None,
    };
    format.unwrap_or("diff").to_string()
}

/// Aider's `use_temperature`; unset, OpenAI's reasoning models get none and others 0.
fn temperature(setting: Option<UseTemperature>, refuses: bool) -> Option<f64> {
    match setting {
        Some(UseTemperature::Switch(false)) => None,
        Some(UseTemperature::Switch(true)) => Some(0.0),
        Some(UseTemperature::Value(value)) => Some(value),
        None if refuses => None,
        None => Some(0.0),
    }
}

/// A helper model (weak or editor) as named by the settings. Settings borrowed from a
/// model of another service name helpers of that service: reached through this one
/// (a router), they must go through it too.
fn helper(named: &Named<'_>, tuning: &Borrowed<Tuning>, name: &Option<String>) -> Option<String> {
    let name = name.as_ref()?;
    match tuning {
        Borrowed::Own(_) => Some(name.clone()),
        Borrowed::From(_) => {
            // A helper whose prefix is not served stays as named: connecting it refuses it.
            let Ok((_, bare)) = split_prefix(name) else {
                return Some(name.clone());
            };
            let vendor = named
                .id
                .rfind('/')
                .map(|slash| &named.id[..=slash])
                .unwrap_or("");
            Some(format!("{}/{vendor}{bare}", named.service.prefix))
        }
    }
}

/// One model of the tables, as a `/models` listing shows it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
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

/// The served models of the bundled tables merged with `user_file` whose name or
/// aliases contain `word`, case-insensitively; an empty word lists them all. Sorted by name.
pub fn find_models(word: &str, user_file: Option<&Path>) -> Result<Vec<ModelListing>, LlmError> {
    let files: Vec<ModelFile> = user_file
        .map(|path| ModelFile {
            path: path.to_path_buf(),
            kind: ModelFileKind::Settings,
            from_repository: false,
            shown: path.display().to_string(),
        })
        .into_iter()
        .collect();
    Ok(ModelCatalog::load(&files, &[])?.find(word))
}

impl ModelCatalog {
    /// The served models whose name or aliases contain `word`, case-insensitively (all
    /// for an empty word), sorted by name.
    pub fn find(&self, word: &str) -> Vec<ModelListing> {
        let word = word.trim().to_lowercase();
        let mut aliases_of: std::collections::HashMap<String, Vec<String>> =
            std::collections::HashMap::new();
        for (alias, _) in self.aliases() {
            if let Ok((settings, _)) = self.resolve(&alias) {
                aliases_of
                    .entry(format!("{}/{}", settings.service, settings.api_model))
                    .or_default()
                    .push(alias);
            }
        }
        self.served_entries()
            .into_iter()
            .filter_map(|(name, facts)| {
                let aliases = aliases_of.get(&name).cloned().unwrap_or_default();
                let matches = std::iter::once(&name)
                    .chain(&aliases)
                    .any(|candidate| candidate.to_lowercase().contains(&word));
                matches.then(|| ModelListing {
                    context_window: facts.window().unwrap_or(0),
                    max_output_tokens: facts.output_limit().unwrap_or(0),
                    input_price: facts.input_price(),
                    output_price: facts.output_price(),
                    cache_read_price: facts.cache_read_price(),
                    cache_write_price: facts.cache_write_price(),
                    accepts_images: facts.supports_vision.unwrap_or(false),
                    aliases,
                    name,
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolve(name: &str) -> (ModelSettings, Option<String>) {
        resolve_model(name, None).unwrap()
    }

    fn write(directory: &Path, name: &str, text: &str) -> ModelFile {
        let path = directory.join(name);
        std::fs::write(&path, text).unwrap();
        let kind = if name.ends_with(".json") {
            ModelFileKind::Metadata
        } else {
            ModelFileKind::Settings
        };
        ModelFile {
            path,
            kind,
            from_repository: false,
            shown: name.to_string(),
        }
    }

    #[test]
    fn aliases_prefixes_and_bare_names() {
        let (sonnet, warning) = resolve("sonnet");
        assert!(warning.is_none());
        assert_eq!(sonnet.provider, ProviderKind::Anthropic);
        assert_eq!(sonnet.api_model, "claude-sonnet-4-5");
        assert_eq!(sonnet.name, "anthropic/claude-sonnet-4-5");
        assert!(sonnet.caching);
        assert_eq!(sonnet.weak_model.as_deref(), Some("claude-haiku-4-5"));
        let (four_o, _) = resolve("4o");
        assert_eq!(
            (four_o.service.as_str(), four_o.api_model.as_str()),
            ("openai", "gpt-4o")
        );
        assert_eq!(resolve("gpt-4o").0.context_window, 128_000);
        let (deepseek, _) = resolve("deepseek");
        assert_eq!(
            (deepseek.service.as_str(), deepseek.api_model.as_str()),
            ("deepseek", "deepseek-chat")
        );
        let (dated, warning) = resolve("claude-sonnet-4-5-20250929");
        assert!(warning.is_none());
        assert_eq!(dated.api_model, "claude-sonnet-4-5-20250929");
        assert_eq!(dated.provider, ProviderKind::Anthropic);
        for (alias, _) in aliases() {
            assert!(
                resolve(&alias).1.is_none(),
                "alias {alias} points at an unknown model"
            );
        }
    }

    #[test]
    fn routers_borrow_the_vendors_facts_but_keep_their_wire_and_names() {
        // litellm lists this one for OpenRouter itself.
        let (listed, warning) = resolve("openrouter/anthropic/claude-sonnet-4.5");
        assert!(warning.is_none(), "{warning:?}");
        assert_eq!(listed.provider, ProviderKind::OpenAiCompatible);
        assert_eq!(listed.api_model, "anthropic/claude-sonnet-4.5");
        // This one it does not: the vendor's own entry lends its facts and settings,
        // and the helpers it names go through the router too.
        let (routed, warning) = resolve("openrouter/anthropic/claude-opus-4.6");
        assert!(warning.is_none(), "{warning:?}");
        let (vendor, _) = resolve("claude-opus-4-6");
        assert_eq!(routed.service, "openrouter");
        assert_eq!(routed.api_model, "anthropic/claude-opus-4.6");
        assert_eq!(routed.context_window, vendor.context_window);
        assert_eq!(routed.input_price, vendor.input_price);
        assert!(!routed.caching && !routed.assistant_prefill);
        if let Some(weak) = &vendor.weak_model {
            let (_, bare) = split_prefix(weak).unwrap();
            assert_eq!(
                routed.weak_model,
                Some(format!("openrouter/anthropic/{bare}"))
            );
        }
        let (tagged, warning) = resolve("ollama/qwen2.5-coder:32b");
        assert!(warning.is_none());
        assert_eq!(
            (tagged.api_model.as_str(), tagged.service.as_str()),
            ("qwen2.5-coder:32b", "ollama")
        );
        assert_eq!(tagged.input_price, 0.0);
        // Borrowed facts come from a priced listing, not a local model's.
        let (coder, warning) = resolve("openrouter/qwen/qwen3-coder");
        assert!(warning.is_none());
        assert!(coder.input_price > 0.0, "{coder:?}");
    }

    #[test]
    fn azure_deployments_take_the_models_facts_and_stay_on_azure() {
        let (azure, warning) = resolve("azure/gpt-4o");
        assert!(warning.is_none(), "{warning:?}");
        let (openai, _) = resolve("gpt-4o");
        assert_eq!(
            (azure.service.as_str(), azure.provider),
            ("azure", ProviderKind::Azure)
        );
        assert_eq!(azure.api_model, "gpt-4o");
        assert_eq!(
            (azure.context_window, azure.max_output_tokens),
            (openai.context_window, openai.max_output_tokens)
        );
        assert_eq!(azure.input_price, openai.input_price);
        assert_eq!(azure.edit_format, openai.edit_format);
        // OpenAI's gpt-4o names gpt-4o-mini as its weak model; Azure's reaches it on Azure.
        assert_eq!(azure.weak_model.as_deref(), Some("azure/gpt-4o-mini"));
        assert!(azure.accepts_reasoning_effort == openai.accepts_reasoning_effort);
    }

    #[test]
    fn an_unserved_prefix_is_refused_before_any_family_is_guessed() {
        for name in [
            "vertex_ai/claude-sonnet-4-5",
            "bedrock/anthropic.claude-sonnet-4-5",
            "meta-llama/Llama-3.3-70B",
        ] {
            let error = resolve_model(name, None).unwrap_err();
            assert!(matches!(error, LlmError::UnservedProvider { .. }), "{name}");
        }
        // Through an alias too.
        let catalog =
            ModelCatalog::load(&[], &["cloud:bedrock/anthropic.claude-x".into()]).unwrap();
        assert!(matches!(
            catalog.resolve("cloud"),
            Err(LlmError::UnservedProvider { .. })
        ));
    }

    #[test]
    fn openai_reasoning_models_take_no_temperature_and_take_an_effort() {
        let (o3_mini, _) = resolve("o3-mini");
        assert!(o3_mini.openai_reasoning && o3_mini.accepts_reasoning_effort);
        assert_eq!(o3_mini.temperature, None);
        let (unknown_o, warning) = resolve("o3-pro-2099");
        assert!(warning.is_some());
        assert_eq!(unknown_o.temperature, None);
        assert_eq!(resolve("gpt-4o").0.temperature, Some(0.0));
        // The OpenAI parameter is not sent through another wire.
        assert!(!resolve("sonnet").0.accepts_reasoning_effort);
        assert!(
            resolve("openrouter/openai/o3-mini")
                .0
                .accepts_reasoning_effort
        );
    }

    #[test]
    fn unknown_models_get_their_familys_defaults_and_a_warning() {
        let (opus, warning) = resolve("claude-opus-4-9");
        let warning = warning.unwrap();
        assert!(
            warning.contains("claude-opus-4-9") && warning.contains("anthropic's defaults"),
            "{warning}"
        );
        assert!(!warning.contains('\n'));
        assert_eq!(opus.provider, ProviderKind::Anthropic);
        assert!(
            opus.context_window >= 200_000 && opus.max_output_tokens >= 32_000,
            "{opus:?}"
        );
        assert!(opus.caching);
        let (six, warning) = resolve("gpt-6");
        assert!(warning.unwrap().contains("openai's defaults"));
        assert!(six.context_window > UNKNOWN_CONTEXT_WINDOW);
        let (local, warning) = resolve("ollama/some-new-model");
        assert!(warning.unwrap().contains("ollama's defaults"));
        assert_eq!(local.service, "ollama");
        // No family: small safe defaults.
        let (settings, warning) = resolve("my-local-model");
        assert!(warning.unwrap().contains("safe defaults"));
        assert_eq!(settings.context_window, UNKNOWN_CONTEXT_WINDOW);
        assert_eq!(settings.max_output_tokens, UNKNOWN_MAX_OUTPUT_TOKENS);
        assert_eq!(settings.provider, ProviderKind::OpenAiCompatible);
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
    fn aiders_settings_shape_the_request() {
        let directory = tempfile::tempdir().unwrap();
        let settings = write(
            directory.path(),
            ".aider.model.settings.yml",
            "- name: gpt-4o\n  use_temperature: 0.7\n  reminder: sys\n  examples_as_sys_msg: true\n  streaming: false\n  use_system_prompt: false\n  system_prompt_prefix: 'Formatting re-enabled. '\n  lazy: true\n  overeager: true\n  extra_params:\n    max_tokens: 1234\n    top_p: 0.5\n    extra_headers: {x-trace: abc}\n- name: aider/extra_params\n  extra_params:\n    extra_body: {user: me}\n",
        );
        let catalog = ModelCatalog::load(&[settings], &[]).unwrap();
        let (gpt, _) = catalog.resolve("gpt-4o").unwrap();
        assert_eq!(gpt.temperature, Some(0.7));
        assert_eq!(gpt.max_output_tokens, 1234);
        assert!(gpt.reminder_as_system && gpt.examples_as_system && !gpt.streaming);
        assert!(!gpt.use_system_prompt && gpt.lazy && gpt.overeager);
        assert_eq!(
            gpt.system_prompt_prefix.as_deref(),
            Some("Formatting re-enabled. ")
        );
        assert_eq!(
            serde_json::Value::Object(gpt.extra_params.clone()),
            serde_json::json!({"top_p": 0.5, "extra_headers": {"x-trace": "abc"}, "extra_body": {"user": "me"}})
        );
        // Fields the file leaves out keep the bundled values.
        assert_eq!(gpt.weak_model.as_deref(), Some("gpt-4o-mini"));
        assert_eq!(gpt.context_window, 128_000);
        // The all-models entry reaches every model.
        let (sonnet, _) = catalog.resolve("sonnet").unwrap();
        assert_eq!(
            sonnet.extra_params["extra_body"],
            serde_json::json!({"user": "me"})
        );
    }

    #[test]
    fn metadata_files_and_aliases_change_the_facts() {
        let directory = tempfile::tempdir().unwrap();
        let home = write(
            directory.path(),
            "home.json",
            "{\"openai/gpt-4o\": {\"max_input_tokens\": 50000, \"input_cost_per_token\": 0.00001}}",
        );
        let here = write(
            directory.path(),
            "here.json",
            "{\n // mine\n \"gpt-4o\": {\"max_input_tokens\": 60000, \"litellm_provider\": \"openai\"},\n \"ollama/my-model\": {\"max_input_tokens\": 65536, \"max_output_tokens\": 2048},\n}",
        );
        let catalog = ModelCatalog::load(&[home, here], &["mine:ollama/my-model".into()]).unwrap();
        let (gpt, _) = catalog.resolve("openai/gpt-4o").unwrap();
        assert_eq!(gpt.context_window, 60000, "the later file wins");
        assert!(
            (gpt.input_price - 10.0).abs() < 1e-9,
            "the earlier file's other fields stay"
        );
        assert_eq!(
            gpt.max_output_tokens, 16_384,
            "the table's other fields stay"
        );
        let (mine, warning) = catalog.resolve("mine").unwrap();
        assert!(warning.is_none());
        assert_eq!((mine.context_window, mine.max_output_tokens), (65536, 2048));
        assert!(
            catalog
                .find("my-model")
                .iter()
                .any(|model| model.name == "ollama/my-model" && model.aliases == ["mine"])
        );
        let error = ModelCatalog::load(&[], &["nocolon".into()]).unwrap_err();
        assert!(error.to_string().contains("ALIAS:MODEL"));
    }

    #[test]
    fn the_toml_form_still_works() {
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
            "fields the file leaves out keep their value"
        );
        let (mine, warning) = resolve_model("mine", Some(&path)).unwrap();
        assert!(warning.is_none());
        assert_eq!(
            (mine.context_window, mine.edit_format.as_str()),
            (65536, "whole")
        );
        std::fs::write(&path, "[[model]]\nname = \"x\"\nbogus = 1\n").unwrap();
        let error = resolve_model("gpt-4o", Some(&path)).unwrap_err();
        assert!(matches!(error, LlmError::Settings { .. }));
        assert!(!error.to_string().contains('\n'));
    }

    #[test]
    fn listings_match_names_and_aliases() {
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
        assert!(
            sonnet
                .iter()
                .all(|model| model.name.to_lowercase().contains("sonnet")
                    || !model.aliases.is_empty())
        );
        let all = find_models("", None).unwrap();
        assert!(all.len() > 300, "{}", all.len());
        assert!(all.windows(2).all(|pair| pair[0].name < pair[1].name));
        assert!(
            all.iter()
                .all(|model| matches!(split_prefix(&model.name), Ok((Some(_), _))))
        );
        assert!(
            find_models("no-such-model-anywhere", None)
                .unwrap()
                .is_empty()
        );
    }
}
