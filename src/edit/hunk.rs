//! The hunks of a placement: built from its splices and the lines around them, so a
//! block's review costs nothing per line of a big file.

use crate::diff::{CONTEXT_LINES, Hunk, context, push_diff};

use super::file_text::FileText;
use super::matching::Splice;

/// The hunks of splices applied to `file` (as it is just before them). Splices are
/// ascending and do not overlap; splices whose context would touch share a hunk. Only
/// the lines around the splices are read, so this costs nothing per line of the file.
pub fn hunks_of_splices(file: &FileText, splices: &[Splice]) -> Vec<Hunk> {
    let line_count = file.len();
    let mut hunks: Vec<Hunk> = Vec::new();
    // How far the new side has moved from the old one, before the current group.
    let mut shift: isize = 0;
    let mut index = 0;
    while index < splices.len() {
        // A group: splices whose context lines meet.
        let mut last = index;
        while last + 1 < splices.len() {
            let end = splices[last].start + splices[last].removed;
            if splices[last + 1].start > end + 2 * CONTEXT_LINES {
                break;
            }
            last += 1;
        }
        let first = &splices[index];
        let start = first.start.saturating_sub(CONTEXT_LINES);
        let mut hunk = Hunk {
            old_start: start + 1,
            new_start: (start as isize + shift) as usize + 1,
            lines: Vec::new(),
        };
        let mut cursor = start;
        for splice in &splices[index..=last] {
            for at in cursor..splice.start {
                hunk.lines.push(context(file.line(at)));
            }
            let end = splice.start + splice.removed;
            let old = file.lines(splice.start, splice.removed);
            let new: Vec<&str> = splice.inserted.iter().map(String::as_str).collect();
            push_diff(&mut hunk, &old, &new);
            cursor = end;
            shift += splice.inserted.len() as isize - splice.removed as isize;
        }
        let tail = (cursor + CONTEXT_LINES).min(line_count);
        for at in cursor..tail {
            hunk.lines.push(context(file.line(at)));
        }
        hunks.push(hunk);
        index = last + 1;
    }
    hunks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diff::unified_text;

    fn numbered(count: usize) -> FileText {
        let text: String = (1..=count).map(|n| format!("l{n}\n")).collect();
        FileText::parse(&text)
    }

    fn render(hunks: &[Hunk]) -> String {
        unified_text("f", hunks)
            .lines()
            .skip(2)
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn a_splice_gets_context_and_line_numbers() {
        let lines = numbered(10);
        let splice = Splice {
            start: 4,
            removed: 2,
            inserted: vec!["l5".into(), "new".into(), "l6x".into()],
        };
        assert_eq!(
            render(&hunks_of_splices(&lines, &[splice])),
            "@@ -2,8 +2,9 @@\n l2\n l3\n l4\n l5\n-l6\n+new\n+l6x\n l7\n l8\n l9"
        );
    }

    #[test]
    fn close_splices_share_a_hunk_and_far_ones_do_not() {
        let lines = numbered(30);
        let at = |start: usize| Splice {
            start,
            removed: 1,
            inserted: vec![format!("X{}", start + 1)],
        };
        let hunks = hunks_of_splices(&lines, &[at(2), at(6), at(20)]);
        assert_eq!(hunks.len(), 2);
        assert_eq!(hunks[0].old_start, 1);
        let (added, removed) = hunks[0].counts();
        assert_eq!((added, removed), (2, 2));
        assert_eq!(hunks[0].old_len(), 10, "{}", render(&hunks));
        assert_eq!(hunks[1].old_start, 18);
        assert_eq!(hunks[1].new_start, 18);
    }
}
