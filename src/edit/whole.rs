//! The `whole` format: a file name line, then a fenced listing of the whole new file.

use super::fence::{Fence, FenceKind};
use super::names::{
    escapes_on_its_face, name_from_fence_info, name_from_line, name_from_prose, resolve_name,
};
use super::reply::{Edit, ParseError, ParsedReply, join_lines, reply_lines};

/// How many non-blank lines above a listing are searched for a name in prose.
const PROSE_LOOKBACK: usize = 3;

/// Parses every listing of a reply.
pub fn parse(reply: &str, chat_files: &[String]) -> Result<ParsedReply, ParseError> {
    let lines = reply_lines(reply);
    let mut parsed = ParsedReply::default();
    let mut region_start = 0;
    let mut index = 0;
    while index < lines.len() {
        let Some(fence) = Fence::open(lines[index]) else {
            index += 1;
            continue;
        };
        let Some(end) = listing_end(&lines, index, &fence) else {
            return Err(ParseError::at(
                index,
                "this fenced listing never closes (the reply may be cut off)",
            ));
        };
        let body = &lines[index + 1..end];
        let name = name_above(&lines, region_start, index, &fence, chat_files).or_else(|| {
            // An unnamed listing can only mean the one chat file, and only once.
            match chat_files {
                [only] if parsed.edits.is_empty() && !fence.is_shell() => Some(only.clone()),
                _ => None,
            }
        });
        match name {
            Some(path) => parsed.edits.push(Edit::whole_file(path, join_lines(body))),
            None if fence.is_shell() && !body.is_empty() => {
                parsed.shell_commands.push(join_lines(body));
            }
            None => {}
        }
        index = end + 1;
        region_start = index;
    }
    Ok(parsed)
}

/// Finds the line that closes a listing. A three-backtick listing of a Markdown file
/// may hold fenced blocks of its own: a fence with a language tag opens a nested
/// block that the next bare fence closes.
fn listing_end(lines: &[&str], start: usize, fence: &Fence) -> Option<usize> {
    let mut depth = 0usize;
    for (offset, line) in lines[start + 1..].iter().enumerate() {
        let index = start + 1 + offset;
        match &fence.kind {
            FenceKind::Backticks(3) => {
                let trimmed = line.trim();
                if !trimmed.starts_with("```") {
                    continue;
                }
                let info = trimmed.trim_start_matches('`').trim();
                if !info.is_empty() {
                    depth += 1;
                } else if depth > 0 {
                    depth -= 1;
                } else {
                    return Some(index);
                }
            }
            _ => {
                if fence.is_closed_by(line) {
                    return Some(index);
                }
            }
        }
    }
    None
}

/// The name of a listing: a name line right above it (or in its fence), else a chat
/// file quoted in the prose just above.
pub(crate) fn name_above(
    lines: &[&str],
    region_start: usize,
    fence_line: usize,
    fence: &Fence,
    chat_files: &[String],
) -> Option<String> {
    if let Some(name) = name_from_fence_info(&fence.info) {
        return Some(resolve(&name, chat_files));
    }
    let mut index = fence_line;
    let mut looked = 0;
    while index > region_start && looked < PROSE_LOOKBACK {
        index -= 1;
        let line = lines[index];
        if line.trim().is_empty() {
            continue;
        }
        looked += 1;
        if looked == 1
            && let Some(name) = name_from_line(line)
        {
            return Some(resolve(&name, chat_files));
        }
        if let Some(name) = name_from_prose(line) {
            let resolved = resolve(&name, chat_files);
            if chat_files.contains(&resolved) {
                return Some(resolved);
            }
        }
    }
    None
}

/// A listing named by a basename or with a wrong directory replaces the chat file of
/// that basename; anything else is taken as named (a new file).
fn resolve(name: &str, chat_files: &[String]) -> String {
    if escapes_on_its_face(name) {
        return name.to_string();
    }
    resolve_name(name, chat_files, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    fn listings(reply: &str, chat: &[&str]) -> Vec<(String, String)> {
        parse(reply, &files(chat))
            .unwrap()
            .edits
            .into_iter()
            .map(|e| (e.path, e.replace))
            .collect()
    }

    #[test]
    fn named_listing() {
        let reply = "Here it is:\n\nsrc/a.py\n```python\nprint(1)\n```\n";
        assert_eq!(
            listings(reply, &[]),
            vec![("src/a.py".into(), "print(1)\n".into())]
        );
    }

    #[test]
    fn basename_and_wrong_directory_map_to_chat_files() {
        let reply = "a.py\n```\nx\n```\n\nother/b.py\n```\ny\n```\n";
        assert_eq!(
            listings(reply, &["src/a.py", "lib/b.py"]),
            vec![
                ("src/a.py".into(), "x\n".into()),
                ("lib/b.py".into(), "y\n".into())
            ]
        );
    }

    #[test]
    fn prose_names_and_the_single_chat_file() {
        let reply = "Here is `b.txt`:\n\n```\nnew b\n```\n";
        assert_eq!(
            listings(reply, &["a.txt", "b.txt"]),
            vec![("b.txt".into(), "new b\n".into())]
        );
        let unnamed = "Like this:\n```\nnew\n```\nRun it:\n```\npython a.py\n```\n";
        assert_eq!(
            listings(unnamed, &["a.py"]),
            vec![("a.py".into(), "new\n".into())]
        );
        assert!(listings(unnamed, &[]).is_empty());
    }

    #[test]
    fn nested_fences_in_markdown_listings() {
        let reply = "README.md\n```markdown\n# T\n```toml\na = 1\n```\nend\n```\n";
        assert_eq!(
            listings(reply, &[]),
            vec![("README.md".into(), "# T\n```toml\na = 1\n```\nend\n".into())]
        );
        let quad = "README.md\n````\n```\nx\n```\n````\n";
        assert_eq!(
            listings(quad, &[]),
            vec![("README.md".into(), "```\nx\n```\n".into())]
        );
    }

    #[test]
    fn unclosed_listing_is_an_error() {
        assert_eq!(parse("a.py\n```\nx\n", &[]).unwrap_err().line, 2);
    }
}
