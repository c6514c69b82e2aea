//! Finding the comments addressed to the model in one file: a comment whose text
//! ends with `AI!` (make a change), `AI?` (answer a question) or `AI` (context), in
//! either case; `AI!` and `AI?` may also open the comment (`# AI! make it faster`).

use super::syntax::{CommentSyntax, syntax_for};

/// What a comment asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Marker {
    /// `AI`: context for the request, nothing to do on its own.
    Context,
    /// `AI?`: a question to answer.
    Question,
    /// `AI!`: a change to make.
    Change,
}

/// One comment addressed to the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AiComment {
    /// The line, counted from 1.
    pub line: usize,
    pub marker: Marker,
    /// The comment's words, without the comment markers.
    pub text: String,
    /// The whole line, trimmed (what the model is shown).
    pub source: String,
}

/// The AI comments of `text`, a file at repository path `path` (its extension picks
/// the comment syntax).
pub fn scan(path: &str, text: &str) -> Vec<AiComment> {
    let syntax = syntax_for(path);
    let mut found = Vec::new();
    // The closing marker of a block comment still open from an earlier line.
    let mut open_block: Option<&'static str> = None;
    for (index, line) in text.lines().enumerate() {
        let (comment, still_open) = comment_text(line, &syntax, open_block);
        open_block = still_open;
        let Some(comment) = comment else {
            continue;
        };
        if let Some(marker) = classify(&comment) {
            found.push(AiComment {
                line: index + 1,
                marker,
                text: comment.trim().to_string(),
                source: line.trim().to_string(),
            });
        }
    }
    found
}

/// The comment on `line`, if any, and the block comment left open after it.
fn comment_text(
    line: &str,
    syntax: &CommentSyntax,
    open_block: Option<&'static str>,
) -> (Option<String>, Option<&'static str>) {
    if let Some(closing) = open_block {
        let inner = line.trim_start();
        // ` * text` continues a C block comment.
        let inner = inner
            .strip_prefix('*')
            .filter(|_| closing == "*/")
            .unwrap_or(inner);
        return match inner.find(closing) {
            Some(end) => (Some(inner[..end].to_string()), None),
            None => (Some(inner.to_string()), Some(closing)),
        };
    }
    // The earliest marker on the line starts the comment.
    let line_start = syntax
        .line
        .iter()
        .filter_map(|marker| line.find(marker).map(|at| (at, *marker)))
        .min_by_key(|(at, _)| *at);
    let block_start = syntax
        .block
        .iter()
        .filter_map(|(opening, closing)| line.find(opening).map(|at| (at, *opening, *closing)))
        .min_by_key(|(at, _, _)| *at);
    match (line_start, block_start) {
        (Some((at, marker)), block) if block.is_none_or(|(block_at, _, _)| at < block_at) => {
            let rest = &line[at + marker.len()..];
            // `##`, `///`, `//!`, `;;;`: doubled markers are still one comment.
            let first = marker.chars().next().unwrap_or(' ');
            let rest = rest.trim_start_matches(first).trim_start_matches('!');
            (Some(rest.to_string()), None)
        }
        (_, Some((at, opening, closing))) => {
            let rest = &line[at + opening.len()..];
            match rest.find(closing) {
                Some(end) => (Some(rest[..end].to_string()), None),
                None => (Some(rest.to_string()), Some(closing)),
            }
        }
        _ => (None, None),
    }
}

/// What a comment's words ask for, if they are addressed to the model.
fn classify(comment: &str) -> Option<Marker> {
    let words = comment.trim().trim_start_matches('*').trim();
    let lower = words.to_lowercase();
    let ending = [
        ("ai!", Marker::Change),
        ("ai?", Marker::Question),
        ("ai", Marker::Context),
    ];
    for (suffix, marker) in ending {
        if let Some(before) = lower.strip_suffix(suffix)
            && before
                .chars()
                .last()
                .is_none_or(|c| !c.is_alphanumeric() && c != '_')
        {
            return Some(marker);
        }
    }
    for (prefix, marker) in [("ai!", Marker::Change), ("ai?", Marker::Question)] {
        if let Some(after) = lower.strip_prefix(prefix)
            && after.chars().next().is_none_or(char::is_whitespace)
        {
            return Some(marker);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn markers(path: &str, text: &str) -> Vec<(usize, Marker)> {
        scan(path, text)
            .into_iter()
            .map(|comment| (comment.line, comment.marker))
            .collect()
    }

    #[test]
    fn each_language_is_read_in_its_own_comment_syntax() {
        assert_eq!(
            markers("a.py", "x = 1  # make this 2 AI!\n# why? ai?\n"),
            [(1, Marker::Change), (2, Marker::Question)]
        );
        assert_eq!(
            markers("a.rs", "fn f() {} // rename AI!\n/// docs AI\n"),
            [(1, Marker::Change), (2, Marker::Context)]
        );
        assert_eq!(
            markers("q.sql", "select 1; -- speed up AI!\n"),
            [(1, Marker::Change)]
        );
        assert_eq!(markers("init.el", ";; tidy AI!\n"), [(1, Marker::Change)]);
        assert_eq!(
            markers("a.c", "int x; /* fix the type AI! */\n"),
            [(1, Marker::Change)]
        );
        assert_eq!(
            markers("index.html", "<p>hi</p> <!-- translate this AI! -->\n"),
            [(1, Marker::Change)]
        );
        // A `#` is no comment in Rust, nor `//` in Python.
        assert!(markers("a.rs", "#[derive(Debug)] AI!\n").is_empty());
        assert!(markers("a.py", "url = 'http://x' AI!\n").is_empty());
    }

    #[test]
    fn block_comments_over_several_lines() {
        let text = "/*\n * the cache lives here AI\n * make it an LRU AI!\n */\nint x;\n";
        assert_eq!(
            markers("a.c", text),
            [(2, Marker::Context), (3, Marker::Change)]
        );
        let html = "<!--\n  explain the layout AI?\n-->\n<div></div>\n";
        assert_eq!(markers("page.html", html), [(2, Marker::Question)]);
    }

    #[test]
    fn only_the_word_ai_counts() {
        assert!(markers("a.py", "# use OpenAI!\n# detail\n# main\n").is_empty());
        assert!(markers("a.py", "# AI models are fun\n").is_empty());
        assert_eq!(
            markers("a.py", "# AI! make it faster\n# Ai? why\n# see above, ai\n"),
            [
                (1, Marker::Change),
                (2, Marker::Question),
                (3, Marker::Context)
            ]
        );
        let found = scan("a.py", "    total = 0  # count here AI!\n");
        assert_eq!(found[0].text, "count here AI!");
        assert_eq!(found[0].source, "total = 0  # count here AI!");
    }
}
