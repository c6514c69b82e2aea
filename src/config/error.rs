//! The errors of loading settings.

use std::path::PathBuf;

/// Why the settings could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// A file that was named explicitly (or exists) could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A YAML config file is not valid YAML, or not a mapping of keys to values.
    #[error("{path}: not a valid YAML config file: {message}")]
    Yaml { path: PathBuf, message: String },
    /// A `.env` file has a line that cannot be parsed.
    #[error("{path}: not a valid .env file: {message}")]
    DotEnv { path: PathBuf, message: String },
    /// A known key has a value it does not accept (of the wrong type, or not one of its
    /// choices). `origin` names the layer: a file path, "the environment", "the command line".
    #[error("{origin}: `{key}` must be {expected}, but it is {found}")]
    InvalidValue {
        origin: String,
        key: String,
        expected: String,
        found: String,
    },
}
