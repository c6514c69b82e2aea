//! A file as the edit engine works on it: lines with stable ids, each line's own ending
//! (so a mixed-ending file keeps every `\r\n` and `\n` where it was), the final-newline
//! state and a byte-order mark, plus an index from line text to lines, built once per
//! file and kept up to date as edits splice lines in and out.
//!
//! The index is why many blocks against one big file stay cheap: a block finds its
//! candidate places by looking up its rarest line instead of rescanning the file.
//! Hand-written rather than a rope crate: the engine needs whole-line identity and three
//! line keys (exact, trailing whitespace ignored, all surrounding whitespace ignored),
//! which no rope offers, and the structure is ~200 lines.

use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, Hasher};

use super::line_positions::LinePositions;

/// The byte-order mark some editors put at the start of UTF-8 files.
const BOM: char = '\u{feff}';

#[cfg(test)]
thread_local! {
    /// Lines copied out of files on this thread: tests count them to check that the
    /// work per block does not grow with the file.
    pub(crate) static LINES_READ: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Counts `lines` copied out of a file (in tests; nothing otherwise).
fn count_read(lines: usize) {
    #[cfg(test)]
    LINES_READ.with(|read| read.set(read.get() + lines));
    #[cfg(not(test))]
    let _ = lines;
}

/// One line's text (without its line break) and how it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Line {
    text: Box<str>,
    crlf: bool,
}

/// How two lines are compared by a matching step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineKey {
    /// The whole text.
    Exact,
    /// The text without trailing whitespace.
    TrimEnd,
    /// The text without leading and trailing whitespace.
    Trim,
}

impl LineKey {
    /// The part of `line` this key compares.
    pub fn of(self, line: &str) -> &str {
        match self {
            LineKey::Exact => line,
            LineKey::TrimEnd => line.trim_end(),
            LineKey::Trim => line.trim(),
        }
    }
}

const KEYS: [LineKey; 3] = [LineKey::Exact, LineKey::TrimEnd, LineKey::Trim];

/// A fast, non-cryptographic hash of line keys (collisions only cost a comparison).
#[derive(Default)]
struct FoldHasher(u64);

impl Hasher for FoldHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(word))
                .wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
}

type KeyHash = BuildHasherDefault<FoldHasher>;

fn hash_key(text: &str) -> u64 {
    KeyHash::default().hash_one(text)
}

/// Lines by key hash, for each key. Ids of lines spliced out stay in the lists and are
/// skipped (`alive`), which keeps a splice O(lines changed).
#[derive(Debug, Clone, Default)]
struct LineIndex {
    by_key: [HashMap<u64, Vec<u32>>; 3],
}

/// A text file, line by line.
#[derive(Debug, Clone)]
pub struct FileText {
    /// Every line ever made, by id (ids are never reused).
    arena: Vec<Line>,
    /// Whether an id is in the file now.
    alive: Vec<bool>,
    /// The file's lines, in order, as ids.
    order: Vec<u32>,
    final_newline: bool,
    bom: bool,
    /// Whether most line breaks are `\r\n` (new lines of a new file or an appended
    /// tail take this ending).
    crlf_majority: bool,
    index: Option<LineIndex>,
    /// Where each line id sits now, kept across splices.
    positions: LinePositions,
}

impl PartialEq for FileText {
    fn eq(&self, other: &Self) -> bool {
        self.to_text() == other.to_text()
    }
}

impl FileText {
    /// Reads a file's text (every ending, BOM and final newline remembered).
    pub fn parse(raw: &str) -> FileText {
        let bom = raw.starts_with(BOM);
        let body = raw.strip_prefix(BOM).unwrap_or(raw);
        let final_newline = body.is_empty() || body.ends_with('\n');
        let mut arena = Vec::new();
        let mut crlf_count = 0usize;
        if !body.is_empty() {
            let trimmed = body.strip_suffix('\n').unwrap_or(body);
            let last_had_break = body.ends_with('\n');
            let pieces: Vec<&str> = trimmed.split('\n').collect();
            let count = pieces.len();
            for (index, piece) in pieces.into_iter().enumerate() {
                let has_break = index + 1 < count || last_had_break;
                let (text, crlf) = match piece.strip_suffix('\r') {
                    Some(text) if has_break => (text, true),
                    _ => (piece, false),
                };
                crlf_count += usize::from(crlf);
                arena.push(Line {
                    text: text.into(),
                    crlf,
                });
            }
        }
        let lines = arena.len();
        let breaks = if final_newline {
            lines
        } else {
            lines.saturating_sub(1)
        };
        let crlf_majority = breaks > 0 && crlf_count * 2 > breaks;
        if !final_newline && let Some(last) = arena.last_mut() {
            // The last line has no break to tell its ending: it takes the file's
            // usual one, so lines put in its place (or a break added after it) do too.
            last.crlf = crlf_majority;
        }
        FileText {
            alive: vec![true; lines],
            order: (0..lines as u32).collect(),
            arena,
            final_newline,
            bom,
            crlf_majority,
            index: None,
            positions: LinePositions::default(),
        }
    }

    /// A new, empty file (LF, final newline).
    pub fn empty() -> FileText {
        FileText::parse("")
    }

    /// The text as it would be written.
    pub fn to_text(&self) -> String {
        count_read(self.order.len());
        let mut out = String::with_capacity(self.order.len() * 32);
        if self.bom {
            out.push(BOM);
        }
        let count = self.order.len();
        for (position, id) in self.order.iter().enumerate() {
            let line = &self.arena[*id as usize];
            out.push_str(&line.text);
            if position + 1 < count || self.final_newline {
                out.push_str(if line.crlf { "\r\n" } else { "\n" });
            }
        }
        out
    }

    /// The number of lines.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether the file has no lines.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The text of line `position` (0-based), without its break.
    pub fn line(&self, position: usize) -> &str {
        &self.arena[self.order[position] as usize].text
    }

    /// The lines from `start`, `len` of them.
    pub fn lines(&self, start: usize, len: usize) -> Vec<&str> {
        count_read(len);
        (start..start + len).map(|at| self.line(at)).collect()
    }

    /// Every line, in order.
    pub fn all_lines(&self) -> Vec<&str> {
        self.lines(0, self.len())
    }

    /// Whether every line is blank (looked at from the end, so a file with text near
    /// its end answers at once).
    pub fn is_blank(&self) -> bool {
        (0..self.len())
            .rev()
            .all(|position| self.line(position).trim().is_empty())
    }

    /// Whether the last line has a line break.
    pub fn final_newline(&self) -> bool {
        self.final_newline
    }

    /// The text with LF breaks only and no BOM (what the model sees).
    pub fn to_lf_text(&self) -> String {
        let mut out = self.all_lines().join("\n");
        if self.final_newline && !self.is_empty() {
            out.push('\n');
        }
        out
    }

    /// Replaces `removed` lines at `start` with `inserted`. New lines take the ending of
    /// the line they replace (the nearest one when more are inserted than removed), or
    /// the file's usual ending.
    pub fn splice(&mut self, start: usize, removed: usize, inserted: &[String]) {
        let start = start.min(self.order.len());
        let end = (start + removed).min(self.order.len());
        let old_ids: Vec<u32> = self.order[start..end].to_vec();
        let fallback = self.crlf_majority;
        let ending = |offset: usize| -> bool {
            if old_ids.is_empty() {
                return fallback;
            }
            let id = old_ids[offset.min(old_ids.len() - 1)];
            self.arena[id as usize].crlf
        };
        let endings: Vec<bool> = (0..inserted.len()).map(ending).collect();
        let mut new_ids = Vec::with_capacity(inserted.len());
        for (text, crlf) in inserted.iter().zip(endings) {
            let id = self.arena.len() as u32;
            self.arena.push(Line {
                text: text.as_str().into(),
                crlf,
            });
            self.alive.push(true);
            if let Some(index) = self.index.as_mut() {
                for (slot, key) in KEYS.iter().enumerate() {
                    index.by_key[slot]
                        .entry(hash_key(key.of(text)))
                        .or_default()
                        .push(id);
                }
            }
            new_ids.push(id);
        }
        for id in &old_ids {
            self.alive[*id as usize] = false;
        }
        self.positions.splice(start, end - start, &new_ids);
        self.order.splice(start..end, new_ids);
        if self.order.is_empty() {
            self.final_newline = true;
        }
    }

    /// Replaces the whole content with LF `text`. Each line takes the file's usual
    /// ending; a file that had lines keeps its final-newline state, a new one takes
    /// the text's.
    pub fn replace_all(&mut self, text: &str) {
        let (lines, text_final_newline) = split_lf(text);
        let inserted: Vec<String> = lines.iter().map(|line| line.to_string()).collect();
        let final_newline = if self.is_empty() {
            text_final_newline
        } else {
            self.final_newline
        };
        let len = self.len();
        // Removed first, so no new line borrows an old neighbour's ending.
        self.splice(0, len, &[]);
        self.splice(0, 0, &inserted);
        self.final_newline = final_newline || self.order.is_empty();
    }

    /// Appends LF `text` after the last line (a missing final break is added between;
    /// the file keeps its final-newline state, a new one takes the text's).
    pub fn append(&mut self, text: &str) {
        let (lines, text_final_newline) = split_lf(text);
        let inserted: Vec<String> = lines.iter().map(|line| line.to_string()).collect();
        let final_newline = if self.is_empty() {
            text_final_newline
        } else {
            self.final_newline
        };
        let at = self.len();
        if at > 0 && !self.final_newline {
            let last = self.order[at - 1] as usize;
            self.arena[last].crlf = self.crlf_majority;
        }
        let majority = self.crlf_majority;
        let before = self.arena.len();
        self.splice(at, 0, &inserted);
        for line in &mut self.arena[before..] {
            line.crlf = majority;
        }
        self.final_newline = final_newline || self.order.is_empty();
    }

    /// Sets whether the file ends with a line break.
    pub fn set_final_newline(&mut self, final_newline: bool) {
        self.final_newline = final_newline || self.order.is_empty();
    }

    /// The positions (ascending, from `from` on) of the lines whose `key` equals `text`'s.
    pub fn positions(&mut self, key: LineKey, text: &str, from: usize) -> Vec<usize> {
        let slot = KEYS
            .iter()
            .position(|candidate| *candidate == key)
            .unwrap_or(0);
        let wanted = key.of(text);
        let index = self
            .index
            .get_or_insert_with(|| build_index(&self.arena, &self.order));
        let Some(ids) = index.by_key[slot].get(&hash_key(wanted)) else {
            return Vec::new();
        };
        let ids: Vec<u32> = ids
            .iter()
            .copied()
            .filter(|id| {
                self.alive[*id as usize] && key.of(&self.arena[*id as usize].text) == wanted
            })
            .collect();
        if ids.is_empty() {
            return Vec::new();
        }
        if self.positions.worth_it(ids.len(), self.order.len()) {
            return self.positions.positions(&ids, &self.order, from);
        }
        let mut found = Vec::with_capacity(ids.len());
        if ids.len() <= 8 {
            for (position, id) in self.order.iter().enumerate().skip(from) {
                if ids.contains(id) {
                    found.push(position);
                    if found.len() == ids.len() {
                        break;
                    }
                }
            }
        } else {
            let set: std::collections::HashSet<u32> = ids.iter().copied().collect();
            for (position, id) in self.order.iter().enumerate().skip(from) {
                if set.contains(id) {
                    found.push(position);
                }
            }
        }
        found
    }

    /// Whether some line has `key` equal to `text`'s (through the index: no scan).
    pub fn contains(&mut self, key: LineKey, text: &str) -> bool {
        let slot = KEYS
            .iter()
            .position(|candidate| *candidate == key)
            .unwrap_or(0);
        let wanted = key.of(text);
        let index = self
            .index
            .get_or_insert_with(|| build_index(&self.arena, &self.order));
        index.by_key[slot]
            .get(&hash_key(wanted))
            .is_some_and(|ids| {
                ids.iter().any(|id| {
                    self.alive[*id as usize] && key.of(&self.arena[*id as usize].text) == wanted
                })
            })
    }

    /// How many lines have `key` equal to `text`'s (an upper bound: lines edited away
    /// may still be counted). Zero means none.
    pub fn count_upper_bound(&mut self, key: LineKey, text: &str) -> usize {
        let slot = KEYS
            .iter()
            .position(|candidate| *candidate == key)
            .unwrap_or(0);
        let index = self
            .index
            .get_or_insert_with(|| build_index(&self.arena, &self.order));
        index.by_key[slot]
            .get(&hash_key(key.of(text)))
            .map_or(0, Vec::len)
    }
}

fn build_index(arena: &[Line], order: &[u32]) -> LineIndex {
    let mut index = LineIndex::default();
    for id in order {
        let text = &arena[*id as usize].text;
        for (slot, key) in KEYS.iter().enumerate() {
            index.by_key[slot]
                .entry(hash_key(key.of(text)))
                .or_default()
                .push(*id);
        }
    }
    index
}

/// Splits LF text into lines without their breaks; the flag says whether the last line
/// had one.
pub fn split_lf(text: &str) -> (Vec<&str>, bool) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|line| line.to_string()).collect()
    }

    #[test]
    fn every_ending_round_trips() {
        for text in [
            "",
            "a",
            "a\n",
            "a\r\nb\r\n",
            "a\r\nb",
            "a\nb\r\nc\n",
            "\u{feff}x\r\ny\r\n",
            "\n\n",
            "a\r",
            "trailing \r\n",
        ] {
            assert_eq!(FileText::parse(text).to_text(), text, "{text:?}");
        }
    }

    #[test]
    fn an_edited_line_keeps_its_own_ending_in_a_mixed_file() {
        let mut file = FileText::parse("one\r\ntwo\nthree\r\n");
        assert_eq!(file.line(0), "one");
        file.splice(0, 1, &strings(&["ONE", "one and a half"]));
        file.splice(3, 1, &strings(&["THREE"]));
        assert_eq!(file.to_text(), "ONE\r\none and a half\r\ntwo\nTHREE\r\n");
    }

    #[test]
    fn lines_put_in_place_of_a_last_line_without_a_break_take_the_files_ending() {
        let mut file = FileText::parse("\u{feff}one\r\ntwo");
        file.splice(1, 1, &strings(&["TWO", "three"]));
        assert_eq!(file.to_text(), "\u{feff}one\r\nTWO\r\nthree");
        let mut file = FileText::parse("one\ntwo\r\nthree");
        file.splice(2, 1, &strings(&["THREE", "four"]));
        assert_eq!(file.to_text(), "one\ntwo\r\nTHREE\nfour", "a tie is LF");
    }

    #[test]
    fn the_index_follows_splices() {
        let mut file = FileText::parse("x\ny\nx\nz\n");
        assert_eq!(file.positions(LineKey::Exact, "x", 0), vec![0, 2]);
        file.splice(0, 1, &strings(&["w", "x2"]));
        assert_eq!(file.positions(LineKey::Exact, "x", 0), vec![3]);
        assert_eq!(file.positions(LineKey::Exact, "x2", 0), vec![1]);
        assert_eq!(file.positions(LineKey::Trim, "  z  ", 0), vec![4]);
        assert_eq!(file.positions(LineKey::Exact, "x", 4), Vec::<usize>::new());
        assert_eq!(file.to_text(), "w\nx2\ny\nx\nz\n");
    }

    #[test]
    fn whole_replacement_and_appends_use_the_files_ending() {
        let mut file = FileText::parse("a\r\nb\r\n");
        file.replace_all("x\ny\n");
        assert_eq!(file.to_text(), "x\r\ny\r\n");
        let mut file = FileText::parse("a\r\nb");
        file.append("c\n");
        assert_eq!(file.to_text(), "a\r\nb\r\nc", "no final newline stays none");
        let mut file = FileText::parse("keep");
        file.replace_all("new\n");
        assert_eq!(file.to_text(), "new");
        let mut file = FileText::empty();
        file.replace_all("new\n");
        assert_eq!(file.to_text(), "new\n");
    }
}
