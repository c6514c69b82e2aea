//! Code fences as models write them: backtick runs with an optional info string,
//! and the HTML-like tags some models use instead (`<source>python`,
//! `<source lang="python" file="a.py">`, `<code class="language-rust">`, `<pre>`, …).

/// The tag names accepted as fences (`<source>` ... `</source>`).
pub const FENCE_TAGS: [&str; 5] = ["source", "code", "pre", "codeblock", "sourcecode"];

/// Languages whose fenced blocks are proposed shell commands.
const SHELL_LANGUAGES: [&str; 6] = ["bash", "sh", "shell", "zsh", "console", "shell-session"];

/// Attributes of an opening tag that name the language.
const LANGUAGE_ATTRIBUTES: [&str; 2] = ["lang", "language"];

/// Attributes of an opening tag that name the file.
const FILE_ATTRIBUTES: [&str; 5] = ["file", "filename", "path", "name", "title"];

/// An opening fence line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fence {
    /// How the fence closes.
    pub kind: FenceKind,
    /// The language and file name the opening line gives, as one info string
    /// (`python a.py`): the text after the backticks, or for a tag its language
    /// attribute, its file attribute and the text after the tag.
    pub info: String,
    /// The columns of whitespace before the opening line's first mark.
    pub indent: usize,
}

/// The two families of fences.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenceKind {
    /// A run of this many backticks.
    Backticks(usize),
    /// HTML-like tags opened on one line, outermost first (`<pre><code>` is two).
    Tag(Vec<String>),
}

impl Fence {
    /// Reads `line` as an opening fence.
    pub fn open(line: &str) -> Option<Fence> {
        let indent = indentation(line);
        let trimmed = line.trim();
        if trimmed.starts_with("```") {
            let ticks = trimmed.chars().take_while(|c| *c == '`').count();
            let info = trimmed[ticks..].trim();
            // A backtick inside the info string means inline code, not a fence.
            if info.contains('`') {
                return None;
            }
            return Some(Fence {
                kind: FenceKind::Backticks(ticks),
                info: info.to_string(),
                indent,
            });
        }
        open_tags(trimmed).map(|(names, info)| Fence {
            kind: FenceKind::Tag(names),
            info,
            indent,
        })
    }

    /// Whether `line` closes this fence.
    pub fn is_closed_by(&self, line: &str) -> bool {
        let trimmed = line.trim();
        match &self.kind {
            FenceKind::Backticks(ticks) => {
                trimmed.len() >= *ticks && trimmed.chars().all(|c| c == '`')
            }
            FenceKind::Tag(names) => closing_tags(trimmed).is_some_and(|closed| {
                closed.len() == names.len()
                    && closed
                        .iter()
                        .zip(names.iter().rev())
                        .all(|(closed, opened)| closed == opened)
            }),
        }
    }

    /// The language tag: the first word of the info string.
    pub fn language(&self) -> &str {
        self.info.split_whitespace().next().unwrap_or("")
    }

    /// Whether this fence holds a shell command.
    pub fn is_shell(&self) -> bool {
        let language = self.language().to_ascii_lowercase();
        SHELL_LANGUAGES.contains(&language.as_str())
    }

    /// Whether the fence is a bare run of backticks (no info string).
    pub fn is_bare(&self) -> bool {
        matches!(self.kind, FenceKind::Backticks(_)) && self.info.is_empty()
    }

    /// A fenced block that `line` opens inside a listing fenced like this one: a
    /// backtick fence inside a backtick listing (as in Markdown). Inside a tag
    /// listing nothing nests; HTML tags there are content.
    pub fn open_inner(&self, line: &str) -> Option<Fence> {
        match self.kind {
            FenceKind::Backticks(_) => {
                Fence::open(line).filter(|inner| matches!(inner.kind, FenceKind::Backticks(_)))
            }
            FenceKind::Tag(_) => None,
        }
    }
}

/// The columns of leading whitespace of a line (a tab counts as four).
pub fn indentation(line: &str) -> usize {
    line.chars()
        .take_while(|c| c.is_whitespace())
        .map(|c| if c == '\t' { 4 } else { 1 })
        .sum()
}

/// Whether `line` is any fence line at all (opening or closing).
pub fn is_fence_line(line: &str) -> bool {
    let trimmed = line.trim();
    trimmed.starts_with("```") || open_tags(trimmed).is_some() || closing_tags(trimmed).is_some()
}

/// Whether `line` can only close a fence: backticks alone, or closing tags alone.
pub fn is_bare_closing(line: &str) -> bool {
    let trimmed = line.trim();
    (trimmed.starts_with("```") && trimmed.chars().all(|c| c == '`'))
        || closing_tags(trimmed).is_some()
}

/// Reads a line of opening fence tags: the tag names and the info string.
fn open_tags(trimmed: &str) -> Option<(Vec<String>, String)> {
    let mut rest = trimmed;
    let mut names = Vec::new();
    let mut language = String::new();
    let mut file = String::new();
    while let Some(after) = rest.strip_prefix('<') {
        if after.starts_with('/') {
            break;
        }
        let end = after.find('>')?;
        let (name, attributes) = split_tag(&after[..end])?;
        if !FENCE_TAGS.contains(&name.as_str()) {
            return None;
        }
        for (key, value) in attributes {
            // Any other attribute (`<source src=… type=…>` in HTML) is markup, not a fence.
            if key != "class"
                && !LANGUAGE_ATTRIBUTES.contains(&key.as_str())
                && !FILE_ATTRIBUTES.contains(&key.as_str())
            {
                return None;
            }
            if language.is_empty() && LANGUAGE_ATTRIBUTES.contains(&key.as_str()) {
                language = value;
            } else if language.is_empty() && key == "class" {
                language = value
                    .split_whitespace()
                    .find_map(|class| {
                        class
                            .strip_prefix("language-")
                            .or_else(|| class.strip_prefix("lang-"))
                    })
                    .unwrap_or_default()
                    .to_string();
            } else if file.is_empty() && FILE_ATTRIBUTES.contains(&key.as_str()) {
                file = value;
            }
        }
        names.push(name);
        rest = after[end + 1..].trim_start();
    }
    if names.is_empty() {
        return None;
    }
    // The text after the tags is a language or a file name (`<source>python`,
    // `<source>a.py`); anything longer is inline markup, not a fence.
    let trailing = rest.trim();
    let words: Vec<&str> = trailing.split_whitespace().collect();
    if trailing.contains('<')
        || words.len() > 2
        || words.iter().any(|word| {
            !word
                .chars()
                .all(|c| c.is_alphanumeric() || "_.+#/-\\".contains(c))
        })
    {
        return None;
    }
    let info: Vec<&str> = [language.as_str(), file.as_str()]
        .into_iter()
        .chain(words)
        .filter(|part| !part.is_empty())
        .collect();
    Some((names, info.join(" ")))
}

/// Splits the inside of a tag (`source lang="py"`) into its lower-case name and
/// attributes (lower-case keys, unquoted values).
fn split_tag(inside: &str) -> Option<(String, Vec<(String, String)>)> {
    let inside = inside.trim().trim_end_matches('/').trim_end();
    let name_end = inside
        .find(|c: char| c.is_whitespace())
        .unwrap_or(inside.len());
    let name = inside[..name_end].to_ascii_lowercase();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    let mut attributes = Vec::new();
    let mut rest = inside[name_end..].trim_start();
    while !rest.is_empty() {
        let key_end = rest
            .find(|c: char| c == '=' || c.is_whitespace())
            .unwrap_or(rest.len());
        let key = rest[..key_end].to_ascii_lowercase();
        rest = rest[key_end..].trim_start();
        let Some(after_equals) = rest.strip_prefix('=') else {
            attributes.push((key, String::new()));
            continue;
        };
        let after_equals = after_equals.trim_start();
        let (value, remaining) = match after_equals.chars().next() {
            Some(quote @ ('"' | '\'')) => {
                let body = &after_equals[1..];
                let close = body.find(quote)?;
                (&body[..close], &body[close + 1..])
            }
            _ => {
                let end = after_equals
                    .find(char::is_whitespace)
                    .unwrap_or(after_equals.len());
                (&after_equals[..end], &after_equals[end..])
            }
        };
        attributes.push((key, value.to_string()));
        rest = remaining.trim_start();
    }
    Some((name, attributes))
}

/// Reads a line of closing fence tags (`</code></pre>`): their names, innermost first.
fn closing_tags(trimmed: &str) -> Option<Vec<String>> {
    let mut rest = trimmed;
    let mut names = Vec::new();
    while let Some(after) = rest.strip_prefix("</") {
        let end = after.find('>')?;
        let name = after[..end].trim().to_ascii_lowercase();
        if !FENCE_TAGS.contains(&name.as_str()) {
            return None;
        }
        names.push(name);
        rest = after[end + 1..].trim_start();
    }
    (rest.is_empty() && !names.is_empty()).then_some(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backtick_fences_open_and_close() {
        let fence = Fence::open("```python").unwrap();
        assert_eq!(fence.language(), "python");
        assert!(fence.is_closed_by("```"));
        assert!(!fence.is_closed_by("```rust"));
        let quad = Fence::open("````markdown").unwrap();
        assert!(!quad.is_closed_by("```"));
        assert!(quad.is_closed_by("````"));
        assert_eq!(Fence::open("   ```").unwrap().indent, 3);
    }

    #[test]
    fn tag_fences_open_and_close() {
        for tag in FENCE_TAGS {
            let fence = Fence::open(&format!("<{tag}>")).unwrap();
            assert!(fence.is_closed_by(&format!("</{tag}>")));
            assert!(fence.is_closed_by(&format!("  </{}>  ", tag.to_uppercase())));
            assert!(is_fence_line(&format!("</{tag}>")));
            assert!(is_bare_closing(&format!("</{tag}>")));
        }
        assert!(Fence::open("<div>").is_none());
        assert!(!Fence::open("<source>").unwrap().is_closed_by("</code>"));
    }

    #[test]
    fn tag_fences_with_languages_and_file_names() {
        let cases = [
            ("<source>python", "python"),
            ("<source lang=\"python\">", "python"),
            ("<source language='rust'>", "rust"),
            ("<code class=\"language-rust\">", "rust"),
            ("<code class=\"hljs lang-go\">", "go"),
            ("<source lang=\"python\" file=\"a.py\">", "python a.py"),
            ("<source filename=src/a.py>", "src/a.py"),
            ("<source>a.py", "a.py"),
            ("<sourcecode>python src/a.py", "python src/a.py"),
            ("<codeblock lang=ts path=\"web/x.ts\">", "ts web/x.ts"),
        ];
        for (line, info) in cases {
            let fence = Fence::open(line).unwrap_or_else(|| panic!("{line}"));
            assert_eq!(fence.info, info, "{line}");
        }
        let nested = Fence::open("<pre><code class=\"language-c\">").unwrap();
        assert_eq!(nested.info, "c");
        assert!(nested.is_closed_by("</code></pre>"));
        assert!(!nested.is_closed_by("</pre>"));
    }

    #[test]
    fn inline_markup_is_not_a_fence() {
        assert!(Fence::open("```foo``` bar").is_none());
        assert!(Fence::open("<code>x = 1</code>").is_none());
        assert!(Fence::open("<pre>Here is the whole answer to it").is_none());
        assert!(Fence::open("<source lang=\"py\"").is_none());
        assert!(Fence::open("<source src=\"clip.mp4\" type=\"video/mp4\">").is_none());
    }

    #[test]
    fn shell_languages_are_recognised() {
        assert!(Fence::open("```bash").unwrap().is_shell());
        assert!(Fence::open("```sh").unwrap().is_shell());
        assert!(Fence::open("<source lang=\"bash\">").unwrap().is_shell());
        assert!(!Fence::open("```python").unwrap().is_shell());
        assert!(!Fence::open("```").unwrap().is_shell());
    }
}
