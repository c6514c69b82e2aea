//! The `diff` and `diff-fenced` formats: SEARCH/REPLACE blocks.
//!
//! A block is `<<<<<<< SEARCH`, the text to find, `=======`, the new text and
//! `>>>>>>> REPLACE` (markers of 5 to 9 characters). The file name sits on a line
//! above the block, inside or outside its fence; later blocks may leave it out.

use super::fence::{Fence, is_fence_line};
use super::names::{
    name_from_fence_info, name_from_line, name_from_prose, resolve_name, strip_decorations,
};
use super::reply::{Edit, ParseError, ParsedReply, join_lines, reply_lines};

/// How many non-blank lines above a block are searched for its file name.
const NAME_LOOKBACK: usize = 4;

/// Parses every SEARCH/REPLACE block of a reply.
pub fn parse(reply: &str, chat_files: &[String]) -> Result<ParsedReply, ParseError> {
    let lines = reply_lines(reply);
    let mut parsed = ParsedReply::default();
    let mut current_path: Option<String> = None;
    let mut open_fence: Option<OpenFence> = None;
    let mut region_start = 0;
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index];
        if is_search_marker(line) {
            let block = read_block(&lines, index)?;
            let has_search = !block.search.trim().is_empty();
            let path = match find_name(&lines, region_start, index, chat_files, has_search) {
                Some(name) => name,
                None => match (&current_path, chat_files) {
                    (Some(path), _) => path.clone(),
                    (None, [only]) => only.clone(),
                    _ => {
                        return Err(ParseError::at(
                            index,
                            "a SEARCH/REPLACE block with no file name: put the file's path on the line above the block",
                        ));
                    }
                },
            };
            current_path = Some(path.clone());
            parsed
                .edits
                .push(Edit::new(path, block.search, block.replace));
            if let Some(fence) = open_fence.as_mut() {
                fence.holds_block = true;
            }
            index = block.end + 1;
            region_start = index;
            continue;
        }
        match open_fence.as_mut() {
            Some(fence) if fence.fence.is_closed_by(line) => {
                if fence.fence.is_shell() && !fence.holds_block && !fence.body.is_empty() {
                    parsed.shell_commands.push(join_lines(&fence.body));
                }
                open_fence = None;
            }
            Some(fence) => fence.body.push(line),
            None => {
                open_fence = Fence::open(line).map(|fence| OpenFence {
                    fence,
                    body: Vec::new(),
                    holds_block: false,
                });
            }
        }
        index += 1;
    }
    Ok(parsed)
}

/// A fence that has opened and not yet closed, outside any block.
struct OpenFence<'a> {
    fence: Fence,
    body: Vec<&'a str>,
    holds_block: bool,
}

/// One block's texts and the index of its REPLACE marker line.
pub(crate) struct Block {
    pub search: String,
    pub replace: String,
    pub end: usize,
}

/// Reads the block whose SEARCH marker is at `start`.
pub(crate) fn read_block(lines: &[&str], start: usize) -> Result<Block, ParseError> {
    let mut end = None;
    for (offset, line) in lines[start + 1..].iter().enumerate() {
        let index = start + 1 + offset;
        if is_replace_marker(line) {
            end = Some(index);
            break;
        }
        if is_search_marker(line) {
            return Err(ParseError::at(
                index,
                format!(
                    "a new SEARCH marker, but the block opened at line {} has no >>>>>>> REPLACE marker",
                    start + 1
                ),
            ));
        }
    }
    let Some(end) = end else {
        return Err(ParseError::at(
            start,
            "this SEARCH block never ends: no >>>>>>> REPLACE marker follows (the reply may be cut off)",
        ));
    };
    let body = &lines[start + 1..end];
    let Some(divider) = choose_divider(body) else {
        return Err(ParseError::at(
            start,
            "this SEARCH block has no ======= divider between the text to find and the new text",
        ));
    };
    Ok(Block {
        search: join_lines(&body[..divider]),
        replace: join_lines(&body[divider + 1..]),
        end,
    })
}

/// Picks the divider among the `=======` lines of a block body. With several (a
/// Markdown heading underline is also a row of `=`), the split that leaves SEARCH
/// and REPLACE sharing the most leading and trailing lines wins; ties go to the first.
fn choose_divider(body: &[&str]) -> Option<usize> {
    let candidates: Vec<usize> = (0..body.len()).filter(|&i| is_divider(body[i])).collect();
    if candidates.len() <= 1 {
        return candidates.first().copied();
    }
    let mut best: Option<(usize, usize)> = None;
    for &candidate in &candidates {
        let (search, replace) = (&body[..candidate], &body[candidate + 1..]);
        let prefix = search
            .iter()
            .zip(replace)
            .take_while(|(a, b)| a == b)
            .count();
        let suffix = search
            .iter()
            .rev()
            .zip(replace.iter().rev())
            .take_while(|(a, b)| a == b)
            .count();
        let shared = (prefix + suffix).min(search.len().min(replace.len()));
        if best.is_none_or(|(_, score)| shared > score) {
            best = Some((candidate, shared));
        }
    }
    best.map(|(candidate, _)| candidate)
}

fn marker_run(line: &str, mark: char) -> Option<&str> {
    let trimmed = line.trim();
    let run = trimmed.chars().take_while(|c| *c == mark).count();
    (5..=9).contains(&run).then(|| trimmed[run..].trim())
}

/// Whether a line opens a block (`<<<<<<< SEARCH`).
pub fn is_search_marker(line: &str) -> bool {
    marker_run(line, '<').is_some_and(|rest| rest == "SEARCH")
}

/// Whether a line is a divider (`=======`).
pub fn is_divider(line: &str) -> bool {
    marker_run(line, '=').is_some_and(str::is_empty)
}

/// Whether a line closes a block (`>>>>>>> REPLACE`).
pub fn is_replace_marker(line: &str) -> bool {
    marker_run(line, '>').is_some_and(|rest| rest == "REPLACE")
}

/// Looks above a block (back to the end of the previous one) for its file name.
pub(crate) fn find_name(
    lines: &[&str],
    region_start: usize,
    marker: usize,
    chat_files: &[String],
    has_search: bool,
) -> Option<String> {
    let mut index = marker;
    let mut looked = 0;
    while index > region_start && looked < NAME_LOOKBACK {
        index -= 1;
        let line = lines[index];
        if line.trim().is_empty() {
            continue;
        }
        looked += 1;
        if let Some(fence) = Fence::open(line) {
            if let Some(name) = name_from_fence_info(&fence.info) {
                return Some(resolve_name(&name, chat_files, has_search));
            }
            continue;
        }
        if is_fence_line(line) {
            continue;
        }
        if let Some(name) = name_from_line(line) {
            return Some(resolve_name(&name, chat_files, has_search));
        }
        // A bare token that is a near miss of a chat file name (`file1_py`).
        let token = strip_decorations(line);
        if has_search && !token.is_empty() && !token.contains(char::is_whitespace) {
            let resolved = resolve_name(token, chat_files, true);
            if chat_files.contains(&resolved) {
                return Some(resolved);
            }
        }
        if let Some(name) = name_from_prose(line) {
            return Some(resolve_name(&name, chat_files, has_search));
        }
        break;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    fn edits(reply: &str, chat: &[&str]) -> Vec<(String, String, String)> {
        parse(reply, &files(chat))
            .unwrap()
            .edits
            .into_iter()
            .map(|e| (e.path, e.search, e.replace))
            .collect()
    }

    fn one(path: &str, search: &str, replace: &str) -> Vec<(String, String, String)> {
        vec![(path.into(), search.into(), replace.into())]
    }

    #[test]
    fn plain_block_with_name_above_fence() {
        let reply = "a.py\n```python\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n```\n";
        assert_eq!(edits(reply, &[]), one("a.py", "old\n", "new\n"));
    }

    #[test]
    fn name_inside_fence_and_deepseek_layout() {
        let inside =
            "```python\nsrc/a.py\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n```\n";
        assert_eq!(edits(inside, &[]), one("src/a.py", "old\n", "new\n"));
        let deepseek =
            "```c\nsrc/a.c\n```\n```c\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n```\n";
        assert_eq!(edits(deepseek, &[]), one("src/a.c", "old\n", "new\n"));
    }

    #[test]
    fn markers_of_five_to_nine_characters() {
        let reply = "a.py\n<<<<< SEARCH  \nold\n=========\nnew\n>>>>>>>>> REPLACE\n";
        assert_eq!(edits(reply, &[]), one("a.py", "old\n", "new\n"));
        let too_long = "a.py\n<<<<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n";
        assert!(edits(too_long, &[]).is_empty());
    }

    #[test]
    fn later_blocks_inherit_the_name() {
        let reply = "a.py\n<<<<<<< SEARCH\none\n=======\ntwo\n>>>>>>> REPLACE\n\n...\n\n<<<<<<< SEARCH\nthree\n=======\nfour\n>>>>>>> REPLACE\n";
        let parsed = edits(reply, &[]);
        assert_eq!(parsed.len(), 2);
        assert_eq!(parsed[1].0, "a.py");
    }

    #[test]
    fn missing_name_uses_the_single_chat_file_or_fails() {
        let reply = "```\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n```\n";
        assert_eq!(edits(reply, &["only.rs"]), one("only.rs", "old\n", "new\n"));
        let error = parse(reply, &[]).unwrap_err();
        assert_eq!(error.line, 2);
    }

    #[test]
    fn setext_underline_is_not_the_divider() {
        let reply = "README.md\n<<<<<<< SEARCH\nTitle\n=======\ntext\n=======\nTitle\n=======\ntext\nmore\n>>>>>>> REPLACE\n";
        assert_eq!(
            edits(reply, &[]),
            one(
                "README.md",
                "Title\n=======\ntext\n",
                "Title\n=======\ntext\nmore\n"
            )
        );
    }

    #[test]
    fn truncated_and_undivided_blocks_are_errors() {
        let cut = "a.py\n<<<<<<< SEARCH\nold\n=======\nnew\n";
        assert_eq!(parse(cut, &[]).unwrap_err().line, 2);
        let undivided = "a.py\n<<<<<<< SEARCH\nold\n>>>>>>> REPLACE\n";
        assert!(
            parse(undivided, &[])
                .unwrap_err()
                .message
                .contains("divider")
        );
    }

    #[test]
    fn shell_blocks_are_collected_but_not_block_fences() {
        let reply = "```sh\nrun.sh\n<<<<<<< SEARCH\n=======\necho hi\n>>>>>>> REPLACE\n```\n\n```bash\nmake test\n```\n";
        let parsed = parse(reply, &[]).unwrap();
        assert_eq!(parsed.edits.len(), 1);
        assert_eq!(parsed.shell_commands, vec!["make test\n".to_string()]);
    }

    #[test]
    fn fences_inside_search_text_are_content() {
        let reply = "README.md\n```markdown\n<<<<<<< SEARCH\n```\nold\n=======\n```\nnew\n>>>>>>> REPLACE\n```\n";
        assert_eq!(
            edits(reply, &[]),
            one("README.md", "```\nold\n", "```\nnew\n")
        );
    }

    #[test]
    fn prose_name_and_escape_names_are_kept() {
        let reply = "Add a new file `src/new.ts`:\n```ts\n<<<<<<< SEARCH\n=======\nx\n>>>>>>> REPLACE\n```\n";
        assert_eq!(edits(reply, &["src/old.ts"]), one("src/new.ts", "", "x\n"));
        let escape = "../x.txt\n<<<<<<< SEARCH\n=======\nx\n>>>>>>> REPLACE\n";
        assert_eq!(edits(escape, &["x.txt"]), one("../x.txt", "", "x\n"));
    }
}
