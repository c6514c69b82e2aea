//! The session's settings with their final values.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use super::{Secret, SecretVars};

/// Every session setting, after all layers are applied.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The main model, as the user wrote it (`openai/gpt-4o`, `sonnet`).
    pub model: Option<String>,
    /// The model for commit messages and summaries.
    pub weak_model: Option<String>,
    /// The model that turns an architect's plan into edits.
    pub editor_model: Option<String>,
    /// The provider's base URL (`--api-base`).
    pub api_base: Option<String>,
    /// The provider's API key (`--api-key`); never printed.
    pub api_key: Option<Secret>,
    /// diff, diff-fenced, whole or udiff; `None`: the model's default.
    pub edit_format: Option<String>,
    /// The editor model's edit format in architect mode.
    pub editor_edit_format: Option<String>,
    /// `code`, `ask` or `architect`.
    pub chat_mode: String,
    /// Answer yes to every question except running shell commands.
    pub yes: bool,
    /// Commit the model's edits.
    pub auto_commits: bool,
    /// Commit the user's pending changes to a file before the model edits it.
    pub dirty_commits: bool,
    /// At most this many reflection rounds per message.
    pub max_reflections: u32,
    /// The lint command for every language (the edited files are appended).
    pub lint_cmd: Option<String>,
    /// Lint commands per language (`python` -> `flake8`), from Aider's `lint-cmd: "python: flake8"`.
    pub lint_cmds: BTreeMap<String, String>,
    /// The test command.
    pub test_cmd: Option<String>,
    /// Run the tests after every change.
    pub auto_test: bool,
    /// The review tells the model about rejected blocks unless toggled off (`t`).
    pub review_tell_rejected: bool,
    /// Lint after every change.
    pub auto_lint: bool,
    /// Token budget of the repo map; `None`: the default, `Some(0)`: no map.
    pub map_tokens: Option<usize>,
    /// Use git (commits, undo).
    pub git: bool,
    /// Stream replies.
    pub stream: bool,
    /// Add " (aider-tui)" to the committer name of the tool's commits.
    pub attribute_committer: bool,
    /// Add a Co-authored-by trailer to the tool's commits.
    pub attribute_co_authored_by: bool,
    /// Colour theme of the full-screen UI (a name or a TOML file).
    pub theme: String,
    /// Extra model settings overriding the built-in table.
    pub model_settings_file: Option<PathBuf>,
    /// Files to add to the chat (as given: relative to `cwd` unless absolute).
    pub files: Vec<PathBuf>,
    /// Read-only files to add to the chat (as given).
    pub read: Vec<PathBuf>,
    /// Run one turn with this message and exit.
    pub message: Option<String>,
    /// Run one turn with the message in this file and exit.
    pub message_file: Option<PathBuf>,
    /// Print events as JSON lines (headless).
    pub json: bool,
    /// How long one model request may take; `None`: the provider's default.
    pub request_timeout: Option<Duration>,
    /// The directory the program was started in.
    pub cwd: PathBuf,
    /// The git repository root of `cwd`, or `cwd` itself (also with `git: false`).
    pub root: PathBuf,
    /// Variables from `.env` and key settings (`openai-api-key`, `api-key`,
    /// `set-env`), so providers can find keys without changing the process
    /// environment. Values are never printed.
    pub env: SecretVars,
    /// Whether `lookup_env` consults the process environment first (tests turn it off).
    pub read_process_env: bool,
    /// The config files that were read, lowest layer first (for `/settings`).
    pub sources: Vec<PathBuf>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            model: None,
            weak_model: None,
            editor_model: None,
            api_base: None,
            api_key: None,
            edit_format: None,
            editor_edit_format: None,
            chat_mode: "code".into(),
            yes: false,
            auto_commits: true,
            dirty_commits: true,
            max_reflections: 3,
            lint_cmd: None,
            lint_cmds: BTreeMap::new(),
            test_cmd: None,
            auto_test: false,
            review_tell_rejected: false,
            auto_lint: true,
            map_tokens: None,
            git: true,
            stream: true,
            attribute_committer: true,
            attribute_co_authored_by: true,
            theme: "dark".into(),
            model_settings_file: None,
            files: Vec::new(),
            read: Vec::new(),
            message: None,
            message_file: None,
            json: false,
            request_timeout: None,
            cwd: PathBuf::from("."),
            root: PathBuf::from("."),
            env: SecretVars::default(),
            read_process_env: true,
            sources: Vec::new(),
        }
    }
}

impl Settings {
    /// A variable for provider lookups (API keys, base URLs): the process environment
    /// first, then `.env` and the key settings of the config files.
    pub fn lookup_env(&self, name: &str) -> Option<String> {
        if self.read_process_env
            && let Ok(value) = std::env::var(name)
            && !value.is_empty()
        {
            return Some(value);
        }
        self.env
            .get(name)
            .filter(|value| !value.is_empty())
            .cloned()
    }
}
