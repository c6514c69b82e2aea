//! HTML to Markdown: the page's text with its headings, lists, links and code kept,
//! without scripts, styles and other parts that are not content.

use super::nesting::{MAX_DEPTH, cap_markup, flatten_tree};

/// Elements whose content is never text for a reader.
const SKIPPED: [&str; 9] = [
    "script", "style", "noscript", "template", "svg", "canvas", "iframe", "head", "form",
];

/// The Markdown for an HTML document or fragment. Nesting is bounded first (see
/// [`super::nesting`]), so a page of any depth converts in time linear in its size;
/// when that cut anything, a note at the end says so.
pub fn html_to_markdown(html: &str) -> String {
    let converter = htmd::HtmlToMarkdown::builder()
        .skip_tags(SKIPPED.to_vec())
        .build();
    let (html, capped) = cap_markup(html);
    let markdown = match converter.html_to_tree(&html) {
        Ok(tree) => {
            let flattened = flatten_tree(&tree, &SKIPPED);
            let mut markdown = tidy(&converter.tree_to_markdown(&tree));
            if capped || flattened {
                markdown.push_str(&format!(
                    "\n\n(This page nests its markup more than {MAX_DEPTH} levels deep; what lies deeper is given as plain text.)"
                ));
            }
            markdown
        }
        Err(_) => tidy(&strip_tags(&html)),
    };
    markdown.trim_start().to_string()
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

    /// Converts on a thread with a small stack: a recursion left unbounded would
    /// overflow it long before the main thread's.
    fn convert_on_small_stack(html: String) -> String {
        std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || html_to_markdown(&html))
            .unwrap()
            .join()
            .unwrap()
    }

    #[test]
    fn deep_pages_convert_with_bounded_recursion_and_keep_their_text() {
        let pages = [
            format!(
                "<div>{}deep{}</div>",
                "<div>".repeat(20_000),
                "</div>".repeat(20_000)
            ),
            format!(
                "<p>top</p>{}deep{}",
                "<blockquote>".repeat(3_000),
                "</blockquote>".repeat(3_000)
            ),
            format!(
                "{}deep{}",
                "<ul><li>".repeat(3_000),
                "</li></ul>".repeat(3_000)
            ),
            // End tags the parser ignores (a `</span>` with a block open inside it): the
            // text's nesting looks shallow, the tree's is not.
            format!("{}deep", "<span><div></span>".repeat(3_000)),
            // Formatting the parser reopens in every block (each `<b>` distinct, so none
            // is dropped as a repeat).
            (0..3_000)
                .map(|i| format!("<div><b id={i}></div>"))
                .collect::<String>()
                + "deep",
        ];
        for html in pages {
            let start = html[..40].to_string();
            let markdown = convert_on_small_stack(html);
            assert!(markdown.contains("deep"), "{start}: {markdown:.300}");
            assert!(
                markdown.contains("more than 48 levels deep"),
                "{start}: {markdown:.300}"
            );
        }
    }

    #[test]
    fn nesting_within_the_bound_is_converted_whole() {
        let html = format!(
            "{}<h2>Title</h2><ul><li>one<li>two</ul>{}<p>a<p>b<p>c",
            "<div>".repeat(30),
            "</div>".repeat(30)
        );
        let markdown = html_to_markdown(&html);
        assert!(markdown.contains("## Title"), "{markdown}");
        assert!(
            markdown.contains("one") && markdown.contains("two"),
            "{markdown}"
        );
        assert!(!markdown.contains("levels deep"), "{markdown}");
        // Unclosed paragraphs and items close each other, as in HTML: not nesting.
        let html = "<ul><li>x".to_string() + &"<li>item".repeat(500) + &"<p>para".repeat(500);
        let markdown = html_to_markdown(&html);
        assert!(!markdown.contains("levels deep"), "{markdown:.300}");
        assert_eq!(markdown.matches("item").count(), 500);
    }

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
