//! Editing text in the user's own editor (`$VISUAL`, else `$EDITOR`, else `vi`): the
//! text goes to a temporary file, the editor runs with the terminal, and the file's
//! contents come back. The terminal loop restores the screen around it.

use std::io::Write;
use std::process::Command;

/// Opens `text` in the editor (the file name ends with `suffix`, for syntax colours) and
/// returns what was saved, or why that failed.
pub fn edit(text: &str, suffix: &str) -> Result<String, String> {
    edit_with(&editor_command(), text, suffix)
}

/// [`edit`] with a given editor command.
pub fn edit_with(editor: &str, text: &str, suffix: &str) -> Result<String, String> {
    let mut file = tempfile::Builder::new()
        .prefix("aider-tui-edit-")
        .suffix(suffix)
        .tempfile()
        .map_err(|error| format!("cannot make a file for the editor: {error}"))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.flush())
        .map_err(|error| format!("cannot write the file for the editor: {error}"))?;
    run_editor(editor, file.path())
        .map_err(|problem| format!("{problem}; the text was not changed"))?;
    std::fs::read_to_string(file.path())
        .map_err(|error| format!("cannot read the edited text back: {error}"))
}

/// Opens a file of the repository itself in the editor (the files pane's `e`): the
/// editor writes it, nothing comes back here.
pub fn open_file(path: &std::path::Path) -> Result<(), String> {
    run_editor(&editor_command(), path)
}

/// Runs `editor` on `path` with the terminal and waits for it to exit successfully.
fn run_editor(editor: &str, path: &std::path::Path) -> Result<(), String> {
    // Through the shell, so an editor given with arguments ("code -w") works; the file
    // is passed as an argument, never spliced into the command text.
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("{editor} \"$1\""))
        .arg("sh")
        .arg(path)
        .spawn()
        .map_err(|error| format!("cannot start the editor `{editor}`: {error}"))?;
    let status = {
        // Out of raw mode, Ctrl-C at the terminal interrupts every process of the
        // session: it should end the editor, not this one with the review in it.
        let _shielded = InterruptsIgnored::start();
        child.wait()
    }
    .map_err(|error| format!("cannot wait for the editor `{editor}`: {error}"))?;
    if !status.success() {
        return Err(format!("the editor `{editor}` exited with {status}"));
    }
    Ok(())
}

/// Ignores SIGINT and SIGQUIT in this process until dropped, as `system(3)` does while
/// its command runs. The editor was started before, so it keeps the default handling.
struct InterruptsIgnored {
    #[cfg(unix)]
    previous: [(libc::c_int, libc::sighandler_t); 2],
}

impl InterruptsIgnored {
    fn start() -> InterruptsIgnored {
        #[cfg(unix)]
        {
            // SAFETY: `signal` with SIG_IGN installs no code of ours; what it returns is
            // handed back to `signal` unchanged on drop.
            let previous = [libc::SIGINT, libc::SIGQUIT]
                .map(|signal| (signal, unsafe { libc::signal(signal, libc::SIG_IGN) }));
            InterruptsIgnored { previous }
        }
        #[cfg(not(unix))]
        InterruptsIgnored {}
    }
}

impl Drop for InterruptsIgnored {
    fn drop(&mut self) {
        #[cfg(unix)]
        for (signal, handler) in self.previous {
            if handler != libc::SIG_ERR {
                // SAFETY: puts back the disposition `signal` returned before.
                unsafe { libc::signal(signal, handler) };
            }
        }
    }
}

/// The command that starts the user's editor.
pub fn editor_command() -> String {
    ["VISUAL", "EDITOR"]
        .iter()
        .find_map(|name| {
            std::env::var(name)
                .ok()
                .filter(|value| !value.trim().is_empty())
        })
        .unwrap_or_else(|| "vi".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_script_as_editor_changes_the_text() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("fake-editor.sh");
        std::fs::write(&script, "#!/bin/sh\nsed -i 's/one/two/' \"$1\"\n").unwrap();
        let status = Command::new("chmod")
            .arg("+x")
            .arg(&script)
            .status()
            .unwrap();
        assert!(status.success());
        let editor = script.display().to_string();
        assert_eq!(edit_with(&editor, "one\n", ".py").unwrap(), "two\n");
        let failed = edit_with("false", "x", ".txt").unwrap_err();
        assert!(failed.contains("was not changed"), "{failed}");
    }
}
