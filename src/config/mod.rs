//! Settings, layered lowest first: built-in defaults, `~/.aider.conf.yml`, the
//! repository's `.aider.conf.yml` (or `--config FILE` instead of both), `.env`,
//! `AIDER_*` environment variables, then command-line flags.
//!
//! Keys use Aider's names wherever the meaning is the same (`auto-commits`,
//! `weak-model`, `yes-always`, `lint-cmd`, ...), so an Aider user's configuration
//! works unchanged. Keys Aider has and we do not are ignored (debug log); a key we
//! know with a value of the wrong type is an error naming the file and the key.
//!
//! Keys understood (environment form: `AIDER_` + upper case, `_` for `-`):
//! - models and providers: `model`, `weak-model`, `editor-model`, `api-base`,
//!   `api-key` (a bare key, or Aider's `provider=key` list, which sets
//!   `PROVIDER_API_KEY`), `openai-api-key`, `anthropic-api-key`, `openai-api-base`,
//!   `set-env` (`NAME=value` list), `timeout` (seconds per request);
//! - modes and formats: `edit-format` / `chat-mode` (a mode name, `code`, `ask` or
//!   `architect`, picks the mode; anything else is an edit format), `architect`,
//!   `editor-edit-format`;
//! - git: `git`, `auto-commits`, `dirty-commits`, `attribute-committer`,
//!   `attribute-co-authored-by`;
//! - checks: `lint-cmd` (one command, or Aider's `"language: command"` list),
//!   `test-cmd`, `auto-lint`, `auto-test`, `max-reflections`;
//! - the session: `yes-always` (or `yes`), `map-tokens`, `stream`, `file`, `read`
//!   (lists add up across layers), `message` / `msg`, `message-file`, `json`,
//!   `theme` / `dark-mode` / `light-mode`, `model-settings-file`, `env-file`.

mod dotenv_file;
mod environment;
mod error;
mod keys;
mod load;
mod overrides;
mod secret;
mod settings;
mod value;
mod yaml_file;

pub use error::ConfigError;
pub use load::{load, load_from_process};
pub use overrides::Overrides;
pub use secret::{Secret, SecretVars};
pub use settings::Settings;
