//! `AIDER_*` variables, from the process environment or a `.env` file, as a layer.

use std::path::Path;

use super::keys::option_for_variable;
use super::value::Value;
use super::{ConfigError, OPTIONS, OptionSpec, Overrides};

/// Where the process's variables come from, in messages.
pub(crate) const PROCESS_ORIGIN: &str = "the environment";

/// The layer the process's `AIDER_*` variables set (looked up by name, one per option
/// name and alias).
pub(crate) fn from_process(
    lookup: &dyn Fn(&str) -> Option<String>,
) -> Result<Overrides, ConfigError> {
    let mut overrides = Overrides::default();
    for option in OPTIONS.iter().filter(|option| option.layers.environment) {
        for name in option.names() {
            let variable = OptionSpec::environment_name(name);
            if let Some(text) = lookup(&variable) {
                set(&mut overrides, option, &variable, text, PROCESS_ORIGIN)?;
            }
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
            match option_for_variable(name) {
                Some(option) => set(&mut overrides, option, name, text.clone(), &origin)?,
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
    option: &OptionSpec,
    variable: &str,
    text: String,
    origin: &str,
) -> Result<(), ConfigError> {
    // An empty variable is "unset", as a shell user would expect.
    if text.trim().is_empty() {
        return Ok(());
    }
    let value = Value::Text(text);
    option
        .record_in(overrides, &value)
        .map_err(|expected| ConfigError::InvalidValue {
            origin: origin.to_string(),
            key: variable.to_string(),
            expected: expected.into_owned(),
            found: value.describe_unless(option.secret),
        })
}
