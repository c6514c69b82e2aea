//! The answers of the commands that only read (`/settings`, `/models`, `/sessions`,
//! `/help`), as functions over the owners they need: the command runs them between
//! turns, a lookup (`lookups`) beside a running turn, from the turn's snapshot.
//! `/models WORD` lists the model table's entries (and a running local Ollama's
//! models) whose names contain WORD, with their context windows and prices.

use crate::config::Settings;
use crate::llm::OLLAMA_DEFAULT_BASE;
use crate::protocol::{
    Command, ErrorKind, Event, NoticeLevel, SessionInfo, TurnOutcome, help_text,
};
use crate::sessions::SessionStore;

use super::emitter::Emitter;
use super::model_listing::models_listing;
use super::models::Models;
use super::session::Session;

/// `/settings`, `/models [WORD]`, `/help`, and `/cancel`, between turns (when nothing
/// is queued: what was queued is already running).
pub(super) async fn command_reading(
    command: Command,
    session: &Session,
    emitter: &Emitter,
    args: &str,
) -> TurnOutcome {
    let text = match command {
        Command::Settings => settings_text(&session.settings),
        Command::Help => help_text(),
        Command::Cancel => "Nothing is queued.".to_string(),
        Command::Models => {
            let base = ollama_base(&session.settings, &session.models);
            match models_listing(args.trim(), session.settings.clone(), base).await {
                Ok(text) => text,
                Err(message) => return command_error(message),
            }
        }
        other => return command_error(format!("/{} is not a reading command", other.name())),
    };
    emitter.info(text).await;
    TurnOutcome::Success
}

fn command_error(message: String) -> TurnOutcome {
    TurnOutcome::Error {
        kind: ErrorKind::Command,
        message,
    }
}

/// What `/settings` shows. Reads only: a lookup during a turn runs it too.
pub(super) fn settings_text(settings: &crate::config::Settings) -> String {
    // A base URL may carry a key (`?api-key=…`, `user:key@`).
    let mut shown = settings.clone();
    shown.api_base = shown.api_base.as_deref().map(crate::llm::redact_url);
    settings_table(&shown)
}

/// `/settings`: one row per option, its value and where it was set, then the files read.
fn settings_table(settings: &crate::config::Settings) -> String {
    let rows: Vec<(&str, String, &str)> = crate::config::OPTIONS
        .iter()
        .zip(settings.option_values())
        .map(|(option, value)| {
            let origin = settings
                .origins
                .get(option.name)
                .map_or("default", String::as_str);
            (option.name, plain_value(&value), origin)
        })
        .collect();
    let name_width = rows.iter().map(|(name, ..)| name.len()).max().unwrap_or(6);
    let value_width = rows
        .iter()
        .map(|(_, value, _)| value.chars().count())
        .max()
        .unwrap_or(5)
        .clamp(5, 40);
    let mut text = format!(
        "{:<name_width$}  {:<value_width$}  set in\n",
        "option", "value"
    );
    for (name, value, origin) in rows {
        text.push_str(&format!(
            "{name:<name_width$}  {value:<value_width$}  {origin}\n"
        ));
    }
    if !settings.sources.is_empty() {
        let files: Vec<String> = settings
            .sources
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        text.push_str(&format!("Files read: {}\n", files.join(", ")));
    }
    text.trim_end().to_string()
}

/// A value as a person writes it: `Some("x")` as `x`, `None` and `[]` as `-`, a list
/// of strings as `a, b`, a bare variant name (`No`) in lower case.
fn plain_value(debug: &str) -> String {
    let inner = debug
        .strip_prefix("Some(")
        .and_then(|rest| rest.strip_suffix(')'))
        .unwrap_or(debug);
    if matches!(inner, "None" | "[]") {
        return "-".to_string();
    }
    if let Some(items) = inner
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
    {
        let items: Vec<String> = items.split(", ").map(unquoted).collect();
        return items.join(", ");
    }
    if inner.chars().all(|c| c.is_ascii_alphabetic()) && inner.starts_with(char::is_uppercase) {
        return inner.to_ascii_lowercase();
    }
    unquoted(inner)
}

/// `"x"` as `x`; anything else as it is.
fn unquoted(text: &str) -> String {
    match text
        .strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
    {
        Some(inner) => inner.to_string(),
        None => text.to_string(),
    }
}

/// The Ollama this session talks to (`--api-base` when it is for Ollama), else the
/// one `OLLAMA_API_BASE` names, else the local default.
pub(super) fn ollama_base(settings: &Settings, models: &Models) -> String {
    let session_base = settings
        .api_base
        .clone()
        .filter(|_| models.flags_provider() == Some("ollama"));
    session_base
        .or_else(|| settings.lookup_env("OLLAMA_API_BASE"))
        .unwrap_or_else(|| OLLAMA_DEFAULT_BASE.to_string())
}

/// The saved sessions of `store` (`current` marked), as the events `/sessions` sends: a
/// warning per file skipped, then the list.
pub(super) async fn session_list(
    store: Option<SessionStore>,
    current: String,
) -> Result<Vec<Event>, String> {
    let Some(store) = store else {
        return Err(
            "Sessions cannot be saved or listed here: the state folder (.aider-tui) cannot be used."
                .to_string(),
        );
    };
    let listing = tokio::task::spawn_blocking(move || store.list())
        .await
        .map_err(|err| err.to_string())?
        .map_err(|err| err.to_string())?;
    let mut events: Vec<Event> = listing
        .skipped
        .iter()
        .map(|problem| Event::Notice {
            level: NoticeLevel::Warn,
            text: format!("Skipped {problem}"),
        })
        .collect();
    let sessions = listing
        .sessions
        .iter()
        .map(|summary| SessionInfo::from_summary(summary, summary.id == current))
        .collect();
    events.push(Event::SessionList { sessions });
    Ok(events)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_values_read_as_a_person_writes_them() {
        assert_eq!(plain_value(r#"Some("gpt-4o")"#), "gpt-4o");
        assert_eq!(plain_value("None"), "-");
        assert_eq!(plain_value("[]"), "-");
        assert_eq!(plain_value(r#"["a.py", "b c.py"]"#), "a.py, b c.py");
        assert_eq!(plain_value("No"), "no");
        assert_eq!(plain_value("true"), "true");
        assert_eq!(plain_value("Some(1024)"), "1024");
    }
}
