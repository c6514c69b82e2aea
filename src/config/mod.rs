//! Settings, layered lowest first: built-in defaults, `~/.aider.conf.yml`, the
//! repository's `.aider.conf.yml` (or `--config FILE` instead of both), `.env`,
//! `AIDER_*` environment variables, then command-line flags.
//!
//! Every option is declared once, in the table in `table.rs`: its field, type,
//! default, Aider's name and aliases, `--no-X` negation, accepted values, and its doc,
//! which is also its `--help` text. From that one row come the YAML key, the
//! `AIDER_*` variable (also read from `.env`), the command-line flag (`cli::settings`
//! builds the clap arguments from [`OPTIONS`]) and the default. The table is a
//! `macro_rules!` macro rather than serde defaults or `figment` because those would
//! still need the clap flags, the `--no-X` negations and Aider's special forms
//! declared a second time; the macro keeps one row per option and stays plain Rust
//! (see `table_macro.rs` for the row format).
//!
//! Keys use Aider's names wherever the meaning is the same (`auto-commits`,
//! `weak-model`, `yes-always`, `lint-cmd`, ...), so an Aider user's configuration
//! works unchanged. Keys Aider has and we do not are ignored (debug log); a key we
//! know with a value it does not accept (of the wrong type, or an unknown chat mode or
//! edit format) is an error naming the layer, the key and what it accepts.
//!
//! Aider's special forms live in `rules.rs`: a chat mode given as the edit format (and
//! the reverse), `lint-cmd: "python: flake8"` per language, `api-key: provider=key`,
//! `set-env`, `openai-api-key` and the like (which set provider variables), and the
//! `architect` / `dark-mode` / `light-mode` shorthands. Keys are held as [`Secret`]
//! and [`SecretVars`], which never print their values.

#[macro_use]
mod table_macro;

mod choices;
mod dotenv_file;
mod environment;
mod error;
mod keys;
mod layered;
mod load;
mod model_files;
mod option;
mod overrides;
mod repository_settings;
mod resume;
mod rules;
mod secret;
mod settings;
mod table;
mod value;
mod yaml_file;

pub use choices::{CHAT_MODES, EDIT_FORMATS, REASONING_EFFORTS};
pub use error::ConfigError;
pub use layered::Layered;
pub use load::{COMMAND_LINE_ORIGIN, load, load_from_process};
pub use model_files::{MODEL_METADATA_FILE, MODEL_SETTINGS_FILE, ModelFileFound};
pub use option::{Kind, Layers, OptionSpec};
pub use repository_settings::RepositorySetting;
pub use resume::Resume;
pub use secret::{Secret, SecretVars};
pub use table::{OPTIONS, Overrides, Settings};
pub use value::parse_count;

pub(crate) use value::Value;
