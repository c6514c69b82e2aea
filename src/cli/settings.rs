//! The session flags as the top layer of the settings (see `config`).

use crate::config::{self, Overrides};

use super::SessionArgs;

/// What the command line sets; flags left out stay `None` so lower layers show through.
pub fn overrides_from_args(args: &SessionArgs) -> Overrides {
    // A switch that is off was not given: it must not override a config file.
    let switch_on = |given: bool| given.then_some(true);
    let switch_off = |given: bool| given.then_some(false);
    let mut overrides = Overrides {
        model: args.model.clone(),
        weak_model: args.weak_model.clone(),
        editor_model: args.editor_model.clone(),
        api_base: args.api_base.clone(),
        api_key: args.api_key.clone().map(config::Secret::new),
        editor_edit_format: args.editor_edit_format.clone(),
        yes: switch_on(args.yes),
        auto_commits: switch_off(args.no_auto_commits),
        dirty_commits: switch_off(args.no_dirty_commits),
        max_reflections: args.max_reflections,
        lint_cmd: args.lint_cmd.clone(),
        test_cmd: args.test_cmd.clone(),
        auto_test: switch_on(args.auto_test),
        auto_lint: switch_off(args.no_auto_lint),
        map_tokens: args.map_tokens,
        git: switch_off(args.no_git),
        stream: switch_off(args.no_stream),
        attribute_committer: switch_off(args.no_attribute_committer),
        attribute_co_authored_by: switch_off(args.no_attribute_co_authored_by),
        theme: args.theme.clone(),
        model_settings_file: args.model_settings_file.clone(),
        files: args.files.clone(),
        read: args.read.clone(),
        message: args.message.clone(),
        message_file: args.message_file.clone(),
        json: switch_on(args.json),
        config_file: args.config.clone(),
        env_file: args.env_file.clone(),
        ..Overrides::default()
    };
    // As in Aider, a mode name given as an edit format picks the mode.
    for given in [&args.edit_format, &args.chat_mode].into_iter().flatten() {
        match given.as_str() {
            "code" | "ask" | "architect" => overrides.chat_mode = Some(given.clone()),
            _ => overrides.edit_format = Some(given.clone()),
        }
    }
    if args.architect {
        overrides.chat_mode = Some("architect".into());
    }
    overrides
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switches_left_off_do_not_override() {
        let overrides = overrides_from_args(&SessionArgs::default());
        assert_eq!(overrides, Overrides::default());
    }

    #[test]
    fn negative_switches_turn_settings_off() {
        let args = SessionArgs {
            no_auto_commits: true,
            no_git: true,
            yes: true,
            architect: true,
            edit_format: Some("whole".into()),
            ..SessionArgs::default()
        };
        let overrides = overrides_from_args(&args);
        assert_eq!(overrides.auto_commits, Some(false));
        assert_eq!(overrides.git, Some(false));
        assert_eq!(overrides.dirty_commits, None);
        assert_eq!(overrides.yes, Some(true));
        assert_eq!(overrides.chat_mode.as_deref(), Some("architect"));
        assert_eq!(overrides.edit_format.as_deref(), Some("whole"));
    }
}
