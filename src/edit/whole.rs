//! The `whole` format: a file name line, then a fenced listing of the whole new file.
//!
//! A listing ends at the first line that closes its fence unless it holds fence
//! lines of its own; then the structure of the reply decides (see `listing_end`):
//! the listing's region runs to the next named listing or the end of the reply,
//! and its end is settled once the region is complete.

use super::fence::Fence;
use super::listing_end::{
    Choice, PROSE_LOOKBACK, Readings, Region, choose, closes_listing, is_document, name_above,
    readings,
};
use super::machine::{Context, Lookback, Machine};
use super::parsed::{Edit, ParseError, join_lines};
use super::search_replace::is_search_marker;
use super::sink::Sink;

/// The whole-file state machine.
pub(crate) struct WholeMachine {
    lookback: Lookback,
    state: State,
}

enum State {
    Outside,
    /// A fence with no file name: skipped (or kept as a shell command).
    Unnamed(Unnamed),
    Listing(Listing),
}

struct Unnamed {
    fence: Fence,
    line: usize,
    body: Option<Vec<String>>,
    inner: Option<Fence>,
}

struct Listing {
    id: usize,
    path: String,
    fence: Fence,
    line: usize,
    document: bool,
    lines: Vec<String>,
    /// The first line that could close the listing (index into `lines`).
    first_close: Option<usize>,
    /// Before `first_close`: the fenced block the listing's content is inside.
    inner: Option<Fence>,
    /// After `first_close`: the reply as it reads if the listing closed there.
    view: View,
}

/// The reply after a listing's first possible close, read as prose and fences.
struct View {
    fence: Option<Fence>,
    lookback: Lookback,
}

/// How a listing's region ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum RegionEnd {
    /// The next listing starts at this 0-based line.
    NextListing,
    EndOfReply,
}

impl WholeMachine {
    /// A machine at the start of a reply.
    pub fn new() -> WholeMachine {
        WholeMachine {
            lookback: Lookback::new(PROSE_LOOKBACK),
            state: State::Outside,
        }
    }

    fn outside(
        &mut self,
        line: &str,
        number: usize,
        context: &Context<'_>,
        sink: &mut Sink,
    ) -> Result<(), ParseError> {
        let Some(fence) = Fence::open(line) else {
            self.lookback.push(line);
            return Ok(());
        };
        let name = name_above(&self.lookback, &fence, context.chat_files).or_else(|| {
            // An unnamed listing can only mean the one chat file, and only once.
            match context.chat_files {
                [only] if sink.started() == 0 && !fence.is_shell() => Some(only.clone()),
                _ => None,
            }
        });
        match name {
            Some(path) => self.start_listing(path, fence, number, sink)?,
            None => {
                self.state = State::Unnamed(Unnamed {
                    body: fence.is_shell().then(Vec::new),
                    fence,
                    line: number,
                    inner: None,
                });
            }
        }
        Ok(())
    }

    fn start_listing(
        &mut self,
        path: String,
        fence: Fence,
        number: usize,
        sink: &mut Sink,
    ) -> Result<(), ParseError> {
        let id = sink.start(&path, number)?;
        sink.search_done(id);
        self.state = State::Listing(Listing {
            id,
            document: is_document(&path, &fence),
            path,
            fence,
            line: number,
            lines: Vec::new(),
            first_close: None,
            inner: None,
            view: View {
                fence: None,
                lookback: Lookback::new(PROSE_LOOKBACK),
            },
        });
        Ok(())
    }

    fn unnamed(&mut self, line: &str, sink: &mut Sink) {
        let State::Unnamed(unnamed) = &mut self.state else {
            return;
        };
        if let Some(inner) = &unnamed.inner {
            if inner.is_closed_by(line) {
                unnamed.inner = None;
            }
        } else if closes_listing(&unnamed.fence, line) {
            if let Some(body) = unnamed.body.take()
                && !body.is_empty()
            {
                sink.shell(join_lines(&body));
            }
            self.state = State::Outside;
            self.lookback.clear();
            return;
        } else {
            unnamed.inner = unnamed.fence.open_inner(line);
        }
        if let Some(body) = unnamed.body.as_mut() {
            body.push(line.to_string());
        }
    }

    /// A line inside a listing's region; returns the name of the next listing when
    /// this line starts it.
    fn listing(&mut self, line: &str, context: &Context<'_>, sink: &mut Sink) -> Option<String> {
        let State::Listing(listing) = &mut self.state else {
            return None;
        };
        if listing.first_close.is_some() {
            if let Some(name) = listing.view.step(line, context.chat_files) {
                return Some(name);
            }
            listing.lines.push(line.to_string());
            if listing.document {
                sink.push_replace(listing.id, line);
            }
            return None;
        }
        let index = listing.lines.len();
        listing.lines.push(line.to_string());
        if let Some(inner) = &listing.inner {
            if inner.is_closed_by(line) {
                listing.inner = None;
            }
        } else if closes_listing(&listing.fence, line) {
            listing.first_close = Some(index);
            // Whether the listing ends here is known only when its region is complete.
            sink.begin_provisional(listing.id);
            if listing.document {
                sink.push_replace(listing.id, line);
            } else {
                let content = join_lines(&listing.lines[..index]);
                sink.revise(listing.id, &listing.path, "", &content, true);
            }
            return None;
        } else {
            listing.inner = listing.fence.open_inner(line);
        }
        sink.push_replace(listing.id, line);
        None
    }

    /// Settles where the current listing ends. Returns why the reply looks cut off.
    fn settle(
        &mut self,
        end: RegionEnd,
        context: &Context<'_>,
        sink: &mut Sink,
    ) -> Option<ParseError> {
        let State::Listing(listing) = std::mem::replace(&mut self.state, State::Outside) else {
            return None;
        };
        self.lookback.clear();
        let open_line = listing.line + 1;
        let cut_off = || {
            ParseError::at(
                listing.line,
                format!(
                    "the listing of {} opened at line {open_line} never closes (the reply may be cut off)",
                    listing.path
                ),
            )
        };
        let refuse = |content_end: usize, reason: String| {
            Edit::whole_file(
                listing.path.clone(),
                join_lines(&listing.lines[..content_end]),
            )
            .with_id(listing.id)
            .refused(reason)
        };
        let unclear = format!(
            "the listing of {} holds ``` lines of its own, so where it ends is unclear; send the whole file again inside a longer fence, such as ````, than any fence line it holds",
            listing.path
        );
        let Some(first_close) = listing.first_close else {
            if end == RegionEnd::EndOfReply {
                return Some(cut_off());
            }
            sink.finish(refuse(
                listing.lines.len(),
                format!(
                    "the listing of {} opened at line {open_line} has no closing fence before the next file",
                    listing.path
                ),
            ));
            return None;
        };
        let region = Region {
            fence: &listing.fence,
            lines: &listing.lines,
            first_close,
        };
        let (fitting, alternatives) = match readings(&region, context.chat_files) {
            Readings::Fit {
                readings,
                alternatives,
            } => (readings, alternatives),
            Readings::None if end == RegionEnd::EndOfReply => return Some(cut_off()),
            Readings::None | Readings::TooMany => {
                sink.finish(refuse(first_close, unclear));
                return None;
            }
        };
        let contents: Vec<&[String]> = fitting
            .iter()
            .map(|reading| &listing.lines[..reading.close])
            .collect();
        let current = if alternatives {
            context.current_text.and_then(|read| read(&listing.path))
        } else {
            None
        };
        let chosen = match choose(
            &contents,
            alternatives,
            listing.document,
            current.as_deref(),
        ) {
            Choice::Take(index) => &fitting[index],
            Choice::Unclear => {
                sink.finish(refuse(first_close, unclear));
                return None;
            }
        };
        let content = join_lines(&listing.lines[..chosen.close]);
        let mut edit = Edit::whole_file(listing.path.clone(), content).with_id(listing.id);
        if let Some(foreign) = foreign_blocks(&listing.lines[..chosen.close]) {
            edit = edit.refused(format!(
                "the listing of {} holds {foreign}, not the file's whole content; answer in the whole-file format",
                listing.path
            ));
        }
        for command in &chosen.shell_commands {
            sink.shell(command.clone());
        }
        sink.finish(edit);
        None
    }
}

impl View {
    /// Takes a line after the first possible close; returns the name of a listing
    /// that starts on it.
    fn step(&mut self, line: &str, chat_files: &[String]) -> Option<String> {
        match &self.fence {
            Some(fence) => {
                if fence.is_closed_by(line) {
                    self.fence = None;
                    self.lookback.clear();
                }
                None
            }
            None => match Fence::open(line) {
                Some(fence) => {
                    let name = name_above(&self.lookback, &fence, chat_files);
                    if name.is_none() {
                        self.fence = Some(fence);
                    }
                    name
                }
                None => {
                    self.lookback.push(line);
                    None
                }
            },
        }
    }
}

/// Edit blocks of another format at the start of a listing, named.
fn foreign_blocks(content: &[String]) -> Option<&'static str> {
    let mut lines = content.iter().filter(|line| !line.trim().is_empty());
    let first = lines.next()?;
    if is_search_marker(first) {
        return Some("SEARCH/REPLACE blocks");
    }
    if first.trim() == "*** Begin Patch" {
        return Some("an apply_patch patch");
    }
    let second = lines.next();
    if first.starts_with("--- ") && second.is_some_and(|line| line.starts_with("+++ ")) {
        return Some("a unified diff");
    }
    None
}

impl Machine for WholeMachine {
    fn line(
        &mut self,
        line: &str,
        number: usize,
        context: &Context<'_>,
        sink: &mut Sink,
    ) -> Result<(), ParseError> {
        match &self.state {
            State::Outside => self.outside(line, number, context, sink),
            State::Unnamed(_) => {
                self.unnamed(line, sink);
                Ok(())
            }
            State::Listing(_) => {
                let Some(name) = self.listing(line, context, sink) else {
                    return Ok(());
                };
                self.settle(RegionEnd::NextListing, context, sink);
                match Fence::open(line) {
                    Some(fence) => self.start_listing(name, fence, number, sink),
                    None => Ok(()),
                }
            }
        }
    }

    fn end(
        &mut self,
        _lines: usize,
        context: &Context<'_>,
        sink: &mut Sink,
    ) -> Result<Option<ParseError>, ParseError> {
        Ok(match &self.state {
            State::Outside => None,
            State::Unnamed(unnamed) => Some(ParseError::at(
                unnamed.line,
                format!(
                    "the fence opened at line {} never closes (the reply may be cut off)",
                    unnamed.line + 1
                ),
            )),
            State::Listing(_) => self.settle(RegionEnd::EndOfReply, context, sink),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::format::EditFormat;
    use super::super::options::ParseOptions;
    use super::super::parsed::ParsedReply;
    use super::super::reply::{parse_reply, parse_reply_with};
    use super::*;

    fn files(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    fn parse(reply: &str, chat: &[String]) -> Result<ParsedReply, ParseError> {
        parse_reply(reply, EditFormat::Whole, chat)
    }

    fn listings(reply: &str, chat: &[&str]) -> Vec<(String, String)> {
        parse(reply, &files(chat))
            .unwrap()
            .edits
            .into_iter()
            .map(|e| {
                assert_eq!(e.refusal, None, "{e:?}");
                (e.path, e.replace)
            })
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
    fn a_markdown_listing_with_bare_inner_fences() {
        let listing = "# Tool\n\nInstall it:\n\n```\npip install tool\n```\n\nThen run it.\n";
        let reply =
            format!("README.md\n```\n{listing}```\n\nThe README now says how to install.\n");
        // With no current file the end is unclear: refused, never cut short.
        let parsed = parse(&reply, &[]).unwrap();
        assert_eq!(parsed.edits.len(), 1);
        assert!(parsed.edits[0].refusal.as_deref().unwrap().contains("````"));
        // The current file holds the fences and is as long: only the full reading fits.
        let current = "# Tool\n\nInstall:\n\n```\npip install tool\n```\n\nRun it.\n".to_string();
        let read = move |path: &str| (path == "README.md").then(|| current.clone());
        let chat = files(&["README.md"]);
        let options = ParseOptions::new(&chat).with_current_text(&read);
        let parsed = parse_reply_with(&reply, EditFormat::Whole, &options).unwrap();
        assert_eq!(parsed.edits[0].refusal, None);
        assert_eq!(parsed.edits[0].replace, listing);
    }

    #[test]
    fn code_listings_end_at_their_first_close() {
        let reply = "a.py\n```python\nx = 1\n```\n\nRun:\n```\npython a.py\n```\n";
        assert_eq!(
            listings(reply, &[]),
            vec![("a.py".into(), "x = 1\n".into())]
        );
        // A docstring fence indented as code is content.
        let doc =
            "a.py\n```python\ndef f():\n    \"\"\"\n    ```\n    f()\n    ```\n    \"\"\"\n```\n";
        assert_eq!(
            listings(doc, &[]),
            vec![(
                "a.py".into(),
                "def f():\n    \"\"\"\n    ```\n    f()\n    ```\n    \"\"\"\n".into()
            )]
        );
    }

    #[test]
    fn tag_fenced_listings() {
        let shapes = [
            "a.py\n<source>python\nx = 1\n</source>\n",
            "a.py\n<source lang=\"python\">\nx = 1\n</source>\n",
            "<source lang=\"python\" file=\"a.py\">\nx = 1\n</source>\n",
            "<source>a.py\nx = 1\n</source>\n",
            "a.py\n<code class=\"language-python\">\nx = 1\n</code>\n",
            "a.py\n<pre>\nx = 1\n</pre>\n",
            "a.py\n<codeblock>\nx = 1\n</codeblock>\n",
            "a.py\n<sourcecode>\nx = 1\n</sourcecode>\n",
        ];
        for reply in shapes {
            assert_eq!(
                listings(reply, &[]),
                vec![("a.py".into(), "x = 1\n".into())],
                "{reply}"
            );
        }
    }

    #[test]
    fn html_tags_inside_a_listing_are_content() {
        let html = "<video controls>\n  <source src=\"clip.mp4\" type=\"video/mp4\">\n</video>\n<pre>\nx\n</pre>\n";
        let reply = format!("page.html\n```html\n{html}```\n");
        assert_eq!(
            listings(&reply, &[]),
            vec![("page.html".into(), html.into())]
        );
        let tagged = format!("<source lang=\"html\" file=\"page.html\">\n{html}</source>\n");
        assert_eq!(
            listings(&tagged, &[]),
            vec![("page.html".into(), html.into())]
        );
    }

    #[test]
    fn unclosed_listing_is_unfinished() {
        assert_eq!(parse("a.py\n```\nx\n", &[]).unwrap_err().line, 2);
        assert!(parse("a.py\n```\nx\n```\nRun:\n```\n", &[]).is_err());
    }

    #[test]
    fn edit_blocks_listed_as_a_file_are_refused() {
        let reply = "a.py\n```python\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n```\n";
        let parsed = parse(reply, &[]).unwrap();
        assert!(
            parsed.edits[0]
                .refusal
                .as_deref()
                .unwrap()
                .contains("SEARCH/REPLACE")
        );
    }
}
