//! Bounded nesting for HTML on its way to Markdown (issue 22.5). The HTML parser's
//! work grows with the depth of the elements open at each tag, and the converter walks
//! the tree recursively, so a page of 200,000 nested `<div>` would hang the one and
//! overflow the stack of the other. Two passes keep both bounded:
//!
//! - [`cap_markup`], on the text before parsing: it follows which elements are open
//!   (closing what HTML closes implicitly: a `<p>` by the next block, an `<li>` by the
//!   next item, a cell by the next cell) and drops the tags opened deeper than
//!   [`MAX_DEPTH`], keeping their text. One pass, constant work per tag.
//! - [`flatten_tree`], on the parsed tree: any element still deeper than
//!   [`MAX_TREE_DEPTH`] (the parser can nest what the text did not, e.g. formatting
//!   it reopens) keeps only the text below it. Iterative, so no page can abort it.

use std::collections::HashMap;
use std::rc::Rc;

use markup5ever_rcdom::{Node, NodeData};

/// Elements open deeper than this lose their tags before parsing (real pages nest a
/// few dozen levels).
pub const MAX_DEPTH: usize = 48;

/// Elements of the parsed tree deeper than this keep only their text.
pub const MAX_TREE_DEPTH: usize = 64;

/// Elements with no content and no end tag.
const VOID: [&str; 16] = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr", "keygen", "frame",
];

/// Elements whose content is raw text up to their end tag.
const RAW_TEXT: [&str; 9] = [
    "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript",
];

/// Start tags that close an open `<p>`.
const CLOSES_P: [&str; 34] = [
    "address",
    "article",
    "aside",
    "blockquote",
    "center",
    "details",
    "dialog",
    "dir",
    "div",
    "dl",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hgroup",
    "main",
    "menu",
    "nav",
    "ol",
    "p",
    "pre",
    "section",
    "summary",
    "table",
    "ul",
    "search",
];

/// Formatting elements: closed by a block's end tag, HTML reopens them in the next one.
const FORMATTING: [&str; 14] = [
    "a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u",
];

/// Elements that stop the end tag of an inline element from closing across them.
const SPECIAL_EXTRA: [&str; 20] = [
    "li", "dd", "dt", "td", "th", "tr", "tbody", "thead", "tfoot", "caption", "colgroup", "button",
    "select", "object", "applet", "marquee", "template", "body", "html", "head",
];

fn is_special(name: &str) -> bool {
    CLOSES_P.contains(&name) || SPECIAL_EXTRA.contains(&name)
}

/// How far down the open elements an implied end looks (a bound, so a tag costs the
/// same at any depth).
const IMPLIED_REACH: usize = 16;

/// The elements open at a point of the text (each with whether its start tag was
/// kept), with a count per name.
#[derive(Default)]
struct Open {
    names: Vec<(String, bool)>,
    counts: HashMap<String, usize>,
}

impl Open {
    fn push(&mut self, name: &str, kept: bool) {
        self.names.push((name.to_string(), kept));
        *self.counts.entry(name.to_string()).or_default() += 1;
    }

    fn pop(&mut self) -> Option<(String, bool)> {
        let (name, kept) = self.names.pop()?;
        if let Some(count) = self.counts.get_mut(&name) {
            *count = count.saturating_sub(1);
        }
        Some((name, kept))
    }

    /// Closes elements down to the nearest open `name` (whether its start tag was
    /// kept); the formatting elements closed on the way stay counted, as HTML reopens
    /// them.
    fn close(&mut self, name: &str) -> bool {
        let mut reopened = Vec::new();
        let mut kept = false;
        while let Some((closed, was_kept)) = self.pop() {
            if closed == name {
                kept = was_kept;
                break;
            }
            if FORMATTING.contains(&closed.as_str()) {
                reopened.push((closed, was_kept));
            }
        }
        for (name, was_kept) in reopened.into_iter().rev() {
            self.push(&name, was_kept);
        }
        kept
    }

    /// Whether the end tag of an inline `name` closes anything: the parser ignores it
    /// when a block lies between it and the nearest open `name` (or, here, when that is
    /// out of reach).
    fn inline_end_closes(&self, name: &str) -> bool {
        let reach = self.names.len().saturating_sub(IMPLIED_REACH);
        for (open, _) in self.names[reach..].iter().rev() {
            if open == name {
                return true;
            }
            if is_special(open) {
                return false;
            }
        }
        false
    }

    fn is_open(&self, name: &str) -> bool {
        self.counts.get(name).is_some_and(|count| *count > 0)
    }

    /// Closes the nearest open `name` within reach, unless one of `barriers` (or a
    /// table) lies above it; what it holds closes with it.
    fn close_implied(&mut self, name: &str, barriers: &[&str]) {
        if !self.is_open(name) {
            return;
        }
        let reach = self.names.len().saturating_sub(IMPLIED_REACH);
        for at in (reach..self.names.len()).rev() {
            let open = self.names[at].0.as_str();
            if open == name {
                while self.names.len() > at {
                    self.pop();
                }
                return;
            }
            if barriers.contains(&open) || open == "table" {
                return;
            }
        }
    }
}

/// The HTML with every element opened deeper than [`MAX_DEPTH`] reduced to its text
/// (a block's tags become one `<br>`, so lines stay apart), and whether anything was
/// cut.
pub fn cap_markup(html: &str) -> (String, bool) {
    let mut out = String::with_capacity(html.len());
    let mut open = Open::default();
    let mut cut = false;
    let mut last_was_break = false;
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        let (text, from_tag) = rest.split_at(at);
        if !text.is_empty() {
            out.push_str(text);
            last_was_break = false;
        }
        let Some(tag) = Tag::read(from_tag) else {
            out.push('<');
            rest = &from_tag[1..];
            continue;
        };
        let raw = &from_tag[..tag.len];
        rest = &from_tag[tag.len..];
        let deep = open.names.len() >= MAX_DEPTH;
        match tag.kind {
            TagKind::Other => {
                if !deep {
                    out.push_str(raw);
                }
            }
            TagKind::End => {
                let name = tag.name.as_str();
                let closes =
                    open.is_open(name) && (is_special(name) || open.inline_end_closes(name));
                if closes {
                    // The element's own end tag is kept only if its start tag was.
                    if open.close(name) {
                        out.push_str(raw);
                    } else {
                        push_break(&mut out, &mut last_was_break, name);
                    }
                } else if !deep {
                    out.push_str(raw);
                }
            }
            TagKind::Start { self_closing } => {
                let name = tag.name.as_str();
                if RAW_TEXT.contains(&name) {
                    // Raw text runs to its end tag: copied whole, or dropped whole when
                    // deep (none of it is text for a reader there).
                    let end = raw_text_end(rest, name);
                    if !deep {
                        out.push_str(raw);
                        out.push_str(&rest[..end]);
                    } else {
                        cut = true;
                    }
                    rest = &rest[end..];
                    continue;
                }
                if VOID.contains(&name) || self_closing && is_foreign(&open) {
                    out.push_str(raw);
                    continue;
                }
                imply_ends(&mut open, name);
                let kept = open.names.len() < MAX_DEPTH;
                if kept {
                    out.push_str(raw);
                    last_was_break = false;
                } else {
                    cut = true;
                    push_break(&mut out, &mut last_was_break, name);
                }
                open.push(name, kept);
            }
        }
    }
    out.push_str(rest);
    (out, cut)
}

/// A `<br>` in place of a dropped block's tag (one for a run of them).
fn push_break(out: &mut String, last_was_break: &mut bool, name: &str) {
    let block = CLOSES_P.contains(&name) || matches!(name, "li" | "dd" | "dt" | "tr");
    if block && !*last_was_break {
        out.push_str("<br>");
        *last_was_break = true;
    }
}

/// Inside `<svg>` or `<math>`, where `<x/>` closes itself.
fn is_foreign(open: &Open) -> bool {
    open.is_open("svg") || open.is_open("math")
}

/// Closes what a start tag `name` closes implicitly.
fn imply_ends(open: &mut Open, name: &str) {
    if CLOSES_P.contains(&name) || matches!(name, "li" | "dd" | "dt") {
        open.close_implied("p", &["button", "td", "th", "caption", "template"]);
    }
    match name {
        "li" => open.close_implied("li", &["ul", "ol", "menu"]),
        "dd" | "dt" => {
            open.close_implied("dd", &["dl"]);
            open.close_implied("dt", &["dl"]);
        }
        "td" | "th" => {
            open.close_implied("td", &["tr"]);
            open.close_implied("th", &["tr"]);
        }
        "tr" => open.close_implied("tr", &["tbody", "thead", "tfoot"]),
        "tbody" | "thead" | "tfoot" => {
            for section in ["tbody", "thead", "tfoot"] {
                open.close_implied(section, &[]);
            }
        }
        "option" | "optgroup" => open.close_implied("option", &["select"]),
        "h1" | "h2" | "h3" | "h4" | "h5" | "h6"
            if open.names.last().is_some_and(|(top, _)| {
                matches!(top.as_str(), "h1" | "h2" | "h3" | "h4" | "h5" | "h6")
            }) =>
        {
            open.pop();
        }
        _ => {}
    }
}

/// Where the raw text of a `name` element ends (at its end tag, or the end of input).
fn raw_text_end(rest: &str, name: &str) -> usize {
    let bytes = rest.as_bytes();
    let mut from = 0;
    while let Some(found) = rest[from..].find("</") {
        let at = from + found;
        let candidate = &bytes[at + 2..];
        if candidate.len() >= name.len()
            && candidate[..name.len()].eq_ignore_ascii_case(name.as_bytes())
        {
            return at;
        }
        from = at + 2;
    }
    rest.len()
}

enum TagKind {
    Start {
        self_closing: bool,
    },
    End,
    /// A comment, doctype or processing instruction.
    Other,
}

/// One tag at the start of a text (`<…>`), read as HTML's tokenizer would.
struct Tag {
    kind: TagKind,
    /// The name, in lower case.
    name: String,
    /// Its length in bytes, `<` to `>` included.
    len: usize,
}

impl Tag {
    fn read(text: &str) -> Option<Tag> {
        let bytes = text.as_bytes();
        let other = |len: usize| Tag {
            kind: TagKind::Other,
            name: String::new(),
            len,
        };
        if let Some(comment) = text.strip_prefix("<!--") {
            let len = comment.find("-->").map_or(text.len(), |end| end + 7);
            return Some(other(len));
        }
        if text.starts_with("<!") || text.starts_with("<?") {
            return Some(other(text.find('>').map_or(text.len(), |end| end + 1)));
        }
        let (end_tag, name_from) = if text.starts_with("</") {
            (true, 2)
        } else {
            (false, 1)
        };
        if !bytes.get(name_from)?.is_ascii_alphabetic() {
            return None;
        }
        let name_len = bytes[name_from..]
            .iter()
            .take_while(|byte| !(byte.is_ascii_whitespace() || matches!(byte, b'/' | b'>')))
            .count();
        let name = text[name_from..name_from + name_len].to_ascii_lowercase();
        // The tag runs to the first `>` outside a quoted attribute value.
        let mut quote = None;
        let mut len = text.len();
        for (at, byte) in bytes.iter().enumerate().skip(name_from + name_len) {
            match (quote, byte) {
                (None, b'"' | b'\'') => quote = Some(*byte),
                (Some(open), _) if open == *byte => quote = None,
                (None, b'>') => {
                    len = at + 1;
                    break;
                }
                _ => {}
            }
        }
        let kind = if end_tag {
            TagKind::End
        } else {
            TagKind::Start {
                self_closing: text[..len].ends_with("/>"),
            }
        };
        Some(Tag { kind, name, len })
    }
}

/// Gives every element deeper than [`MAX_TREE_DEPTH`] only the text below it (none
/// from elements in `skipped`, whose content is never shown); whether any was.
pub fn flatten_tree(document: &Rc<Node>, skipped: &[&str]) -> bool {
    let mut flattened = false;
    let mut pending = vec![(Rc::clone(document), 0usize)];
    while let Some((node, depth)) = pending.pop() {
        if depth >= MAX_TREE_DEPTH && matches!(node.data, NodeData::Element { .. }) {
            let texts = texts_below(&node, skipped);
            for text in &texts {
                text.parent.set(Some(Rc::downgrade(&node)));
            }
            // The elements let go of here are dropped by rcdom without recursion.
            *node.children.borrow_mut() = texts;
            flattened = true;
            continue;
        }
        for child in node.children.borrow().iter() {
            pending.push((Rc::clone(child), depth + 1));
        }
    }
    flattened
}

/// The text nodes below `node`, in document order.
fn texts_below(node: &Rc<Node>, skipped: &[&str]) -> Vec<Rc<Node>> {
    let mut texts = Vec::new();
    let mut pending: Vec<Rc<Node>> = node.children.borrow().iter().rev().cloned().collect();
    while let Some(next) = pending.pop() {
        match &next.data {
            NodeData::Text { .. } => texts.push(next),
            NodeData::Element { name, .. } if skipped.contains(&name.local.as_ref()) => {}
            NodeData::Element { .. } => {
                pending.extend(next.children.borrow().iter().rev().cloned());
            }
            _ => {}
        }
    }
    texts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_past_the_depth_keeps_its_text_and_loses_its_tags() {
        let html = format!(
            "{}deep{}",
            "<div>".repeat(200_000),
            "</div>".repeat(200_000)
        );
        let (capped, cut) = cap_markup(&html);
        assert!(cut);
        assert_eq!(capped.matches("<div>").count(), MAX_DEPTH);
        assert_eq!(capped.matches("</div>").count(), MAX_DEPTH);
        assert!(capped.contains("deep"));
        // Scripts deep down are dropped with their text; shallow markup is untouched.
        let html = format!("{}<script>x()</script>text", "<section>".repeat(100));
        let (capped, _) = cap_markup(&html);
        assert!(
            !capped.contains("x()") && capped.contains("text"),
            "{capped}"
        );
        let page = "<p title=\"a>b\">one<br/><!-- <div> --><script>if (a < b) {}</script></p>";
        assert_eq!(cap_markup(page), (page.to_string(), false));
    }

    #[test]
    fn a_tree_deeper_than_the_bound_is_flattened_without_recursion() {
        // Parsed without the markup cap: the tree itself is 3,000 deep.
        let html = format!(
            "{}deep{}",
            "<blockquote>".repeat(3_000),
            "</blockquote>".repeat(3_000)
        );
        let markdown = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || {
                let converter = htmd::HtmlToMarkdown::new();
                let tree = converter.html_to_tree(&html).unwrap();
                assert!(flatten_tree(&tree, &["script"]));
                converter.tree_to_markdown(&tree)
            })
            .unwrap()
            .join()
            .unwrap();
        assert!(markdown.contains("deep"), "{markdown:.200}");
    }
}
