//! One layer's settings: every field optional, `None` meaning "this layer says nothing".

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use super::{Secret, SecretVars, Settings};

/// The settings one layer (a config file, `.env`, the environment, the flags) sets.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overrides {
    pub model: Option<String>,
    pub weak_model: Option<String>,
    pub editor_model: Option<String>,
    pub api_base: Option<String>,
    /// Never printed: `Debug` shows only whether it is set.
    pub api_key: Option<Secret>,
    pub edit_format: Option<String>,
    pub editor_edit_format: Option<String>,
    /// `code`, `ask` or `architect`.
    pub chat_mode: Option<String>,
    pub yes: Option<bool>,
    pub auto_commits: Option<bool>,
    pub dirty_commits: Option<bool>,
    pub max_reflections: Option<u32>,
    /// The lint command for every language.
    pub lint_cmd: Option<String>,
    /// Lint commands for one language each (Aider's `lint-cmd: "python: flake8"`).
    pub lint_cmds: BTreeMap<String, String>,
    pub test_cmd: Option<String>,
    pub auto_test: Option<bool>,
    pub auto_lint: Option<bool>,
    pub map_tokens: Option<usize>,
    pub git: Option<bool>,
    pub stream: Option<bool>,
    pub attribute_committer: Option<bool>,
    pub attribute_co_authored_by: Option<bool>,
    pub theme: Option<String>,
    pub model_settings_file: Option<PathBuf>,
    /// Added to the files of lower layers (as repeated `--file` options are).
    pub files: Vec<PathBuf>,
    /// Added to the read-only files of lower layers.
    pub read: Vec<PathBuf>,
    pub message: Option<String>,
    pub message_file: Option<PathBuf>,
    pub json: Option<bool>,
    /// How long one model request may take.
    pub request_timeout: Option<Duration>,
    /// Variables for provider lookups (`openai-api-key`, `api-key: provider=key`,
    /// `set-env`); never printed.
    pub env: SecretVars,
    /// A config file read instead of the `.aider.conf.yml` files (flags only).
    pub config_file: Option<PathBuf>,
    /// The `.env` file to read instead of `<root>/.env`.
    pub env_file: Option<PathBuf>,
}

/// Replaces `target` when the layer sets a value.
fn set<T: Clone>(target: &mut T, value: &Option<T>) {
    if let Some(value) = value {
        *target = value.clone();
    }
}

/// Replaces an optional `target` when the layer sets a value.
fn set_optional<T: Clone>(target: &mut Option<T>, value: &Option<T>) {
    if value.is_some() {
        target.clone_from(value);
    }
}

impl Overrides {
    /// Lays this layer over `settings`: set values win, lists are added to.
    pub fn apply_to(&self, settings: &mut Settings) {
        set_optional(&mut settings.model, &self.model);
        set_optional(&mut settings.weak_model, &self.weak_model);
        set_optional(&mut settings.editor_model, &self.editor_model);
        set_optional(&mut settings.api_base, &self.api_base);
        set_optional(&mut settings.api_key, &self.api_key);
        set_optional(&mut settings.edit_format, &self.edit_format);
        set_optional(&mut settings.editor_edit_format, &self.editor_edit_format);
        set(&mut settings.chat_mode, &self.chat_mode);
        set(&mut settings.yes, &self.yes);
        set(&mut settings.auto_commits, &self.auto_commits);
        set(&mut settings.dirty_commits, &self.dirty_commits);
        set(&mut settings.max_reflections, &self.max_reflections);
        set_optional(&mut settings.lint_cmd, &self.lint_cmd);
        settings.lint_cmds.extend(self.lint_cmds.clone());
        set_optional(&mut settings.test_cmd, &self.test_cmd);
        set(&mut settings.auto_test, &self.auto_test);
        set(&mut settings.auto_lint, &self.auto_lint);
        set_optional(&mut settings.map_tokens, &self.map_tokens);
        set(&mut settings.git, &self.git);
        set(&mut settings.stream, &self.stream);
        set(&mut settings.attribute_committer, &self.attribute_committer);
        set(
            &mut settings.attribute_co_authored_by,
            &self.attribute_co_authored_by,
        );
        set(&mut settings.theme, &self.theme);
        set_optional(&mut settings.model_settings_file, &self.model_settings_file);
        for file in &self.files {
            if !settings.files.contains(file) {
                settings.files.push(file.clone());
            }
        }
        for file in &self.read {
            if !settings.read.contains(file) {
                settings.read.push(file.clone());
            }
        }
        set_optional(&mut settings.message, &self.message);
        set_optional(&mut settings.message_file, &self.message_file);
        set(&mut settings.json, &self.json);
        set_optional(&mut settings.request_timeout, &self.request_timeout);
        settings.env.extend(
            self.env
                .iter()
                .map(|(name, value)| (name.clone(), value.clone())),
        );
    }
}
