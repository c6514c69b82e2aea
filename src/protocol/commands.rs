//! The slash commands: one registry of names, arguments, help, completion and where
//! each runs. The engine dispatches on it, the full-screen UI runs its own rows and
//! hands the rest on, and every front end completes and lists from it.
//!
//! The enum and the table come from one macro list, so a command without a row (or a
//! row without a command) does not compile.

use serde::{Deserialize, Serialize};

/// What a command's argument is, so a front end can complete it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Argument {
    None,
    /// Repository files (paths, folders, globs).
    RepoFiles,
    /// Files in the chat.
    ChatFiles,
    /// A chat mode.
    Mode,
    /// A model name.
    Model,
    /// A message for the model.
    Message,
    /// Free text (a shell or git command, a commit message).
    Text,
    /// A file path that need not be in the repository (`/save`, `/load`, `/voice`).
    Path,
    /// A provider that takes an API key (`/key`).
    Provider,
}

/// Where a typed command runs in the full-screen session. A headless run sends every
/// command to the engine, which does what it can without a screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Runs {
    /// The engine runs it.
    Engine,
    /// The UI runs it alone: it acts on the screen, the message box or the watcher.
    Ui,
    /// The UI updates its panes, then the engine runs it.
    UiThenEngine,
}

/// One row of the registry.
#[derive(Debug, Clone, Copy)]
pub struct CommandSpec {
    pub command: Command,
    pub name: &'static str,
    /// How the argument is written in the help (`FILE...`), empty when none.
    pub usage: &'static str,
    /// What completes after the name.
    pub argument: Argument,
    pub runs: Runs,
    pub help: &'static str,
}

/// Declares the `Command` enum and `COMMANDS` in the same order, so `spec` is an index.
macro_rules! commands {
    ($(
        $variant:ident {
            name: $name:literal,
            usage: $usage:literal,
            argument: $argument:ident,
            runs: $runs:ident,
            help: $help:literal $(,)?
        },
    )+) => {
        /// A slash command.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum Command {
            $($variant,)+
        }

        /// Every command, in the order `/help` lists them.
        pub static COMMANDS: &[CommandSpec] = &[$(
            CommandSpec {
                command: Command::$variant,
                name: $name,
                usage: $usage,
                argument: Argument::$argument,
                runs: Runs::$runs,
                help: $help,
            },
        )+];
    };
}

commands! {
    Add {
        name: "add",
        usage: "PATH|DIR|GLOB...",
        argument: RepoFiles,
        runs: Engine,
        help: "Add files to the chat so the model can edit them",
    },
    Drop {
        name: "drop",
        usage: "[FILE...]",
        argument: ChatFiles,
        runs: Engine,
        help: "Remove files from the chat (all of them with no argument)",
    },
    ReadOnly {
        name: "read-only",
        usage: "PATH...",
        argument: RepoFiles,
        runs: Engine,
        help: "Add files the model may read but not edit",
    },
    Ls {
        name: "ls",
        usage: "",
        argument: None,
        runs: Engine,
        help: "List the chat files, the read-only files and the other repository files",
    },
    Undo {
        name: "undo",
        usage: "",
        argument: None,
        runs: Engine,
        help: "Undo the last commit if aider-tui made it",
    },
    Diff {
        name: "diff",
        usage: "",
        argument: None,
        runs: Engine,
        help: "Show what the last turn changed",
    },
    Commit {
        name: "commit",
        usage: "[MESSAGE]",
        argument: Text,
        runs: Engine,
        help: "Commit your pending changes (message optional)",
    },
    Run {
        name: "run",
        usage: "COMMAND",
        argument: Text,
        runs: Engine,
        help: "Run a shell command now and optionally keep its output for the model",
    },
    Test {
        name: "test",
        usage: "[COMMAND]",
        argument: Text,
        runs: Engine,
        help: "Run the test command (or the given one)",
    },
    Lint {
        name: "lint",
        usage: "[FILE...]",
        argument: ChatFiles,
        runs: Engine,
        help: "Lint the chat files (or the given ones) and offer to fix problems",
    },
    Ask {
        name: "ask",
        usage: "[QUESTION]",
        argument: Message,
        runs: Engine,
        help: "Ask a question without edits; with no text, switch to ask mode",
    },
    Code {
        name: "code",
        usage: "[REQUEST]",
        argument: Message,
        runs: Engine,
        help: "Ask for edits; with no text, switch to code mode",
    },
    Architect {
        name: "architect",
        usage: "[REQUEST]",
        argument: Message,
        runs: Engine,
        help: "Plan with the main model, edit with the editor model; with no text, switch mode",
    },
    ChatMode {
        name: "chat-mode",
        usage: "MODE",
        argument: Mode,
        runs: Engine,
        help: "Switch mode: code, ask, architect or context",
    },
    Model {
        name: "model",
        usage: "[NAME]",
        argument: Model,
        runs: Engine,
        help: "Show or switch the main model",
    },
    WeakModel {
        name: "weak-model",
        usage: "[NAME]",
        argument: Model,
        runs: Engine,
        help: "Show or switch the model that writes commit messages and summaries",
    },
    EditorModel {
        name: "editor-model",
        usage: "[NAME]",
        argument: Model,
        runs: Engine,
        help: "Show or switch the editor model of architect mode",
    },
    Tokens {
        name: "tokens",
        usage: "",
        argument: None,
        runs: Engine,
        help: "Show each part of the next request: tokens, cost, window share, prompt cache",
    },
    Clear {
        name: "clear",
        usage: "",
        argument: None,
        runs: UiThenEngine,
        help: "Forget the conversation history",
    },
    Reset {
        name: "reset",
        usage: "",
        argument: None,
        runs: Engine,
        help: "Drop all files and forget the history",
    },
    Map {
        name: "map",
        usage: "",
        argument: None,
        runs: Engine,
        help: "Show the repo map as the model sees it",
    },
    MapRefresh {
        name: "map-refresh",
        usage: "",
        argument: None,
        runs: UiThenEngine,
        help: "Re-read the repository and show the map",
    },
    Settings {
        name: "settings",
        usage: "",
        argument: None,
        runs: Engine,
        help: "Show the session's settings and where each came from",
    },
    Help {
        name: "help",
        usage: "",
        argument: None,
        runs: Engine,
        help: "List the commands",
    },
    Exit {
        name: "exit",
        usage: "",
        argument: None,
        runs: Ui,
        help: "End the session",
    },
    Quit {
        name: "quit",
        usage: "",
        argument: None,
        runs: Ui,
        help: "End the session (as /exit)",
    },
    Git {
        name: "git",
        usage: "ARGS",
        argument: Text,
        runs: Engine,
        help: "Run a git command",
    },
    Rewind {
        name: "rewind",
        usage: "[K]",
        argument: Text,
        runs: Engine,
        help: "Go back to before your K-th latest message (default 1): the conversation, and the code by moving the branch back over the assistant's commits",
    },
    Redo {
        name: "redo",
        usage: "",
        argument: None,
        runs: Engine,
        help: "Put back what the last /rewind took away: the messages and the commits",
    },
    Sessions {
        name: "sessions",
        usage: "",
        argument: None,
        runs: Engine,
        help: "List the saved sessions of this repository (a picker in the full-screen session)",
    },
    Resume {
        name: "resume",
        usage: "ID",
        argument: Text,
        runs: Engine,
        help: "Switch to a saved session (a unique start of its id is enough)",
    },
    AutoAccept {
        name: "auto-accept",
        usage: "",
        argument: None,
        runs: Ui,
        help: "Turn auto-accept of edits on or off (like --yes)",
    },
    Context {
        name: "context",
        usage: "[REQUEST]",
        argument: Message,
        runs: Engine,
        help: "Have the model name the files a change needs and add them; with no text, switch mode",
    },
    Watch {
        name: "watch",
        usage: "",
        argument: None,
        runs: Ui,
        help: "Watch the files for comments ending in AI! or AI? and act on them (on/off)",
    },
    Copy {
        name: "copy",
        usage: "",
        argument: None,
        runs: Engine,
        help: "Copy the model's last reply to the clipboard",
    },
    CopyContext {
        name: "copy-context",
        usage: "",
        argument: None,
        runs: Engine,
        help: "Copy the chat context as Markdown, to paste into a web chat",
    },
    Paste {
        name: "paste",
        usage: "[NAME]",
        argument: Text,
        runs: Engine,
        help: "Paste the clipboard: text into the message box, an image into the chat",
    },
    Web {
        name: "web",
        usage: "URL [TEXT]",
        argument: Text,
        runs: Engine,
        help: "Fetch a web page for the next message; with TEXT, send TEXT with it now",
    },
    Voice {
        name: "voice",
        usage: "[FILE.wav]",
        argument: Path,
        runs: Engine,
        help: "Speak a message (Enter stops), or transcribe a WAV file, into the message box",
    },
    Editor {
        name: "editor",
        usage: "",
        argument: None,
        runs: Ui,
        help: "Write the message in $VISUAL or $EDITOR",
    },
    MultilineMode {
        name: "multiline-mode",
        usage: "",
        argument: None,
        runs: Ui,
        help: "Swap the keys that send a message and that insert a new line",
    },
    ContextPane {
        name: "context-pane",
        usage: "",
        argument: None,
        runs: Ui,
        help: "Show or hide the context pane: the next request part by part, with the prompt cache",
    },
    Save {
        name: "save",
        usage: "FILE",
        argument: Path,
        runs: Engine,
        help: "Save the chat's files as /add and /read-only commands, for /load",
    },
    Load {
        name: "load",
        usage: "FILE",
        argument: Path,
        runs: Engine,
        help: "Run the slash commands in a file (blank lines and # comments skipped)",
    },
    ReasoningEffort {
        name: "reasoning-effort",
        usage: "[low|medium|high]",
        argument: Text,
        runs: Engine,
        help: "Show or set how hard a reasoning model thinks (OpenAI reasoning_effort)",
    },
    ThinkTokens {
        name: "think-tokens",
        usage: "[N]",
        argument: Text,
        runs: Engine,
        help: "Show or set the thinking budget in tokens (8k, 0 for off; Anthropic)",
    },
    Models {
        name: "models",
        usage: "WORD",
        argument: Text,
        runs: Engine,
        help: "List known models (and a local Ollama's) whose names contain WORD",
    },
    Cancel {
        name: "cancel",
        usage: "",
        argument: None,
        runs: Engine,
        help: "Drop the messages and commands queued while a turn runs",
    },
    Key {
        name: "key",
        usage: "PROVIDER",
        argument: Provider,
        runs: Ui,
        help: "Type a provider's API key, masked, for this session only (never saved or shown)",
    },
}

impl Command {
    /// The command's row in the table.
    pub fn spec(self) -> &'static CommandSpec {
        // The macro writes the rows in the enum's order.
        &COMMANDS[self as usize]
    }

    /// The name as typed, without the slash.
    pub fn name(self) -> &'static str {
        self.spec().name
    }
}

/// The providers `/key` takes: the services whose models need a key.
pub fn key_providers() -> impl Iterator<Item = &'static str> {
    crate::llm::SERVICES
        .iter()
        .filter(|service| service.key_variable().is_some())
        .map(|service| service.prefix)
}

/// Whether a typed line is `/key …` as the program takes it (the masked entry starts
/// on it). What is kept out of every record is wider: [`may_hold_key`].
pub fn is_key_line(line: &str) -> bool {
    line.trim_start().starts_with('/') && matches!(parse_command(line), Ok((Command::Key, _)))
}

/// Whether a line may carry a key: it is `/key …`, or would be under another case or a
/// near typo (`/KEY`, `/kye`, `/keys`: within the distance "did you mean" allows). Such a
/// line is never kept in a history, echoed, logged or sent: the one rule every writer
/// goes through, by [`without_key`].
pub fn may_hold_key(line: &str) -> bool {
    let Some(command) = line.trim_start().strip_prefix('/') else {
        return false;
    };
    let typed = command
        .split(char::is_whitespace)
        .next()
        .unwrap_or_default()
        .to_lowercase();
    let name = Command::Key.name();
    is_key_line(&format!("/{typed}")) || within_typo_distance(&typed, name)
}

/// The provider `/key` names, as the table spells it, if it takes a key.
pub fn key_provider(word: &str) -> Option<&'static str> {
    key_providers().find(|provider| provider.eq_ignore_ascii_case(word.trim()))
}

/// Why `/key` did not take the word typed as its provider. The word is not repeated:
/// it may be a key typed where the provider goes.
pub fn no_key_provider() -> String {
    let names: Vec<&str> = key_providers().collect();
    format!(
        "/key takes a provider that needs a key: {} (Ollama needs none)",
        names.join(", ")
    )
}

/// Text with every line that [may hold a key](may_hold_key) cut to its command and
/// provider (`/key openai [key hidden]`, `/kye openai [key hidden]`), to echo, record
/// or send; any other text as it is. A word that names no provider is hidden too: it
/// may be a key typed in the provider's place.
pub fn without_key(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.lines().any(may_hold_key) {
        return text.into();
    }
    let lines: Vec<std::borrow::Cow<'_, str>> = text
        .split('\n')
        .map(|line| {
            if may_hold_key(line) {
                key_line_hidden(line).into()
            } else {
                line.into()
            }
        })
        .collect();
    lines.join("\n").into()
}

/// One key-holding line, its key left out.
fn key_line_hidden(line: &str) -> String {
    let mut words = line.split_whitespace();
    let command = words.next().unwrap_or_default();
    match (words.next().map(key_provider), words.next()) {
        (Some(Some(provider)), Some(_)) => format!("{command} {provider} [key hidden]"),
        (Some(Some(provider)), None) => format!("{command} {provider}"),
        (Some(None), _) => format!("{command} [hidden]"),
        (None, _) => command.to_string(),
    }
}

/// Reads a typed command line (`/tok`, `/add src/a.py`): the command (an exact name, or
/// a prefix of exactly one) and its argument text.
pub fn parse_command(line: &str) -> Result<(Command, &str), String> {
    let line = line.trim().trim_start_matches('/');
    let (typed, args) = match line.split_once(char::is_whitespace) {
        Some((typed, args)) => (typed, args.trim()),
        None => (line, ""),
    };
    if let Some(row) = COMMANDS.iter().find(|row| row.name == typed) {
        return Ok((row.command, args));
    }
    let matches: Vec<&CommandSpec> = COMMANDS
        .iter()
        .filter(|row| row.name.starts_with(typed))
        .collect();
    match matches.as_slice() {
        [one] => Ok((one.command, args)),
        [] => Err(match closest_name(typed) {
            Some(name) => format!("Unknown command /{typed}: did you mean /{name}?"),
            None => format!("Unknown command /{typed}; /help lists the commands"),
        }),
        many => {
            let names: Vec<&str> = many.iter().map(|row| row.name).collect();
            Err(format!("/{typed} is ambiguous: /{}", names.join(", /")))
        }
    }
}

/// The command name nearest to a mistyped one (case ignored): within
/// [`within_typo_distance`], and no tie.
fn closest_name(typed: &str) -> Option<&'static str> {
    let typed = typed.to_lowercase();
    let mut scored: Vec<(usize, &'static str)> = COMMANDS
        .iter()
        .filter(|row| within_typo_distance(&typed, row.name))
        .map(|row| (edit_distance(&typed, row.name), row.name))
        .collect();
    scored.sort();
    match scored.as_slice() {
        [(best, name), rest @ ..] if rest.first().is_none_or(|(next, _)| next > best) => Some(name),
        _ => None,
    }
}

/// Whether `typed` is a near typo of `name`: at most two letters added, dropped,
/// changed or swapped (one for words of three letters or fewer).
fn within_typo_distance(typed: &str, name: &str) -> bool {
    let allowed = if typed.chars().count() <= 3 { 1 } else { 2 };
    edit_distance(typed, name) <= allowed
}

/// Optimal string alignment distance: edits with adjacent swaps counted as one.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    rows[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

/// The help text of every command.
pub fn help_text() -> String {
    COMMANDS
        .iter()
        .map(|row| {
            let usage = if row.usage.is_empty() {
                String::new()
            } else {
                format!(" {}", row.usage)
            };
            format!("/{:<24} {}", format!("{}{usage}", row.name), row.help)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_resolve_by_name_or_unique_prefix() {
        assert_eq!(parse_command("/tokens"), Ok((Command::Tokens, "")));
        assert_eq!(parse_command("/tok"), Ok((Command::Tokens, "")));
        assert_eq!(parse_command("/map"), Ok((Command::Map, "")));
        assert_eq!(
            parse_command("/add  src/a.py b.py "),
            Ok((Command::Add, "src/a.py b.py"))
        );
        assert!(parse_command("/m").unwrap_err().contains("ambiguous"));
        assert!(parse_command("/nope").unwrap_err().contains("Unknown"));
    }

    #[test]
    fn every_command_has_one_row_with_help_and_a_completion_kind() {
        for (index, row) in COMMANDS.iter().enumerate() {
            assert_eq!(row.command as usize, index, "{}", row.name);
            assert_eq!(row.command.spec().name, row.name);
            assert!(!row.help.is_empty(), "/{} has no help", row.name);
            // An argument to complete is written in the usage, and none is not.
            assert_eq!(
                row.usage.is_empty(),
                row.argument == Argument::None,
                "/{}: usage {:?} and argument {:?} disagree",
                row.name,
                row.usage,
                row.argument
            );
            assert!(
                COMMANDS[index + 1..]
                    .iter()
                    .all(|other| other.name != row.name),
                "{}",
                row.name
            );
        }
        // The help lists every row whole.
        let help = help_text();
        for row in COMMANDS {
            assert!(help.contains(row.help), "/{}", row.name);
        }
    }

    #[test]
    fn a_key_line_is_known_and_echoed_without_its_key() {
        assert!(is_key_line("/key openai sk-live-1"));
        assert!(is_key_line("/k openai"));
        assert!(!is_key_line("key openai"));
        assert!(!is_key_line("/keyboard"));
        assert_eq!(
            without_key("/key openai sk-live-1"),
            "/key openai [key hidden]"
        );
        assert_eq!(without_key("/key OpenAI"), "/key openai");
        // A key typed where the provider goes is hidden too.
        assert_eq!(without_key("/key sk-live-1"), "/key [hidden]");
        assert_eq!(without_key("/add a.py"), "/add a.py");
        let providers: Vec<&str> = key_providers().collect();
        assert!(providers.contains(&"openai") && providers.contains(&"anthropic"));
        assert!(!providers.contains(&"ollama"));
    }

    #[test]
    fn a_key_line_under_another_case_or_a_typo_may_hold_a_key() {
        for line in [
            "/key openai sk-1",
            "/KEY openai sk-1",
            "/Key anthropic sk-1",
            "/kye openai sk-1",
            "/keys openai sk-1",
            "/ky openai sk-1",
            "  /k openai sk-1",
        ] {
            assert!(may_hold_key(line), "{line}");
        }
        assert_eq!(without_key("/KEY openai sk-1"), "/KEY openai [key hidden]");
        assert_eq!(without_key("/kye sk-1"), "/kye [hidden]");
        // Every line of a pasted text, the rest kept as it is.
        assert_eq!(
            without_key("fix this\n/kye openai sk-1\nthanks"),
            "fix this\n/kye openai [key hidden]\nthanks"
        );
        // What "did you mean" answers with /key is covered.
        let answer = parse_command("/kye openai sk-1").unwrap_err();
        assert!(answer.ends_with("did you mean /key?"), "{answer}");
        let answer = parse_command("/KEY openai sk-1").unwrap_err();
        assert!(answer.ends_with("did you mean /key?"), "{answer}");
        // No other command, and no plain text, is taken for it.
        for row in COMMANDS.iter().filter(|row| row.command != Command::Key) {
            let line = format!("/{} some words", row.name);
            assert!(!may_hold_key(&line), "{line}");
            assert_eq!(without_key(&line), line);
        }
        for line in ["key openai sk-1", "/keyboard x", "/etc/key x", "hello"] {
            assert!(!may_hold_key(line), "{line}");
        }
    }

    #[test]
    fn a_typo_gets_the_nearest_command() {
        assert_eq!(
            parse_command("/comit fix it").unwrap_err(),
            "Unknown command /comit: did you mean /commit?"
        );
        assert!(
            parse_command("/tset")
                .unwrap_err()
                .contains("did you mean /test?")
        );
        assert!(parse_command("/xyzzy").unwrap_err().contains("/help lists"));
        // "/mdoel" is one swap from /model and further from everything else.
        assert!(parse_command("/mdoel").unwrap_err().ends_with("/model?"));
    }
}
