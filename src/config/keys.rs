//! The keys we understand, with Aider's names, and how each sets an [`Overrides`].
//!
//! The same table serves YAML config files (`auto-commits: false`), `.env` and
//! the environment (`AIDER_AUTO_COMMITS=false`: prefix, upper case, `_` for `-`).

use std::path::PathBuf;
use std::time::Duration;

use super::value::{Expected, Value};
use super::{Overrides, Secret};

/// Every key we understand (Aider's spelling, plus our own where Aider has none).
pub(crate) const KNOWN_KEYS: &[&str] = &[
    "model",
    "weak-model",
    "editor-model",
    "api-base",
    "api-key",
    "openai-api-key",
    "anthropic-api-key",
    "openai-api-base",
    "set-env",
    "edit-format",
    "chat-mode",
    "editor-edit-format",
    "architect",
    "yes-always",
    "yes",
    "auto-commits",
    "dirty-commits",
    "max-reflections",
    "lint-cmd",
    "test-cmd",
    "auto-test",
    "auto-lint",
    "map-tokens",
    "git",
    "stream",
    "attribute-committer",
    "attribute-co-authored-by",
    "theme",
    "dark-mode",
    "light-mode",
    "model-settings-file",
    "file",
    "read",
    "message",
    "msg",
    "message-file",
    "json",
    "timeout",
    "env-file",
];

/// Chat modes; Aider spells `--chat-mode` and `--edit-format` as one option, so a
/// mode name given as an edit format selects the mode.
const CHAT_MODES: &[&str] = &["code", "ask", "architect"];

/// The environment variable that carries `key` (`auto-commits` -> `AIDER_AUTO_COMMITS`).
pub(crate) fn environment_name(key: &str) -> String {
    format!("AIDER_{}", key.to_ascii_uppercase().replace('-', "_"))
}

/// The key an `AIDER_*` variable carries, if it is one we know.
pub(crate) fn key_of_environment_name(name: &str) -> Option<&'static str> {
    KNOWN_KEYS
        .iter()
        .copied()
        .find(|key| environment_name(key) == name)
}

/// Sets the field `key` names. `Ok(false)`: not a key we know (the caller ignores it);
/// `Err`: a known key with a value of the wrong type.
pub(crate) fn assign(
    overrides: &mut Overrides,
    key: &str,
    value: &Value,
) -> Result<bool, Expected> {
    let key = key.trim().to_ascii_lowercase().replace('_', "-");
    if !KNOWN_KEYS.contains(&key.as_str()) {
        return Ok(false);
    }
    if *value == Value::Null {
        return Ok(true);
    }
    match key.as_str() {
        "model" => overrides.model = Some(value.to_text()?),
        "weak-model" => overrides.weak_model = Some(value.to_text()?),
        "editor-model" => overrides.editor_model = Some(value.to_text()?),
        "api-base" => overrides.api_base = Some(value.to_text()?),
        "api-key" => {
            // Aider's form is `provider=key` (sets PROVIDER_API_KEY); a bare key is ours.
            for entry in value.to_text_list()? {
                match entry.split_once('=') {
                    Some((provider, secret)) if !provider.trim().is_empty() => {
                        let name = format!(
                            "{}_API_KEY",
                            provider.trim().to_ascii_uppercase().replace('-', "_")
                        );
                        overrides.env.insert(name, secret.trim().to_string());
                    }
                    _ => overrides.api_key = Some(Secret::new(entry.trim())),
                }
            }
        }
        "openai-api-key" => {
            overrides
                .env
                .insert("OPENAI_API_KEY".into(), value.to_text()?);
        }
        "anthropic-api-key" => {
            overrides
                .env
                .insert("ANTHROPIC_API_KEY".into(), value.to_text()?);
        }
        "openai-api-base" => {
            overrides
                .env
                .insert("OPENAI_API_BASE".into(), value.to_text()?);
        }
        "set-env" => {
            for entry in value.to_text_list()? {
                let (name, setting) = entry.split_once('=').ok_or("a list of NAME=value")?;
                overrides
                    .env
                    .insert(name.trim().to_string(), setting.trim().to_string());
            }
        }
        "edit-format" | "chat-mode" => {
            let name = value.to_text()?.trim().to_string();
            if CHAT_MODES.contains(&name.as_str()) {
                overrides.chat_mode = Some(name);
            } else {
                overrides.edit_format = Some(name);
            }
        }
        "editor-edit-format" => overrides.editor_edit_format = Some(value.to_text()?),
        "architect" => {
            if value.to_bool()? {
                overrides.chat_mode = Some("architect".into());
            }
        }
        "yes-always" | "yes" => overrides.yes = Some(value.to_bool()?),
        "auto-commits" => overrides.auto_commits = Some(value.to_bool()?),
        "dirty-commits" => overrides.dirty_commits = Some(value.to_bool()?),
        "max-reflections" => {
            let count = value.to_count()?;
            overrides.max_reflections =
                Some(u32::try_from(count).map_err(|_| "a whole number below 4294967296")?);
        }
        "lint-cmd" => {
            for entry in value.to_text_list()? {
                match language_command(&entry) {
                    Some((language, command)) => {
                        overrides.lint_cmds.insert(language, command);
                    }
                    None => overrides.lint_cmd = Some(entry),
                }
            }
        }
        "test-cmd" => overrides.test_cmd = Some(value.to_text()?),
        "auto-test" => overrides.auto_test = Some(value.to_bool()?),
        "auto-lint" => overrides.auto_lint = Some(value.to_bool()?),
        "map-tokens" => {
            let count = value.to_count()?;
            overrides.map_tokens = Some(usize::try_from(count).map_err(|_| "a smaller number")?);
        }
        "git" => overrides.git = Some(value.to_bool()?),
        "stream" => overrides.stream = Some(value.to_bool()?),
        "attribute-committer" => overrides.attribute_committer = Some(value.to_bool()?),
        "attribute-co-authored-by" => overrides.attribute_co_authored_by = Some(value.to_bool()?),
        "theme" => overrides.theme = Some(value.to_text()?),
        "dark-mode" => {
            if value.to_bool()? {
                overrides.theme = Some("dark".into());
            }
        }
        "light-mode" => {
            if value.to_bool()? {
                overrides.theme = Some("light".into());
            }
        }
        "model-settings-file" => overrides.model_settings_file = Some(value.to_text()?.into()),
        "file" => overrides
            .files
            .extend(value.to_text_list()?.into_iter().map(PathBuf::from)),
        "read" => overrides
            .read
            .extend(value.to_text_list()?.into_iter().map(PathBuf::from)),
        "message" | "msg" => overrides.message = Some(value.to_text()?),
        "message-file" => overrides.message_file = Some(value.to_text()?.into()),
        "json" => overrides.json = Some(value.to_bool()?),
        "timeout" => overrides.request_timeout = Some(Duration::from_secs_f64(value.to_seconds()?)),
        "env-file" => overrides.env_file = Some(value.to_text()?.into()),
        // KNOWN_KEYS and this match are kept in step by a test.
        _ => return Ok(false),
    }
    Ok(true)
}

/// Splits Aider's per-language lint command (`"python: flake8 --select=E9"`).
fn language_command(entry: &str) -> Option<(String, String)> {
    let (language, command) = entry.split_once(':')?;
    let language = language.trim();
    let is_word = !language.is_empty()
        && language
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '+' || c == '#');
    // "c:\tools\lint" is a path, not a language: Aider's form has a space after the colon.
    if is_word && command.starts_with(char::is_whitespace) {
        Some((language.to_ascii_lowercase(), command.trim().to_string()))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value of the right type for each key, to prove the match handles every listed key.
    fn sample(key: &str) -> Value {
        match key {
            "architect"
            | "yes-always"
            | "yes"
            | "auto-commits"
            | "dirty-commits"
            | "auto-test"
            | "auto-lint"
            | "git"
            | "stream"
            | "attribute-committer"
            | "attribute-co-authored-by"
            | "dark-mode"
            | "light-mode"
            | "json" => Value::Bool(true),
            "max-reflections" | "map-tokens" | "timeout" => Value::Integer(5),
            "set-env" => Value::Text("A=b".into()),
            _ => Value::Text("x".into()),
        }
    }

    #[test]
    fn every_listed_key_is_handled() {
        for key in KNOWN_KEYS {
            let mut overrides = Overrides::default();
            assert_eq!(assign(&mut overrides, key, &sample(key)), Ok(true), "{key}");
            assert_ne!(overrides, Overrides::default(), "{key} changed nothing");
            assert_eq!(key_of_environment_name(&environment_name(key)), Some(*key));
        }
    }

    #[test]
    fn unknown_keys_are_not_errors() {
        let mut overrides = Overrides::default();
        assert_eq!(
            assign(&mut overrides, "voice-language", &Value::Text("en".into())),
            Ok(false)
        );
        assert_eq!(overrides, Overrides::default());
    }

    #[test]
    fn modes_given_as_edit_formats_select_the_mode() {
        let mut overrides = Overrides::default();
        assign(
            &mut overrides,
            "edit-format",
            &Value::Text("architect".into()),
        )
        .unwrap();
        assign(&mut overrides, "chat-mode", &Value::Text("whole".into())).unwrap();
        assert_eq!(overrides.chat_mode.as_deref(), Some("architect"));
        assert_eq!(overrides.edit_format.as_deref(), Some("whole"));
    }

    #[test]
    fn lint_commands_per_language() {
        let mut overrides = Overrides::default();
        let value = Value::List(vec![
            Value::Text("python: flake8 --select=E9".into()),
            Value::Text("make lint".into()),
        ]);
        assign(&mut overrides, "lint-cmd", &value).unwrap();
        assert_eq!(overrides.lint_cmd.as_deref(), Some("make lint"));
        assert_eq!(overrides.lint_cmds["python"], "flake8 --select=E9");
    }

    #[test]
    fn api_keys_by_provider() {
        let mut overrides = Overrides::default();
        let value = Value::List(vec![
            Value::Text("gemini=g-123".into()),
            Value::Text("sk-bare".into()),
        ]);
        assign(&mut overrides, "api-key", &value).unwrap();
        assert_eq!(overrides.env["GEMINI_API_KEY"], "g-123");
        assert_eq!(
            overrides.api_key.as_ref().map(Secret::expose),
            Some("sk-bare")
        );
    }
}
