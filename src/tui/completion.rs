//! Completion in the input box: slash commands, file names after `/add`, `/drop`,
//! `/read-only`, provider names after `/key`, and `@path` mentions.

use super::fuzzy;
use crate::protocol::{Argument, COMMANDS, key_providers, parse_command};

/// What completing the word before the cursor would do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completion {
    /// Characters before the cursor that the replacement replaces.
    pub replace_chars: usize,
    /// The text to put there.
    pub replacement: String,
    /// Every candidate, for showing when there are several.
    pub candidates: Vec<String>,
}

/// Completes the word that ends at the cursor, given the text before the cursor.
pub fn complete(
    before_cursor: &str,
    repo_files: &[String],
    chat_files: &[String],
) -> Option<Completion> {
    let word_start = before_cursor
        .rfind(char::is_whitespace)
        .map_or(0, |at| at + 1);
    let word = &before_cursor[word_start..];
    let line_start = before_cursor.rfind('\n').map_or(0, |at| at + 1);
    let line = &before_cursor[line_start..];
    if word_start <= line_start && word.starts_with('/') && line_start == 0 {
        // The engine's own table: what completes is what runs.
        let candidates: Vec<String> = COMMANDS
            .iter()
            .map(|row| format!("/{}", row.name))
            .filter(|command| command.starts_with(word))
            .collect();
        return finish(word, candidates, " ");
    }
    if let Some(mention) = word.strip_prefix('@') {
        let candidates = files_for(mention, repo_files);
        let mut completion = finish(mention, candidates, " ")?;
        completion.replace_chars += 1;
        completion.replacement = format!("@{}", completion.replacement);
        completion.candidates = completion
            .candidates
            .iter()
            .map(|c| format!("@{c}"))
            .collect();
        return Some(completion);
    }
    let command = line.split_whitespace().next().unwrap_or_default();
    let providers: Vec<String>;
    let pool = match parse_command(command).map(|(command, _)| command.spec().argument) {
        Ok(Argument::RepoFiles) => repo_files,
        Ok(Argument::ChatFiles) => chat_files,
        Ok(Argument::Provider) => {
            providers = key_providers().map(String::from).collect();
            &providers
        }
        _ => return None,
    };
    if line.trim_end() == command && !line.ends_with(char::is_whitespace) {
        return None;
    }
    finish(word, files_for(word, pool), " ")
}

fn files_for(typed: &str, pool: &[String]) -> Vec<String> {
    let prefixed: Vec<String> = pool
        .iter()
        .filter(|path| path.starts_with(typed))
        .cloned()
        .collect();
    if !prefixed.is_empty() {
        return prefixed;
    }
    fuzzy::rank(typed, pool, 50).into_iter().cloned().collect()
}

/// One candidate completes fully; several complete to their common prefix.
fn finish(typed: &str, mut candidates: Vec<String>, suffix: &str) -> Option<Completion> {
    candidates.sort();
    candidates.dedup();
    let replacement = match candidates.as_slice() {
        [] => return None,
        [only] => format!("{only}{suffix}"),
        several => {
            let prefix = common_prefix(several);
            if prefix.len() > typed.len() && several.iter().all(|c| c.starts_with(typed)) {
                prefix
            } else {
                typed.to_string()
            }
        }
    };
    Some(Completion {
        replace_chars: typed.chars().count(),
        replacement,
        candidates,
    })
}

fn common_prefix(items: &[String]) -> String {
    let Some(first) = items.first() else {
        return String::new();
    };
    let mut end = first.len();
    for item in &items[1..] {
        end = first
            .char_indices()
            .zip(item.chars())
            .take_while(|((_, a), b)| a == b)
            .last()
            .map_or(0, |((at, c), _)| at + c.len_utf8())
            .min(end);
    }
    first[..end].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files() -> Vec<String> {
        ["src/main.rs", "src/lib.rs", "README.md"]
            .map(String::from)
            .to_vec()
    }

    #[test]
    fn commands_complete_alone_or_to_a_common_prefix() {
        let unique = complete("/und", &[], &[]).unwrap();
        assert_eq!(
            (unique.replace_chars, unique.replacement.as_str()),
            (4, "/undo ")
        );
        let several = complete("/ma", &[], &[]).unwrap();
        assert_eq!(several.replacement, "/map");
        assert_eq!(several.candidates, ["/map", "/map-refresh"]);
        assert!(complete("/zzz", &[], &[]).is_none());
    }

    #[test]
    fn file_arguments_and_mentions_complete_from_the_right_list() {
        let add = complete("/add src/m", &files(), &[]).unwrap();
        assert_eq!(add.replacement, "src/main.rs ");
        let drop = complete("/drop ", &files(), &["a.py".into()]).unwrap();
        assert_eq!(drop.replacement, "a.py ");
        let mention = complete("look at @READ", &files(), &[]).unwrap();
        assert_eq!(
            (mention.replace_chars, mention.replacement.as_str()),
            (5, "@README.md ")
        );
        let fuzzy = complete("/add mainrs", &files(), &[]).unwrap();
        assert_eq!(fuzzy.candidates, ["src/main.rs"]);
        assert!(complete("plain words", &files(), &[]).is_none());
    }

    #[test]
    fn key_completes_provider_names() {
        let anthropic = complete("/key anth", &files(), &[]).unwrap();
        assert_eq!(anthropic.replacement, "anthropic ");
        let several = complete("/key o", &[], &[]).unwrap();
        assert_eq!(several.candidates, ["openai", "openrouter"]);
        assert_eq!(several.replacement, "open");
    }
}
