//! The clipboard commands: `/copy` (the last reply), `/copy-context` (the chat context
//! as Markdown, for a web chat) and `/paste [NAME]` (text into the message box, an
//! image saved under `.aider-tui/clipboard/` and added to the chat). When the system
//! clipboard cannot be reached, copies go to the front end to send through the
//! terminal (OSC 52).

use std::sync::Arc;

use crate::clipboard::ClipboardError;
use crate::conversation::Role;
use crate::protocol::{ErrorKind, Event, TurnOutcome};

use super::mentions::Mentions;
use super::prompt::render_file;
use super::repo_map::MapAsker;
use super::spawn::Engine;

/// The folder under `.aider-tui/` that keeps pasted images.
const PASTED_FOLDER: &str = "clipboard";

impl Engine {
    pub(super) async fn command_copy(&mut self) -> TurnOutcome {
        let reply = self
            .session
            .history
            .messages()
            .iter()
            .rev()
            .find(|message| message.role == Role::Assistant)
            .map(|message| message.text.clone());
        let Some(reply) = reply else {
            return TurnOutcome::Error {
                kind: ErrorKind::Command,
                message: "There is no reply to copy yet.".to_string(),
            };
        };
        self.copy_text(reply, "the last reply").await;
        TurnOutcome::Success
    }

    pub(super) async fn command_copy_context(&mut self) -> TurnOutcome {
        let map = self
            .render_repo_map(&Mentions::default(), MapAsker::Inspector)
            .await;
        let mut text = String::from(
            "I am working in a code repository. Here is what you need to know about it; \
             my request follows at the end.\n\n",
        );
        let read_only = self.session.read_only_texts();
        if !read_only.is_empty() {
            text.push_str("## Files for reference (not to be changed)\n\n");
            for file in &read_only {
                text.push_str(&render_file(file));
                text.push('\n');
            }
        }
        if let Some(map) = map.filter(|map| !map.text.trim().is_empty()) {
            text.push_str("## A map of the other files, with their main definitions\n\n```\n");
            text.push_str(map.text.trim_end());
            text.push_str("\n```\n\n");
        }
        let chat_files = self.session.chat_file_texts();
        if !chat_files.is_empty() {
            text.push_str("## The files to work on\n\n");
            for file in &chat_files {
                text.push_str(&render_file(file));
                text.push('\n');
            }
        }
        text.push_str("## My request\n\n");
        let words = text.split_whitespace().count();
        self.copy_text(text, &format!("the chat context ({words} words)"))
            .await;
        TurnOutcome::Success
    }

    /// Copies `text` to the clipboard, or hands it to the front end for the terminal.
    pub(super) async fn copy_text(&mut self, text: String, what: &str) {
        let clipboard = Arc::clone(&self.devices.clipboard);
        let copied = {
            let text = text.clone();
            // A clipboard may wait on the display server: keep it off the async workers.
            tokio::task::spawn_blocking(move || clipboard.set_text(&text))
                .await
                .unwrap_or_else(|error| Err(ClipboardError::Failed(error.to_string())))
        };
        match copied {
            Ok(()) => {
                self.emitter
                    .info(format!("Copied {what} to the clipboard."))
                    .await
            }
            Err(error) => {
                self.emitter
                    .emit(Event::CopyThroughTerminal {
                        text,
                        reason: error.to_string(),
                    })
                    .await
            }
        }
    }

    pub(super) async fn command_paste(&mut self, args: &str) -> TurnOutcome {
        let clipboard = Arc::clone(&self.devices.clipboard);
        let pasted = tokio::task::spawn_blocking(move || match clipboard.image() {
            Ok(image) => Ok(Pasted::Image(image)),
            Err(ClipboardError::Empty(_)) => clipboard.text().map(Pasted::Text),
            Err(error) => Err(error),
        })
        .await
        .unwrap_or_else(|error| Err(ClipboardError::Failed(error.to_string())));
        match pasted {
            Ok(Pasted::Text(text)) if text.trim().is_empty() => TurnOutcome::Error {
                kind: ErrorKind::Command,
                message: "The clipboard is empty.".to_string(),
            },
            Ok(Pasted::Text(text)) => {
                self.emitter.emit(Event::ComposeMessage { text }).await;
                TurnOutcome::Success
            }
            Ok(Pasted::Image(image)) => self.add_pasted_image(args, &image.png).await,
            Err(error) => TurnOutcome::Error {
                kind: ErrorKind::Command,
                message: format!("Nothing was pasted: {error}"),
            },
        }
    }

    /// Saves a pasted image under `.aider-tui/clipboard/` and adds it to the chat.
    async fn add_pasted_image(&mut self, name: &str, png: &[u8]) -> TurnOutcome {
        let file_name = image_file_name(name);
        // Refused before it is saved: it would be refused when added anyway.
        if png.len() as u64 > super::images::MAX_IMAGE_BYTES {
            return TurnOutcome::Error {
                kind: ErrorKind::Command,
                message: format!(
                    "The clipboard's image is not pasted: {}",
                    super::images::image_too_large(png.len() as u64)
                ),
            };
        }
        let state = self.session.state.clone().ok_or_else(|| {
            std::io::Error::new(
                std::io::ErrorKind::NotFound,
                "no state folder can be used here",
            )
        });
        let saved = state.and_then(|state| {
            let folder = state.subdir(PASTED_FOLDER)?;
            folder.write_atomic(&file_name, png)?;
            Ok(folder.path().join(&file_name))
        });
        let path = match saved {
            Ok(path) => path,
            Err(error) => {
                return TurnOutcome::Error {
                    kind: ErrorKind::Command,
                    message: format!("Cannot save the pasted image: {error}"),
                };
            }
        };
        match self.add_read_only(&path.to_string_lossy()) {
            Ok(added) => {
                self.emitter
                    .info(format!("Pasted the clipboard's image as {added}"))
                    .await;
                TurnOutcome::Success
            }
            Err(message) => TurnOutcome::Error {
                kind: ErrorKind::Command,
                message,
            },
        }
    }
}

/// What the clipboard held.
enum Pasted {
    Text(String),
    Image(crate::clipboard::ClipboardImage),
}

/// A safe file name for a pasted image: the typed name's letters, digits, `-` and `_`,
/// with `.png`; a time-stamped name when none was given.
fn image_file_name(typed: &str) -> String {
    let stem: String = typed
        .trim()
        .trim_end_matches(".png")
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_'))
        .take(64)
        .collect();
    if stem.is_empty() {
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|elapsed| elapsed.as_secs())
            .unwrap_or(0);
        format!("pasted-{seconds}.png")
    } else {
        format!("{stem}.png")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pasted_names_stay_inside_their_folder() {
        assert_eq!(image_file_name("diagram"), "diagram.png");
        assert_eq!(image_file_name("shot.png"), "shot.png");
        assert_eq!(image_file_name("../../etc/x"), "etcx.png");
        assert!(image_file_name("").starts_with("pasted-"));
    }
}
