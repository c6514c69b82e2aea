//! Planning a reply's edits: every block is placed once, in reply order, on in-memory
//! copies of its files, following the user's decisions so far (a rejected block changes
//! nothing, an edited one applies its new text). The plan holds each block's hunks (what
//! the user reviews) and each file's final text (what is written): the same placement
//! produces both, so what is reviewed is what lands.
//!
//! Files are read once per [`Planner`]; planning again after a decision reuses those
//! copies, and the fingerprints taken then let the write refuse a file that changed on
//! disk meanwhile.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use super::failure::EditFailure;
use super::file_text::{FileText, LineKey, split_lf};
use super::hunk::hunks_of_splices;
use super::matching::{
    self, LadderStep, MatchFailure, Placement, Scope, Splice, already_present, closest_lines,
    placeholder_line, placeholder_lines,
};
use super::names::base_name;
use super::parsed::{Edit, EditKind};
use super::protected::protected_reason;
use super::syntax::{SyntaxCheck, SyntaxFinding};
use super::workspace::{Expect, FileOnDisk, Workspace};
use crate::diff::{Hunk, hunks_between};

/// What the user decided for one block.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Decision {
    /// Apply it (also: not decided yet — undecided blocks are planned as accepted).
    #[default]
    Accept,
    /// Leave it out.
    Reject,
    /// Apply it with this new text instead of the model's (REPLACE text, a hunk's new
    /// side, a whole file's content).
    Replace(String),
}

/// How a block changes its file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChangeKind {
    Modify,
    Create,
    Delete,
    /// The file is renamed to this path (after its hunks).
    Move(String),
}

/// A block that can be applied: its hunks against the file as it is just before it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockChange {
    pub kind: ChangeKind,
    pub hunks: Vec<Hunk>,
    /// The ladder step that placed it (none for listings, creations and deletions).
    pub step: Option<LadderStep>,
}

/// One block of the plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockPlan {
    /// The block's id (its place in the reply).
    pub id: usize,
    /// The file it changes (may differ from the edit's path after a chat-file fallback).
    pub path: String,
    pub outcome: Result<BlockChange, EditFailure>,
    /// On failure: the lines of the file most like the SEARCH text (first line, lines).
    pub closest: Option<(usize, Vec<String>)>,
    /// On failure: the REPLACE text is already in the file.
    pub replace_present: bool,
    /// On failure: the closest lines were not looked for, the plan's allowance for that
    /// search being spent (see [`HINT_LINES`]).
    pub closest_skipped: bool,
    /// The file is one an edit must not change without an explicit yes (configuration,
    /// the tool's own state, git hooks), and why.
    pub protected: Option<String>,
    /// The file is read-only on disk.
    pub read_only: bool,
    /// A syntax error the file has after this block and had not before it (checked
    /// only for blocks that apply, when the planner has a [`SyntaxCheck`]).
    pub syntax_error: Option<SyntaxFinding>,
}

/// What becomes of one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileResult {
    /// Write this text (creating the file when it was absent).
    Write(String),
    /// Delete the file.
    Delete,
}

/// A file the plan changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedFile {
    /// The path written (symlinks inside the root followed).
    pub path: String,
    /// What the file must still be when it is written.
    pub expect: Expect,
    pub result: FileResult,
    /// The blocks (by position in the plan) that changed it.
    pub blocks: Vec<usize>,
    pub read_only: bool,
}

/// The plan of a reply under a set of decisions.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Plan {
    /// One per edit, in the order given.
    pub blocks: Vec<BlockPlan>,
    /// The files whose text changes, in the order first changed.
    pub files: Vec<PlannedFile>,
}

impl Plan {
    /// The block with this id.
    pub fn block(&self, id: usize) -> Option<&BlockPlan> {
        self.blocks.iter().find(|block| block.id == id)
    }
}

/// A file as first read.
#[derive(Debug, Clone)]
enum Original {
    Missing {
        real_path: String,
    },
    Text {
        disk: FileOnDisk,
        text: Box<FileText>,
    },
    Unusable(EditFailure),
}

/// A file's state while planning.
#[derive(Debug, Clone)]
struct Current {
    /// `None`: absent (missing, or deleted by an earlier block).
    text: Option<FileText>,
    changed_by: Vec<usize>,
    move_to: Option<String>,
    /// The text the last syntax check saw after a block (`Some(None)`: the file was
    /// deleted); `None` before any, when the file is still as first read.
    checked: Option<Option<String>>,
}

/// How many lines of files the closest-lines search of failed blocks may read in one
/// plan. That search reads the whole file each time, so without a bound a reply of
/// thousands of failing blocks against a big file would cost blocks × lines; within it,
/// a 5,000-line file gets the search for its first 200 failed blocks.
pub const HINT_LINES: usize = 1_000_000;

/// The planning state: each file's current text, in the order first touched.
#[derive(Default)]
struct State {
    files: HashMap<String, Current>,
    order: Vec<String>,
    /// Lines the closest-lines search may still read (see [`HINT_LINES`]).
    hint_lines: usize,
}

impl State {
    fn with_hints(hint_lines: usize) -> State {
        State {
            hint_lines,
            ..State::default()
        }
    }

    /// Takes `lines` from the closest-lines allowance: false once it is spent (the one
    /// search that crosses it still runs).
    fn take_hint_lines(&mut self, lines: usize) -> bool {
        if self.hint_lines == 0 {
            return false;
        }
        self.hint_lines = self.hint_lines.saturating_sub(lines.max(1));
        true
    }

    /// Fills a failed block's hints from the file `key` as it is now, within the
    /// allowance.
    fn hints_from(&mut self, key: &str, block: &mut BlockPlan, edit: &Edit) {
        if edit.search.trim().is_empty() {
            return;
        }
        let Some(lines) = self
            .files
            .get(key)
            .and_then(|current| current.text.as_ref())
            .map(FileText::len)
        else {
            return;
        };
        if !self.take_hint_lines(lines) {
            block.closest_skipped = true;
            return;
        }
        if let Some(text) = self
            .files
            .get(key)
            .and_then(|current| current.text.as_ref())
        {
            fill_hints(block, text, edit);
        }
    }
}

/// Plans edits against the files of a workspace, reading each file once.
pub struct Planner {
    workspace: Workspace,
    chat_files: Vec<String>,
    protected_extra: Vec<String>,
    originals: HashMap<String, Original>,
    syntax: Option<Arc<dyn SyntaxCheck>>,
    /// The closest-lines allowance of each plan ([`HINT_LINES`]).
    hint_lines: usize,
}

impl Planner {
    /// A planner; `chat_files` may be edited and are tried when a block's own file does
    /// not hold its SEARCH text.
    pub fn new(workspace: &Workspace, chat_files: &[String]) -> Planner {
        Planner {
            workspace: workspace.clone(),
            chat_files: chat_files.to_vec(),
            protected_extra: Vec::new(),
            originals: HashMap::new(),
            syntax: None,
            hint_lines: HINT_LINES,
        }
    }

    /// Checks every block that applies for syntax errors it introduces.
    pub fn check_syntax(&mut self, check: Arc<dyn SyntaxCheck>) {
        self.syntax = Some(check);
    }

    /// The same planner with another closest-lines allowance (tests use a small one).
    #[cfg(test)]
    fn with_hint_lines(self, hint_lines: usize) -> Planner {
        Planner { hint_lines, ..self }
    }

    /// More path prefixes to protect (e.g. the repository's `core.hooksPath`).
    pub fn protect(&mut self, prefixes: Vec<String>) {
        self.protected_extra = prefixes;
    }

    /// `edits` with the split of each block that holds several `=======` lines
    /// settled by its file; see [`Planner::settle`].
    pub fn settle_all(&mut self, edits: &[Edit]) -> Vec<Edit> {
        edits.iter().map(|edit| self.settle(edit)).collect()
    }

    /// The edit with its split settled by its file (as first read). Of the ways to
    /// split a block that holds several `=======` lines, the one whose SEARCH text
    /// the file holds exactly once wins; when several do, the one the text alone
    /// chose, if it is among them, else the block is refused; when none does, the
    /// text's choice stands (refused when it could not choose).
    pub fn settle(&mut self, edit: &Edit) -> Edit {
        let Some(splits) = &edit.splits else {
            return edit.clone();
        };
        let Ok(key) = self.workspace.check(&edit.path) else {
            return edit.clone();
        };
        let Original::Text { text, .. } = self.load(&key) else {
            return edit.clone();
        };
        let mut file = (**text).clone();
        let found: Vec<usize> = (0..splits.count())
            .filter(|&index| {
                splits.split(index).is_some_and(|(search, replace)| {
                    !search.trim().is_empty()
                        && matching::place(&mut file, search, replace, scope(edit)).is_ok()
                })
            })
            .collect();
        let chosen = match found.as_slice() {
            [only] => Some(*only),
            several => splits
                .preferred()
                .filter(|preferred| several.contains(preferred)),
        };
        match chosen.and_then(|index| splits.split(index)) {
            Some((search, replace)) => Edit {
                search: search.to_string(),
                replace: replace.to_string(),
                refusal: None,
                splits: None,
                ..edit.clone()
            },
            None if found.len() > 1 => edit.clone().refused(format!(
                "the block holds {} ======= lines, and {} ways to split it find their SEARCH text in {}; none can be told to be the divider between SEARCH and REPLACE",
                splits.count(),
                found.len(),
                edit.path
            )),
            None => edit.clone(),
        }
    }

    /// The plan of `edits` with `decision(id)` for each block.
    pub fn plan(&mut self, edits: &[Edit], decision: &dyn Fn(usize) -> Decision) -> Plan {
        let mut state = State::with_hints(self.hint_lines);
        let blocks = edits
            .iter()
            .enumerate()
            .map(|(position, edit)| self.step(&mut state, position, edit, &decision(edit.id)))
            .collect();
        let files = self.finish(&state);
        Plan { blocks, files }
    }

    /// A plan made one block at a time, each accepted block seen by the later ones
    /// (the live preview while a reply streams; it shows no closest lines, so none are
    /// looked for).
    pub fn run(self) -> PlanRun {
        PlanRun {
            planner: self,
            state: State::default(),
            position: 0,
        }
    }

    /// Reads a file once (by its checked relative path).
    fn load(&mut self, key: &str) -> &Original {
        if !self.originals.contains_key(key) {
            let loaded = match self.workspace.read(key) {
                Ok(Some(disk)) => {
                    let text = Box::new(FileText::parse(&disk.text));
                    Original::Text { disk, text }
                }
                Ok(None) => match self.workspace.resolve(key) {
                    Ok(real_path) => Original::Missing { real_path },
                    Err(error) => Original::Unusable(refusal(error)),
                },
                Err(error) => Original::Unusable(refusal(error)),
            };
            self.originals.insert(key.to_string(), loaded);
        }
        &self.originals[key]
    }

    /// The checked key of a path and its current state (loaded on first use).
    fn current<'s>(
        &mut self,
        state: &'s mut State,
        rel: &str,
    ) -> Result<(String, &'s mut Current), EditFailure> {
        let key = self
            .workspace
            .check(rel)
            .map_err(|error| EditFailure::PathRefused(error.to_string()))?;
        if !state.files.contains_key(&key) {
            let text = match self.load(&key) {
                Original::Text { text, .. } => Some((**text).clone()),
                Original::Missing { .. } => None,
                Original::Unusable(failure) => return Err(failure.clone()),
            };
            state.files.insert(
                key.clone(),
                Current {
                    text,
                    changed_by: Vec::new(),
                    move_to: None,
                    checked: None,
                },
            );
            state.order.push(key.clone());
        }
        match state.files.get_mut(&key) {
            Some(current) => Ok((key, current)),
            None => Err(EditFailure::Unreadable(rel.to_string())),
        }
    }

    fn read_only(&self, key: &str) -> bool {
        matches!(self.originals.get(key), Some(Original::Text { disk, .. }) if disk.read_only)
    }

    /// Plans one block; applies it to the state unless it is rejected or fails.
    fn step(
        &mut self,
        state: &mut State,
        position: usize,
        edit: &Edit,
        choice: &Decision,
    ) -> BlockPlan {
        let replace = match choice {
            Decision::Replace(text) => text.as_str(),
            _ => edit.replace.as_str(),
        };
        let apply = *choice != Decision::Reject;
        let mut block = BlockPlan {
            id: edit.id,
            path: edit.path.clone(),
            outcome: Err(EditFailure::Unreadable(edit.path.clone())),
            closest: None,
            replace_present: false,
            closest_skipped: false,
            protected: protected_reason(&edit.path, &self.protected_extra),
            read_only: false,
            syntax_error: None,
        };
        if let Some(reason) = &edit.refusal {
            block.outcome = Err(EditFailure::Refused(reason.clone()));
            return block;
        }
        let move_to = match self.move_target(edit) {
            Ok(move_to) => move_to,
            Err(failure) => {
                block.outcome = Err(failure);
                return block;
            }
        };
        let chat_files = self.chat_files.clone();
        let (key, current) = match self.current(state, &edit.path) {
            Ok(found) => found,
            Err(failure) => {
                block.outcome = Err(failure);
                return block;
            }
        };
        block.path = key.clone();
        if edit.exact_file && current.text.is_none() {
            block.outcome = Err(EditFailure::Missing {
                path: key,
                files: self.existing_chat_files(state),
            });
            return block;
        }
        let outcome = plan_change(
            edit,
            replace,
            move_to.clone(),
            &mut current.text,
            apply,
            &chat_files,
            &key,
        );
        let (key, outcome) = match outcome {
            Ok(change) => (key, Ok(change)),
            Err(PlanFailure::Here(failure)) => {
                state.hints_from(&key, &mut block, edit);
                (key, Err(failure))
            }
            Err(PlanFailure::NotFoundHere(failure)) => {
                // The named file lacks the text: one other chat file may hold it, unless
                // the file was named outright.
                let found = if edit.exact_file {
                    None
                } else {
                    self.fallback(state, edit, replace, apply, &key)
                };
                found.unwrap_or_else(|| {
                    self.hint_for_missing_text(state, &mut block, edit, &key);
                    (key, Err(failure))
                })
            }
        };
        block.protected = protected_reason(&key, &self.protected_extra);
        block.read_only = self.read_only(&key);
        if let Ok(change) = &outcome
            && apply
        {
            block.syntax_error = self.check_block(state, &key, &change.kind);
            if let Some(current) = state.files.get_mut(&key) {
                current.changed_by.push(position);
                if let ChangeKind::Move(target) = &change.kind {
                    current.move_to = Some(target.clone());
                }
            }
        }
        block.path = key;
        block.outcome = outcome;
        block
    }

    /// Where a block's `*** Move to:` sends its file, resolved in the workspace; `None`
    /// for no move. A move never overwrites: the new name must be free.
    fn move_target(&mut self, edit: &Edit) -> Result<Option<String>, EditFailure> {
        match edit
            .move_to
            .as_deref()
            .map(|target| self.workspace.resolve(target))
        {
            Some(Ok(target))
                if target != edit.path && matches!(self.load(&target), Original::Text { .. }) =>
            {
                Err(EditFailure::Exists(target))
            }
            Some(Ok(target)) => Ok(Some(target)),
            Some(Err(error)) => Err(refusal(error)),
            None => Ok(None),
        }
    }

    /// The hints for a block whose text no chat file holds: from the named file if it
    /// exists, else from the chat file most like the text.
    fn hint_for_missing_text(
        &mut self,
        state: &mut State,
        block: &mut BlockPlan,
        edit: &Edit,
        key: &str,
    ) {
        let named_exists = state
            .files
            .get(key)
            .is_some_and(|current| current.text.is_some());
        let hint = if named_exists {
            Some(key.to_string())
        } else {
            self.best_hint_file(state, block, edit)
        };
        if let Some(hint) = hint {
            state.hints_from(&hint, block, edit);
        }
    }

    /// The syntax error a block just applied to `key` introduced, if the planner
    /// checks syntax: the file's text now against its text before the block.
    fn check_block(
        &self,
        state: &mut State,
        key: &str,
        kind: &ChangeKind,
    ) -> Option<SyntaxFinding> {
        let check = self.syntax.as_ref()?;
        let current = state.files.get_mut(key)?;
        let after = current.text.as_ref().map(FileText::to_text);
        let before: Option<Cow<'_, str>> = match current.checked.replace(after.clone()) {
            Some(seen) => seen.map(Cow::Owned),
            None => match self.originals.get(key) {
                Some(Original::Text { disk, .. }) => Some(Cow::Borrowed(disk.text.as_str())),
                _ => None,
            },
        };
        let after = after?;
        // A renamed file is checked in the language of its new name.
        let path = match kind {
            ChangeKind::Move(target) => target.as_str(),
            _ => key,
        };
        check.introduced(path, before.as_deref().unwrap_or(""), &after)
    }

    /// The one other chat file that holds a block's SEARCH text, planned there.
    fn fallback(
        &mut self,
        state: &mut State,
        edit: &Edit,
        replace: &str,
        apply: bool,
        named: &str,
    ) -> Option<(String, Result<BlockChange, EditFailure>)> {
        let mut hits: Vec<(String, Result<Placement, usize>)> = Vec::new();
        for chat_file in self.chat_files.clone() {
            let Ok((key, current)) = self.current(state, &chat_file) else {
                continue;
            };
            if key == named || hits.iter().any(|(seen, _)| *seen == key) {
                continue;
            }
            let Some(text) = current.text.as_mut() else {
                continue;
            };
            match matching::place(text, &edit.search, replace, scope(edit)) {
                Ok(placement) => hits.push((key, Ok(placement))),
                Err(MatchFailure::Ambiguous { count }) => hits.push((key, Err(count))),
                Err(MatchFailure::NotFound) => {}
            }
        }
        if hits.len() > 1 {
            let files = hits.into_iter().map(|(key, _)| key).collect();
            return Some((
                named.to_string(),
                Err(EditFailure::AmbiguousFiles {
                    path: named.to_string(),
                    files,
                }),
            ));
        }
        let (key, hit) = hits.pop()?;
        let outcome = match hit {
            Err(count) => Err(EditFailure::Ambiguous {
                path: key.clone(),
                count,
            }),
            Ok(placement) => {
                let text = state.files.get_mut(&key)?.text.as_mut()?;
                Ok(change_from(text, &placement, apply))
            }
        };
        Some((key, outcome))
    }

    /// The chat file whose lines are most like `search`, for feedback (each file read
    /// counts against the plan's closest-lines allowance).
    fn best_hint_file(
        &mut self,
        state: &mut State,
        block: &mut BlockPlan,
        edit: &Edit,
    ) -> Option<String> {
        if edit.search.trim().is_empty() {
            return None;
        }
        let mut best: Option<(usize, String)> = None;
        for chat_file in self.chat_files.clone() {
            let Ok((key, current)) = self.current(state, &chat_file) else {
                continue;
            };
            let Some(lines) = current.text.as_ref().map(FileText::len) else {
                continue;
            };
            if !state.take_hint_lines(lines) {
                block.closest_skipped = true;
                return None;
            }
            let Some(text) = state
                .files
                .get(&key)
                .and_then(|current| current.text.as_ref())
            else {
                continue;
            };
            let score =
                closest_lines(&text.to_lf_text(), &edit.search).map_or(0, |(_, lines)| lines.len());
            if best.as_ref().is_none_or(|(top, _)| score > *top) {
                best = Some((score, key));
            }
        }
        best.map(|(_, key)| key)
    }

    /// The chat files that exist (for the feedback on a file named outright but missing).
    fn existing_chat_files(&mut self, state: &mut State) -> Vec<String> {
        let mut existing = Vec::new();
        for chat_file in self.chat_files.clone() {
            if let Ok((key, current)) = self.current(state, &chat_file)
                && current.text.is_some()
                && !existing.contains(&key)
            {
                existing.push(key);
            }
        }
        existing
    }

    /// The files whose content changed, with what to write.
    fn finish(&self, state: &State) -> Vec<PlannedFile> {
        let mut files = Vec::new();
        for key in &state.order {
            let Some(current) = state.files.get(key) else {
                continue;
            };
            if current.changed_by.is_empty() {
                continue;
            }
            let (expect, real_path, original_text) = match self.originals.get(key) {
                Some(Original::Text { disk, .. }) => (
                    Expect::Unchanged(disk.fingerprint),
                    disk.real_path.clone(),
                    Some(disk.text.as_str()),
                ),
                Some(Original::Missing { real_path }) => (Expect::Absent, real_path.clone(), None),
                _ => continue,
            };
            let read_only = self.read_only(key);
            let blocks = current.changed_by.clone();
            let delete_original = |files: &mut Vec<PlannedFile>| {
                if let Expect::Unchanged(_) = expect {
                    files.push(PlannedFile {
                        path: real_path.clone(),
                        expect,
                        result: FileResult::Delete,
                        blocks: blocks.clone(),
                        read_only,
                    });
                }
            };
            match (
                &current.move_to,
                current.text.as_ref().map(FileText::to_text),
            ) {
                (Some(target), Some(text)) => {
                    files.push(PlannedFile {
                        path: target.clone(),
                        expect: Expect::Absent,
                        result: FileResult::Write(text),
                        blocks: blocks.clone(),
                        read_only: false,
                    });
                    delete_original(&mut files);
                }
                (None, Some(text)) => {
                    if original_text != Some(text.as_str()) {
                        files.push(PlannedFile {
                            path: real_path.clone(),
                            expect,
                            result: FileResult::Write(text),
                            blocks: blocks.clone(),
                            read_only,
                        });
                    }
                }
                (_, None) => delete_original(&mut files),
            }
        }
        files
    }
}

/// A plan in progress; see [`Planner::run`].
pub struct PlanRun {
    planner: Planner,
    state: State,
    position: usize,
}

impl PlanRun {
    /// Plans a complete block as accepted: the blocks after it see its change.
    pub fn step(&mut self, edit: &Edit) -> BlockPlan {
        let position = self.position;
        self.position += 1;
        self.planner
            .step(&mut self.state, position, edit, &Decision::Accept)
    }

    /// Plans a block without applying it (one still streaming in).
    pub fn peek(&mut self, edit: &Edit) -> BlockPlan {
        self.planner
            .step(&mut self.state, usize::MAX, edit, &Decision::Reject)
    }
}

/// Why a block could not be planned in its own file.
enum PlanFailure {
    /// A failure that no other file can mend.
    Here(EditFailure),
    /// The SEARCH text is not in the named file (another chat file may hold it).
    NotFoundHere(EditFailure),
}

/// Plans a block in its own file; when `apply`, changes `text` to the file after it.
fn plan_change(
    edit: &Edit,
    replace: &str,
    move_to: Option<String>,
    text: &mut Option<FileText>,
    apply: bool,
    chat_files: &[String],
    key: &str,
) -> Result<BlockChange, PlanFailure> {
    let modified = move_to.map_or(ChangeKind::Modify, ChangeKind::Move);
    match edit.kind {
        EditKind::DeleteFile => return plan_deletion(text, apply, key),
        EditKind::CreateFile => return plan_creation(text, replace, apply, key),
        EditKind::WholeFile => {
            return plan_listing(text, replace, apply, key, chat_files, modified);
        }
        EditKind::SearchReplace => {}
    }
    if edit.search.trim().is_empty() {
        return plan_without_search(edit, text, replace, apply, key, modified);
    }
    if let Some(line) = placeholder_in(replace, &[&edit.search], text.as_mut()) {
        return here(EditFailure::Placeholder {
            path: key.to_string(),
            line,
        });
    }
    let Some(current) = text.as_mut() else {
        return Err(PlanFailure::NotFoundHere(not_found(key, false)));
    };
    match matching::place(current, &edit.search, replace, scope(edit)) {
        Ok(placement) => {
            let mut change = change_from(current, &placement, apply);
            change.kind = modified;
            Ok(change)
        }
        Err(MatchFailure::Ambiguous { count }) => here(EditFailure::Ambiguous {
            path: key.to_string(),
            count,
        }),
        Err(MatchFailure::NotFound) => Err(PlanFailure::NotFoundHere(not_found(key, true))),
    }
}

/// A failure of the block in its own file that no other file can mend.
fn here(failure: EditFailure) -> Result<BlockChange, PlanFailure> {
    Err(PlanFailure::Here(failure))
}

/// The SEARCH text is not in `key` (or `key` does not exist).
fn not_found(key: &str, file_exists: bool) -> EditFailure {
    EditFailure::NotFound {
        path: key.to_string(),
        file_exists,
    }
}

/// A deletion: the whole file as one removed hunk.
fn plan_deletion(
    text: &mut Option<FileText>,
    apply: bool,
    key: &str,
) -> Result<BlockChange, PlanFailure> {
    let Some(current) = text.as_ref() else {
        return here(not_found(key, false));
    };
    let change = BlockChange {
        kind: ChangeKind::Delete,
        hunks: hunks_between(&current.all_lines(), &[]),
        step: None,
    };
    if apply {
        *text = None;
    }
    Ok(change)
}

/// A new file: refused over a file with content, or with a placeholder line.
fn plan_creation(
    text: &mut Option<FileText>,
    replace: &str,
    apply: bool,
    key: &str,
) -> Result<BlockChange, PlanFailure> {
    if text.as_ref().is_some_and(|current| !current.is_empty()) {
        return here(EditFailure::Exists(key.to_string()));
    }
    if let Some(line) = placeholder_line(replace, &[]) {
        return here(EditFailure::Placeholder {
            path: key.to_string(),
            line,
        });
    }
    Ok(whole_text(text, replace, ChangeKind::Create, apply))
}

/// A whole-file listing: the file's new text, or a new file. Refused with a
/// placeholder line, or when a bare basename several chat files share names it.
fn plan_listing(
    text: &mut Option<FileText>,
    replace: &str,
    apply: bool,
    key: &str,
    chat_files: &[String],
    modified: ChangeKind,
) -> Result<BlockChange, PlanFailure> {
    if let Some(line) = placeholder_in(replace, &[], text.as_mut()) {
        return here(EditFailure::Placeholder {
            path: key.to_string(),
            line,
        });
    }
    if text.is_none() && !key.contains('/') {
        // A listing named by a bare basename that several chat files share
        // must not become a new file at the top level.
        let namesakes: Vec<String> = chat_files
            .iter()
            .filter(|file| base_name(file) == base_name(key) && *file != key)
            .cloned()
            .collect();
        if !namesakes.is_empty() {
            return here(EditFailure::AmbiguousName {
                path: key.to_string(),
                files: namesakes,
            });
        }
    }
    let kind = if text.is_some() {
        modified
    } else {
        ChangeKind::Create
    };
    Ok(whole_text(text, replace, kind, apply))
}

/// A block with an empty SEARCH: a pure move, added lines under a patch's anchor, or
/// text for a new file or the end of an existing one.
fn plan_without_search(
    edit: &Edit,
    text: &mut Option<FileText>,
    replace: &str,
    apply: bool,
    key: &str,
    modified: ChangeKind,
) -> Result<BlockChange, PlanFailure> {
    if matches!(modified, ChangeKind::Move(_)) && replace.is_empty() {
        // A pure move: no hunk.
        if text.is_none() {
            return here(not_found(key, false));
        }
        return Ok(BlockChange {
            kind: modified,
            hunks: Vec::new(),
            step: None,
        });
    }
    // A patch hunk of only added lines goes under its anchor.
    if let Some(current) = text.as_mut()
        && let Some(found) = matching::insertion_after_anchor(current, &edit.anchors)
    {
        let at = match found {
            Ok(at) => at,
            Err(MatchFailure::Ambiguous { count }) => {
                return here(EditFailure::Ambiguous {
                    path: key.to_string(),
                    count,
                });
            }
            Err(MatchFailure::NotFound) => return here(not_found(key, true)),
        };
        let (lines, _) = split_lf(replace);
        let placement = Placement {
            splices: vec![matching::Splice {
                start: at,
                removed: 0,
                inserted: lines.iter().map(|line| line.to_string()).collect(),
            }],
            step: LadderStep::Exact,
        };
        let mut change = change_from(current, &placement, apply);
        change.kind = modified;
        return Ok(change);
    }
    // An empty SEARCH creates the file, or appends to what is there; it never
    // overwrites. The hunk is read off the end of the file alone, so appends to one
    // file cost their own lines, not the file's.
    Ok(match text.as_mut() {
        Some(current) if !current.is_blank() => {
            let (lines, _) = split_lf(replace);
            let appended = Splice {
                start: current.len(),
                removed: 0,
                inserted: lines.iter().map(|line| line.to_string()).collect(),
            };
            let change = BlockChange {
                kind: modified,
                hunks: hunks_of_splices(current, &[appended]),
                step: None,
            };
            if apply {
                current.append(replace);
            }
            change
        }
        _ => whole_text(text, replace, ChangeKind::Create, apply),
    })
}

/// A placeholder line of `replace` that is neither in `known` nor in the file (looked
/// up in the file's line index: no copy of the file per block).
fn placeholder_in(replace: &str, known: &[&str], file: Option<&mut FileText>) -> Option<String> {
    let mut file = file;
    placeholder_lines(replace)
        .find(|line| {
            !known
                .iter()
                .any(|text| text.lines().any(|known| known.trim() == line.trim()))
                && !file
                    .as_deref_mut()
                    .is_some_and(|file| file.contains(LineKey::Trim, line))
        })
        .map(|line| line.trim().to_string())
}

/// A block whose text is a whole file's content.
fn whole_text(
    text: &mut Option<FileText>,
    content: &str,
    kind: ChangeKind,
    apply: bool,
) -> BlockChange {
    let old = text.as_ref().map(FileText::all_lines).unwrap_or_default();
    let (new, _) = split_lf(content);
    let change = BlockChange {
        kind,
        hunks: hunks_between(&old, &new),
        step: None,
    };
    if apply {
        let mut after = text.take().unwrap_or_else(FileText::empty);
        after.replace_all(content);
        *text = Some(after);
    }
    change
}

/// A placement's change (hunks against `text`); applied to `text` when `apply`.
fn change_from(text: &mut FileText, placement: &Placement, apply: bool) -> BlockChange {
    let hunks = hunks_of_splices(text, &placement.splices);
    if apply {
        matching::apply_placement(text, placement);
    }
    BlockChange {
        kind: ChangeKind::Modify,
        hunks,
        step: Some(placement.step),
    }
}

/// A failed block's hints: the lines of `text` most like its SEARCH text, and whether
/// its REPLACE text is there already (each reads the whole file).
fn fill_hints(block: &mut BlockPlan, text: &FileText, edit: &Edit) {
    let lf = text.to_lf_text();
    block.closest = closest_lines(&lf, &edit.search);
    block.replace_present = already_present(&lf, &edit.replace);
}

fn scope(edit: &Edit) -> Scope<'_> {
    Scope {
        anchors: &edit.anchors,
        at_end: edit.at_end,
    }
}

fn refusal(error: super::workspace::WorkspaceError) -> EditFailure {
    use super::workspace::WorkspaceError as W;
    match error {
        W::Empty | W::Absolute(_) | W::ParentDir(_) | W::GitDir(_) | W::SymlinkEscape(_) => {
            EditFailure::PathRefused(error.to_string())
        }
        other => EditFailure::Unreadable(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::super::apply::apply_plan;
    use super::super::file_text::LINES_READ;
    use super::*;

    fn workspace(name: &str, text: &str) -> (tempfile::TempDir, Workspace) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(name), text).unwrap();
        let workspace = Workspace::new(dir.path()).unwrap();
        (dir, workspace)
    }

    fn numbered(lines: usize) -> String {
        (0..lines)
            .map(|i| format!("value_{i} = compute({i})\n"))
            .collect()
    }

    /// A small closest-lines allowance, so that the tests run quickly unoptimised.
    const ALLOWANCE: usize = 10_000;

    /// Lines copied out of files while planning `edits` (and the plan).
    fn plan_counting(workspace: &Workspace, edits: &[Edit], chat: &[String]) -> (usize, Plan) {
        let before = LINES_READ.with(|read| read.get());
        let plan = Planner::new(workspace, chat)
            .with_hint_lines(ALLOWANCE)
            .plan(edits, &|_| Decision::Accept);
        (LINES_READ.with(|read| read.get()) - before, plan)
    }

    /// Blocks that look like lines of the file (same words) but match none.
    fn failing(count: usize, lines: usize) -> Vec<Edit> {
        (0..count)
            .map(|i| {
                let at = i % lines;
                Edit::new(
                    "f.py",
                    format!("value_{at} = compute({at}, {i})\n"),
                    format!("value_{at} = 0\n"),
                )
                .with_id(i)
            })
            .collect()
    }

    #[test]
    fn closest_lines_are_searched_within_an_allowance_and_the_rest_are_named() {
        let lines = 500;
        let (_dir, workspace) = workspace("f.py", &numbered(lines));
        let chat = vec!["f.py".to_string()];
        let edits = failing(120, lines);
        let (_, plan) = plan_counting(&workspace, &edits, &chat);
        let searched = ALLOWANCE / lines;
        for (position, block) in plan.blocks.iter().enumerate() {
            assert!(block.outcome.is_err());
            assert_eq!(
                block.closest_skipped,
                position >= searched,
                "block {position}"
            );
            assert_eq!(
                block.closest.is_some(),
                position < searched,
                "block {position}"
            );
        }
        let report = apply_plan(&workspace, &edits, &plan, &|_| Decision::Accept, &|_| false);
        let feedback = report.feedback().unwrap();
        assert!(
            feedback.contains("Closest lines not searched for the remaining 100 failed blocks"),
            "{}",
            &feedback[feedback.len().saturating_sub(600)..]
        );
        assert!(feedback.contains("Did you mean these lines, which are actually in f.py"));
    }

    #[test]
    fn a_failing_block_past_the_allowance_reads_no_file_lines() {
        let lines = 2_000;
        let (_dir, workspace) = workspace("f.py", &numbered(lines));
        let chat = vec!["f.py".to_string()];
        let (few, _) = plan_counting(&workspace, &failing(400, lines), &chat);
        let (many, _) = plan_counting(&workspace, &failing(800, lines), &chat);
        // Past the allowance a block costs its own lines, not the file's 2,000.
        let per_block = (many - few) / 400;
        assert!(
            per_block < 10,
            "{per_block} lines read per extra failing block"
        );
        assert!(few <= ALLOWANCE + 2 * lines, "{few}");
    }

    #[test]
    fn a_placeholder_line_is_looked_up_in_the_file_not_copied_out_of_it() {
        let mut text = numbered(2_000);
        text.push_str("    // ... existing code ...\n");
        let (_dir, workspace) = workspace("f.py", &text);
        let chat = vec!["f.py".to_string()];
        // Each REPLACE holds a placeholder line; the file holds it too, so all apply.
        let blocks = |count: usize| -> Vec<Edit> {
            (0..count)
                .map(|i| {
                    Edit::new(
                        "f.py",
                        format!("value_{i} = compute({i})\n"),
                        format!("value_{i} = 1\n    // ... existing code ...\n"),
                    )
                    .with_id(i)
                })
                .collect()
        };
        let (few, plan) = plan_counting(&workspace, &blocks(200), &chat);
        let (many, _) = plan_counting(&workspace, &blocks(400), &chat);
        assert!(plan.blocks.iter().all(|block| block.outcome.is_ok()));
        let per_block = (many - few) / 200;
        assert!(per_block < 20, "{per_block} lines read per extra block");
    }

    #[test]
    fn appending_blocks_read_only_the_end_of_the_file() {
        let (_dir, workspace) = workspace("f.py", &numbered(2_000));
        let chat = vec!["f.py".to_string()];
        let appends = |count: usize| -> Vec<Edit> {
            (0..count)
                .map(|i| Edit::new("f.py", "", format!("added_{i} = {i}\n")).with_id(i))
                .collect()
        };
        let (few, plan) = plan_counting(&workspace, &appends(1_000), &chat);
        let (many, _) = plan_counting(&workspace, &appends(2_000), &chat);
        let per_block = (many - few) / 1_000;
        assert!(
            per_block < 10,
            "{per_block} lines read per extra appending block"
        );
        let FileResult::Write(text) = &plan.files[0].result else {
            panic!("{:?}", plan.files[0].result);
        };
        assert!(text.ends_with("added_998 = 998\nadded_999 = 999\n"));
        let hunk = &plan.blocks[999].outcome.as_ref().unwrap().hunks[0];
        assert_eq!(hunk.old_start, 2_000 + 999 - 2);
    }
}
