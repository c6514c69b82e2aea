//! The state of one session: where it works, the files in the chat, the history, the
//! mode and models, the repository and its map, and what has been spent.

use std::path::PathBuf;
use std::sync::Arc;

use crate::config::Settings;
use crate::edit::Workspace;
use crate::git::Attribution;
use crate::protocol::{ChatMode, MapProgress, PlanId, ReviewId, SessionStatus};
use crate::repo_path::RepoPath;
use crate::safe_fs::StateDir;

use super::chat_files::ChatFiles;
use super::commit_identity::CommitIdentity;
use super::context_state::ContextState;
use super::history::History;
use super::keepalive::KeepAlive;
use super::ledger::Ledger;
use super::locked_repo::LockedRepo;
use super::models::Models;
use super::prompt::FileText;
use super::session_map::SessionMap;
use super::summarize::Summarizer;

/// One session's state; owned by the engine task.
pub struct Session {
    /// The directory edits are confined to: the repository's root, or the working directory.
    pub root: PathBuf,
    pub settings: Settings,
    /// The files in the chat, editable and read-only.
    pub files: ChatFiles,
    pub history: History,
    pub mode: ChatMode,
    /// The models and the edit formats they write in.
    pub models: Models,
    pub git: Option<Arc<LockedRepo>>,
    /// What was said and chosen about the commit identity when git has none.
    pub identity: CommitIdentity,
    /// The tool's state folder, chosen once at start (`None`: nothing is kept).
    state: Option<StateDir>,
    /// The repo map: its thread and what the session last showed of it.
    pub map: SessionMap,
    /// The cost so far, the note for the next message, the last turn's base.
    pub ledger: Ledger,
    pub summarizer: Summarizer,
    pub workspace: Workspace,
    /// The repository's files as last listed ([`Session::refresh_repo_files`]).
    repo_files: Vec<String>,
    /// The last request sent and reply received, for the context pane.
    pub context: ContextState,
    /// Keep-alive pings for the prompt cache (`--cache-keepalive-pings`).
    pub keepalive: KeepAlive,
    next_review: ReviewId,
    next_plan: PlanId,
}

impl Session {
    /// A session over `root` with the given parts; files from the settings are added by the caller.
    pub fn new(
        root: PathBuf,
        workspace: Workspace,
        settings: Settings,
        models: Models,
        git: Option<Arc<LockedRepo>>,
        state: Option<StateDir>,
    ) -> Session {
        let mut models = models;
        models.follow_formats(&settings);
        let mode = initial_mode(&settings);
        let keepalive = KeepAlive::new(settings.cache_keepalive_pings);
        Session {
            workspace,
            root,
            settings,
            files: ChatFiles::default(),
            history: History::default(),
            mode,
            models,
            git,
            identity: CommitIdentity::default(),
            state,
            map: SessionMap::default(),
            ledger: Ledger::default(),
            summarizer: Summarizer::default(),
            repo_files: Vec::new(),
            context: ContextState::default(),
            keepalive,
            next_review: 1,
            next_plan: 1,
        }
    }

    /// A new review id.
    pub fn next_review(&mut self) -> ReviewId {
        let id = self.next_review;
        self.next_review += 1;
        id
    }

    /// A new plan id.
    pub fn next_plan(&mut self) -> PlanId {
        let id = self.next_plan;
        self.next_plan += 1;
        id
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
        RepoPath::from_typed(&self.root, typed)
            .ok()
            .map(String::from)
    }

    /// Where a chat file is: an absolute name (a read-only file the user chose outside
    /// the repository) as named; a name inside the repository at the path it resolves
    /// to within the root, refused when a symlink on the way leads out or into `.git/`.
    pub fn contained_path(&self, name: &str) -> Result<PathBuf, String> {
        if std::path::Path::new(name).is_absolute() {
            return Ok(PathBuf::from(name));
        }
        let real = self
            .workspace
            .resolve(name)
            .map_err(|error| error.to_string())?;
        Ok(self.workspace.root().join(real))
    }

    /// The absolute path of a chat or read-only file name.
    pub fn absolute(&self, name: &str) -> PathBuf {
        super::chat_files::absolute(&self.root, name)
    }

    /// The chat files' current contents (a file that does not exist yet shows empty).
    pub fn chat_file_texts(&self) -> Vec<FileText> {
        self.files.editable_texts(&self.workspace)
    }

    /// The read-only files' contents (unreadable ones are left out).
    pub fn read_only_texts(&self) -> Vec<FileText> {
        self.files.read_only_texts(&self.workspace)
    }

    /// The repository's files, relative, as last listed.
    pub fn repo_files(&self) -> Vec<String> {
        self.repo_files.clone()
    }

    /// How many files the last listing found.
    pub fn repo_file_count(&self) -> usize {
        self.repo_files.len()
    }

    /// Lists the repository's files again, on the blocking pool (a walk of a big
    /// folder without git can take a while).
    pub async fn refresh_repo_files(&mut self) {
        let root = self.root.clone();
        let use_git = self.git.is_some();
        match tokio::task::spawn_blocking(move || crate::repo_files::list_paths(&root, use_git))
            .await
        {
            Ok(files) => self.repo_files = files,
            Err(err) => tracing::warn!("listing the repository's files failed: {err}"),
        }
    }

    /// The tool's state folder, chosen once at start (`None`: nothing is kept).
    pub fn state(&self) -> Option<&StateDir> {
        self.state.as_ref()
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
            edit_format: self.models.edit_format().to_string(),
            mode: self.mode,
            chat_files: self.files.editable(),
            read_only_files: self.files.read_only(),
            context_tokens,
            context_window: self
                .models
                .main
                .as_ref()
                .map(|model| model.settings.context_window)
                .unwrap_or(0),
            session_cost: self.ledger.cost(),
            branch: self
                .git
                .as_ref()
                .and_then(|git| git.with(|git| git.branch())),
            auto_accept,
            model_problem: self.models.problem.clone(),
            map_progress: self.map.state().and_then(|state| {
                (!state.progress.done && state.failed.is_none()).then_some(MapProgress {
                    parsed: state.progress.parsed as u64,
                    total: state.progress.total as u64,
                    ready: state.ready(),
                })
            }),
        }
    }
}

/// The mode the settings ask for (`--chat-mode`, checked when the settings were
/// read), code otherwise.
fn initial_mode(settings: &Settings) -> ChatMode {
    ChatMode::from_name(&settings.chat_mode).unwrap_or_default()
}
