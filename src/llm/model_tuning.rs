//! One model's settings in Aider's `ModelSettings` format: the edit format, the weak and
//! editor models, temperature, where the reminder goes, `extra_params`, … The bundled
//! `assets/aider-model-settings.yml` (Aider's own, as data) and a user's
//! `.aider.model.settings.yml` are both read here.

use std::collections::HashMap;

use serde::Deserialize;
use serde_json::{Map, Value};

/// The name whose `extra_params` apply to every model (Aider's convention).
pub const ALL_MODELS: &str = "aider/extra_params";

/// Aider's `use_temperature`: off, on (temperature 0), or the temperature to send.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum UseTemperature {
    Switch(bool),
    Value(f64),
}

/// An entry of Aider's settings list; every field but the name is optional so a user's
/// entry can set a few over the bundled one. Unknown fields are an error, as in Aider.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tuning {
    pub name: String,
    pub edit_format: Option<String>,
    pub weak_model_name: Option<String>,
    /// Aider sends the repo map only to models with this set; aider-tui always sends it.
    pub use_repo_map: Option<bool>,
    /// Aider tells the model about an `/undo`; aider-tui's history already shows it.
    pub send_undo_reply: Option<bool>,
    pub lazy: Option<bool>,
    pub overeager: Option<bool>,
    /// `user` (joined to the last message) or `sys` (a system message of its own).
    pub reminder: Option<String>,
    pub examples_as_sys_msg: Option<bool>,
    pub extra_params: Option<Map<String, Value>>,
    pub cache_control: Option<bool>,
    pub caches_by_default: Option<bool>,
    pub use_system_prompt: Option<bool>,
    pub use_temperature: Option<UseTemperature>,
    pub streaming: Option<bool>,
    pub editor_model_name: Option<String>,
    pub editor_edit_format: Option<String>,
    pub reasoning_tag: Option<String>,
    /// The older name of `reasoning_tag`.
    pub remove_reasoning: Option<String>,
    pub system_prompt_prefix: Option<String>,
    /// Which of `reasoning_effort` and `thinking_tokens` the model takes.
    pub accepts_settings: Option<Vec<String>>,
}

impl Tuning {
    /// Sets every field `other` sets.
    pub fn overlay(&mut self, other: &Tuning) {
        macro_rules! take {
            ($($field:ident),*) => { $( if other.$field.is_some() { self.$field.clone_from(&other.$field); } )* };
        }
        take!(
            edit_format,
            weak_model_name,
            use_repo_map,
            send_undo_reply,
            lazy,
            overeager,
            reminder,
            examples_as_sys_msg,
            extra_params,
            cache_control,
            caches_by_default,
            use_system_prompt,
            use_temperature,
            streaming,
            editor_model_name,
            editor_edit_format,
            reasoning_tag,
            remove_reasoning,
            system_prompt_prefix,
            accepts_settings
        );
    }

    /// The reasoning tag under either of its names.
    pub fn tag(&self) -> Option<&str> {
        self.reasoning_tag
            .as_deref()
            .or(self.remove_reasoning.as_deref())
    }

    /// Whether `accepts_settings` names `setting` (`None`: the entry does not say).
    pub fn accepts(&self, setting: &str) -> Option<bool> {
        self.accepts_settings
            .as_ref()
            .map(|settings| settings.iter().any(|given| given == setting))
    }
}

/// An edit format as aider-tui names it: Aider's `editor-diff` and `editor-whole` (the
/// editor's formats in architect mode) are `diff` and `whole`; `architect` is a chat
/// mode, not a format, and gives none.
pub fn edit_format_name(aider: &str) -> Option<&str> {
    match aider {
        "editor-diff" => Some("diff"),
        "editor-whole" => Some("whole"),
        "editor-diff-fenced" => Some("diff-fenced"),
        "architect" | "ask" | "context" | "help" => None,
        other => Some(other),
    }
}

/// Lays `all` (the `aider/extra_params` entry's) over a model's `extra_params`, as Aider
/// does: a value of `all` wins; two objects under one key are merged one level deep.
pub fn merge_all_models(own: &mut Map<String, Value>, all: &Map<String, Value>) {
    for (key, value) in all {
        match (own.get_mut(key), value) {
            (Some(Value::Object(mine)), Value::Object(theirs)) => {
                for (inner, inner_value) in theirs {
                    mine.insert(inner.clone(), inner_value.clone());
                }
            }
            _ => {
                own.insert(key.clone(), value.clone());
            }
        }
    }
}

/// A YAML list of entries. Errors are one line.
pub fn parse_list(text: &str) -> Result<Vec<Tuning>, String> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    // Aider reads these files with PyYAML, where a key given twice keeps its last value
    // (Aider's own list has such entries).
    let mut options = serde_saphyr::Options::default();
    options.duplicate_keys = serde_saphyr::DuplicateKeyPolicy::LastWins;
    let entries: Option<Vec<Tuning>> =
        serde_saphyr::from_str_with_options(text, options).map_err(|error| {
            error
                .to_string()
                .lines()
                .next()
                .unwrap_or("not a list of model settings")
                .to_string()
        })?;
    Ok(entries.unwrap_or_default())
}

/// Entries by name; for a name given twice the first counts, as in Aider's bundled list.
pub fn first_by_name(entries: Vec<Tuning>) -> HashMap<String, Tuning> {
    let mut by_name = HashMap::with_capacity(entries.len());
    for entry in entries {
        by_name.entry(entry.name.clone()).or_insert(entry);
    }
    by_name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aiders_yaml_reads_with_numbers_or_switches_for_temperature() {
        let list = parse_list(
            "- name: gpt-4o\n  edit_format: diff\n  use_temperature: 0.7\n  extra_params:\n    max_tokens: 8000\n    extra_headers:\n      x-one: a\n- name: o3\n  use_temperature: false\n  accepts_settings: [reasoning_effort]\n",
        )
        .unwrap();
        assert_eq!(list[0].use_temperature, Some(UseTemperature::Value(0.7)));
        let params = list[0].extra_params.as_ref().unwrap();
        assert_eq!(params["max_tokens"], 8000);
        assert_eq!(params["extra_headers"]["x-one"], "a");
        assert_eq!(list[1].use_temperature, Some(UseTemperature::Switch(false)));
        assert_eq!(list[1].accepts("reasoning_effort"), Some(true));
        let typo = parse_list("- name: x\n  edit_fromat: diff\n").unwrap_err();
        assert!(typo.contains("edit_fromat"), "{typo}");
        assert!(!typo.contains('\n'));
        assert!(parse_list("").unwrap().is_empty());
    }

    #[test]
    fn the_all_models_params_win_and_merge_one_level_deep() {
        let mut own: Map<String, Value> = serde_json::from_str(
            r#"{"max_tokens": 100, "extra_headers": {"a": "1", "b": "2"}, "extra_body": {"x": {"deep": 1}}}"#,
        )
        .unwrap();
        let all: Map<String, Value> = serde_json::from_str(
            r#"{"max_tokens": 200, "extra_headers": {"b": "3"}, "extra_body": {"x": {"other": 2}}}"#,
        )
        .unwrap();
        merge_all_models(&mut own, &all);
        assert_eq!(own["max_tokens"], 200);
        assert_eq!(
            own["extra_headers"],
            serde_json::json!({"a": "1", "b": "3"})
        );
        // One level only: the inner object is replaced, not merged.
        assert_eq!(own["extra_body"], serde_json::json!({"x": {"other": 2}}));
    }

    #[test]
    fn aiders_editor_formats_are_ours() {
        assert_eq!(edit_format_name("editor-diff"), Some("diff"));
        assert_eq!(edit_format_name("udiff"), Some("udiff"));
        assert_eq!(edit_format_name("architect"), None);
    }
}
