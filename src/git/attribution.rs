//! How the tool marks its commits: an optional committer-name suffix and
//! Co-authored-by trailer (both switchable), plus a trailer that is always written.
//!
//! The always-present mark is the trailer `Aider-Tui: <version>` in the last
//! paragraph of the message. It is what `is_tool_commit` reads back, so the tool
//! recognises its commits in a new process; the switchable parts are for people.

/// The trailer key that marks a commit as made by this tool.
pub const TOOL_TRAILER_KEY: &str = "Aider-Tui";

/// The suffix added to the committer name when `committer_suffix` is on.
pub const COMMITTER_SUFFIX: &str = " (aider-tui)";

/// The e-mail address of the Co-authored-by trailer (a reserved, undeliverable domain).
const CO_AUTHOR_EMAIL: &str = "noreply@aider-tui.invalid";

/// How a tool commit credits the tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attribution {
    /// Append " (aider-tui)" to the committer name.
    pub committer_suffix: bool,
    /// The model that wrote the change, for a `Co-authored-by: aider-tui (<model>)` trailer.
    pub co_authored_by: Option<String>,
}

impl Default for Attribution {
    fn default() -> Self {
        Attribution {
            committer_suffix: true,
            co_authored_by: None,
        }
    }
}

impl Attribution {
    /// The committer name for a user called `name` (the tool's own identity is
    /// marked already).
    pub fn committer_name(&self, name: &str) -> String {
        let marked = name.ends_with(COMMITTER_SUFFIX) || name == super::TOOL_IDENTITY_NAME;
        if self.committer_suffix && !marked {
            format!("{name}{COMMITTER_SUFFIX}")
        } else {
            name.to_string()
        }
    }

    /// The full message: the given text, a blank line, then the trailers.
    pub fn message(&self, text: &str) -> String {
        let mut message = text.trim_end().to_string();
        message.push_str("\n\n");
        if let Some(model) = &self.co_authored_by {
            // Angle brackets would break the trailer's e-mail part.
            let model: String = model
                .chars()
                .filter(|c| !matches!(c, '<' | '>' | '\n'))
                .collect();
            message.push_str(&format!(
                "Co-authored-by: aider-tui ({model}) <{CO_AUTHOR_EMAIL}>\n"
            ));
        }
        message.push_str(&format!(
            "{TOOL_TRAILER_KEY}: {}\n",
            env!("CARGO_PKG_VERSION")
        ));
        message
    }
}

/// Whether a commit message carries the tool's mark (its trailer).
pub fn is_tool_message(message: &str) -> bool {
    match git2::message_trailers_strs(message) {
        Ok(trailers) => trailers
            .iter()
            .any(|(key, _)| key.trim().eq_ignore_ascii_case(TOOL_TRAILER_KEY)),
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_has_trailers_in_last_paragraph() {
        let attribution = Attribution {
            committer_suffix: true,
            co_authored_by: Some("gpt-4o".into()),
        };
        let message = attribution.message("feat: add greeting\n\n");
        assert!(message.starts_with("feat: add greeting\n\nCo-authored-by: aider-tui (gpt-4o) <"));
        assert!(is_tool_message(&message));
        assert!(!is_tool_message(
            "feat: add greeting\n\nSigned-off-by: A <a@b>\n"
        ));
        assert!(!is_tool_message("mentions Aider-Tui: 1 in the subject"));
    }

    #[test]
    fn mark_is_present_without_co_author() {
        let attribution = Attribution {
            committer_suffix: false,
            co_authored_by: None,
        };
        let message = attribution.message("fix: typo");
        assert!(is_tool_message(&message));
        assert!(!message.contains("Co-authored-by"));
        assert_eq!(attribution.committer_name("Ann"), "Ann");
    }

    #[test]
    fn committer_suffix_is_added_once() {
        let attribution = Attribution::default();
        assert_eq!(attribution.committer_name("Ann"), "Ann (aider-tui)");
        assert_eq!(
            attribution.committer_name("Ann (aider-tui)"),
            "Ann (aider-tui)"
        );
    }
}
