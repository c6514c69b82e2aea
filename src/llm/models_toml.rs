//! aider-tui's own TOML form of model facts: `assets/models.toml` (the aliases, and the
//! few models neither litellm's table nor Aider's settings know) and a user's TOML
//! `--model-settings-file`. Each `[[model]]` becomes a litellm-format entry (its facts)
//! and an Aider-format one (its settings), so the lookups read one shape.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::model_facts::Facts;
use super::model_tuning::{Tuning, UseTemperature};

/// One `[[model]]` entry; every fact is optional so a user's entry can set a few.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    name: String,
    service: Option<String>,
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

/// The file: aliases and model entries.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    aliases: BTreeMap<String, String>,
    #[serde(default)]
    model: Vec<Entry>,
}

/// A TOML file read into the shapes the lookups use.
#[derive(Debug, Clone, Default)]
pub struct TomlModels {
    pub aliases: BTreeMap<String, String>,
    /// Facts by `service/name` (each `also` name too).
    pub facts: Vec<(String, Facts)>,
    /// Settings by name, as Aider names them: `service/name` when the entry names its
    /// service, else the bare name (which then applies under any service).
    pub tunings: Vec<Tuning>,
}

fn per_token(price: Option<f64>) -> Option<f64> {
    price.map(|dollars| dollars / 1_000_000.0)
}

impl Entry {
    fn facts(&self, service: &str) -> Facts {
        Facts {
            litellm_provider: Some(service.to_string()),
            max_input_tokens: self.context_window,
            max_output_tokens: self.max_output_tokens,
            input_cost_per_token: per_token(self.input_price),
            output_cost_per_token: per_token(self.output_price),
            cache_read_input_token_cost: per_token(self.cache_read_price),
            cache_creation_input_token_cost: per_token(self.cache_write_price),
            supports_vision: self.accepts_images,
            supports_reasoning: self.reasoning,
            supports_prompt_caching: self.caching,
            supports_assistant_prefill: self.assistant_prefill,
            ..Facts::default()
        }
    }

    fn tuning(&self, name: String) -> Tuning {
        Tuning {
            name,
            edit_format: self.edit_format.clone(),
            weak_model_name: self.weak_model.clone(),
            editor_model_name: self.editor_model.clone(),
            editor_edit_format: self.editor_edit_format.clone(),
            cache_control: self.caching,
            use_temperature: self.use_temperature.map(UseTemperature::Switch),
            reasoning_tag: self.reasoning_tag.clone(),
            accepts_settings: self.accepts_reasoning_effort.map(|accepts| {
                accepts
                    .then(|| "reasoning_effort".to_string())
                    .into_iter()
                    .collect()
            }),
            ..Tuning::default()
        }
    }
}

/// Reads a TOML file; errors are one line.
pub fn parse(text: &str) -> Result<TomlModels, String> {
    let file: File = toml::from_str(text).map_err(|error| {
        let line = error
            .span()
            .map(|span| text[..span.start.min(text.len())].lines().count().max(1));
        let message = error.message().trim().replace('\n', " ");
        match line {
            Some(line) => format!("line {line}: {message}"),
            None => message,
        }
    })?;
    let mut read = TomlModels {
        aliases: file.aliases,
        ..TomlModels::default()
    };
    for entry in &file.model {
        let service = entry.service.as_deref().unwrap_or("openai");
        let names = std::iter::once(&entry.name).chain(entry.also.iter().flatten());
        for name in names {
            read.facts
                .push((format!("{service}/{name}"), entry.facts(service)));
            let named = match &entry.service {
                Some(service) => format!("{service}/{name}"),
                None => name.clone(),
            };
            // An entry that sets no setting leaves the settings to the tables (a model
            // no table names then writes `diff`, as this form always meant).
            let tuning = entry.tuning(named.clone());
            let nothing = Tuning {
                name: named,
                ..Tuning::default()
            };
            if tuning != nothing {
                read.tunings.push(tuning);
            }
        }
    }
    Ok(read)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_becomes_facts_and_settings() {
        let read = parse(
            "[aliases]\nmine = \"ollama/my-model\"\n\n[[model]]\nname = \"my-model\"\nservice = \"ollama\"\nalso = [\"my-model-v2\"]\ncontext_window = 65536\ninput_price = 2.5\nedit_format = \"whole\"\naccepts_reasoning_effort = true\n",
        )
        .unwrap();
        assert_eq!(read.aliases["mine"], "ollama/my-model");
        let keys: Vec<&str> = read.facts.iter().map(|(key, _)| key.as_str()).collect();
        assert_eq!(keys, ["ollama/my-model", "ollama/my-model-v2"]);
        let facts = &read.facts[0].1;
        assert_eq!(facts.window(), Some(65536));
        assert!((facts.input_price() - 2.5).abs() < 1e-9);
        assert_eq!(read.tunings[0].name, "ollama/my-model");
        assert_eq!(read.tunings[0].edit_format.as_deref(), Some("whole"));
        assert_eq!(read.tunings[0].accepts("reasoning_effort"), Some(true));
        let error = parse("[[model]]\nname = \"x\"\nbogus = 1\n").unwrap_err();
        assert!(error.contains("bogus") && !error.contains('\n'), "{error}");
    }
}
