//! The state of one session: where it works, the files in the chat, the history, the
//! mode and models, the repository and its map, and what has been spent.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::config::Settings;
use crate::edit::{EditFormat, Workspace};
use crate::git::Attribution;
use crate::protocol::{ChatMode, ReviewId, SessionStatus};
use crate::repomap::RepoMap;

use super::history::History;
use super::locked_repo::LockedRepo;
use super::models::Models;
use super::prompt::FileText;
use super::summarize::Summarizer;
use super::transcript::Transcript;

/// One session's state; owned by the engine task.
pub struct Session {
    /// The directory edits are confined to: the repository's root, or the working directory.
    pub root: PathBuf,
    pub settings: Settings,
    /// Editable files, relative to `root` with forward slashes.
    pub chat_files: BTreeSet<String>,
    /// Read-only files: relative to `root` when inside it, else absolute.
    pub read_only_files: BTreeSet<String>,
    pub history: History,
    pub mode: ChatMode,
    pub models: Models,
    pub edit_format: EditFormat,
    pub editor_edit_format: EditFormat,
    pub git: Option<LockedRepo>,
    /// Taken out while a refresh runs on a blocking thread.
    pub repo_map: Option<RepoMap>,
    pub session_cost: f64,
    /// HEAD before the last turn that changed files, for `/diff`.
    pub last_turn_base: Option<String>,
    pub summarizer: Summarizer,
    pub workspace: Workspace,
    /// Text to put before the next user message (command output the user kept,
    /// rejected edits the user wants the model told about).
    pub pending_note: Option<String>,
    /// Tokens of the repo map last rendered, for the context estimate.
    pub last_map_tokens: u64,
    /// The repository's files as last listed; refreshed off the async workers.
    pub repo_files: Vec<String>,
    /// The conversation as written to `.aider-tui/chat-history.md`.
    pub transcript: Transcript,
    next_review: ReviewId,
}

impl Session {
    /// A session over `root` with the given parts; files from the settings are added by the caller.
    pub fn new(
        root: PathBuf,
        workspace: Workspace,
        settings: Settings,
        models: Models,
        git: Option<LockedRepo>,
    ) -> Session {
        let edit_format = models.edit_format(&settings);
        let editor_edit_format = models.editor_edit_format(&settings);
        let mode = initial_mode(&settings);
        let transcript = Transcript::open(&root);
        Session {
            workspace,
            root,
            settings,
            chat_files: BTreeSet::new(),
            read_only_files: BTreeSet::new(),
            history: History::default(),
            mode,
            models,
            edit_format,
            editor_edit_format,
            git,
            repo_map: None,
            session_cost: 0.0,
            last_turn_base: None,
            summarizer: Summarizer::default(),
            pending_note: None,
            last_map_tokens: 0,
            repo_files: Vec::new(),
            transcript,
            next_review: 1,
        }
    }

    /// A new review id.
    pub fn next_review(&mut self) -> ReviewId {
        let id = self.next_review;
        self.next_review += 1;
        id
    }

    /// Adds text for the model to see before the next user message.
    pub fn add_note(&mut self, text: String) {
        self.pending_note = Some(match self.pending_note.take() {
            Some(earlier) => format!("{earlier}\n\n{text}"),
            None => text,
        });
    }

    /// Every file the model already sees in full: editable and read-only.
    pub fn files_in_chat(&self) -> BTreeSet<String> {
        self.chat_files
            .union(&self.read_only_files)
            .cloned()
            .collect()
    }

    /// How the tool's commits are marked.
    pub fn attribution(&self) -> Attribution {
        Attribution {
            committer_suffix: self.settings.attribute_committer,
            co_authored_by: if self.settings.attribute_co_authored_by {
                self.models.main.as_ref().map(|model| model.name.clone())
            } else {
                None
            },
        }
    }

    /// The path relative to the root for a path the user typed (relative to the
    /// root, or absolute inside it). `None` when it lies outside the root.
    pub fn relative_path(&self, typed: &str) -> Option<String> {
        let path = Path::new(typed);
        let absolute = if path.is_absolute() {
            path.to_path_buf()
        } else {
            self.root.join(path)
        };
        let normal = normalize(&absolute);
        let root = normalize(&self.root);
        let relative = normal.strip_prefix(&root).ok()?;
        let text = relative.to_string_lossy().replace('\\', "/");
        if text.is_empty() { None } else { Some(text) }
    }

    /// The absolute path of a chat or read-only file name.
    pub fn absolute(&self, name: &str) -> PathBuf {
        let path = Path::new(name);
        if path.is_absolute() {
            path.to_path_buf()
        } else {
            self.root.join(path)
        }
    }

    /// The chat files' current contents (a file that does not exist yet shows empty).
    pub fn chat_file_texts(&self) -> Vec<FileText> {
        self.chat_files
            .iter()
            // Images go to the model as pictures (`images`), not as text.
            .filter(|name| !super::images::is_image(name))
            .map(|name| FileText {
                name: name.clone(),
                text: std::fs::read_to_string(self.absolute(name)).unwrap_or_default(),
            })
            .collect()
    }

    /// The read-only files' contents (unreadable ones are left out).
    pub fn read_only_texts(&self) -> Vec<FileText> {
        self.read_only_files
            .iter()
            .filter(|name| !super::images::is_image(name))
            .filter_map(|name| {
                std::fs::read_to_string(self.absolute(name))
                    .ok()
                    .map(|text| FileText {
                        name: name.clone(),
                        text,
                    })
            })
            .collect()
    }

    /// The repository's files, relative, as last listed (see `Engine::refresh_repo_files`).
    pub fn repo_files(&self) -> Vec<String> {
        self.repo_files.clone()
    }

    /// The status a front end shows.
    pub fn status(&self, auto_accept: bool, context_tokens: u64) -> SessionStatus {
        SessionStatus {
            model: self
                .models
                .main
                .as_ref()
                .map(|model| model.name.clone())
                .unwrap_or_default(),
            edit_format: self.edit_format.to_string(),
            mode: self.mode,
            chat_files: self.chat_files.iter().cloned().collect(),
            read_only_files: self.read_only_files.iter().cloned().collect(),
            context_tokens,
            context_window: self
                .models
                .main
                .as_ref()
                .map(|model| model.settings.context_window)
                .unwrap_or(0),
            session_cost: self.session_cost,
            branch: self
                .git
                .as_ref()
                .and_then(|git| git.with(|git| git.branch())),
            auto_accept,
            model_problem: self.models.problem.clone(),
        }
    }
}

/// The mode the settings ask for (`--chat-mode`, checked when the settings were
/// read), code otherwise.
fn initial_mode(settings: &Settings) -> ChatMode {
    ChatMode::from_name(&settings.chat_mode).unwrap_or_default()
}

/// Removes `.` and `..` parts without touching the file system (files may not exist yet).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// The files of the repository at `root`: tracked files when `use_git` (and the
/// repository opens), else a walk of the folder. Blocking: run it on the blocking pool.
pub fn list_files(root: &Path, use_git: bool) -> Vec<String> {
    if use_git
        && let Ok(Some(git)) = crate::git::GitRepo::discover(root)
        && let Ok(files) = git.tracked_files()
    {
        return files;
    }
    walk_files(root)
}

/// Files under `root` when there is no git: the walk honours ignore files and skips
/// hidden folders.
fn walk_files(root: &Path) -> Vec<String> {
    let mut files = Vec::new();
    for entry in ignore::WalkBuilder::new(root).build().flatten() {
        if entry.file_type().is_some_and(|kind| kind.is_file())
            && let Ok(relative) = entry.path().strip_prefix(root)
        {
            files.push(relative.to_string_lossy().replace('\\', "/"));
        }
    }
    files.sort();
    files
}
