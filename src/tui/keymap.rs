//! Key bindings: built-in defaults per context, patched by a TOML keymap file that
//! lists only the keys it changes (`"unbound"` removes a default).
//!
//! ```toml
//! [diff]
//! "ctrl-y" = "accept"
//! [global]
//! "f2" = "unbound"
//! ```

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde::Deserialize;

/// Why a keymap file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum KeymapError {
    #[error("cannot read keymap file {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("keymap file {path}: {source}")]
    Parse {
        path: PathBuf,
        source: toml::de::Error,
    },
    #[error(
        "keymap file {path}: cannot read the key {key:?} (try \"ctrl-x\", \"alt-enter\", \"f1\", \"pgdn\", \"y\")"
    )]
    Key { path: PathBuf, key: String },
}

/// Something a key can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Quit,
    Redraw,
    Help,
    FocusNext,
    FocusPrev,
    Interrupt,
    ToggleAutoAccept,
    ToggleContextPane,
    Send,
    NewLine,
    Complete,
    HistoryPrev,
    HistoryNext,
    Up,
    Down,
    PageUp,
    PageDown,
    Top,
    Bottom,
    Accept,
    Reject,
    NextBlock,
    PrevBlock,
    AcceptAll,
    RejectAll,
    FinishReview,
    EditBlock,
    EditBlockExternally,
    ToggleTellRejected,
    ToggleLayout,
    ScrollLeft,
    ScrollRight,
    ToggleWrap,
    ToggleZoom,
    Open,
    Undo,
    Refresh,
    Add,
    AddReadOnly,
    Drop,
    EditFile,
    ToggleMapText,
    PrevMessage,
    NextMessage,
    PrevCodeBlock,
    NextCodeBlock,
    CopyCode,
    Rewind,
    /// Stops the session to the shell (`fg` comes back).
    Suspend,
    FocusFiles,
    FocusCommits,
    FocusChat,
    FocusInput,
    FocusDiff,
    FocusMap,
    ChatLineUp,
    ChatLineDown,
    ChatPageUp,
    ChatPageDown,
    TakeBackQueued,
    KillToLineStart,
    DeleteWordBack,
    HistorySearch,
    UndoEdit,
    RedoEdit,
    ClearDraft,
    Search,
    NextMatch,
    PrevMatch,
    EndSearch,
    /// A yes/no dialog's answers.
    Yes,
    No,
    /// Closes the palette, the finder or the session picker.
    Close,
    /// Takes the highlighted row of a list.
    Choose,
    /// The file finder: add the file read-only instead, or editable again.
    ToggleReadOnly,
    /// An editor keeps its text (a plan's is sent); a search keeps its query.
    Keep,
    /// An editor closes and its text is as it was.
    Cancel,
    /// Typing a query: the character before the cursor goes.
    DeleteChar,
    /// The message box's chord key: the next key is read in the `chord` context.
    Chord,
    /// The message in `$VISUAL`/`$EDITOR` (the second key of the chord).
    EditMessage,
    /// Removes a default binding.
    Unbound,
}

impl Action {
    /// What the action does, for the help overlay.
    pub fn describe(self) -> &'static str {
        match self {
            Action::Quit => "stop the reply, clear the message, or quit (twice)",
            Action::Redraw => "redraw the screen",
            Action::Help => "commands and keys: this palette (type to filter)",
            Action::FocusNext => "focus the next pane",
            Action::FocusPrev => "focus the previous pane",
            Action::Interrupt => "stop the reply / back to the input",
            Action::ToggleAutoAccept => "toggle auto-accept of edits",
            Action::ToggleContextPane => "context pane: show or hide",
            Action::Send => "send the message",
            Action::NewLine => "insert a new line",
            Action::Complete => "complete a command or file name",
            Action::HistoryPrev => "previous message from history",
            Action::HistoryNext => "next message from history",
            Action::Up => "up",
            Action::Down => "down",
            Action::PageUp => "page up",
            Action::PageDown => "page down",
            Action::Top => "to the top",
            Action::Bottom => "to the bottom (follow)",
            Action::Accept => "accept this block / the plan",
            Action::Reject => "reject this block / the plan",
            Action::NextBlock => "next block",
            Action::PrevBlock => "previous block",
            Action::AcceptAll => "accept all remaining blocks",
            Action::RejectAll => "reject all remaining blocks",
            Action::FinishReview => "end the review (undecided are rejected)",
            Action::EditBlock => "edit this block's new text here",
            Action::EditBlockExternally => "edit this block's new text in $VISUAL/$EDITOR",
            Action::ToggleTellRejected => "tell the model about rejected blocks: on / off",
            Action::ToggleLayout => "unified / side-by-side diff",
            Action::ScrollLeft => "scroll long diff lines left",
            Action::ScrollRight => "scroll long diff lines right",
            Action::ToggleWrap => "wrap long diff lines: on / off",
            Action::ToggleZoom => "zoom the diff to the whole screen: on / off",
            Action::Open => "show the commit's diff / the file",
            Action::Undo => "undo the commit",
            Action::Refresh => "refresh",
            Action::Add => "add a file (fuzzy finder)",
            Action::AddReadOnly => "add a read-only file (finder)",
            Action::Drop => "drop the selected file",
            Action::EditFile => "open the selected file in $VISUAL/$EDITOR",
            Action::ToggleMapText => "map text / ranked files",
            Action::PrevMessage => "select your previous message",
            Action::NextMessage => "select your next message",
            Action::PrevCodeBlock => "select the previous code block",
            Action::NextCodeBlock => "select the next code block",
            Action::CopyCode => "copy the selected (or last) code block",
            Action::Rewind => "rewind to before the selected message (asks first)",
            Action::Suspend => "suspend to the shell (fg comes back)",
            Action::FocusFiles => "focus the files",
            Action::FocusCommits => "focus the commits",
            Action::FocusChat => "focus the chat",
            Action::FocusInput => "focus the message box",
            Action::FocusDiff => "focus the diff",
            Action::FocusMap => "focus the repo map",
            Action::ChatLineUp => "scroll the chat up",
            Action::ChatLineDown => "scroll the chat down",
            Action::ChatPageUp => "scroll the chat up a page",
            Action::ChatPageDown => "scroll the chat down a page",
            Action::TakeBackQueued => "take the last queued message back to edit",
            Action::KillToLineStart => "delete to the start of the line",
            Action::DeleteWordBack => "delete the word before the cursor",
            Action::HistorySearch => "search the message history (again: older)",
            Action::UndoEdit => "undo an edit of the message",
            Action::RedoEdit => "redo an edit of the message",
            Action::ClearDraft => "clear the whole message",
            Action::Search => "search this pane",
            Action::NextMatch => "next match",
            Action::PrevMatch => "previous match",
            Action::EndSearch => "end the search",
            Action::Yes => "answer yes",
            Action::No => "answer no",
            Action::Close => "close",
            Action::Choose => "choose the highlighted row",
            Action::ToggleReadOnly => "finder: add read-only / editable",
            Action::Keep => "keep the edit (a plan is sent) / the search",
            Action::Cancel => "cancel the edit",
            Action::DeleteChar => "delete the character before the cursor",
            Action::Chord => "start a chord (its second key follows)",
            Action::EditMessage => "edit the message in $VISUAL/$EDITOR",
            Action::Unbound => "nothing",
        }
    }
}

/// Where a binding applies; the focused pane's context is tried before `global`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KeyContext {
    Global,
    /// Every pane but the message box (tried after the pane's own keys).
    Panes,
    /// While a search of a pane is shown (tried before the pane's own keys).
    Search,
    Input,
    Chat,
    Diff,
    Files,
    Commits,
    Map,
    /// The palette, the file finder and the session picker.
    List,
    /// A yes/no question.
    Dialog,
    /// Editing a review block's or a plan's text in place.
    Editor,
    /// The key after the message box's chord key.
    Chord,
    /// Typing an API key into the masked entry (`/key PROVIDER`).
    Entry,
}

/// A pane's keys are its context's; the one conversion between the two.
impl From<super::app_event::Focus> for KeyContext {
    fn from(focus: super::app_event::Focus) -> KeyContext {
        use super::app_event::Focus;
        match focus {
            Focus::Input => KeyContext::Input,
            Focus::Chat => KeyContext::Chat,
            Focus::Diff => KeyContext::Diff,
            Focus::Files => KeyContext::Files,
            Focus::Commits => KeyContext::Commits,
            Focus::Map => KeyContext::Map,
        }
    }
}

impl KeyContext {
    /// Every context, in help order.
    pub const ALL: [KeyContext; 14] = [
        KeyContext::Global,
        KeyContext::Panes,
        KeyContext::Search,
        KeyContext::Input,
        KeyContext::Chat,
        KeyContext::Diff,
        KeyContext::Files,
        KeyContext::Commits,
        KeyContext::Map,
        KeyContext::List,
        KeyContext::Dialog,
        KeyContext::Editor,
        KeyContext::Chord,
        KeyContext::Entry,
    ];

    /// The context's name as written in the keymap file.
    pub fn name(self) -> &'static str {
        match self {
            KeyContext::Global => "global",
            KeyContext::Panes => "panes",
            KeyContext::Search => "search",
            KeyContext::Input => "input",
            KeyContext::Chat => "chat",
            KeyContext::Diff => "diff",
            KeyContext::Files => "files",
            KeyContext::Commits => "commits",
            KeyContext::Map => "map",
            KeyContext::List => "list",
            KeyContext::Dialog => "dialog",
            KeyContext::Editor => "editor",
            KeyContext::Chord => "chord",
            KeyContext::Entry => "entry",
        }
    }

    /// Where a key is looked for, in order: a pane's own keys, then the keys every
    /// pane shares (not in the message box, where they are text), then global. The
    /// overlays, the search and the editors read only their own.
    fn lookup_order(self) -> &'static [KeyContext] {
        use KeyContext::*;
        match self {
            Global => &[Global],
            Panes => &[Panes, Global],
            Input => &[Input, Global],
            Chat => &[Chat, Panes, Global],
            Diff => &[Diff, Panes, Global],
            Files => &[Files, Panes, Global],
            Commits => &[Commits, Panes, Global],
            Map => &[Map, Panes, Global],
            Search => &[Search],
            List => &[List],
            Dialog => &[Dialog],
            Editor => &[Editor],
            Chord => &[Chord],
            Entry => &[Entry],
        }
    }
}

/// The named keys a keymap file can write, in the order help lists them.
const NAMED: [(&str, KeyCode); 14] = [
    ("enter", KeyCode::Enter),
    ("esc", KeyCode::Esc),
    ("tab", KeyCode::Tab),
    ("backtab", KeyCode::BackTab),
    ("backspace", KeyCode::Backspace),
    ("delete", KeyCode::Delete),
    ("up", KeyCode::Up),
    ("down", KeyCode::Down),
    ("left", KeyCode::Left),
    ("right", KeyCode::Right),
    ("home", KeyCode::Home),
    ("end", KeyCode::End),
    ("pgup", KeyCode::PageUp),
    ("pgdn", KeyCode::PageDown),
];

/// The modifiers a binding can name.
const BOUND_MODIFIERS: KeyModifiers = KeyModifiers::CONTROL
    .union(KeyModifiers::ALT)
    .union(KeyModifiers::SHIFT);

/// A key event as a binding names it: crossterm's own type, normalised so that a
/// keymap file's `"A"` and a terminal's Shift+a are one key. Characters carry their
/// case and no SHIFT; Ctrl+letter is lower case; Shift+Tab is BackTab; the event is a
/// plain press. `None` for keys no binding can name.
pub fn normalized(event: &KeyEvent) -> Option<KeyEvent> {
    let mut modifiers = event.modifiers.intersection(BOUND_MODIFIERS);
    let code = match event.code {
        KeyCode::Char(c) => {
            modifiers.remove(KeyModifiers::SHIFT);
            // Ctrl-letter arrives lowercase; a shifted letter arrives uppercase.
            if modifiers.contains(KeyModifiers::CONTROL) {
                KeyCode::Char(c.to_ascii_lowercase())
            } else {
                KeyCode::Char(c)
            }
        }
        KeyCode::BackTab => {
            modifiers.remove(KeyModifiers::SHIFT);
            KeyCode::BackTab
        }
        KeyCode::F(number) => KeyCode::F(number),
        other => {
            named_index(other)?;
            other
        }
    };
    Some(KeyEvent::new(code, modifiers))
}

/// Reads `"ctrl-c"`, `"alt-enter"`, `"shift-tab"`, `"f1"`, `"A"`, `"?"`, `"space"`.
pub fn parse_key(text: &str) -> Option<KeyEvent> {
    let mut modifiers = KeyModifiers::NONE;
    let mut rest = text;
    loop {
        let lower = rest.to_ascii_lowercase();
        let (prefix, modifier) = if lower.starts_with("ctrl-") {
            ("ctrl-", KeyModifiers::CONTROL)
        } else if lower.starts_with("alt-") {
            ("alt-", KeyModifiers::ALT)
        } else if lower.starts_with("shift-") {
            ("shift-", KeyModifiers::SHIFT)
        } else {
            break;
        };
        modifiers.insert(modifier);
        rest = &rest[prefix.len()..];
    }
    let lower = rest.to_ascii_lowercase();
    let mut chars = rest.chars();
    let code = match (chars.next(), chars.next()) {
        (Some(c), None) if modifiers.contains(KeyModifiers::SHIFT) && c.is_ascii_alphabetic() => {
            KeyCode::Char(c.to_ascii_uppercase())
        }
        (Some(c), None) => KeyCode::Char(c),
        _ if lower == "space" => KeyCode::Char(' '),
        _ if lower == "tab" && modifiers.contains(KeyModifiers::SHIFT) => KeyCode::BackTab,
        _ if lower.starts_with('f') && lower[1..].parse::<u8>().is_ok() => {
            KeyCode::F(lower[1..].parse().ok()?)
        }
        _ => {
            let alias = match lower.as_str() {
                "return" | "ret" => "enter",
                "escape" => "esc",
                "pageup" => "pgup",
                "pagedown" => "pgdn",
                "del" => "delete",
                other => other,
            };
            NAMED.iter().find(|(name, _)| *name == alias)?.1
        }
    };
    normalized(&KeyEvent::new(code, modifiers))
}

fn named_index(code: KeyCode) -> Option<usize> {
    NAMED.iter().position(|(_, named)| *named == code)
}

/// How a key is shown to the user: `Ctrl-C`, `Alt-Enter`, `Shift-Tab`, `F1`, `↑`, `A`.
pub fn key_name(key: &KeyEvent) -> String {
    let mut name = String::new();
    for (modifier, shown) in [
        (KeyModifiers::CONTROL, "Ctrl-"),
        (KeyModifiers::ALT, "Alt-"),
        (KeyModifiers::SHIFT, "Shift-"),
    ] {
        if key.modifiers.contains(modifier) {
            name.push_str(shown);
        }
    }
    let chorded = key
        .modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
    match key.code {
        KeyCode::Char(' ') => name.push_str("Space"),
        KeyCode::Char(c) if chorded => name.push(c.to_ascii_uppercase()),
        KeyCode::Char(c) => name.push(c),
        KeyCode::F(number) => name.push_str(&format!("F{number}")),
        other => name.push_str(match other {
            KeyCode::BackTab => "Shift-Tab",
            KeyCode::PageUp => "PgUp",
            KeyCode::PageDown => "PgDn",
            KeyCode::Esc => "Esc",
            KeyCode::Enter => "Enter",
            KeyCode::Tab => "Tab",
            KeyCode::Up => "↑",
            KeyCode::Down => "↓",
            KeyCode::Left => "←",
            KeyCode::Right => "→",
            KeyCode::Home => "Home",
            KeyCode::End => "End",
            KeyCode::Delete => "Del",
            KeyCode::Backspace => "Backspace",
            _ => "?",
        }),
    }
    name
}

/// The order help lists keys in: characters, then function keys, then named keys;
/// plain before Ctrl before Alt before Shift.
fn listing_order(key: &KeyEvent) -> (u8, u32, u8) {
    let (class, value) = match key.code {
        KeyCode::Char(c) => (0, u32::from(c)),
        KeyCode::F(number) => (1, u32::from(number)),
        other => (2, named_index(other).map_or(u32::MAX, |index| index as u32)),
    };
    let mut modifiers = 0;
    for (bit, modifier) in [
        (1, KeyModifiers::CONTROL),
        (2, KeyModifiers::ALT),
        (4, KeyModifiers::SHIFT),
    ] {
        if key.modifiers.contains(modifier) {
            modifiers |= bit;
        }
    }
    (class, value, modifiers)
}

/// The bindings in force.
#[derive(Debug, Clone)]
pub struct Keymap {
    bindings: HashMap<(KeyContext, KeyEvent), Binding>,
    /// The rank the next key a keymap file binds gets (below every default's).
    next_file_rank: i64,
}

/// What a key does, and how early it comes when a hint names one key for an action:
/// a keymap file's keys first, then the defaults in the order they are listed.
#[derive(Debug, Clone, Copy)]
struct Binding {
    action: Action,
    rank: i64,
}

/// The built-in bindings.
const DEFAULTS: &[(KeyContext, &str, Action)] = {
    use Action::*;
    use KeyContext::{
        Chat, Chord as Chorded, Commits, Dialog, Diff, Editor, Entry, Files, Global, Input, List,
        Map, Panes, Search as Searching,
    };
    &[
        (Global, "ctrl-c", Quit),
        (Global, "ctrl-z", Suspend),
        (Panes, "1", FocusFiles),
        (Panes, "2", FocusCommits),
        (Panes, "3", FocusChat),
        (Panes, "4", FocusInput),
        (Panes, "5", FocusDiff),
        (Panes, "6", FocusMap),
        (Panes, "/", Search),
        (Searching, "n", NextMatch),
        (Searching, "N", PrevMatch),
        (Searching, "esc", EndSearch),
        (Searching, "enter", Keep),
        (Searching, "backspace", DeleteChar),
        (Input, "pgup", ChatPageUp),
        (Input, "pgdn", ChatPageDown),
        (Input, "shift-up", ChatLineUp),
        (Input, "shift-down", ChatLineDown),
        (Input, "alt-up", TakeBackQueued),
        (Input, "ctrl-u", KillToLineStart),
        (Input, "ctrl-w", DeleteWordBack),
        (Input, "ctrl-r", HistorySearch),
        (Input, "alt-u", UndoEdit),
        (Input, "alt-r", RedoEdit),
        (Input, "ctrl-g", ClearDraft),
        (Input, "ctrl-x", Chord),
        (Chorded, "ctrl-e", EditMessage),
        (Global, "ctrl-l", Redraw),
        (Global, "f1", Help),
        (Global, "ctrl-p", Help),
        (Global, "tab", FocusNext),
        (Global, "shift-tab", FocusPrev),
        (Global, "esc", Interrupt),
        (Global, "f2", ToggleAutoAccept),
        (Global, "f3", ToggleContextPane),
        (Input, "enter", Send),
        (Input, "alt-enter", NewLine),
        (Input, "shift-enter", NewLine),
        (Input, "ctrl-j", NewLine),
        (Input, "tab", Complete),
        (Input, "up", HistoryPrev),
        (Input, "down", HistoryNext),
        (Input, "ctrl-n", HistoryNext),
        (Chat, "?", Help),
        (Chat, "up", Up),
        (Chat, "k", Up),
        (Chat, "down", Down),
        (Chat, "j", Down),
        (Chat, "pgup", PageUp),
        (Chat, "pgdn", PageDown),
        (Chat, "home", Top),
        (Chat, "g", Top),
        (Chat, "end", Bottom),
        (Chat, "G", Bottom),
        (Chat, "[", PrevMessage),
        (Chat, "]", NextMessage),
        (Chat, "{", PrevCodeBlock),
        (Chat, "}", NextCodeBlock),
        (Chat, "y", CopyCode),
        (Chat, "r", Rewind),
        (Diff, "?", Help),
        (Diff, "y", Accept),
        (Diff, "n", Reject),
        (Diff, "j", NextBlock),
        (Diff, "k", PrevBlock),
        (Diff, "A", AcceptAll),
        (Diff, "R", RejectAll),
        (Diff, "enter", FinishReview),
        (Diff, "e", EditBlock),
        (Diff, "E", EditBlockExternally),
        (Diff, "t", ToggleTellRejected),
        (Diff, "s", ToggleLayout),
        (Diff, "h", ScrollLeft),
        (Diff, "left", ScrollLeft),
        (Diff, "l", ScrollRight),
        (Diff, "right", ScrollRight),
        (Diff, "w", ToggleWrap),
        (Diff, "z", ToggleZoom),
        (Diff, "up", Up),
        (Diff, "down", Down),
        (Diff, "pgup", PageUp),
        (Diff, "pgdn", PageDown),
        (Diff, "home", Top),
        (Diff, "end", Bottom),
        (Files, "?", Help),
        (Files, "up", Up),
        (Files, "k", Up),
        (Files, "down", Down),
        (Files, "j", Down),
        (Files, "a", Add),
        (Files, "r", AddReadOnly),
        (Files, "d", Drop),
        (Files, "delete", Drop),
        (Files, "e", EditFile),
        (Files, "enter", Open),
        (Commits, "?", Help),
        (Commits, "up", Up),
        (Commits, "k", Up),
        (Commits, "down", Down),
        (Commits, "j", Down),
        (Commits, "enter", Open),
        (Commits, "u", Undo),
        (Commits, "r", Refresh),
        (Map, "?", Help),
        (Map, "up", Up),
        (Map, "k", Up),
        (Map, "down", Down),
        (Map, "j", Down),
        (Map, "pgup", PageUp),
        (Map, "pgdn", PageDown),
        (Map, "r", Refresh),
        (Map, "m", ToggleMapText),
        (List, "up", Up),
        (List, "down", Down),
        (List, "tab", Down),
        (List, "pgup", PageUp),
        (List, "pgdn", PageDown),
        (List, "enter", Choose),
        (List, "esc", Close),
        (List, "ctrl-r", ToggleReadOnly),
        (List, "backspace", DeleteChar),
        (Dialog, "y", Yes),
        (Dialog, "n", No),
        (Dialog, "esc", No),
        (Editor, "ctrl-s", Keep),
        (Editor, "esc", Cancel),
        (Entry, "enter", Keep),
        (Entry, "esc", Cancel),
        (Entry, "backspace", DeleteChar),
        (Entry, "ctrl-u", KillToLineStart),
    ]
};

impl Default for Keymap {
    fn default() -> Self {
        let mut bindings = HashMap::new();
        for (rank, (context, key, action)) in (0..).zip(DEFAULTS) {
            // Every default key string parses (tested).
            if let Some(key) = parse_key(key) {
                let action = *action;
                bindings.insert((*context, key), Binding { action, rank });
            }
        }
        Keymap {
            bindings,
            next_file_rank: -1,
        }
    }
}

impl Keymap {
    /// The defaults patched by the keymap file at `path`.
    pub fn load(path: &Path) -> Result<Keymap, KeymapError> {
        let text = std::fs::read_to_string(path).map_err(|source| KeymapError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let mut keymap = Keymap::default();
        keymap.patch(path, &text)?;
        Ok(keymap)
    }

    /// Applies a keymap file's text over the current bindings.
    pub fn patch(&mut self, path: &Path, text: &str) -> Result<(), KeymapError> {
        let table: BTreeMap<KeyContext, BTreeMap<String, Action>> =
            toml::from_str(text).map_err(|source| KeymapError::Parse {
                path: path.to_path_buf(),
                source,
            })?;
        for (context, keys) in table {
            for (text, action) in keys {
                let key = parse_key(&text).ok_or_else(|| KeymapError::Key {
                    path: path.to_path_buf(),
                    key: text.clone(),
                })?;
                if action == Action::Unbound {
                    self.bindings.remove(&(context, key));
                } else {
                    let rank = self.next_file_rank;
                    self.next_file_rank -= 1;
                    self.bindings
                        .insert((context, key), Binding { action, rank });
                }
            }
        }
        Ok(())
    }

    /// The action for a key in a context: the context's own bindings first, then the
    /// contexts it falls back to ([`KeyContext::lookup_order`]).
    pub fn action(&self, context: KeyContext, event: &KeyEvent) -> Option<Action> {
        let key = normalized(event)?;
        self.resolve(context, key)
    }

    fn resolve(&self, context: KeyContext, key: KeyEvent) -> Option<Action> {
        context
            .lookup_order()
            .iter()
            .find_map(|tried| self.bindings.get(&(*tried, key)))
            .map(|binding| binding.action)
    }

    /// The key a hint names for an action in a context, as shown: of the keys that do
    /// it there (its fallbacks' too, unless the context's own keys hide them), a
    /// keymap file's first, then the defaults' first. `None` when no key does it.
    pub fn first_key(&self, context: KeyContext, action: Action) -> Option<String> {
        context
            .lookup_order()
            .iter()
            .flat_map(|tried| {
                self.bindings
                    .iter()
                    .filter(move |((bound_context, _), _)| bound_context == tried)
            })
            .filter(|((_, key), binding)| {
                binding.action == action && self.resolve(context, *key) == Some(action)
            })
            .min_by_key(|(_, binding)| binding.rank)
            .map(|((_, key), _)| key_name(key))
    }

    /// [`Keymap::first_key`] for a title or a hint: "(unbound)" when no key is bound.
    pub fn key_label(&self, context: KeyContext, action: Action) -> String {
        self.first_key(context, action)
            .unwrap_or_else(|| "(unbound)".to_string())
    }

    /// A hint line for a context: each item's key and words, `y accept · n reject`.
    /// An item of several actions names a key of each, `j/k move`; an item whose
    /// actions have no key is left out, so a hint never names a key that does nothing.
    pub fn hints(&self, context: KeyContext, items: &[(&[Action], &str)]) -> String {
        items
            .iter()
            .filter_map(|(actions, words)| {
                let keys: Vec<String> = actions
                    .iter()
                    .filter_map(|action| self.first_key(context, *action))
                    .collect();
                (!keys.is_empty()).then(|| format!("{} {words}", keys.join("/")))
            })
            .collect::<Vec<_>>()
            .join(" · ")
    }

    /// The action bound in exactly this context (no global fallback).
    pub fn own_action(&self, context: KeyContext, event: &KeyEvent) -> Option<Action> {
        let key = normalized(event)?;
        self.bindings
            .get(&(context, key))
            .map(|binding| binding.action)
    }

    /// The keys bound to an action in a context, as shown to the user.
    pub fn keys_for(&self, context: KeyContext, action: Action) -> Vec<String> {
        self.sorted_bindings(context)
            .into_iter()
            .filter(|(_, bound)| *bound == action)
            .map(|(key, _)| key_name(&key))
            .collect()
    }

    /// Every binding of a context, grouped by action, for the help overlay.
    pub fn help_rows(&self, context: KeyContext) -> Vec<(String, &'static str)> {
        let mut by_action: BTreeMap<Action, Vec<String>> = BTreeMap::new();
        for (key, action) in self.sorted_bindings(context) {
            by_action.entry(action).or_default().push(key_name(&key));
        }
        by_action
            .into_iter()
            .map(|(action, keys)| (keys.join(" "), action.describe()))
            .collect()
    }

    /// A context's bindings in listing order.
    fn sorted_bindings(&self, context: KeyContext) -> Vec<(KeyEvent, Action)> {
        let mut bound: Vec<(KeyEvent, Action)> = self
            .bindings
            .iter()
            .filter(|((bound_context, _), _)| *bound_context == context)
            .map(|((_, key), binding)| (*key, binding.action))
            .collect();
        bound.sort_by_key(|(key, _)| listing_order(key));
        bound
    }
}

#[cfg(test)]
mod tests {
    use ratatui::crossterm::event::{KeyEventKind, KeyEventState};

    use super::*;

    fn key(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    #[test]
    fn every_default_key_parses() {
        for (_, text, _) in DEFAULTS {
            assert!(parse_key(text).is_some(), "{text}");
        }
        assert_eq!(Keymap::default().bindings.len(), DEFAULTS.len());
    }

    #[test]
    fn terminal_events_find_their_bindings() {
        let keymap = Keymap::default();
        let shifted_a = key(KeyCode::Char('A'), KeyModifiers::SHIFT);
        assert_eq!(
            keymap.action(KeyContext::Diff, &shifted_a),
            Some(Action::AcceptAll)
        );
        let ctrl_c = key(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(
            keymap.action(KeyContext::Input, &ctrl_c),
            Some(Action::Quit)
        );
        let backtab = key(KeyCode::BackTab, KeyModifiers::SHIFT);
        assert_eq!(
            keymap.action(KeyContext::Chat, &backtab),
            Some(Action::FocusPrev)
        );
        let alt_enter = key(KeyCode::Enter, KeyModifiers::ALT);
        assert_eq!(
            keymap.action(KeyContext::Input, &alt_enter),
            Some(Action::NewLine)
        );
        let tab = key(KeyCode::Tab, KeyModifiers::NONE);
        assert_eq!(
            keymap.action(KeyContext::Input, &tab),
            Some(Action::Complete)
        );
        assert_eq!(
            keymap.action(KeyContext::Files, &tab),
            Some(Action::FocusNext)
        );
        let plain_y = key(KeyCode::Char('y'), KeyModifiers::NONE);
        assert_eq!(keymap.action(KeyContext::Input, &plain_y), None);
    }

    #[test]
    fn file_spellings_and_terminal_events_are_one_key() {
        let shift_a = parse_key("shift-a");
        assert_eq!(shift_a, parse_key("A"));
        assert_eq!(
            shift_a,
            normalized(&key(KeyCode::Char('A'), KeyModifiers::SHIFT))
        );
        assert_eq!(parse_key("ctrl-X"), parse_key("ctrl-x"));
        assert_eq!(
            parse_key("ctrl-x"),
            normalized(&key(
                KeyCode::Char('X'),
                KeyModifiers::CONTROL | KeyModifiers::SHIFT
            ))
        );
        assert_eq!(parse_key("shift-tab"), parse_key("backtab"));
        assert_eq!(parse_key("Return"), parse_key("enter"));
        // A repeat, or a press with keyboard-state flags, finds the same binding.
        let repeat = KeyEvent::new_with_kind_and_state(
            KeyCode::Char('y'),
            KeyModifiers::NONE,
            KeyEventKind::Repeat,
            KeyEventState::NUM_LOCK,
        );
        assert_eq!(
            Keymap::default().action(KeyContext::Diff, &repeat),
            Some(Action::Accept)
        );
        assert_eq!(normalized(&key(KeyCode::Insert, KeyModifiers::NONE)), None);
        assert_eq!(parse_key("hyper-q"), None);
    }

    #[test]
    fn help_lists_keys_in_a_stable_order_with_readable_names() {
        let keymap = Keymap::default();
        assert_eq!(
            keymap.keys_for(KeyContext::Input, Action::NewLine),
            ["Ctrl-J", "Alt-Enter", "Shift-Enter"]
        );
        assert_eq!(
            keymap.keys_for(KeyContext::Global, Action::FocusPrev),
            ["Shift-Tab"]
        );
        assert_eq!(keymap.keys_for(KeyContext::Chat, Action::Up), ["k", "↑"]);
        assert_eq!(keymap.keys_for(KeyContext::Diff, Action::AcceptAll), ["A"]);
    }

    #[test]
    fn number_keys_jump_to_panes_but_type_in_the_message_box() {
        let keymap = Keymap::default();
        let three = key(KeyCode::Char('3'), KeyModifiers::NONE);
        assert_eq!(
            keymap.action(KeyContext::Commits, &three),
            Some(Action::FocusChat)
        );
        assert_eq!(keymap.action(KeyContext::Input, &three), None);
        let slash = key(KeyCode::Char('/'), KeyModifiers::NONE);
        assert_eq!(
            keymap.action(KeyContext::Chat, &slash),
            Some(Action::Search)
        );
        assert_eq!(keymap.action(KeyContext::Input, &slash), None);
        let ctrl_u = key(KeyCode::Char('u'), KeyModifiers::CONTROL);
        assert_eq!(
            keymap.action(KeyContext::Input, &ctrl_u),
            Some(Action::KillToLineStart)
        );
    }

    #[test]
    fn a_keymap_file_rebinds_and_unbinds() {
        let mut keymap = Keymap::default();
        let text =
            "[diff]\n\"ctrl-y\" = \"accept\"\n\"y\" = \"unbound\"\n[global]\n\"f2\" = \"help\"\n";
        keymap.patch(Path::new("keys.toml"), text).unwrap();
        let ctrl_y = key(KeyCode::Char('y'), KeyModifiers::CONTROL);
        assert_eq!(
            keymap.action(KeyContext::Diff, &ctrl_y),
            Some(Action::Accept)
        );
        let y = key(KeyCode::Char('y'), KeyModifiers::NONE);
        assert_eq!(keymap.action(KeyContext::Diff, &y), None);
        assert_eq!(
            keymap.keys_for(KeyContext::Global, Action::Help),
            ["Ctrl-P", "F1", "F2"]
        );
    }

    #[test]
    fn the_key_a_hint_names_is_a_files_first_then_the_defaults_and_never_a_hidden_one() {
        let mut keymap = Keymap::default();
        let first = |keymap: &Keymap, context, action| keymap.first_key(context, action);
        assert_eq!(
            first(&keymap, KeyContext::Input, Action::NewLine).as_deref(),
            Some("Alt-Enter")
        );
        // A global key counts in a pane, unless the pane's own binding hides it.
        assert_eq!(
            first(&keymap, KeyContext::Input, Action::Interrupt).as_deref(),
            Some("Esc")
        );
        assert_eq!(first(&keymap, KeyContext::Input, Action::FocusNext), None);
        assert_eq!(first(&keymap, KeyContext::Editor, Action::Interrupt), None);
        let text =
            "[input]\n\"ctrl-o\" = \"new_line\"\n\"ctrl-x\" = \"unbound\"\n\"alt-x\" = \"chord\"\n";
        keymap.patch(Path::new("keys.toml"), text).unwrap();
        assert_eq!(
            first(&keymap, KeyContext::Input, Action::NewLine).as_deref(),
            Some("Ctrl-O")
        );
        let alt_x = key(KeyCode::Char('x'), KeyModifiers::ALT);
        assert_eq!(
            keymap.own_action(KeyContext::Input, &alt_x),
            Some(Action::Chord)
        );
        assert_eq!(
            keymap.hints(
                KeyContext::Diff,
                &[
                    (&[Action::NextBlock, Action::PrevBlock], "move"),
                    (&[Action::Chord], "x")
                ]
            ),
            "j/k move"
        );
    }

    #[test]
    fn bad_keymap_files_say_what_is_wrong() {
        let mut keymap = Keymap::default();
        let bad_action = keymap.patch(Path::new("k.toml"), "[diff]\n\"y\" = \"fly\"\n");
        assert!(matches!(bad_action, Err(KeymapError::Parse { .. })));
        let bad_key = keymap.patch(Path::new("k.toml"), "[diff]\n\"hyper-q\" = \"accept\"\n");
        assert!(matches!(bad_key, Err(KeymapError::Key { .. })));
    }
}
