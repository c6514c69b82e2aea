//! Choosing the divider of a SEARCH/REPLACE block that holds several `=======`
//! lines (a Markdown or RST heading underline is also a row of `=`), in time linear
//! in the block.

use std::collections::HashMap;

/// Every way to split a block that holds several `=======` lines. The text alone
/// often cannot tell which one divides; the file can (the right SEARCH text is in
/// it), so the block keeps them all for the planner, which alone sees the file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Splits {
    /// The block's lines, each followed by a newline.
    body: String,
    /// Each candidate divider line, as the byte range of its text in `body`.
    dividers: Vec<(usize, usize)>,
    /// The candidate the text alone chose (by the lines shared around it), if any.
    preferred: Option<usize>,
}

impl Splits {
    /// The splits of `body` (lines with their newlines) at these divider lines,
    /// given as byte ranges of `body`.
    pub(crate) fn new(
        body: String,
        dividers: Vec<(usize, usize)>,
        preferred: Option<usize>,
    ) -> Splits {
        Splits {
            body,
            dividers,
            preferred,
        }
    }

    /// How many ways there are to split the block.
    pub fn count(&self) -> usize {
        self.dividers.len()
    }

    /// The SEARCH and REPLACE texts of split `index`.
    pub fn split(&self, index: usize) -> Option<(&str, &str)> {
        let (start, end) = *self.dividers.get(index)?;
        Some((&self.body[..start], &self.body[end..]))
    }

    /// The split the text alone chose, if it could.
    pub fn preferred(&self) -> Option<usize> {
        self.preferred
    }
}

/// File types whose text may hold a line of `=======` anywhere, the end of a
/// REPLACE part included (a setext or reStructuredText underline, a rule in plain
/// text); in others such a line right before `>>>>>>> REPLACE` is a slip of the markers.
pub fn may_end_with_divider_line(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    let Some((_, extension)) = name.rsplit_once('.') else {
        return false;
    };
    const TEXT_TYPES: [&str; 9] = [
        "md", "markdown", "mdx", "rst", "rest", "txt", "text", "adoc", "asciidoc",
    ];
    TEXT_TYPES
        .iter()
        .any(|text_type| extension.eq_ignore_ascii_case(text_type))
}

/// Picks the divider among `dividers` (indices into `body`, ascending, at least
/// one). The split that leaves SEARCH and REPLACE sharing the most leading and
/// trailing lines wins; failing that, the one row of `=` that does not underline
/// the line above it. `Err` says why no line can be told to be the divider.
pub fn choose_divider<S: AsRef<str>>(body: &[S], dividers: &[usize]) -> Result<usize, String> {
    match dividers {
        [] => Err("the block has no ======= line".to_string()),
        [only] => Ok(*only),
        _ => {
            let scores = shared_line_scores(body, dividers);
            let best = scores.iter().copied().max().unwrap_or(0);
            let winners: Vec<usize> = dividers
                .iter()
                .zip(&scores)
                .filter(|(_, score)| **score == best)
                .map(|(divider, _)| *divider)
                .collect();
            if best > 0 && winners.len() == 1 {
                return Ok(winners[0]);
            }
            let plain: Vec<usize> = dividers
                .iter()
                .copied()
                .filter(|&divider| !underlines_previous(body, divider))
                .collect();
            if let [only] = plain.as_slice() {
                return Ok(*only);
            }
            Err(format!(
                "the block holds {} ======= lines and none can be told to be the divider between SEARCH and REPLACE",
                dividers.len()
            ))
        }
    }
}

/// Whether the `=` row at `divider` is as long as the line above it, as a heading
/// underline is.
fn underlines_previous<S: AsRef<str>>(body: &[S], divider: usize) -> bool {
    let Some(previous) = divider.checked_sub(1).and_then(|index| body.get(index)) else {
        return false;
    };
    let previous = previous.as_ref().trim();
    !previous.is_empty()
        && !previous.starts_with('=')
        && previous.chars().count() == body[divider].as_ref().trim().chars().count()
}

/// For each divider, how many lines SEARCH and REPLACE would share at their start
/// and end (at most the shorter side's length). Lines are compared through ids, and
/// the shared runs come from two Z-arrays, so the whole is linear in the block.
fn shared_line_scores<S: AsRef<str>>(body: &[S], dividers: &[usize]) -> Vec<usize> {
    let mut ids: HashMap<&str, usize> = HashMap::new();
    let forward: Vec<usize> = body
        .iter()
        .map(|line| {
            let next = ids.len();
            *ids.entry(line.as_ref()).or_insert(next)
        })
        .collect();
    let backward: Vec<usize> = forward.iter().rev().copied().collect();
    let z_forward = z_array(&forward);
    let z_backward = z_array(&backward);
    let total = body.len();
    dividers
        .iter()
        .map(|&divider| {
            let search = divider;
            let replace = total - divider - 1;
            let shorter = search.min(replace);
            if shorter == 0 {
                return 0;
            }
            // SEARCH is body[..divider], REPLACE body[divider + 1..].
            let prefix = z_forward
                .get(divider + 1)
                .copied()
                .unwrap_or(0)
                .min(shorter);
            // Reversed, REPLACE starts at 0 and SEARCH at total - divider.
            let suffix = z_backward
                .get(total - divider)
                .copied()
                .unwrap_or(0)
                .min(shorter);
            (prefix + suffix).min(shorter)
        })
        .collect()
}

/// `z[i]`: the length of the longest common prefix of `items` and `items[i..]`.
fn z_array(items: &[usize]) -> Vec<usize> {
    let length = items.len();
    let mut z = vec![0; length];
    if length == 0 {
        return z;
    }
    z[0] = length;
    let (mut left, mut right) = (0, 0);
    for index in 1..length {
        if index < right {
            z[index] = z[index - left].min(right - index);
        }
        while index + z[index] < length && items[z[index]] == items[index + z[index]] {
            z[index] += 1;
        }
        if index + z[index] > right {
            left = index;
            right = index + z[index];
        }
    }
    z
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(lines: &[&str]) -> (Vec<String>, Vec<usize>) {
        let body: Vec<String> = lines.iter().map(|line| line.to_string()).collect();
        let dividers = (0..body.len()).filter(|&i| body[i] == "=======").collect();
        (body, dividers)
    }

    /// The quadratic definition the linear one must agree with.
    fn naive_score(body: &[String], divider: usize) -> usize {
        let (search, replace) = (&body[..divider], &body[divider + 1..]);
        let prefix = search
            .iter()
            .zip(replace)
            .take_while(|(a, b)| a == b)
            .count();
        let suffix = search
            .iter()
            .rev()
            .zip(replace.iter().rev())
            .take_while(|(a, b)| a == b)
            .count();
        (prefix + suffix).min(search.len().min(replace.len()))
    }

    #[test]
    fn linear_scores_match_the_definition() {
        let shapes: [&[&str]; 4] = [
            &["T", "=======", "x", "=======", "T", "=======", "x", "y"],
            &["a", "b", "=======", "a", "b", "=======", "a"],
            &["=======", "=======", "=======", "=======", "======="],
            &["x", "=======", "x", "x", "=======", "x", "x", "x"],
        ];
        for lines in shapes {
            let (body, dividers) = body(lines);
            let scores = shared_line_scores(&body, &dividers);
            let naive: Vec<usize> = dividers.iter().map(|&d| naive_score(&body, d)).collect();
            assert_eq!(scores, naive, "{lines:?}");
        }
    }

    #[test]
    fn setext_heading_kept_on_both_sides() {
        let (body, dividers) = body(&[
            "Title", "=======", "text", "=======", "Title", "=======", "text", "more",
        ]);
        assert_eq!(choose_divider(&body, &dividers), Ok(3));
    }

    #[test]
    fn an_underline_in_search_is_told_from_the_divider() {
        let (body, _) = body(&[]);
        assert!(body.is_empty());
        let lines: Vec<String> = ["Title", "=====", "old text", "=======", "new text"]
            .iter()
            .map(|line| line.to_string())
            .collect();
        assert_eq!(choose_divider(&lines, &[1, 3]), Ok(3));
    }

    #[test]
    fn two_equally_likely_dividers_are_refused() {
        let (body, dividers) = body(&["a", "=======", "b", "=======", "c"]);
        let reason = choose_divider(&body, &dividers).unwrap_err();
        assert!(reason.contains("2 ======= lines"), "{reason}");
    }
}
