//! Saved file lists, as Aider writes them: `/save FILE` writes one `/add` or
//! `/read-only` line per chat file; `/load FILE` runs the slash commands of a file
//! (blank lines and `#` comments skipped), and `--load FILE` does so at start, before
//! any message.

use std::io::Write;

use crate::protocol::{ErrorKind, TurnOutcome, parse_command};

use super::spawn::Engine;

impl Engine {
    pub(super) async fn command_save(&mut self, args: &str) -> TurnOutcome {
        let typed = args.trim();
        if typed.is_empty() {
            return TurnOutcome::Error {
                kind: ErrorKind::Command,
                message: "/save needs a file name: /save chat-files.txt".to_string(),
            };
        }
        let mut text = String::new();
        for name in self.session.files.editable() {
            text.push_str(&format!("/add {name}\n"));
        }
        for name in self.session.files.read_only() {
            text.push_str(&format!("/read-only {name}\n"));
        }
        let path = self.session.settings.cwd.join(typed);
        match write_whole(&path, text.as_bytes()) {
            Ok(()) => {
                let count = self.session.files.all().len();
                self.emitter
                    .info(format!(
                        "Saved {count} files to {typed}; /load {typed} adds them again."
                    ))
                    .await;
                TurnOutcome::Success
            }
            Err(error) => TurnOutcome::Error {
                kind: ErrorKind::Command,
                message: format!("Cannot write {typed}: {error}"),
            },
        }
    }

    pub(super) async fn command_load(&mut self, args: &str) -> TurnOutcome {
        let typed = args.trim();
        if typed.is_empty() {
            return TurnOutcome::Error {
                kind: ErrorKind::Command,
                message: "/load needs a file name: /load chat-files.txt".to_string(),
            };
        }
        let path = self.session.settings.cwd.join(typed);
        let text = match crate::safe_fs::read_regular(&path) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(error) => {
                return TurnOutcome::Error {
                    kind: ErrorKind::Command,
                    message: format!("Cannot read {typed}: {error}"),
                };
            }
        };
        self.run_command_lines(typed, &text).await
    }

    /// `--load FILE`: its commands run once the session has started, before `--message`.
    pub(super) async fn load_startup_commands(&mut self) {
        let Some(file) = self.session.settings.load.clone() else {
            return;
        };
        let path = self.session.settings.cwd.join(&file);
        match crate::safe_fs::read_regular(&path) {
            Ok(bytes) => {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let name = file.display().to_string();
                if let TurnOutcome::Error { message, .. } =
                    self.run_command_lines(&name, &text).await
                {
                    self.emitter.warn(message).await;
                }
            }
            Err(error) => {
                self.emitter
                    .warn(format!(
                        "--load {}: cannot read it: {error}",
                        file.display()
                    ))
                    .await
            }
        }
    }

    /// Runs each command line of `text` (from `source`); a failing command is reported
    /// and the rest still run.
    async fn run_command_lines(&mut self, source: &str, text: &str) -> TurnOutcome {
        let mut failed = 0;
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let place = format!("{source}:{}", number + 1);
            if !line.starts_with('/') {
                self.emitter
                    .warn(format!("{place}: not a slash command, skipped: {line}"))
                    .await;
                failed += 1;
                continue;
            }
            if matches!(parse_command(line), Ok((crate::protocol::Command::Load, _))) {
                // A file loading itself, or two loading each other, would never end.
                self.emitter
                    .warn(format!("{place}: /load inside a loaded file is not run"))
                    .await;
                failed += 1;
                continue;
            }
            if let TurnOutcome::Error { message, .. } = Box::pin(self.run_command(line)).await {
                self.emitter.warn(format!("{place}: {message}")).await;
                failed += 1;
            }
            if self.inbox.quit {
                break;
            }
        }
        self.send_status().await;
        if failed == 0 {
            TurnOutcome::Success
        } else {
            TurnOutcome::Error {
                kind: ErrorKind::Command,
                message: format!("{failed} line(s) of {source} did not run"),
            }
        }
    }
}

/// Writes a whole file through a temporary file in the same folder, so a failed write
/// leaves the old file as it was.
fn write_whole(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    let folder = path
        .parent()
        .filter(|folder| !folder.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    let mut file = tempfile::NamedTempFile::new_in(folder)?;
    file.write_all(bytes)?;
    file.flush()?;
    file.persist(path).map_err(|error| error.error)?;
    Ok(())
}
