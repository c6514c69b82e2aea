//! Running lint, test and shell commands, and the built-in syntax check of edited
//! files. Their failures become the next reflection message.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Stdio;
use std::sync::Arc;

use crate::edit::{self, SyntaxFinding};
use crate::repomap;

/// What a command printed and whether it succeeded.
pub struct CommandResult {
    pub output: String,
    pub success: bool,
}

/// The most output kept from one command (the end is kept: that is where errors are).
const MAX_OUTPUT: usize = 20_000;

/// Runs `command` with `sh -c` in `cwd`, stdout and stderr together, no input.
pub async fn run_shell(command: &str, cwd: &Path) -> CommandResult {
    let result = tokio::process::Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .output()
        .await;
    match result {
        Ok(output) => {
            let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
            text.push_str(&String::from_utf8_lossy(&output.stderr));
            CommandResult {
                output: keep_tail(text),
                success: output.status.success(),
            }
        }
        Err(err) => CommandResult {
            output: format!("could not run `{command}`: {err}"),
            success: false,
        },
    }
}

fn keep_tail(text: String) -> String {
    if text.len() <= MAX_OUTPUT {
        return text;
    }
    let mut start = text.len() - MAX_OUTPUT;
    while !text.is_char_boundary(start) {
        start += 1;
    }
    format!("[... output cut ...]\n{}", &text[start..])
}

/// The lint command for these files: the files, quoted, appended to the command.
pub fn lint_command(command: &str, files: &[String]) -> String {
    let mut full = command.to_string();
    for file in files {
        full.push(' ');
        full.push_str(&shell_quote(file));
    }
    full
}

/// The lint commands for these files: per language where the settings name one
/// (`python: flake8`), else the general one. Each command with the files it lints.
pub fn lint_commands(
    general: Option<&str>,
    per_language: &BTreeMap<String, String>,
    files: &[String],
) -> Vec<(String, Vec<String>)> {
    let mut grouped: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in files {
        let command = language_of(file)
            .and_then(|language| per_language.get(language))
            .map(String::as_str)
            .or(general);
        if let Some(command) = command {
            grouped
                .entry(command.to_string())
                .or_default()
                .push(file.clone());
        }
    }
    grouped.into_iter().collect()
}

/// The language name Aider's `lint-cmd` uses for a file, from its extension.
fn language_of(file: &str) -> Option<&'static str> {
    let extension = file.rsplit_once('.').map(|(_, extension)| extension)?;
    Some(match extension {
        "py" | "pyi" => "python",
        "rs" => "rust",
        "js" | "mjs" | "cjs" | "jsx" => "javascript",
        "ts" | "tsx" => "typescript",
        "go" => "go",
        "java" => "java",
        "c" | "h" => "c",
        "cc" | "cpp" | "cxx" | "hpp" | "hh" => "cpp",
        "cs" => "csharp",
        "rb" => "ruby",
        "php" => "php",
        "sh" | "bash" => "bash",
        _ => return None,
    })
}

/// Quotes a word for `sh`.
pub fn shell_quote(word: &str) -> String {
    if !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+=:,@".contains(c))
    {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// The planner's syntax check of each block: the repo map's grammars, the same walk
/// as [`syntax_report`].
pub fn grammar_check() -> Arc<dyn edit::SyntaxCheck> {
    Arc::new(repomap::SyntaxChecker::new())
}

impl edit::SyntaxCheck for repomap::SyntaxChecker {
    fn introduced(&self, path: &str, before: &str, after: &str) -> Option<SyntaxFinding> {
        let error = repomap::SyntaxChecker::introduced(self, path, before, after)?;
        Some(SyntaxFinding {
            line: error.line,
            message: error.message,
        })
    }
}

/// The built-in syntax check: a report of the files under `root` whose parse has
/// errors, with the lines around each error, or `None` when all parse cleanly.
pub fn syntax_report(root: &Path, files: &[String]) -> Option<String> {
    let mut report = String::new();
    for file in files {
        let Ok(text) = std::fs::read_to_string(root.join(file)) else {
            continue;
        };
        let Some(errors) = repomap::syntax_errors(file, &text) else {
            continue;
        };
        if errors.is_empty() {
            continue;
        }
        let lines: Vec<&str> = text.lines().collect();
        report.push_str(&format!("## Syntax errors in {file}\n"));
        let found: Vec<(usize, &str)> = errors
            .iter()
            .map(|error| (error.line, error.message.as_str()))
            .collect();
        for (message, at) in grouped(&found).into_iter().take(10) {
            report.push_str(&format!("{}: {message}\n", line_list(&at)));
            // The lines around its first place; the others are the same mistake.
            let line = at[0].max(1);
            let first = line.saturating_sub(2).max(1);
            let last = (line + 2).min(lines.len());
            for number in first..=last {
                if let Some(code) = lines.get(number - 1) {
                    let marker = if number == line { ">" } else { " " };
                    report.push_str(&format!("{marker}{number:5} | {code}\n"));
                }
            }
        }
        report.push('\n');
    }
    if report.is_empty() {
        None
    } else {
        Some(report)
    }
}

/// The same message at several lines is one problem: each message once, in order of
/// its first line, with every line it is at.
fn grouped<'a>(errors: &[(usize, &'a str)]) -> Vec<(&'a str, Vec<usize>)> {
    let mut groups: Vec<(&str, Vec<usize>)> = Vec::new();
    for (line, message) in errors {
        match groups.iter_mut().find(|(known, _)| known == message) {
            Some((_, lines)) => lines.push(*line),
            None => groups.push((message, vec![*line])),
        }
    }
    groups
}

/// "line 3", "lines 3 and 8", "lines 3, 8 and 12".
fn line_list(lines: &[usize]) -> String {
    let names: Vec<String> = lines.iter().map(ToString::to_string).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            format!("lines {} and {last}", rest.join(", "))
        }
        _ => format!("line {}", names.concat()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeated_syntax_error_is_reported_once_with_its_lines() {
        let groups = grouped(&[
            (3, "missing `:`"),
            (5, "unexpected `)`"),
            (8, "missing `:`"),
            (12, "missing `:`"),
        ]);
        let said: Vec<(String, &str)> = groups
            .iter()
            .map(|(message, lines)| (line_list(lines), *message))
            .collect();
        assert_eq!(
            said,
            [
                ("lines 3, 8 and 12".to_string(), "missing `:`"),
                ("line 5".to_string(), "unexpected `)`"),
            ]
        );
    }

    #[test]
    fn the_report_names_a_repeated_error_once() {
        let dir = tempfile::tempdir().unwrap();
        let broken = "def a(:\n    pass\n\n\ndef b(:\n    pass\n\n\ndef c(:\n    pass\n";
        std::fs::write(dir.path().join("a.py"), broken).unwrap();
        let report = syntax_report(dir.path(), &["a.py".to_string()]).unwrap();
        let headings = report
            .lines()
            .filter(|line| line.starts_with("line"))
            .count();
        assert!(headings < 3, "{report}");
        assert!(report.contains("lines 1, 5 and 9"), "{report}");
    }

    #[test]
    fn words_are_quoted_for_the_shell_only_when_needed() {
        assert_eq!(shell_quote("src/app.py"), "src/app.py");
        assert_eq!(shell_quote("my file.py"), "'my file.py'");
        assert_eq!(shell_quote("it's"), "'it'\\''s'");
        assert_eq!(
            lint_command("ruff check", &["a.py".into()]),
            "ruff check a.py"
        );
    }

    #[test]
    fn lint_commands_follow_the_language() {
        let per_language: BTreeMap<String, String> =
            [("python".to_string(), "flake8".to_string())].into();
        let files = vec!["a.py".to_string(), "b.rs".to_string(), "c.txt".to_string()];
        let commands = lint_commands(Some("lint"), &per_language, &files);
        assert_eq!(
            commands,
            vec![
                ("flake8".to_string(), vec!["a.py".to_string()]),
                (
                    "lint".to_string(),
                    vec!["b.rs".to_string(), "c.txt".to_string()]
                ),
            ]
        );
        assert!(lint_commands(None, &BTreeMap::new(), &files).is_empty());
    }

    #[tokio::test]
    async fn shell_output_and_status_are_captured() {
        let dir = tempfile::tempdir().unwrap();
        let ok = run_shell("echo hi; echo err >&2", dir.path()).await;
        assert!(ok.success);
        assert_eq!(ok.output, "hi\nerr\n");
        let failed = run_shell("exit 3", dir.path()).await;
        assert!(!failed.success);
    }
}
