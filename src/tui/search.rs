//! Searching a pane (`/`): what matches, which match comes next, and the matches
//! marked in a drawn line. The app owns the query; each pane finds in its own rows.

use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

use super::keymap::{Action, KeyContext, Keymap};

/// A search of one pane: the query as typed, and whether it is still being typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaneSearch {
    pub pane: super::app_event::Focus,
    pub query: String,
    pub typing: bool,
}

impl PaneSearch {
    /// The search's line in the status bar (`found`: the query matched).
    pub fn status_line(&self, keymap: &Keymap, found: bool) -> String {
        let key = |action| {
            keymap
                .first_key(KeyContext::Search, action)
                .unwrap_or_default()
        };
        let mut line = format!("/{}", self.query);
        if self.typing {
            line.push('▏');
            let keep = keymap.hints(KeyContext::Search, &[(&[Action::Keep], "keeps it")]);
            if !keep.is_empty() {
                line.push_str(&format!(" {keep}"));
            }
        } else {
            line.push_str(&format!(
                " · {} next · {} previous",
                key(Action::NextMatch),
                key(Action::PrevMatch)
            ));
        }
        if !found && !self.query.is_empty() {
            line.push_str(" · no match");
        }
        line.push_str(&format!(" · {} ends", key(Action::EndSearch)));
        crate::text::printable(&line).into_owned()
    }
}

/// Whether `text` contains `query`, ignoring ASCII case (an empty query matches nothing).
pub fn contains(text: &str, query: &str) -> bool {
    !query.is_empty()
        && text
            .to_ascii_lowercase()
            .contains(&query.to_ascii_lowercase())
}

/// The next of `count` rows that matches, stepping by `step` (1 or -1) from `from`
/// (excluded) and wrapping around; with no `from`, from the first row (stepping
/// forward) or the last (stepping back), included.
pub fn next_match(
    count: usize,
    from: Option<usize>,
    step: isize,
    matches: impl Fn(usize) -> bool,
) -> Option<usize> {
    if count == 0 {
        return None;
    }
    let count = count as isize;
    let first = match from {
        Some(at) => at as isize + step,
        None if step < 0 => count - 1,
        None => 0,
    };
    (0..count)
        .map(|offset| (first + offset * step).rem_euclid(count) as usize)
        .find(|&row| matches(row))
}

/// How a match is marked: reversed, and the current one also bold and underlined.
pub fn match_style(current: bool) -> Style {
    let style = Style::default().add_modifier(Modifier::REVERSED);
    if current {
        style.add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
    } else {
        style
    }
}

/// `line` with every occurrence of `query` (ASCII case ignored) marked in `style`.
pub fn highlight(line: &Line<'static>, query: &str, style: Style) -> Line<'static> {
    if query.is_empty() {
        return line.clone();
    }
    let text: String = line
        .spans
        .iter()
        .map(|span| span.content.as_ref())
        .collect();
    // ASCII lowering keeps every byte where it was, so offsets hold in `text`.
    let lower = text.to_ascii_lowercase();
    let needle = query.to_ascii_lowercase();
    let mut ranges = Vec::new();
    let mut at = 0;
    while let Some(found) = lower[at..].find(&needle) {
        let start = at + found;
        ranges.push(start..start + needle.len());
        at = start + needle.len();
    }
    if ranges.is_empty() {
        return line.clone();
    }
    let mut spans = Vec::new();
    let mut offset = 0;
    for span in &line.spans {
        let content = span.content.as_ref();
        let end = offset + content.len();
        let mut cut = offset;
        for range in ranges.iter().filter(|r| r.start < end && r.end > offset) {
            let start = range.start.max(offset);
            let stop = range.end.min(end);
            if start > cut {
                spans.push(Span::styled(text[cut..start].to_string(), span.style));
            }
            spans.push(Span::styled(
                text[start..stop].to_string(),
                span.style.patch(style),
            ));
            cut = stop;
        }
        if cut < end {
            spans.push(Span::styled(text[cut..end].to_string(), span.style));
        }
        offset = end;
    }
    let mut marked = Line::from(spans).style(line.style);
    marked.alignment = line.alignment;
    marked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_wrap_around_in_either_direction() {
        let rows = ["alpha", "beta", "alphabet", "gamma"];
        let hit = |row: usize| contains(rows[row], "ALPHA");
        assert_eq!(next_match(4, None, 1, hit), Some(0));
        assert_eq!(next_match(4, None, -1, hit), Some(2));
        assert_eq!(next_match(4, Some(2), 1, hit), Some(0));
        assert_eq!(next_match(4, Some(0), -1, hit), Some(2));
        assert_eq!(next_match(4, Some(0), 1, |_| false), None);
        assert!(!contains("anything", ""));
    }

    #[test]
    fn a_match_across_spans_is_marked_in_each_and_keeps_their_styles() {
        let bold = Style::default().add_modifier(Modifier::BOLD);
        let line = Line::from(vec![Span::raw("say hel"), Span::styled("lo — héllo", bold)]);
        let marked = highlight(&line, "HELLO", match_style(false));
        let pieces: Vec<(&str, bool)> = marked
            .spans
            .iter()
            .map(|span| {
                (
                    span.content.as_ref(),
                    span.style.add_modifier.contains(Modifier::REVERSED),
                )
            })
            .collect();
        assert_eq!(
            pieces,
            [
                ("say ", false),
                ("hel", true),
                ("lo", true),
                (" — héllo", false)
            ]
        );
        assert!(marked.spans[2].style.add_modifier.contains(Modifier::BOLD));
        assert_eq!(marked.to_string(), line.to_string());
    }
}
