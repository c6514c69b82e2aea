//! Images in the chat: `/add` and `/read-only` of PNG, JPEG, WebP and GIF files (and
//! the same files on the command line, `--read` or pasted) put them in the chat as
//! pictures, for models whose table entry says they take images. Each request carries
//! them with the chat files' message, and they count in `/tokens` by the provider's rule.

use crate::conversation::Role;
use crate::llm::{ChatMessage, ImagePart, ProviderKind, image_tokens};
use crate::protocol::ChatMode;
use crate::safe_fs::LimitedReadError;

use super::chat_files::is_image;
use super::prompt::{Prompt, PromptPart};
use super::session::Session;
use super::spawn::Engine;
use super::turn::RoundSetup;

const MB: u64 = 1024 * 1024;

/// Images larger than this are refused from their size, before they are read: OpenAI
/// takes 20 MB an image, Anthropic about 5 MB, and a request carries each one again
/// in base64 (a third larger).
pub(super) const MAX_IMAGE_BYTES: u64 = 20 * MB;

/// Why an image of `size` bytes is refused.
pub(super) fn image_too_large(size: u64) -> String {
    format!(
        "{:.1} MB, more than the {} MB an image may be",
        size as f64 / MB as f64,
        MAX_IMAGE_BYTES / MB
    )
}

/// The bytes of a chat image, unless it is not a regular file or is over
/// [`MAX_IMAGE_BYTES`] (refused from its size, unread). A name inside the repository
/// is read at the path it resolves to within the root (see [`Session::contained_path`]).
fn read_image(session: &Session, name: &str) -> Result<Vec<u8>, String> {
    let path = session.contained_path(name)?;
    crate::safe_fs::read_regular_within(&path, MAX_IMAGE_BYTES).map_err(|error| match error {
        LimitedReadError::TooLarge { size, .. } => image_too_large(size),
        LimitedReadError::Io(error) => format!("cannot be read: {error}"),
    })
}

/// The extensions read as images.
impl Engine {
    /// Whether the image `name` may join the chat: the main model takes images and
    /// the file is one of the formats providers read.
    pub(super) fn admit_image(&self, name: &str) -> Result<(), String> {
        let Some(model) = &self.session.models.main else {
            return Err(format!(
                "{name} is an image and no model is set up to look at it"
            ));
        };
        if !model.settings.accepts_images {
            return Err(format!(
                "{name} is an image, and {} does not take images; switch to a model that does (/model gpt-4o, /model sonnet) to add it",
                model.name
            ));
        }
        let bytes =
            read_image(&self.session, name).map_err(|reason| format!("{name}: {reason}"))?;
        crate::llm::image_info(&bytes).map_err(|error| format!("{name}: {error}"))?;
        Ok(())
    }

    /// The images in the chat (editable and read-only), by name.
    fn image_names(&self) -> Vec<String> {
        self.session
            .files
            .all()
            .into_iter()
            .filter(|name| is_image(name))
            .collect()
    }

    /// The provider whose counting rule applies.
    fn image_provider(&self) -> ProviderKind {
        self.session
            .models
            .main
            .as_ref()
            .map(|model| model.settings.provider)
            .unwrap_or(ProviderKind::OpenAiCompatible)
    }

    /// Prompt tokens of each image in the chat, read from the headers only.
    fn image_costs(&self) -> Vec<(String, u64)> {
        let provider = self.image_provider();
        self.image_names()
            .into_iter()
            .filter_map(|name| {
                let bytes = read_image(&self.session, &name).ok()?;
                let size = imagesize::blob_size(&bytes).ok()?;
                let tokens = image_tokens(provider, size.width as u64, size.height as u64);
                Some((name, tokens))
            })
            .collect()
    }

    /// Prompt tokens of all images in the chat.
    pub(super) fn image_tokens(&self) -> u64 {
        self.image_costs().iter().map(|(_, tokens)| tokens).sum()
    }

    /// `/tokens` lines for the images, one each.
    pub(super) fn image_token_lines(&self) -> String {
        self.image_costs()
            .iter()
            .map(|(name, tokens)| format!("{tokens:>8}    {name} (image)\n"))
            .collect()
    }

    /// Finishes a request for `setup`: the images go with the chat files' message,
    /// and the reasoning settings are applied.
    pub(super) async fn complete_request(&mut self, setup: &RoundSetup, prompt: &mut Prompt) {
        self.apply_reasoning(&mut prompt.request, &setup.model);
        let names = self.image_names();
        if names.is_empty() {
            return;
        }
        if !setup.model.settings.accepts_images {
            self.emitter
                .warn(format!(
                    "{} does not take images: {} not sent",
                    setup.model.name,
                    names.join(", ")
                ))
                .await;
            return;
        }
        let mut images = Vec::new();
        let mut sent = Vec::new();
        for name in &names {
            // Checked again: the file may have grown since it was added.
            let read = read_image(&self.session, name)
                .and_then(|bytes| ImagePart::new(bytes).map_err(|error| error.to_string()));
            match read {
                Ok(image) => {
                    images.push(image);
                    sent.push(name.clone());
                }
                Err(problem) => {
                    self.emitter
                        .warn(format!("{name} is not sent: {problem}"))
                        .await
                }
            }
        }
        let provider = setup.model.settings.provider;
        let tokens = images
            .iter()
            .map(|image: &ImagePart| image.tokens(provider))
            .sum();
        if attach(&mut prompt.request.messages, images, &sent, setup.mode) {
            let mut hasher = std::hash::DefaultHasher::new();
            std::hash::Hash::hash(&sent, &mut hasher);
            prompt.parts.push(PromptPart {
                name: "images",
                tokens,
                hash: std::hash::Hasher::finish(&hasher),
                cache_breakpoint: false,
            });
        }
    }
}

/// Puts the images on the chat files' message: the user message before the last
/// exchange of the prompt (`assemble` ends with the files, their acknowledgement and
/// the current message). Returns whether there was such a message.
fn attach(
    messages: &mut [ChatMessage],
    images: Vec<ImagePart>,
    names: &[String],
    mode: ChatMode,
) -> bool {
    if images.is_empty() {
        return false;
    }
    let Some(index) = messages.len().checked_sub(3) else {
        return false;
    };
    let message = &mut messages[index];
    if message.role != Role::User {
        return false;
    }
    let how = match mode {
        ChatMode::Code => "look at them as you work; they cannot be edited",
        _ => "look at them as you answer",
    };
    message.content.push_str(&format!(
        "\n\nThese images are in the chat too, attached to this message in this order ({how}): {}\n",
        names.join(", ")
    ));
    message.images.extend(images);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_are_told_by_their_extension() {
        for name in ["a.png", "docs/shot.JPG", "x.jpeg", "y.webp", "z.gif"] {
            assert!(is_image(name), "{name}");
        }
        for name in ["a.py", "png", "a.png.txt", "a.svg"] {
            assert!(!is_image(name), "{name}");
        }
    }
}
