//! The chat transcript kept in `.aider-tui/chat-history.md`, for the user to read back
//! later. Only what was said is written: messages, replies, reflections and commands
//! (never settings, so never a key). Written only when the state folder exists.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Appends the conversation to the transcript file.
#[derive(Clone)]
pub struct Transcript {
    path: Option<PathBuf>,
}

/// The transcript's file name inside the state folder.
pub const TRANSCRIPT_FILE: &str = "chat-history.md";

impl Transcript {
    /// The transcript of the repository at `root`; a no-op without `.aider-tui/`.
    pub fn open(root: &Path) -> Transcript {
        let dir = root.join(".aider-tui");
        let transcript = Transcript {
            path: dir.is_dir().then(|| dir.join(TRANSCRIPT_FILE)),
        };
        let since_epoch = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_secs());
        transcript.append(&format!(
            "\n# aider-tui chat started (unix time {since_epoch})\n"
        ));
        transcript
    }

    /// Records what the user submitted.
    pub fn user(&self, text: &str) {
        let lines: Vec<String> = text.lines().map(|line| format!("#### {line}")).collect();
        self.append(&format!("\n{}\n", lines.join("\n")));
    }

    /// Records a model reply.
    pub fn reply(&self, text: &str) {
        self.append(&format!("\n{}\n", text.trim_end()));
    }

    /// Records a line from the program (reflection, command result).
    pub fn note(&self, text: &str) {
        for line in text.lines() {
            self.append(&format!("> {line}\n"));
        }
    }

    fn append(&self, text: &str) {
        let Some(path) = &self.path else {
            return;
        };
        let written = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|mut file| file.write_all(text.as_bytes()));
        if let Err(err) = written {
            tracing::warn!("could not write {}: {err}", path.display());
        }
    }
}
