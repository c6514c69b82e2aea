//! Code fences as models write them: backtick runs with an optional info string,
//! and the HTML-like tags some models use instead.

/// The tag names accepted as fences (`<source>` ... `</source>`).
const FENCE_TAGS: [&str; 5] = ["source", "code", "pre", "codeblock", "sourcecode"];

/// Languages whose fenced blocks are proposed shell commands.
const SHELL_LANGUAGES: [&str; 6] = ["bash", "sh", "shell", "zsh", "console", "shell-session"];

/// An opening fence line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fence {
    /// How the fence closes.
    pub kind: FenceKind,
    /// The text after the backticks (language tag, sometimes a file name), trimmed.
    pub info: String,
}

/// The two families of fences.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenceKind {
    /// A run of this many backticks.
    Backticks(usize),
    /// An HTML-like tag such as `source`.
    Tag(String),
}

impl Fence {
    /// Reads `line` as an opening fence.
    pub fn open(line: &str) -> Option<Fence> {
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
            });
        }
        let name = trimmed.strip_prefix('<')?.strip_suffix('>')?;
        let name = name.trim().to_ascii_lowercase();
        FENCE_TAGS.contains(&name.as_str()).then(|| Fence {
            kind: FenceKind::Tag(name),
            info: String::new(),
        })
    }

    /// Whether `line` closes this fence.
    pub fn is_closed_by(&self, line: &str) -> bool {
        let trimmed = line.trim();
        match &self.kind {
            FenceKind::Backticks(ticks) => {
                trimmed.len() >= *ticks && trimmed.chars().all(|c| c == '`')
            }
            FenceKind::Tag(name) => trimmed
                .strip_prefix("</")
                .and_then(|rest| rest.strip_suffix('>'))
                .is_some_and(|inner| inner.trim().eq_ignore_ascii_case(name)),
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
}

/// Whether `line` is any fence line at all (opening or closing).
pub fn is_fence_line(line: &str) -> bool {
    let trimmed = line.trim();
    if trimmed.starts_with("```") {
        return true;
    }
    let Some(inner) = trimmed
        .strip_prefix('<')
        .and_then(|rest| rest.strip_suffix('>'))
    else {
        return false;
    };
    let name = inner
        .trim()
        .trim_start_matches('/')
        .trim()
        .to_ascii_lowercase();
    FENCE_TAGS.contains(&name.as_str())
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
    }

    #[test]
    fn tag_fences_open_and_close() {
        for tag in FENCE_TAGS {
            let fence = Fence::open(&format!("<{tag}>")).unwrap();
            assert!(fence.is_closed_by(&format!("</{tag}>")));
            assert!(is_fence_line(&format!("</{tag}>")));
        }
        assert!(Fence::open("<div>").is_none());
    }

    #[test]
    fn shell_languages_are_recognised() {
        assert!(Fence::open("```bash").unwrap().is_shell());
        assert!(Fence::open("```sh").unwrap().is_shell());
        assert!(!Fence::open("```python").unwrap().is_shell());
        assert!(!Fence::open("```").unwrap().is_shell());
    }

    #[test]
    fn inline_code_is_not_a_fence() {
        assert!(Fence::open("```foo``` bar").is_none());
    }
}
