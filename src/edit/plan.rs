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

use super::apply::EditFailure;
use super::file_text::{FileText, split_lf};
use super::hunk::hunks_of_splices;
use super::matching::{
    self, LadderStep, MatchFailure, Placement, Scope, already_present, closest_lines,
    placeholder_line,
};
use super::names::base_name;
use super::protected::protected_reason;
use super::reply::{Edit, EditKind};
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

/// The planning state: each file's current text, in the order first touched.
#[derive(Default)]
struct State {
    files: HashMap<String, Current>,
    order: Vec<String>,
}

/// Plans edits against the files of a workspace, reading each file once.
pub struct Planner {
    workspace: Workspace,
    chat_files: Vec<String>,
    protected_extra: Vec<String>,
    originals: HashMap<String, Original>,
    syntax: Option<Arc<dyn SyntaxCheck>>,
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
        }
    }

    /// Checks every block that applies for syntax errors it introduces.
    pub fn check_syntax(&mut self, check: Arc<dyn SyntaxCheck>) {
        self.syntax = Some(check);
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
        let mut state = State::default();
        let blocks = edits
            .iter()
            .enumerate()
            .map(|(position, edit)| self.step(&mut state, position, edit, &decision(edit.id)))
            .collect();
        let files = self.finish(&state);
        Plan { blocks, files }
    }

    /// A plan made one block at a time, each accepted block seen by the later ones
    /// (the live preview while a reply streams).
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
            protected: protected_reason(&edit.path, &self.protected_extra),
            read_only: false,
            syntax_error: None,
        };
        if let Some(reason) = &edit.refusal {
            block.outcome = Err(EditFailure::Refused(reason.clone()));
            return block;
        }
        let move_to = match edit
            .move_to
            .as_deref()
            .map(|target| self.workspace.resolve(target))
        {
            Some(Ok(target)) => {
                // A move never overwrites: the new name must be free.
                if target != edit.path && matches!(self.load(&target), Original::Text { .. }) {
                    block.outcome = Err(EditFailure::Exists(target));
                    return block;
                }
                Some(target)
            }
            Some(Err(error)) => {
                block.outcome = Err(refusal(error));
                return block;
            }
            None => None,
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
                fill_hints(&mut block, current.text.as_ref(), edit);
                (key, Err(failure))
            }
            Err(PlanFailure::NotFoundHere(failure)) => {
                // The named file lacks the text: one other chat file may hold it.
                match self.fallback(state, edit, replace, apply, &key) {
                    Some(found) => found,
                    None => {
                        let named = state
                            .files
                            .get(&key)
                            .and_then(|current| current.text.clone());
                        let hint = named.or_else(|| self.best_hint_file(state, edit));
                        fill_hints(&mut block, hint.as_ref(), edit);
                        (key, Err(failure))
                    }
                }
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

    /// The chat file whose lines are most like `search`, for feedback.
    fn best_hint_file(&mut self, state: &mut State, edit: &Edit) -> Option<FileText> {
        let mut best: Option<(usize, FileText)> = None;
        for chat_file in self.chat_files.clone() {
            let Ok((_, current)) = self.current(state, &chat_file) else {
                continue;
            };
            let Some(text) = current.text.as_ref() else {
                continue;
            };
            let score =
                closest_lines(&text.to_lf_text(), &edit.search).map_or(0, |(_, lines)| lines.len());
            if best.as_ref().is_none_or(|(top, _)| score > *top) {
                best = Some((score, text.clone()));
            }
        }
        best.map(|(_, text)| text)
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
    let here = |failure| Err(PlanFailure::Here(failure));
    let not_found = |file_exists| EditFailure::NotFound {
        path: key.to_string(),
        file_exists,
    };
    let modified = || move_to.clone().map_or(ChangeKind::Modify, ChangeKind::Move);
    match edit.kind {
        EditKind::DeleteFile => {
            let Some(current) = text.as_ref() else {
                return here(not_found(false));
            };
            let change = BlockChange {
                kind: ChangeKind::Delete,
                hunks: hunks_between(&current.all_lines(), &[]),
                step: None,
            };
            if apply {
                *text = None;
            }
            return Ok(change);
        }
        EditKind::CreateFile => {
            if text.as_ref().is_some_and(|current| !current.is_empty()) {
                return here(EditFailure::Exists(key.to_string()));
            }
            if let Some(line) = placeholder_line(replace, &[]) {
                return here(EditFailure::Placeholder {
                    path: key.to_string(),
                    line,
                });
            }
            return Ok(whole_text(text, replace, ChangeKind::Create, apply));
        }
        EditKind::WholeFile => {
            if let Some(line) = placeholder_in(replace, &[], text.as_ref()) {
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
                modified()
            } else {
                ChangeKind::Create
            };
            return Ok(whole_text(text, replace, kind, apply));
        }
        EditKind::SearchReplace => {}
    }
    if edit.search.trim().is_empty() {
        if move_to.is_some() && replace.is_empty() {
            // A pure move: no hunk.
            if text.is_none() {
                return here(not_found(false));
            }
            return Ok(BlockChange {
                kind: modified(),
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
                Err(MatchFailure::NotFound) => return here(not_found(true)),
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
            change.kind = modified();
            return Ok(change);
        }
        // An empty SEARCH creates the file, or appends to what is there; it never
        // overwrites.
        return Ok(match text.as_mut() {
            Some(current) if !current.to_lf_text().trim().is_empty() => {
                let old: Vec<String> = current
                    .all_lines()
                    .iter()
                    .map(|line| line.to_string())
                    .collect();
                let mut after = current.clone();
                after.append(replace);
                let old: Vec<&str> = old.iter().map(String::as_str).collect();
                let change = BlockChange {
                    kind: modified(),
                    hunks: hunks_between(&old, &after.all_lines()),
                    step: None,
                };
                if apply {
                    *current = after;
                }
                change
            }
            _ => whole_text(text, replace, ChangeKind::Create, apply),
        });
    }
    if let Some(line) = placeholder_in(replace, &[&edit.search], text.as_ref()) {
        return here(EditFailure::Placeholder {
            path: key.to_string(),
            line,
        });
    }
    let Some(current) = text.as_mut() else {
        return Err(PlanFailure::NotFoundHere(not_found(false)));
    };
    match matching::place(current, &edit.search, replace, scope(edit)) {
        Ok(placement) => {
            let mut change = change_from(current, &placement, apply);
            change.kind = modified();
            Ok(change)
        }
        Err(MatchFailure::Ambiguous { count }) => here(EditFailure::Ambiguous {
            path: key.to_string(),
            count,
        }),
        Err(MatchFailure::NotFound) => Err(PlanFailure::NotFoundHere(not_found(true))),
    }
}

/// A placeholder line of `replace` that is neither in `known` nor in the file.
fn placeholder_in(replace: &str, known: &[&str], file: Option<&FileText>) -> Option<String> {
    if !matching::may_hold_placeholder(replace) {
        return None;
    }
    let file_text = file.map(FileText::to_lf_text).unwrap_or_default();
    let mut reference: Vec<&str> = known.to_vec();
    reference.push(&file_text);
    placeholder_line(replace, &reference)
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

fn fill_hints(block: &mut BlockPlan, text: Option<&FileText>, edit: &Edit) {
    if edit.search.trim().is_empty() {
        return;
    }
    if let Some(text) = text {
        let lf = text.to_lf_text();
        block.closest = closest_lines(&lf, &edit.search);
        block.replace_present = already_present(&lf, &edit.replace);
    }
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
