//! `AIDER_*` variables, from the process environment or a `.env` file, as a layer.

use std::path::Path;

use super::keys::{KNOWN_KEYS, assign, environment_name, key_of_environment_name};
use super::value::Value;
use super::{ConfigError, Overrides};

/// The layer the process's `AIDER_*` variables set (looked up by name, one per known key).
pub(crate) fn from_process(
    lookup: &dyn Fn(&str) -> Option<String>,
) -> Result<Overrides, ConfigError> {
    let mut overrides = Overrides::default();
    for key in KNOWN_KEYS {
        let name = environment_name(key);
        if let Some(text) = lookup(&name) {
            set(&mut overrides, key, &name, text, "the environment")?;
        }
    }
    Ok(overrides)
}

/// The layer the `AIDER_*` variables of a `.env` file set; every variable of the file
/// also goes into `env` for provider lookups.
pub(crate) fn from_dotenv(
    variables: &[(String, String)],
    path: &Path,
) -> Result<Overrides, ConfigError> {
    let mut overrides = Overrides::default();
    let origin = path.display().to_string();
    for (name, text) in variables {
        if name.starts_with("AIDER_") {
            match key_of_environment_name(name) {
                Some(key) => set(&mut overrides, key, name, text.clone(), &origin)?,
                None => {
                    tracing::debug!(file = %origin, name, "ignoring an AIDER_ variable aider-tui does not use")
                }
            }
        }
    }
    // After the AIDER_ keys, so a literal OPENAI_API_KEY line beats AIDER_OPENAI_API_KEY.
    overrides.env.extend(
        variables
            .iter()
            .map(|(name, text)| (name.clone(), text.clone())),
    );
    Ok(overrides)
}

fn set(
    overrides: &mut Overrides,
    key: &str,
    name: &str,
    text: String,
    origin: &str,
) -> Result<(), ConfigError> {
    // An empty variable is "unset", as a shell user would expect.
    if text.trim().is_empty() {
        return Ok(());
    }
    let value = Value::Text(text);
    assign(overrides, key, &value)
        .map(|_| ())
        .map_err(|expected| ConfigError::InvalidValue {
            origin: origin.to_string(),
            key: name.to_string(),
            expected,
            found: value.describe(),
        })
}
