//! The slash commands: one table of names, arguments and help, which the engine
//! dispatches on and every front end completes and lists from.

use serde::{Deserialize, Serialize};

/// A slash command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Command {
    Add,
    Drop,
    ReadOnly,
    Ls,
    Undo,
    Diff,
    Commit,
    Run,
    Test,
    Lint,
    Ask,
    Code,
    Architect,
    ChatMode,
    Model,
    WeakModel,
    EditorModel,
    Tokens,
    Clear,
    Reset,
    Map,
    MapRefresh,
    Settings,
    Help,
    Exit,
    Quit,
    Git,
    AutoAccept,
    Rewind,
    Redo,
    Sessions,
    Resume,
    Context,
    Watch,
    Copy,
    CopyContext,
    Paste,
    Web,
    Voice,
    Editor,
    MultilineMode,
    ContextPane,
    Save,
    Load,
    ReasoningEffort,
    ThinkTokens,
    Models,
    Cancel,
}

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
}

/// One row of the table.
#[derive(Debug, Clone, Copy)]
pub struct CommandSpec {
    pub command: Command,
    pub name: &'static str,
    /// How the argument is written in the help (`FILE...`), empty when none.
    pub usage: &'static str,
    pub argument: Argument,
    pub help: &'static str,
}

const fn spec(
    command: Command,
    name: &'static str,
    usage: &'static str,
    argument: Argument,
    help: &'static str,
) -> CommandSpec {
    CommandSpec {
        command,
        name,
        usage,
        argument,
        help,
    }
}

/// Every command, in the order `/help` lists them.
pub const COMMANDS: &[CommandSpec] = &[
    spec(
        Command::Add,
        "add",
        "PATH|DIR|GLOB...",
        Argument::RepoFiles,
        "Add files to the chat so the model can edit them",
    ),
    spec(
        Command::Drop,
        "drop",
        "[FILE...]",
        Argument::ChatFiles,
        "Remove files from the chat (all of them with no argument)",
    ),
    spec(
        Command::ReadOnly,
        "read-only",
        "PATH...",
        Argument::RepoFiles,
        "Add files the model may read but not edit",
    ),
    spec(
        Command::Ls,
        "ls",
        "",
        Argument::None,
        "List the chat files, the read-only files and the other repository files",
    ),
    spec(
        Command::Undo,
        "undo",
        "",
        Argument::None,
        "Undo the last commit if aider-tui made it",
    ),
    spec(
        Command::Diff,
        "diff",
        "",
        Argument::None,
        "Show what the last turn changed",
    ),
    spec(
        Command::Commit,
        "commit",
        "[MESSAGE]",
        Argument::Text,
        "Commit your pending changes (message optional)",
    ),
    spec(
        Command::Run,
        "run",
        "COMMAND",
        Argument::Text,
        "Run a shell command (asks first) and optionally keep its output for the model",
    ),
    spec(
        Command::Test,
        "test",
        "[COMMAND]",
        Argument::Text,
        "Run the test command (or the given one)",
    ),
    spec(
        Command::Lint,
        "lint",
        "[FILE...]",
        Argument::ChatFiles,
        "Lint the chat files (or the given ones) and offer to fix problems",
    ),
    spec(
        Command::Ask,
        "ask",
        "[QUESTION]",
        Argument::Message,
        "Ask a question without edits; with no text, switch to ask mode",
    ),
    spec(
        Command::Code,
        "code",
        "[REQUEST]",
        Argument::Message,
        "Ask for edits; with no text, switch to code mode",
    ),
    spec(
        Command::Architect,
        "architect",
        "[REQUEST]",
        Argument::Message,
        "Plan with the main model, edit with the editor model; with no text, switch mode",
    ),
    spec(
        Command::ChatMode,
        "chat-mode",
        "MODE",
        Argument::Mode,
        "Switch mode: code, ask, architect or context",
    ),
    spec(
        Command::Model,
        "model",
        "[NAME]",
        Argument::Model,
        "Show or switch the main model",
    ),
    spec(
        Command::WeakModel,
        "weak-model",
        "[NAME]",
        Argument::Model,
        "Show or switch the model that writes commit messages and summaries",
    ),
    spec(
        Command::EditorModel,
        "editor-model",
        "[NAME]",
        Argument::Model,
        "Show or switch the editor model of architect mode",
    ),
    spec(
        Command::Tokens,
        "tokens",
        "",
        Argument::None,
        "Show each part of the next request: tokens, cost, window share, prompt cache",
    ),
    spec(
        Command::Clear,
        "clear",
        "",
        Argument::None,
        "Forget the conversation history",
    ),
    spec(
        Command::Reset,
        "reset",
        "",
        Argument::None,
        "Drop all files and forget the history",
    ),
    spec(
        Command::Map,
        "map",
        "",
        Argument::None,
        "Show the repo map as the model sees it",
    ),
    spec(
        Command::MapRefresh,
        "map-refresh",
        "",
        Argument::None,
        "Re-read the repository and show the map",
    ),
    spec(
        Command::Settings,
        "settings",
        "",
        Argument::None,
        "Show the session's settings and where each came from",
    ),
    spec(
        Command::Help,
        "help",
        "",
        Argument::None,
        "List the commands",
    ),
    spec(Command::Exit, "exit", "", Argument::None, "End the session"),
    spec(
        Command::Quit,
        "quit",
        "",
        Argument::None,
        "End the session (as /exit)",
    ),
    spec(
        Command::Git,
        "git",
        "ARGS",
        Argument::Text,
        "Run a git command",
    ),
    spec(
        Command::Rewind,
        "rewind",
        "[K]",
        Argument::Text,
        "Go back to before your K-th latest message (default 1): the conversation, and the code by moving the branch back over the assistant's commits",
    ),
    spec(
        Command::Redo,
        "redo",
        "",
        Argument::None,
        "Put back what the last /rewind took away: the messages and the commits",
    ),
    spec(
        Command::Sessions,
        "sessions",
        "",
        Argument::None,
        "List the saved sessions of this repository (a picker in the full-screen session)",
    ),
    spec(
        Command::Resume,
        "resume",
        "ID",
        Argument::Text,
        "Switch to a saved session (a unique start of its id is enough)",
    ),
    spec(
        Command::AutoAccept,
        "auto-accept",
        "",
        Argument::None,
        "Turn auto-accept of edits on or off (like --yes)",
    ),
    spec(
        Command::Context,
        "context",
        "[REQUEST]",
        Argument::Message,
        "Have the model name the files a change needs and add them; with no text, switch mode",
    ),
    spec(
        Command::Watch,
        "watch",
        "",
        Argument::None,
        "Watch the files for comments ending in AI! or AI? and act on them (on/off)",
    ),
    spec(
        Command::Copy,
        "copy",
        "",
        Argument::None,
        "Copy the model's last reply to the clipboard",
    ),
    spec(
        Command::CopyContext,
        "copy-context",
        "",
        Argument::None,
        "Copy the chat context as Markdown, to paste into a web chat",
    ),
    spec(
        Command::Paste,
        "paste",
        "[NAME]",
        Argument::Text,
        "Paste the clipboard: text into the message box, an image into the chat",
    ),
    spec(
        Command::Web,
        "web",
        "URL [TEXT]",
        Argument::Text,
        "Fetch a web page for the next message; with TEXT, send TEXT with it now",
    ),
    spec(
        Command::Voice,
        "voice",
        "[FILE.wav]",
        Argument::Path,
        "Speak a message (Enter stops), or transcribe a WAV file, into the message box",
    ),
    spec(
        Command::Editor,
        "editor",
        "",
        Argument::None,
        "Write the message in $VISUAL or $EDITOR",
    ),
    spec(
        Command::MultilineMode,
        "multiline-mode",
        "",
        Argument::None,
        "Swap Enter and Alt-Enter: Enter inserts a new line, Alt-Enter sends",
    ),
    spec(
        Command::ContextPane,
        "context-pane",
        "",
        Argument::None,
        "Show or hide the context pane: the next request part by part, with the prompt cache",
    ),
    spec(
        Command::Save,
        "save",
        "FILE",
        Argument::Path,
        "Save the chat's files as /add and /read-only commands, for /load",
    ),
    spec(
        Command::Load,
        "load",
        "FILE",
        Argument::Path,
        "Run the slash commands in a file (blank lines and # comments skipped)",
    ),
    spec(
        Command::ReasoningEffort,
        "reasoning-effort",
        "[low|medium|high]",
        Argument::Text,
        "Show or set how hard a reasoning model thinks (OpenAI reasoning_effort)",
    ),
    spec(
        Command::ThinkTokens,
        "think-tokens",
        "[N]",
        Argument::Text,
        "Show or set the thinking budget in tokens (8k, 0 for off; Anthropic)",
    ),
    spec(
        Command::Models,
        "models",
        "WORD",
        Argument::Text,
        "List known models (and a local Ollama's) whose names contain WORD",
    ),
    spec(
        Command::Cancel,
        "cancel",
        "",
        Argument::None,
        "Drop the messages and commands queued while a turn runs",
    ),
];

impl Command {
    /// The command's row in the table.
    pub fn spec(self) -> &'static CommandSpec {
        COMMANDS
            .iter()
            .find(|row| row.command == self)
            .unwrap_or(&COMMANDS[0])
    }

    /// The name as typed, without the slash.
    pub fn name(self) -> &'static str {
        self.spec().name
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
        [] => Err(format!(
            "Unknown command /{typed}; /help lists the commands"
        )),
        many => {
            let names: Vec<&str> = many.iter().map(|row| row.name).collect();
            Err(format!("/{typed} is ambiguous: /{}", names.join(", /")))
        }
    }
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
    fn every_command_has_one_row_and_a_unique_name() {
        for (index, row) in COMMANDS.iter().enumerate() {
            assert_eq!(row.command.spec().name, row.name);
            assert!(!row.help.is_empty());
            assert!(
                COMMANDS[index + 1..]
                    .iter()
                    .all(|other| other.name != row.name),
                "{}",
                row.name
            );
        }
    }
}
