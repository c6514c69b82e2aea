//! The matching ladder: where does a SEARCH text sit in a file, and what does the
//! file look like once it is replaced?
//!
//! Steps, tried in order, each only when the ones before found nothing:
//! exact lines → lines equal but for trailing whitespace → lines equal but for a
//! uniform change of leading indentation (tabs written as spaces included) → `...`
//! elision lines splitting SEARCH and REPLACE into pieces → a spurious blank first
//! or last line dropped → a fence (and file name) wrapped around the texts dropped.
//! A step that finds more than one place refuses the edit: it never picks one.
//! Every step finds candidates through one anchor line (the rarest one of the
//! SEARCH text), so the cost stays near-linear in the file size.

use std::collections::HashMap;

use similar::{Algorithm, DiffOp, capture_diff_slices};

use super::fence::is_fence_line;
use super::file_text::{FileText, LineKey, split_lf};
use super::names::name_from_line;

/// The ladder step that located an edit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LadderStep {
    /// The lines matched exactly.
    Exact,
    /// The lines matched once trailing whitespace was ignored.
    TrailingWhitespace,
    /// The lines matched with a uniform shift of leading indentation.
    Indentation,
    /// SEARCH and REPLACE were split at `...` lines and each piece matched in order.
    Elision,
    /// A spurious blank first or last line was dropped from SEARCH (and REPLACE).
    BlankLines,
    /// A fence wrapped around SEARCH and REPLACE was dropped.
    Unwrapped,
}

/// Why a SEARCH text could not be placed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MatchFailure {
    /// No step found the text.
    #[error("the SEARCH text was not found in the file")]
    NotFound,
    /// A step found the text in several places.
    #[error("the SEARCH text matches {count} places in the file; it must match exactly one")]
    Ambiguous {
        /// How many places matched.
        count: usize,
    },
}

/// The new file text and the step that placed the edit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replaced {
    /// The whole new text (LF line breaks, final newline as the file had it).
    pub text: String,
    /// The step that located the SEARCH text.
    pub step: LadderStep,
}

/// One change of a placement: `removed` lines at `start` (0-based, in the file as it
/// was before this edit) give way to `inserted`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Splice {
    pub start: usize,
    pub removed: usize,
    pub inserted: Vec<String>,
}

/// Where an edit goes: its splices (ascending, never overlapping) and the step that
/// found the place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    pub splices: Vec<Splice>,
    pub step: LadderStep,
}

/// Hints that narrow where a SEARCH text may be placed when it matches several places
/// (the patch format's `@@ anchor` lines and `*** End of File`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Scope<'a> {
    /// Lines the match must lie under, outermost first (e.g. `class Foo:`, `def bar():`).
    pub anchors: &'a [String],
    /// The match must end at the end of the file.
    pub at_end: bool,
}

/// Finds the one place in `file` that matches `search` and what replaces it there.
/// `search` and `replace` are LF texts; `search` must hold a non-blank line.
pub fn place(
    file: &mut FileText,
    search: &str,
    replace: &str,
    scope: Scope<'_>,
) -> Result<Placement, MatchFailure> {
    let (search_lines, _) = split_lf(search);
    let (replace_lines, _) = split_lf(replace);
    let regions = anchor_regions(file, scope);
    let context = Context {
        regions,
        at_end: scope.at_end,
    };
    ladder(file, &search_lines, &replace_lines, true, &context)
}

/// Where a hunk with no old lines goes: right after its innermost anchor line, when
/// that line is found once (under its outer anchors). `None` when there are no anchors.
pub fn insertion_after_anchor(
    file: &mut FileText,
    anchors: &[String],
) -> Option<Result<usize, MatchFailure>> {
    if anchors.iter().all(|anchor| anchor.trim().is_empty()) {
        return None;
    }
    let regions = anchor_regions(
        file,
        Scope {
            anchors,
            at_end: false,
        },
    );
    Some(match regions.as_slice() {
        [] => Err(MatchFailure::NotFound),
        [(line, _)] => Ok(line + 1),
        many => Err(MatchFailure::Ambiguous { count: many.len() }),
    })
}

/// Applies a placement to `file`.
pub fn apply_placement(file: &mut FileText, placement: &Placement) {
    for splice in placement.splices.iter().rev() {
        file.splice(splice.start, splice.removed, &splice.inserted);
    }
}

/// Replaces the one place in `content` that matches `search` with `replace` (a
/// convenience over [`place`] for whole texts; line endings are kept as they were).
pub fn replace_unique(
    content: &str,
    search: &str,
    replace: &str,
) -> Result<Replaced, MatchFailure> {
    let mut file = FileText::parse(content);
    let placement = place(&mut file, search, replace, Scope::default())?;
    apply_placement(&mut file, &placement);
    Ok(Replaced {
        text: file.to_text(),
        step: placement.step,
    })
}

/// Whether `text` already occurs in `content` (exactly or but for trailing whitespace).
pub fn already_present(content: &str, text: &str) -> bool {
    let mut file = FileText::parse(content);
    let (lines, _) = split(text);
    if lines.iter().all(|line| line.trim().is_empty()) {
        return false;
    }
    [Step::Exact, Step::TrailingWhitespace]
        .into_iter()
        .any(|step| !find_all(&mut file, 0, &lines, step).is_empty())
}

/// The lines of `content` most like `search`: the window where most SEARCH lines
/// (compared without surrounding whitespace) land at a consistent offset. Returns the
/// 1-based first line number and the lines.
pub fn closest_lines(content: &str, search: &str) -> Option<(usize, Vec<String>)> {
    let (file, _) = split(content);
    let (search_lines, _) = split(search);
    // Each SEARCH line votes for the window starts its look-alikes imply: a line
    // equal but for surrounding whitespace counts 1, a line sharing words counts
    // the share of its words found. Words that are everywhere are skipped, which
    // keeps this linear in the file size.
    let mut words_at: HashMap<&str, Vec<usize>> = HashMap::new();
    let mut lines_at: HashMap<&str, Vec<usize>> = HashMap::new();
    for (position, line) in file.iter().enumerate() {
        lines_at.entry(line.trim()).or_default().push(position);
        for word in words(line) {
            let positions = words_at.entry(word).or_default();
            if positions.last() != Some(&position) {
                positions.push(position);
            }
        }
    }
    let mut votes: HashMap<isize, f64> = HashMap::new();
    let mut non_blank = 0usize;
    for (offset, line) in search_lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        non_blank += 1;
        let mut line_votes: HashMap<isize, f64> = HashMap::new();
        for position in lines_at.get(line.trim()).into_iter().flatten().take(COMMON) {
            line_votes.insert(*position as isize - offset as isize, 1.0);
        }
        let line_words: Vec<&str> = words(line).collect();
        for word in &line_words {
            let Some(positions) = words_at.get(word).filter(|list| list.len() <= COMMON) else {
                continue;
            };
            for position in positions {
                let vote = line_votes
                    .entry(*position as isize - offset as isize)
                    .or_default();
                if *vote < 1.0 {
                    *vote = (*vote + 0.9 / line_words.len() as f64).min(0.9);
                }
            }
        }
        for (start, vote) in line_votes {
            *votes.entry(start).or_default() += vote;
        }
    }
    // The best-voted windows, then the one whose text reads most like SEARCH (a
    // misspelt name ties on words with every line that shares a keyword).
    let mut ranked: Vec<(isize, f64)> = votes.into_iter().collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let best_vote = ranked.first()?.1;
    if best_vote * 3.0 < non_blank as f64 {
        return None;
    }
    let window = |start: isize| {
        let first = start.max(0) as usize;
        let last = ((start + search_lines.len() as isize).max(0) as usize).min(file.len());
        (first, last)
    };
    let likeness = |start: isize| {
        let (first, last) = window(start);
        let text = file[first..last.max(first)].join("\n");
        similar::TextDiff::from_chars(text.as_str(), search_lines.join("\n").as_str()).ratio()
    };
    let start = ranked
        .iter()
        .take(8)
        .filter(|(_, vote)| *vote >= best_vote - 0.5)
        .map(|(start, vote)| (*start, vote + f64::from(likeness(*start))))
        .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))
        .map(|(start, _)| start)?;
    let (first, last) = window(start);
    (first < last).then(|| {
        (
            first + 1,
            file[first..last]
                .iter()
                .map(|line| line.to_string())
                .collect(),
        )
    })
}

/// Lines or words found more often than this carry no information about where
/// a text belongs.
const COMMON: usize = 64;

/// The words (runs of letters, digits and underscores) of a line.
fn words(line: &str) -> impl Iterator<Item = &str> {
    line.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|word| !word.is_empty())
}

fn split(text: &str) -> (Vec<&str>, bool) {
    split_lf(text)
}

/// The comparison steps that look for a window of the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Exact,
    TrailingWhitespace,
    Indentation,
}

impl Step {
    fn key(self) -> LineKey {
        match self {
            Step::Exact => LineKey::Exact,
            Step::TrailingWhitespace => LineKey::TrimEnd,
            Step::Indentation => LineKey::Trim,
        }
    }

    fn ladder_step(self) -> LadderStep {
        match self {
            Step::Exact => LadderStep::Exact,
            Step::TrailingWhitespace => LadderStep::TrailingWhitespace,
            Step::Indentation => LadderStep::Indentation,
        }
    }
}

/// A window of the file that matches, and how its indentation relates to SEARCH.
#[derive(Debug, Clone)]
struct Found {
    start: usize,
    len: usize,
    reindent: Option<Reindent>,
}

/// A uniform indentation shift between SEARCH and the file.
#[derive(Debug, Clone)]
struct Reindent {
    /// File columns minus SEARCH columns.
    delta: isize,
    tab_width: usize,
    /// The file's indentation for each SEARCH indentation seen in the window.
    map: Vec<(String, String)>,
    /// The file indents with tabs here.
    tabs: bool,
}

enum Located {
    Nothing,
    One(Found, LadderStep),
    Many(usize),
}

/// Where a match may lie, from the placement's [`Scope`].
struct Context {
    /// Line ranges (start, end exclusive) under the anchors; empty: no anchor found.
    regions: Vec<(usize, usize)>,
    at_end: bool,
}

impl Context {
    fn narrows(&self) -> bool {
        !self.regions.is_empty() || self.at_end
    }

    fn admits(&self, file: &FileText, found: &Found) -> bool {
        let end = found.start + found.len;
        let in_region = self.regions.is_empty()
            || self
                .regions
                .iter()
                .any(|(start, stop)| found.start >= *start && end <= *stop);
        let at_end = !self.at_end || (end..file.len()).all(|at| file.line(at).trim().is_empty());
        in_region && at_end
    }
}

/// Runs the window-finding steps from `from` on. Several matches are narrowed by the
/// context's anchors; what stays ambiguous is refused.
fn locate(file: &mut FileText, from: usize, search: &[&str], context: &Context) -> Located {
    for step in [Step::Exact, Step::TrailingWhitespace, Step::Indentation] {
        let mut found = find_all(file, from, search, step);
        if found.len() > 1 && context.narrows() {
            let count = found.len();
            found.retain(|candidate| context.admits(file, candidate));
            if found.len() != 1 {
                return Located::Many(count);
            }
        }
        match found.len() {
            0 => continue,
            1 => return Located::One(found.remove(0), step.ladder_step()),
            count => return Located::Many(count),
        }
    }
    Located::Nothing
}

/// Every window of `file[from..]` that matches `search` under `step`, found through
/// the file's line index (the rarest SEARCH line anchors the candidates).
fn find_all(file: &mut FileText, from: usize, search: &[&str], step: Step) -> Vec<Found> {
    let key = step.key();
    if search.len() > file.len().saturating_sub(from) {
        return Vec::new();
    }
    let mut anchor: Option<(usize, usize)> = None;
    for (offset, line) in search.iter().enumerate() {
        if key.of(line).trim().is_empty() {
            continue;
        }
        let count = file.count_upper_bound(key, line);
        if count == 0 {
            return Vec::new();
        }
        if anchor.is_none_or(|(_, best)| count < best) {
            anchor = Some((offset, count));
        }
    }
    let Some((anchor_offset, _)) = anchor else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for position in file.positions(key, search[anchor_offset], from + anchor_offset) {
        let start = position - anchor_offset;
        if start + search.len() > file.len() {
            continue;
        }
        let window = file.lines(start, search.len());
        if let Some(reindent) = verify(&window, search, step) {
            found.push(Found {
                start,
                len: search.len(),
                reindent,
            });
        }
    }
    found
}

/// The line ranges under the scope's anchors: each anchor line opens a region that runs
/// to the next line indented no deeper (that line included, for a closing brace);
/// nested anchors narrow inside their parent's region. No region when the first
/// anchor is nowhere in the file (anchors are hints: then they narrow nothing).
fn anchor_regions(file: &mut FileText, scope: Scope<'_>) -> Vec<(usize, usize)> {
    let mut regions = vec![(0, file.len())];
    for anchor in scope.anchors {
        let anchor = anchor.trim();
        if anchor.is_empty() {
            continue;
        }
        let mut inner = Vec::new();
        for position in file.positions(LineKey::Trim, anchor, 0) {
            if let Some((_, end)) = regions
                .iter()
                .find(|(start, end)| position >= *start && position < *end)
            {
                let end = region_end(file, position).min(*end);
                inner.push((position, end));
            }
        }
        if inner.is_empty() {
            // An anchor not found under its parent: keep the parent's regions.
            break;
        }
        regions = inner;
    }
    if regions == [(0, file.len())] {
        return Vec::new();
    }
    regions
}

/// One past the last line of the block an anchor line opens.
fn region_end(file: &FileText, anchor: usize) -> usize {
    let depth = columns(indent_of(file.line(anchor)), 4);
    for at in anchor + 1..file.len() {
        let line = file.line(at);
        if line.trim().is_empty() {
            continue;
        }
        if columns(indent_of(line), 4) <= depth {
            return at + 1;
        }
    }
    file.len()
}

/// Checks one window; `Some(None)` means it matches with no reindentation.
fn verify(window: &[&str], search: &[&str], step: Step) -> Option<Option<Reindent>> {
    match step {
        Step::Exact => (window == search).then_some(None),
        Step::TrailingWhitespace => window
            .iter()
            .zip(search)
            .all(|(a, b)| a.trim_end() == b.trim_end())
            .then_some(None),
        Step::Indentation => uniform_shift(window, search).map(Some),
    }
}

/// Finds a tab width under which every non-blank line of the window is the SEARCH
/// line shifted by the same number of columns.
fn uniform_shift(window: &[&str], search: &[&str]) -> Option<Reindent> {
    let has_tabs = window
        .iter()
        .chain(search)
        .any(|line| indent_of(line).contains('\t'));
    let widths: &[usize] = if has_tabs { &[4, 8, 2] } else { &[4] };
    'widths: for &tab_width in widths {
        let mut delta: Option<isize> = None;
        let mut map: Vec<(String, String)> = Vec::new();
        for (file_line, search_line) in window.iter().zip(search) {
            if search_line.trim().is_empty() {
                if file_line.trim().is_empty() {
                    continue;
                }
                continue 'widths;
            }
            let (file_indent, file_text) = split_indent(file_line);
            let (search_indent, search_text) = split_indent(search_line);
            if file_text.trim_end() != search_text.trim_end() {
                return None;
            }
            let shift = columns(file_indent, tab_width) as isize
                - columns(search_indent, tab_width) as isize;
            match delta {
                None => delta = Some(shift),
                Some(existing) if existing != shift => continue 'widths,
                Some(_) => {}
            }
            if !map.iter().any(|(from, _)| from == search_indent) {
                map.push((search_indent.to_string(), file_indent.to_string()));
            }
        }
        let tabs = window.iter().any(|line| indent_of(line).contains('\t'));
        return Some(Reindent {
            delta: delta.unwrap_or(0),
            tab_width,
            map,
            tabs,
        });
    }
    None
}

fn indent_of(line: &str) -> &str {
    split_indent(line).0
}

fn split_indent(line: &str) -> (&str, &str) {
    let text_start = line.len() - line.trim_start().len();
    line.split_at(text_start)
}

fn columns(indent: &str, tab_width: usize) -> usize {
    indent.chars().fold(0, |column, c| {
        if c == '\t' {
            (column / tab_width + 1) * tab_width
        } else {
            column + 1
        }
    })
}

impl Reindent {
    /// Re-indents a REPLACE line the way the SEARCH lines were re-indented.
    fn apply(&self, line: &str) -> String {
        if line.trim().is_empty() {
            return line.trim_end_matches([' ', '\t']).to_string();
        }
        let (indent, text) = split_indent(line);
        if let Some((_, file_indent)) = self.map.iter().find(|(from, _)| from == indent) {
            return format!("{file_indent}{text}");
        }
        let width = (columns(indent, self.tab_width) as isize + self.delta).max(0) as usize;
        let indent = if self.tabs {
            format!(
                "{}{}",
                "\t".repeat(width / self.tab_width),
                " ".repeat(width % self.tab_width)
            )
        } else {
            " ".repeat(width)
        };
        format!("{indent}{text}")
    }
}

/// The lines that replace a matched window: lines REPLACE keeps from SEARCH are
/// taken from the file as they are (its own whitespace), new lines are re-indented.
fn replacement(
    window: &[&str],
    search: &[&str],
    replace: &[&str],
    reindent: Option<&Reindent>,
) -> Vec<String> {
    let new_line = |line: &str| match reindent {
        Some(reindent) => reindent.apply(line),
        None => line.to_string(),
    };
    let mut out = Vec::with_capacity(replace.len());
    for op in capture_diff_slices(Algorithm::Myers, search, replace) {
        match op {
            DiffOp::Equal { old_index, len, .. } => {
                out.extend(
                    window[old_index..old_index + len]
                        .iter()
                        .map(|line| line.to_string()),
                );
            }
            DiffOp::Delete { .. } => {}
            DiffOp::Insert {
                new_index, new_len, ..
            }
            | DiffOp::Replace {
                new_index, new_len, ..
            } => {
                out.extend(
                    replace[new_index..new_index + new_len]
                        .iter()
                        .map(|line| new_line(line)),
                );
            }
        }
    }
    out
}

/// The splice that replaces a found window.
fn to_splice(file: &FileText, found: &Found, search: &[&str], replace: &[&str]) -> Splice {
    let window = file.lines(found.start, found.len);
    Splice {
        start: found.start,
        removed: found.len,
        inserted: replacement(&window, search, replace, found.reindent.as_ref()),
    }
}

/// The whole ladder. `relax` allows the blank-line and unwrapping steps (which rerun
/// the ladder on trimmed texts without themselves).
fn ladder(
    file: &mut FileText,
    search: &[&str],
    replace: &[&str],
    relax: bool,
    context: &Context,
) -> Result<Placement, MatchFailure> {
    match locate(file, 0, search, context) {
        Located::One(found, step) => {
            return Ok(Placement {
                splices: vec![to_splice(file, &found, search, replace)],
                step,
            });
        }
        Located::Many(count) => return Err(MatchFailure::Ambiguous { count }),
        Located::Nothing => {}
    }
    if let Some(result) = elide(file, search, replace, context) {
        return result.map(|splices| Placement {
            splices,
            step: LadderStep::Elision,
        });
    }
    if !relax {
        return Err(MatchFailure::NotFound);
    }
    if let Some((search, replace)) = strip_blank_ends(search, replace) {
        match ladder(file, search, replace, false, context) {
            Err(MatchFailure::NotFound) => {}
            other => {
                return other.map(|placement| Placement {
                    step: LadderStep::BlankLines,
                    ..placement
                });
            }
        }
    }
    if let Some((search, replace)) = unwrap_fences(search, replace) {
        match ladder(file, search, replace, false, context) {
            Err(MatchFailure::NotFound) => {}
            other => {
                return other.map(|placement| Placement {
                    step: LadderStep::Unwrapped,
                    ..placement
                });
            }
        }
    }
    Err(MatchFailure::NotFound)
}

/// Whether a line stands for omitted code: a bare `...`, or a comment such as
/// `// ... existing code ...` or `# (unchanged code omitted)`.
pub fn is_elision(line: &str) -> bool {
    let mut text = line.trim();
    if text == "..." || text == "…" {
        return true;
    }
    let mut commented = false;
    for leader in ["//", "#", "/*", "<!--", "--", ";", "*"] {
        if let Some(rest) = text.strip_prefix(leader) {
            text = rest.trim();
            commented = true;
            break;
        }
    }
    if !commented {
        return false;
    }
    for trailer in ["*/", "-->"] {
        text = text.strip_suffix(trailer).unwrap_or(text).trim();
    }
    let text = text
        .trim_matches(|c| matches!(c, '(' | ')' | '[' | ']'))
        .trim()
        .to_lowercase();
    if text == "..." || text == "…" {
        return true;
    }
    let words = text.split_whitespace().count();
    let dotted = text.contains("...") || text.contains('…');
    let telling = [
        "existing",
        "unchanged",
        "omitted",
        "rest of",
        "remaining",
        "same as before",
    ]
    .iter()
    .any(|word| text.contains(word));
    words <= 8 && telling && (dotted || text.contains("unchanged") || text.contains("omitted"))
}

/// The lines of `replace` that stand for omitted code (a comment such as
/// `// ... existing code ...`, not a bare `...`).
pub fn placeholder_lines(replace: &str) -> impl Iterator<Item = &str> {
    replace
        .lines()
        .filter(|line| is_elision(line) && !matches!(line.trim(), "..." | "…"))
}

/// The first line of `replace` that stands for omitted code and is not found in
/// `reference`: writing it would put a placeholder where code was.
pub fn placeholder_line(replace: &str, reference: &[&str]) -> Option<String> {
    placeholder_lines(replace)
        .find(|line| {
            !reference
                .iter()
                .any(|text| text.lines().any(|known| known.trim() == line.trim()))
        })
        .map(|line| line.trim().to_string())
}

fn split_pieces<'a, 'b>(lines: &'b [&'a str]) -> Vec<&'b [&'a str]> {
    lines.split(|line| is_elision(line)).collect()
}

/// The elision step: each piece of SEARCH must match once, in order, after the
/// previous piece; each is replaced by its REPLACE piece, keeping what lies between.
fn elide(
    file: &mut FileText,
    search: &[&str],
    replace: &[&str],
    context: &Context,
) -> Option<Result<Vec<Splice>, MatchFailure>> {
    let search_pieces = split_pieces(search);
    let replace_pieces = split_pieces(replace);
    if search_pieces.len() < 2 || search_pieces.len() != replace_pieces.len() {
        return None;
    }
    let mut splices = Vec::new();
    let mut from = 0;
    for (search_piece, replace_piece) in search_pieces.into_iter().zip(replace_pieces) {
        if search_piece.iter().all(|line| line.trim().is_empty()) {
            if replace_piece.iter().all(|line| line.trim().is_empty()) {
                continue;
            }
            // New text with nothing to anchor it: there is no telling where it goes.
            return Some(Err(MatchFailure::NotFound));
        }
        match locate(file, from, search_piece, context) {
            Located::One(found, _) => {
                from = found.start + found.len;
                splices.push(to_splice(file, &found, search_piece, replace_piece));
            }
            Located::Many(count) => return Some(Err(MatchFailure::Ambiguous { count })),
            Located::Nothing => return Some(Err(MatchFailure::NotFound)),
        }
    }
    Some(Ok(splices))
}

type Texts<'s, 'a> = (&'s [&'a str], &'s [&'a str]);

/// SEARCH without its blank first and last lines, and REPLACE without as many of its
/// own (so no blank line is added).
fn strip_blank_ends<'s, 'a>(
    search: &'s [&'a str],
    replace: &'s [&'a str],
) -> Option<Texts<'s, 'a>> {
    fn blank(line: &&&str) -> bool {
        line.trim().is_empty()
    }
    let leading = search.iter().take_while(blank).count();
    if leading == search.len() {
        return None;
    }
    let trailing = search.iter().rev().take_while(blank).count();
    if leading == 0 && trailing == 0 {
        return None;
    }
    let replace_leading = replace.iter().take_while(blank).count().min(leading);
    let rest = &replace[replace_leading..];
    let replace_trailing = rest.iter().rev().take_while(blank).count().min(trailing);
    Some((
        &search[leading..search.len() - trailing],
        &rest[..rest.len() - replace_trailing],
    ))
}

/// SEARCH and REPLACE without a fence (and a file name line) wrapped around them.
fn unwrap_fences<'s, 'a>(search: &'s [&'a str], replace: &'s [&'a str]) -> Option<Texts<'s, 'a>> {
    fn unwrap<'s, 'a>(lines: &'s [&'a str]) -> Option<&'s [&'a str]> {
        let mut body = lines;
        if body.len() >= 3
            && !is_fence_line(body[0])
            && is_fence_line(body[1])
            && name_from_line(body[0]).is_some()
        {
            body = &body[1..];
        }
        let last = body.len().checked_sub(1)?;
        (last >= 1 && body[0].trim_start().starts_with("```") && body[last].trim() == "```")
            .then(|| &body[1..last])
    }
    let search = unwrap(search)?;
    let replace = unwrap(replace).unwrap_or(replace);
    Some((search, replace))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(
        content: &str,
        search: &str,
        replace: &str,
    ) -> Result<(String, LadderStep), MatchFailure> {
        replace_unique(content, search, replace).map(|r| (r.text, r.step))
    }

    #[test]
    fn exact_match() {
        let (text, step) = apply("a\nb\nc\n", "b\n", "B\n").unwrap();
        assert_eq!(text, "a\nB\nc\n");
        assert_eq!(step, LadderStep::Exact);
    }

    #[test]
    fn duplicates_are_refused() {
        assert_eq!(
            apply("x\ny\nx\n", "x\n", "z\n"),
            Err(MatchFailure::Ambiguous { count: 2 })
        );
    }

    #[test]
    fn exact_text_search_counts_overlaps_and_needs_line_starts() {
        assert_eq!(
            apply("a\na\na\n", "a\na\n", "b\n"),
            Err(MatchFailure::Ambiguous { count: 2 })
        );
        let (text, _) = apply("xa\na\n", "a\n", "b\n").unwrap();
        assert_eq!(text, "xa\nb\n");
        let (text, _) = apply("é\nb\n", "b\n", "c\n").unwrap();
        assert_eq!(text, "é\nc\n");
    }

    #[test]
    fn exact_once_wins_over_other_indentation() {
        let (text, step) = apply("  f()\n    f()\n", "  f()\n", "  g()\n").unwrap();
        assert_eq!(text, "  g()\n    f()\n");
        assert_eq!(step, LadderStep::Exact);
    }

    #[test]
    fn ambiguous_only_after_reindenting_is_refused() {
        assert!(matches!(
            apply("  f()\n    f()\n", "f()\n", "g()\n"),
            Err(MatchFailure::Ambiguous { .. })
        ));
    }

    #[test]
    fn trailing_whitespace_is_kept() {
        let (text, step) = apply("a  \nb\nc\n", "a\nb\n", "a\nB\n").unwrap();
        assert_eq!(text, "a  \nB\nc\n");
        assert_eq!(step, LadderStep::TrailingWhitespace);
    }

    #[test]
    fn indentation_offset_reindents_the_replacement() {
        let file = "    line1\n    line2\n    line3\n";
        let (text, step) = apply(file, " line1\n line2\n", " new_line1\n     new_line2\n").unwrap();
        assert_eq!(text, "    new_line1\n        new_line2\n    line3\n");
        assert_eq!(step, LadderStep::Indentation);
    }

    #[test]
    fn tabs_written_as_spaces() {
        let file = "int f() {\n\tif (x) {\n\t\ty();\n\t}\n}\n";
        let (text, _) = apply(
            file,
            "    if (x) {\n        y();\n",
            "    if (x) {\n        z();\n        y();\n",
        )
        .unwrap();
        assert_eq!(text, "int f() {\n\tif (x) {\n\t\tz();\n\t\ty();\n\t}\n}\n");
    }

    #[test]
    fn elision_keeps_the_middle() {
        let file = "a\nb\nc\nd\ne\n";
        let (text, step) = apply(file, "a\n...\ne\n", "A\n...\nE\n").unwrap();
        assert_eq!(text, "A\nb\nc\nd\nE\n");
        assert_eq!(step, LadderStep::Elision);
        let (text, _) = apply(
            file,
            "a\n// ... existing code ...\ne\n",
            "A\n// ... existing code ...\ne\n",
        )
        .unwrap();
        assert_eq!(text, "A\nb\nc\nd\ne\n");
    }

    #[test]
    fn literal_dots_match_exactly_first() {
        let file = "x = [\n    ...\n]\n";
        let (text, step) = apply(file, "x = [\n    ...\n", "y = [\n    ...\n").unwrap();
        assert_eq!(text, "y = [\n    ...\n]\n");
        assert_eq!(step, LadderStep::Exact);
    }

    #[test]
    fn spurious_blank_lines_are_dropped_without_adding_one() {
        let file = "a\nb\nc\n";
        let (text, step) = apply(file, "\nb\n", "\nB\n").unwrap();
        assert_eq!(text, "a\nB\nc\n");
        assert_eq!(step, LadderStep::BlankLines);
        let (text, _) = apply(file, "b\n\n", "B\n\n").unwrap();
        assert_eq!(text, "a\nB\nc\n");
    }

    #[test]
    fn wrapping_fence_is_dropped() {
        let file = "one\ntwo\n";
        let (text, step) = apply(file, "```\none\n```\n", "```\nuno\n```\n").unwrap();
        assert_eq!(text, "uno\ntwo\n");
        assert_eq!(step, LadderStep::Unwrapped);
    }

    #[test]
    fn missing_lines_are_not_guessed() {
        assert_eq!(
            apply("a\nb\nc\n", "a\nc\n", "x\n"),
            Err(MatchFailure::NotFound)
        );
        assert_eq!(
            apply("a\nb\n", "a\nzzz\n", "x\n"),
            Err(MatchFailure::NotFound)
        );
    }

    #[test]
    fn no_final_newline_is_kept() {
        let (text, _) = apply("a\nb", "b\n", "c\n").unwrap();
        assert_eq!(text, "a\nc");
    }

    #[test]
    fn closest_lines_and_presence() {
        let file = "fn a() {\n    one();\n    two();\n}\n";
        let (line, lines) = closest_lines(file, "    one();\n    three();\n").unwrap();
        assert_eq!(line, 2);
        assert_eq!(lines, vec!["    one();", "    two();"]);
        assert!(already_present(file, "    two();\n"));
        let (line, lines) = closest_lines(file, "fn a(x) {\n    one(x);\n").unwrap();
        assert_eq!(line, 1);
        assert_eq!(lines, vec!["fn a() {", "    one();"]);
        assert_eq!(closest_lines(file, "completely different\n"), None);
        assert!(!already_present(file, "    four();\n"));
    }

    #[test]
    fn placeholders_only_in_replace_are_found() {
        let search = "a\nb\n";
        assert_eq!(
            placeholder_line("a\n// ... existing code ...\n", &[search]).as_deref(),
            Some("// ... existing code ...")
        );
        assert_eq!(
            placeholder_line(
                "a\n// ... existing code ...\n",
                &["x\n// ... existing code ...\n"]
            ),
            None
        );
        assert_eq!(placeholder_line("def f():\n    ...\n", &[search]), None);
    }

    #[test]
    fn elision_lines_are_recognised() {
        for line in [
            "...",
            "    // ... existing code ...",
            "# ... rest of the function unchanged ...",
            "// (unchanged code omitted)",
            "<!-- ... -->",
        ] {
            assert!(is_elision(line), "{line}");
        }
        for line in [
            "x = ...",
            "// keep this",
            "# TODO: more ...",
            "print('...')",
        ] {
            assert!(!is_elision(line), "{line}");
        }
    }
}
