//! The system clipboard through arboard. The connection is made on first use and kept:
//! on X11 the copied text lives as long as the process that owns it, so dropping the
//! connection right after a copy could lose it.

use std::sync::Mutex;

use super::{Clipboard, ClipboardError, ClipboardImage};

/// The operating system's clipboard.
#[derive(Default)]
pub struct SystemClipboard {
    connection: Mutex<Option<arboard::Clipboard>>,
}

impl std::fmt::Debug for SystemClipboard {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("SystemClipboard")
    }
}

impl SystemClipboard {
    /// A clipboard that connects when first used.
    pub fn new() -> SystemClipboard {
        SystemClipboard::default()
    }

    fn with<T>(
        &self,
        action: impl FnOnce(&mut arboard::Clipboard) -> Result<T, arboard::Error>,
    ) -> Result<T, ClipboardError> {
        let mut connection = self
            .connection
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if connection.is_none() {
            if !has_display() {
                return Err(ClipboardError::Unavailable(
                    "no display (DISPLAY and WAYLAND_DISPLAY are unset, as over SSH)".into(),
                ));
            }
            let opened = arboard::Clipboard::new()
                .map_err(|error| ClipboardError::Unavailable(error.to_string()))?;
            *connection = Some(opened);
        }
        let Some(clipboard) = connection.as_mut() else {
            return Err(ClipboardError::Unavailable("not connected".into()));
        };
        action(clipboard).map_err(|error| match error {
            arboard::Error::ContentNotAvailable => ClipboardError::Empty("content of that kind"),
            arboard::Error::ClipboardNotSupported => {
                ClipboardError::Unavailable("this system has no clipboard".into())
            }
            other => ClipboardError::Failed(other.to_string()),
        })
    }
}

/// Whether a graphical session can be reached (always on macOS and Windows).
fn has_display() -> bool {
    if cfg!(any(target_os = "macos", target_os = "windows")) {
        return true;
    }
    ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|name| std::env::var_os(name).is_some_and(|value| !value.is_empty()))
}

impl Clipboard for SystemClipboard {
    fn set_text(&self, text: &str) -> Result<(), ClipboardError> {
        self.with(|clipboard| clipboard.set_text(text.to_string()))
    }

    fn text(&self) -> Result<String, ClipboardError> {
        self.with(|clipboard| clipboard.get_text())
            .map_err(|error| match error {
                ClipboardError::Empty(_) => ClipboardError::Empty("text"),
                other => other,
            })
    }

    fn image(&self) -> Result<ClipboardImage, ClipboardError> {
        let image = self
            .with(|clipboard| clipboard.get_image())
            .map_err(|error| match error {
                ClipboardError::Empty(_) => ClipboardError::Empty("image"),
                other => other,
            })?;
        let width = u32::try_from(image.width)
            .map_err(|_| ClipboardError::Failed("the image is too wide".into()))?;
        let height = u32::try_from(image.height)
            .map_err(|_| ClipboardError::Failed("the image is too tall".into()))?;
        let png = encode_png(width, height, &image.bytes)?;
        Ok(ClipboardImage { png, width, height })
    }
}

/// RGBA pixels as a PNG file.
fn encode_png(width: u32, height: u32, rgba: &[u8]) -> Result<Vec<u8>, ClipboardError> {
    let failed =
        |error: png::EncodingError| ClipboardError::Failed(format!("PNG encoding: {error}"));
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(failed)?;
        writer.write_image_data(rgba).map_err(failed)?;
        writer.finish().map_err(failed)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pixels_become_a_png_that_says_its_size() {
        let png = encode_png(2, 1, &[255, 0, 0, 255, 0, 0, 255, 255]).unwrap();
        let size = imagesize::blob_size(&png).unwrap();
        assert_eq!((size.width, size.height), (2, 1));
        assert!(
            encode_png(2, 2, &[0; 4]).is_err(),
            "too few pixels is an error"
        );
    }
}
