//! The clipboard behind one trait: the system's (arboard: X11, Wayland through
//! XWayland, macOS, Windows) or a folder of files (for tests and scripted use). When
//! no system clipboard can be reached (over SSH), text can still be copied through the
//! terminal with OSC 52; that escape is built here and written by the full-screen UI,
//! which owns the terminal.

mod files;
mod osc52;
mod system;

pub use files::FolderClipboard;
pub use osc52::osc52;
pub use system::SystemClipboard;

/// An image taken from the clipboard, as PNG.
#[derive(Clone, PartialEq, Eq)]
pub struct ClipboardImage {
    pub png: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

impl std::fmt::Debug for ClipboardImage {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("ClipboardImage")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("bytes", &self.png.len())
            .finish()
    }
}

/// Why the clipboard could not be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClipboardError {
    /// There is no clipboard to talk to (no display, no clipboard service).
    #[error("no clipboard is available: {0}")]
    Unavailable(String),
    /// The clipboard holds nothing of the kind asked for.
    #[error("the clipboard holds no {0}")]
    Empty(&'static str),
    /// Reading or writing it failed.
    #[error("the clipboard failed: {0}")]
    Failed(String),
}

/// A clipboard: text in and out, and images out.
pub trait Clipboard: Send + Sync {
    /// Puts text on the clipboard.
    fn set_text(&self, text: &str) -> Result<(), ClipboardError>;
    /// The clipboard's text.
    fn text(&self) -> Result<String, ClipboardError>;
    /// The clipboard's image, as PNG.
    fn image(&self) -> Result<ClipboardImage, ClipboardError>;
}
