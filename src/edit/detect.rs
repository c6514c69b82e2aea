//! Replies written in another format than the one asked for: a unified diff or a
//! patch in a `diff` session, SEARCH/REPLACE blocks in a `udiff` session, … When
//! only one other format's markers are present and they parse cleanly, the reply
//! is read as what it is.

use super::format::EditFormat;
use super::options::ParseOptions;
use super::parsed::{ParseError, ParsedReply};
use super::reply::parse_reply_partial;
use super::search_replace::is_search_marker;

/// A reply parsed in the format it turned out to be written in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DetectedReply {
    /// The format the edits were read in (the asked one unless another was found).
    pub format: EditFormat,
    /// The parse, with `unfinished` set for a cut-off reply.
    pub parsed: ParsedReply,
}

impl DetectedReply {
    /// Whether the reply was read in another format than `asked`.
    pub fn switched_from(&self, asked: EditFormat) -> bool {
        family(self.format) != family(asked)
    }
}

/// Formats that share their markers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    SearchReplace,
    UnifiedDiff,
    Patch,
    /// Whole files carry no markers of their own.
    Whole,
}

fn family(format: EditFormat) -> Family {
    match format {
        EditFormat::Diff | EditFormat::DiffFenced => Family::SearchReplace,
        EditFormat::Udiff => Family::UnifiedDiff,
        EditFormat::Patch => Family::Patch,
        EditFormat::Whole => Family::Whole,
    }
}

/// The format a family's replies are parsed in.
fn format_of(family: Family) -> EditFormat {
    match family {
        Family::SearchReplace => EditFormat::Diff,
        Family::UnifiedDiff => EditFormat::Udiff,
        Family::Patch => EditFormat::Patch,
        Family::Whole => EditFormat::Whole,
    }
}

/// The families whose markers appear in a reply.
fn families_present(reply: &str) -> Vec<Family> {
    let mut present = Vec::new();
    let mut add = |family| {
        if !present.contains(&family) {
            present.push(family);
        }
    };
    let mut previous: Option<&str> = None;
    for line in reply.lines() {
        if is_search_marker(line) {
            add(Family::SearchReplace);
        } else if line.trim() == "*** Begin Patch" {
            add(Family::Patch);
        } else if line.starts_with("+++ ") && previous.is_some_and(|line| line.starts_with("--- "))
        {
            add(Family::UnifiedDiff);
        }
        previous = Some(line);
    }
    present
}

/// Parses `reply` as `asked`, unless it holds no usable edits of that format and
/// unambiguously holds edits of another: then it is parsed as what it is, and the
/// result says which format that was. A cut-off reply comes back with `unfinished`
/// set, as from [`parse_reply_partial`].
pub fn parse_reply_detecting(
    reply: &str,
    asked: EditFormat,
    options: &ParseOptions<'_>,
) -> Result<DetectedReply, ParseError> {
    let asked_result = parse_reply_partial(reply, asked, options);
    let present = families_present(reply);
    let own = family(asked);
    let others: Vec<Family> = present
        .iter()
        .copied()
        .filter(|found| *found != own)
        .collect();
    let own_present = own != Family::Whole && present.contains(&own);
    let asked_usable = asked_result
        .as_ref()
        .is_ok_and(|parsed| parsed.edits.iter().any(|edit| edit.refusal.is_none()));
    // A whole listing of edit blocks is refused as such, so "usable" decides there;
    // other formats have markers of their own to go by.
    let try_other = match own {
        Family::Whole => !asked_usable,
        _ => !own_present,
    };
    if let [other] = others.as_slice()
        && try_other
    {
        let format = format_of(*other);
        if let Ok(parsed) = parse_reply_partial(reply, format, options)
            && parsed.unfinished.is_none()
            && parsed.unclosed_fence.is_none()
            && !parsed.edits.is_empty()
            && parsed.edits.iter().all(|edit| edit.refusal.is_none())
        {
            return Ok(DetectedReply { format, parsed });
        }
    }
    asked_result.map(|parsed| DetectedReply {
        format: asked,
        parsed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEARCH_REPLACE: &str =
        "a.py\n```python\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```\n";
    const UNIFIED: &str = "```diff\n--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n```\n";
    const PATCH: &str =
        "*** Begin Patch\n*** Update File: a.py\n@@\n-x = 1\n+x = 2\n*** End Patch\n";

    fn detect(reply: &str, asked: EditFormat) -> DetectedReply {
        let chat = vec!["a.py".to_string(), "b.py".to_string()];
        parse_reply_detecting(reply, asked, &ParseOptions::new(&chat)).unwrap()
    }

    #[test]
    fn other_formats_are_read_as_what_they_are() {
        let cases = [
            (UNIFIED, EditFormat::Diff, EditFormat::Udiff),
            (PATCH, EditFormat::Diff, EditFormat::Patch),
            (SEARCH_REPLACE, EditFormat::Udiff, EditFormat::Diff),
            (PATCH, EditFormat::Udiff, EditFormat::Patch),
            (UNIFIED, EditFormat::Patch, EditFormat::Udiff),
            (SEARCH_REPLACE, EditFormat::Whole, EditFormat::Diff),
            (UNIFIED, EditFormat::Whole, EditFormat::Udiff),
        ];
        for (reply, asked, found) in cases {
            let detected = detect(reply, asked);
            assert_eq!(detected.format, found, "asked {asked}");
            assert!(detected.switched_from(asked));
            let edit = &detected.parsed.edits[0];
            assert_eq!(
                (
                    edit.path.as_str(),
                    edit.search.as_str(),
                    edit.replace.as_str()
                ),
                ("a.py", "x = 1\n", "x = 2\n"),
                "asked {asked}"
            );
        }
    }

    #[test]
    fn the_asked_format_wins_when_present() {
        let both = format!("{SEARCH_REPLACE}\n{UNIFIED}");
        assert_eq!(detect(&both, EditFormat::Diff).format, EditFormat::Diff);
        assert_eq!(
            detect(SEARCH_REPLACE, EditFormat::DiffFenced).format,
            EditFormat::DiffFenced
        );
    }

    #[test]
    fn two_other_formats_are_ambiguous() {
        let both = format!("{UNIFIED}\n{PATCH}");
        let detected = detect(&both, EditFormat::Diff);
        assert_eq!(detected.format, EditFormat::Diff);
        assert!(detected.parsed.edits.is_empty());
    }

    #[test]
    fn a_broken_other_format_is_not_taken() {
        let cut = "*** Begin Patch\n*** Update File: a.py\n@@\n-x = 1\n";
        let detected = detect(cut, EditFormat::Diff);
        assert_eq!(detected.format, EditFormat::Diff);
        assert!(detected.parsed.edits.is_empty());
    }

    #[test]
    fn whole_files_are_never_guessed_in_other_sessions() {
        let listing = "a.py\n```python\nx = 2\n```\n";
        let detected = detect(listing, EditFormat::Diff);
        assert_eq!(detected.format, EditFormat::Diff);
        assert!(detected.parsed.edits.is_empty());
    }
}
