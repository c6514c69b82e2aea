//! Where a whole-file listing ends when it holds fence lines of its own (a Markdown
//! file with ``` blocks listed inside a plain ``` fence). Every line that could
//! close the listing is a reading; a reading counts only if the listing's content
//! is balanced up to it and the reply after it reads as prose and fences that
//! close. One reading is taken only when nothing else fits, or when the file's
//! current text rules the others out; otherwise the listing is refused.

use super::fence::{Fence, indentation};
use super::machine::Lookback;
use super::names::{name_from_fence_info, name_from_line, name_from_prose, resolve_name};
use super::parsed::join_lines;

/// How many possible closing lines are weighed before a listing is refused.
const MAX_READINGS: usize = 16;

/// How many non-blank lines above a fence are searched for a file name.
pub(crate) const PROSE_LOOKBACK: usize = 3;

/// File extensions of documents, which often hold fenced blocks themselves.
const DOCUMENT_EXTENSIONS: [&str; 11] = [
    "md", "markdown", "mdx", "mdown", "rst", "txt", "adoc", "asciidoc", "org", "qmd", "rmd",
];

/// Fence languages that say the listing is a document.
const DOCUMENT_LANGUAGES: [&str; 6] = ["markdown", "md", "rst", "text", "txt", "asciidoc"];

/// Whether `line` closes the listing opened by `fence` (and is not merely indented
/// content that looks like a fence).
pub(crate) fn closes_listing(fence: &Fence, line: &str) -> bool {
    fence.is_closed_by(line) && indentation(line) <= fence.indent + 3
}

/// Whether a listing of `path` in `fence` is a document rather than code.
pub(crate) fn is_document(path: &str, fence: &Fence) -> bool {
    let extension = path
        .rsplit(['/', '\\'])
        .next()
        .and_then(|name| name.rsplit_once('.'))
        .map(|(_, extension)| extension.to_ascii_lowercase());
    extension.is_some_and(|extension| DOCUMENT_EXTENSIONS.contains(&extension.as_str()))
        || DOCUMENT_LANGUAGES.contains(&fence.language().to_ascii_lowercase().as_str())
}

/// The name of a fence's listing: a name in the fence line, a name line right above
/// it, else a chat file quoted in the prose just above.
pub(crate) fn name_above(
    lookback: &Lookback,
    fence: &Fence,
    chat_files: &[String],
) -> Option<String> {
    if let Some(name) = name_from_fence_info(&fence.info) {
        return Some(resolve_name(&name, chat_files, true));
    }
    for (looked, line) in lookback.newest_first().enumerate() {
        if looked == 0
            && let Some(name) = name_from_line(line)
        {
            return Some(resolve_name(&name, chat_files, true));
        }
        if let Some(name) = name_from_prose(line) {
            let resolved = resolve_name(&name, chat_files, true);
            if chat_files.contains(&resolved) {
                return Some(resolved);
            }
        }
    }
    None
}

/// The lines of a listing after its opening fence, up to where its reading ends
/// (the next listing, or the end of the reply).
pub(crate) struct Region<'r> {
    /// The opening fence.
    pub fence: &'r Fence,
    /// The lines after the opening fence.
    pub lines: &'r [String],
    /// The first line (index into `lines`) that could close the listing.
    pub first_close: usize,
}

/// One way of reading where the listing ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Reading {
    /// The closing line, as an index into the region's lines.
    pub close: usize,
    /// The shell commands fenced in the reply after it.
    pub shell_commands: Vec<String>,
}

/// What the region can mean.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Readings {
    /// These readings fit (ascending by closing line); `alternatives` is true when
    /// more than one line could have closed the listing.
    Fit {
        readings: Vec<Reading>,
        alternatives: bool,
    },
    /// No reading fits.
    None,
    /// Too many lines could close the listing to weigh them.
    TooMany,
}

/// Weighs every line of the region that could close the listing.
pub(crate) fn readings(region: &Region<'_>, chat_files: &[String]) -> Readings {
    let closes: Vec<usize> = (region.first_close..region.lines.len())
        .filter(|&index| closes_listing(region.fence, &region.lines[index]))
        .collect();
    if closes.len() > MAX_READINGS {
        return Readings::TooMany;
    }
    let readings: Vec<Reading> = closes
        .iter()
        .filter(|&&close| content_balanced(region.fence, &region.lines[region.first_close..close]))
        .filter_map(|&close| {
            reads_as_prose(&region.lines[close + 1..], chat_files).map(|shell_commands| Reading {
                close,
                shell_commands,
            })
        })
        .collect();
    if readings.is_empty() {
        return Readings::None;
    }
    Readings::Fit {
        readings,
        alternatives: closes.len() > 1,
    }
}

/// Whether the lines from the first possible close up to another one pair up as
/// the listing's own fenced blocks (so that the other one closes the listing).
fn content_balanced(outer: &Fence, lines: &[String]) -> bool {
    let mut inner: Option<Fence> = None;
    for line in lines {
        match &inner {
            Some(fence) if fence.is_closed_by(line) => inner = None,
            Some(_) => {}
            None => inner = outer.open_inner(line),
        }
    }
    inner.is_none()
}

/// Reads `lines` as the reply after a listing: every fence closes and none is a
/// named listing. Returns the shell commands found, or `None` if they do not read so.
fn reads_as_prose(lines: &[String], chat_files: &[String]) -> Option<Vec<String>> {
    let mut lookback = Lookback::new(PROSE_LOOKBACK);
    let mut open: Option<(Fence, Vec<&str>)> = None;
    let mut shell_commands = Vec::new();
    for line in lines {
        match open.as_mut() {
            Some((fence, body)) => {
                if fence.is_closed_by(line) {
                    if fence.is_shell() && !body.is_empty() {
                        shell_commands.push(join_lines(body));
                    }
                    open = None;
                    lookback.clear();
                } else {
                    body.push(line);
                }
            }
            None => match Fence::open(line) {
                Some(fence) => {
                    if name_above(&lookback, &fence, chat_files).is_some() {
                        return None;
                    }
                    open = Some((fence, Vec::new()));
                }
                None => lookback.push(line),
            },
        }
    }
    open.is_none().then_some(shell_commands)
}

/// The choice among fitting readings.
pub(crate) enum Choice {
    /// Take the reading at this position in the list.
    Take(usize),
    /// No reading can be told to be the intended one.
    Unclear,
}

/// Chooses among fitting readings of a listing (`contents`: each reading's lines,
/// shortest first). A code file rarely holds a bare fence line, so its first
/// reading is taken unless the current file shows it cuts the file short; a
/// document needs the current file to rule out every reading but one.
pub(crate) fn choose(
    contents: &[&[String]],
    alternatives: bool,
    document: bool,
    current: Option<&str>,
) -> Choice {
    let Some(current) = current.filter(|_| alternatives) else {
        return if contents.len() == 1 || !document {
            Choice::Take(0)
        } else {
            Choice::Unclear
        };
    };
    let file: Vec<&str> = current.lines().collect();
    let plausible: Vec<usize> = (0..contents.len())
        .filter(|&index| !cuts_short(contents[index], &file))
        .collect();
    if !document && plausible.first() == Some(&0) {
        return Choice::Take(0);
    }
    match plausible.as_slice() {
        [only] => Choice::Take(*only),
        _ => Choice::Unclear,
    }
}

/// Whether a reading looks like the current file cut short: much shorter than it,
/// or ending on a line that the file follows with a fence and more text (the
/// listing then ended where one of the file's own fenced blocks opened).
fn cuts_short(content: &[String], file: &[&str]) -> bool {
    if content.len() * 2 < file.len() {
        return true;
    }
    let Some(last) = content.iter().rev().find(|line| !line.trim().is_empty()) else {
        return !file.iter().all(|line| line.trim().is_empty());
    };
    file.iter().enumerate().any(|(index, line)| {
        if line != last {
            return false;
        }
        let mut after = file[index + 1..]
            .iter()
            .filter(|line| !line.trim().is_empty());
        after.next().is_some_and(|next| Fence::open(next).is_some()) && after.next().is_some()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        text.lines().map(str::to_string).collect()
    }

    fn fit(text: &str) -> Readings {
        let fence = Fence::open("```").unwrap();
        let lines = lines(text);
        let first_close = lines
            .iter()
            .position(|line| closes_listing(&fence, line))
            .unwrap();
        readings(
            &Region {
                fence: &fence,
                lines: &lines,
                first_close,
            },
            &[],
        )
    }

    fn closes(readings: &Readings) -> Vec<usize> {
        match readings {
            Readings::Fit { readings, .. } => readings.iter().map(|r| r.close).collect(),
            _ => Vec::new(),
        }
    }

    #[test]
    fn a_single_close_is_the_only_reading() {
        assert_eq!(closes(&fit("a\nb\n```\nDone.\n")), vec![2]);
    }

    #[test]
    fn inner_bare_fences_give_two_readings() {
        // Close at line 1 (then prose and a fenced block) or at line 5 (all content).
        let readings = fit("# T\n```\nx = 1\n```\nend\n```\n");
        assert_eq!(closes(&readings), vec![1, 5]);
    }

    #[test]
    fn a_named_listing_after_a_close_rules_that_reading_out() {
        let readings = fit("a\n```\nb.py\n```\nx\n```\n");
        assert_eq!(closes(&readings), vec![5]);
        assert_eq!(fit("a\n```\nb\n```\n"), Readings::None);
    }

    #[test]
    fn shell_commands_after_the_chosen_close_are_kept() {
        let Readings::Fit { readings, .. } = fit("x\n```\nRun:\n```bash\nmake\n```\n") else {
            panic!("no reading");
        };
        assert_eq!(readings[0].shell_commands, vec!["make\n".to_string()]);
    }

    fn owned(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|line| line.to_string()).collect()
    }

    #[test]
    fn choice_by_kind_and_current_file() {
        let file = "# T\n\nprints\n\n```\nx\n```\n\nSee the license.\n";
        let short = owned(&["# T", "", "prints", ""]);
        let full = owned(&[
            "# T",
            "",
            "prints",
            "",
            "```",
            "y",
            "```",
            "",
            "See the license.",
        ]);
        let readings: [&[String]; 2] = [&short, &full];
        // Code: the first reading, unless the current file shows it is cut short.
        assert!(matches!(
            choose(&readings, true, false, None),
            Choice::Take(0)
        ));
        assert!(matches!(
            choose(&readings, true, false, Some(file)),
            Choice::Take(1)
        ));
        // A document needs the file to rule the others out.
        assert!(matches!(
            choose(&readings, true, true, None),
            Choice::Unclear
        ));
        assert!(matches!(
            choose(&readings, true, true, Some(file)),
            Choice::Take(1)
        ));
        let longer = owned(&[
            "# T",
            "",
            "prints",
            "",
            "```",
            "y",
            "```",
            "",
            "See the license.",
            "Run:",
            "```",
            "make",
        ]);
        let both: [&[String]; 2] = [&full, &longer];
        assert!(matches!(
            choose(&both, true, true, Some(file)),
            Choice::Unclear
        ));
        // One reading that cuts the file short is refused when it had rivals.
        assert!(matches!(
            choose(&readings[..1], true, true, Some(file)),
            Choice::Unclear
        ));
        assert!(matches!(
            choose(&readings[..1], false, true, Some(file)),
            Choice::Take(0)
        ));
    }
}
