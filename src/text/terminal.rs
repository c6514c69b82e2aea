//! Text made safe for a terminal: what the model writes (and what a file name holds) is
//! shown, never obeyed. Escape sequences (colours, cursor moves, window titles, OSC 52
//! clipboard writes, screen clears), other control characters and the bidirectional
//! overrides that make code read differently from how it runs are replaced by visible
//! stand-ins. Files keep the text as written; only what reaches a terminal is changed.

use std::borrow::Cow;

/// `text` with every character a terminal would act on made visible. Line breaks and
/// tabs are kept.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_care) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if !needs_care(c) {
            out.push(c);
            continue;
        }
        // A Windows line break is a line break.
        if c == '\r' && chars.peek() == Some(&'\n') {
            continue;
        }
        match c {
            // C0 controls have Unicode pictures (U+2400 + code); DEL has ␡.
            '\u{0}'..='\u{1f}' => out.push(char::from_u32(0x2400 + c as u32).unwrap_or('?')),
            '\u{7f}' => out.push('\u{2421}'),
            other => out.push_str(&format!("<U+{:04X}>", other as u32)),
        }
    }
    Cow::Owned(out)
}

/// Whether a character must not reach a terminal as it is.
fn needs_care(c: char) -> bool {
    match c {
        '\n' | '\t' => false,
        '\u{0}'..='\u{1f}' | '\u{7f}' => true,
        // C1 controls: a terminal may read U+009B as a CSI.
        '\u{80}'..='\u{9f}' => true,
        // Bidirectional embeddings, overrides and isolates.
        '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_are_shown_not_obeyed() {
        let hostile = "title\u{1b}]0;pwned\u{7}clip\u{1b}]52;c;ZXZpbA==\u{7}\u{1b}[2J\u{9b}31m";
        let shown = printable(hostile);
        assert!(!shown.contains('\u{1b}'));
        assert!(!shown.contains('\u{7}'));
        assert!(!shown.contains('\u{9b}'));
        assert!(shown.contains("␛]0;pwned␇"), "{shown}");
    }

    #[test]
    fn plain_text_lines_and_tabs_are_untouched() {
        let text = "fn main() {\n\tprintln!(\"ok ✓ ü 🦀\");\n}\n";
        assert!(matches!(printable(text), Cow::Borrowed(_)));
        assert_eq!(printable("a\rb"), "a␍b");
        assert_eq!(printable("a\r\nb"), "a\nb");
        assert_eq!(printable("x\u{202e}y"), "x<U+202E>y");
    }
}
