//! Writing a plan to disk: each changed file once, atomically, through the workspace,
//! and only if it is still what the plan was made against; then what became of every
//! block.

use rayon::prelude::*;

use super::failure::EditFailure;
use super::parsed::Edit;
use super::plan::{ChangeKind, Decision, FileResult, Plan, Planner};
use super::result::{EditResult, EditStatus};
use super::workspace::{Workspace, WorkspaceError};

/// The results of applying a plan.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ApplyReport {
    /// One result per edit, in order.
    pub results: Vec<EditResult>,
    /// The files written or deleted, relative to the root, in the order first changed.
    pub written: Vec<String>,
}

impl ApplyReport {
    /// The files that were written or deleted.
    pub fn changed_files(&self) -> Vec<String> {
        self.written.clone()
    }

    /// Whether every edit applied (none failed).
    pub fn all_applied(&self) -> bool {
        self.results
            .iter()
            .all(|result| !matches!(result.status, EditStatus::Failed(_)))
    }

    /// The message for the model about the edits that failed (`None` if none did).
    pub fn feedback(&self) -> Option<String> {
        super::feedback::failure_message(&self.results)
    }
}

/// Writes `plan` (made from `edits` under `decision`). A file the user changed since
/// the plan was made is left alone and its blocks fail; `allow_read_only(path)` says
/// whether a read-only file may be written.
pub fn apply_plan(
    workspace: &Workspace,
    edits: &[Edit],
    plan: &Plan,
    decision: &dyn Fn(usize) -> Decision,
    allow_read_only: &dyn Fn(&str) -> bool,
) -> ApplyReport {
    // Writes first (in parallel: the time is the file system's), then deletes, each
    // delete only if the writes of its blocks (a move's new file) went through.
    let allowed: Vec<bool> = plan
        .files
        .iter()
        .map(|file| allow_read_only(&file.path))
        .collect();
    let writes: Vec<(usize, Result<(), WorkspaceError>)> = plan
        .files
        .par_iter()
        .enumerate()
        .filter_map(|(index, file)| match &file.result {
            FileResult::Write(text) => Some((
                index,
                workspace.write(&file.path, text, file.expect, allowed[index]),
            )),
            FileResult::Delete => None,
        })
        .collect();
    let mut failures: Vec<Option<EditFailure>> = vec![None; plan.files.len()];
    // Per block (by position): the failure of the first file of it that failed. Kept
    // per block so that many blocks in one file cost one pass, not blocks × blocks.
    let mut block_failures: Vec<Option<EditFailure>> = vec![None; plan.blocks.len()];
    let mut fail =
        |index: usize, failure: EditFailure, block_failures: &mut [Option<EditFailure>]| {
            for &block in &plan.files[index].blocks {
                if let Some(slot) = block_failures.get_mut(block)
                    && slot.is_none()
                {
                    *slot = Some(failure.clone());
                }
            }
            failures[index] = Some(failure);
        };
    for (index, outcome) in writes {
        if let Err(error) = outcome {
            fail(index, write_failure(error), &mut block_failures);
        }
    }
    for (index, file) in plan.files.iter().enumerate() {
        if file.result != FileResult::Delete {
            continue;
        }
        let blocked = file
            .blocks
            .iter()
            .any(|block| block_failures.get(*block).is_some_and(Option::is_some));
        if blocked {
            let kept = EditFailure::WriteFailed(format!(
                "{} was kept: its new copy could not be written",
                file.path
            ));
            fail(index, kept, &mut block_failures);
            continue;
        }
        let super::workspace::Expect::Unchanged(fingerprint) = file.expect else {
            continue;
        };
        if let Err(error) = workspace.remove(&file.path, fingerprint) {
            fail(index, write_failure(error), &mut block_failures);
        }
    }
    let mut report = ApplyReport::default();
    let mut written = std::collections::HashSet::new();
    for (file, failure) in plan.files.iter().zip(&failures) {
        if failure.is_none() && written.insert(file.path.as_str()) {
            report.written.push(file.path.clone());
        }
    }
    for (position, (block, edit)) in plan.blocks.iter().zip(edits).enumerate() {
        let file_failure = block_failures.get_mut(position).and_then(Option::take);
        let status = match (&block.outcome, file_failure) {
            (Err(failure), _) => EditStatus::Failed(failure.clone()),
            (Ok(_), _) if decision(block.id) == Decision::Reject => EditStatus::Rejected,
            (Ok(_), Some(failure)) => EditStatus::Failed(failure),
            (Ok(change), None) => match &change.kind {
                ChangeKind::Modify => EditStatus::Applied,
                ChangeKind::Create => EditStatus::Created,
                ChangeKind::Delete => EditStatus::Deleted,
                ChangeKind::Move(target) => EditStatus::Moved(target.clone()),
            },
        };
        report.results.push(EditResult {
            index: position,
            id: block.id,
            path: block.path.clone(),
            status,
            edit: edit.clone(),
            closest: block.closest.clone(),
            replace_present: block.replace_present,
            syntax_error: block.syntax_error.clone(),
            closest_skipped: block.closest_skipped,
        });
    }
    report
}

fn write_failure(error: WorkspaceError) -> EditFailure {
    match error {
        WorkspaceError::Changed(path) | WorkspaceError::Appeared(path) => {
            EditFailure::ChangedOnDisk(path)
        }
        other => EditFailure::WriteFailed(other.to_string()),
    }
}

/// A dry run: the plan of every edit, in order, accepting all, with nothing written
/// (each block's split settled by its file first, see [`Planner::settle`]).
pub fn plan_edits(workspace: &Workspace, edits: &[Edit], chat_files: &[String]) -> Plan {
    let mut planner = Planner::new(workspace, chat_files);
    let edits = planner.settle_all(edits);
    planner.plan(&edits, &|_| Decision::Accept)
}

/// Plans and applies every edit. A failed edit changes nothing; the others still apply.
/// Read-only files are not written. The results hold the edits as settled by their
/// files ([`Planner::settle`]).
pub fn apply_edits(workspace: &Workspace, edits: &[Edit], chat_files: &[String]) -> ApplyReport {
    let mut planner = Planner::new(workspace, chat_files);
    let edits = planner.settle_all(edits);
    let plan = planner.plan(&edits, &|_| Decision::Accept);
    apply_plan(workspace, &edits, &plan, &|_| Decision::Accept, &|_| false)
}
