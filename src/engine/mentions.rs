//! What the user's message names: repository files (offered for adding before the
//! model is called) and identifiers (which steer the repo map).

use std::collections::{BTreeSet, HashMap};

/// Files and identifiers a message names.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Mentions {
    /// Repository files named by path or by an unambiguous file name, not yet in the chat.
    pub files: Vec<String>,
    /// Words that look like code identifiers.
    pub identifiers: Vec<String>,
}

/// Finds the files and identifiers `message` names. `repo_files` are relative paths
/// with forward slashes; files already in the chat are left out.
pub fn find_mentions(message: &str, repo_files: &[String], in_chat: &BTreeSet<String>) -> Mentions {
    let words = candidate_words(message);
    let by_path: BTreeSet<&str> = repo_files.iter().map(String::as_str).collect();
    // A bare file name counts only when exactly one repository file has it, and only
    // when it looks like a file name (has an extension) so "main" or "mod" do not match.
    let mut by_name: HashMap<&str, Vec<&str>> = HashMap::new();
    for path in repo_files {
        let name = path.rsplit('/').next().unwrap_or(path);
        by_name.entry(name).or_default().push(path);
    }

    let mut files = BTreeSet::new();
    let mut identifiers = BTreeSet::new();
    for word in &words {
        let path = word.trim_start_matches("./");
        if by_path.contains(path) {
            files.insert(path.to_string());
            continue;
        }
        if path.contains('.')
            && !path.contains('/')
            && let Some(paths) = by_name.get(path)
            && paths.len() == 1
        {
            files.insert(paths[0].to_string());
            continue;
        }
        if is_identifier(word) {
            identifiers.insert(word.to_string());
        }
    }
    Mentions {
        files: files
            .into_iter()
            .filter(|path| !in_chat.contains(path))
            .collect(),
        identifiers: identifiers.into_iter().collect(),
    }
}

/// `@path` words naming repository files: the user asked for these files outright, so
/// they are added without a question. Returns the message with those `@`s taken off
/// and the paths named.
pub fn take_at_paths(message: &str, repo_files: &[String]) -> (String, Vec<String>) {
    let mut text = message.to_string();
    let mut named = Vec::new();
    for word in message.split_whitespace() {
        let Some(path) = word.strip_prefix('@') else {
            continue;
        };
        let path = path.trim_end_matches([',', '.', ':', ';', ')', '?', '!']);
        if repo_files.iter().any(|file| file == path) {
            text = text.replacen(&format!("@{path}"), path, 1);
            named.push(path.to_string());
        }
    }
    (text, named)
}

/// Splits a message into words, stripping the punctuation people put around names
/// (quotes, backticks, brackets, trailing commas and full stops).
fn candidate_words(message: &str) -> Vec<&str> {
    message
        .split(|c: char| c.is_whitespace() || "`'\"()[]{}<>,;!?".contains(c))
        .map(|word| word.trim_end_matches([':', '.']))
        .filter(|word| !word.is_empty())
        .collect()
}

/// A word that could name code: letters, digits and underscores, at least three long,
/// with an underscore or an inner capital (so prose words and sentence starts do not count).
fn is_identifier(word: &str) -> bool {
    let mut chars = word.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    if !(first.is_ascii_alphabetic() || first == '_') || word.len() < 3 {
        return false;
    }
    if !word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return false;
    }
    word.contains('_') || word.chars().skip(1).any(|c| c.is_ascii_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files() -> Vec<String> {
        ["src/app.py", "src/util/math.py", "README.md", "lib/math.py"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    #[test]
    fn full_paths_and_unique_names_are_found() {
        let found = find_mentions(
            "Please fix `src/app.py` and README.md, then call parse_args.",
            &files(),
            &BTreeSet::new(),
        );
        assert_eq!(found.files, vec!["README.md", "src/app.py"]);
        assert_eq!(found.identifiers, vec!["parse_args"]);
    }

    #[test]
    fn ambiguous_names_and_chat_files_are_left_out() {
        let in_chat: BTreeSet<String> = ["src/app.py".to_string()].into();
        let found = find_mentions("math.py and src/app.py", &files(), &in_chat);
        assert!(found.files.is_empty());
    }

    #[test]
    fn at_paths_of_repository_files_lose_their_at() {
        let (text, named) = take_at_paths("explain @src/app.py, not @nope.py", &files());
        assert_eq!(text, "explain src/app.py, not @nope.py");
        assert_eq!(named, vec!["src/app.py"]);
    }

    #[test]
    fn identifiers_need_code_shape() {
        let found = find_mentions(
            "rename the class UserStore and fooBar but not hello",
            &[],
            &BTreeSet::new(),
        );
        assert_eq!(found.identifiers, vec!["UserStore", "fooBar"]);
    }
}
