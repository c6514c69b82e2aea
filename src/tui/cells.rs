//! The one width rule: how many columns text takes, as ratatui's buffer counts them,
//! and a drawn frame made to take on the terminal the columns the buffer gave it.
//!
//! Ratatui measures each grapheme cluster with unicode-width and never writes the
//! columns a wide one covers. Terminals disagree with unicode-width on two kinds of
//! emoji: a text character made an emoji by the variation selector U+FE0F (❤️, ⚠️, 1️⃣:
//! two columns to unicode-width, one to tmux and many terminals), and a skin-tone
//! modifier (👍🏽: two columns to unicode-width, four where the terminal draws the
//! modifier apart). Where they disagree, the covered column keeps whatever was drawn
//! there before (a ghost cell) or the rest of the row shifts. [`settle`] draws those
//! clusters without the selector or the modifier, which every terminal measures alike,
//! and blanks the columns they no longer cover. ZWJ sequences (👩‍💻), flags (🇫🇷) and CJK
//! are left as they are: terminals draw them in the columns unicode-width gives.

use ratatui::buffer::Buffer;
use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

const EMOJI_PRESENTATION: char = '\u{fe0f}';
const SKIN_TONES: std::ops::RangeInclusive<char> = '\u{1f3fb}'..='\u{1f3ff}';

/// The columns `text` takes on screen: each grapheme cluster as ratatui draws it.
pub fn width(text: &str) -> usize {
    text.graphemes(true).map(cluster_width).sum()
}

/// `text` cut to at most `columns` columns, between grapheme clusters (a family emoji
/// or a flag is never cut in half).
pub fn truncate(text: &str, columns: usize) -> &str {
    let mut used = 0;
    for (at, cluster) in text.grapheme_indices(true) {
        used += cluster_width(cluster);
        if used > columns {
            return &text[..at];
        }
    }
    text
}

fn cluster_width(cluster: &str) -> usize {
    // Ratatui draws no control character.
    if cluster.contains(char::is_control) {
        0
    } else {
        cluster.width()
    }
}

/// The cluster as drawn: without what terminals measure differently (`None` when
/// nothing changes, or nothing would be left).
fn settled(cluster: &str) -> Option<String> {
    let unsure = |c: char| c == EMOJI_PRESENTATION || SKIN_TONES.contains(&c);
    if !cluster.contains(unsure) {
        return None;
    }
    let kept: String = cluster.chars().filter(|c| !unsure(*c)).collect();
    (!kept.is_empty() && kept.width() <= cluster.width()).then_some(kept)
}

/// Rewrites the clusters of a drawn frame that terminals measure differently from
/// ratatui (see the module's note); the row keeps its columns, the freed ones blank
/// in the cluster's style.
pub fn settle(buffer: &mut Buffer) {
    let area = buffer.area;
    for y in area.top()..area.bottom() {
        let mut x = area.left();
        while x < area.right() {
            let cell = &mut buffer[(x, y)];
            let before = cell.symbol().width().max(1);
            let Some(kept) = settled(cell.symbol()) else {
                x += 1;
                continue;
            };
            let after = kept.width().max(1);
            let style = cell.style();
            cell.set_symbol(&kept);
            let end = (x + before as u16).min(area.right());
            for freed in x + after as u16..end {
                buffer[(freed, y)].set_symbol(" ").set_style(style);
            }
            x = end;
        }
    }
}

#[cfg(test)]
mod tests {
    use ratatui::layout::Rect;
    use ratatui::style::{Color, Style};

    use super::*;

    #[test]
    fn width_counts_clusters_as_the_buffer_draws_them() {
        assert_eq!(width("👩\u{200d}💻"), 2);
        assert_eq!(width("🇫🇷"), 2);
        assert_eq!(width("❤\u{fe0f}"), 2);
        assert_eq!(width("中文"), 4);
        assert_eq!(width("e\u{301}"), 1);
        assert_eq!(width("a\tb"), 2);
    }

    #[test]
    fn truncate_never_splits_a_cluster() {
        assert_eq!(truncate("ab👩\u{200d}💻cd", 3), "ab");
        assert_eq!(truncate("ab👩\u{200d}💻cd", 4), "ab👩\u{200d}💻");
        assert_eq!(truncate("🇫🇷🇩🇪", 3), "🇫🇷");
        assert_eq!(truncate("short", 9), "short");
    }

    #[test]
    fn settled_frames_take_on_the_terminal_the_columns_the_buffer_gave_them() {
        let mut buffer = Buffer::empty(Rect::new(0, 0, 12, 1));
        let red = Style::default().bg(Color::Red);
        buffer.set_string(0, 0, "a❤\u{fe0f}b👍🏽c👩\u{200d}💻|", red);
        // Before: the heart covers a column nothing writes.
        assert_eq!(buffer[(1, 0)].symbol(), "❤\u{fe0f}");
        settle(&mut buffer);
        let symbols: Vec<&str> = (0..12).map(|x| buffer[(x, 0)].symbol()).collect();
        assert_eq!(
            symbols,
            [
                "a",
                "❤",
                " ",
                "b",
                "👍",
                " ",
                "c",
                "👩\u{200d}💻",
                " ",
                "|",
                " ",
                " "
            ]
        );
        // The freed column is written, in the heart's style.
        assert_eq!(buffer[(2, 0)].style().bg, Some(Color::Red));
        // The thumb stays two columns wide; its covered column stays covered.
        assert_eq!(width(buffer[(4, 0)].symbol()), 2);
        assert_eq!(buffer[(9, 0)].symbol(), "|");
    }
}
