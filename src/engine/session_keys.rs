//! The API keys the user typed with `/key` in this session. They are kept in memory
//! only: nothing here goes to a file, the session record, the transcript or the log
//! (`Debug` names the variables, never a value), so they end with the session.

use std::collections::BTreeMap;
use std::fmt;

use crate::config::Secret;
use crate::llm::SERVICES;
use crate::protocol::{key_provider, no_key_provider};

/// Keys by the variable they stand in for (`OPENAI_API_KEY`).
#[derive(Clone, Default)]
pub struct SessionKeys(BTreeMap<&'static str, Secret>);

impl SessionKeys {
    /// Keeps `key` for the service whose key lives in `variable`.
    pub fn insert(&mut self, variable: &'static str, key: Secret) {
        self.0.insert(variable, key);
    }

    /// The key given for `variable`, if any.
    pub fn get(&self, variable: &str) -> Option<&Secret> {
        self.0.get(variable)
    }
}

impl fmt::Debug for SessionKeys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.keys()).finish()
    }
}

/// The provider `/key` names and the variable its key stands in for.
pub fn key_target(provider: &str) -> Result<(&'static str, &'static str), String> {
    key_provider(provider)
        .and_then(|prefix| {
            SERVICES
                .iter()
                .find(|service| service.prefix == prefix)
                .and_then(|service| Some((service.prefix, service.key_variable()?)))
        })
        .ok_or_else(no_key_provider)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_found_by_provider_and_never_shown() {
        assert_eq!(key_target("openai"), Ok(("openai", "OPENAI_API_KEY")));
        assert_eq!(
            key_target("Anthropic"),
            Ok(("anthropic", "ANTHROPIC_API_KEY"))
        );
        assert!(
            key_target("ollama")
                .unwrap_err()
                .contains("Ollama needs none")
        );
        let typed_key_first = key_target("sk-live-abc").unwrap_err();
        assert!(!typed_key_first.contains("sk-live"), "{typed_key_first}");
        let mut keys = SessionKeys::default();
        keys.insert("OPENAI_API_KEY", Secret::new("sk-live-abc"));
        assert_eq!(
            keys.get("OPENAI_API_KEY").map(Secret::expose),
            Some("sk-live-abc")
        );
        assert_eq!(format!("{keys:?}"), "[\"OPENAI_API_KEY\"]");
    }

    #[test]
    fn every_provider_that_takes_a_key_takes_it_by_slash_key() {
        for service in SERVICES {
            match service.key_variable() {
                Some(variable) => {
                    assert_eq!(key_target(service.prefix), Ok((service.prefix, variable)));
                    let upper = service.prefix.to_ascii_uppercase();
                    assert_eq!(key_target(&upper), Ok((service.prefix, variable)));
                }
                None => assert!(key_target(service.prefix).is_err(), "{}", service.prefix),
            }
        }
        assert_eq!(key_target("azure"), Ok(("azure", "AZURE_API_KEY")));
        assert_eq!(
            key_target("together_ai"),
            Ok(("together_ai", "TOGETHER_API_KEY"))
        );
    }
}
