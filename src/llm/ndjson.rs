//! Newline-delimited JSON framing (Ollama's streams) over raw bytes: lines are cut
//! before UTF-8 decoding, so a character split across network reads is never damaged.

/// Incremental line decoder: feed bytes, get whole non-empty lines.
#[derive(Debug, Default)]
pub struct LineDecoder {
    buffer: Vec<u8>,
    /// Start of the first unconsumed line in `buffer`.
    start: usize,
}

impl LineDecoder {
    /// A decoder with nothing buffered.
    pub fn new() -> Self {
        LineDecoder::default()
    }

    /// Adds bytes and returns every line they complete, without its line end.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<String> {
        let searched_from = self.buffer.len();
        self.buffer.extend_from_slice(bytes);
        let mut lines = Vec::new();
        let mut search = searched_from.max(self.start);
        while let Some(offset) = self.buffer[search..].iter().position(|&byte| byte == b'\n') {
            let end = search + offset;
            let line = String::from_utf8_lossy(&self.buffer[self.start..end]);
            let line = line.trim_end_matches('\r').trim();
            if !line.is_empty() {
                lines.push(line.to_string());
            }
            self.start = end + 1;
            search = self.start;
        }
        // Drop consumed bytes once they dominate, so the buffer stays small.
        if self.start > 4096 && self.start * 2 > self.buffer.len() {
            self.buffer.drain(..self.start);
            self.start = 0;
        }
        lines
    }

    /// At the end of the body: the last line if only its line end is missing. A cut
    /// line is returned too; its JSON will not parse, which marks the reply as cut.
    pub fn finish(&mut self) -> Option<String> {
        let rest = String::from_utf8_lossy(&self.buffer[self.start..])
            .trim()
            .to_string();
        self.start = self.buffer.len();
        (!rest.is_empty()).then_some(rest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_split_point_gives_the_same_lines() {
        let input = "{\"a\":\"héllo 🎉\"}\n\r\n{\"b\":2}\r\n{\"c\":3}\n".as_bytes();
        let whole = LineDecoder::new().push(input);
        assert_eq!(whole, ["{\"a\":\"héllo 🎉\"}", "{\"b\":2}", "{\"c\":3}"]);
        for split in 0..=input.len() {
            let mut decoder = LineDecoder::new();
            let mut lines = decoder.push(&input[..split]);
            lines.extend(decoder.push(&input[split..]));
            assert_eq!(lines, whole, "split at {split}");
            assert_eq!(decoder.finish(), None);
        }
    }

    #[test]
    fn a_last_line_without_its_line_end_is_released_at_the_end() {
        let mut decoder = LineDecoder::new();
        assert!(decoder.push(b"{\"done\":true}").is_empty());
        assert_eq!(decoder.finish().as_deref(), Some("{\"done\":true}"));
        assert_eq!(decoder.finish(), None);
    }

    #[test]
    fn long_streams_do_not_grow_the_buffer_without_bound() {
        let mut decoder = LineDecoder::new();
        for _ in 0..10_000 {
            decoder.push(b"{\"x\":1}\n");
        }
        assert!(decoder.buffer.len() < 16_384);
    }
}
