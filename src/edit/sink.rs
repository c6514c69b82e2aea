//! Where the format machines put what they find: the finished edits and shell
//! commands, and (while streaming) each block's progress, reported so that a
//! state not marked provisional is always extended by the next one.

use super::parsed::{BlockProgress, Edit, ParseError};

/// A block's reported state within one push.
enum Report {
    /// The block's state when the push ends.
    Live(usize),
    /// A state the block passed through and that must be seen as it was.
    Frozen(BlockProgress),
}

/// The parse's output so far.
pub(crate) struct Sink {
    /// Finished edits, in id order.
    pub edits: Vec<Edit>,
    /// Shell commands found so far.
    pub shell_commands: Vec<String>,
    /// Every block's latest state (only kept while reporting).
    pub blocks: Vec<BlockProgress>,
    started: usize,
    max_blocks: usize,
    reporting: bool,
    report: Vec<Report>,
    /// Per block: its `Live` entry in `report`, if it has one.
    live: Vec<Option<usize>>,
}

impl Sink {
    /// An empty sink; `reporting` keeps block progress for a streaming caller.
    pub fn new(max_blocks: usize, reporting: bool) -> Sink {
        Sink {
            edits: Vec::new(),
            shell_commands: Vec::new(),
            blocks: Vec::new(),
            started: 0,
            max_blocks,
            reporting,
            report: Vec::new(),
            live: Vec::new(),
        }
    }

    /// How many blocks have started.
    pub fn started(&self) -> usize {
        self.started
    }

    /// Starts a block at 0-based line `line`; returns its id.
    pub fn start(&mut self, path: &str, line: usize) -> Result<usize, ParseError> {
        if self.started >= self.max_blocks {
            return Err(ParseError::over_limit(
                line,
                format!(
                    "the reply holds more than {} edit blocks, the most one reply may hold; nothing was applied — split the change into smaller replies",
                    self.max_blocks
                ),
            ));
        }
        let id = self.started;
        self.started += 1;
        if self.reporting {
            self.blocks.push(BlockProgress {
                id,
                path: path.to_string(),
                search: String::new(),
                replace_so_far: String::new(),
                search_done: false,
                complete: false,
                provisional: false,
            });
            self.live.push(None);
            self.touch(id);
        }
        Ok(id)
    }

    /// Appends a line to a block's SEARCH text.
    pub fn push_search(&mut self, id: usize, line: &str) {
        self.change(id, |block| push_line(&mut block.search, line));
    }

    /// Appends a line to a block's REPLACE text.
    pub fn push_replace(&mut self, id: usize, line: &str) {
        self.change(id, |block| push_line(&mut block.replace_so_far, line));
    }

    /// Appends a line to both texts (unchanged context).
    pub fn push_both(&mut self, id: usize, line: &str) {
        self.change(id, |block| {
            push_line(&mut block.search, line);
            push_line(&mut block.replace_so_far, line);
        });
    }

    /// The SEARCH text is complete; the REPLACE text starts.
    pub fn search_done(&mut self, id: usize) {
        self.change(id, |block| block.search_done = true);
    }

    /// From now on the block's state is a guess that may be revised. The state
    /// before is reported as it was, so the guess is seen to start from it.
    pub fn begin_provisional(&mut self, id: usize) {
        if !self.reporting || self.blocks.get(id).is_none_or(|block| block.provisional) {
            return;
        }
        self.freeze(id);
        self.change(id, |block| block.provisional = true);
    }

    /// Replaces a block's state wholesale (the block becomes provisional first).
    pub fn revise(&mut self, id: usize, path: &str, search: &str, replace: &str, complete: bool) {
        if !self.reporting {
            return;
        }
        self.begin_provisional(id);
        self.freeze(id);
        self.change(id, |block| {
            block.path = path.to_string();
            block.search = search.to_string();
            block.replace_so_far = replace.to_string();
            block.search_done = complete || block.search_done;
            block.complete = complete;
        });
    }

    /// A block is finished: `edit` (whose id is the block's) is its final state.
    pub fn finish(&mut self, edit: Edit) {
        if self.reporting {
            let id = edit.id;
            let provisional = self.blocks.get(id).is_some_and(|block| block.provisional);
            if provisional {
                self.freeze(id);
            }
            self.change(id, |block| {
                block.path = edit.path.clone();
                block.search = edit.search.clone();
                block.replace_so_far = edit.replace.clone();
                block.search_done = true;
                block.complete = true;
                block.provisional = false;
            });
        }
        self.edits.push(edit);
    }

    /// Records a proposed shell command.
    pub fn shell(&mut self, command: String) {
        self.shell_commands.push(command);
    }

    /// The states reported since the last call, in the order they happened.
    pub fn take_report(&mut self) -> Vec<BlockProgress> {
        let report = std::mem::take(&mut self.report);
        report
            .into_iter()
            .filter_map(|entry| match entry {
                Report::Live(id) => {
                    if let Some(slot) = self.live.get_mut(id) {
                        *slot = None;
                    }
                    self.blocks.get(id).cloned()
                }
                Report::Frozen(state) => Some(state),
            })
            .collect()
    }

    fn change(&mut self, id: usize, update: impl FnOnce(&mut BlockProgress)) {
        if !self.reporting {
            return;
        }
        if let Some(block) = self.blocks.get_mut(id) {
            update(block);
            self.touch(id);
        }
    }

    fn touch(&mut self, id: usize) {
        if self.live.get(id).is_some_and(Option::is_none) {
            self.live[id] = Some(self.report.len());
            self.report.push(Report::Live(id));
        }
    }

    /// Fixes the block's reported entry at its current state.
    fn freeze(&mut self, id: usize) {
        let Some(Some(index)) = self.live.get(id).copied() else {
            return;
        };
        if let Some(state) = self.blocks.get(id).cloned() {
            self.report[index] = Report::Frozen(state);
        }
        self.live[id] = None;
    }
}

fn push_line(text: &mut String, line: &str) {
    text.push_str(line);
    text.push('\n');
}
