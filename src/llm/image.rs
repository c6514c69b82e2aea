//! Images sent with a message: their media type and size read from the header, base64
//! for the wire, and how many prompt tokens each provider charges for one.
//!
//! The header is read with `imagesize` (only its PNG, JPEG, GIF and WebP parsers are
//! compiled): JPEG needs a walk over markers to the frame header and WebP has three
//! chunk layouts, which is more than is worth writing and testing by hand.

use std::fmt;
use std::sync::Arc;

use base64::Engine;

use super::error::LlmError;
use super::service::ProviderKind;

/// The media types every provider with image input accepts.
pub const IMAGE_MEDIA_TYPES: [&str; 4] = ["image/png", "image/jpeg", "image/gif", "image/webp"];

/// What an image's header says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageInfo {
    /// `image/png`, `image/jpeg`, `image/gif` or `image/webp`.
    pub media_type: &'static str,
    pub width: u64,
    pub height: u64,
}

/// Reads the media type and size of an image from its bytes; other formats are refused.
pub fn image_info(bytes: &[u8]) -> Result<ImageInfo, LlmError> {
    let refused = |reason: String| LlmError::InvalidImage { reason };
    let kind = imagesize::image_type(bytes)
        .map_err(|error| refused(format!("not an image a model can read ({error})")))?;
    let media_type = match kind {
        imagesize::ImageType::Png => "image/png",
        imagesize::ImageType::Jpeg => "image/jpeg",
        imagesize::ImageType::Gif => "image/gif",
        imagesize::ImageType::Webp => "image/webp",
        other => {
            return Err(refused(format!(
                "{other:?} images are not accepted; use PNG, JPEG, GIF or WebP"
            )));
        }
    };
    let size = imagesize::blob_size(bytes)
        .map_err(|error| refused(format!("the {media_type} header is unreadable ({error})")))?;
    if size.width == 0 || size.height == 0 {
        return Err(refused(format!("the {media_type} image has no pixels")));
    }
    Ok(ImageInfo {
        media_type,
        width: size.width as u64,
        height: size.height as u64,
    })
}

/// One image of a message: its bytes (shared, so cloning a request copies no pixels)
/// and what its header says.
#[derive(Clone, PartialEq, Eq)]
pub struct ImagePart {
    pub info: ImageInfo,
    pub data: Arc<[u8]>,
}

impl ImagePart {
    /// An image from its file bytes; refused unless PNG, JPEG, GIF or WebP.
    pub fn new(bytes: Vec<u8>) -> Result<ImagePart, LlmError> {
        let info = image_info(&bytes)?;
        Ok(ImagePart {
            info,
            data: bytes.into(),
        })
    }

    /// The bytes as standard base64 with padding, as every wire format wants them.
    pub fn base64(&self) -> String {
        base64::engine::general_purpose::STANDARD.encode(&self.data)
    }

    /// A `data:` URL (OpenAI's `image_url`).
    pub fn data_url(&self) -> String {
        format!("data:{};base64,{}", self.info.media_type, self.base64())
    }

    /// Prompt tokens this image costs on `provider`.
    pub fn tokens(&self, provider: ProviderKind) -> u64 {
        image_tokens(provider, self.info.width, self.info.height)
    }
}

impl fmt::Debug for ImagePart {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The bytes would flood any log line.
        formatter
            .debug_struct("ImagePart")
            .field("info", &self.info)
            .field("bytes", &self.data.len())
            .finish()
    }
}

/// Prompt tokens of a `width`×`height` image.
///
/// - OpenAI (high detail): fit in 2048×2048, shrink until the short side is at most
///   768, then 170 per 512-pixel tile plus 85.
/// - Anthropic: shrink until the long side is at most 1568 (and the image at most
///   about 1600 tokens, which Anthropic's resizing also enforces), then w×h/750.
/// - Ollama publishes no rule; OpenAI's is used, at or above what common local vision
///   models take.
pub fn image_tokens(provider: ProviderKind, width: u64, height: u64) -> u64 {
    if width == 0 || height == 0 {
        return 0;
    }
    let (width, height) = (width as f64, height as f64);
    match provider {
        ProviderKind::OpenAiCompatible | ProviderKind::Azure | ProviderKind::Ollama => {
            openai_tokens(width, height)
        }
        ProviderKind::Anthropic => anthropic_tokens(width, height),
    }
}

fn openai_tokens(mut width: f64, mut height: f64) -> u64 {
    let longest = width.max(height);
    if longest > 2048.0 {
        let scale = 2048.0 / longest;
        width *= scale;
        height *= scale;
    }
    let shortest = width.min(height);
    if shortest > 768.0 {
        let scale = 768.0 / shortest;
        width *= scale;
        height *= scale;
    }
    let tiles = (width / 512.0).ceil() * (height / 512.0).ceil();
    85 + 170 * tiles as u64
}

/// Anthropic's resizing keeps an image at about this many tokens at most.
const ANTHROPIC_MOST_TOKENS: f64 = 1600.0;

fn anthropic_tokens(mut width: f64, mut height: f64) -> u64 {
    let longest = width.max(height);
    if longest > 1568.0 {
        let scale = 1568.0 / longest;
        width = (width * scale).floor().max(1.0);
        height = (height * scale).floor().max(1.0);
    }
    let tokens = width * height / 750.0;
    tokens.min(ANTHROPIC_MOST_TOKENS).ceil() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG header (signature and IHDR) of the given size; the pixels do not matter.
    fn png(width: u32, height: u32) -> Vec<u8> {
        let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        bytes.extend(width.to_be_bytes());
        bytes.extend(height.to_be_bytes());
        bytes.extend([8, 6, 0, 0, 0, 0, 0, 0, 0]);
        bytes
    }

    #[test]
    fn openai_counts_tiles_after_scaling() {
        // OpenAI's published examples.
        assert_eq!(
            image_tokens(ProviderKind::OpenAiCompatible, 1024, 1024),
            765
        );
        assert_eq!(
            image_tokens(ProviderKind::OpenAiCompatible, 2048, 4096),
            1105
        );
        // Small images are not enlarged: one tile.
        assert_eq!(image_tokens(ProviderKind::OpenAiCompatible, 100, 100), 255);
        assert_eq!(image_tokens(ProviderKind::OpenAiCompatible, 0, 10), 0);
    }

    #[test]
    fn anthropic_counts_area_after_scaling() {
        assert_eq!(image_tokens(ProviderKind::Anthropic, 1092, 1092), 1590);
        assert_eq!(image_tokens(ProviderKind::Anthropic, 200, 200), 54);
        // Long side over 1568 shrinks, and the resizing caps the count.
        assert_eq!(image_tokens(ProviderKind::Anthropic, 4000, 100), 82);
        assert_eq!(image_tokens(ProviderKind::Anthropic, 3000, 3000), 1600);
    }

    #[test]
    fn headers_give_type_and_size_and_other_files_are_refused() {
        let info = image_info(&png(640, 480)).unwrap();
        assert_eq!(
            info,
            ImageInfo {
                media_type: "image/png",
                width: 640,
                height: 480
            }
        );
        let gif = b"GIF89a\x20\x03\x58\x02\0\0\0".to_vec();
        let info = image_info(&gif).unwrap();
        assert_eq!(
            (info.media_type, info.width, info.height),
            ("image/gif", 800, 600)
        );
        assert!(matches!(
            image_info(b"fn main() {}"),
            Err(LlmError::InvalidImage { .. })
        ));
        assert!(matches!(
            image_info(b"BM\0\0\0\0"),
            Err(LlmError::InvalidImage { .. })
        ));
        let part = ImagePart::new(png(1, 1)).unwrap();
        assert!(
            part.data_url()
                .starts_with("data:image/png;base64,iVBORw0KGgo")
        );
        assert!(!format!("{part:?}").contains("137"), "{part:?}");
    }
}
