//! The app: a struct of concrete panes, the focus, overlays, and the translation of
//! engine events and keys into pane updates and engine operations.

use std::cell::Cell;
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ratatui::Frame;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::app_event::{AppEvent, Confirmation, ExternalEdit, Focus};
use super::highlight::Palette;
use super::hints::Hints;
use super::history::InputHistory;
use super::keymap::{Action, KeyContext, Keymap};
use super::overlay::{Finder, SessionPicker, draw_confirmation, draw_finder, draw_session_picker};
use super::palette::{Choice, CommandPalette, draw_command_hints, draw_palette};
use super::pane::DrawContext;
use super::panes::chat::{ChatPane, EntryId, EntryKind};
use super::panes::commits::{CommitLogPane, LOG_LIMIT};
use super::panes::context::ContextPane;
use super::panes::diff::DiffPane;
use super::panes::files::FilesPane;
use super::panes::input::InputPane;
use super::panes::plan::PlanPane;
use super::panes::repo_map::RepoMapPane;
use super::panes::status::StatusBar;
use super::search::PaneSearch;
use super::theme::Theme;
use crate::protocol::{
    Command, DuringTurn, EditStatus, ErrorKind, Event, NoticeLevel, Op, ProblemKind, Runs,
    TurnOutcome, parse_command,
};
use crate::text::{Tone, counted, describe, resume_hint};

/// Below this width or height the panes collapse to tabs.
const WIDE_MIN_WIDTH: u16 = 120;
/// The chat's narrowest width beside a review.
const CHAT_MIN_WIDTH: u16 = 40;
const WIDE_MIN_HEIGHT: u16 = 30;
/// Two clicks on one row within this time are a double click.
const DOUBLE_CLICK: Duration = Duration::from_millis(400);
/// Rows one turn of the mouse wheel scrolls.
const WHEEL_ROWS: usize = 3;

/// How to build an [`App`].
#[derive(Debug, Clone)]
pub struct AppOptions {
    pub theme: Theme,
    pub keymap: Keymap,
    /// The repository root (files for the live diff, `.aider-tui/` for history).
    pub root: PathBuf,
    /// Where the input history is kept: the state folder the front end was given
    /// (the engine keeps the chat transcript); `None` keeps nothing.
    pub state: Option<crate::safe_fs::StateDir>,
    /// Enter inserts a new line and Alt-Enter sends (`--multiline`).
    pub multiline: bool,
    /// Start watching the files for AI comments (`--watch-files`).
    pub watch_files: bool,
    /// The mouse is the app's (`--no-mouse` leaves it to the terminal).
    pub mouse: bool,
}

impl AppOptions {
    /// Default theme and keys, nothing written to disk: for tests and benchmarks.
    pub fn ephemeral(root: PathBuf) -> AppOptions {
        AppOptions {
            theme: Theme::default(),
            keymap: Keymap::default(),
            root,
            state: None,
            multiline: false,
            watch_files: false,
            mouse: true,
        }
    }
}

/// What is drawn over the panes.
#[derive(Debug, Default)]
enum Overlay {
    #[default]
    None,
    /// Commands and keys, filtered as typed (the help).
    Palette(CommandPalette),
    Finder(Finder),
    Sessions(SessionPicker),
}

/// The whole UI state.
pub struct App {
    theme: Theme,
    keymap: Keymap,
    /// The lines that name keys, from `keymap`.
    hints: Hints,
    focus: Focus,
    /// The pane shown in the tab area of a small terminal while the input has the focus.
    tab: Focus,
    chat: ChatPane,
    diff: DiffPane,
    files: FilesPane,
    commits: CommitLogPane,
    map: RepoMapPane,
    input: InputPane,
    status: StatusBar,
    /// The architect's plan while it waits for a decision (in the diff pane's place).
    plan: PlanPane,
    /// What the next request holds (in the repo map's place while shown).
    context_pane: ContextPane,
    context_shown: bool,
    /// Reports were asked for (once, when the context pane first opened).
    context_requested: bool,
    overlay: Overlay,
    confirmations: VecDeque<Confirmation>,
    outbox: Vec<Op>,
    repo_files: Arc<[String]>,
    quit_armed: bool,
    quitting: bool,
    engine_stopped: bool,
    model_hint_shown: bool,
    /// An edit of the current turn failed (a rejection by the user is not a failure).
    edit_failed_this_turn: bool,
    redraw_requested: bool,
    /// Text waiting to be edited in `$VISUAL`/`$EDITOR` (the terminal loop runs it).
    external: Option<ExternalEdit>,
    /// For each `Op::Submit` sent and not started yet, in order: the chat entry it
    /// echoed, if any (a turn the engine saves is tagged on that entry).
    submitted: VecDeque<Option<EntryId>>,
    /// How many of `submitted`, from the front, the engine queued behind the running
    /// turn (`Event::SentDuringTurn`); the engine answers the later ones in order.
    queued_ahead: usize,
    /// The chat entry of the turn running now.
    turn_entry: Option<EntryId>,
    /// A turn is running (between `TurnStarted` and `TurnFinished`).
    turn_running: bool,
    /// Some turn has started since the session opened.
    turn_seen: bool,
    /// Ctrl-X was pressed in the message box: Ctrl-E next opens the editor.
    chord: bool,
    /// Watch mode to start (`true`) or stop (`false`), for the terminal loop.
    watch_request: Option<bool>,
    /// Messages and commands sent whose turns have not finished.
    turns_in_flight: usize,
    /// Text to copy through the terminal (OSC 52), for the terminal loop to write.
    terminal_copy: Option<String>,
    /// An interrupt was sent for the running turn (a second Ctrl-C goes on to quit).
    interrupting: bool,
    /// Ctrl-Z asked to suspend to the shell (the terminal loop does it).
    suspend_requested: bool,
    /// `/` searching a pane.
    search: Option<PaneSearch>,
    /// Where each pane was drawn last (in `Focus::ORDER`), for the mouse.
    areas: Cell<[Rect; 6]>,
    /// The last click: when, and on which pane and row (a second one there is a
    /// double click).
    last_click: Option<(Instant, Focus, u16)>,
    /// `z`: the diff pane takes the whole body while it has the focus.
    zoomed: bool,
    /// The review just ended and took the focus back to the input: the next key, if
    /// it is a review key, was meant for the review and is not typed.
    review_just_ended: bool,
    /// The session the engine saved this run's turns in (or resumed), for the hint on quit.
    saved_session: Option<String>,
}

/// How to get a model that can be called, said once when none can.
const MODEL_SETUP: &str = "To set up a model: export OPENAI_API_KEY or ANTHROPIC_API_KEY, pass --model (e.g. --model sonnet), or run a local Ollama and pass --model ollama/qwen2.5-coder.";

impl App {
    /// A fresh session UI; the first requests to the engine wait in [`App::take_ops`].
    pub fn new(options: AppOptions) -> App {
        let palette = Palette::for_theme(&options.theme);
        let styles = options.theme.styles.clone();
        let history = options
            .state
            .clone()
            .map(InputHistory::load)
            .unwrap_or_default();
        let mut status = StatusBar::default();
        status.multiline = options.multiline;
        let mut input = InputPane::new(&styles, history);
        input.multiline = options.multiline;
        let hints = Hints::new(&options.keymap);
        input.set_placeholder(&hints.placeholder);
        let mut chat = ChatPane::new(palette, styles.clone());
        chat.queue_hint = hints.queued.clone();
        App {
            chat,
            diff: DiffPane::new(palette, styles.clone()),
            plan: PlanPane::new(palette, styles.clone()),
            context_pane: ContextPane::default(),
            context_shown: false,
            context_requested: false,
            input,
            files: FilesPane::default(),
            commits: CommitLogPane::default(),
            map: RepoMapPane::default(),
            status,
            theme: options.theme,
            keymap: options.keymap,
            hints,
            focus: Focus::Input,
            tab: Focus::Chat,
            overlay: Overlay::None,
            confirmations: VecDeque::new(),
            outbox: vec![
                Op::RequestCommitLog { limit: LOG_LIMIT },
                Op::RequestRepoFiles,
                Op::RequestRepoMap,
            ],
            repo_files: Arc::from([]),
            quit_armed: false,
            quitting: false,
            engine_stopped: false,
            model_hint_shown: false,
            edit_failed_this_turn: false,
            redraw_requested: false,
            external: None,
            submitted: VecDeque::new(),
            queued_ahead: 0,
            turn_entry: None,
            turn_running: false,
            turn_seen: false,
            chord: false,
            watch_request: options.watch_files.then_some(true),
            turns_in_flight: 0,
            terminal_copy: None,
            interrupting: false,
            suspend_requested: false,
            search: None,
            areas: Cell::new([Rect::default(); 6]),
            last_click: None,
            zoomed: false,
            review_just_ended: false,
            saved_session: None,
        }
    }

    /// Whether Ctrl-Z asked to suspend to the shell (cleared by reading it).
    pub fn take_suspend_request(&mut self) -> bool {
        std::mem::take(&mut self.suspend_requested)
    }

    /// The operations to send to the engine, oldest first.
    pub fn take_ops(&mut self) -> Vec<Op> {
        let ops = std::mem::take(&mut self.outbox);
        self.turns_in_flight += ops
            .iter()
            .filter(|op| matches!(op, Op::Submit { .. }))
            .count();
        ops
    }

    /// Whether turns sent to the engine are still running (the watcher waits meanwhile).
    pub fn busy(&self) -> bool {
        self.turns_in_flight > 0
    }

    /// Watch mode to start or stop, if the user asked (taken by the terminal loop).
    pub fn take_watch_request(&mut self) -> Option<bool> {
        self.watch_request.take()
    }

    /// Watch mode started (with the folder watched) or could not start.
    pub fn watch_started(&mut self, outcome: Result<String, String>) {
        match outcome {
            Ok(root) => {
                self.status.watching = true;
                self.note(
                    NoticeLevel::Info,
                    &format!(
                        "Watching {root}: save a comment ending in AI! to ask for a change, AI? to ask a question (AI alone adds context). /watch stops."
                    ),
                );
            }
            Err(problem) => {
                self.status.watching = false;
                self.note(
                    NoticeLevel::Error,
                    &format!("Cannot watch the files: {problem}"),
                );
            }
        }
    }

    /// Watch mode stopped.
    pub fn watch_stopped(&mut self) {
        self.status.watching = false;
        self.note(NoticeLevel::Info, "Stopped watching the files.");
    }

    /// Whether watch mode is on.
    pub fn watching(&self) -> bool {
        self.status.watching
    }

    /// AI comments asked for something: their request goes out as if typed, and its
    /// edits go through the review.
    pub fn watch_trigger(&mut self, trigger: &crate::watch::Trigger) {
        let paths = trigger.paths().join(", ");
        self.status.flash(format!("AI comments in {paths}"));
        for submission in trigger.submissions() {
            self.submit(&submission);
        }
    }

    /// Text to copy through the terminal (taken by the terminal loop, which writes it
    /// as OSC 52).
    pub fn take_terminal_copy(&mut self) -> Option<String> {
        self.terminal_copy.take()
    }

    /// The lines that name keys, as the keymap in force binds them.
    pub(super) fn hints(&self) -> &Hints {
        &self.hints
    }

    /// The pane with the keyboard.
    pub fn focus(&self) -> Focus {
        self.focus
    }

    /// How to go on with this session later, once the screen is gone (`None` when
    /// nothing was saved).
    pub fn resume_hint(&self) -> Option<String> {
        self.saved_session.as_deref().map(resume_hint)
    }

    /// The text in the message box.
    pub fn message_text(&self) -> String {
        self.input.text()
    }

    /// The user asked to quit (Ctrl-C twice or `/exit`).
    pub fn quitting(&self) -> bool {
        self.quitting
    }

    /// The engine said it stopped.
    pub fn engine_stopped(&self) -> bool {
        self.engine_stopped
    }

    /// Something moves on screen (the spinner) or is on its way (finder results), so
    /// frames should tick.
    pub fn is_animating(&self) -> bool {
        self.status.waiting
            || matches!(&self.overlay, Overlay::Finder(finder) if finder.searching())
            || (self.context_shown && self.context_pane.counting_down())
    }

    /// Advances animations by one frame; says whether the screen changed.
    pub fn tick(&mut self) -> bool {
        if self.status.waiting {
            self.status.tick(Instant::now());
            return true;
        }
        let searching = matches!(&self.overlay, Overlay::Finder(finder) if finder.searching());
        // The cache countdown changes once a second, not every frame.
        searching || (self.context_shown && self.context_pane.countdown_moved())
    }

    /// Shows or hides the context pane (in the repo map's place); the engine sends
    /// reports from the first time it shows.
    fn toggle_context_pane(&mut self) {
        self.context_shown = !self.context_shown;
        if self.context_shown && !self.context_requested {
            self.context_requested = true;
            self.outbox.push(Op::RequestContextReport);
        }
        if self.context_shown {
            self.set_focus(Focus::Map);
        } else if self.focus == Focus::Map {
            self.set_focus(Focus::Input);
        }
    }

    /// Text to edit in the user's editor, if a pane asked for it (taken by the loop,
    /// which restores the terminal while the editor runs).
    pub fn take_external_edit(&mut self) -> Option<ExternalEdit> {
        self.external.take()
    }

    /// The user's editor closed: `text` is what they saved, or why it failed.
    pub fn external_edit_done(&mut self, edit: ExternalEdit, text: Result<String, String>) {
        self.redraw_requested = true;
        let text = match text {
            Ok(text) => text,
            Err(problem) => {
                self.note(NoticeLevel::Error, &problem);
                return;
            }
        };
        let mut bus = Vec::new();
        match edit {
            ExternalEdit::Block { review, block, .. } => {
                self.diff.edited_externally(review, block, text, &mut bus);
            }
            ExternalEdit::File { path } => {
                self.status.flash(format!(
                    "Back from editing {}",
                    crate::text::printable(&path)
                ));
            }
            ExternalEdit::Message { .. } => {
                // Editors end files with a newline the message does not need.
                let text = text.strip_suffix('\n').unwrap_or(&text);
                self.input.set_text(text);
                self.set_focus(Focus::Input);
            }
        }
        self.run_bus(bus);
    }

    fn overlay_is_none(&self) -> bool {
        matches!(self.overlay, Overlay::None) && self.confirmations.is_empty()
    }

    /// Whether Ctrl-L asked for a full repaint (cleared by reading it).
    pub fn take_redraw_request(&mut self) -> bool {
        std::mem::take(&mut self.redraw_requested)
    }

    /// Updates the panes for an engine event.
    pub fn handle_event(&mut self, event: Event) {
        match event {
            event @ (Event::TurnStarted { .. }
            | Event::ReplyDelta { .. }
            | Event::ReasoningDelta { .. }
            | Event::TurnFinished { .. }
            | Event::PlanReady { .. }
            | Event::PlanDecided { .. }) => self.on_turn_event(event),
            event @ (Event::ReviewStarted { .. }
            | Event::ReviewUpdated { .. }
            | Event::ReviewDraft { .. }
            | Event::ReviewEnded { .. }) => self.on_review_event(event),
            Event::Status(status) => self.on_status(status),
            Event::ComposeMessage { text } => {
                self.set_focus(Focus::Input);
                self.input.paste(&text);
                self.status.flash(self.hints.compose_ready.clone());
            }
            Event::Recording { active } => self.status.recording = active,
            Event::CopyThroughTerminal { text, reason } => {
                self.terminal_copy = Some(text);
                self.note(
                    NoticeLevel::Info,
                    &format!(
                        "No system clipboard ({reason}): copied through the terminal instead (OSC 52), which works where the terminal allows it."
                    ),
                );
            }
            Event::EditPreview(preview) => self.diff.on_preview(preview),
            event @ Event::ReplyFinished { .. } => {
                self.status.waiting = false;
                let _ = self.chat.finish_reply();
                self.say(&event);
            }
            Event::EditResults { results } => {
                if results
                    .iter()
                    .any(|result| matches!(result.status, EditStatus::Failed { .. }))
                {
                    self.edit_failed_this_turn = true;
                }
                self.say(&Event::EditResults { results });
            }
            // The engine sends the new log right after; nothing to ask for.
            event @ Event::CommitMade { .. } => self.say(&event),
            event @ Event::ReflectionSent { .. } => {
                self.status.waiting = true;
                for said in describe(&event) {
                    self.chat.push(EntryKind::Reflection, &said.text);
                }
            }
            event @ Event::CommandOutput { .. } => {
                for said in describe(&event) {
                    self.chat.push(EntryKind::Command, &said.text);
                }
            }
            Event::Question { id, kind: _, text } => self.ask(id, text),
            event @ Event::Notice { .. } => self.say(&event),
            Event::CommitLog { commits } => self.commits.set_commits(commits),
            Event::CommitDiff {
                commit,
                files,
                source,
            } => self.diff.show_commit(commit, &files, source),
            Event::FilePreview { path, text } => {
                self.diff.show_file(&path, &text);
                self.set_focus(Focus::Diff);
            }
            Event::RepoMap(map) => self.map.set_map(map),
            Event::RepoFiles { files } => {
                self.repo_files = files.into();
                if let Overlay::Finder(finder) = &mut self.overlay {
                    finder.set_files(Arc::clone(&self.repo_files));
                }
            }
            // At start the conversation goes before the start-up notices; later it
            // takes the place of what was shown.
            Event::ConversationRestored { session, messages } => {
                self.saved_session = Some(session);
                self.chat.restore(&messages, !self.turn_seen)
            }
            Event::TurnSaved { session, turn } => {
                self.saved_session = Some(session);
                if let Some(entry) = self.turn_entry {
                    self.chat.tag_turn(entry, turn);
                }
            }
            event @ Event::SessionList { .. } => {
                let Event::SessionList { sessions } = &event else {
                    return;
                };
                if sessions.is_empty() {
                    self.say(&event);
                } else {
                    self.overlay = Overlay::Sessions(SessionPicker::new(sessions.clone()));
                }
            }
            Event::SentDuringTurn { text, handling } => {
                self.count_sent_during_turn(&handling);
                self.say(&Event::SentDuringTurn { text, handling });
            }
            Event::ContextReport(report) => self.context_pane.set_report(report),
            event @ Event::HistorySummarized(_) => self.say(&event),
            Event::ShutdownComplete => {
                self.status.waiting = false;
                self.engine_stopped = true;
            }
        }
    }

    /// The engine's yes/no question waits in line for the user's answer.
    fn ask(&mut self, question: crate::protocol::QuestionId, text: String) {
        self.confirmations.push_back(Confirmation {
            text,
            on_yes: vec![Op::Answer {
                question,
                yes: true,
            }],
            on_no: vec![Op::Answer {
                question,
                yes: false,
            }],
        });
    }

    /// The session's status: the files, the map's scan, the bar, and once the model's
    /// problem with the ways to set one up.
    fn on_status(&mut self, status: crate::protocol::SessionStatus) {
        self.files
            .set_files(&status.chat_files, &status.read_only_files);
        self.map.set_progress(status.map_progress);
        if let Some(problem) = &status.model_problem
            && !self.model_hint_shown
        {
            self.model_hint_shown = true;
            // With no model named the engine's text lists the ways already;
            // a model that cannot be reached gets them added.
            let hint = match problem.kind {
                ProblemKind::NoModel => problem.message.clone(),
                _ => format!("{}\n{MODEL_SETUP}", problem.message),
            };
            self.note(NoticeLevel::Warn, &hint);
        }
        self.status.status = status;
    }

    /// A turn starting, streaming and finishing, and its plan.
    fn on_turn_event(&mut self, event: Event) {
        match event {
            Event::TurnStarted { message: _ } => {
                self.turn_entry = self.submitted.pop_front().flatten();
                self.queued_ahead = self.queued_ahead.saturating_sub(1);
                self.turn_running = true;
                self.turn_seen = true;
                self.status.waiting = true;
                self.edit_failed_this_turn = false;
                self.interrupting = false;
                self.diff.begin_turn();
                self.status.begin_turn(Instant::now());
            }
            Event::ReplyDelta { text } => {
                self.status.waiting = true;
                self.status.count_streamed(&text);
                self.chat.append_reply(&text);
            }
            Event::ReasoningDelta { text } => {
                self.status.waiting = true;
                self.status.count_streamed(&text);
                self.chat.append_reasoning(&text);
            }
            Event::TurnFinished { outcome } => {
                self.plan.close();
                self.turn_running = false;
                self.turn_entry = None;
                self.status.waiting = false;
                self.status.recording = false;
                self.turns_in_flight = self.turns_in_flight.saturating_sub(1);
                // "Interrupting…", "Auto-accepting …" were about this turn; an armed
                // quit is not, and its notice stays.
                if !self.quit_armed {
                    self.status.clear_flash();
                }
                let _ = self.chat.finish_reply();
                // Blocks the user rejected were their choice: only failures warrant a warning.
                let choice_only =
                    outcome == TurnOutcome::EditsNotApplied && !self.edit_failed_this_turn;
                // The kind, never the text, says the model is what failed.
                let model_failed = matches!(
                    outcome,
                    TurnOutcome::Error {
                        kind: ErrorKind::Model,
                        ..
                    }
                );
                if !choice_only {
                    self.say(&Event::TurnFinished { outcome });
                }
                if model_failed && !self.model_hint_shown {
                    self.model_hint_shown = true;
                    self.note(NoticeLevel::Info, MODEL_SETUP);
                }
                if self.focus == Focus::Diff && !self.diff.is_reviewing() {
                    self.set_focus(Focus::Input);
                }
                self.status.end_turn();
                self.interrupting = false;
                self.send_queued();
            }
            event @ Event::PlanReady { .. } => {
                self.status.waiting = false;
                let _ = self.chat.finish_reply();
                self.say(&event);
                if let Event::PlanReady { plan, text } = event {
                    self.plan.show(plan, text);
                }
                self.set_focus(Focus::Diff);
                self.status
                    .flash(format!("Plan ready: {}", self.hints.plan_ready));
            }
            event @ Event::PlanDecided { .. } => {
                self.plan.close();
                self.say(&event);
                let dropped = matches!(
                    event,
                    Event::PlanDecided {
                        outcome: crate::protocol::PlanOutcome::Dropped,
                        ..
                    }
                );
                // A sent plan: the editor's blocks stream into the diff pane next; a
                // dropped one: the chat says so.
                self.status.waiting = !dropped;
                if dropped {
                    self.set_focus(Focus::Chat);
                }
                if self.focus == Focus::Diff || dropped {
                    self.set_focus(Focus::Input);
                }
            }
            _ => {}
        }
    }

    /// The review of a reply's edits.
    fn on_review_event(&mut self, event: Event) {
        match event {
            Event::ReviewStarted(review) => {
                self.status.waiting = false;
                let _ = self.chat.finish_reply();
                self.say(&Event::ReviewStarted(review.clone()));
                let blocks = counted(review.blocks.len(), "block", "blocks");
                // Failed blocks go back to the model by themselves: only a planned
                // block waiting for a decision takes the focus.
                let waiting = review.blocks.iter().any(|block| {
                    block.decision == crate::protocol::BlockDecisionState::Pending
                        && matches!(block.state, crate::protocol::BlockState::Planned { .. })
                });
                self.diff.start_review(review);
                if waiting {
                    self.set_focus(Focus::Diff);
                    let keys = &self.hints.review_started;
                    self.status.flash(format!("Review {blocks}: {keys}"));
                } else {
                    self.status.flash(format!("Auto-accepting {blocks}"));
                }
            }
            Event::ReviewUpdated {
                review,
                blocks,
                tell_rejected,
                note,
            } => {
                if let Some(note) = &note {
                    self.status.flash(note.clone());
                }
                self.say(&Event::ReviewUpdated {
                    review,
                    blocks: Vec::new(),
                    tell_rejected,
                    note,
                });
                self.diff.update_review(review, blocks, tell_rejected);
            }
            Event::ReviewDraft {
                review,
                block,
                state,
            } => self.diff.review_draft(review, block, state),
            Event::ReviewEnded { review } => {
                self.diff.end_review(review);
                if self.focus == Focus::Diff {
                    self.set_focus(Focus::Input);
                    self.review_just_ended = true;
                }
            }
            _ => {}
        }
    }

    /// A message sent during a turn was queued (it starts a turn later) or not (it
    /// never will): the entries waiting for a `TurnStarted` follow.
    fn count_sent_during_turn(&mut self, handling: &DuringTurn) {
        let never_runs = match handling {
            DuringTurn::Queued => {
                self.queued_ahead += 1;
                return;
            }
            DuringTurn::Answered | DuringTurn::Refused { .. } => 0,
            DuringTurn::Cancelled { dropped } => dropped.len().min(self.queued_ahead),
        };
        // The line itself, then the queued ones `/cancel` dropped (the oldest first).
        if self.queued_ahead < self.submitted.len() {
            self.submitted.remove(self.queued_ahead);
        }
        self.submitted.drain(..never_runs);
        self.queued_ahead -= never_runs;
        self.turns_in_flight = self.turns_in_flight.saturating_sub(1 + never_runs);
    }

    fn note(&mut self, level: NoticeLevel, text: &str) {
        self.chat.push(EntryKind::Notice(level), text);
    }

    /// Puts the words every front end uses for `event` into the chat.
    fn say(&mut self, event: &Event) {
        for said in describe(event) {
            let level = match said.tone {
                Tone::Result | Tone::Info => NoticeLevel::Info,
                Tone::Warn => NoticeLevel::Warn,
                Tone::Error => NoticeLevel::Error,
            };
            self.note(level, &said.text);
        }
    }

    /// Text pasted into the terminal goes to the input box (or the finder's query).
    pub fn handle_paste(&mut self, text: &str) {
        match &mut self.overlay {
            Overlay::Finder(finder) => {
                finder
                    .query
                    .push_str(text.lines().next().unwrap_or_default());
                finder.update();
            }
            Overlay::Palette(palette) => {
                palette
                    .query
                    .push_str(text.lines().next().unwrap_or_default());
                palette.update();
            }
            Overlay::Sessions(_) => {}
            Overlay::None => {
                self.set_focus(Focus::Input);
                self.input.paste(text);
            }
        }
    }

    /// Handles one key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        let context = self.key_context();
        let action = self.keymap.action(context, &key);
        if action != Some(Action::Quit) {
            self.quit_armed = false;
            self.status.clear_flash();
        }
        if action == Some(Action::Quit) {
            self.quit_key();
            return;
        }
        if let Some(confirmation) = self.confirmations.front() {
            let answer = match self.keymap.own_action(KeyContext::Dialog, &key) {
                Some(Action::Yes) => Some(true),
                Some(Action::No) => Some(false),
                _ => None,
            };
            if let Some(yes) = answer {
                let ops = if yes {
                    confirmation.on_yes.clone()
                } else {
                    confirmation.on_no.clone()
                };
                self.confirmations.pop_front();
                self.outbox.extend(ops);
            }
            return;
        }
        if self.focus == Focus::Diff && self.plan.is_editing() && self.overlay_is_none() {
            // The plan's editor takes every key but Ctrl-C.
            let mut bus = Vec::new();
            let action = self.keymap.own_action(KeyContext::Editor, &key);
            self.plan.editor_key(key, action, &mut bus);
            self.run_bus(bus);
            return;
        }
        if self.focus == Focus::Diff && self.diff.is_editing() && self.overlay_is_none() {
            // The inline editor takes every key but Ctrl-C.
            let mut bus = Vec::new();
            let action = self.keymap.own_action(KeyContext::Editor, &key);
            self.diff.editor_key(key, action, &mut bus);
            self.run_bus(bus);
            return;
        }
        if self.overlay_key(key, action) {
            return;
        }
        if self.search_key(&key) {
            return;
        }
        if self.focus == Focus::Input
            && self.input.is_searching_history()
            && self.input.history_search_key(
                key,
                action,
                self.keymap.own_action(KeyContext::Search, &key),
            )
        {
            return;
        }
        if std::mem::take(&mut self.review_just_ended) && self.is_stray_review_key(&key) {
            self.status
                .flash("The review is over: that key was not typed into the message.");
            return;
        }
        if self.focus == Focus::Input && self.editor_chord(&key) {
            return;
        }
        let mut bus = Vec::new();
        match action {
            None if self.focus == Focus::Input => self.input.edit(key),
            None => {}
            Some(action) => self.act(action, &mut bus),
        }
        self.run_bus(bus);
    }

    /// Keys for an overlay (help, finder, sessions); returns whether one took the key.
    fn overlay_key(&mut self, key: KeyEvent, action: Option<Action>) -> bool {
        match &mut self.overlay {
            Overlay::Palette(_) => self.palette_key(key, action),
            Overlay::Finder(_) => self.finder_key(key),
            Overlay::Sessions(_) => self.sessions_key(key),
            Overlay::None => return false,
        }
        true
    }

    /// The chord key in the message box, then the chord context's key (Ctrl-X Ctrl-E)
    /// opens the message in the user's editor. Returns whether the key was the chord's.
    fn editor_chord(&mut self, key: &KeyEvent) -> bool {
        if std::mem::take(&mut self.chord) {
            if self.keymap.own_action(KeyContext::Chord, key) == Some(Action::EditMessage) {
                self.edit_message_externally(self.input.text());
                return true;
            }
            return false;
        }
        if self.keymap.own_action(KeyContext::Input, key) == Some(Action::Chord) {
            self.chord = true;
            self.status.flash(self.hints.chord.clone());
            return true;
        }
        false
    }

    /// A key that decides in a review, pressed into an empty message box.
    fn is_stray_review_key(&self, key: &KeyEvent) -> bool {
        let review_key = matches!(
            self.keymap.own_action(KeyContext::Diff, key),
            Some(
                Action::Accept
                    | Action::Reject
                    | Action::AcceptAll
                    | Action::RejectAll
                    | Action::FinishReview
                    | Action::NextBlock
                    | Action::PrevBlock
                    | Action::EditBlock
                    | Action::EditBlockExternally
                    | Action::ToggleTellRejected
            )
        );
        review_key && self.focus == Focus::Input && self.input.text().is_empty()
    }

    fn edit_message_externally(&mut self, text: String) {
        self.external = Some(ExternalEdit::Message { text });
    }

    fn key_context(&self) -> KeyContext {
        KeyContext::from(self.focus)
    }

    /// Ctrl-C: stops a reply first, then clears the message, and only then quits, on
    /// a second press.
    fn quit_key(&mut self) {
        if self.reply_running() && !self.interrupting {
            self.interrupt();
            return;
        }
        if !self.input.is_empty() {
            self.input.clear_draft();
            let back = self.keymap.keys_for(KeyContext::Input, Action::HistoryPrev);
            self.status.flash(format!(
                "Message cleared ({} brings it back)",
                back.join("/")
            ));
            return;
        }
        if self.quit_armed {
            self.quit();
        } else {
            self.quit_armed = true;
            let key = self
                .keymap
                .first_key(KeyContext::Global, Action::Quit)
                .unwrap_or_default();
            self.status.flash(format!("Press {key} again to quit"));
        }
    }

    /// The model is working on a reply (or thinking, or about to).
    fn reply_running(&self) -> bool {
        self.status.waiting || self.chat.is_streaming() || self.chat.is_thinking()
    }

    fn interrupt(&mut self) {
        self.outbox.push(Op::Interrupt);
        self.interrupting = true;
        self.status.flash("Interrupting…");
    }

    fn quit(&mut self) {
        if !self.quitting {
            self.quitting = true;
            self.outbox.push(Op::Quit);
        }
    }

    fn act(&mut self, action: Action, bus: &mut Vec<AppEvent>) {
        match action {
            Action::Quit => self.quit_key(),
            Action::Redraw => self.redraw_requested = true,
            Action::Help => self.overlay = Overlay::Palette(CommandPalette::new(&self.keymap)),
            Action::FocusNext => self.cycle_focus(1),
            Action::FocusPrev => self.cycle_focus(-1),
            Action::Interrupt => {
                if self.reply_running() {
                    self.interrupt();
                } else if self.focus != Focus::Input
                    && !(self.focus == Focus::Diff
                        && (self.diff.is_reviewing() || self.plan.is_open()))
                {
                    // Esc leaves a pane, except an open review (Enter ends that) or a
                    // plan waiting for its decision.
                    self.set_focus(Focus::Input);
                }
            }
            Action::ToggleAutoAccept => self.toggle_auto_accept(),
            Action::ToggleContextPane => self.toggle_context_pane(),
            Action::Send | Action::NewLine if self.status.recording => {
                self.outbox.push(Op::StopRecording);
                self.status.flash("Transcribing…");
            }
            // `/multiline-mode` swaps the two.
            Action::Send | Action::NewLine if (action == Action::Send) != self.status.multiline => {
                let text = self.input.take();
                self.submit(&text);
            }
            Action::Send | Action::NewLine => self.input.new_line(),
            Action::Complete => {
                let chat_files: Vec<String> = self.files.all().cloned().collect();
                match self.input.complete(&self.repo_files, &chat_files) {
                    Some(completion) if completion.candidates.len() > 1 => {
                        let shown: Vec<&str> = completion
                            .candidates
                            .iter()
                            .take(8)
                            .map(String::as_str)
                            .collect();
                        let more = completion.candidates.len().saturating_sub(8);
                        let more = if more > 0 {
                            format!(" +{more}")
                        } else {
                            String::new()
                        };
                        self.status.flash(format!("{}{more}", shown.join("  ")));
                    }
                    Some(_) => {}
                    None => self.cycle_focus(1),
                }
            }
            Action::Rewind if self.focus == Focus::Chat => self.rewind_to_selected(),
            Action::ToggleZoom if self.focus == Focus::Diff => self.zoomed = !self.zoomed,
            Action::CopyCode if self.focus == Focus::Chat => match self.chat.selected_code_text() {
                Some(text) => {
                    let lines = text.lines().count();
                    self.outbox.push(Op::CopyText {
                        text,
                        what: format!("the code block ({})", counted(lines, "line", "lines")),
                    });
                }
                None => self.status.flash("No code block in the chat to copy."),
            },
            Action::HistoryPrev => self.input.history_previous(),
            Action::HistoryNext => self.input.history_next(),
            other if self.act_session(other) => {}
            other => {
                let used = match self.focus {
                    Focus::Input => self.input.on_action(other),
                    Focus::Chat => self.chat.on_action(other),
                    Focus::Diff if self.plan.is_open() => self.plan.on_action(other, bus),
                    Focus::Diff => self.diff.on_action(other, bus),
                    Focus::Files => self.files.on_action(other, bus),
                    Focus::Commits => self.commits.on_action(other, bus),
                    Focus::Map if self.context_shown => self.context_pane.on_action(other),
                    Focus::Map => self.map.on_action(other, bus),
                };
                if !used {
                    tracing::debug!(?other, focus = ?self.focus, "key has no use here");
                }
            }
        }
    }

    /// The session's own actions (suspend, panes, the chat from the input, queued
    /// messages, search); returns whether `action` was one.
    fn act_session(&mut self, action: Action) -> bool {
        let pane = match action {
            Action::FocusFiles => Some(Focus::Files),
            Action::FocusCommits => Some(Focus::Commits),
            Action::FocusChat => Some(Focus::Chat),
            Action::FocusInput => Some(Focus::Input),
            Action::FocusDiff => Some(Focus::Diff),
            Action::FocusMap => Some(Focus::Map),
            _ => None,
        };
        if let Some(pane) = pane {
            self.set_focus(pane);
            return true;
        }
        let scroll = match action {
            Action::ChatLineUp => Some(Action::Up),
            Action::ChatLineDown => Some(Action::Down),
            Action::ChatPageUp => Some(Action::PageUp),
            Action::ChatPageDown => Some(Action::PageDown),
            _ => None,
        };
        if let Some(scroll) = scroll {
            self.chat.on_action(scroll);
            return true;
        }
        match action {
            Action::Suspend => self.suspend_requested = true,
            Action::TakeBackQueued => self.take_back_queued(),
            Action::Search => self.start_search(),
            _ => return false,
        }
        true
    }

    /// The last queued message comes back to the message box (it will not be sent).
    fn take_back_queued(&mut self) {
        if !self.input.is_empty() {
            self.status
                .flash("Send or clear the message first: a queued one comes back here.");
            return;
        }
        match self.chat.take_back_queued() {
            Some(text) => self.input.set_text(&text),
            None => self.status.flash("No queued message."),
        }
    }

    /// `/` in a pane: a search of it, typed in the status bar.
    fn start_search(&mut self) {
        let searchable = match self.focus {
            Focus::Chat | Focus::Commits => true,
            Focus::Diff => !self.plan.is_open(),
            Focus::Map => !self.context_shown,
            Focus::Files | Focus::Input => false,
        };
        if !searchable {
            self.status
                .flash("Search works in the chat, the diff, the commits and the repo map.");
            return;
        }
        self.search = Some(PaneSearch {
            pane: self.focus,
            query: String::new(),
            typing: true,
        });
        self.show_search(true);
    }

    /// A key while a pane's search is shown; returns whether the search took it.
    /// While typing, text goes to the query (Enter keeps it); after, n and N move.
    fn search_key(&mut self, key: &KeyEvent) -> bool {
        let Some(search) = &mut self.search else {
            return false;
        };
        let action = self.keymap.own_action(KeyContext::Search, key);
        if action == Some(Action::EndSearch) {
            self.end_search();
            return true;
        }
        let (step, fresh) = if search.typing {
            let plain = !key
                .modifiers
                .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
            match (action, key.code) {
                (Some(Action::Keep), _) => search.typing = false,
                (Some(Action::DeleteChar), _) => {
                    search.query.pop();
                }
                (_, KeyCode::Char(c)) if plain => search.query.push(c),
                _ => return false,
            }
            (1, true)
        } else {
            match action {
                Some(Action::NextMatch) => (1, false),
                Some(Action::PrevMatch) => (-1, false),
                _ => return false,
            }
        };
        let found = self.find_in_pane(step, fresh);
        self.show_search(found);
        true
    }

    /// Moves the searched pane to its next match; returns whether there is one.
    fn find_in_pane(&mut self, step: isize, fresh: bool) -> bool {
        let Some(search) = &self.search else {
            return false;
        };
        let query = search.query.clone();
        match search.pane {
            // The chat reads from the newest up: the next match is an older one.
            Focus::Chat => self.chat.find(&query, -step, fresh),
            Focus::Commits => self.commits.find(&query, step, fresh),
            Focus::Diff => self.diff.find(&query, step, fresh),
            Focus::Map => self.map.find(&query, step, fresh),
            _ => false,
        }
    }

    /// The search's line in the status bar.
    fn show_search(&mut self, found: bool) {
        let Some(search) = &self.search else {
            return;
        };
        let key = |action| {
            self.keymap
                .first_key(KeyContext::Search, action)
                .unwrap_or_default()
        };
        let mut line = format!("/{}", search.query);
        if search.typing {
            line.push('▏');
            if !self.hints.search_typing.is_empty() {
                line.push_str(&format!(" {}", self.hints.search_typing));
            }
        } else {
            line.push_str(&format!(
                " · {} next · {} previous",
                key(Action::NextMatch),
                key(Action::PrevMatch)
            ));
        }
        if !found && !search.query.is_empty() {
            line.push_str(" · no match");
        }
        line.push_str(&format!(" · {} ends", key(Action::EndSearch)));
        self.status
            .flash(crate::text::printable(&line).into_owned());
    }

    fn end_search(&mut self) {
        self.search = None;
        self.chat.end_search();
        self.status.clear_flash();
    }

    /// A mouse report: the wheel scrolls the pane under the pointer (its focus stays
    /// where it is); a click focuses a pane and selects the row under it; a second
    /// click there acts on it.
    pub fn handle_mouse(&mut self, mouse: MouseEvent) {
        if let Overlay::Palette(palette) = &mut self.overlay {
            // The wheel moves through the palette's rows.
            match mouse.kind {
                MouseEventKind::ScrollUp => palette.move_by(-(WHEEL_ROWS as isize)),
                MouseEventKind::ScrollDown => palette.move_by(WHEEL_ROWS as isize),
                _ => {}
            }
            return;
        }
        if !self.overlay_is_none() {
            return;
        }
        let at = ratatui::layout::Position::new(mouse.column, mouse.row);
        let Some((pane, area)) = Focus::ORDER
            .into_iter()
            .zip(self.areas.get())
            .find(|(_, area)| area.contains(at))
        else {
            return;
        };
        match mouse.kind {
            MouseEventKind::ScrollUp => self.wheel(pane, Action::Up),
            MouseEventKind::ScrollDown => self.wheel(pane, Action::Down),
            MouseEventKind::Down(MouseButton::Left) => self.click(pane, area, at),
            _ => {}
        }
    }

    fn wheel(&mut self, pane: Focus, action: Action) {
        let mut bus = Vec::new();
        // Lists move their selection a row a notch; text scrolls a few rows.
        let rows = match pane {
            Focus::Files | Focus::Commits => 1,
            _ => WHEEL_ROWS,
        };
        for _ in 0..rows {
            match pane {
                Focus::Chat => self.chat.on_action(action),
                Focus::Diff if self.plan.is_open() => self.plan.on_action(action, &mut bus),
                Focus::Diff => self.diff.on_action(action, &mut bus),
                Focus::Files => self.files.on_action(action, &mut bus),
                Focus::Commits => self.commits.on_action(action, &mut bus),
                Focus::Map if self.context_shown => self.context_pane.on_action(action),
                Focus::Map => self.map.on_action(action, &mut bus),
                Focus::Input => false,
            };
        }
        self.run_bus(bus);
    }

    fn click(&mut self, pane: Focus, area: Rect, at: ratatui::layout::Position) {
        let row = at.y;
        let was_focused = self.focus == pane;
        if !(pane == Focus::Diff && (self.diff.is_editing() || self.plan.is_editing())) {
            self.set_focus(pane);
        }
        let double = matches!(self.last_click,
            Some((at, clicked, clicked_row)) if clicked == pane && clicked_row == row && at.elapsed() <= DOUBLE_CLICK);
        self.last_click = (!double).then(|| (Instant::now(), pane, row));
        // Rows inside the border.
        let height = usize::from(area.height.saturating_sub(2));
        let Some(row) = row
            .checked_sub(area.y + 1)
            .map(usize::from)
            .filter(|row| *row < height)
        else {
            return;
        };
        let selected = match pane {
            Focus::Commits => self.commits.select_row(row, height),
            Focus::Files => self.files.select_row(row, height, was_focused),
            Focus::Map if !self.context_shown => self.map.select_row(row, height),
            Focus::Diff if !self.plan.is_open() => {
                let column = at.x.saturating_sub(area.x + 1);
                self.diff.click(row, usize::from(column))
            }
            _ => false,
        };
        if double && selected && pane == Focus::Commits {
            let mut bus = Vec::new();
            self.commits.on_action(Action::Open, &mut bus);
            self.run_bus(bus);
        }
    }

    fn toggle_auto_accept(&mut self) {
        let on = !self.status.status.auto_accept;
        self.status.status.auto_accept = on;
        self.outbox.push(Op::SetAutoAccept { on });
        self.status.flash(if on {
            "Auto-accept on: edits apply without review"
        } else {
            "Auto-accept off: edits wait for review"
        });
    }

    /// `r` on a selected message in the chat: ask the engine to rewind to just before
    /// it (the engine asks for a confirmation naming the commits first).
    fn rewind_to_selected(&mut self) {
        if self.turn_running {
            self.status
                .flash("Wait for the turn to finish before rewinding.");
            return;
        }
        match self.chat.selected_turns_back() {
            Some(back) => {
                self.chat.clear_selection();
                self.submit(&format!("/rewind {back}"));
            }
            None if self.chat.selected_text().is_some() => self
                .status
                .flash("That message is not part of the saved conversation."),
            None => self.status.flash(self.hints.select_message.clone()),
        }
    }

    fn sessions_key(&mut self, key: KeyEvent) {
        let Overlay::Sessions(picker) = &mut self.overlay else {
            return;
        };
        match self.keymap.own_action(KeyContext::List, &key) {
            Some(Action::Close) => self.overlay = Overlay::None,
            Some(Action::Up) => picker.move_by(-1),
            Some(Action::Down) => picker.move_by(1),
            Some(Action::Choose) => {
                let choice = picker.choice().cloned();
                self.overlay = Overlay::None;
                match choice {
                    Some(session) if session.current => {
                        self.status.flash("That is the session running now.")
                    }
                    Some(session) => self.submit(&format!("/resume {}", session.id)),
                    None => {}
                }
            }
            _ => {}
        }
    }

    fn finder_key(&mut self, key: KeyEvent) {
        let Overlay::Finder(finder) = &mut self.overlay else {
            return;
        };
        let control = key.modifiers.contains(KeyModifiers::CONTROL);
        match self.keymap.own_action(KeyContext::List, &key) {
            Some(Action::Close) => self.overlay = Overlay::None,
            Some(Action::Choose) => {
                let read_only = finder.read_only;
                let choice = finder.choice().cloned();
                self.overlay = Overlay::None;
                if let Some(path) = choice {
                    let command = if read_only { "/read-only" } else { "/add" };
                    self.submit(&format!("{command} {path}"));
                }
            }
            Some(Action::ToggleReadOnly) => finder.read_only = !finder.read_only,
            Some(Action::Up) => finder.move_by(-1),
            Some(Action::Down) => finder.move_by(1),
            Some(Action::DeleteChar) => {
                finder.query.pop();
                finder.update();
            }
            _ => match key.code {
                KeyCode::Char(c) if !control => {
                    finder.query.push(c);
                    finder.update();
                }
                _ => {}
            },
        }
    }

    /// The palette: the list's keys move and choose; the help key closes it again;
    /// characters filter.
    fn palette_key(&mut self, key: KeyEvent, action: Option<Action>) {
        let Overlay::Palette(palette) = &mut self.overlay else {
            return;
        };
        let control = key.modifiers.contains(KeyModifiers::CONTROL);
        match self.keymap.own_action(KeyContext::List, &key) {
            Some(Action::Close) => self.overlay = Overlay::None,
            Some(Action::Up) => palette.move_by(-1),
            Some(Action::Down) => palette.move_by(1),
            Some(Action::PageUp) => palette.move_by(-10),
            Some(Action::PageDown) => palette.move_by(10),
            Some(Action::Choose) => {
                let choice = palette.choice();
                match choice {
                    Some(Choice::Run(line)) => {
                        self.overlay = Overlay::None;
                        self.submit(&line);
                    }
                    Some(Choice::Fill(text)) => {
                        self.overlay = Overlay::None;
                        self.set_focus(Focus::Input);
                        self.input.set_text(&text);
                    }
                    None => {}
                }
            }
            Some(Action::DeleteChar) => palette.pop(),
            _ if action == Some(Action::Help) => self.overlay = Overlay::None,
            _ => match key.code {
                KeyCode::Char(c) if !control => palette.push(c),
                _ => {}
            },
        }
    }

    fn run_bus(&mut self, bus: Vec<AppEvent>) {
        for event in bus {
            match event {
                AppEvent::Send(op) => {
                    if op == Op::RefreshRepoMap {
                        self.map.mark_refreshing();
                    }
                    if let Op::ReviewDraft { review, block, .. } = &op {
                        // Only the newest draft of a block is worth planning.
                        let (review, block) = (*review, *block);
                        self.outbox.retain(|queued| {
                            !matches!(queued, Op::ReviewDraft { review: r, block: b, .. } if *r == review && *b == block)
                        });
                    }
                    self.outbox.push(op);
                }
                AppEvent::Submit(text) => self.submit(&text),
                AppEvent::Focus(focus) => self.set_focus(focus),
                AppEvent::Confirm(confirmation) => self.confirmations.push_back(confirmation),
                AppEvent::OpenFinder { read_only } => {
                    if self.repo_files.is_empty() {
                        self.outbox.push(Op::RequestRepoFiles);
                    }
                    let files = Arc::clone(&self.repo_files);
                    let in_chat = self.files.all().cloned().collect();
                    self.overlay = Overlay::Finder(Finder::new(read_only, files, in_chat));
                }
                AppEvent::Flash(text) => self.status.flash(text),
                AppEvent::EditExternally(edit) => self.external = Some(edit),
            }
        }
    }

    /// Sends a message or command as typed; a few commands are the UI's own. While a
    /// turn runs it waits in the chat, queued, until the turn ends.
    fn submit(&mut self, text: &str) {
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        // The registry says where a command runs; a name it does not know goes to the
        // engine, which answers with the nearest command.
        if text.starts_with('/')
            && let Ok((command, args)) = parse_command(text)
        {
            match command.spec().runs {
                Runs::Ui => {
                    self.run_ui_command(command, args);
                    return;
                }
                Runs::UiThenEngine => self.run_ui_command(command, args),
                Runs::Engine => {}
            }
        }
        // A message waits in the chat for the turn before it; a command goes to the
        // engine at once, which answers it, queues it or refuses it (SentDuringTurn).
        if self.turn_busy() && !text.starts_with('/') {
            self.chat.queue(text);
            return;
        }
        self.send_now(text);
    }

    /// Whether a turn runs or is on its way: what is sent now waits for it.
    fn turn_busy(&self) -> bool {
        self.turn_running || !self.submitted.is_empty()
    }

    /// The oldest queued message goes out once nothing runs.
    fn send_queued(&mut self) {
        if !self.turn_busy()
            && let Some(text) = self.chat.next_queued()
        {
            self.send_now(&text);
        }
    }

    /// Echoes a message or command in the chat and sends it to the engine.
    fn send_now(&mut self, text: &str) {
        match parse_command(text).map(|(command, _)| command) {
            Ok(Command::Clear) if text.starts_with('/') => self.chat.clear(),
            Ok(Command::MapRefresh) if text.starts_with('/') => self.map.mark_refreshing(),
            _ => {}
        }
        self.chat.follow();
        let entry = self.chat.push(EntryKind::User, text);
        self.submitted.push_back(Some(entry));
        // `@path` is the engine's to read, like every other part of a message.
        self.outbox.push(Op::Submit {
            text: text.to_string(),
        });
    }

    /// The UI's part of the registry's `Runs::Ui` and `Runs::UiThenEngine` rows.
    fn run_ui_command(&mut self, command: Command, args: &str) {
        match command {
            Command::Exit | Command::Quit => self.quit(),
            Command::AutoAccept => self.toggle_auto_accept(),
            Command::Watch => self.watch_request = Some(!self.status.watching),
            Command::ContextPane => self.toggle_context_pane(),
            Command::Editor => self.edit_message_externally(args.to_string()),
            Command::MultilineMode => {
                self.status.multiline = !self.status.multiline;
                self.input.multiline = self.status.multiline;
                let text = if self.status.multiline {
                    self.hints.multiline_on.clone()
                } else {
                    self.hints.multiline_off.clone()
                };
                self.note(NoticeLevel::Info, &text);
            }
            Command::Clear => self.chat.clear(),
            Command::MapRefresh => self.map.mark_refreshing(),
            // The engine's rows: nothing to do on screen first.
            _ => {}
        }
    }

    fn set_focus(&mut self, focus: Focus) {
        if focus != Focus::Chat {
            self.chat.clear_selection();
        }
        if self
            .search
            .as_ref()
            .is_some_and(|search| search.pane != focus)
        {
            self.end_search();
        }
        self.focus = focus;
        if focus != Focus::Input {
            self.tab = focus;
        }
        self.input.set_focused(focus == Focus::Input);
    }

    fn cycle_focus(&mut self, step: isize) {
        let order = Focus::ORDER;
        let at = order
            .iter()
            .position(|focus| *focus == self.focus)
            .unwrap_or(0);
        let next = (at as isize + step).rem_euclid(order.len() as isize) as usize;
        self.set_focus(order[next]);
    }

    /// Work to do once per frame before drawing (rebuilding changed diffs).
    pub fn prepare(&mut self) {
        self.diff.prepare();
        if let Overlay::Finder(finder) = &mut self.overlay {
            finder.take_results();
        }
    }

    /// Draws the whole screen.
    pub fn draw(&self, frame: &mut Frame) {
        let area = frame.area();
        let [body, status_area] =
            Layout::vertical([Constraint::Min(0), Constraint::Length(1)]).areas(area);
        if self.zoomed && self.focus == Focus::Diff {
            self.draw_diff_or_plan(frame, body);
            self.record_areas(&[(Focus::Diff, body)]);
        } else if area.width >= WIDE_MIN_WIDTH && area.height >= WIDE_MIN_HEIGHT {
            self.draw_wide(frame, body);
        } else {
            self.draw_tabs(frame, body);
        }
        let styles = &self.theme.styles;
        self.status.draw(frame, status_area, styles, &self.hints);
        if let Some(confirmation) = self.confirmations.front() {
            draw_confirmation(frame, body, confirmation, &self.keymap, styles);
        } else {
            match &self.overlay {
                Overlay::None => self.draw_command_list(frame, body),
                Overlay::Palette(palette) => {
                    draw_palette(frame, body, palette, &self.keymap, styles)
                }
                Overlay::Finder(finder) => draw_finder(frame, body, finder, &self.keymap, styles),
                Overlay::Sessions(picker) => {
                    draw_session_picker(frame, body, picker, &self.keymap, styles)
                }
            }
        }
        // Last: emoji terminals measure unlike ratatui take the columns it gave them.
        super::cells::settle(frame.buffer_mut());
    }

    /// While a command name is being typed (`/`, `/co`), the registry's rows it could
    /// become are listed just above the message box.
    fn draw_command_list(&self, frame: &mut Frame, body: Rect) {
        if self.focus != Focus::Input {
            return;
        }
        let text = self.input.text();
        if text.starts_with('/') && !text.contains(char::is_whitespace) {
            let above = body.height.saturating_sub(self.input.wanted_height());
            let area = Rect {
                height: above,
                ..body
            };
            draw_command_hints(frame, area, &text, &self.theme.styles);
        }
    }

    fn context(&self, pane: Focus) -> DrawContext<'_> {
        DrawContext {
            styles: &self.theme.styles,
            hints: &self.hints,
            focused: self.focus == pane,
            search: self
                .search
                .as_ref()
                .filter(|search| search.pane == pane && !search.query.is_empty())
                .map(|search| search.query.as_str()),
        }
    }

    /// Remembers where panes were drawn (the rest were not), for the mouse.
    fn record_areas(&self, placed: &[(Focus, Rect)]) {
        let mut areas = [Rect::default(); 6];
        for (pane, area) in placed {
            if let Some(at) = Focus::ORDER.iter().position(|focus| focus == pane) {
                areas[at] = *area;
            }
        }
        self.areas.set(areas);
    }

    fn draw_wide(&self, frame: &mut Frame, body: Rect) {
        let reviewing = self.diff.is_reviewing() || self.plan.is_open();
        if reviewing {
            // A review reads the diff: it gets most of the width and the whole column;
            // the chat stays beside it, narrowed, and the side panes wait.
            let chat_width = (body.width / 3).max(CHAT_MIN_WIDTH);
            let [center, right] =
                Layout::horizontal([Constraint::Length(chat_width), Constraint::Fill(1)])
                    .areas(body);
            let [chat_area, input_area] = self.draw_chat_column(frame, center);
            self.draw_diff_or_plan(frame, right);
            self.record_areas(&[
                (Focus::Chat, chat_area),
                (Focus::Input, input_area),
                (Focus::Diff, right),
            ]);
            return;
        }
        let [side, center, right] = Layout::horizontal([
            Constraint::Length(32),
            Constraint::Fill(1),
            Constraint::Fill(1),
        ])
        .areas(body);
        let [files_area, commits_area] =
            Layout::vertical([Constraint::Percentage(40), Constraint::Percentage(60)]).areas(side);
        let lower = if self.context_shown {
            // The context report wants all its lines, up to most of the column.
            let most = right.height.saturating_mul(3) / 5;
            Constraint::Length(self.context_pane.wanted_height().min(most))
        } else {
            Constraint::Percentage(35)
        };
        let [diff_area, map_area] = Layout::vertical([Constraint::Min(3), lower]).areas(right);
        self.files
            .draw(frame, files_area, self.context(Focus::Files));
        self.commits
            .draw(frame, commits_area, self.context(Focus::Commits));
        let [chat_area, input_area] = self.draw_chat_column(frame, center);
        self.draw_diff_or_plan(frame, diff_area);
        self.record_areas(&[
            (Focus::Files, files_area),
            (Focus::Commits, commits_area),
            (Focus::Chat, chat_area),
            (Focus::Input, input_area),
            (Focus::Diff, diff_area),
            (Focus::Map, map_area),
        ]);
        if self.context_shown {
            self.context_pane
                .draw(frame, map_area, self.context(Focus::Map));
        } else {
            self.map.draw(frame, map_area, self.context(Focus::Map));
        }
    }

    /// The chat with the message box under it.
    /// The chat over the message box; returns where each went.
    fn draw_chat_column(&self, frame: &mut Frame, area: Rect) -> [Rect; 2] {
        let [chat_area, input_area] = Layout::vertical([
            Constraint::Min(3),
            Constraint::Length(self.input.wanted_height()),
        ])
        .areas(area);
        self.chat.draw(frame, chat_area, self.context(Focus::Chat));
        self.input
            .draw(frame, input_area, self.context(Focus::Input));
        [chat_area, input_area]
    }

    fn draw_diff_or_plan(&self, frame: &mut Frame, area: Rect) {
        if self.plan.is_open() {
            self.plan.draw(frame, area, self.context(Focus::Diff));
        } else {
            self.diff.draw(frame, area, self.context(Focus::Diff));
        }
    }

    fn draw_tabs(&self, frame: &mut Frame, body: Rect) {
        let input_height = self.input.wanted_height().min(body.height / 3).max(3);
        let [tabs_area, pane_area, input_area] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(0),
            Constraint::Length(input_height),
        ])
        .areas(body);
        let shown = if self.focus == Focus::Input {
            self.tab
        } else {
            self.focus
        };
        let pane = if shown == Focus::Input {
            Focus::Chat
        } else {
            shown
        };
        // A click on a hidden pane's tab focuses it: its label stands for its area.
        let mut placed = vec![(pane, pane_area), (Focus::Input, input_area)];
        let mut x = tabs_area.x;
        let styles = &self.theme.styles;
        let mut spans = Vec::new();
        for pane in Focus::ORDER
            .into_iter()
            .filter(|pane| *pane != Focus::Input)
        {
            let mut title = match pane {
                Focus::Map if self.context_shown => "Context".to_string(),
                Focus::Diff if self.plan.is_open() => "Plan".to_string(),
                pane => pane.title().to_string(),
            };
            if pane == Focus::Diff && (self.diff.is_reviewing() || self.plan.is_open()) {
                title.push('!');
            }
            let style = if pane == shown {
                styles.tab_selected
            } else {
                styles.tab
            };
            let label = format!(" {} {title} ", pane.number());
            let width = u16::try_from(super::cells::width(&label)).unwrap_or(u16::MAX);
            if pane != shown {
                placed.push((pane, Rect::new(x, tabs_area.y, width, 1)));
            }
            x = x.saturating_add(width + 1);
            spans.push(Span::styled(label, style));
            spans.push(Span::styled("│", styles.border));
        }
        self.record_areas(&placed);
        if !self.hints.tabs.is_empty() {
            spans.push(Span::styled(format!(" {}", self.hints.tabs), styles.dim));
        }
        frame.render_widget(Paragraph::new(Line::from(spans)), tabs_area);
        match shown {
            Focus::Chat | Focus::Input => {
                self.chat.draw(frame, pane_area, self.context(Focus::Chat))
            }
            Focus::Diff if self.plan.is_open() => {
                self.plan.draw(frame, pane_area, self.context(Focus::Diff))
            }
            Focus::Diff => self.diff.draw(frame, pane_area, self.context(Focus::Diff)),
            Focus::Map if self.context_shown => {
                self.context_pane
                    .draw(frame, pane_area, self.context(Focus::Map))
            }
            Focus::Files => self
                .files
                .draw(frame, pane_area, self.context(Focus::Files)),
            Focus::Commits => self
                .commits
                .draw(frame, pane_area, self.context(Focus::Commits)),
            Focus::Map => self.map.draw(frame, pane_area, self.context(Focus::Map)),
        }
        self.input
            .draw(frame, input_area, self.context(Focus::Input));
    }
}
