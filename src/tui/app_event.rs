//! The UI's internal bus: what a pane asks the app to do, so panes never hold
//! channels or each other.

use crate::protocol::Op;

/// Which pane has the keyboard.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Focus {
    #[default]
    Input,
    Chat,
    Diff,
    Files,
    Commits,
    Map,
}

impl Focus {
    /// The order of the layout, column by column from the left, top to bottom: what
    /// Tab follows and what the number keys 1–6 name.
    pub const ORDER: [Focus; 6] = [
        Focus::Files,
        Focus::Commits,
        Focus::Chat,
        Focus::Input,
        Focus::Diff,
        Focus::Map,
    ];

    /// The pane's number key (1–6).
    pub fn number(self) -> usize {
        Focus::ORDER
            .iter()
            .position(|focus| *focus == self)
            .map_or(0, |at| at + 1)
    }

    /// The pane's title.
    pub fn title(self) -> &'static str {
        match self {
            Focus::Input => "Input",
            Focus::Chat => "Chat",
            Focus::Diff => "Diff",
            Focus::Files => "Files",
            Focus::Commits => "Commits",
            Focus::Map => "Repo map",
        }
    }
}

/// A yes/no question shown as a dialog; the answer sends the matching ops.
#[derive(Debug, Clone, PartialEq)]
pub struct Confirmation {
    pub text: String,
    pub on_yes: Vec<Op>,
    pub on_no: Vec<Op>,
}

/// Something a pane asks the app to do.
#[derive(Debug, Clone, PartialEq)]
pub enum AppEvent {
    /// Send an operation to the engine.
    Send(Op),
    /// Send a message or command as if typed (echoed in the chat).
    Submit(String),
    /// Put text in the message box for the user to finish (and focus it).
    Compose(String),
    /// Move the keyboard to a pane.
    Focus(Focus),
    /// Ask the user first.
    Confirm(Confirmation),
    /// Open the fuzzy file finder.
    OpenFinder { read_only: bool },
    /// A short message in the status bar.
    Flash(String),
    /// Open text in `$VISUAL`/`$EDITOR` (the terminal is restored meanwhile).
    EditExternally(ExternalEdit),
}

/// The operations among what panes put on the bus, in order (for pane tests).
#[cfg(test)]
pub fn sent_ops(bus: &[AppEvent]) -> Vec<Op> {
    bus.iter()
        .filter_map(|event| match event {
            AppEvent::Send(op) => Some(op.clone()),
            _ => None,
        })
        .collect()
}

/// Text to edit in the user's own editor, and what it is for.
#[derive(Debug, Clone, PartialEq)]
pub enum ExternalEdit {
    /// A review block's new text.
    Block {
        review: crate::protocol::ReviewId,
        block: crate::protocol::BlockId,
        /// The file the block changes (names the temporary file, for syntax colours).
        path: String,
        text: String,
    },
    /// The message being written (`/editor`, Ctrl-X Ctrl-E).
    Message { text: String },
    /// A chat file itself (the files pane's `e`), relative to the repository root.
    File { path: String },
}

impl ExternalEdit {
    /// The text the editor opens with.
    pub fn text(&self) -> &str {
        match self {
            ExternalEdit::Block { text, .. } | ExternalEdit::Message { text } => text,
            ExternalEdit::File { .. } => "",
        }
    }

    /// A file name suffix that gives the editor the right syntax.
    pub fn suffix(&self) -> String {
        match self {
            ExternalEdit::Block { path, .. } => std::path::Path::new(path)
                .extension()
                .map(|extension| format!(".{}", extension.to_string_lossy()))
                .unwrap_or_else(|| ".txt".to_string()),
            ExternalEdit::Message { .. } => ".md".to_string(),
            ExternalEdit::File { .. } => String::new(),
        }
    }
}
