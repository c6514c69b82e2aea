//! Token counting shared by the repo map and the providers.
//!
//! Counts are exact OpenAI `cl100k_base` counts (the same as tiktoken-rs's
//! `encode_ordinary(text).len()`), computed here rather than by tiktoken-rs:
//! build.rs turns tiktoken-rs's ranks into a table embedded in the binary
//! (`table`), `split` cuts text as cl100k's pattern does, and `merge` runs
//! the byte-pair merges. Nothing is built at start-up and the table is read in
//! place, so counting costs only the table pages it touches (about 2 MB at
//! most) instead of a ~26 MB, ~50 ms tokenizer. Long texts can be estimated by
//! sampling lines, which is what the map's budget search does.

mod chars;
#[cfg(test)]
mod exact_tests;
mod hash;
mod merge;
mod split;
mod table;

/// Texts up to this many bytes are always counted exactly by [`estimate_tokens`].
const EXACT_LIMIT: usize = 8 * 1024;

/// [`prefix_within`] counts at most this many bytes per token allowed (text runs about
/// four bytes a token; a run of one repeated character, far more).
const PREFIX_BYTES_PER_TOKEN: usize = 16;

/// About this many lines are sampled when estimating a long text …
const SAMPLE_LINES: usize = 120;
/// … in runs of this many consecutive lines.
const SAMPLE_RUN: usize = 8;

/// The name of the encoding behind [`count_tokens`].
pub const ENCODING_NAME: &str = "cl100k_base";

/// Exact number of `cl100k_base` tokens in `text`.
pub fn count_tokens(text: &str) -> usize {
    let mut merger = merge::Merger::default();
    split::pieces(text)
        .map(|piece| merger.token_bounds(&table::TABLE, piece.as_bytes()).len() - 1)
        .sum()
}

/// The longest prefix of `text` this finds (at a character boundary) whose exact count
/// is at most `max_tokens`: all of it when it fits. A token covers at least one byte,
/// so a text no longer than `max_tokens` bytes fits as it is; a longer one is counted
/// whole, or from a prefix of [`PREFIX_BYTES_PER_TOKEN`] bytes a token allowed when it
/// is longer than that, and shrunk in proportion until it fits. What is counted stays
/// within that many bytes per token allowed, however long `text` is.
pub fn prefix_within(text: &str, max_tokens: usize) -> &str {
    if text.len() <= max_tokens {
        return text;
    }
    let start = max_tokens.saturating_mul(PREFIX_BYTES_PER_TOKEN);
    let mut end = char_boundary_at_or_before(text, start);
    loop {
        let count = count_tokens(&text[..end]);
        if count <= max_tokens {
            return &text[..end];
        }
        // Shrink in proportion (a little more, so a few rounds end it).
        let scaled = (end as u128 * max_tokens as u128 * 95 / (count as u128 * 100)) as usize;
        end = char_boundary_at_or_before(text, scaled.min(end - 1));
    }
}

/// `at` (capped at the text's length), moved back to a character boundary.
fn char_boundary_at_or_before(text: &str, at: usize) -> usize {
    let mut end = at.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    end
}

/// Token count of `text`: exact for short texts; for long ones, the exact count of
/// a sample scaled by the text's length in bytes. The sample is runs of
/// consecutive lines spread evenly over the text, so a text whose lines alternate
/// (the map's `│` and `⋮` lines) is not sampled on one kind of line only.
pub fn estimate_tokens(text: &str) -> usize {
    if text.len() <= EXACT_LIMIT {
        return count_tokens(text);
    }
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() < SAMPLE_LINES * 2 {
        return count_tokens(text);
    }
    let run_count = SAMPLE_LINES / SAMPLE_RUN;
    let spacing = lines.len() / run_count;
    let mut sample = String::new();
    for run in 0..run_count {
        let start = run * spacing;
        for line in lines.iter().skip(start).take(SAMPLE_RUN) {
            sample.push_str(line);
            sample.push('\n');
        }
    }
    if sample.is_empty() {
        return count_tokens(text);
    }
    let sampled = count_tokens(&sample) as f64;
    (sampled / sample.len() as f64 * text.len() as f64).round() as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prefix_within_a_budget_is_the_whole_text_or_fits() {
        assert_eq!(prefix_within("hello world", 2), "hello world");
        let long = "word ".repeat(10_000) + &"é".repeat(5_000) + &"x".repeat(20_000);
        for budget in [0, 1, 7, 100, 2_000, 9_999, 10_001, 30_000] {
            let prefix = prefix_within(&long, budget);
            assert!(count_tokens(prefix) <= budget, "{budget}");
            assert!(long.starts_with(prefix));
        }
        // A budget past the text's count keeps it whole; one just under, nearly all.
        let count = count_tokens(&long);
        assert_eq!(prefix_within(&long, count).len(), long.len());
        let most = count_tokens(prefix_within(&long, count - 1));
        assert!(most * 10 >= count * 9, "{most} of {count}");
    }

    #[test]
    fn counts_known_text() {
        assert_eq!(count_tokens(""), 0);
        assert_eq!(count_tokens("hello world"), 2);
        assert!(count_tokens("fn main() { println!(\"hi\"); }") > 5);
    }

    #[test]
    fn estimate_is_exact_for_short_text() {
        let text = "def foo(bar):\n    return bar * 2\n";
        assert_eq!(estimate_tokens(text), count_tokens(text));
    }

    #[test]
    fn estimate_of_alternating_lines_is_close() {
        // Every other line is short: a fixed stride would see only one kind.
        let mut text = String::new();
        for i in 0..4000 {
            text.push_str(&format!(
                "│    def handle_request_number_{i}(self, request, response, context):\n⋮\n"
            ));
        }
        let exact = count_tokens(&text) as f64;
        let estimate = estimate_tokens(&text) as f64;
        assert!(
            (estimate - exact).abs() / exact < 0.1,
            "{estimate} vs {exact}"
        );
    }

    #[test]
    fn estimate_of_long_text_is_close() {
        let mut text = String::new();
        for i in 0..3000 {
            text.push_str(&format!("    let value_{i} = compute(item_{i}, {i});\n"));
        }
        let exact = count_tokens(&text) as f64;
        let estimate = estimate_tokens(&text) as f64;
        assert!(
            (estimate - exact).abs() / exact < 0.1,
            "{estimate} vs {exact}"
        );
    }
}
