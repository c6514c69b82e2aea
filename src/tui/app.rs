//! The app: the panes, the focus and the layers over them, wired together. A key goes
//! to the layers first (`layers`), then to the focused pane through [`Component`];
//! where the panes go on screen and the mouse are `layout`'s, the engine's events and
//! the bookkeeping of submitted messages `events`'.

mod events;
mod geometry;
mod layout;
mod turns;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use ratatui::crossterm::event::{KeyEvent, KeyEventKind};

use super::app_event::{AppEvent, ExternalEdit, Focus};
use super::highlight::Palette;
use super::hints::Hints;
use super::history::InputHistory;
use super::keymap::{Action, KeyContext, Keymap};
use super::layers::{Layer, Layers};
use super::overlay::Finder;
use super::palette::CommandPalette;
use super::pane::Handled;
use super::panes::Panes;
use super::panes::chat::{ChatPane, EntryKind};
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
use crate::protocol::{Command, NoticeLevel, Op, Secret, key_provider, no_key_provider};
use crate::text::{Tone, counted, describe, resume_hint};
use geometry::Geometry;
use turns::TurnBook;

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

/// What the app asks of the terminal loop, each taken by the loop once.
#[derive(Debug, Default)]
struct LoopRequests {
    /// Text waiting to be edited in `$VISUAL`/`$EDITOR` (the loop runs the editor).
    external: Option<ExternalEdit>,
    /// Watch mode to start (`true`) or stop (`false`).
    watch: Option<bool>,
    /// Text to copy through the terminal (OSC 52).
    terminal_copy: Option<String>,
    /// Ctrl-Z asked to suspend to the shell.
    suspend: bool,
    /// Ctrl-L (or an editor that came back) asked for a full repaint.
    redraw: bool,
}

/// The whole UI state.
pub struct App {
    theme: Theme,
    keymap: Keymap,
    /// The lines that name keys, from `keymap`.
    hints: Hints,
    focus: Focus,
    panes: Panes,
    status: StatusBar,
    /// Over the panes: the search, the editors, the popups, the questions.
    layers: Layers,
    turn: TurnBook,
    geometry: Geometry,
    requests: LoopRequests,
    outbox: Vec<Op>,
    repo_files: Arc<[String]>,
    /// Context reports were asked for (once, when the context pane first opened).
    context_requested: bool,
    quit_armed: bool,
    quitting: bool,
    engine_stopped: bool,
    model_hint_shown: bool,
    /// Ctrl-X was pressed in the message box: Ctrl-E next opens the editor.
    chord: bool,
    /// The review just ended and took the focus back to the input: the next key, if
    /// it is a review key, was meant for the review and is not typed.
    review_just_ended: bool,
    /// The session the engine saved this run's turns in (or resumed), for the hint on quit.
    saved_session: Option<String>,
}

/// How to get a model that can be called, said once when none can.
const MODEL_SETUP: &str = "To set up a model: export OPENAI_API_KEY or ANTHROPIC_API_KEY, pass --model (e.g. --model sonnet), type /key PROVIDER to give a key for this session (masked, never saved), or run a local Ollama and pass --model ollama/qwen2.5-coder.";

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
        let panes = Panes {
            chat,
            diff: DiffPane::new(palette, styles.clone()),
            plan: PlanPane::new(palette, styles.clone()),
            files: FilesPane::default(),
            commits: CommitLogPane::default(),
            map: RepoMapPane::default(),
            context: ContextPane::default(),
            context_shown: false,
            input,
        };
        App {
            panes,
            status,
            theme: options.theme,
            keymap: options.keymap,
            hints,
            focus: Focus::Input,
            layers: Layers::default(),
            turn: TurnBook::default(),
            geometry: Geometry::default(),
            requests: LoopRequests {
                watch: options.watch_files.then_some(true),
                ..LoopRequests::default()
            },
            outbox: vec![
                Op::RequestCommitLog { limit: LOG_LIMIT },
                Op::RequestRepoFiles,
                Op::RequestRepoMap,
            ],
            repo_files: Arc::from([]),
            context_requested: false,
            quit_armed: false,
            quitting: false,
            engine_stopped: false,
            model_hint_shown: false,
            chord: false,
            review_just_ended: false,
            saved_session: None,
        }
    }

    /// Whether Ctrl-Z asked to suspend to the shell (cleared by reading it).
    pub fn take_suspend_request(&mut self) -> bool {
        std::mem::take(&mut self.requests.suspend)
    }

    /// The operations to send to the engine, oldest first.
    pub fn take_ops(&mut self) -> Vec<Op> {
        let ops = std::mem::take(&mut self.outbox);
        self.turn.in_flight += ops
            .iter()
            .filter(|op| matches!(op, Op::Submit { .. }))
            .count();
        ops
    }

    /// Whether turns sent to the engine are still running (the watcher waits meanwhile).
    pub fn busy(&self) -> bool {
        self.turn.in_flight > 0
    }

    /// Watch mode to start or stop, if the user asked (taken by the terminal loop).
    pub fn take_watch_request(&mut self) -> Option<bool> {
        self.requests.watch.take()
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
        self.requests.terminal_copy.take()
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
        self.panes.input.text()
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
            || self.layers.finder().is_some_and(Finder::searching)
            || (self.panes.context_shown && self.panes.context.counting_down())
    }

    /// Advances animations by one frame; says whether the screen changed.
    pub fn tick(&mut self) -> bool {
        if self.status.waiting {
            self.status.tick(Instant::now());
            return true;
        }
        let searching = self.layers.finder().is_some_and(Finder::searching);
        // The cache countdown changes once a second, not every frame.
        searching || (self.panes.context_shown && self.panes.context.countdown_moved())
    }

    /// Shows or hides the context pane (in the repo map's place); the engine sends
    /// reports from the first time it shows.
    fn toggle_context_pane(&mut self) {
        self.panes.context_shown = !self.panes.context_shown;
        if self.panes.context_shown && !self.context_requested {
            self.context_requested = true;
            self.outbox.push(Op::RequestContextReport);
        }
        if self.panes.context_shown {
            self.set_focus(Focus::Map);
        } else if self.focus == Focus::Map {
            self.set_focus(Focus::Input);
        }
    }

    /// Text to edit in the user's editor, if a pane asked for it (taken by the loop,
    /// which restores the terminal while the editor runs).
    pub fn take_external_edit(&mut self) -> Option<ExternalEdit> {
        self.requests.external.take()
    }

    /// The user's editor closed: `text` is what they saved, or why it failed.
    pub fn external_edit_done(&mut self, edit: ExternalEdit, text: Result<String, String>) {
        self.requests.redraw = true;
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
                self.panes
                    .diff
                    .edited_externally(review, block, text, &mut bus);
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
                self.panes.input.set_text(text);
                self.set_focus(Focus::Input);
            }
        }
        self.run_bus(bus);
    }

    /// Whether Ctrl-L asked for a full repaint (cleared by reading it).
    pub fn take_redraw_request(&mut self) -> bool {
        std::mem::take(&mut self.requests.redraw)
    }

    fn note(&mut self, level: NoticeLevel, text: &str) {
        self.panes.chat.push(EntryKind::Notice(level), text);
    }

    /// Puts the words every front end uses for `event` into the chat.
    fn say(&mut self, event: &crate::protocol::Event) {
        for said in describe(event) {
            let level = match said.tone {
                Tone::Result | Tone::Info => NoticeLevel::Info,
                Tone::Warn => NoticeLevel::Warn,
                Tone::Error => NoticeLevel::Error,
            };
            self.note(level, &said.text);
        }
    }

    /// Text pasted into the terminal goes to a popup's query, or else the input box.
    pub fn handle_paste(&mut self, text: &str) {
        if self.layers.paste(text) == Handled::No {
            self.set_focus(Focus::Input);
            self.panes.input.paste(text);
        }
    }

    /// Handles one key press: Ctrl-C first (it gets through everything), then the
    /// layers from the top, then the focused pane.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        let context = self.key_context();
        let action = self.keymap.action(context, &key);
        if action == Some(Action::Quit) {
            self.quit_key();
            return;
        }
        self.quit_armed = false;
        self.status.clear_flash();
        let mut bus = Vec::new();
        let focused = self.panes.pane_mut(self.focus);
        let taken = self
            .layers
            .key(&key, action, &self.keymap, focused, &mut bus);
        self.run_bus(bus);
        if taken == Handled::Yes || self.pane_key(key, action) {
            return;
        }
        let mut bus = Vec::new();
        match action {
            None => self.panes.pane_mut(self.focus).type_key(key),
            Some(action) => self.act(action, &mut bus),
        }
        self.run_bus(bus);
    }

    /// The keys the message box reads before its actions (its history search, the
    /// editor chord) and a review key that came just too late; returns whether one
    /// took the key.
    fn pane_key(&mut self, key: KeyEvent, action: Option<Action>) -> bool {
        if self.focus == Focus::Input
            && self.panes.input.is_searching_history()
            && self.panes.input.history_search_key(
                key,
                action,
                self.keymap.own_action(KeyContext::Search, &key),
            )
        {
            return true;
        }
        if std::mem::take(&mut self.review_just_ended) && self.is_stray_review_key(&key) {
            self.status
                .flash("The review is over: that key was not typed into the message.");
            return true;
        }
        self.focus == Focus::Input && self.editor_chord(&key)
    }

    /// The chord key in the message box, then the chord context's key (Ctrl-X Ctrl-E)
    /// opens the message in the user's editor. Returns whether the key was the chord's.
    fn editor_chord(&mut self, key: &KeyEvent) -> bool {
        if std::mem::take(&mut self.chord) {
            if self.keymap.own_action(KeyContext::Chord, key) == Some(Action::EditMessage) {
                self.edit_message_externally(self.panes.input.text());
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
        review_key && self.focus == Focus::Input && self.panes.input.text().is_empty()
    }

    fn edit_message_externally(&mut self, text: String) {
        self.requests.external = Some(ExternalEdit::Message { text });
    }

    fn key_context(&self) -> KeyContext {
        KeyContext::from(self.focus)
    }

    /// Ctrl-C: stops a reply first, then clears the message, and only then quits, on
    /// a second press.
    fn quit_key(&mut self) {
        if self.reply_running() && !self.turn.interrupting {
            self.interrupt();
            return;
        }
        if self.panes.input.cancel_key_entry() {
            self.status.flash("No key set.");
            return;
        }
        if !self.panes.input.is_empty() {
            self.panes.input.clear_draft();
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
        self.status.waiting || self.panes.chat.is_streaming() || self.panes.chat.is_thinking()
    }

    fn interrupt(&mut self) {
        self.outbox.push(Op::Interrupt);
        self.turn.interrupting = true;
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
            Action::Redraw => self.requests.redraw = true,
            Action::Help => self
                .layers
                .open(Layer::Palette(CommandPalette::new(&self.keymap))),
            Action::FocusNext => self.cycle_focus(1),
            Action::FocusPrev => self.cycle_focus(-1),
            Action::Interrupt => {
                if self.reply_running() {
                    self.interrupt();
                } else if self.focus != Focus::Input
                    && !self.panes.pane(self.focus).awaits_decision()
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
                let text = self.panes.input.take();
                self.submit(&text);
            }
            Action::Send | Action::NewLine => self.panes.input.new_line(),
            Action::Complete => self.complete(),
            Action::Rewind if self.focus == Focus::Chat => self.rewind_to_selected(),
            Action::ToggleZoom if self.focus == Focus::Diff => {
                self.geometry.zoomed = !self.geometry.zoomed
            }
            Action::CopyCode if self.focus == Focus::Chat => {
                match self.panes.chat.selected_code_text() {
                    Some(text) => {
                        let lines = text.lines().count();
                        self.outbox.push(Op::CopyText {
                            text,
                            what: format!("the code block ({})", counted(lines, "line", "lines")),
                        });
                    }
                    None => self.status.flash("No code block in the chat to copy."),
                }
            }
            Action::HistoryPrev => self.panes.input.history_previous(),
            Action::HistoryNext => self.panes.input.history_next(),
            other if self.act_session(other) => {}
            other => {
                if self.panes.pane_mut(self.focus).handle(other, bus) == Handled::No {
                    tracing::debug!(?other, focus = ?self.focus, "key has no use here");
                }
            }
        }
    }

    /// Tab in the message box: completes a path or command, lists the candidates when
    /// there are several, or moves on to the next pane when there is nothing to complete.
    fn complete(&mut self) {
        let chat_files: Vec<String> = self.panes.files.all().cloned().collect();
        match self.panes.input.complete(&self.repo_files, &chat_files) {
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
            self.panes.chat.on_action(scroll);
            return true;
        }
        match action {
            Action::Suspend => self.requests.suspend = true,
            Action::TakeBackQueued => self.take_back_queued(),
            Action::Search => self.start_search(),
            _ => return false,
        }
        true
    }

    /// The last queued message comes back to the message box (it will not be sent).
    fn take_back_queued(&mut self) {
        if !self.panes.input.is_empty() {
            self.status
                .flash("Send or clear the message first: a queued one comes back here.");
            return;
        }
        match self.panes.chat.take_back_queued() {
            Some(text) => self.panes.input.set_text(&text),
            None => self.status.flash("No queued message."),
        }
    }

    /// `/` in a pane: a search of it, typed in the status bar.
    fn start_search(&mut self) {
        if !self.panes.pane(self.focus).searchable() {
            self.status
                .flash("Search works in the chat, the diff, the commits and the repo map.");
            return;
        }
        let search = PaneSearch {
            pane: self.focus,
            query: String::new(),
            typing: true,
        };
        self.status.flash(search.status_line(&self.keymap, true));
        self.layers.open(Layer::Search(search));
    }

    /// Closes the pane search, if one is open.
    fn end_search(&mut self) {
        if let Some(search) = self.layers.close_search() {
            self.panes.pane_mut(search.pane).end_search();
            self.status.clear_flash();
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
        if self.turn.running {
            self.status
                .flash("Wait for the turn to finish before rewinding.");
            return;
        }
        match self.panes.chat.selected_turns_back() {
            Some(back) => {
                self.panes.chat.clear_selection();
                self.submit(&format!("/rewind {back}"));
            }
            None if self.panes.chat.selected_text().is_some() => self
                .status
                .flash("That message is not part of the saved conversation."),
            None => self.status.flash(self.hints.select_message.clone()),
        }
    }

    /// Does what the panes and layers asked, in order.
    fn run_bus(&mut self, bus: Vec<AppEvent>) {
        for event in bus {
            match event {
                AppEvent::Send(op) => {
                    if op == Op::RefreshRepoMap {
                        self.panes.map.mark_refreshing();
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
                AppEvent::Compose(text) => {
                    self.set_focus(Focus::Input);
                    self.panes.input.set_text(&text);
                }
                AppEvent::Focus(focus) => self.set_focus(focus),
                AppEvent::Confirm(confirmation) => self.layers.ask(confirmation),
                AppEvent::OpenFinder { read_only } => {
                    if self.repo_files.is_empty() {
                        self.outbox.push(Op::RequestRepoFiles);
                    }
                    let files = Arc::clone(&self.repo_files);
                    let in_chat = self.panes.files.all().cloned().collect();
                    let finder = Finder::new(read_only, files, in_chat);
                    self.layers.open(Layer::Finder(finder));
                }
                AppEvent::Flash(text) => self.status.flash(text),
                AppEvent::EditExternally(edit) => self.requests.external = Some(edit),
            }
        }
    }

    /// The UI's part of the registry's `Runs::Ui` and `Runs::UiThenEngine` rows.
    fn run_ui_command(&mut self, command: Command, args: &str) {
        match command {
            Command::Exit | Command::Quit => self.quit(),
            Command::AutoAccept => self.toggle_auto_accept(),
            Command::Watch => self.requests.watch = Some(!self.status.watching),
            Command::ContextPane => self.toggle_context_pane(),
            Command::Editor => self.edit_message_externally(args.to_string()),
            Command::MultilineMode => {
                self.status.multiline = !self.status.multiline;
                self.panes.input.multiline = self.status.multiline;
                let text = if self.status.multiline {
                    self.hints.multiline_on.clone()
                } else {
                    self.hints.multiline_off.clone()
                };
                self.note(NoticeLevel::Info, &text);
            }
            Command::Clear => self.panes.chat.clear(),
            Command::MapRefresh => self.panes.map.mark_refreshing(),
            Command::Key => self.start_key_entry(args),
            // The engine's rows: nothing to do on screen first.
            _ => {}
        }
    }

    /// `/key PROVIDER`: the masked entry of its key. A key already on the line goes to
    /// the engine at once; the line is never echoed in the chat.
    fn start_key_entry(&mut self, args: &str) {
        let mut words = args.split_whitespace();
        let Some(provider) = words.next().and_then(key_provider) else {
            self.note(NoticeLevel::Warn, &no_key_provider());
            return;
        };
        let typed: Vec<&str> = words.collect();
        if typed.is_empty() {
            self.set_focus(Focus::Input);
            self.panes.input.begin_key_entry(provider, "");
        } else {
            self.outbox.push(Op::SetKey {
                provider: provider.to_string(),
                key: Secret::new(typed.join(" ")),
            });
        }
    }

    fn set_focus(&mut self, focus: Focus) {
        if focus != Focus::Chat {
            self.panes.chat.clear_selection();
        }
        if self
            .layers
            .search()
            .is_some_and(|search| search.pane != focus)
        {
            self.end_search();
        }
        self.focus = focus;
        if focus != Focus::Input {
            self.geometry.tab = focus;
        }
        self.panes.input.set_focused(focus == Focus::Input);
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
        self.panes.diff.prepare();
        if let Some(finder) = self.layers.finder_mut() {
            finder.take_results();
        }
    }
}
