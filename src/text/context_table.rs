//! The context report as a plain table (`/tokens`, the one-shot printer): one line per
//! part of the next request, then the prompt cache's expected and reported figures.

use crate::protocol::{CacheRule, ContextReport};

/// The report as lines of text.
pub fn context_table(report: &ContextReport) -> String {
    let mut text = format!(
        "The next request to {}, part by part in the order it is sent:\n",
        if report.model.is_empty() {
            "the model"
        } else {
            &report.model
        }
    );
    text.push_str("  tokens   window      cost  part\n");
    for part in &report.parts {
        let mark = if part.cached { "  (cached)" } else { "" };
        text.push_str(&format!(
            "{:>8}  {:>6}  {:>9}  {}{mark}\n",
            part.tokens,
            percent(part.share),
            dollars(part.cost),
            part.name
        ));
    }
    let share = if report.context_window > 0 {
        report.total_tokens as f64 / report.context_window as f64
    } else {
        0.0
    };
    text.push_str(&format!(
        "{:>8}  {:>6}  {:>9}  total",
        report.total_tokens,
        percent(share),
        dollars(report.cost)
    ));
    if report.context_window > 0 {
        text.push_str(&format!(
            " of {} in the window ({} left)",
            report.context_window,
            report.context_window.saturating_sub(report.total_tokens)
        ));
    }
    text.push('\n');
    text.push_str(&cache_lines(report));
    text.trim_end().to_string()
}

/// The prompt cache's lines: the rule, what is expected, what the last reply said.
pub(super) fn cache_lines(report: &ContextReport) -> String {
    let mut text = match report.cache_rule {
        CacheRule::None => "Prompt cache: none known for this provider.\n".to_string(),
        rule => format!(
            "Prompt cache ({}): {} tokens expected from the cache; {} without it, {} with it.\n",
            match rule {
                CacheRule::Breakpoints => "up to the cache breakpoints",
                _ => "automatic, longest prefix seen",
            },
            report.cached_tokens,
            dollars(report.cost),
            dollars(report.cost_with_cache)
        ),
    };
    if let Some(counts) = report.last_reply {
        text.push_str(&format!(
            "Last reply: {} tokens read from the cache, {} written, {} uncached.\n",
            counts.read, counts.written, counts.uncached
        ));
    }
    if let Some(seconds) = report.cache_expires_in {
        text.push_str(&format!(
            "The cache expires in {}:{:02}",
            seconds / 60,
            seconds % 60
        ));
        if let Some((left, most)) = report.keepalive {
            text.push_str(&format!("; keep-alive pings left: {left} of {most}"));
        }
        text.push_str(".\n");
    }
    if let Some(summary) = report.summary {
        text.push_str(&format!(
            "Last history summary: {}, {} tokens became {}.\n",
            super::counted(summary.messages, "message", "messages"),
            summary.before_tokens,
            summary.after_tokens
        ));
    }
    text
}

/// A share as a percentage with one decimal.
pub fn percent(share: f64) -> String {
    format!("{:.1}%", share * 100.0)
}

/// Dollars with four decimals.
pub fn dollars(amount: f64) -> String {
    format!("${amount:.4}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{CacheCounts, ContextPart};

    #[test]
    fn every_part_gets_a_line_and_the_cache_its_figures() {
        let report = ContextReport {
            model: "gpt-4o".into(),
            parts: vec![
                ContextPart {
                    name: "system prompt".into(),
                    tokens: 1000,
                    cost: 0.0025,
                    share: 1000.0 / 128_000.0,
                    cached: true,
                },
                ContextPart {
                    name: "chat files".into(),
                    tokens: 3000,
                    cost: 0.0075,
                    share: 3000.0 / 128_000.0,
                    cached: false,
                },
            ],
            total_tokens: 4000,
            context_window: 128_000,
            cost: 0.01,
            cost_with_cache: 0.00875,
            cache_rule: CacheRule::AutomaticPrefix,
            cached_tokens: 1000,
            last_reply: Some(CacheCounts {
                read: 1000,
                written: 0,
                uncached: 3000,
            }),
            ..ContextReport::default()
        };
        let table = context_table(&report);
        assert!(
            table.contains("    1000    0.8%    $0.0025  system prompt  (cached)"),
            "{table}"
        );
        assert!(
            table.contains("    3000    2.3%    $0.0075  chat files\n"),
            "{table}"
        );
        assert!(
            table.contains("total of 128000 in the window (124000 left)"),
            "{table}"
        );
        assert!(
            table.contains(
                "1000 tokens expected from the cache; $0.0100 without it, $0.0088 with it."
            ),
            "{table}"
        );
        assert!(
            table
                .contains("Last reply: 1000 tokens read from the cache, 0 written, 3000 uncached."),
            "{table}"
        );
    }
}
