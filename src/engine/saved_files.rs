//! Saved file lists, as Aider writes them: `/save FILE` writes one `/add` or
//! `/read-only` line per chat file; `/load FILE` runs the slash commands of a file
//! (blank lines and `#` comments skipped), and `--load FILE` does so at start, before
//! any message.

use std::io::Write;
use std::path::Path;

use crate::protocol::{ErrorKind, TurnOutcome};

use super::chat_files::ChatFiles;
use super::emitter::Emitter;

/// `/save FILE`, relative to where the user ran the program (`cwd`).
pub(super) async fn command_save(
    files: &ChatFiles,
    cwd: &Path,
    emitter: &Emitter,
    args: &str,
) -> TurnOutcome {
    let typed = args.trim();
    if typed.is_empty() {
        return TurnOutcome::Error {
            kind: ErrorKind::Command,
            message: "/save needs a file name: /save chat-files.txt".to_string(),
        };
    }
    let mut text = String::new();
    for name in files.editable() {
        text.push_str(&format!("/add {name}\n"));
    }
    for name in files.read_only() {
        text.push_str(&format!("/read-only {name}\n"));
    }
    let path = cwd.join(typed);
    match write_whole(&path, text.as_bytes()) {
        Ok(()) => {
            let files = crate::text::counted(files.all().len(), "file", "files");
            emitter
                .info(format!(
                    "Saved {files} to {typed}; /load {typed} adds them again."
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
