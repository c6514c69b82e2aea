//! The options that do more than set their own field: Aider's shorthands and the
//! forms that write provider variables. The table names these as the options'
//! recorders; every other option is read by its field's type.

use super::choices::CHAT_MODES;
use super::value::{Expected, Value};
use super::{Overrides, Secret};

/// Each is an option's recorder, named by the table (`record Overrides::lint_cmd`).
impl Overrides {
    /// `edit-format` and `chat-mode` are one option in Aider: a mode name picks the mode,
    /// anything else (already checked against the formats) is an edit format.
    pub(crate) fn edit_format_or_mode(
        layer: &mut Overrides,
        value: &Value,
    ) -> Result<(), Expected> {
        let name = value.to_text()?.trim().to_string();
        if CHAT_MODES.contains(&name.as_str()) {
            layer.chat_mode = Some(name);
        } else {
            layer.edit_format = Some(name);
        }
        Ok(())
    }

    /// Aider's `alias`: `ALIAS:MODEL`, one or a list.
    pub(crate) fn alias(layer: &mut Overrides, value: &Value) -> Result<(), Expected> {
        for entry in value.to_text_list()? {
            match entry.split_once(':') {
                Some((alias, model)) if !alias.trim().is_empty() && !model.trim().is_empty() => {
                    layer
                        .alias
                        .push(format!("{}:{}", alias.trim(), model.trim()));
                }
                _ => return Err("ALIAS:MODEL (e.g. fast:gpt-4o-mini)".into()),
            }
        }
        Ok(())
    }

    /// `architect: true` is `chat-mode: architect`.
    pub(crate) fn architect(layer: &mut Overrides, value: &Value) -> Result<(), Expected> {
        if value.to_bool()? {
            layer.chat_mode = Some("architect".into());
        }
        Ok(())
    }

    /// `dark-mode: true` is `theme: dark`.
    pub(crate) fn dark_mode(layer: &mut Overrides, value: &Value) -> Result<(), Expected> {
        if value.to_bool()? {
            layer.theme = Some("dark".into());
        }
        Ok(())
    }

    /// `light-mode: true` is `theme: light`.
    pub(crate) fn light_mode(layer: &mut Overrides, value: &Value) -> Result<(), Expected> {
        if value.to_bool()? {
            layer.theme = Some("light".into());
        }
        Ok(())
    }

    /// Aider's `api-key` is a list of `provider=key` (each sets `PROVIDER_API_KEY`); a bare
    /// key is the key of the chosen provider.
    pub(crate) fn api_key(layer: &mut Overrides, value: &Value) -> Result<(), Expected> {
        for entry in value.to_text_list()? {
            match entry.split_once('=') {
                Some((provider, key)) if !provider.trim().is_empty() => {
                    let name = format!(
                        "{}_API_KEY",
                        provider.trim().to_ascii_uppercase().replace('-', "_")
                    );
                    layer.env.insert(name, key.trim().to_string());
                }
                _ => layer.api_key = Some(Secret::new(entry.trim())),
            }
        }
        Ok(())
    }

    /// `set-env: [NAME=value, ...]` sets variables for providers.
    pub(crate) fn set_env(layer: &mut Overrides, value: &Value) -> Result<(), Expected> {
        for entry in value.to_text_list()? {
            let (name, setting) = entry
                .split_once('=')
                .ok_or("a list of NAME=value (the value is not shown)")?;
            layer
                .env
                .insert(name.trim().to_string(), setting.trim().to_string());
        }
        Ok(())
    }

    /// `openai-api-key` sets `OPENAI_API_KEY`.
    pub(crate) fn openai_api_key(layer: &mut Overrides, value: &Value) -> Result<(), Expected> {
        set_variable(layer, "OPENAI_API_KEY", value)
    }

    /// `anthropic-api-key` sets `ANTHROPIC_API_KEY`.
    pub(crate) fn anthropic_api_key(layer: &mut Overrides, value: &Value) -> Result<(), Expected> {
        set_variable(layer, "ANTHROPIC_API_KEY", value)
    }

    /// `openai-api-base` sets `OPENAI_API_BASE`.
    pub(crate) fn openai_api_base(layer: &mut Overrides, value: &Value) -> Result<(), Expected> {
        set_variable(layer, "OPENAI_API_BASE", value)
    }

    /// Aider's `lint-cmd` is a list: `"python: flake8 --select=E9"` lints one language,
    /// a plain command lints every language.
    pub(crate) fn lint_cmd(layer: &mut Overrides, value: &Value) -> Result<(), Expected> {
        for entry in value.to_text_list()? {
            match language_command(&entry) {
                Some((language, command)) => {
                    layer.lint_cmds.insert(language, command);
                }
                None => layer.lint_cmd = Some(entry),
            }
        }
        Ok(())
    }
}

fn set_variable(layer: &mut Overrides, name: &str, value: &Value) -> Result<(), Expected> {
    layer.env.insert(name.into(), value.to_text()?);
    Ok(())
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
