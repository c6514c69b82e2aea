//! Applying a list of edits: simulated in order on in-memory copies (a later edit
//! sees what an earlier one did), then written atomically, once per file, with each
//! file's own line endings and final-newline state.

use std::collections::HashMap;
use std::path::PathBuf;
use std::rc::Rc;

use rayon::prelude::*;

use super::line_endings::LineEndings;
use super::matching::{
    self, MatchFailure, already_present, closest_lines, placeholder_line, replace_unique,
};
use super::names::base_name;
use super::reply::{Edit, EditKind};
use super::workspace::Workspace;

/// Why one edit was not applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditFailure {
    /// The path is outside the root, inside `.git/`, or otherwise refused.
    #[error("refused path: {0}")]
    PathRefused(String),
    /// The file cannot be edited (binary, not UTF-8, a directory, unreadable).
    #[error("cannot edit the file: {0}")]
    Unreadable(String),
    /// The SEARCH text is in neither the named file nor any other chat file.
    #[error("the SEARCH text was not found in {path}")]
    NotFound {
        /// The file the edit named.
        path: String,
        /// Whether that file exists.
        file_exists: bool,
    },
    /// The SEARCH text matches several places in one file.
    #[error("the SEARCH text matches {count} places in {path}; it must match exactly one")]
    Ambiguous {
        /// The file.
        path: String,
        /// How many places matched.
        count: usize,
    },
    /// The named file does not hold the SEARCH text and several chat files do.
    #[error("the SEARCH text is not in {path} but is found in several chat files ({}); it must name one", files.join(", "))]
    AmbiguousFiles {
        /// The file the edit named.
        path: String,
        /// The chat files that match.
        files: Vec<String>,
    },
    /// A new file's name is a basename that several chat files share.
    #[error("{path} does not exist and several chat files have that name ({}); give the full path", files.join(", "))]
    AmbiguousName {
        /// The name given.
        path: String,
        /// The chat files with that basename.
        files: Vec<String>,
    },
    /// REPLACE (or a whole-file listing) holds a placeholder for omitted code.
    #[error(
        "the new text of {path} holds the placeholder `{line}` instead of the code it stands for; write the code out in full"
    )]
    Placeholder {
        /// The file.
        path: String,
        /// The placeholder line.
        line: String,
    },
    /// Writing the file failed (the edit itself matched).
    #[error("writing the file failed: {0}")]
    WriteFailed(String),
}

/// One edit of a dry run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedEdit {
    /// The edit's position in the list given.
    pub index: usize,
    /// The file it changes (may differ from the edit's path after a chat-file fallback).
    pub path: String,
    /// The edit creates the file.
    pub creates_file: bool,
    /// Whether it applies, and if not why.
    pub outcome: Result<(), EditFailure>,
    /// The file's text (LF line breaks) just before this edit.
    pub before: String,
    /// The file's text (LF line breaks) just after this edit (equal to `before` on failure).
    pub after: String,
    /// On failure: the lines of the file most like the SEARCH text (first line number, lines).
    pub closest: Option<(usize, Vec<String>)>,
    /// On failure: the REPLACE text is already in the file.
    pub replace_present: bool,
}

/// What became of one edit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditStatus {
    /// The edit changed an existing file.
    Applied,
    /// The edit created the file.
    Created,
    /// The edit was refused; nothing of it was written.
    Failed(EditFailure),
}

/// One edit's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditResult {
    /// The edit's position in the list given.
    pub index: usize,
    /// The file it changed (or named, on failure).
    pub path: String,
    /// What happened.
    pub status: EditStatus,
    /// The edit itself, for feedback.
    pub edit: Edit,
    /// On failure: the lines of the file most like the SEARCH text.
    pub closest: Option<(usize, Vec<String>)>,
    /// On failure: the REPLACE text is already in the file.
    pub replace_present: bool,
}

/// The results of applying a list of edits.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ApplyReport {
    /// One result per edit, in order.
    pub results: Vec<EditResult>,
    /// The files written, relative to the root, in the order first changed.
    pub written: Vec<String>,
}

impl ApplyReport {
    /// The files that were written.
    pub fn changed_files(&self) -> Vec<String> {
        self.written.clone()
    }

    /// Whether every edit applied.
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

/// A file as the simulation sees it.
struct SimulatedFile {
    rel: String,
    endings: LineEndings,
    /// The LF text on disk, or `None` if the file does not exist.
    original: Option<String>,
    /// The LF text after the edits so far, or `None` if it does not exist (shared,
    /// so each edit does not copy the whole file).
    current: Option<Rc<String>>,
}

/// In-memory copies of the files the edits touch.
struct Simulation<'w> {
    workspace: &'w Workspace,
    /// Fill in each edit's before/after texts (a dry run shows them; applying does not need them).
    keep_texts: bool,
    files: HashMap<PathBuf, SimulatedFile>,
    order: Vec<PathBuf>,
    /// Paths already resolved, by the name the edits used.
    resolved: HashMap<String, PathBuf>,
}

impl<'w> Simulation<'w> {
    fn new(workspace: &'w Workspace, keep_texts: bool) -> Self {
        Simulation {
            workspace,
            keep_texts,
            files: HashMap::new(),
            order: Vec::new(),
            resolved: HashMap::new(),
        }
    }

    /// Loads a file (once); refuses bad paths and unreadable files.
    fn load(&mut self, rel: &str) -> Result<PathBuf, EditFailure> {
        let path = match self.resolved.get(rel) {
            Some(path) => path.clone(),
            None => {
                let path = self
                    .workspace
                    .resolve(rel)
                    .map_err(|error| EditFailure::PathRefused(error.to_string()))?;
                self.resolved.insert(rel.to_string(), path.clone());
                path
            }
        };
        if !self.files.contains_key(&path) {
            let raw = self
                .workspace
                .read_resolved(&path, rel)
                .map_err(|error| EditFailure::Unreadable(error.to_string()))?;
            let endings = raw
                .as_deref()
                .map_or(LineEndings::NEW_FILE, LineEndings::detect);
            let text = raw.map(|raw| endings.normalise(&raw));
            self.files.insert(
                path.clone(),
                SimulatedFile {
                    rel: rel.strip_prefix("./").unwrap_or(rel).to_string(),
                    endings,
                    original: text.clone(),
                    current: text.map(Rc::new),
                },
            );
            self.order.push(path.clone());
        }
        Ok(path)
    }

    fn file(&self, path: &PathBuf) -> Option<&SimulatedFile> {
        self.files.get(path)
    }

    fn current(&self, path: &PathBuf) -> Option<&str> {
        self.files
            .get(path)
            .and_then(|file| file.current.as_deref())
            .map(String::as_str)
    }

    fn set(&mut self, path: &PathBuf, text: String) {
        if let Some(file) = self.files.get_mut(path) {
            file.current = Some(Rc::new(text));
        }
    }

    /// A copy of `text` for a dry run's before/after fields (empty when not kept).
    fn kept(&self, text: &str) -> String {
        if self.keep_texts {
            text.to_string()
        } else {
            String::new()
        }
    }

    /// Runs one edit, updating the copies when it applies.
    fn step(&mut self, index: usize, edit: &Edit, chat_files: &[String]) -> PlannedEdit {
        let mut planned = PlannedEdit {
            index,
            path: edit.path.clone(),
            creates_file: false,
            outcome: Ok(()),
            before: String::new(),
            after: String::new(),
            closest: None,
            replace_present: false,
        };
        let path = match self.load(&edit.path) {
            Ok(path) => path,
            Err(failure) => {
                planned.outcome = Err(failure);
                return planned;
            }
        };
        if let Some(file) = self.file(&path) {
            planned.path = file.rel.clone();
        }
        let shared = self.files.get(&path).and_then(|file| file.current.clone());
        let before: Option<&str> = shared.as_ref().map(|text| text.as_str());
        planned.creates_file = before.is_none();
        planned.before = self.kept(before.unwrap_or_default());
        let whole = edit.kind == EditKind::WholeFile;
        if whole || !edit.search.trim().is_empty() {
            let reference = [edit.search.as_str(), before.unwrap_or_default()];
            if let Some(line) = placeholder_line(&edit.replace, &reference) {
                planned.outcome = Err(EditFailure::Placeholder {
                    path: planned.path.clone(),
                    line,
                });
                planned.after = planned.before.clone();
                return planned;
            }
        }
        if whole && before.is_none() {
            // A listing named by a bare basename that several chat files share must
            // not become a new file at the top level.
            let base = base_name(&planned.path);
            let namesakes: Vec<String> = chat_files
                .iter()
                .filter(|file| base_name(file) == base && **file != planned.path)
                .cloned()
                .collect();
            if !namesakes.is_empty() && !planned.path.contains('/') {
                planned.outcome = Err(EditFailure::AmbiguousName {
                    path: planned.path.clone(),
                    files: namesakes,
                });
                return planned;
            }
        }
        if whole || edit.search.trim().is_empty() {
            let after = match before {
                // An empty SEARCH on a file with content appends; it never overwrites.
                Some(text) if !whole && !text.trim().is_empty() => {
                    let separator = if text.ends_with('\n') { "" } else { "\n" };
                    format!("{text}{separator}{}", edit.replace)
                }
                _ => edit.replace.clone(),
            };
            planned.after = self.kept(&after);
            self.set(&path, after);
            return planned;
        }
        // The named file first; then, if it lacks the text, the other chat files.
        let named_failure = match before {
            Some(text) => match replace_unique(text, &edit.search, &edit.replace) {
                Ok(replaced) => {
                    planned.after = self.kept(&replaced.text);
                    self.set(&path, replaced.text);
                    return planned;
                }
                Err(MatchFailure::Ambiguous { count }) => {
                    planned.outcome = Err(EditFailure::Ambiguous {
                        path: planned.path.clone(),
                        count,
                    });
                    planned.after = planned.before.clone();
                    return planned;
                }
                Err(MatchFailure::NotFound) => EditFailure::NotFound {
                    path: planned.path.clone(),
                    file_exists: true,
                },
            },
            None => EditFailure::NotFound {
                path: planned.path.clone(),
                file_exists: false,
            },
        };
        let mut hits: Vec<(PathBuf, Result<String, usize>)> = Vec::new();
        for chat_file in chat_files {
            let Ok(other) = self.load(chat_file) else {
                continue;
            };
            if other == path || hits.iter().any(|(seen, _)| *seen == other) {
                continue;
            }
            let Some(text) = self.current(&other) else {
                continue;
            };
            match replace_unique(text, &edit.search, &edit.replace) {
                Ok(replaced) => hits.push((other, Ok(replaced.text))),
                Err(MatchFailure::Ambiguous { count }) => hits.push((other, Err(count))),
                Err(MatchFailure::NotFound) => {}
            }
        }
        match hits.as_slice() {
            [(other, Ok(text))] => {
                let (other, text) = (other.clone(), text.clone());
                planned.path = self
                    .file(&other)
                    .map(|file| file.rel.clone())
                    .unwrap_or_default();
                planned.creates_file = false;
                planned.before = self.kept(self.current(&other).unwrap_or_default());
                planned.after = self.kept(&text);
                self.set(&other, text);
            }
            [(other, Err(count))] => {
                planned.path = self
                    .file(other)
                    .map(|file| file.rel.clone())
                    .unwrap_or_default();
                planned.before = self.kept(self.current(other).unwrap_or_default());
                planned.after = planned.before.clone();
                planned.creates_file = false;
                planned.outcome = Err(EditFailure::Ambiguous {
                    path: planned.path.clone(),
                    count: *count,
                });
            }
            [] => {
                planned.outcome = Err(named_failure);
                planned.after = planned.before.clone();
                let hint_source = before
                    .map(str::to_string)
                    .or_else(|| self.best_hint_file(&edit.search, chat_files));
                if let Some(text) = hint_source {
                    planned.closest = closest_lines(&text, &edit.search);
                    planned.replace_present = already_present(&text, &edit.replace);
                }
            }
            many => {
                let files = many
                    .iter()
                    .filter_map(|(other, _)| self.file(other).map(|file| file.rel.clone()))
                    .collect();
                planned.outcome = Err(EditFailure::AmbiguousFiles {
                    path: planned.path.clone(),
                    files,
                });
                planned.after = planned.before.clone();
            }
        }
        planned
    }

    /// The chat file whose lines are most like `search`, for feedback.
    fn best_hint_file(&self, search: &str, chat_files: &[String]) -> Option<String> {
        chat_files
            .iter()
            .filter_map(|rel| self.workspace.resolve(rel).ok())
            .filter_map(|path| self.current(&path).map(str::to_string))
            .max_by_key(|text| closest_lines(text, search).map_or(0, |(_, lines)| lines.len()))
    }

    /// The files whose text changed, with the text to write in their own style.
    fn changes(&self) -> Vec<(PathBuf, String, String)> {
        self.order
            .iter()
            .filter_map(|path| self.files.get(path).map(|file| (path, file)))
            .filter(|(_, file)| {
                file.current.is_some()
                    && file.current.as_deref().map(String::as_str) != file.original.as_deref()
            })
            .map(|(path, file)| {
                let text = file.current.as_deref().map_or("", String::as_str);
                (path.clone(), file.rel.clone(), file.endings.restore(text))
            })
            .collect()
    }
}

/// A dry run: what each edit would do, in order, with nothing written.
pub fn plan_edits(ws: &Workspace, edits: &[Edit], chat_files: &[String]) -> Vec<PlannedEdit> {
    let mut simulation = Simulation::new(ws, true);
    edits
        .iter()
        .enumerate()
        .map(|(index, edit)| simulation.step(index, edit, chat_files))
        .collect()
}

/// Applies the edits in order. A failed edit changes nothing; the others still
/// apply. Each changed file is written once, atomically, at the end.
pub fn apply_edits(ws: &Workspace, edits: &[Edit], chat_files: &[String]) -> ApplyReport {
    let mut simulation = Simulation::new(ws, false);
    let planned: Vec<PlannedEdit> = edits
        .iter()
        .enumerate()
        .map(|(index, edit)| simulation.step(index, edit, chat_files))
        .collect();
    let mut report = ApplyReport::default();
    let mut write_errors: HashMap<String, String> = HashMap::new();
    // Files are independent: write them in parallel (the time is the file system's).
    let outcomes: Vec<(String, Result<(), String>)> = simulation
        .changes()
        .into_par_iter()
        .map(|(path, rel, text)| {
            let outcome = ws
                .write_resolved(&path, &rel, &text)
                .map_err(|error| error.to_string());
            (rel, outcome)
        })
        .collect();
    for (rel, outcome) in outcomes {
        match outcome {
            Ok(()) => report.written.push(rel),
            Err(error) => {
                write_errors.insert(rel, error);
            }
        }
    }
    for (plan, edit) in planned.into_iter().zip(edits) {
        let status = match plan.outcome {
            Err(failure) => EditStatus::Failed(failure),
            Ok(()) => match write_errors.get(&plan.path) {
                Some(error) => EditStatus::Failed(EditFailure::WriteFailed(error.clone())),
                None if plan.creates_file => EditStatus::Created,
                None => EditStatus::Applied,
            },
        };
        report.results.push(EditResult {
            index: plan.index,
            path: plan.path,
            status,
            edit: edit.clone(),
            closest: plan.closest,
            replace_present: plan.replace_present,
        });
    }
    report
}

/// Re-exported so callers can name the ladder's failure without reaching into it.
pub use matching::LadderStep;
