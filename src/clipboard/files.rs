//! A clipboard kept in a folder: `clipboard.txt` holds its text and `clipboard.png`
//! its image. Tests use it instead of a display; it also lets a script hand the
//! session text or a picture.

use std::path::PathBuf;

use super::{Clipboard, ClipboardError, ClipboardImage};

/// The text file's name.
pub const TEXT_FILE: &str = "clipboard.txt";
/// The image file's name.
pub const IMAGE_FILE: &str = "clipboard.png";

/// A clipboard in the files of one folder.
#[derive(Debug, Clone)]
pub struct FolderClipboard {
    folder: PathBuf,
}

impl FolderClipboard {
    /// The clipboard in `folder` (which must exist for writes to work).
    pub fn new(folder: impl Into<PathBuf>) -> FolderClipboard {
        FolderClipboard {
            folder: folder.into(),
        }
    }
}

impl Clipboard for FolderClipboard {
    fn set_text(&self, text: &str) -> Result<(), ClipboardError> {
        std::fs::write(self.folder.join(TEXT_FILE), text)
            .map_err(|error| ClipboardError::Failed(error.to_string()))
    }

    fn text(&self) -> Result<String, ClipboardError> {
        match crate::safe_fs::read_regular(&self.folder.join(TEXT_FILE)) {
            Ok(bytes) => String::from_utf8(bytes).map_err(|_| ClipboardError::Empty("text")),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                Err(ClipboardError::Empty("text"))
            }
            Err(error) => Err(ClipboardError::Failed(error.to_string())),
        }
    }

    fn image(&self) -> Result<ClipboardImage, ClipboardError> {
        let bytes = match crate::safe_fs::read_regular(&self.folder.join(IMAGE_FILE)) {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                return Err(ClipboardError::Empty("image"));
            }
            Err(error) => return Err(ClipboardError::Failed(error.to_string())),
        };
        let size = imagesize::blob_size(&bytes)
            .map_err(|error| ClipboardError::Failed(format!("{IMAGE_FILE}: {error}")))?;
        Ok(ClipboardImage {
            width: size.width as u32,
            height: size.height as u32,
            png: bytes,
        })
    }
}
