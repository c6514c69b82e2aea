//! How Aider marks the commits it makes, so a user switching from Aider finds them
//! treated as the assistant's.
//!
//! Aider credits itself in one of two ways. By default it adds a trailer
//! `Co-authored-by: aider (<model>) <aider@aider.chat>` to the commits of its edits;
//! with that trailer switched off (and in older versions) it appends ` (aider)` to the
//! author name of those commits. It also appends ` (aider)` to the committer name of
//! every commit it makes, including the commit of the user's own pending changes it
//! makes before editing; so a commit whose only mark is the committer name holds the
//! user's work and stays theirs (undoing it by reset would throw that work away).

/// The name suffix Aider adds to the author (and committer) of its commits.
pub const AIDER_NAME_SUFFIX: &str = "(aider)";

/// The e-mail domain of Aider's Co-authored-by trailer.
const AIDER_EMAIL_DOMAIN: &str = "@aider.chat";

/// Whether a commit with this message and author name holds an edit Aider made.
pub fn is_aider_commit(message: &str, author_name: &str) -> bool {
    author_name.trim_end().ends_with(AIDER_NAME_SUFFIX) || has_aider_co_author(message)
}

/// Whether the message carries Aider's Co-authored-by trailer: the name `aider`
/// (followed by the model in parentheses) and an address at aider.chat.
fn has_aider_co_author(message: &str) -> bool {
    let Ok(trailers) = git2::message_trailers_strs(message) else {
        return false;
    };
    trailers.iter().any(|(key, value)| {
        if !key.trim().eq_ignore_ascii_case("co-authored-by") {
            return false;
        }
        let value = value.trim();
        let named_aider = value
            .split_whitespace()
            .next()
            .is_some_and(|name| name.eq_ignore_ascii_case("aider"));
        let address = value
            .rsplit_once('<')
            .and_then(|(_, rest)| rest.strip_suffix('>'))
            .unwrap_or_default()
            .to_ascii_lowercase();
        named_aider && address.ends_with(AIDER_EMAIL_DOMAIN)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_trailer_aider_writes_by_default_marks_its_commit() {
        let message =
            "feat: greet\n\nCo-authored-by: aider (anthropic/claude-sonnet-4) <aider@aider.chat>\n";
        assert!(is_aider_commit(message, "Ann"));
        // Another tool's co-author, or the trailer's words in the subject, do not.
        assert!(!is_aider_commit(
            "feat: greet\n\nCo-authored-by: Bob <bob@example.com>\n",
            "Ann"
        ));
        assert!(!is_aider_commit(
            "Co-authored-by: aider (x) <aider@aider.chat> in a subject line",
            "Ann"
        ));
        assert!(!is_aider_commit(
            "feat\n\nCo-authored-by: aider-tui (gpt-4o) <noreply@aider-tui.invalid>\n",
            "Ann"
        ));
    }

    #[test]
    fn the_author_name_suffix_marks_its_commit() {
        assert!(is_aider_commit("feat: greet", "Ann (aider)"));
        assert!(!is_aider_commit("feat: greet", "Ann"));
        assert!(!is_aider_commit("feat: greet", "Ann (aider-tui)"));
    }
}
