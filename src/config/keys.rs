//! Finding an option by the name a layer uses for it (`auto-commits` in a YAML file,
//! `AIDER_AUTO_COMMITS` in the environment or `.env`), and recording a value under it.

use super::value::{Expected, Value};
use super::{OPTIONS, OptionSpec, Overrides};

/// The option a config-file key names (its name or an alias, in any case, `_` or `-`),
/// if config files may set it.
pub(crate) fn option_for_key(key: &str) -> Option<&'static OptionSpec> {
    let key = key.trim().to_ascii_lowercase().replace('_', "-");
    OPTIONS
        .iter()
        .filter(|option| option.layers.files)
        .find(|option| option.names().any(|name| name == key))
}

/// The option an `AIDER_*` variable names, if variables may set it.
pub(crate) fn option_for_variable(variable: &str) -> Option<&'static OptionSpec> {
    OPTIONS
        .iter()
        .filter(|option| option.layers.environment)
        .find(|option| {
            option
                .names()
                .any(|name| OptionSpec::environment_name(name) == variable)
        })
}

/// Records a config-file entry. `Ok(false)`: not a key we know (the caller ignores it);
/// `Err`: a known key with a value it does not accept.
pub(crate) fn assign(layer: &mut Overrides, key: &str, value: &Value) -> Result<bool, Expected> {
    match option_for_key(key) {
        Some(option) => option.record_in(layer, value).map(|()| true),
        None => Ok(false),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::config::{Kind, Secret};

    /// A value of the option's kind that it accepts.
    fn sample(option: &OptionSpec) -> Value {
        match option.kind {
            Kind::Switch | Kind::SwitchOrText => Value::Bool(true),
            Kind::Count => Value::Integer(5),
            Kind::Seconds => Value::Float(2.5),
            // Fits every list's form: `NAME=value`, `ALIAS:MODEL`, a path.
            Kind::List => Value::List(vec![Value::Text("SAMPLE=value:model".into())]),
            Kind::Text | Kind::Path => Value::Text(
                option
                    .choices
                    .first()
                    .copied()
                    .unwrap_or("sample")
                    .to_string(),
            ),
        }
    }

    #[test]
    fn every_option_changes_its_layer() {
        for option in OPTIONS {
            let mut layer = Overrides::default();
            option.record_in(&mut layer, &sample(option)).unwrap();
            assert_eq!(layer.given, [option.name], "{}", option.name);
            // The list of names alone is not a change: some field must hold the value.
            layer.given.clear();
            assert_ne!(
                layer,
                Overrides::default(),
                "{} changed nothing",
                option.name
            );
        }
    }

    #[test]
    fn names_are_unique_in_every_layer() {
        let mut flags = BTreeSet::new();
        let mut variables = BTreeSet::new();
        for option in OPTIONS {
            for name in option.names().chain(option.negation) {
                assert!(flags.insert(name), "--{name} is declared twice");
                assert!(
                    variables.insert(OptionSpec::environment_name(name)),
                    "{name}'s variable is declared twice"
                );
            }
            assert!(!option.help().is_empty(), "{} has no doc", option.name);
        }
    }

    #[test]
    fn aliases_and_variables_find_their_option() {
        assert_eq!(option_for_key("yes").map(|o| o.name), Some("yes-always"));
        assert_eq!(
            option_for_key("Auto_Commits").map(|o| o.name),
            Some("auto-commits")
        );
        assert_eq!(
            option_for_variable("AIDER_MSG").map(|o| o.name),
            Some("message")
        );
        assert_eq!(
            option_for_variable("AIDER_RESTORE_CHAT_HISTORY").map(|o| o.name),
            Some("resume")
        );
        // The command line chooses the config files; a file cannot.
        assert!(option_for_key("config").is_none());
        assert!(option_for_variable("AIDER_CONFIG").is_none());
    }

    #[test]
    fn unknown_keys_are_not_errors() {
        let mut layer = Overrides::default();
        assert_eq!(
            assign(&mut layer, "voice-format", &Value::Text("mp3".into())),
            Ok(false)
        );
        assert_eq!(layer, Overrides::default());
    }

    #[test]
    fn unknown_modes_and_formats_are_refused_with_the_list() {
        let mut layer = Overrides::default();
        let refused = assign(&mut layer, "chat-mode", &Value::Text("bogus".into())).unwrap_err();
        assert!(
            refused.contains("code, ask, architect, context"),
            "{refused}"
        );
        let refused = assign(&mut layer, "edit-format", &Value::Text("bogus".into())).unwrap_err();
        assert!(
            refused.contains("diff, diff-fenced, whole, udiff, patch"),
            "{refused}"
        );
        let refused =
            assign(&mut layer, "editor-edit-format", &Value::Text("ask".into())).unwrap_err();
        assert!(refused.contains("udiff"), "{refused}");
        assert_eq!(layer, Overrides::default());
        // Names another engineer's work adds are accepted now.
        assign(&mut layer, "chat-mode", &Value::Text("context".into())).unwrap();
        assign(&mut layer, "edit-format", &Value::Text("patch".into())).unwrap();
        assert_eq!(layer.chat_mode.as_deref(), Some("context"));
        assert_eq!(layer.edit_format.as_deref(), Some("patch"));
    }

    #[test]
    fn modes_given_as_edit_formats_select_the_mode() {
        let mut layer = Overrides::default();
        assign(&mut layer, "edit-format", &Value::Text("architect".into())).unwrap();
        assign(&mut layer, "chat-mode", &Value::Text("whole".into())).unwrap();
        assert_eq!(layer.chat_mode.as_deref(), Some("architect"));
        assert_eq!(layer.edit_format.as_deref(), Some("whole"));
    }

    #[test]
    fn lint_commands_per_language() {
        let mut layer = Overrides::default();
        let value = Value::List(vec![
            Value::Text("python: flake8 --select=E9".into()),
            Value::Text("make lint".into()),
            Value::Text("c:\\tools\\lint.exe".into()),
        ]);
        assign(&mut layer, "lint-cmd", &value).unwrap();
        assert_eq!(layer.lint_cmd.as_deref(), Some("c:\\tools\\lint.exe"));
        assert_eq!(layer.lint_cmds["python"], "flake8 --select=E9");
        assert_eq!(layer.lint_cmds.len(), 1);
    }

    #[test]
    fn api_keys_by_provider() {
        let mut layer = Overrides::default();
        let value = Value::List(vec![
            Value::Text("gemini=g-123".into()),
            Value::Text("sk-bare".into()),
        ]);
        assign(&mut layer, "api-key", &value).unwrap();
        assert_eq!(layer.env["GEMINI_API_KEY"], "g-123");
        assert_eq!(layer.api_key.as_ref().map(Secret::expose), Some("sk-bare"));
    }

    #[test]
    fn resume_is_a_switch_or_a_session_id() {
        use crate::config::Resume;
        let mut layer = Overrides::default();
        assign(&mut layer, "restore-chat-history", &Value::Bool(true)).unwrap();
        assert_eq!(layer.resume, Some(Resume::Latest));
        assign(&mut layer, "resume", &Value::Text("20260102-a1".into())).unwrap();
        assert_eq!(layer.resume, Some(Resume::Session("20260102-a1".into())));
        assign(&mut layer, "resume", &Value::Text("off".into())).unwrap();
        assert_eq!(layer.resume, Some(Resume::No));
    }
}
