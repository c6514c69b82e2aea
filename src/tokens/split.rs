//! Splits text into the pieces cl100k's pattern matches, before any merging:
//!
//! ```text
//! '(?i:[sdmt]|ll|ve|re) | [^\r\n\p{L}\p{N}]?+\p{L}++ | \p{N}{1,3}+
//! | ' '?[^\s\p{L}\p{N}]++[\r\n]*+ | \s++$ | \s*[\r\n] | \s+(?!\S) | \s
//! ```
//!
//! Written out by hand: the `regex` crate has no look-ahead for `\s+(?!\S)`, and
//! a scanner needs neither a compiled automaton nor its caches. The alternatives
//! are tried in the pattern's order, from where the last piece ended, and every
//! character is covered by one of them, so the pieces tile the text.

use super::chars::{Class, class_of};

/// The pieces of `text`, in order; concatenated they give `text` back.
pub(super) fn pieces(text: &str) -> impl Iterator<Item = &str> {
    let mut start = 0;
    std::iter::from_fn(move || {
        let end = piece_end(text, start)?;
        let piece = &text[start..end];
        start = end;
        Some(piece)
    })
}

/// The character at byte `at` and its class.
fn peek(text: &str, at: usize) -> Option<(char, Class)> {
    let c = text[at..].chars().next()?;
    Some((c, class_of(c)))
}

/// Where the run of `class` characters starting at `at` ends.
fn skip(text: &str, at: usize, class: Class) -> usize {
    text[at..]
        .char_indices()
        .find(|&(_, c)| class_of(c) != class)
        .map_or(text.len(), |(offset, _)| at + offset)
}

/// End of the piece that starts at byte `start`, or `None` at the end of `text`.
fn piece_end(text: &str, start: usize) -> Option<usize> {
    let (c, class) = peek(text, start)?;
    let after = start + c.len_utf8();
    if c == '\''
        && let Some(end) = contraction_end(text, after)
    {
        return Some(end);
    }
    match class {
        Class::Letter => return Some(skip(text, after, Class::Letter)),
        Class::Number => return Some(digits_end(text, after)),
        Class::Space | Class::Other => {}
    }
    let next = peek(text, after);
    // `[^\r\n\p{L}\p{N}]?+\p{L}++`: one non-letter, non-number lead-in.
    if let Some((next_char, Class::Letter)) = next
        && c != '\r'
        && c != '\n'
    {
        return Some(skip(text, after + next_char.len_utf8(), Class::Letter));
    }
    // ` ?[^\s\p{L}\p{N}]++[\r\n]*+`
    if class == Class::Other {
        return Some(punctuation_end(text, after));
    }
    if let Some((next_char, Class::Other)) = next
        && c == ' '
    {
        return Some(punctuation_end(text, after + next_char.len_utf8()));
    }
    Some(space_end(text, start))
}

/// `'(?i:[sdmt]|ll|ve|re)` after the apostrophe (case folding includes `ſ`, the
/// long s, which folds to `s`).
fn contraction_end(text: &str, at: usize) -> Option<usize> {
    let mut chars = text[at..].chars();
    let first = chars.next()?;
    let folded = |c: char| match c {
        'ſ' => 's',
        c => c.to_ascii_lowercase(),
    };
    match folded(first) {
        's' | 'd' | 'm' | 't' => return Some(at + first.len_utf8()),
        'l' | 'v' | 'r' => {}
        _ => return None,
    }
    let second = chars.next()?;
    let wanted = if folded(first) == 'l' { 'l' } else { 'e' };
    (folded(second) == wanted).then(|| at + first.len_utf8() + second.len_utf8())
}

/// `\p{N}{1,3}`: the first number is already taken.
fn digits_end(text: &str, at: usize) -> usize {
    let mut end = at;
    for c in text[at..].chars().take(2) {
        if class_of(c) != Class::Number {
            break;
        }
        end += c.len_utf8();
    }
    end
}

/// The rest of `[^\s\p{L}\p{N}]++[\r\n]*+` after its first character.
fn punctuation_end(text: &str, at: usize) -> usize {
    let end = skip(text, at, Class::Other);
    let newlines = text[end..]
        .bytes()
        .take_while(|&b| b == b'\r' || b == b'\n')
        .count();
    end + newlines
}

/// The white-space alternatives, for a run of white space starting at `start`:
/// `\s++$` takes it all if it ends the text; `\s*[\r\n]` takes it up to its last
/// line break; `\s+(?!\S)` leaves its last character for the piece after; `\s`
/// takes a lone character.
fn space_end(text: &str, start: usize) -> usize {
    let mut last_break_end = None;
    let mut last_char_start = start;
    let mut end = start;
    for c in text[start..].chars() {
        if class_of(c) != Class::Space {
            break;
        }
        last_char_start = end;
        end += c.len_utf8();
        if c == '\r' || c == '\n' {
            last_break_end = Some(end);
        }
    }
    if end == text.len() {
        end
    } else if let Some(break_end) = last_break_end {
        break_end
    } else if last_char_start > start {
        last_char_start
    } else {
        end
    }
}

#[cfg(test)]
mod tests {
    use super::pieces;

    fn split(text: &str) -> Vec<&str> {
        pieces(text).collect()
    }

    #[test]
    fn words_numbers_and_punctuation() {
        assert_eq!(split("Hello world"), ["Hello", " world"]);
        assert_eq!(split("x = 12345;"), ["x", " =", " ", "123", "45", ";"]);
        assert_eq!(split("foo(bar)"), ["foo", "(bar", ")"]);
        assert_eq!(split("it's I'LL"), ["it", "'s", " I", "'LL"]);
    }

    #[test]
    fn white_space_runs() {
        assert_eq!(split("a  \tb"), ["a", "  ", "\tb"]);
        assert_eq!(split("a \n\n  b"), ["a", " \n\n", " ", " b"]);
        assert_eq!(split("a   "), ["a", "   "]);
        assert_eq!(split("  x"), [" ", " x"]);
        assert_eq!(split("x\n\n  \n"), ["x", "\n\n  \n"]);
        assert_eq!(split(" 1"), [" ", "1"]);
    }
}
