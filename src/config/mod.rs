//! Settings, layered lowest first: built-in defaults, `~/.aider.conf.yml`, the
//! repository's `.aider.conf.yml` (or `--config FILE` instead of both), `.env`,
//! `AIDER_*` environment variables, then command-line flags.
//!
//! Keys use Aider's names wherever the meaning is the same (`auto-commits`,
//! `weak-model`, `yes-always`, `lint-cmd`, ...), so an Aider user's configuration
//! works unchanged. Keys Aider has and we do not are ignored (debug log); a key we
//! know with a value of the wrong type is an error naming the file and the key.

mod dotenv_file;
mod environment;
mod error;
mod keys;
mod load;
mod overrides;
mod settings;
mod value;
mod yaml_file;

pub use error::ConfigError;
pub use load::{load, load_from_process};
pub use overrides::Overrides;
pub use settings::Settings;
