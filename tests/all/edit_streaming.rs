//! The streaming parser against the whole-text parse, for every way a reply can
//! arrive: every split into two pieces (short replies), random splits (long ones)
//! and one character at a time. For each split,
//! (a) each block's progress, by id, is monotone: a state not marked provisional is
//!     extended by the next one (SEARCH only grows until it is done, REPLACE only
//!     grows, `complete` never goes back);
//! (b) the last progress of every block equals the final edit with that id;
//! (c) the final parse equals the one-piece parse.

use crate::support::reply_fixtures;

use std::collections::BTreeMap;

use aider_tui::edit::{
    BlockProgress, EditFormat, ParseError, ParseOptions, ParsedReply, StreamingParser,
    parse_reply_partial,
};
use proptest::prelude::*;

/// Replies longer than this get random splits instead of every split.
const EVERY_SPLIT_LIMIT: usize = 700;

const DIFF_REPLY: &str = "Voilà — deux changements :\n\nsrc/é.py\n```python\n<<<<<<< SEARCH\nnom = \"ü\"\n=======\nnom = \"🦀\"\n>>>>>>> REPLACE\n```\n\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n\n```bash\necho ✓\n```\n";
const SETEXT_REPLY: &str = "README.md\n```markdown\n<<<<<<< SEARCH\nTitre\n=======\ntexte\n=======\nTitre\n=======\ntexte\nplus\n>>>>>>> REPLACE\n```\n";
const WHOLE_REPLY: &str =
    "Here is `b.txt`:\n\nb.txt\n```\nlígne 1\n```toml\nk = 'ß'\n```\nfin\n```\n";
const UDIFF_REPLY: &str = "```diff\n--- a/ü.txt\n+++ b/ü.txt\n@@ -1,3 +1,3 @@\n α\n-β\n+γ\n\n```\n";
const CRLF_REPLY: &str =
    "\u{feff}a.py\r\n```\r\n<<<<<<< SEARCH\r\nold\r\n=======\r\nnew\r\n>>>>>>> REPLACE\r\n```";

fn chat() -> Vec<String> {
    vec!["src/é.py".to_string(), "b.txt".to_string()]
}

/// A reply, how to parse it, and what the parse may read.
struct Subject<'c> {
    name: String,
    reply: String,
    format: EditFormat,
    chat_files: Vec<String>,
    current: &'c BTreeMap<String, String>,
}

impl Subject<'_> {
    fn parse_in_pieces(
        &self,
        pieces: &[&str],
    ) -> (Vec<BlockProgress>, Result<ParsedReply, ParseError>) {
        let read = |path: &str| self.current.get(path).cloned();
        let options = ParseOptions::new(&self.chat_files).with_current_text(&read);
        let mut parser = StreamingParser::with_options(self.format, &options);
        let mut events = Vec::new();
        for piece in pieces {
            events.extend(parser.push(piece));
        }
        events.extend(parser.end());
        let latest = parser.blocks().to_vec();
        let parsed = parser.finish_partial();
        // The latest state of each block is its last event.
        for block in &latest {
            let last = events.iter().rev().find(|event| event.id == block.id);
            assert_eq!(
                last,
                Some(block),
                "{}: blocks() and events disagree",
                self.name
            );
        }
        (events, parsed)
    }

    fn whole(&self) -> Result<ParsedReply, ParseError> {
        let read = |path: &str| self.current.get(path).cloned();
        let options = ParseOptions::new(&self.chat_files).with_current_text(&read);
        parse_reply_partial(&self.reply, self.format, &options)
    }

    /// Checks (a), (b) and (c) for one way of splitting the reply.
    fn check(
        &self,
        pieces: &[&str],
        whole: &Result<ParsedReply, ParseError>,
    ) -> Result<(), String> {
        let (events, parsed) = self.parse_in_pieces(pieces);
        let lengths: Vec<usize> = pieces.iter().map(|piece| piece.len()).collect();
        if &parsed != whole {
            return Err(format!(
                "{}: split {lengths:?} gives {parsed:?}, whole text gives {whole:?}",
                self.name
            ));
        }
        let mut by_id: BTreeMap<usize, Vec<&BlockProgress>> = BTreeMap::new();
        for event in &events {
            by_id.entry(event.id).or_default().push(event);
        }
        for (id, states) in &by_id {
            for pair in states.windows(2) {
                if !pair[0].provisional && !extends(pair[0], pair[1]) {
                    return Err(format!(
                        "{}: split {lengths:?}, block {id} goes back:\n{:?}\n{:?}",
                        self.name, pair[0], pair[1]
                    ));
                }
            }
        }
        let Ok(parsed) = parsed else {
            return Ok(());
        };
        for edit in &parsed.edits {
            let Some(last) = by_id.get(&edit.id).and_then(|states| states.last()) else {
                return Err(format!("{}: edit {} had no progress", self.name, edit.id));
            };
            let final_state = (
                &last.path,
                &last.search,
                &last.replace_so_far,
                last.complete,
                last.provisional,
            );
            if final_state != (&edit.path, &edit.search, &edit.replace, true, false) {
                return Err(format!(
                    "{}: split {lengths:?}, block {} ends as {last:?}, its edit is {edit:?}",
                    self.name, edit.id
                ));
            }
        }
        if let Some(stray) = by_id.keys().find(|id| **id > parsed.edits.len()) {
            return Err(format!(
                "{}: block {stray} has no edit and is not the last",
                self.name
            ));
        }
        Ok(())
    }

    /// Every split into two pieces, and one character at a time.
    fn check_every_split(&self) {
        let whole = self.whole();
        let reply = self.reply.as_str();
        for split in (0..=reply.len()).filter(|&i| reply.is_char_boundary(i)) {
            if let Err(problem) = self.check(&[&reply[..split], &reply[split..]], &whole) {
                panic!("{problem}");
            }
        }
        let characters: Vec<&str> = reply
            .char_indices()
            .map(|(index, c)| &reply[index..index + c.len_utf8()])
            .collect();
        if let Err(problem) = self.check(&characters, &whole) {
            panic!("{problem}");
        }
    }
}

/// Whether `next` keeps every promise `previous` made.
fn extends(previous: &BlockProgress, next: &BlockProgress) -> bool {
    previous.id == next.id
        && previous.path == next.path
        && next.search.starts_with(&previous.search)
        && (!previous.search_done || (next.search_done && next.search == previous.search))
        && next.replace_so_far.starts_with(&previous.replace_so_far)
        && (!previous.complete
            || (next.complete
                && next.search == previous.search
                && next.replace_so_far == previous.replace_so_far))
}

fn no_files() -> &'static BTreeMap<String, String> {
    static EMPTY: std::sync::OnceLock<BTreeMap<String, String>> = std::sync::OnceLock::new();
    EMPTY.get_or_init(BTreeMap::new)
}

fn inline(name: &str, reply: &str, format: EditFormat) -> Subject<'static> {
    Subject {
        name: name.to_string(),
        reply: reply.to_string(),
        format,
        chat_files: chat(),
        current: no_files(),
    }
}

#[test]
fn diff_reply_splits() {
    inline("diff", DIFF_REPLY, EditFormat::Diff).check_every_split();
}

#[test]
fn setext_reply_splits() {
    inline("setext", SETEXT_REPLY, EditFormat::Diff).check_every_split();
}

#[test]
fn whole_reply_splits() {
    inline("whole", WHOLE_REPLY, EditFormat::Whole).check_every_split();
}

#[test]
fn udiff_reply_splits() {
    inline("udiff", UDIFF_REPLY, EditFormat::Udiff).check_every_split();
}

#[test]
fn crlf_reply_with_a_byte_order_mark_splits() {
    let subject = inline("crlf", CRLF_REPLY, EditFormat::Diff);
    subject.check_every_split();
    let parsed = subject.whole().unwrap();
    assert_eq!(parsed.edits[0].path, "a.py");
    assert_eq!(parsed.edits[0].replace, "new\n");
}

#[test]
fn every_fixture_reply_splits() {
    let cases = reply_fixtures::all_cases();
    assert!(cases.len() > 20);
    for (shape, case) in &cases {
        let subject = Subject {
            name: format!("{shape}/{}", case.name),
            reply: case.reply.clone(),
            format: case.edit_format(),
            chat_files: case.chat_files.clone(),
            current: &case.current,
        };
        if subject.reply.len() <= EVERY_SPLIT_LIMIT {
            subject.check_every_split();
        } else {
            // Long replies: one character at a time here, random splits below.
            let reply = subject.reply.as_str();
            let characters: Vec<&str> = reply
                .char_indices()
                .map(|(index, c)| &reply[index..index + c.len_utf8()])
                .collect();
            if let Err(problem) = subject.check(&characters, &subject.whole()) {
                panic!("{problem}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn fixture_replies_in_random_pieces(
        pick in any::<prop::sample::Index>(),
        cuts in prop::collection::vec(any::<prop::sample::Index>(), 1..40),
    ) {
        let cases = reply_fixtures::all_cases();
        let (shape, case) = &cases[pick.index(cases.len())];
        let reply = case.reply.as_str();
        let mut points: Vec<usize> = cuts
            .iter()
            .map(|cut| {
                let mut point = cut.index(reply.len() + 1);
                while !reply.is_char_boundary(point) {
                    point -= 1;
                }
                point
            })
            .collect();
        points.push(0);
        points.push(reply.len());
        points.sort_unstable();
        points.dedup();
        let pieces: Vec<&str> = points.windows(2).map(|pair| &reply[pair[0]..pair[1]]).collect();
        let subject = Subject {
            name: format!("{shape}/{}", case.name),
            reply: reply.to_string(),
            format: case.edit_format(),
            chat_files: case.chat_files.clone(),
            current: &case.current,
        };
        let whole = subject.whole();
        if let Err(problem) = subject.check(&pieces, &whole) {
            prop_assert!(false, "{}", problem);
        }
    }
}

#[test]
fn a_reply_cut_inside_a_block_is_unfinished_at_the_end() {
    let reply = &DIFF_REPLY[..DIFF_REPLY.find("=======").unwrap()];
    let mut parser = StreamingParser::new(EditFormat::Diff, &chat());
    let progress = parser.push(reply);
    assert_eq!(progress.len(), 1);
    assert!(!progress[0].complete);
    let partial = parser.finish_partial().unwrap();
    assert!(partial.edits.is_empty());
    assert_eq!(partial.unfinished.map(|error| error.line), Some(5));
}

#[test]
fn a_block_keeps_its_id_from_first_line_to_last() {
    let mut parser = StreamingParser::new(EditFormat::Diff, &chat());
    let first = parser.push("a.py\n<<<<<<< SEARCH\nold\n");
    let second = parser.push("=======\nnew\n>>>>>>> REPLACE\nb.py\n<<<<<<< SEARCH\n");
    assert_eq!(first.last().map(|block| block.id), Some(0));
    let ids: Vec<usize> = second.iter().map(|block| block.id).collect();
    assert_eq!(ids, vec![0, 1]);
    assert!(
        second[0].complete && second[0].search == "old\n" && second[0].replace_so_far == "new\n"
    );
}
