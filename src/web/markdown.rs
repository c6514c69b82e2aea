//! HTML to Markdown: the page's text with its headings, lists, links and code kept,
//! without scripts, styles and other parts that are not content.

/// Elements whose content is never text for a reader.
const SKIPPED: [&str; 9] = [
    "script", "style", "noscript", "template", "svg", "canvas", "iframe", "head", "form",
];

/// The Markdown for an HTML document or fragment.
pub fn html_to_markdown(html: &str) -> String {
    let converter = htmd::HtmlToMarkdown::builder()
        .skip_tags(SKIPPED.to_vec())
        .build();
    let markdown = converter.convert(html).unwrap_or_else(|_| strip_tags(html));
    tidy(&markdown)
}

/// The text between tags, for the rare document the converter gives up on.
fn strip_tags(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}

/// No runs of more than one blank line, no trailing spaces.
fn tidy(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len());
    let mut blank = 0;
    for line in markdown.lines() {
        let line = line.trim_end();
        if line.is_empty() {
            blank += 1;
            if blank > 1 || out.is_empty() {
                continue;
            }
        } else {
            blank = 0;
        }
        out.push_str(line);
        out.push('\n');
    }
    out.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_lists_links_and_code_survive_and_scripts_do_not() {
        let html = "<html><head><title>T</title><style>p{}</style></head><body>\
            <h1>Install</h1><p>Run <code>make</code> then read <a href=\"https://x.org/doc\">the docs</a>.</p>\
            <ul><li>one</li><li>two</li></ul><script>alert(1)</script>\
            <pre><code>let x = 1;\n</code></pre></body></html>";
        let markdown = html_to_markdown(html);
        assert!(markdown.contains("# Install"), "{markdown}");
        assert!(markdown.contains("`make`"), "{markdown}");
        assert!(
            markdown.contains("[the docs](https://x.org/doc)"),
            "{markdown}"
        );
        assert!(
            markdown.contains("one") && markdown.contains("two"),
            "{markdown}"
        );
        assert!(markdown.contains("let x = 1;"), "{markdown}");
        assert!(!markdown.contains("alert"), "{markdown}");
        assert!(!markdown.contains("p{}"), "{markdown}");
    }
}
