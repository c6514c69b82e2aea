//! The running session's file: after every turn the session (messages, files, mode,
//! models, totals, and the user turn with the commits it made) is written to
//! `.aider-tui/sessions/<id>.json`; `--resume` reads one back at start and `/resume`
//! switches to another. The file holds no setting, so never a key.

use crate::config::{COMMAND_LINE_ORIGIN, Resume};
use crate::conversation::Role;
use crate::protocol::{ChatMode, ConversationMessage, Event, without_key};
use crate::repo_path::RepoPath;
use crate::safe_fs::StateDir;
use crate::sessions::{
    self, ModelNames, SessionError, SessionLock, SessionRecord, SessionStore, TurnRecord,
};

use super::blocking::blocking;
use super::chat_files::Found;
use super::emitter::Emitter;
use super::files;
use super::history::History;
use super::session::Session;
use super::tally::Tally;

/// The running session's record and where it is saved.
pub struct SessionLog {
    /// `None` when no state folder can be used: nothing is saved, and the user is told.
    store: Option<SessionStore>,
    /// The running session, held so no other run takes it meanwhile.
    lock: Option<SessionLock>,
    pub record: SessionRecord,
    tally: Tally,
    /// The history's generation the record's messages were last taken from; a newer
    /// one means a summary or a clear replaced them.
    synced_generation: u64,
    turn: Option<TurnStart>,
    /// A failed save was reported already (once is enough).
    save_problem_shown: bool,
}

/// What was known when a turn began.
struct TurnStart {
    text: String,
    at: i64,
    /// The history's count of appended messages then.
    pushed: u64,
}

impl SessionLog {
    /// A new session kept in the state folder `state` (saved from its first message
    /// on); without one nothing is saved.
    pub fn new(state: Option<&StateDir>) -> SessionLog {
        let store = match state.map(SessionStore::in_state_dir) {
            Some(Ok(store)) => Some(store),
            Some(Err(err)) => {
                tracing::warn!("sessions will not be saved: {err}");
                None
            }
            None => None,
        };
        let now = sessions::now();
        let id = sessions::new_id(now);
        let lock = store.as_ref().and_then(|store| match store.lock(&id) {
            Ok(lock) => Some(lock),
            Err(err) => {
                tracing::warn!("{err}");
                None
            }
        });
        SessionLog {
            store,
            lock,
            record: SessionRecord::new(id, now),
            tally: Tally::default(),
            synced_generation: 0,
            turn: None,
            save_problem_shown: false,
        }
    }

    /// The tally the emitter feeds.
    pub fn tally(&self) -> Tally {
        self.tally.clone()
    }

    /// The store, if sessions can be saved here.
    pub fn store(&self) -> Option<&SessionStore> {
        self.store.as_ref()
    }

    /// The running session's id.
    pub fn id(&self) -> &str {
        &self.record.id
    }

    /// Holds the session `id` for this run (before it is adopted), letting go of the
    /// one held until now; refuses when another run holds it.
    pub(super) fn hold(&mut self, id: &str) -> Result<(), SessionError> {
        if let Some(store) = &self.store {
            self.lock = Some(store.lock(id)?);
        }
        Ok(())
    }
}

/// The conversation a front end shows: the user's messages (with their turn), the
/// replies, reflection feedback and the summary standing for older messages.
pub(super) fn shown_conversation(record: &SessionRecord) -> Vec<ConversationMessage> {
    let conversation = &record.conversation;
    let starts = conversation.turn_starts();
    conversation
        .messages
        .iter()
        .enumerate()
        .filter_map(|(index, message)| {
            let turn = starts
                .iter()
                .find(|(start, _)| *start == index)
                .map(|(_, turn)| *turn);
            // The summary's acknowledgement says nothing to a reader.
            if message.summary && message.role == Role::Assistant {
                return None;
            }
            Some(ConversationMessage {
                message: message.clone(),
                turn,
            })
        })
        .collect()
}

/// Continues the session `--resume` names, at start. A session that cannot be read
/// is reported and this one starts afresh; one another run holds is refused, and
/// false says the session must not start.
pub(super) async fn resume_at_start(
    log: &mut SessionLog,
    session: &mut Session,
    emitter: &Emitter,
) -> bool {
    let wanted = session.settings.resume.clone();
    if wanted == Resume::No {
        return true;
    }
    let Some(store) = log.store().cloned() else {
        emitter
            .error("Cannot resume: the state folder (.aider-tui) cannot be used here.")
            .await;
        return true;
    };
    let loaded = blocking(move || match wanted {
        Resume::Session(id) => store.load(&id).map(|record| (Some(record), Vec::new())),
        _ => store.latest(),
    })
    .await;
    match loaded {
        Ok((record, skipped)) => {
            for problem in skipped {
                emitter.warn(format!("Skipped {problem}")).await;
            }
            let Some(record) = record else {
                emitter
                    .warn("No earlier session could be read. This is a new session.")
                    .await;
                return true;
            };
            if let Err(err) = log.hold(&record.id) {
                emitter.error(format!("Cannot resume: {err}.")).await;
                return false;
            }
            adopt_session(log, session, emitter, record, false).await;
        }
        Err(err) => {
            emitter
                .error(format!("Could not resume: {err}. This is a new session."))
                .await;
        }
    }
    true
}

/// Makes `record` the running session: its conversation, files, mode, models and
/// totals. With `switching`, the files of the session that ran until now are
/// dropped first. Files that no longer exist are dropped with a notice; a model
/// or format given on this run's command line is kept.
pub(super) async fn adopt_session(
    log: &mut SessionLog,
    session: &mut Session,
    emitter: &Emitter,
    record: SessionRecord,
    switching: bool,
) {
    if switching {
        files::drop_files(&mut session.files, &session.root, "");
        session.ledger.forget_turns();
    }
    restore_files(session, emitter, &record).await;
    restore_models(session, emitter, &record).await;
    session.ledger.resume_cost(record.cost);
    log.tally.set_tokens(record.tokens);
    session
        .history
        .restore(record.conversation.messages.clone());
    log.synced_generation = session.history.generation();
    let turns = record.conversation.turns.len();
    let messages = shown_conversation(&record);
    let id = record.id.clone();
    log.record = record;
    emitter
        .emit(Event::ConversationRestored {
            session: id.clone(),
            messages,
        })
        .await;
    let restored = restored_words(
        turns,
        session.files.editable().len(),
        session.files.read_only().len(),
    );
    emitter
        .info(format!("Resumed session {id}: {restored}."))
        .await;
}

/// The record's chat and read-only files back in the chat. The file's names are taken
/// as written (no glob, no folder) and pass the containment of `/add`: whoever wrote
/// the file, it never makes the model read a file outside the repository, through a
/// symlink or a special file.
async fn restore_files(session: &mut Session, emitter: &Emitter, record: &SessionRecord) {
    let mut missing = Vec::new();
    let mut outside = Vec::new();
    let mut refused = Vec::new();
    let named = record
        .chat_files
        .iter()
        .map(|name| (name, false))
        .chain(record.read_only_files.iter().map(|name| (name, true)));
    for (name, read_only) in named {
        let Ok(relative) = RepoPath::parse(name).map(String::from) else {
            outside.push(name.clone());
            continue;
        };
        let added = match files::find_inside(session, &relative, name) {
            Ok(Found::File) if read_only => files::add_read_only(session, &relative).map(|_| ()),
            Ok(Found::File) => files::add_relative(session, vec![relative])
                .map(|_| ())
                .map_err(|refusal| refusal.to_string()),
            Ok(Found::Folder | Found::Missing) => {
                missing.push(name.clone());
                continue;
            }
            Err(refusal) => Err(refusal.to_string()),
        };
        if let Err(problem) = added {
            refused.push(problem);
        }
    }
    for problem in refused {
        emitter.warn(format!("Not restored: {problem}")).await;
    }
    if !missing.is_empty() {
        emitter
            .warn(format!(
                "Dropped from the chat, as they no longer exist: {}",
                missing.join(", ")
            ))
            .await;
    }
    if !outside.is_empty() {
        emitter
            .warn(format!(
                "Not restored, as they are outside the repository (add them again with /read-only): {}",
                outside.join(", ")
            ))
            .await;
    }
}

/// The stored mode, models and formats, unless this run's command line set them.
async fn restore_models(session: &mut Session, emitter: &Emitter, record: &SessionRecord) {
    let settings = session.settings.clone();
    let given = |option: &str| {
        settings
            .origins
            .get(option)
            .is_some_and(|origin| origin == COMMAND_LINE_ORIGIN)
    };
    let current =
        |model: &Option<super::models::Model>| model.as_ref().map(|model| model.name.clone());
    let models = &mut session.models;
    let mut problems = Vec::new();
    if !given("model")
        && let Some(main) = &record.models.main
        && current(&models.main).as_ref() != Some(main)
        && let Err(problem) = models.switch_main(&settings, main)
    {
        problems.push(format!("could not restore the model {main}: {problem}"));
    }
    if !given("weak-model")
        && let Some(weak) = &record.models.weak
        && current(&models.weak).as_ref() != Some(weak)
        && let Err(problem) = models.switch_weak(&settings, weak)
    {
        problems.push(format!(
            "could not restore the weak model {weak}: {problem}"
        ));
    }
    if !given("editor-model")
        && let Some(editor) = &record.models.editor
        && current(&models.editor).as_ref() != Some(editor)
        && let Err(problem) = models.switch_editor(&settings, editor)
    {
        problems.push(format!(
            "could not restore the editor model {editor}: {problem}"
        ));
    }
    problems.extend(std::mem::take(&mut models.warnings));
    let stored = |format: &str, option: &str| format.parse().ok().filter(|_| !given(option));
    let main = stored(&record.edit_format, "edit-format");
    let editor = stored(&record.editor_edit_format, "editor-edit-format");
    session.models.restore_formats(&settings, main, editor);
    if !given("chat-mode")
        && let Some(mode) = ChatMode::from_name(&record.mode)
    {
        session.mode = mode;
    }
    for problem in problems {
        emitter.warn(problem).await;
    }
}

/// The record kept in step with the session: a turn's start and end, the history's
/// messages, the file written.
impl SessionLog {
    /// Notes what is known as a turn begins (for the turn's record).
    pub(super) fn begin_turn(&mut self, text: &str, history: &History) {
        self.turn = Some(TurnStart {
            text: without_key(text).into_owned(),
            at: sessions::now(),
            pushed: history.pushed(),
        });
        self.tally.start_turn();
    }

    /// After a turn: records it if it was a user turn (it added messages to the
    /// conversation or made commits), and saves the session.
    pub(super) async fn save_after_turn(&mut self, session: &Session, emitter: &Emitter) {
        let started = self.turn.take();
        let (commits, edited) = self.tally.take_turn();
        let history = &session.history;
        self.sync_conversation(history);
        let mut saved_turn = None;
        if let Some(started) = started {
            let appended = usize::try_from(history.pushed().saturating_sub(started.pushed))
                .unwrap_or(usize::MAX);
            let committed = commits.iter().any(|commit| commit.by_assistant);
            if appended > 0 || committed {
                let conversation = &mut self.record.conversation;
                conversation.add_turn(TurnRecord {
                    text: started.text,
                    at: started.at,
                    epoch: conversation.current_epoch(),
                    start: history.messages().len().saturating_sub(appended),
                    commits,
                    uncommitted_edits: edited && !committed,
                });
                saved_turn = Some(conversation.turns.len());
            }
        }
        self.write(session, emitter).await;
        if let Some(turn) = saved_turn {
            emitter
                .emit(Event::TurnSaved {
                    session: self.id().to_string(),
                    turn,
                })
                .await;
        }
    }

    /// Takes the history's messages into the record, keeping replaced ones.
    fn sync_conversation(&mut self, history: &History) {
        let messages = history.messages().to_vec();
        let conversation = &mut self.record.conversation;
        if history.generation() == self.synced_generation {
            conversation.extend_to(messages);
        } else {
            conversation.replace_with(messages);
        }
        self.synced_generation = history.generation();
    }

    /// Puts the record's messages into the history (after a rewind or a redo).
    pub(super) fn restore_history(&mut self, history: &mut History) {
        history.restore(self.record.conversation.messages.clone());
        self.synced_generation = history.generation();
    }

    /// The conversation as front ends show it, for [`Event::ConversationRestored`].
    pub(super) async fn send_conversation(&self, emitter: &Emitter) {
        emitter
            .emit(Event::ConversationRestored {
                session: self.id().to_string(),
                messages: shown_conversation(&self.record),
            })
            .await;
    }

    /// Writes the session file (once there is something worth resuming).
    pub(super) async fn write(&mut self, session: &Session, emitter: &Emitter) {
        self.refresh_record(session);
        let Some(store) = self.store().cloned() else {
            return;
        };
        if !self.record.is_worth_saving() {
            return;
        }
        let record = self.record.clone();
        let saved = blocking(move || store.save(&record)).await;
        if let Err(err) = saved {
            self.report_save_problem(err, emitter).await;
        }
    }

    async fn report_save_problem(&mut self, err: SessionError, emitter: &Emitter) {
        tracing::warn!("{err}");
        if !self.save_problem_shown {
            self.save_problem_shown = true;
            emitter
                .warn(format!(
                    "The session is not being saved ({err}); --resume will not find it."
                ))
                .await;
        }
    }

    /// Copies the session's files, mode, models and totals into the record.
    fn refresh_record(&mut self, session: &Session) {
        let name =
            |model: &Option<super::models::Model>| model.as_ref().map(|model| model.name.clone());
        let tokens = self.tally.tokens();
        let record = &mut self.record;
        record.last_active = sessions::now();
        record.mode = session.mode.name().to_string();
        record.models = ModelNames {
            main: name(&session.models.main),
            weak: name(&session.models.weak),
            editor: name(&session.models.editor),
        };
        record.edit_format = session.models.edit_format().to_string();
        record.editor_edit_format = session.models.editor_edit_format().to_string();
        record.cost = session.ledger.cost();
        record.tokens = tokens;
        record.chat_files = session.files.editable();
        record.read_only_files = session.files.read_only();
    }
}

/// What a resume brought back, counted: "3 messages of yours, 2 files in the chat and
/// 1 read-only".
fn restored_words(turns: usize, editable: usize, read_only: usize) -> String {
    let mut parts = vec![format!(
        "{} of yours",
        crate::text::counted(turns, "message", "messages")
    )];
    parts.push(format!(
        "{} in the chat",
        crate::text::counted(editable, "file", "files")
    ));
    if read_only > 0 {
        parts.push(format!("{read_only} read-only"));
    }
    match parts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => parts.concat(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resume_counts_what_it_restored() {
        assert_eq!(
            restored_words(1, 2, 1),
            "1 message of yours, 2 files in the chat and 1 read-only"
        );
        assert_eq!(
            restored_words(3, 1, 0),
            "3 messages of yours and 1 file in the chat"
        );
    }

    #[test]
    fn summaries_stay_summaries_and_reflections_are_told_from_messages() {
        use crate::conversation::Message;
        let history = vec![
            Message::user("A summary of our conversation so far: …").as_summary(),
            Message::assistant("Thanks, I have the context.").as_summary(),
            Message::user("make it wave"),
            Message::assistant("Waving."),
            Message::user("The files you edited have problems."),
            Message::assistant("Fixed."),
        ];
        let mut record = SessionRecord::new("20260102-153045-7f3a".into(), 0);
        record.conversation.extend_to(history);
        record.conversation.add_turn(TurnRecord {
            text: "make it wave".into(),
            at: 0,
            epoch: 0,
            start: 2,
            commits: Vec::new(),
            uncommitted_edits: false,
        });
        // As front ends read them: the role on the wire, and the turn.
        let shown: Vec<(String, Option<usize>)> = shown_conversation(&record)
            .into_iter()
            .map(|message| {
                let wire = serde_json::to_value(&message).unwrap();
                (wire["role"].as_str().unwrap().to_string(), message.turn)
            })
            .collect();
        let expected = [
            ("summary", None),
            ("user", Some(1)),
            ("assistant", None),
            ("reflection", None),
            ("assistant", None),
        ];
        assert_eq!(shown, expected.map(|(role, turn)| (role.to_string(), turn)));
    }
}
