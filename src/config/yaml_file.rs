//! Reading one `.aider.conf.yml`-style file into an [`Overrides`] layer.

use std::path::Path;

use super::keys::{assign, option_for_key};
use super::value::Value;
use super::{ConfigError, Overrides};

/// The settings a YAML config file sets. Unknown keys are skipped (Aider has many
/// options we do not); a known key with a wrong value is an error naming file and key.
pub(crate) fn read(path: &Path) -> Result<Overrides, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    parse(&text, path)
}

/// Parses the text of a config file; `path` is used in messages.
pub(crate) fn parse(text: &str, path: &Path) -> Result<Overrides, ConfigError> {
    let mut overrides = Overrides::default();
    if text.trim().is_empty() {
        return Ok(overrides);
    }
    let document: serde_json::Value =
        serde_saphyr::from_str(text).map_err(|err| ConfigError::Yaml {
            path: path.to_path_buf(),
            message: err.to_string(),
        })?;
    let entries = match document {
        serde_json::Value::Null => return Ok(overrides),
        serde_json::Value::Object(entries) => entries,
        _ => {
            return Err(ConfigError::Yaml {
                path: path.to_path_buf(),
                message: "expected a mapping of keys to values at the top level".into(),
            });
        }
    };
    for (key, value) in entries {
        let value = Value::from(value);
        match assign(&mut overrides, &key, &value) {
            Ok(true) => {}
            Ok(false) => {
                tracing::debug!(file = %path.display(), key, "ignoring a config key aider-tui does not use")
            }
            Err(expected) => {
                let secret = option_for_key(&key).is_some_and(|option| option.secret);
                return Err(ConfigError::InvalidValue {
                    origin: path.display().to_string(),
                    key,
                    expected: expected.into_owned(),
                    found: value.describe_unless(secret),
                });
            }
        }
    }
    Ok(overrides)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aider_style_file_parses() {
        let text = "model: sonnet\nauto-commits: false\nread:\n  - CONVENTIONS.md\n  - docs/STYLE.md\nmap-tokens: 2048\nvoice-language: en\ncache-prompts: true\n";
        let overrides = parse(text, Path::new("a.yml")).unwrap();
        assert_eq!(overrides.model.as_deref(), Some("sonnet"));
        assert_eq!(overrides.auto_commits, Some(false));
        assert_eq!(overrides.read.len(), 2);
        assert_eq!(overrides.map_tokens, Some(2048));
    }

    #[test]
    fn wrong_type_names_file_and_key() {
        let err = parse("auto-commits: [1, 2]\n", Path::new("/x/.aider.conf.yml")).unwrap_err();
        let message = err.to_string();
        assert!(message.contains("/x/.aider.conf.yml"), "{message}");
        assert!(message.contains("auto-commits"), "{message}");
        let err = parse("map-tokens: lots\n", Path::new("c.yml")).unwrap_err();
        assert!(err.to_string().contains("map-tokens"));
    }

    #[test]
    fn empty_and_comment_only_files_are_fine() {
        assert_eq!(parse("", Path::new("e.yml")).unwrap(), Overrides::default());
        assert_eq!(
            parse("# nothing\n", Path::new("e.yml")).unwrap(),
            Overrides::default()
        );
        assert!(parse("- a\n- b\n", Path::new("l.yml")).is_err());
        assert!(parse("model: [unclosed\n", Path::new("b.yml")).is_err());
    }
}
