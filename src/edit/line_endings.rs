//! A file's line-ending style and final-newline state, so that edits made on
//! LF-normalised text can be written back the way the file was.

/// The byte-order mark some editors put at the start of UTF-8 files.
const BOM: char = '\u{feff}';

/// How a file ends its lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineEndings {
    /// Every line break is `\r\n`.
    pub crlf: bool,
    /// The file ends with a line break (or is empty).
    pub final_newline: bool,
    /// The file starts with a UTF-8 byte-order mark.
    pub bom: bool,
}

impl LineEndings {
    /// The style of a new file: LF with a final newline.
    pub const NEW_FILE: LineEndings = LineEndings {
        crlf: false,
        final_newline: true,
        bom: false,
    };

    /// Detects the style of `text`. Mixed endings count as LF, keeping each `\r`.
    pub fn detect(text: &str) -> LineEndings {
        let breaks = text.matches('\n').count();
        let crlf = breaks > 0 && text.matches("\r\n").count() == breaks;
        LineEndings {
            crlf,
            final_newline: text.is_empty() || text.ends_with('\n'),
            bom: text.starts_with(BOM),
        }
    }

    /// `text` with CRLF breaks turned into LF (when the file uses CRLF throughout).
    pub fn normalise(&self, text: &str) -> String {
        let text = text.strip_prefix(BOM).unwrap_or(text);
        if self.crlf {
            text.replace("\r\n", "\n")
        } else {
            text.to_string()
        }
    }

    /// Puts LF-normalised `text` back into this style.
    pub fn restore(&self, text: &str) -> String {
        let mut text = text.to_string();
        if !self.final_newline && text.ends_with('\n') {
            text.pop();
        }
        if self.crlf {
            text = text.replace('\n', "\r\n");
        }
        if self.bom {
            text.insert(0, BOM);
        }
        text
    }
}

/// Splits LF text into lines without their breaks; the flag says whether the last
/// line had one.
pub fn split_lines(text: &str) -> (Vec<&str>, bool) {
    if text.is_empty() {
        return (Vec::new(), false);
    }
    let mut lines: Vec<&str> = text.split('\n').collect();
    let final_newline = text.ends_with('\n');
    if final_newline {
        lines.pop();
    }
    (lines, final_newline)
}

/// Joins lines with LF, adding a final newline when asked (and there are lines).
pub fn join_lines<S: AsRef<str>>(lines: &[S], final_newline: bool) -> String {
    let mut text = String::with_capacity(lines.iter().map(|line| line.as_ref().len() + 1).sum());
    for (index, line) in lines.iter().enumerate() {
        if index > 0 {
            text.push('\n');
        }
        text.push_str(line.as_ref());
    }
    if final_newline && !lines.is_empty() {
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crlf_and_missing_final_newline_round_trip() {
        let text = "a\r\nb\r\nc";
        let style = LineEndings::detect(text);
        assert!(style.crlf);
        assert!(!style.final_newline);
        let normal = style.normalise(text);
        assert_eq!(normal, "a\nb\nc");
        assert_eq!(style.restore("a\nB\nc\n"), "a\r\nB\r\nc");
    }

    #[test]
    fn byte_order_mark_is_set_aside_and_restored() {
        let text = "\u{feff}a\r\nb\r\n";
        let style = LineEndings::detect(text);
        assert_eq!(style.normalise(text), "a\nb\n");
        assert_eq!(style.restore("a\nc\n"), "\u{feff}a\r\nc\r\n");
    }

    #[test]
    fn mixed_endings_stay_as_they_are() {
        let text = "a\r\nb\nc\n";
        let style = LineEndings::detect(text);
        assert!(!style.crlf);
        assert_eq!(style.normalise(text), text);
    }

    #[test]
    fn split_and_join_are_inverse() {
        for text in ["", "a", "a\n", "a\nb", "a\n\nb\n", "\n"] {
            let (lines, final_newline) = split_lines(text);
            assert_eq!(join_lines(&lines, final_newline), text);
        }
    }
}
