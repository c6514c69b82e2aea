//! The live diff while a reply streams: each block is parsed as it arrives and placed in
//! its file by the same planner the review uses (a finished block is planned as
//! accepted, so the blocks after it are placed on top of it), and its hunks go out as
//! [`EditPreview`]s. Front ends draw them; none reads a file.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use crate::edit::{
    BlockPlan, BlockProgress, Edit, EditFormat, EditKind, PlanRun, Planner, StreamingParser,
    Workspace,
};
use crate::protocol::EditPreview;

/// A block still streaming is placed again at most this often (a whole-file listing
/// is diffed against its file each time).
const REPLAN_EVERY: Duration = Duration::from_millis(50);

/// The parser and the planner of one streaming reply.
pub struct LivePreview {
    format: EditFormat,
    parser: StreamingParser<'static>,
    run: PlanRun,
    /// Blocks planned as finished, in order.
    stepped: usize,
    /// The last preview sent per block, and when.
    sent: HashMap<usize, (Instant, EditPreview)>,
}

impl LivePreview {
    /// A preview of a reply in `format`; `chat_files` help name blocks and are where a
    /// misnamed block's SEARCH text is looked for.
    pub fn new(format: EditFormat, chat_files: &[String], workspace: &Workspace) -> LivePreview {
        LivePreview {
            format,
            parser: StreamingParser::new(format, chat_files),
            run: Planner::new(workspace, chat_files).run(),
            stepped: 0,
            sent: HashMap::new(),
        }
    }

    /// Takes a piece of the reply; returns the previews that changed.
    pub fn push(&mut self, delta: &str) -> Vec<EditPreview> {
        // The parser reports every state a block went through; the latest per block
        // is what shows (a block that finished in this piece is placed once).
        let mut latest: Vec<BlockProgress> = Vec::new();
        for block in self.parser.push(delta) {
            match latest.iter_mut().find(|seen| seen.id == block.id) {
                Some(seen) => *seen = block,
                None => latest.push(block),
            }
        }
        latest
            .into_iter()
            .filter_map(|block| self.preview(block, false))
            .collect()
    }

    /// The final preview of every block (the last piece may not have ended a line).
    pub fn finish(&mut self) -> Vec<EditPreview> {
        let blocks = self.parser.blocks().to_vec();
        blocks
            .into_iter()
            .filter_map(|block| self.preview(block, true))
            .collect()
    }

    fn preview(&mut self, block: BlockProgress, force: bool) -> Option<EditPreview> {
        let id = block.id;
        let edit = Edit {
            id,
            kind: match self.format {
                EditFormat::Whole => EditKind::WholeFile,
                _ => EditKind::SearchReplace,
            },
            ..Edit::new(&block.path, &block.search, &block.replace_so_far)
        };
        let preview = if block.complete {
            if id < self.stepped {
                return force.then(|| self.sent.get(&id).map(|(_, sent)| sent.clone()))?;
            }
            if id > self.stepped {
                // Blocks finish in order; a gap means the parser skipped one.
                tracing::debug!(id, stepped = self.stepped, "preview out of order");
            }
            self.stepped = id + 1;
            located(&block, &self.run.step(&edit))
        } else if block.search_done {
            let recent = self
                .sent
                .get(&id)
                .is_some_and(|(at, sent)| sent.located.is_some() && at.elapsed() < REPLAN_EVERY);
            if recent && !force {
                return None;
            }
            located(&block, &self.run.peek(&edit))
        } else {
            unplaced(&block)
        };
        self.sent.insert(id, (Instant::now(), preview.clone()));
        Some(preview)
    }
}

/// A block placed in its file (or found not to match).
fn located(block: &BlockProgress, plan: &BlockPlan) -> EditPreview {
    match &plan.outcome {
        Ok(change) => EditPreview {
            id: block.id,
            path: plan.path.clone(),
            complete: block.complete,
            located: Some(true),
            hunks: change.hunks.clone(),
            problem: None,
        },
        Err(failure) => EditPreview {
            id: block.id,
            path: plan.path.clone(),
            complete: block.complete,
            located: Some(false),
            hunks: unplaced(block).hunks,
            problem: Some(failure.to_string()),
        },
    }
}

/// A block not yet placed: its SEARCH lines as removed, REPLACE lines as added.
fn unplaced(block: &BlockProgress) -> EditPreview {
    EditPreview {
        id: block.id,
        path: block.path.clone(),
        complete: block.complete,
        located: None,
        hunks: vec![crate::diff::unplaced(&block.search, &block.replace_so_far)],
        problem: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_is_placed_as_soon_as_its_search_text_is_whole() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.py"), "one\ntwo\nthree\n").unwrap();
        let workspace = Workspace::new(dir.path()).unwrap();
        let chat = vec!["a.py".to_string()];
        let mut preview = LivePreview::new(EditFormat::Diff, &chat, &workspace);
        let early = preview.push("a.py\n<<<<<<< SEARCH\ntwo\n");
        assert_eq!(early.last().unwrap().located, None);
        let placed = preview.push("=======\nTWO\n");
        let last = placed.last().unwrap();
        assert_eq!(last.located, Some(true));
        assert_eq!(last.hunks[0].old_start, 1, "{last:?}");
        let done = preview
            .push(">>>>>>> REPLACE\n\na.py\n<<<<<<< SEARCH\nTWO\n=======\n2\n>>>>>>> REPLACE\n");
        let second = done.iter().rfind(|preview| preview.id == 1).unwrap();
        assert_eq!(
            second.located,
            Some(true),
            "the second block sees the first"
        );
        assert!(second.complete);
        let miss = preview.push("a.py\n<<<<<<< SEARCH\nnot there\n=======\nx\n>>>>>>> REPLACE\n");
        let third = miss.iter().rfind(|preview| preview.id == 2).unwrap();
        assert_eq!(third.located, Some(false));
        assert!(third.problem.is_some());
        assert_eq!(
            std::fs::read_to_string(dir.path().join("a.py")).unwrap(),
            "one\ntwo\nthree\n"
        );
    }
}
