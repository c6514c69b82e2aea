//! Words for lexical relevance: identifiers and paths split into their parts
//! (snake, kebab and camel case, letters apart from digits), lower-cased and
//! stemmed lightly, so `copy_bidirectional_with_sizes`, "copying a
//! bidirectional stream" and `src/io/copy_bidirectional.rs` share terms.
//!
//! The same functions turn a message into query terms and a file's path and
//! definitions into its document terms: whatever one side does, the other does
//! too, so the stemmer only has to be consistent, not right.

/// Parts shorter than this carry no meaning of their own (`a`, `x`, `i`).
const MIN_PART_CHARS: usize = 2;

/// Words of a request that say nothing about where the code is: English glue
/// and the verbs every commit message starts with (compared stemmed).
const STOP_WORDS: &[&str] = &[
    "a", "an", "the", "and", "or", "but", "of", "to", "in", "on", "for", "with", "without", "by",
    "from", "at", "as", "is", "are", "was", "were", "be", "been", "being", "it", "its", "this",
    "that", "these", "those", "there", "here", "when", "where", "which", "who", "what", "why",
    "how", "if", "then", "than", "so", "not", "no", "yes", "do", "does", "did", "done", "can",
    "could", "should", "would", "will", "shall", "may", "might", "must", "we", "you", "me", "my",
    "our", "your", "they", "them", "their", "he", "she", "his", "her", "us", "also", "only",
    "just", "now", "still", "into", "onto", "over", "under", "up", "down", "out", "off", "about",
    "after", "before", "while", "all", "any", "some", "each", "every", "more", "most", "less",
    "other", "such", "same", "very", "too", "again", "once", "via", "per", "etc", "eg", "ie",
    "fix", "add", "remove", "update", "change", "make", "use", "using", "used", "allow", "ensure",
    "improve", "avoid", "instead", "need", "want", "like", "new", "old", "get", "got", "let",
    "please", "thanks", "try", "work", "way", "thing", "issue", "bug", "pr", "commit", "merge",
    "see", "close", "refs", "co", "author", "sign", "signed", "off", "by", "it's", "don't",
    "doesn't", "can't", "isn't", "won't", "has", "have", "had", "having", "one", "two",
];

/// The stop words as stems.
static STOP_STEMS: std::sync::LazyLock<std::collections::HashSet<String>> =
    std::sync::LazyLock::new(|| STOP_WORDS.iter().map(|word| stem(word)).collect());

/// Whether a stemmed term is a stop word.
pub fn is_stop_word(term: &str) -> bool {
    STOP_STEMS.contains(term)
}

/// The parts of an identifier or path component, lower-cased: split at
/// anything not a letter or digit, at a lower-to-upper step (`fooBar`), at the
/// end of a capital run before a capital-lower pair (`HTTPServer`), and between
/// letters and digits. Parts shorter than [`MIN_PART_CHARS`] and parts of digits
/// only are left out.
pub fn split_parts(text: &str, mut part: impl FnMut(&str)) {
    let chars: Vec<char> = text.chars().collect();
    let mut start = 0usize;
    let mut current = String::new();
    let flush = |current: &mut String, part: &mut dyn FnMut(&str)| {
        if current.chars().count() >= MIN_PART_CHARS && !current.chars().all(|c| c.is_ascii_digit())
        {
            part(current);
        }
        current.clear();
    };
    for (index, &c) in chars.iter().enumerate() {
        if !c.is_alphanumeric() {
            flush(&mut current, &mut part);
            start = index + 1;
            continue;
        }
        if index > start {
            let previous = chars[index - 1];
            let next_lower = chars.get(index + 1).is_some_and(|n| n.is_lowercase());
            let boundary = (previous.is_lowercase() && c.is_uppercase())
                || (previous.is_uppercase() && c.is_uppercase() && next_lower)
                || (previous.is_alphabetic() && c.is_numeric())
                || (previous.is_numeric() && c.is_alphabetic());
            if boundary {
                flush(&mut current, &mut part);
            }
        }
        current.extend(c.to_lowercase());
    }
    flush(&mut current, &mut part);
}

/// A light stem of a lower-case part: plurals, `-ing`, `-ed`, `-er` and a final
/// `e` taken off (a doubled last consonant undoubled), as long as three
/// letters remain. `settings`, `setting` and `set` all become `set`.
pub fn stem(part: &str) -> String {
    if !part.is_ascii() || part.len() <= 3 {
        return part.to_string();
    }
    let mut word = part.to_string();
    if let Some(base) = word.strip_suffix("ies").filter(|base| base.len() >= 2) {
        word = format!("{base}y");
    } else if let Some(base) = word.strip_suffix("sses") {
        word = format!("{base}ss");
    } else if word.ends_with('s')
        && !word.ends_with("ss")
        && !word.ends_with("us")
        && !word.ends_with("is")
    {
        word.pop();
    }
    if let Some(base) = word.strip_suffix("ied").filter(|base| base.len() >= 2) {
        word = format!("{base}y");
    } else {
        for suffix in ["ing", "ed", "er"] {
            if let Some(base) = word.strip_suffix(suffix)
                && base.len() >= 3
            {
                word = undouble(base);
                break;
            }
        }
    }
    if word.len() > 3 && word.ends_with('e') {
        word.pop();
    }
    word
}

/// `mapp` → `map`, `sett` → `set`; `pass` and `fall` keep their double letter.
fn undouble(base: &str) -> String {
    let bytes = base.as_bytes();
    let n = bytes.len();
    if n >= 4 && bytes[n - 1] == bytes[n - 2] && !b"aeioulsz".contains(&bytes[n - 1]) {
        base[..n - 1].to_string()
    } else {
        base.to_string()
    }
}

/// The stemmed terms of an identifier or path, stop words kept (a file's
/// `get_user` is about `get` as much as `user`; a query leaves them out).
pub fn terms(text: &str, mut term: impl FnMut(String)) {
    split_parts(text, |part| term(stem(part)));
}

/// One word of a message as it steers the map: its stemmed term and the word
/// as the user wrote it (for the explanation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryTerm {
    pub term: String,
    /// The first spelling of the term in the message, lower-cased.
    pub word: String,
    /// How often the message uses the term.
    pub count: u32,
}

/// The query terms of a message, in order of first use: every word and every
/// part of every identifier-shaped word, stemmed, stop words left out. Words in
/// code shape (`copy_bidirectional_with_sizes`, `fooBar`) also count whole,
/// joined, so an exact name matches more than its parts.
pub fn query_terms(message: &str) -> Vec<QueryTerm> {
    let mut found: Vec<QueryTerm> = Vec::new();
    let mut add = |term: String, word: &str| {
        if term.chars().count() < MIN_PART_CHARS || is_stop_word(&term) {
            return;
        }
        match found.iter_mut().find(|known| known.term == term) {
            Some(known) => known.count += 1,
            None => found.push(QueryTerm {
                term,
                word: word.to_string(),
                count: 1,
            }),
        }
    };
    // A message's words: what is between spaces and punctuation that never
    // belongs to a name (a path's `/` and `.` do, and are split as parts).
    for word in message.split(|c: char| !(c.is_alphanumeric() || "_-./:".contains(c))) {
        split_parts(word, |part| add(stem(part), part));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(text: &str) -> Vec<String> {
        let mut found = Vec::new();
        split_parts(text, |part| found.push(part.to_string()));
        found
    }

    #[test]
    fn identifiers_split_into_their_parts() {
        assert_eq!(
            parts("copy_bidirectional_with_sizes"),
            ["copy", "bidirectional", "with", "sizes"]
        );
        assert_eq!(parts("parseConfigFile"), ["parse", "config", "file"]);
        assert_eq!(parts("HTTPServerError"), ["http", "server", "error"]);
        assert_eq!(
            parts("src/lookup/password.py"),
            ["src", "lookup", "password", "py"]
        );
        assert_eq!(parts("utf8_decode x"), ["utf", "decode"]);
        assert_eq!(parts("kebab-case-name"), ["kebab", "case", "name"]);
        assert_eq!(parts("v2"), Vec::<String>::new());
    }

    #[test]
    fn stems_meet_across_forms() {
        for (a, b) in [
            ("settings", "set"),
            ("sizes", "size"),
            ("parser", "parse"),
            ("parsing", "parsed"),
            ("mapping", "map"),
            ("copied", "copy"),
            ("copying", "copy"),
            ("lookups", "lookup"),
            ("queries", "query"),
        ] {
            assert_eq!(stem(a), stem(b), "{a} and {b}");
        }
        assert_eq!(stem("password"), "password");
        assert_eq!(stem("class"), "class");
        assert_eq!(stem("status"), "status");
        assert_eq!(stem("io"), "io");
        assert_ne!(stem("pass"), stem("pa"));
    }

    #[test]
    fn every_plain_word_of_a_message_counts() {
        let terms: Vec<String> = query_terms("fix the password lookup's use of f=v settings")
            .into_iter()
            .map(|term| term.term)
            .collect();
        assert_eq!(terms, ["password", "lookup", "set"]);
    }

    #[test]
    fn an_unknown_name_steers_by_its_parts() {
        let found = query_terms("io: add copy_bidirectional_with_sizes; copy it");
        let terms: Vec<(&str, u32)> = found.iter().map(|t| (t.term.as_str(), t.count)).collect();
        assert_eq!(
            terms,
            [("io", 1), ("copy", 2), ("bidirectional", 1), ("siz", 1)]
        );
        assert_eq!(found[3].word, "sizes");
    }
}
