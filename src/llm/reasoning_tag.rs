//! Splits `<think>…</think>`-style reasoning out of streamed text, even when a tag is cut
//! across two pieces.

use super::provider::StreamEvent;

/// Routes text inside `<tag>…</tag>` to [`StreamEvent::Reasoning`], the rest to `Text`.
#[derive(Debug, Clone)]
pub struct ReasoningTagSplitter {
    open: String,
    close: String,
    inside: bool,
    carry: String,
}

impl ReasoningTagSplitter {
    /// A splitter for `<tag>` and `</tag>`.
    pub fn new(tag: &str) -> Self {
        ReasoningTagSplitter {
            open: format!("<{tag}>"),
            close: format!("</{tag}>"),
            inside: false,
            carry: String::new(),
        }
    }

    /// Splits one piece; a possible partial tag at its end is held back.
    pub fn push(&mut self, text: &str, out: &mut Vec<StreamEvent>) {
        self.carry.push_str(text);
        loop {
            let tag = if self.inside { &self.close } else { &self.open };
            if let Some(position) = self.carry.find(tag.as_str()) {
                let before: String = self.carry[..position].to_string();
                let tag_length = tag.len();
                self.emit(before, out);
                self.carry.drain(..position + tag_length);
                self.inside = !self.inside;
                continue;
            }
            let keep = partial_suffix(&self.carry, tag);
            let settled: String = self.carry[..self.carry.len() - keep].to_string();
            self.carry.drain(..self.carry.len() - keep);
            self.emit(settled, out);
            return;
        }
    }

    /// Releases whatever is held back.
    pub fn finish(&mut self, out: &mut Vec<StreamEvent>) {
        let rest = std::mem::take(&mut self.carry);
        self.emit(rest, out);
    }

    fn emit(&self, text: String, out: &mut Vec<StreamEvent>) {
        if text.is_empty() {
            return;
        }
        out.push(if self.inside {
            StreamEvent::Reasoning(text)
        } else {
            StreamEvent::Text(text)
        });
    }
}

/// Length of the longest suffix of `text` that is a proper prefix of `tag`.
fn partial_suffix(text: &str, tag: &str) -> usize {
    (1..tag.len().min(text.len() + 1))
        .rev()
        .find(|&length| {
            text.is_char_boundary(text.len() - length)
                && tag.starts_with(&text[text.len() - length..])
        })
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split_all(pieces: &[&str]) -> (String, String) {
        let mut splitter = ReasoningTagSplitter::new("think");
        let mut out = Vec::new();
        for piece in pieces {
            splitter.push(piece, &mut out);
        }
        splitter.finish(&mut out);
        let mut text = String::new();
        let mut reasoning = String::new();
        for event in out {
            match event {
                StreamEvent::Text(piece) => text.push_str(&piece),
                StreamEvent::Reasoning(piece) => reasoning.push_str(&piece),
                _ => {}
            }
        }
        (text, reasoning)
    }

    #[test]
    fn every_split_point_separates_reasoning_from_text() {
        let whole = "<think>plan ✓ the edit</think>\nsrc/a.rs <b>bold</b>";
        for split in 0..=whole.len() {
            if !whole.is_char_boundary(split) {
                continue;
            }
            let (text, reasoning) = split_all(&[&whole[..split], &whole[split..]]);
            assert_eq!(reasoning, "plan ✓ the edit", "split {split}");
            assert_eq!(text, "\nsrc/a.rs <b>bold</b>", "split {split}");
        }
    }

    #[test]
    fn a_lone_angle_bracket_at_the_end_is_released() {
        assert_eq!(split_all(&["a <"]), ("a <".to_string(), String::new()));
    }
}
