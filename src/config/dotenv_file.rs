//! Reading a `.env` file without touching the process environment.

use std::path::Path;

use super::ConfigError;

/// The variables a `.env` file sets, in file order.
pub(crate) fn read(path: &Path) -> Result<Vec<(String, String)>, ConfigError> {
    let entries = dotenvy::from_path_iter(path).map_err(|err| describe(path, err))?;
    let mut variables = Vec::new();
    for entry in entries {
        variables.push(entry.map_err(|err| describe(path, err))?);
    }
    Ok(variables)
}

fn describe(path: &Path, err: dotenvy::Error) -> ConfigError {
    match err {
        dotenvy::Error::Io(source) => ConfigError::Read {
            path: path.to_path_buf(),
            source,
        },
        other => ConfigError::DotEnv {
            path: path.to_path_buf(),
            message: other.to_string(),
        },
    }
}
