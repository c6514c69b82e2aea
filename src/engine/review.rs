//! The review of one reply's edits: the plan on screen, the user's decisions, and
//! re-planning when a decision changes what later blocks were planned on.
//!
//! The plan is a pure function of the reply's blocks, the files as first read and the
//! decisions so far (undecided blocks are planned as accepted), so a decision simply
//! plans again and compares. A block whose change moved under an earlier decision is
//! marked re-planned; if it was already accepted it goes back to pending, so nothing
//! lands that the user did not see. Ending the review writes exactly the current plan.

use std::collections::{BTreeMap, HashMap};

use crate::diff::Hunk;
use crate::edit::{
    self, ApplyReport, BlockPlan, Decision, Edit, EditFailure, Plan, Planner, SyntaxFinding,
    Workspace,
};
use crate::protocol::{
    BlockDecision, BlockDecisionState, BlockId, BlockState, ChangeKind, Review, ReviewBlock,
    ReviewId, Revision,
};

/// A user's choice on one block.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Choice {
    Accept,
    Edit(String),
    Reject,
    /// A failed block not to send back to the model.
    Drop,
    /// Auto-accept's no to a block that would leave a syntax error: it is not applied
    /// and goes back to the model as failed, for this reason.
    HeldBack(EditFailure),
}

/// What a decision changed, for [`crate::protocol::Event::ReviewUpdated`].
#[derive(Debug, Clone, PartialEq)]
pub struct Update {
    pub blocks: Vec<ReviewBlock>,
    pub note: Option<String>,
}

/// What the review left once written.
pub struct Finished {
    pub report: ApplyReport,
    /// Blocks the user dropped (failed, not sent back).
    pub dropped: Vec<BlockId>,
    /// Text for the model's next message: blocks the user changed (always), blocks the
    /// user rejected (when asked to tell).
    pub notes: Vec<String>,
    /// The failure feedback for the model, if failed blocks remain.
    pub feedback: Option<String>,
}

/// One review in progress.
pub struct ReviewState {
    id: ReviewId,
    edits: Vec<Edit>,
    planner: Planner,
    plan: Plan,
    choices: HashMap<BlockId, Choice>,
    revisions: HashMap<BlockId, Revision>,
    replanned: HashMap<BlockId, bool>,
    tell_rejected: bool,
    auto_accept: bool,
    notice: Option<String>,
    cut_off: bool,
}

impl ReviewState {
    /// Plans `edits` as all accepted. With `auto_accept`, every block that needs no
    /// confirmation starts accepted, except those that would leave a syntax error the
    /// file had not: they are held back as failed.
    pub fn new(
        id: ReviewId,
        edits: Vec<Edit>,
        mut planner: Planner,
        auto_accept: bool,
        tell_rejected: bool,
        notice: Option<String>,
    ) -> ReviewState {
        let edits = planner.settle_all(&edits);
        let plan = planner.plan(&edits, &|_| Decision::Accept);
        let mut review = ReviewState {
            id,
            edits,
            planner,
            plan,
            choices: HashMap::new(),
            revisions: HashMap::new(),
            replanned: HashMap::new(),
            tell_rejected,
            auto_accept,
            notice,
            cut_off: false,
        };
        if auto_accept {
            review.hold_back_syntax_errors();
            for block in &review.plan.blocks {
                if block.outcome.is_ok()
                    && confirmation(block).is_none()
                    && !review.choices.contains_key(&block.id)
                {
                    review.choices.insert(block.id, Choice::Accept);
                }
            }
        }
        review
    }

    /// Marks the review as one of a reply that was cut off.
    pub fn cut_off(mut self, cut_off: bool) -> ReviewState {
        self.cut_off = cut_off;
        self
    }

    /// The review's id.
    pub fn id(&self) -> ReviewId {
        self.id
    }

    /// The whole review, as front ends show it.
    pub fn view(&self) -> Review {
        Review {
            id: self.id,
            blocks: self
                .plan
                .blocks
                .iter()
                .map(|block| self.block_view(block))
                .collect(),
            tell_rejected: self.tell_rejected,
            auto_accept: self.auto_accept,
            notice: self.notice.clone(),
            cut_off: self.cut_off,
        }
    }

    /// Whether rejected blocks are mentioned to the model.
    pub fn tell_rejected(&self) -> bool {
        self.tell_rejected
    }

    /// Sets whether rejected blocks are mentioned to the model.
    pub fn set_tell_rejected(&mut self, on: bool) {
        self.tell_rejected = on;
    }

    /// The files the current plan writes or deletes.
    pub fn files_to_write(&self) -> Vec<String> {
        let mut paths: Vec<String> = self
            .plan
            .files
            .iter()
            .map(|file| file.path.clone())
            .collect();
        paths.dedup();
        paths
    }

    /// Whether every block that can be applied has a decision.
    pub fn is_settled(&self) -> bool {
        self.plan.blocks.iter().all(|block| {
            block.outcome.is_err()
                || matches!(
                    self.choices.get(&block.id),
                    Some(Choice::Accept | Choice::Edit(_) | Choice::Reject | Choice::HeldBack(_))
                )
        })
    }

    /// Applies a decision on one block and plans again.
    pub fn decide(&mut self, id: BlockId, decision: BlockDecision, seen: Revision) -> Update {
        let Some(block) = self.plan.block(id) else {
            return Update {
                blocks: Vec::new(),
                note: Some(format!("This review has no block {}.", id + 1)),
            };
        };
        let failed = self.failure(block).map(ToString::to_string);
        let choice = match (decision, &failed) {
            (BlockDecision::Accept, Some(reason)) => {
                return Update {
                    blocks: vec![self.block_view(block)],
                    note: Some(format!(
                        "Block {} cannot be applied ({reason}); it will be sent back to the model (rejecting it drops it instead).",
                        id + 1
                    )),
                };
            }
            (BlockDecision::Accept, None) if seen != self.revision(id) => {
                return Update {
                    blocks: vec![self.block_view(block)],
                    note: Some(format!(
                        "Block {} was planned again since you saw it; look at it once more.",
                        id + 1
                    )),
                };
            }
            (BlockDecision::Accept, None) => Choice::Accept,
            (BlockDecision::Reject, Some(_)) => Choice::Drop,
            (BlockDecision::Reject, None) => Choice::Reject,
            (BlockDecision::Edit { text }, _) => Choice::Edit(text),
        };
        self.choices.insert(id, choice);
        self.replanned.insert(id, false);
        let mut update = self.replan(Some(id));
        if let Some(block) = self.plan.block(id)
            && !update.blocks.iter().any(|shown| shown.id == id)
        {
            update.blocks.insert(0, self.block_view(block));
        }
        update
    }

    /// The plan of a draft of block `id` with `text` as its new text (nothing decided).
    pub fn draft(&mut self, id: BlockId, text: &str) -> BlockState {
        let choices = self.choices.clone();
        let draft = text.to_string();
        let plan = self.planner.plan(&self.edits, &|block| {
            if block == id {
                Decision::Replace(draft.clone())
            } else {
                decision_of(choices.get(&block))
            }
        });
        let search = self
            .edits
            .iter()
            .find(|edit| edit.id == id)
            .map(|edit| edit.search.as_str());
        match plan.block(id) {
            Some(block) => state_of(block, search, Some(text)),
            None => BlockState::Failed {
                reason: format!("no block {}", id + 1),
                hunks: Vec::new(),
                closest: None,
            },
        }
    }

    /// Ends the review: undecided blocks are rejected. When that moves a block the user
    /// accepted, the review is not settled: the update shows it again.
    pub fn finish_now(&mut self) -> Update {
        let undecided: Vec<BlockId> = self
            .plan
            .blocks
            .iter()
            .filter(|block| block.outcome.is_ok() && !self.choices.contains_key(&block.id))
            .map(|block| block.id)
            .collect();
        for id in &undecided {
            self.choices.insert(*id, Choice::Reject);
        }
        let mut update = self.replan(None);
        // A rejected block plans as it did, so the re-plan does not list it: it is
        // sent anyway, for the review to show it rejected rather than pending.
        for id in undecided {
            if !update.blocks.iter().any(|block| block.id == id)
                && let Some(block) = self.plan.block(id)
            {
                update.blocks.push(self.block_view(block));
            }
        }
        update.blocks.sort_by_key(|block| block.id);
        update
    }

    /// Rejects every undecided block without planning again (an interrupt or the end
    /// of the session: nothing the user did not accept is written).
    /// Returns the blocks it rejected, as they now stand.
    pub fn reject_undecided(&mut self) -> Vec<ReviewBlock> {
        let mut rejected = Vec::new();
        for block in &self.plan.blocks {
            if block.outcome.is_ok() && !self.choices.contains_key(&block.id) {
                self.choices.insert(block.id, Choice::Reject);
                rejected.push(block.id);
            }
        }
        let choices = self.choices.clone();
        self.plan = self
            .planner
            .plan(&self.edits, &|block| decision_of(choices.get(&block)));
        rejected
            .into_iter()
            .filter_map(|id| self.plan.block(id).map(|block| self.block_view(block)))
            .collect()
    }

    /// Writes the plan: the accepted blocks land exactly as planned.
    pub fn apply(self, workspace: &Workspace) -> Finished {
        let choices = self.choices;
        let decision = |block: BlockId| decision_of(choices.get(&block));
        // Every accepted block was accepted by the user, or by auto-accept only where
        // no confirmation was needed (read-only files need one): so writing read-only
        // files here is what the user chose.
        let report = edit::apply_plan(workspace, &self.edits, &self.plan, &decision, &|_| true);
        let dropped: Vec<BlockId> = choices
            .iter()
            .filter(|(_, choice)| **choice == Choice::Drop)
            .map(|(id, _)| *id)
            .collect();
        let mut report = report;
        for result in &mut report.results {
            if let Some(Choice::HeldBack(failure)) = choices.get(&result.id) {
                result.status = edit::EditStatus::Failed(failure.clone());
            }
        }
        let mut kept = report.clone();
        kept.results.retain(|result| !dropped.contains(&result.id));
        let feedback = kept.feedback();
        let mut notes = Vec::new();
        let mut edited = BTreeMap::new();
        for (id, choice) in &choices {
            if let Choice::Edit(text) = choice {
                edited.insert(*id, text.clone());
            }
        }
        for (id, text) in edited {
            let Some(edit) = self.edits.iter().find(|edit| edit.id == id) else {
                continue;
            };
            let applied = report.results.iter().any(|result| {
                result.id == id && !matches!(result.status, edit::EditStatus::Failed(_))
            });
            if !applied {
                continue;
            }
            notes.push(edited_note(edit, &text));
        }
        if self.tell_rejected {
            let rejected: Vec<String> = report
                .results
                .iter()
                .filter(|result| result.status == edit::EditStatus::Rejected)
                .map(|result| format!("block {} ({})", result.id + 1, result.path))
                .collect();
            if !rejected.is_empty() {
                notes.push(format!(
                    "I rejected these edit blocks of your last reply: {}. Do not apply them again unless I ask.",
                    rejected.join(", ")
                ));
            }
        }
        Finished {
            report,
            dropped,
            notes,
            feedback,
        }
    }

    /// Plans again under the current choices; returns the blocks whose change differs
    /// (except `decided`, which the caller shows anyway), marking them re-planned and
    /// sending accepted ones back to pending.
    fn replan(&mut self, decided: Option<BlockId>) -> Update {
        let choices = self.choices.clone();
        let plan = self
            .planner
            .plan(&self.edits, &|block| decision_of(choices.get(&block)));
        let mut changed = Vec::new();
        let mut reset = Vec::new();
        for (old, new) in self.plan.blocks.iter().zip(&plan.blocks) {
            if Some(new.id) == decided || same_change(old, new) {
                continue;
            }
            *self.revisions.entry(new.id).or_default() += 1;
            self.replanned.insert(new.id, true);
            if matches!(
                self.choices.get(&new.id),
                Some(Choice::Accept | Choice::Edit(_))
            ) {
                self.choices.remove(&new.id);
                reset.push(new.id);
            }
            changed.push(new.id);
        }
        self.plan = plan;
        let note = (!reset.is_empty()).then(|| {
            let names: Vec<String> = reset.iter().map(|id| (id + 1).to_string()).collect();
            format!(
                "Block {} changed under an earlier decision and waits for you again.",
                names.join(", ")
            )
        });
        // An edit planned again may have become applicable or failed: re-check
        // auto-accepted blocks stay as they were (they keep their choice unless reset).
        let blocks = changed
            .iter()
            .filter_map(|id| self.plan.block(*id))
            .map(|block| self.block_view(block))
            .collect();
        Update { blocks, note }
    }

    /// Holds back every block auto-accept would take that leaves a new syntax error,
    /// planning again until none does (a block may depend on one held back).
    fn hold_back_syntax_errors(&mut self) {
        loop {
            let broken: Vec<(BlockId, EditFailure)> = self
                .plan
                .blocks
                .iter()
                .filter(|block| {
                    block.outcome.is_ok()
                        && confirmation(block).is_none()
                        && !self.choices.contains_key(&block.id)
                })
                .filter_map(|block| {
                    let found = block.syntax_error.as_ref()?;
                    Some((
                        block.id,
                        EditFailure::Syntax {
                            path: block.path.clone(),
                            line: found.line,
                            message: found.message.clone(),
                        },
                    ))
                })
                .collect();
            if broken.is_empty() {
                return;
            }
            for (id, failure) in broken {
                self.choices.insert(id, Choice::HeldBack(failure));
            }
            let choices = self.choices.clone();
            self.plan = self
                .planner
                .plan(&self.edits, &|block| decision_of(choices.get(&block)));
        }
    }

    /// Why a block cannot be applied: its plan failed, or auto-accept held it back.
    fn failure<'a>(&'a self, block: &'a BlockPlan) -> Option<&'a EditFailure> {
        match self.choices.get(&block.id) {
            Some(Choice::HeldBack(failure)) => Some(failure),
            _ => block.outcome.as_ref().err(),
        }
    }

    fn revision(&self, id: BlockId) -> Revision {
        self.revisions.get(&id).copied().unwrap_or(0)
    }

    fn block_view(&self, block: &BlockPlan) -> ReviewBlock {
        let edit = self.edits.iter().find(|edit| edit.id == block.id);
        let replace = match self.choices.get(&block.id) {
            Some(Choice::Edit(text)) => Some(text.as_str()),
            _ => edit.map(|edit| edit.replace.as_str()),
        };
        let held_back = match self.choices.get(&block.id) {
            Some(Choice::HeldBack(failure)) => Some(failure),
            _ => None,
        };
        let decision = match (self.choices.get(&block.id), block.outcome.is_ok()) {
            (Some(Choice::Accept), true) => BlockDecisionState::Accepted,
            (Some(Choice::Edit(_)), true) => BlockDecisionState::Edited,
            (Some(Choice::Reject), _) => BlockDecisionState::Rejected,
            (Some(Choice::Drop), _) => BlockDecisionState::Dropped,
            _ => BlockDecisionState::Pending,
        };
        let editable_text = edit
            .filter(|edit| edit.kind != edit::EditKind::DeleteFile)
            .map(|edit| match self.choices.get(&block.id) {
                Some(Choice::Edit(text)) => text.clone(),
                _ => edit.replace.clone(),
            });
        let mut state = state_of(block, edit.map(|edit| edit.search.as_str()), replace);
        let mut syntax_error = block.syntax_error.clone();
        if let (Some(failure), BlockState::Planned { hunks, .. }) = (held_back, &state) {
            if let EditFailure::Syntax { line, message, .. } = failure {
                syntax_error = Some(SyntaxFinding {
                    line: *line,
                    message: message.clone(),
                });
            }
            state = BlockState::Failed {
                reason: failure.to_string(),
                hunks: hunks.clone(),
                closest: None,
            };
        }
        ReviewBlock {
            id: block.id,
            path: block.path.clone(),
            revision: self.revision(block.id),
            state,
            decision,
            replanned: self.replanned.get(&block.id).copied().unwrap_or(false),
            editable_text,
            needs_confirmation: confirmation(block),
            syntax_error,
        }
    }
}

/// The planner's decision for a choice (undecided blocks plan as accepted; a dropped
/// or held-back block is never written, even if a later plan could place it).
fn decision_of(choice: Option<&Choice>) -> Decision {
    match choice {
        Some(Choice::Reject | Choice::Drop | Choice::HeldBack(_)) => Decision::Reject,
        Some(Choice::Edit(text)) => Decision::Replace(text.clone()),
        _ => Decision::Accept,
    }
}

/// Why a block needs an explicit yes, if it does.
fn confirmation(block: &BlockPlan) -> Option<String> {
    if let Some(reason) = &block.protected {
        return Some(format!("protected file — {reason}"));
    }
    block
        .read_only
        .then(|| format!("{} is read-only; accepting writes it anyway", block.path))
}

/// A block's state for the protocol; a failed block shows its own SEARCH and REPLACE.
fn state_of(block: &BlockPlan, search: Option<&str>, replace: Option<&str>) -> BlockState {
    match &block.outcome {
        Ok(change) => BlockState::Planned {
            change: match &change.kind {
                edit::ChangeKind::Modify => ChangeKind::Modify,
                edit::ChangeKind::Create => ChangeKind::Create,
                edit::ChangeKind::Delete => ChangeKind::Delete,
                edit::ChangeKind::Move(to) => ChangeKind::Move { to: to.clone() },
            },
            hunks: change.hunks.clone(),
        },
        Err(failure) => BlockState::Failed {
            reason: failure.to_string(),
            hunks: vec![crate::diff::unplaced(
                search.unwrap_or(""),
                replace.unwrap_or(""),
            )],
            closest: block
                .closest
                .as_ref()
                .map(|(line, lines)| closest_hunk(*line, lines, search.unwrap_or(""))),
        },
    }
}

/// The file's lines most like a failed block's SEARCH text against that text, so the
/// review shows where they differ.
fn closest_hunk(line: usize, lines: &[String], search: &str) -> Hunk {
    let old: Vec<&str> = lines.iter().map(String::as_str).collect();
    let new: Vec<&str> = search.lines().collect();
    let mut hunk = Hunk {
        old_start: line,
        new_start: 1,
        lines: Vec::new(),
    };
    crate::diff::push_diff(&mut hunk, &old, &new);
    hunk
}

/// Whether two plans of a block make the same change: the same lines removed and added,
/// hunk by hunk. Line numbers and context lines aside — a block whose neighbour was
/// rejected writes the same lines in the same place.
fn same_change(old: &BlockPlan, new: &BlockPlan) -> bool {
    let lines = |hunks: &[Hunk]| -> Vec<Vec<crate::diff::HunkLine>> {
        hunks
            .iter()
            .map(|hunk| {
                hunk.lines
                    .iter()
                    .filter(|line| line.kind != crate::diff::LineKind::Context)
                    .cloned()
                    .collect()
            })
            .collect()
    };
    match (&old.outcome, &new.outcome) {
        (Ok(a), Ok(b)) => {
            a.kind == b.kind && lines(&a.hunks) == lines(&b.hunks) && old.path == new.path
        }
        (Err(a), Err(b)) => a == b,
        _ => false,
    }
}

/// The note telling the model how the user changed a block.
fn edited_note(edit: &Edit, text: &str) -> String {
    let diff = similar::TextDiff::from_lines(edit.replace.as_str(), text)
        .unified_diff()
        .context_radius(2)
        .header("your version", "what I applied")
        .to_string();
    format!(
        "I changed block {} ({}) of your last reply before applying it; keep my version:\n```diff\n{}```",
        edit.id + 1,
        edit.path,
        diff
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(files: &[(&str, &str)]) -> (tempfile::TempDir, Workspace) {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in files {
            std::fs::write(dir.path().join(path), text).unwrap();
        }
        let workspace = Workspace::new(dir.path()).unwrap();
        (dir, workspace)
    }

    fn edits(blocks: &[(&str, &str, &str)]) -> Vec<Edit> {
        blocks
            .iter()
            .enumerate()
            .map(|(id, (path, search, replace))| Edit {
                id,
                ..Edit::new(*path, *search, *replace)
            })
            .collect()
    }

    fn review(workspace: &Workspace, edits: Vec<Edit>) -> ReviewState {
        let chat = vec!["a.py".to_string()];
        ReviewState::new(1, edits, Planner::new(workspace, &chat), false, false, None)
    }

    fn added(block: &ReviewBlock) -> Vec<String> {
        match &block.state {
            BlockState::Planned { hunks, .. } => hunks
                .iter()
                .flat_map(|hunk| &hunk.lines)
                .filter(|line| line.kind == crate::diff::LineKind::Added)
                .map(|line| line.text.clone())
                .collect(),
            BlockState::Failed { reason, .. } => vec![format!("failed: {reason}")],
        }
    }

    #[test]
    fn rejecting_a_block_replans_the_ones_built_on_it() {
        let (dir, workspace) = setup(&[("a.py", "x = 1\ny = 2\n")]);
        let mut review = review(
            &workspace,
            edits(&[
                ("a.py", "x = 1\n", "x = 10\n"),
                ("a.py", "x = 10\ny = 2\n", "x = 10\ny = 20\n"),
            ]),
        );
        let update = review.decide(0, BlockDecision::Reject, 0);
        let second = update.blocks.iter().find(|block| block.id == 1).unwrap();
        assert!(second.replanned);
        assert!(
            matches!(second.state, BlockState::Failed { .. }),
            "{second:?}"
        );
        assert!(review.is_settled(), "only a failed block is left");
        let finished = review.apply(&workspace);
        assert_eq!(
            std::fs::read_to_string(dir.path().join("a.py")).unwrap(),
            "x = 1\ny = 2\n"
        );
        let feedback = finished.feedback.unwrap();
        assert!(feedback.contains("## Block 2 (a.py)"), "{feedback}");
    }

    #[test]
    fn an_edited_block_is_applied_as_edited_and_told_to_the_model() {
        let (dir, workspace) = setup(&[("a.py", "def f():\n    return 1\n")]);
        let mut review = review(
            &workspace,
            edits(&[("a.py", "    return 1\n", "    return 2\n")]),
        );
        let draft = review.draft(0, "    return 3\n");
        assert!(matches!(draft, BlockState::Planned { .. }));
        let update = review.decide(
            0,
            BlockDecision::Edit {
                text: "    return 3\n".into(),
            },
            0,
        );
        assert_eq!(update.blocks[0].decision, BlockDecisionState::Edited);
        assert_eq!(added(&update.blocks[0]), vec!["    return 3"]);
        assert!(review.is_settled());
        let finished = review.apply(&workspace);
        assert_eq!(
            std::fs::read_to_string(dir.path().join("a.py")).unwrap(),
            "def f():\n    return 3\n"
        );
        assert!(
            finished.notes[0].contains("I changed block 1 (a.py)"),
            "{:?}",
            finished.notes
        );
        assert!(finished.notes[0].contains("+    return 3"));
    }

    #[test]
    fn an_accepted_block_moved_by_a_later_decision_waits_again() {
        // Block 2 matches the dedented line block 1 writes; without block 1 it still
        // matches, but re-indented: a different change.
        let (_dir, workspace) = setup(&[("a.py", "    a\n")]);
        let mut review = review(
            &workspace,
            edits(&[("a.py", "    a\n", "a\n"), ("a.py", "a\n", "b\n")]),
        );
        review.decide(1, BlockDecision::Accept, 0);
        let update = review.decide(0, BlockDecision::Reject, 0);
        assert!(
            update
                .note
                .as_deref()
                .unwrap_or("")
                .contains("Block 2 changed")
        );
        let second = update.blocks.iter().find(|block| block.id == 1).unwrap();
        assert_eq!(second.decision, BlockDecisionState::Pending);
        assert!(second.replanned);
        assert_eq!(added(second), vec!["    b"]);
        // An accept of the revision seen before is refused.
        let stale = review.decide(1, BlockDecision::Accept, 0);
        assert!(stale.note.unwrap().contains("planned again"));
    }

    #[test]
    fn a_failed_block_cannot_be_accepted_and_n_drops_it() {
        let (_dir, workspace) = setup(&[("a.py", "a\n")]);
        let mut review = review(
            &workspace,
            edits(&[("a.py", "zzz\n", "y\n"), ("a.py", "a\n", "b\n")]),
        );
        let refused = review.decide(0, BlockDecision::Accept, 0);
        assert!(refused.note.unwrap().contains("sent back to the model"));
        review.decide(0, BlockDecision::Reject, 0);
        review.decide(1, BlockDecision::Accept, 0);
        let finished = review.apply(&workspace);
        assert_eq!(finished.dropped, vec![0]);
        assert_eq!(finished.feedback, None, "a dropped block is not sent back");
    }

    fn checked_review(workspace: &Workspace, edits: Vec<Edit>, auto_accept: bool) -> ReviewState {
        let chat = vec!["a.py".to_string(), "b.py".to_string()];
        let mut planner = Planner::new(workspace, &chat);
        planner.check_syntax(crate::engine::checks::grammar_check());
        ReviewState::new(1, edits, planner, auto_accept, false, None)
    }

    const BREAKING: (&str, &str, &str) = ("a.py", "def f():\n", "def f(:\n");

    #[test]
    fn a_block_that_breaks_the_syntax_is_flagged_and_can_still_be_accepted() {
        let (dir, workspace) = setup(&[("a.py", "def f():\n    return 1\n")]);
        let mut review = checked_review(&workspace, edits(&[BREAKING]), false);
        let shown = review.view().blocks[0].clone();
        let found = shown.syntax_error.clone().expect("flagged");
        assert_eq!(found.line, 1, "{found:?}");
        assert!(matches!(shown.state, BlockState::Planned { .. }));
        assert_eq!(shown.decision, BlockDecisionState::Pending);
        review.decide(0, BlockDecision::Accept, 0);
        assert!(review.is_settled());
        let finished = review.apply(&workspace);
        assert_eq!(finished.feedback, None);
        assert_eq!(
            std::fs::read_to_string(dir.path().join("a.py")).unwrap(),
            "def f(:\n    return 1\n"
        );
    }

    #[test]
    fn auto_accept_holds_back_a_breaking_block_and_applies_the_others() {
        let (dir, workspace) = setup(&[("a.py", "def f():\n    return 1\n"), ("b.py", "x = 1\n")]);
        let mut review = checked_review(
            &workspace,
            edits(&[BREAKING, ("b.py", "x = 1\n", "x = 2\n")]),
            true,
        );
        let view = review.view();
        assert!(
            matches!(&view.blocks[0].state, BlockState::Failed { reason, .. } if reason.contains("syntax error")),
            "{:?}",
            view.blocks[0]
        );
        assert_eq!(view.blocks[1].decision, BlockDecisionState::Accepted);
        assert_eq!(view.blocks[1].syntax_error, None);
        assert!(review.is_settled());
        // Accepting the held-back block is refused, as for any failed block.
        let refused = review.decide(0, BlockDecision::Accept, 0);
        assert!(refused.note.unwrap().contains("cannot be applied"));
        let finished = review.apply(&workspace);
        assert_eq!(
            std::fs::read_to_string(dir.path().join("a.py")).unwrap(),
            "def f():\n    return 1\n",
            "the breaking block is not written"
        );
        assert_eq!(
            std::fs::read_to_string(dir.path().join("b.py")).unwrap(),
            "x = 2\n"
        );
        let feedback = finished.feedback.unwrap();
        assert!(
            feedback.contains("## Block 1 (a.py)") && feedback.contains("at line 1"),
            "{feedback}"
        );
        assert!(
            feedback.contains("The other 1 block was applied"),
            "{feedback}"
        );
    }

    #[test]
    fn auto_accept_takes_a_block_that_leaves_an_old_error_alone() {
        // The file is broken already (line 1); the block only moves that error down.
        let (dir, workspace) = setup(&[("a.py", "def f(:\n    pass\n")]);
        let review = checked_review(
            &workspace,
            edits(&[("a.py", "def f(:\n", "import os\n\ndef f(:\n")]),
            true,
        );
        assert_eq!(review.view().blocks[0].syntax_error, None);
        assert_eq!(
            review.view().blocks[0].decision,
            BlockDecisionState::Accepted
        );
        review.apply(&workspace);
        assert!(
            std::fs::read_to_string(dir.path().join("a.py"))
                .unwrap()
                .starts_with("import os")
        );
    }

    #[test]
    fn finishing_rejects_the_undecided() {
        let (dir, workspace) = setup(&[("a.py", "a\nb\n")]);
        let mut review = review(
            &workspace,
            edits(&[("a.py", "a\n", "A\n"), ("a.py", "b\n", "B\n")]),
        );
        review.decide(1, BlockDecision::Accept, 0);
        let update = review.finish_now();
        assert_eq!(update.note, None, "block 2 does not depend on block 1");
        assert!(review.is_settled());
        review.apply(&workspace);
        assert_eq!(
            std::fs::read_to_string(dir.path().join("a.py")).unwrap(),
            "a\nB\n"
        );
    }

    #[test]
    fn finishing_sends_the_blocks_it_rejected() {
        let (_dir, workspace) = setup(&[("a.py", "a\nb\n")]);
        let mut review = review(
            &workspace,
            edits(&[("a.py", "a\n", "A\n"), ("a.py", "b\n", "B\n")]),
        );
        review.decide(1, BlockDecision::Accept, 0);
        let update = review.finish_now();
        let shown: Vec<(BlockId, BlockDecisionState)> = update
            .blocks
            .iter()
            .map(|block| (block.id, block.decision.clone()))
            .collect();
        assert_eq!(shown, [(0, BlockDecisionState::Rejected)]);
    }

    #[test]
    fn rejecting_the_undecided_returns_them_rejected() {
        let (_dir, workspace) = setup(&[("a.py", "a\nb\n")]);
        let mut review = review(
            &workspace,
            edits(&[("a.py", "a\n", "A\n"), ("a.py", "b\n", "B\n")]),
        );
        review.decide(0, BlockDecision::Accept, 0);
        let rejected = review.reject_undecided();
        let shown: Vec<(BlockId, BlockDecisionState)> = rejected
            .iter()
            .map(|block| (block.id, block.decision.clone()))
            .collect();
        assert_eq!(shown, [(1, BlockDecisionState::Rejected)]);
    }
}

#[cfg(test)]
mod properties {
    //! For random accept / reject / edit decisions over random multi-block replies on a
    //! real source file, the bytes written equal the change the review showed at its
    //! end: the accepted blocks' hunks, applied in order to the file as it was.

    use super::*;
    use crate::diff::LineKind;
    use proptest::prelude::*;

    /// A real file of this repository (present in every checkout).
    const SOURCE: &str = include_str!("../edit/matching.rs");

    /// Applies hunks (old side checked line by line) to `lines`.
    fn apply_hunks(lines: &mut Vec<String>, hunks: &[Hunk]) -> Result<(), String> {
        // Later hunks of a block are numbered after the earlier ones applied.
        for hunk in hunks {
            let start = hunk.new_start.saturating_sub(1);
            let mut at = start;
            let mut replaced = Vec::new();
            for line in &hunk.lines {
                match line.kind {
                    LineKind::Context | LineKind::Removed => {
                        if lines.get(at) != Some(&line.text) {
                            return Err(format!(
                                "hunk at {} expects {:?}, file has {:?}",
                                hunk.old_start,
                                line.text,
                                lines.get(at)
                            ));
                        }
                        at += 1;
                        if line.kind == LineKind::Context {
                            replaced.push(line.text.clone());
                        }
                    }
                    LineKind::Added => replaced.push(line.text.clone()),
                }
            }
            lines.splice(start..at, replaced);
        }
        Ok(())
    }

    #[derive(Debug, Clone)]
    enum Pick {
        Accept,
        Reject,
        Edit(String),
    }

    fn picks() -> impl Strategy<Value = Pick> {
        prop_oneof![
            3 => Just(Pick::Accept),
            2 => Just(Pick::Reject),
            1 => "[a-z_]{1,12}".prop_map(|word| Pick::Edit(format!("// edited: {word}\n"))),
        ]
    }

    /// A block replacing `len` lines at `at` (or, when `broken`, a SEARCH that is not there).
    fn block_text(
        lines: &[&str],
        at: usize,
        len: usize,
        broken: bool,
        tag: usize,
    ) -> (String, String) {
        let window: Vec<&str> = lines[at..(at + len).min(lines.len())].to_vec();
        let mut search: String = window.iter().map(|line| format!("{line}\n")).collect();
        if broken {
            search = format!("not in the file {tag}\n");
        }
        let mut replace: String = window.iter().map(|line| format!("{line}\n")).collect();
        replace.push_str(&format!("// added by block {tag}\n"));
        (search, replace)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn what_lands_is_what_the_review_showed(
            spots in prop::collection::vec((0usize..400, 1usize..6, prop::bool::weighted(0.15)), 1..7),
            decisions in prop::collection::vec(picks(), 7),
            order in prop::collection::vec(0usize..7, 0..10),
        ) {
            let dir = tempfile::tempdir().unwrap();
            std::fs::write(dir.path().join("m.rs"), SOURCE).unwrap();
            let workspace = Workspace::new(dir.path()).unwrap();
            let lines: Vec<&str> = SOURCE.lines().collect();
            let edits: Vec<Edit> = spots
                .iter()
                .enumerate()
                .map(|(id, (at, len, broken))| {
                    let (search, replace) = block_text(&lines, at % lines.len(), *len, *broken, id);
                    Edit { id, ..Edit::new("m.rs", search, replace) }
                })
                .collect();
            let count = edits.len();
            let chat = vec!["m.rs".to_string()];
            let mut review =
                ReviewState::new(1, edits, Planner::new(&workspace, &chat), false, false, None);
            // Decide in a random order (revisits included), each time on the revision shown.
            let mut sequence: Vec<usize> = order.iter().map(|index| index % count).collect();
            sequence.extend(0..count);
            for id in sequence {
                let shown = review.view().blocks[id].clone();
                let decision = match &decisions[id] {
                    Pick::Accept => BlockDecision::Accept,
                    Pick::Reject => BlockDecision::Reject,
                    Pick::Edit(text) => BlockDecision::Edit {
                        text: format!("{}{text}", shown.editable_text.clone().unwrap_or_default()),
                    },
                };
                review.decide(id, decision, shown.revision);
            }
            review.finish_now();
            prop_assume!(review.is_settled());
            let shown = review.view();
            let mut expected: Vec<String> = SOURCE.lines().map(str::to_string).collect();
            for block in &shown.blocks {
                if !matches!(block.decision, BlockDecisionState::Accepted | BlockDecisionState::Edited) {
                    continue;
                }
                let BlockState::Planned { hunks, .. } = &block.state else {
                    panic!("an accepted block is planned: {block:?}");
                };
                apply_hunks(&mut expected, hunks).map_err(TestCaseError::fail)?;
            }
            review.apply(&workspace);
            let on_disk = std::fs::read_to_string(dir.path().join("m.rs")).unwrap();
            let mut expected_text = expected.join("\n");
            expected_text.push('\n');
            prop_assert_eq!(on_disk, expected_text);
        }
    }
}
