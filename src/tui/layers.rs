//! The layers over the panes: a pane's search, the focused pane's inline editor (the
//! block or the plan editor), one popup (the help palette, the file finder or the
//! session picker) and the engine's yes/no questions, from the bottom up.
//!
//! A key goes to the top layer first; each says whether it took it, and one that did
//! not passes it down, the last to the panes. Drawing goes the other way: the panes,
//! then the layers from the bottom up. A layer's place comes from its kind, so what
//! opened later never hides a question the engine waits on: a new popup replaces the
//! old one, a new search the old search, and questions wait in line, the oldest shown.
//! The inline editors are their panes' own state; the stack asks the focused pane
//! whether one is open instead of keeping a copy of that.

use std::collections::VecDeque;

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseEventKind};
use ratatui::layout::Rect;

use super::app_event::{AppEvent, Confirmation};
use super::keymap::{Action, KeyContext, Keymap};
use super::overlay::{Finder, SessionPicker, draw_confirmation, draw_finder, draw_session_picker};
use super::palette::{Choice, CommandPalette, draw_palette};
use super::pane::{Component, Handled, WHEEL_ROWS};
use super::search::PaneSearch;
use super::theme::Styles;

/// A layer the app owns.
#[derive(Debug)]
pub enum Layer {
    /// `/` searching the focused pane (the query shows in the status bar).
    Search(PaneSearch),
    /// Commands and keys, filtered as typed (the help).
    Palette(CommandPalette),
    Finder(Finder),
    Sessions(SessionPicker),
    /// The engine's and the panes' yes/no questions, the oldest first.
    Questions(VecDeque<Confirmation>),
}

/// Where a kind of layer stands, from the bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Rank {
    Search,
    /// The focused pane's inline editor (not stored: the pane owns it).
    Editor,
    Popup,
    Question,
}

impl Layer {
    fn rank(&self) -> Rank {
        match self {
            Layer::Search(_) => Rank::Search,
            Layer::Palette(_) | Layer::Finder(_) | Layer::Sessions(_) => Rank::Popup,
            Layer::Questions(_) => Rank::Question,
        }
    }
}

/// What a layer did with a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Passed,
    Taken,
    /// Taken, and the layer is done.
    Closed,
}

/// A place in the order a key visits: a stored layer or the pane's editor.
#[derive(Clone, Copy)]
enum Slot {
    Stored(usize),
    Editor,
}

/// The stack of layers, bottom first.
#[derive(Debug, Default)]
pub struct Layers {
    stack: Vec<Layer>,
}

impl Layers {
    /// Opens `layer` at its kind's place; one of the same kind goes (questions join
    /// the line instead).
    pub fn open(&mut self, layer: Layer) {
        if let Layer::Questions(asked) = layer {
            for question in asked {
                self.ask(question);
            }
            return;
        }
        let rank = layer.rank();
        self.stack.retain(|open| open.rank() != rank);
        let at = self.stack.partition_point(|open| open.rank() < rank);
        self.stack.insert(at, layer);
    }

    /// A yes/no question joins the line (it shows once those before it are answered).
    pub fn ask(&mut self, question: Confirmation) {
        match self.stack.last_mut() {
            Some(Layer::Questions(line)) => line.push_back(question),
            _ => self
                .stack
                .push(Layer::Questions(VecDeque::from([question]))),
        }
    }

    /// Whether a popup or a question covers the panes (the mouse and the command
    /// hints wait meanwhile).
    pub fn covers_panes(&self) -> bool {
        self.stack.iter().any(|layer| layer.rank() > Rank::Editor)
    }

    /// The question shown, if one waits.
    #[cfg(test)]
    fn question(&self) -> Option<&Confirmation> {
        self.stack.iter().find_map(|layer| match layer {
            Layer::Questions(line) => line.front(),
            _ => None,
        })
    }

    /// The pane search, if one is open.
    pub fn search(&self) -> Option<&PaneSearch> {
        self.stack.iter().find_map(|layer| match layer {
            Layer::Search(search) => Some(search),
            _ => None,
        })
    }

    /// Closes the pane search; returns it if one was open.
    pub fn close_search(&mut self) -> Option<PaneSearch> {
        let at = self
            .stack
            .iter()
            .position(|layer| matches!(layer, Layer::Search(_)))?;
        match self.stack.remove(at) {
            Layer::Search(search) => Some(search),
            _ => None,
        }
    }

    /// The file finder, if it is open.
    pub fn finder(&self) -> Option<&Finder> {
        self.stack.iter().find_map(|layer| match layer {
            Layer::Finder(finder) => Some(finder),
            _ => None,
        })
    }

    /// The file finder, if it is open, to change.
    pub fn finder_mut(&mut self) -> Option<&mut Finder> {
        self.stack.iter_mut().find_map(|layer| match layer {
            Layer::Finder(finder) => Some(finder),
            _ => None,
        })
    }

    /// The order a key visits, top first: the editor of `focused` stands between the
    /// popups and the search.
    fn order(&self, editing: bool) -> Vec<Slot> {
        let mut order = Vec::with_capacity(self.stack.len() + 1);
        let mut editor = editing;
        for (at, layer) in self.stack.iter().enumerate().rev() {
            if editor && layer.rank() < Rank::Editor {
                order.push(Slot::Editor);
                editor = false;
            }
            order.push(Slot::Stored(at));
        }
        if editor {
            order.push(Slot::Editor);
        }
        order
    }

    /// Offers a key to the layers from the top; `focused` is the pane with the
    /// keyboard (its editor, and what a search searches). `Handled::No`: every layer
    /// passed, so the key is the panes'.
    pub fn key(
        &mut self,
        key: &KeyEvent,
        action: Option<Action>,
        keymap: &Keymap,
        focused: &mut dyn Component,
        bus: &mut Vec<AppEvent>,
    ) -> Handled {
        for slot in self.order(focused.editing()) {
            let outcome = match slot {
                Slot::Editor => {
                    // The editor takes every key that reaches it.
                    let editor_action = keymap.own_action(focused.editor_context(), key);
                    focused.editor_key(*key, editor_action, bus);
                    Outcome::Taken
                }
                Slot::Stored(at) => match &mut self.stack[at] {
                    Layer::Search(search) => search_key(search, key, keymap, focused, bus),
                    Layer::Palette(palette) => palette_key(palette, key, action, keymap, bus),
                    Layer::Finder(finder) => finder_key(finder, key, keymap, bus),
                    Layer::Sessions(picker) => sessions_key(picker, key, keymap, bus),
                    Layer::Questions(line) => question_key(line, key, keymap, bus),
                },
            };
            match (outcome, slot) {
                (Outcome::Passed, _) => continue,
                (Outcome::Closed, Slot::Stored(at)) => {
                    self.stack.remove(at);
                }
                _ => {}
            }
            return Handled::Yes;
        }
        Handled::No
    }

    /// A mouse report: the palette's wheel moves its rows; a popup or a question
    /// keeps the rest from the panes.
    pub fn mouse(&mut self, kind: MouseEventKind) -> Handled {
        for layer in self.stack.iter_mut().rev() {
            match layer {
                Layer::Search(_) => continue,
                Layer::Palette(palette) => match kind {
                    MouseEventKind::ScrollUp => palette.move_by(-(WHEEL_ROWS as isize)),
                    MouseEventKind::ScrollDown => palette.move_by(WHEEL_ROWS as isize),
                    _ => {}
                },
                Layer::Finder(_) | Layer::Sessions(_) | Layer::Questions(_) => {}
            }
            return Handled::Yes;
        }
        Handled::No
    }

    /// Pasted text: its first line goes to the query of a popup that has one.
    pub fn paste(&mut self, text: &str) -> Handled {
        let line = text.lines().next().unwrap_or_default();
        for layer in self.stack.iter_mut().rev() {
            match layer {
                Layer::Search(_) | Layer::Questions(_) => continue,
                Layer::Palette(palette) => {
                    palette.query.push_str(line);
                    palette.update();
                }
                Layer::Finder(finder) => {
                    finder.query.push_str(line);
                    finder.update();
                }
                Layer::Sessions(_) => {}
            }
            return Handled::Yes;
        }
        Handled::No
    }

    /// Draws the layers over `body`, from the bottom up (the search is in the status
    /// bar, the editors in their panes).
    pub fn draw(&self, frame: &mut Frame, body: Rect, keymap: &Keymap, styles: &Styles) {
        for layer in &self.stack {
            match layer {
                Layer::Search(_) => {}
                Layer::Palette(palette) => draw_palette(frame, body, palette, keymap, styles),
                Layer::Finder(finder) => draw_finder(frame, body, finder, keymap, styles),
                Layer::Sessions(picker) => draw_session_picker(frame, body, picker, keymap, styles),
                Layer::Questions(line) => {
                    if let Some(question) = line.front() {
                        draw_confirmation(frame, body, question, keymap, styles);
                    }
                }
            }
        }
    }
}

/// A question takes every key: y or n answers the oldest, the rest wait.
fn question_key(
    line: &mut VecDeque<Confirmation>,
    key: &KeyEvent,
    keymap: &Keymap,
    bus: &mut Vec<AppEvent>,
) -> Outcome {
    let yes = match keymap.own_action(KeyContext::Dialog, key) {
        Some(Action::Yes) => true,
        Some(Action::No) => false,
        _ => return Outcome::Taken,
    };
    if let Some(question) = line.pop_front() {
        let ops = if yes { question.on_yes } else { question.on_no };
        bus.extend(ops.into_iter().map(AppEvent::Send));
    }
    if line.is_empty() {
        Outcome::Closed
    } else {
        Outcome::Taken
    }
}

/// The palette: the list's keys move and choose; the help key closes it again;
/// characters filter.
fn palette_key(
    palette: &mut CommandPalette,
    key: &KeyEvent,
    action: Option<Action>,
    keymap: &Keymap,
    bus: &mut Vec<AppEvent>,
) -> Outcome {
    let control = key.modifiers.contains(KeyModifiers::CONTROL);
    match keymap.own_action(KeyContext::List, key) {
        Some(Action::Close) => return Outcome::Closed,
        Some(Action::Up) => palette.move_by(-1),
        Some(Action::Down) => palette.move_by(1),
        Some(Action::PageUp) => palette.move_by(-10),
        Some(Action::PageDown) => palette.move_by(10),
        Some(Action::Choose) => match palette.choice() {
            Some(Choice::Run(line)) => {
                bus.push(AppEvent::Submit(line));
                return Outcome::Closed;
            }
            Some(Choice::Fill(text)) => {
                bus.push(AppEvent::Compose(text));
                return Outcome::Closed;
            }
            None => {}
        },
        Some(Action::DeleteChar) => palette.pop(),
        _ if action == Some(Action::Help) => return Outcome::Closed,
        _ => match key.code {
            KeyCode::Char(c) if !control => palette.push(c),
            _ => {}
        },
    }
    Outcome::Taken
}

/// The finder: the list's keys move, choose and switch read-only; characters filter.
fn finder_key(
    finder: &mut Finder,
    key: &KeyEvent,
    keymap: &Keymap,
    bus: &mut Vec<AppEvent>,
) -> Outcome {
    let control = key.modifiers.contains(KeyModifiers::CONTROL);
    match keymap.own_action(KeyContext::List, key) {
        Some(Action::Close) => return Outcome::Closed,
        Some(Action::Choose) => {
            let command = if finder.read_only {
                "/read-only"
            } else {
                "/add"
            };
            if let Some(path) = finder.choice() {
                bus.push(AppEvent::Submit(format!("{command} {path}")));
            }
            return Outcome::Closed;
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
    Outcome::Taken
}

/// The session picker: the list's keys move; choosing resumes another session.
fn sessions_key(
    picker: &mut SessionPicker,
    key: &KeyEvent,
    keymap: &Keymap,
    bus: &mut Vec<AppEvent>,
) -> Outcome {
    match keymap.own_action(KeyContext::List, key) {
        Some(Action::Close) => return Outcome::Closed,
        Some(Action::Up) => picker.move_by(-1),
        Some(Action::Down) => picker.move_by(1),
        Some(Action::Choose) => {
            match picker.choice() {
                Some(session) if session.current => {
                    bus.push(AppEvent::Flash("That is the session running now.".into()))
                }
                Some(session) => bus.push(AppEvent::Submit(format!("/resume {}", session.id))),
                None => {}
            }
            return Outcome::Closed;
        }
        _ => {}
    }
    Outcome::Taken
}

/// A key while a pane's search is open. While typing, text goes to the query (the
/// search's keep key keeps it); after, its next and previous keys move; the rest
/// passes down.
fn search_key(
    search: &mut PaneSearch,
    key: &KeyEvent,
    keymap: &Keymap,
    pane: &mut dyn Component,
    bus: &mut Vec<AppEvent>,
) -> Outcome {
    let action = keymap.own_action(KeyContext::Search, key);
    if action == Some(Action::EndSearch) {
        pane.end_search();
        return Outcome::Closed;
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
            _ => return Outcome::Passed,
        }
        (1, true)
    } else {
        match action {
            Some(Action::NextMatch) => (1, false),
            Some(Action::PrevMatch) => (-1, false),
            _ => return Outcome::Passed,
        }
    };
    let found = pane.find(&search.query, step, fresh);
    bus.push(AppEvent::Flash(search.status_line(keymap, found)));
    Outcome::Taken
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    use super::*;
    use crate::protocol::Op;
    use crate::tui::app_event::sent_ops;
    use crate::tui::pane::DrawContext;

    /// A pane that records what reaches it.
    #[derive(Default)]
    struct Probe {
        editing: bool,
        edited: Vec<KeyCode>,
        found: Vec<String>,
        search_ended: bool,
    }

    impl Component for Probe {
        fn title(&self) -> &'static str {
            "Probe"
        }

        fn draw(&self, _frame: &mut Frame, _area: Rect, _context: &DrawContext) {}

        fn handle(&mut self, _action: Action, _bus: &mut Vec<AppEvent>) -> Handled {
            Handled::No
        }

        fn find(&mut self, query: &str, _step: isize, _fresh: bool) -> bool {
            self.found.push(query.to_string());
            true
        }

        fn end_search(&mut self) {
            self.search_ended = true;
        }

        fn editing(&self) -> bool {
            self.editing
        }

        fn editor_key(&mut self, key: KeyEvent, _action: Option<Action>, _bus: &mut Vec<AppEvent>) {
            self.edited.push(key.code);
        }
    }

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn char_key(c: char) -> KeyEvent {
        key(KeyCode::Char(c))
    }

    /// `y` sends `RequestRepoFiles`, `n` sends `RequestRepoMap`.
    fn question(text: &str) -> Confirmation {
        Confirmation {
            text: text.to_string(),
            on_yes: vec![Op::RequestRepoFiles],
            on_no: vec![Op::RequestRepoMap],
        }
    }

    fn finder() -> Layer {
        Layer::Finder(Finder::new(false, Arc::from([]), Vec::new()))
    }

    fn search(typing: bool) -> Layer {
        Layer::Search(PaneSearch {
            pane: crate::tui::app_event::Focus::Chat,
            query: "needle".to_string(),
            typing,
        })
    }

    /// Presses `key` over `layers`: whether one took it, and what they asked for.
    fn press(layers: &mut Layers, pane: &mut Probe, key: KeyEvent) -> (Handled, Vec<AppEvent>) {
        let mut bus = Vec::new();
        let handled = layers.key(&key, None, &Keymap::default(), pane, &mut bus);
        (handled, bus)
    }

    fn finder_query(layers: &Layers) -> Option<String> {
        layers.finder().map(|finder| finder.query.clone())
    }

    #[test]
    fn the_top_layer_takes_the_key_first() {
        let mut layers = Layers::default();
        let mut pane = Probe::default();
        layers.open(finder());
        layers.ask(question("Go on?"));
        let (handled, bus) = press(&mut layers, &mut pane, char_key('y'));
        assert_eq!(handled, Handled::Yes);
        assert_eq!(sent_ops(&bus), vec![Op::RequestRepoFiles]);
        assert_eq!(
            finder_query(&layers).as_deref(),
            Some(""),
            "the question had it"
        );
        assert!(layers.question().is_none(), "answered, the question closes");
        let (handled, _) = press(&mut layers, &mut pane, char_key('y'));
        assert_eq!(handled, Handled::Yes);
        assert_eq!(finder_query(&layers).as_deref(), Some("y"));
    }

    #[test]
    fn a_layer_that_declines_passes_the_key_down() {
        let mut layers = Layers::default();
        let mut pane = Probe::default();
        layers.open(search(false));
        // After typing, the search keeps only n and N (and Esc).
        let (handled, bus) = press(&mut layers, &mut pane, char_key('x'));
        assert_eq!(handled, Handled::No, "the key goes on to the pane");
        assert!(bus.is_empty() && pane.found.is_empty());
        let (handled, bus) = press(&mut layers, &mut pane, char_key('n'));
        assert_eq!(handled, Handled::Yes);
        assert_eq!(pane.found, vec!["needle".to_string()]);
        assert!(matches!(&bus[..], [AppEvent::Flash(line)] if line.starts_with("/needle")));
        // With no layer at all, every key is the pane's.
        let mut empty = Layers::default();
        assert_eq!(press(&mut empty, &mut pane, char_key('n')).0, Handled::No);
    }

    #[test]
    fn the_editor_stands_between_the_popups_and_the_search() {
        let mut layers = Layers::default();
        let mut pane = Probe {
            editing: true,
            ..Probe::default()
        };
        layers.open(search(true));
        let (handled, _) = press(&mut layers, &mut pane, char_key('q'));
        assert_eq!(handled, Handled::Yes);
        assert_eq!(
            pane.edited,
            vec![KeyCode::Char('q')],
            "the editor is above the search"
        );
        assert!(pane.found.is_empty());
        // Every key reaching the editor is the editor's, Esc too.
        press(&mut layers, &mut pane, key(KeyCode::Esc));
        assert_eq!(pane.edited.len(), 2);
        assert!(
            layers.search().is_some(),
            "Esc closed the editor's edit, not the search"
        );
        layers.open(finder());
        press(&mut layers, &mut pane, char_key('q'));
        assert_eq!(pane.edited.len(), 2, "the finder is above the editor");
        assert_eq!(finder_query(&layers).as_deref(), Some("q"));
    }

    #[test]
    fn questions_stay_on_top_and_are_answered_oldest_first() {
        let mut layers = Layers::default();
        let mut pane = Probe::default();
        layers.ask(question("first"));
        // A popup opened while a question waits goes under it.
        layers.open(finder());
        layers.ask(question("second"));
        assert_eq!(
            layers.question().map(|asked| asked.text.as_str()),
            Some("first")
        );
        let (_, bus) = press(&mut layers, &mut pane, char_key('n'));
        assert_eq!(sent_ops(&bus), vec![Op::RequestRepoMap]);
        assert_eq!(
            layers.question().map(|asked| asked.text.as_str()),
            Some("second")
        );
        // A question blocks every other key.
        let (handled, bus) = press(&mut layers, &mut pane, char_key('a'));
        assert_eq!(handled, Handled::Yes);
        assert!(bus.is_empty());
        assert_eq!(finder_query(&layers).as_deref(), Some(""));
        press(&mut layers, &mut pane, char_key('y'));
        press(&mut layers, &mut pane, char_key('a'));
        assert_eq!(finder_query(&layers).as_deref(), Some("a"));
    }

    #[test]
    fn a_new_popup_replaces_the_open_one() {
        let mut layers = Layers::default();
        layers.open(finder());
        layers.open(Layer::Sessions(SessionPicker::new(Vec::new())));
        assert!(layers.finder().is_none());
        assert!(layers.covers_panes());
        let mut pane = Probe::default();
        press(&mut layers, &mut pane, key(KeyCode::Esc));
        assert!(
            !layers.covers_panes(),
            "Esc closed the picker, and nothing is under it"
        );
    }

    #[test]
    fn ending_a_search_by_its_key_tells_the_pane() {
        let mut layers = Layers::default();
        let mut pane = Probe::default();
        layers.open(search(true));
        let (handled, _) = press(&mut layers, &mut pane, key(KeyCode::Esc));
        assert_eq!(handled, Handled::Yes);
        assert!(pane.search_ended);
        assert!(layers.search().is_none());
    }

    #[test]
    fn the_mouse_passes_a_search_but_not_a_popup() {
        let mut layers = Layers::default();
        layers.open(search(false));
        assert_eq!(layers.mouse(MouseEventKind::ScrollUp), Handled::No);
        layers.ask(question("Go on?"));
        assert_eq!(layers.mouse(MouseEventKind::ScrollUp), Handled::Yes);
        // Pasting passes a question down to the input, as before there were layers.
        assert_eq!(layers.paste("text"), Handled::No);
        layers.open(finder());
        assert_eq!(layers.paste("src\nmore"), Handled::Yes);
        assert_eq!(finder_query(&layers).as_deref(), Some("src"));
    }
}
