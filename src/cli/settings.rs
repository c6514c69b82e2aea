//! The session flags, made from the settings table (`config::OPTIONS`), and read back
//! as the top layer of the settings. Every option the command line may set gets
//! `--name` (with its aliases and one-letter form), `--no-name` where it has a
//! negation, and positional arguments where it takes them (`FILES`).

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches, Command};

use crate::config::{
    COMMAND_LINE_ORIGIN, ConfigError, Kind, OPTIONS, OptionSpec, Overrides, Value,
};

use super::args::SessionArgs;

/// What the command line sets; flags left out stay unset so lower layers show through.
pub fn overrides_from_args(args: &SessionArgs) -> Overrides {
    args.overrides.clone()
}

/// Adds the flags of every option the command line may set.
pub fn add_flags(mut command: Command) -> Command {
    // As with Aider's parser, a flag given twice takes the last value.
    command = command.args_override_self(true);
    for option in OPTIONS.iter().filter(|option| option.layers.command_line) {
        command = command.arg(flag(option));
        if let Some(negation) = option.negation {
            command = command.arg(
                Arg::new(negation)
                    .long(negation)
                    .action(ArgAction::SetTrue)
                    .help(format!("Turn off --{}", option.name))
                    .overrides_with(option.name),
            );
        }
        if let Some(placeholder) = option.positional {
            command = command.arg(
                Arg::new(placeholder)
                    .value_name(placeholder)
                    .action(ArgAction::Append)
                    .num_args(0..)
                    .help(option.help()),
            );
        }
        if option.kind == Kind::SwitchOrText {
            // Aider's spelling is a plain switch; only `--resume` takes an id, so
            // `--restore-chat-history file.py` still means what it does in Aider.
            for alias in option.aliases {
                command = command.arg(
                    Arg::new(*alias)
                        .long(*alias)
                        .action(ArgAction::SetTrue)
                        .help(format!("The same as --{}", option.name))
                        .overrides_with(option.name),
                );
            }
        }
    }
    command
}

/// The `--name` flag of an option.
fn flag(option: &OptionSpec) -> Arg {
    let mut arg = Arg::new(option.name).long(option.name).help(option.help());
    if let Some(letter) = option.short {
        arg = arg.short(letter);
    }
    if let Some(negation) = option.negation {
        arg = arg.overrides_with(negation);
    }
    if option.kind != Kind::SwitchOrText {
        arg = arg.visible_aliases(option.aliases);
    }
    arg = match option.kind {
        Kind::Switch => arg.action(ArgAction::SetTrue),
        Kind::List => arg.action(ArgAction::Append),
        Kind::SwitchOrText => arg
            .action(ArgAction::Set)
            .num_args(0..=1)
            .default_missing_value("true"),
        Kind::Count | Kind::Text | Kind::Path | Kind::Seconds => arg.action(ArgAction::Set),
    };
    if option.kind != Kind::Switch {
        arg = arg.value_name(option.placeholder());
    }
    if option.choices.is_empty() {
        arg.value_parser(clap::value_parser!(String))
    } else {
        // The other choices are accepted but not listed, as the messages do.
        let listed = option.choices.iter().map(|name| PossibleValue::new(*name));
        let unlisted = option
            .other_choices
            .iter()
            .map(|name| PossibleValue::new(*name).hide(true));
        arg.value_parser(PossibleValuesParser::new(listed.chain(unlisted)))
    }
}

/// One flag as given: where it was on the command line, its option, the flag's own
/// name (for messages) and its value.
struct Given {
    index: usize,
    option: &'static OptionSpec,
    flag: &'static str,
    value: Value,
}

/// Reads the parsed flags into the command line's layer, in the order they were given
/// (so `--edit-format whole --chat-mode ask` keeps both, and the last of two
/// contradicting flags wins).
pub(crate) fn layer_from_matches(matches: &ArgMatches) -> Result<Overrides, ConfigError> {
    let mut given = Vec::new();
    for option in OPTIONS.iter().filter(|option| option.layers.command_line) {
        read_option(matches, option, &mut given);
    }
    given.sort_by_key(|flag| flag.index);
    let mut layer = Overrides::default();
    for flag in given {
        flag.option
            .record_in(&mut layer, &flag.value)
            .map_err(|expected| ConfigError::InvalidValue {
                origin: COMMAND_LINE_ORIGIN.to_string(),
                key: format!("--{}", flag.flag),
                expected: expected.into_owned(),
                found: flag.value.describe_unless(flag.option.secret),
            })?;
    }
    Ok(layer)
}

fn read_option(matches: &ArgMatches, option: &'static OptionSpec, given: &mut Vec<Given>) {
    let on_command_line = |id: &str| matches.value_source(id) == Some(ValueSource::CommandLine);
    let index = |id: &str| matches.index_of(id).unwrap_or(usize::MAX);
    let mut switch = |id: &'static str, on: bool| {
        if on_command_line(id) {
            given.push(Given {
                index: index(id),
                option,
                flag: id,
                value: Value::Bool(on),
            });
        }
    };
    if let Some(negation) = option.negation {
        switch(negation, false);
    }
    match option.kind {
        Kind::Switch => switch(option.name, true),
        Kind::SwitchOrText => {
            for alias in option.aliases {
                switch(alias, true);
            }
            if on_command_line(option.name)
                && let Some(text) = matches.get_one::<String>(option.name)
            {
                given.push(Given {
                    index: index(option.name),
                    option,
                    flag: option.name,
                    value: Value::Text(text.clone()),
                });
            }
        }
        Kind::List => {
            // `--file a.py` and plain `a.py` are one list, in command-line order.
            let mut items: Vec<(usize, String)> = Vec::new();
            for id in std::iter::once(option.name).chain(option.positional) {
                if !on_command_line(id) {
                    continue;
                }
                let indices = matches.indices_of(id).into_iter().flatten();
                let values = matches.get_many::<String>(id).into_iter().flatten();
                items.extend(indices.zip(values.cloned()));
            }
            items.sort_by_key(|(at, _)| *at);
            if let Some((first, _)) = items.first() {
                given.push(Given {
                    index: *first,
                    option,
                    flag: option.name,
                    value: Value::List(items.into_iter().map(|(_, v)| Value::Text(v)).collect()),
                });
            }
        }
        Kind::Count | Kind::Text | Kind::Path | Kind::Seconds => {
            if on_command_line(option.name)
                && let Some(text) = matches.get_one::<String>(option.name)
            {
                given.push(Given {
                    index: index(option.name),
                    option,
                    flag: option.name,
                    value: Value::Text(text.clone()),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use clap::Parser;

    use super::*;
    use crate::cli::Cli;
    use crate::config::Resume;

    fn parsed(args: &[&str]) -> Overrides {
        let argv = std::iter::once("aider-tui").chain(args.iter().copied());
        let cli = Cli::try_parse_from(argv).unwrap();
        overrides_from_args(&cli.session)
    }

    #[test]
    fn switches_left_off_do_not_override() {
        assert_eq!(parsed(&[]), Overrides::default());
    }

    #[test]
    fn negative_switches_turn_settings_off() {
        let layer = parsed(&[
            "--no-auto-commits",
            "--no-git",
            "--yes",
            "--edit-format",
            "whole",
            "--architect",
        ]);
        assert_eq!(layer.auto_commits, Some(false));
        assert_eq!(layer.git, Some(false));
        assert_eq!(layer.dirty_commits, None);
        assert_eq!(layer.yes, Some(true));
        assert_eq!(layer.chat_mode.as_deref(), Some("architect"));
        assert_eq!(layer.edit_format.as_deref(), Some("whole"));
    }

    #[test]
    fn the_last_of_two_contradicting_flags_wins() {
        assert_eq!(
            parsed(&["--no-auto-lint", "--auto-lint"]).auto_lint,
            Some(true)
        );
        assert_eq!(
            parsed(&["--auto-lint", "--no-auto-lint"]).auto_lint,
            Some(false)
        );
        assert_eq!(
            parsed(&["--model", "a", "--model", "b"]).model.as_deref(),
            Some("b")
        );
        let layer = parsed(&["--chat-mode", "ask", "--edit-format", "code"]);
        assert_eq!(layer.chat_mode.as_deref(), Some("code"));
    }

    #[test]
    fn files_come_from_positions_and_file_flags_in_order() {
        let layer = parsed(&["a.py", "--file", "b.py", "c.py", "--read", "R.md"]);
        assert_eq!(
            layer.files,
            ["a.py", "b.py", "c.py"].map(PathBuf::from).to_vec()
        );
        assert_eq!(layer.read, vec![PathBuf::from("R.md")]);
    }

    #[test]
    fn resume_takes_an_optional_id_and_aiders_switch_takes_none() {
        assert_eq!(parsed(&["--resume"]).resume, Some(Resume::Latest));
        assert_eq!(
            parsed(&["--resume", "s-42"]).resume,
            Some(Resume::Session("s-42".into()))
        );
        let layer = parsed(&["--restore-chat-history", "main.py"]);
        assert_eq!(layer.resume, Some(Resume::Latest));
        assert_eq!(layer.files, vec![PathBuf::from("main.py")]);
        assert_eq!(
            parsed(&["--resume", "--no-restore-chat-history"]).resume,
            Some(Resume::No)
        );
    }

    #[test]
    fn unknown_modes_and_formats_fail_with_the_list() {
        let argv = ["aider-tui", "--chat-mode", "bogus"];
        let message = Cli::try_parse_from(argv).unwrap_err().to_string();
        assert!(message.contains("bogus"), "{message}");
        assert!(
            message.contains("code")
                && message.contains("architect")
                && message.contains("context"),
            "{message}"
        );
        let argv = ["aider-tui", "--edit-format", "bogus"];
        let message = Cli::try_parse_from(argv).unwrap_err().to_string();
        assert!(
            message.contains("udiff") && message.contains("patch"),
            "{message}"
        );
        // A chat mode is accepted as an edit format (Aider's one option), but not listed.
        assert!(!message.contains("architect"), "{message}");
    }

    #[test]
    fn wrong_values_name_the_flag_and_keys_are_not_shown() {
        let argv = ["aider-tui", "--map-tokens", "lots"];
        let message = Cli::try_parse_from(argv).unwrap_err().to_string();
        assert!(
            message.contains("--map-tokens") && message.contains("the command line"),
            "{message}"
        );
        let argv = ["aider-tui", "--set-env", "OPENAI_API_KEY sk-typo-secret"];
        let message = Cli::try_parse_from(argv).unwrap_err().to_string();
        assert!(message.contains("--set-env"), "{message}");
        assert!(!message.contains("sk-typo-secret"), "{message}");
    }
}
