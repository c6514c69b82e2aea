//! `aider-tui completions SHELL` and `aider-tui man`: both made from the same clap
//! definition as the parser, so a flag cannot be missing from either. The manual adds
//! the keys (from the keymap's defaults) and the files the tool reads and writes.

// The binary's edge: a failure to write the manual is said on stderr.
#![allow(clippy::print_stderr)]

use std::io::{self, Write};
use std::process::ExitCode;

use clap::CommandFactory;
use clap_complete::Shell;
use roff::{Roff, bold, italic, roman};

use super::args::Cli;
use crate::tui::keymap::{KeyContext, Keymap};

/// The files aider-tui reads and writes, for the manual's FILES section.
const FILES: &[(&str, &str)] = &[
    (
        "~/.aider.conf.yml, <repo>/.aider.conf.yml, ./.aider.conf.yml",
        "Settings in YAML, lowest first (or the one --config names); Aider's own file.",
    ),
    (
        "~/.env, <repo>/.env, ./.env",
        "AIDER_* settings and provider keys (or the one --env-file names).",
    ),
    (
        "<repo>/.aiderignore",
        "Files the chat, the repo map and the watcher leave out (gitignore syntax).",
    ),
    (
        "~/.config/aider-tui/keymap.toml, <repo>/.aider-tui/keymap.toml",
        "Key bindings that change the defaults listed under KEYS.",
    ),
    (
        "<repo>/.aider-tui/sessions/",
        "Every session, saved after each turn (--resume, /sessions, /rewind).",
    ),
    (
        "<repo>/.aider-tui/chat-history.md, input-history, aider-tui.log",
        "The chat as Markdown, the typed history and the log (never the terminal).",
    ),
    (
        "<repo>/.aider-tui/repomap-index.bin, repomap-snapshot.bin",
        "The repo map's index and its last map, kept for an unchanged tree.",
    ),
    (
        "$XDG_CACHE_HOME/aider-tui/tags/",
        "The tag store shared by every repository (or --tag-store).",
    ),
    (
        "$XDG_STATE_HOME/aider-tui/state-key",
        "A secret of this user's (0600) that the repository's state files are signed with.",
    ),
    (
        "<repo>/.git/info/exclude",
        "Gets .aider-tui/ added, so the tool's folder stays out of git.",
    ),
];

/// Prints the completion script for `shell`.
pub fn print_completions(shell: Shell) -> ExitCode {
    let mut out = Vec::new();
    write_completions(shell, &mut out);
    print(&out)
}

/// Prints the manual page (roff).
pub fn print_man() -> ExitCode {
    let mut out = Vec::new();
    match write_man(&mut out) {
        Ok(()) => print(&out),
        Err(err) => {
            eprintln!("aider-tui: cannot write the manual: {err}");
            ExitCode::FAILURE
        }
    }
}

fn print(bytes: &[u8]) -> ExitCode {
    let mut stdout = io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`| head`) is not worth a message.
        Err(_) => ExitCode::FAILURE,
    }
}

/// The completion script for `shell`.
pub fn write_completions(shell: Shell, out: &mut Vec<u8>) {
    let mut command = Cli::command();
    clap_complete::generate(shell, &mut command, "aider-tui", out);
}

/// The manual: clap's sections, every subcommand's options, then KEYS and FILES.
pub fn write_man(out: &mut Vec<u8>) -> io::Result<()> {
    let command = Cli::command();
    let man = clap_mangen::Man::new(command.clone());
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    man.render_subcommands_section(out)?;
    let mut roff = Roff::new();
    for sub in command.get_subcommands() {
        subcommand_options(&mut roff, sub, &command);
    }
    keys_section(&mut roff);
    files_section(&mut roff);
    roff.to_writer(out)?;
    man.render_version_section(out)
}

/// A subcommand's own options (clap's OPTIONS lists only the top level's); `watch`
/// takes the session's flags, which OPTIONS already lists.
fn subcommand_options(roff: &mut Roff, sub: &clap::Command, top: &clap::Command) {
    let listed = |long: &str| top.get_arguments().any(|arg| arg.get_long() == Some(long));
    let flags: Vec<&clap::Arg> = sub
        .get_arguments()
        .filter(|arg| !arg.is_hide_set())
        .filter(|arg| arg.get_long().is_some_and(|long| !listed(long)))
        .collect();
    if flags.is_empty() {
        return;
    }
    let title = format!("{} OPTIONS", sub.get_name().to_uppercase());
    roff.control("SH", [title.as_str()]);
    for arg in flags {
        let long = arg.get_long().unwrap_or_default();
        let mut head = vec![bold(format!("--{long}"))];
        if arg.get_action().takes_values() {
            let value = arg
                .get_value_names()
                .and_then(|names| names.first())
                .map_or_else(
                    || arg.get_id().to_string().to_uppercase(),
                    |name| name.to_string(),
                );
            head.push(roman(" "));
            head.push(italic(value));
        }
        roff.control("TP", []).text(head);
        let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
        roff.text([roman(help)]);
    }
}

/// The default keys, context by context, as the help overlay lists them.
fn keys_section(roff: &mut Roff) {
    roff.control("SH", ["KEYS"]);
    roff.text([roman(
        "The full-screen session's default keys; a keymap file (see FILES) changes them.",
    )]);
    let keymap = Keymap::default();
    for context in KeyContext::ALL {
        roff.control("SS", [context.name()]);
        for (keys, does) in keymap.help_rows(context) {
            roff.control("TP", []).text([bold(keys)]);
            roff.text([roman(does)]);
        }
    }
}

fn files_section(roff: &mut Roff) {
    roff.control("SH", ["FILES"]);
    for (path, what) in FILES {
        roff.control("TP", []).text([italic(*path)]);
        roff.text([roman(*what)]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every long flag of the command line and of each subcommand.
    fn every_flag() -> Vec<String> {
        let command = Cli::command();
        let mut flags = Vec::new();
        for each in std::iter::once(&command).chain(command.get_subcommands()) {
            for arg in each.get_arguments().filter(|arg| !arg.is_hide_set()) {
                if let Some(long) = arg.get_long() {
                    flags.push(long.to_string());
                }
            }
        }
        flags.sort();
        flags.dedup();
        flags
    }

    #[test]
    fn every_flag_is_in_the_completions_and_the_manual() {
        let flags = every_flag();
        assert!(flags.len() > 50, "{}", flags.len());
        let mut bash = Vec::new();
        write_completions(Shell::Bash, &mut bash);
        let bash = String::from_utf8(bash).unwrap();
        let mut man = Vec::new();
        write_man(&mut man).unwrap();
        let man = String::from_utf8(man).unwrap();
        for flag in &flags {
            assert!(bash.contains(&format!("--{flag}")), "--{flag} not in bash");
            // roff writes a minus as `\-`.
            let escaped = format!("--{flag}").replace('-', "\\-");
            assert!(man.contains(&escaped), "--{flag} not in man");
        }
        for section in [".SH KEYS", ".SH FILES", ".SH \"APPLY OPTIONS\""] {
            assert!(man.contains(section), "{section}");
        }
        assert!(man.contains("Ctrl\\-C"), "the keys come from the keymap");
    }

    #[test]
    fn every_shell_gets_a_script_naming_the_subcommands() {
        for shell in [
            Shell::Bash,
            Shell::Zsh,
            Shell::Fish,
            Shell::Elvish,
            Shell::PowerShell,
        ] {
            let mut out = Vec::new();
            write_completions(shell, &mut out);
            let text = String::from_utf8(out).unwrap();
            for sub in ["apply", "map", "sessions", "watch", "completions", "man"] {
                assert!(text.contains(sub), "{shell}: {sub}");
            }
        }
    }
}
