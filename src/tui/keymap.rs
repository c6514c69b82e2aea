//! Key bindings: built-in defaults per context, patched by a TOML keymap file that
//! lists only the keys it changes (`"unbound"` removes a default).
//!
//! ```toml
//! [diff]
//! "ctrl-y" = "accept"
//! [global]
//! "f2" = "unbound"
//! ```

use std::collections::BTreeMap;
use std::fmt;
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
    Open,
    Undo,
    Refresh,
    Add,
    AddReadOnly,
    Drop,
    ToggleMapText,
    /// Removes a default binding.
    Unbound,
}

impl Action {
    /// What the action does, for the help overlay.
    pub fn describe(self) -> &'static str {
        match self {
            Action::Quit => "quit (press twice)",
            Action::Redraw => "redraw the screen",
            Action::Help => "show or hide this help",
            Action::FocusNext => "focus the next pane",
            Action::FocusPrev => "focus the previous pane",
            Action::Interrupt => "stop the reply / back to the input",
            Action::ToggleAutoAccept => "toggle auto-accept of edits",
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
            Action::Accept => "accept this block",
            Action::Reject => "reject this block",
            Action::NextBlock => "next block",
            Action::PrevBlock => "previous block",
            Action::AcceptAll => "accept all remaining blocks",
            Action::RejectAll => "reject all remaining blocks",
            Action::FinishReview => "end the review (undecided are rejected)",
            Action::EditBlock => "edit this block's new text here (Ctrl-S keeps, Esc cancels)",
            Action::EditBlockExternally => "edit this block's new text in $VISUAL/$EDITOR",
            Action::ToggleTellRejected => "tell the model about rejected blocks: on / off",
            Action::ToggleLayout => "unified / side-by-side diff",
            Action::Open => "open the commit's diff",
            Action::Undo => "undo the commit",
            Action::Refresh => "refresh",
            Action::Add => "add a file (fuzzy finder)",
            Action::AddReadOnly => "add a read-only file (finder)",
            Action::Drop => "drop the selected file",
            Action::ToggleMapText => "map text / ranked files",
            Action::Unbound => "nothing",
        }
    }
}

/// Where a binding applies; the focused pane's context is tried before `global`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KeyContext {
    Global,
    Input,
    Chat,
    Diff,
    Files,
    Commits,
    Map,
}

impl KeyContext {
    /// Every context, in help order.
    pub const ALL: [KeyContext; 7] = [
        KeyContext::Global,
        KeyContext::Input,
        KeyContext::Chat,
        KeyContext::Diff,
        KeyContext::Files,
        KeyContext::Commits,
        KeyContext::Map,
    ];

    /// The context's name as written in the keymap file.
    pub fn name(self) -> &'static str {
        match self {
            KeyContext::Global => "global",
            KeyContext::Input => "input",
            KeyContext::Chat => "chat",
            KeyContext::Diff => "diff",
            KeyContext::Files => "files",
            KeyContext::Commits => "commits",
            KeyContext::Map => "map",
        }
    }
}

/// A key with its modifiers, normalised (no SHIFT on characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KeyCombo {
    code: KeyCodeOrd,
    modifiers: u8,
}

/// `KeyCode` with an order, for stable help listings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum KeyCodeOrd {
    Char(char),
    F(u8),
    Named(u8),
}

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

const CTRL: u8 = 1;
const ALT: u8 = 2;
const SHIFT: u8 = 4;

impl KeyCombo {
    /// The combo a terminal key event stands for, if it is one a binding can name.
    pub fn from_event(event: &KeyEvent) -> Option<KeyCombo> {
        let mut modifiers = 0;
        if event.modifiers.contains(KeyModifiers::CONTROL) {
            modifiers |= CTRL;
        }
        if event.modifiers.contains(KeyModifiers::ALT) {
            modifiers |= ALT;
        }
        let shift = event.modifiers.contains(KeyModifiers::SHIFT);
        let code = match event.code {
            KeyCode::Char(c) => {
                // Ctrl-letter arrives lowercase; a shifted letter arrives uppercase.
                let c = if modifiers & CTRL != 0 {
                    c.to_ascii_lowercase()
                } else {
                    c
                };
                KeyCodeOrd::Char(c)
            }
            KeyCode::F(n) => {
                if shift {
                    modifiers |= SHIFT;
                }
                KeyCodeOrd::F(n)
            }
            KeyCode::BackTab => KeyCodeOrd::Named(named_index(KeyCode::BackTab)?),
            other => {
                if shift {
                    modifiers |= SHIFT;
                }
                KeyCodeOrd::Named(named_index(other)?)
            }
        };
        Some(KeyCombo { code, modifiers })
    }

    /// Reads `"ctrl-c"`, `"alt-enter"`, `"shift-tab"`, `"f1"`, `"A"`, `"?"`, `"space"`.
    pub fn parse(text: &str) -> Option<KeyCombo> {
        let mut modifiers = 0;
        let mut rest = text;
        loop {
            let lower = rest.to_ascii_lowercase();
            let (prefix, flag) = if lower.starts_with("ctrl-") {
                ("ctrl-", CTRL)
            } else if lower.starts_with("alt-") {
                ("alt-", ALT)
            } else if lower.starts_with("shift-") {
                ("shift-", SHIFT)
            } else {
                break;
            };
            modifiers |= flag;
            rest = &rest[prefix.len()..];
        }
        let lower = rest.to_ascii_lowercase();
        let mut chars = rest.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) => {
                let c = if modifiers & CTRL != 0 {
                    c.to_ascii_lowercase()
                } else {
                    c
                };
                if modifiers & SHIFT != 0 && c.is_ascii_alphabetic() {
                    modifiers &= !SHIFT;
                    KeyCodeOrd::Char(c.to_ascii_uppercase())
                } else {
                    KeyCodeOrd::Char(c)
                }
            }
            _ if lower == "space" => KeyCodeOrd::Char(' '),
            _ if lower == "shift-tab" || (lower == "tab" && modifiers & SHIFT != 0) => {
                modifiers &= !SHIFT;
                KeyCodeOrd::Named(named_index(KeyCode::BackTab)?)
            }
            _ if lower.starts_with('f') && lower[1..].parse::<u8>().is_ok() => {
                KeyCodeOrd::F(lower[1..].parse().ok()?)
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
                let index = NAMED.iter().position(|(name, _)| *name == alias)?;
                KeyCodeOrd::Named(u8::try_from(index).ok()?)
            }
        };
        Some(KeyCombo { code, modifiers })
    }
}

fn named_index(code: KeyCode) -> Option<u8> {
    NAMED
        .iter()
        .position(|(_, named)| *named == code)
        .and_then(|index| u8::try_from(index).ok())
}

impl fmt::Display for KeyCombo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.modifiers & CTRL != 0 {
            f.write_str("Ctrl-")?;
        }
        if self.modifiers & ALT != 0 {
            f.write_str("Alt-")?;
        }
        if self.modifiers & SHIFT != 0 {
            f.write_str("Shift-")?;
        }
        match self.code {
            KeyCodeOrd::Char(' ') => f.write_str("Space"),
            KeyCodeOrd::Char(c) if self.modifiers & (CTRL | ALT) != 0 => {
                write!(f, "{}", c.to_ascii_uppercase())
            }
            KeyCodeOrd::Char(c) => write!(f, "{c}"),
            KeyCodeOrd::F(n) => write!(f, "F{n}"),
            KeyCodeOrd::Named(index) => {
                let name = NAMED.get(usize::from(index)).map_or("?", |(name, _)| name);
                let shown = match name {
                    "backtab" => "Shift-Tab",
                    "pgup" => "PgUp",
                    "pgdn" => "PgDn",
                    "esc" => "Esc",
                    "enter" => "Enter",
                    "tab" => "Tab",
                    "up" => "↑",
                    "down" => "↓",
                    "left" => "←",
                    "right" => "→",
                    "home" => "Home",
                    "end" => "End",
                    "delete" => "Del",
                    "backspace" => "Backspace",
                    other => other,
                };
                f.write_str(shown)
            }
        }
    }
}

/// The bindings in force.
#[derive(Debug, Clone)]
pub struct Keymap {
    bindings: BTreeMap<(KeyContext, KeyCombo), Action>,
}

/// The built-in bindings.
const DEFAULTS: &[(KeyContext, &str, Action)] = {
    use Action::*;
    use KeyContext::{Chat, Commits, Diff, Files, Global, Input, Map};
    &[
        (Global, "ctrl-c", Quit),
        (Global, "ctrl-l", Redraw),
        (Global, "f1", Help),
        (Global, "tab", FocusNext),
        (Global, "shift-tab", FocusPrev),
        (Global, "esc", Interrupt),
        (Global, "f2", ToggleAutoAccept),
        (Input, "enter", Send),
        (Input, "alt-enter", NewLine),
        (Input, "shift-enter", NewLine),
        (Input, "ctrl-j", NewLine),
        (Input, "tab", Complete),
        (Input, "up", HistoryPrev),
        (Input, "down", HistoryNext),
        (Input, "ctrl-p", HistoryPrev),
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
    ]
};

impl Default for Keymap {
    fn default() -> Self {
        let mut bindings = BTreeMap::new();
        for (context, key, action) in DEFAULTS {
            // Every default key string parses (tested).
            if let Some(combo) = KeyCombo::parse(key) {
                bindings.insert((*context, combo), *action);
            }
        }
        Keymap { bindings }
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
            for (key, action) in keys {
                let combo = KeyCombo::parse(&key).ok_or_else(|| KeymapError::Key {
                    path: path.to_path_buf(),
                    key: key.clone(),
                })?;
                if action == Action::Unbound {
                    self.bindings.remove(&(context, combo));
                } else {
                    self.bindings.insert((context, combo), action);
                }
            }
        }
        Ok(())
    }

    /// The action for a key in a context (the context's own bindings first, then global).
    pub fn action(&self, context: KeyContext, event: &KeyEvent) -> Option<Action> {
        let combo = KeyCombo::from_event(event)?;
        self.bindings
            .get(&(context, combo))
            .or_else(|| self.bindings.get(&(KeyContext::Global, combo)))
            .copied()
    }

    /// The action bound in exactly this context (no global fallback).
    pub fn own_action(&self, context: KeyContext, event: &KeyEvent) -> Option<Action> {
        let combo = KeyCombo::from_event(event)?;
        self.bindings.get(&(context, combo)).copied()
    }

    /// The keys bound to an action in a context, as shown to the user.
    pub fn keys_for(&self, context: KeyContext, action: Action) -> Vec<String> {
        self.bindings
            .iter()
            .filter(|((bound_context, _), bound)| *bound_context == context && **bound == action)
            .map(|((_, combo), _)| combo.to_string())
            .collect()
    }

    /// Every binding of a context, grouped by action, for the help overlay.
    pub fn help_rows(&self, context: KeyContext) -> Vec<(String, &'static str)> {
        let mut by_action: BTreeMap<Action, Vec<String>> = BTreeMap::new();
        for ((bound_context, combo), action) in &self.bindings {
            if *bound_context == context {
                by_action
                    .entry(*action)
                    .or_default()
                    .push(combo.to_string());
            }
        }
        by_action
            .into_iter()
            .map(|(action, keys)| (keys.join(" "), action.describe()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    #[test]
    fn every_default_key_parses() {
        for (_, text, _) in DEFAULTS {
            assert!(KeyCombo::parse(text).is_some(), "{text}");
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
            ["F1", "F2"]
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
