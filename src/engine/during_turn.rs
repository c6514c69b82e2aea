//! What becomes of a message or command the user sends while a turn runs. Nothing is
//! held silently: each gets an answer at once (`Event::SentDuringTurn`), by this rule:
//!
//! - **It only reads → answered now**, beside the turn, from the turn's snapshot
//!   (`lookups`, `turn_view`): `/settings`, `/models`, `/sessions`, `/map`,
//!   `/map-refresh`, `/help`. The panes' requests are answered the same way without
//!   a word: the commit log, a commit's diff, the file list, the map, the context report.
//! - **It would undo or replace what the turn works on → refused, with the reason**:
//!   `/undo` and the commit log's undo (the turn may be committing), `/rewind`, `/redo`,
//!   `/resume` (they replace the conversation the turn adds to). The user runs them
//!   again when the turn ends, or stops the turn first (`Esc`).
//! - **`/cancel` drops everything queued**; `/exit` and `/quit` end the session at once,
//!   as Ctrl-C does (`Esc` and Ctrl-C never wait either).
//! - **Everything else is queued** and runs as its own turn, in order, when this one
//!   ends: a message, `/add`, `/drop`, `/read-only`, `/model`, `/clear`, `/reset`, a
//!   mode switch, `/commit`, `/run` and the rest. That is what typing ahead means: the
//!   next message should see the files added and the model chosen, and the running
//!   reply should not change under the user's eyes.

use crate::protocol::{Command, Refusal, parse_command};

use super::lookups::Lookup;

/// What to do with a line sent during a turn.
#[derive(Debug, PartialEq, Eq)]
pub enum Handling {
    Answer(Lookup),
    Queue,
    Refuse(Refusal),
    Cancel,
    Quit,
}

/// The rule above, for one submitted line.
pub fn classify(text: &str) -> Handling {
    let line = text.trim();
    if !line.starts_with('/') {
        return Handling::Queue;
    }
    // A line that is no command fails as its own turn, with the reason.
    let Ok((command, args)) = parse_command(line) else {
        return Handling::Queue;
    };
    match command {
        Command::Settings => Handling::Answer(Lookup::Settings),
        Command::Models => Handling::Answer(Lookup::Models(args.trim().to_string())),
        Command::Sessions => Handling::Answer(Lookup::Sessions),
        Command::Map => Handling::Answer(Lookup::Map { refresh: false }),
        Command::MapRefresh => Handling::Answer(Lookup::Map { refresh: true }),
        Command::Help => Handling::Answer(Lookup::Help),
        Command::Undo => Handling::Refuse(Refusal::MovesCommits),
        Command::Rewind | Command::Redo | Command::Resume => {
            Handling::Refuse(Refusal::ReplacesConversation)
        }
        Command::Cancel => Handling::Cancel,
        Command::Exit | Command::Quit => Handling::Quit,
        _ => Handling::Queue,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_commands_are_answered_undoing_ones_refused_the_rest_queued() {
        assert_eq!(classify("/settings"), Handling::Answer(Lookup::Settings));
        assert_eq!(
            classify("/models gpt"),
            Handling::Answer(Lookup::Models("gpt".into()))
        );
        assert_eq!(classify("/undo"), Handling::Refuse(Refusal::MovesCommits));
        assert_eq!(
            classify("/rewind 2"),
            Handling::Refuse(Refusal::ReplacesConversation)
        );
        for queued in [
            "/add a.py",
            "/drop",
            "/model sonnet",
            "/clear",
            "/ask",
            "hello",
            "/nope",
        ] {
            assert_eq!(classify(queued), Handling::Queue, "{queued}");
        }
        assert_eq!(classify("/cancel"), Handling::Cancel);
        assert_eq!(classify("/exit"), Handling::Quit);
    }
}
