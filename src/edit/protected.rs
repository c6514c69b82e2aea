//! Files an edit must never change without an explicit yes: what the tool reads as
//! configuration (so a reply cannot plant an API base or a lint command for the next
//! run), its own state, and git hooks. Such blocks are never auto-accepted (not by
//! `--yes`, not by auto-accept) and are flagged in the review.

/// Why `path` (relative to the root, `/` separators) is protected, if it is.
/// `extra` holds more protected folders (e.g. the repository's `core.hooksPath`).
pub fn protected_reason(path: &str, extra: &[String]) -> Option<String> {
    let path = path.trim_start_matches("./");
    let lower = path.to_ascii_lowercase();
    let name = lower.rsplit('/').next().unwrap_or(&lower);
    let reason = if name == ".aider.conf.yml" || name == ".aider.conf.yaml" {
        "it configures aider-tui (models, API base, commands run after edits)"
    } else if name == ".env" || name.starts_with(".env.") {
        "it holds environment settings such as API keys and base URLs"
    } else if name == ".aiderignore" {
        "it decides which files aider-tui sees"
    } else if lower == ".aider-tui" || lower.starts_with(".aider-tui/") {
        "it is aider-tui's own state"
    } else if lower == ".git" || lower.starts_with(".git/") {
        "it is inside .git"
    } else if [".githooks/", ".husky/"]
        .iter()
        .any(|folder| lower.starts_with(folder))
        || extra.iter().any(|folder| {
            let folder = folder.trim_matches('/').to_ascii_lowercase();
            !folder.is_empty() && (lower == folder || lower.starts_with(&format!("{folder}/")))
        })
    {
        "it is a git hook, run by git on your machine"
    } else {
        return None;
    };
    Some(format!("{path}: {reason}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configuration_state_and_hooks_are_protected() {
        for path in [
            ".aider.conf.yml",
            "sub/.aider.conf.yml",
            ".env",
            ".env.local",
            ".aiderignore",
            ".aider-tui/sessions/x.json",
            ".husky/pre-commit",
            ".githooks/pre-push",
            "tools/hooks/pre-commit",
        ] {
            assert!(
                protected_reason(path, &["tools/hooks".to_string()]).is_some(),
                "{path}"
            );
        }
        for path in [
            "src/env.rs",
            "environment.yml",
            "docs/.aider-tui.md",
            "hooks.py",
        ] {
            assert_eq!(protected_reason(path, &[]), None, "{path}");
        }
    }
}
