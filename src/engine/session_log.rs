//! The running session's file: after every turn the session (messages, files, mode,
//! models, totals, and the user turn with the commits it made) is written to
//! `.aider-tui/sessions/<id>.json`; `--resume` reads one back at start and `/resume`
//! switches to another. The file holds no setting, so never a key.

use crate::config::{COMMAND_LINE_ORIGIN, Resume};
use crate::conversation::Role;
use crate::protocol::{ChatMode, ConversationMessage, Event};
use crate::repo_path::RepoPath;
use crate::safe_fs::StateDir;
use crate::sessions::{
    self, ModelNames, SessionError, SessionLock, SessionRecord, SessionStore, TurnRecord,
};

use super::blocking::blocking;
use super::chat_files::Found;
use super::spawn::Engine;
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

impl Engine {
    /// Continues the session `--resume` names, at start. A session that cannot be read
    /// is reported and this one starts afresh; one another run holds is refused, and
    /// false says the session must not start.
    pub(super) async fn resume_at_start(&mut self) -> bool {
        let wanted = self.session.settings.resume.clone();
        if wanted == Resume::No {
            return true;
        }
        let Some(store) = self.sessions.store().cloned() else {
            self.emitter
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
                    self.emitter.warn(format!("Skipped {problem}")).await;
                }
                let Some(record) = record else {
                    self.emitter
                        .warn("No earlier session could be read. This is a new session.")
                        .await;
                    return true;
                };
                if let Err(err) = self.sessions.hold(&record.id) {
                    self.emitter.error(format!("Cannot resume: {err}.")).await;
                    return false;
                }
                self.adopt_session(record, false).await;
            }
            Err(err) => {
                self.emitter
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
    pub(super) async fn adopt_session(&mut self, record: SessionRecord, switching: bool) {
        if switching {
            self.drop_files("");
            self.session.pending_note = None;
            self.session.last_turn_base = None;
        }
        // The file's names are taken as written (no glob, no folder) and pass the
        // containment of `/add`: whoever wrote the file, it never makes the model read
        // a file outside the repository, through a symlink or a special file.
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
            let added = match self.find_inside(&relative, name) {
                Ok(Found::File) if read_only => self.add_read_only(&relative).map(|_| ()),
                Ok(Found::File) => self
                    .add_relative(vec![relative])
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
            self.emitter.warn(format!("Not restored: {problem}")).await;
        }
        if !missing.is_empty() {
            self.emitter
                .warn(format!(
                    "Dropped from the chat, as they no longer exist: {}",
                    missing.join(", ")
                ))
                .await;
        }
        if !outside.is_empty() {
            self.emitter
                .warn(format!(
                    "Not restored, as they are outside the repository (add them again with /read-only): {}",
                    outside.join(", ")
                ))
                .await;
        }
        self.restore_models(&record).await;
        self.session.session_cost = record.cost;
        self.sessions.tally.set_tokens(record.tokens);
        self.session
            .history
            .restore(record.conversation.messages.clone());
        self.sessions.synced_generation = self.session.history.generation();
        let turns = record.conversation.turns.len();
        let messages = shown_conversation(&record);
        let id = record.id.clone();
        self.sessions.record = record;
        self.emitter
            .emit(Event::ConversationRestored {
                session: id.clone(),
                messages,
            })
            .await;
        let restored = restored_words(
            turns,
            self.session.files.editable().len(),
            self.session.files.read_only().len(),
        );
        self.emitter
            .info(format!("Resumed session {id}: {restored}."))
            .await;
    }

    /// The stored mode, models and formats, unless this run's command line set them.
    async fn restore_models(&mut self, record: &SessionRecord) {
        let settings = self.session.settings.clone();
        let given = |option: &str| {
            settings
                .origins
                .get(option)
                .is_some_and(|origin| origin == COMMAND_LINE_ORIGIN)
        };
        let current =
            |model: &Option<super::models::Model>| model.as_ref().map(|model| model.name.clone());
        let models = &mut self.session.models;
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
        self.session.edit_format = match record.edit_format.parse() {
            Ok(format) if !given("edit-format") => format,
            _ => self.session.models.edit_format(&settings),
        };
        self.session.editor_edit_format = match record.editor_edit_format.parse() {
            Ok(format) if !given("editor-edit-format") => format,
            _ => self.session.models.editor_edit_format(&settings),
        };
        if !given("chat-mode")
            && let Some(mode) = ChatMode::from_name(&record.mode)
        {
            self.session.mode = mode;
        }
        for problem in problems {
            self.emitter.warn(problem).await;
        }
    }

    /// Notes what is known as a turn begins (for the turn's record).
    pub(super) fn begin_turn_record(&mut self, text: &str) {
        self.sessions.turn = Some(TurnStart {
            text: text.to_string(),
            at: sessions::now(),
            pushed: self.session.history.pushed(),
        });
        self.sessions.tally.start_turn();
    }

    /// After a turn: records it if it was a user turn (it added messages to the
    /// conversation or made commits), and saves the session.
    pub(super) async fn save_after_turn(&mut self) {
        let started = self.sessions.turn.take();
        let (commits, edited) = self.sessions.tally.take_turn();
        self.sync_conversation();
        let history = &self.session.history;
        let mut saved_turn = None;
        if let Some(started) = started {
            let appended = usize::try_from(history.pushed().saturating_sub(started.pushed))
                .unwrap_or(usize::MAX);
            let committed = commits.iter().any(|commit| commit.by_assistant);
            if appended > 0 || committed {
                let conversation = &mut self.sessions.record.conversation;
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
        self.write_session().await;
        if let Some(turn) = saved_turn {
            self.emitter
                .emit(Event::TurnSaved {
                    session: self.sessions.id().to_string(),
                    turn,
                })
                .await;
        }
    }

    /// Takes the history's messages into the record, keeping replaced ones.
    fn sync_conversation(&mut self) {
        let history = &self.session.history;
        let messages = history.messages().to_vec();
        let conversation = &mut self.sessions.record.conversation;
        if history.generation() == self.sessions.synced_generation {
            conversation.extend_to(messages);
        } else {
            conversation.replace_with(messages);
        }
        self.sessions.synced_generation = history.generation();
    }

    /// Puts the record's messages into the history (after a rewind or a redo).
    pub(super) fn restore_history_from_record(&mut self) {
        let messages = self.sessions.record.conversation.messages.clone();
        self.session.history.restore(messages);
        self.sessions.synced_generation = self.session.history.generation();
    }

    /// The conversation as front ends show it, for [`Event::ConversationRestored`].
    pub(super) async fn send_conversation(&self) {
        self.emitter
            .emit(Event::ConversationRestored {
                session: self.sessions.id().to_string(),
                messages: shown_conversation(&self.sessions.record),
            })
            .await;
    }

    /// Writes the session file (once there is something worth resuming).
    pub(super) async fn write_session(&mut self) {
        self.refresh_record();
        let Some(store) = self.sessions.store().cloned() else {
            return;
        };
        if !self.sessions.record.is_worth_saving() {
            return;
        }
        let record = self.sessions.record.clone();
        let saved = blocking(move || store.save(&record)).await;
        if let Err(err) = saved {
            self.report_save_problem(err).await;
        }
    }

    async fn report_save_problem(&mut self, err: SessionError) {
        tracing::warn!("{err}");
        if !self.sessions.save_problem_shown {
            self.sessions.save_problem_shown = true;
            self.emitter
                .warn(format!(
                    "The session is not being saved ({err}); --resume will not find it."
                ))
                .await;
        }
    }

    /// Copies the session's files, mode, models and totals into the record.
    fn refresh_record(&mut self) {
        let session = &self.session;
        let name =
            |model: &Option<super::models::Model>| model.as_ref().map(|model| model.name.clone());
        let record = &mut self.sessions.record;
        record.last_active = sessions::now();
        record.mode = session.mode.name().to_string();
        record.models = ModelNames {
            main: name(&session.models.main),
            weak: name(&session.models.weak),
            editor: name(&session.models.editor),
        };
        record.edit_format = session.edit_format.to_string();
        record.editor_edit_format = session.editor_edit_format.to_string();
        record.cost = session.session_cost;
        record.tokens = self.sessions.tally.tokens();
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
