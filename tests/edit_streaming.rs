//! The streaming parser gives the same result as the whole-text parse for every
//! split of the reply, including splits inside multi-byte characters' neighbours.

use aider_tui::edit::{EditFormat, StreamingParser, parse_reply};

const DIFF_REPLY: &str = "Voilà — deux changements :\n\nsrc/é.py\n```python\n<<<<<<< SEARCH\nnom = \"ü\"\n=======\nnom = \"🦀\"\n>>>>>>> REPLACE\n```\n\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n\n```bash\necho ✓\n```\n";
const WHOLE_REPLY: &str =
    "Here is `b.txt`:\n\nb.txt\n```\nlígne 1\n```toml\nk = 'ß'\n```\nfin\n```\n";
const UDIFF_REPLY: &str = "```diff\n--- a/ü.txt\n+++ b/ü.txt\n@@ -1,3 +1,3 @@\n α\n-β\n+γ\n\n```\n";

fn chat() -> Vec<String> {
    vec!["src/é.py".to_string(), "b.txt".to_string()]
}

fn check_every_split(reply: &str, format: EditFormat) {
    let whole = parse_reply(reply, format, &chat());
    let boundaries: Vec<usize> = (0..=reply.len())
        .filter(|&i| reply.is_char_boundary(i))
        .collect();
    for &split in &boundaries {
        let mut parser = StreamingParser::new(format, &chat());
        parser.push(&reply[..split]);
        parser.push(&reply[split..]);
        assert_eq!(parser.finish(), whole, "{format} split at byte {split}");
    }
    // One character at a time, too.
    let mut parser = StreamingParser::new(format, &chat());
    let mut last_progress = Vec::new();
    for (index, c) in reply.char_indices() {
        last_progress.extend(parser.push(&reply[index..index + c.len_utf8()]));
    }
    let blocks = parser.blocks().to_vec();
    assert_eq!(parser.finish(), whole, "{format} one char at a time");
    let parsed = whole.unwrap();
    // Each complete block's progress ends with the edit's final texts.
    for block in blocks.iter().filter(|block| block.complete) {
        let edit = &parsed.edits[block.index];
        assert_eq!(
            block.replace_so_far, edit.replace,
            "{format} block {}",
            block.index
        );
        assert_eq!(block.path, edit.path, "{format} block {}", block.index);
    }
    assert!(!last_progress.is_empty());
}

#[test]
fn diff_reply_splits() {
    check_every_split(DIFF_REPLY, EditFormat::Diff);
}

#[test]
fn whole_reply_splits() {
    check_every_split(WHOLE_REPLY, EditFormat::Whole);
}

#[test]
fn udiff_reply_splits() {
    check_every_split(UDIFF_REPLY, EditFormat::Udiff);
}

#[test]
fn a_reply_cut_inside_a_block_is_an_error_at_the_end() {
    let reply = &DIFF_REPLY[..DIFF_REPLY.find("=======").unwrap()];
    let mut parser = StreamingParser::new(EditFormat::Diff, &chat());
    let progress = parser.push(reply);
    assert_eq!(progress.len(), 1);
    assert!(!progress[0].complete);
    assert!(parser.finish().is_err());
}
