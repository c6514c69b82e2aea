//! Following the repository's files on disk: notify's events, debounced, filtered by
//! the ignore files, each changed file scanned for AI comments; a [`Trigger`] goes out
//! when one of them asks for something.
//!
//! The watcher stops itself after each trigger (the model is about to change files)
//! until the front end calls [`FileWatcher::resume`]; changes made meanwhile, and in a
//! short grace period after it, update what the watcher knows without triggering, so
//! the model's own edits never set off another request.

use std::collections::{BTreeMap, HashMap};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use ignore::gitignore::{Gitignore, GitignoreBuilder};
use notify::{RecommendedWatcher, RecursiveMode};
use notify_debouncer_mini::{DebounceEventResult, Debouncer, new_debouncer_opt};
use tokio::sync::mpsc;

use super::comments::{AiComment, scan};
use super::request::{FileComments, Trigger};

/// How long the files must stay still before a change is read.
pub const DEBOUNCE: Duration = Duration::from_millis(300);

/// Files larger than this are not read for comments.
const MAX_FILE_BYTES: u64 = 1024 * 1024;

/// Folders never read: git's own and the tool's state.
const SKIPPED_FOLDERS: [&str; 2] = [".git", ".aider-tui"];

/// Why watching could not start.
#[derive(Debug, thiserror::Error)]
pub enum WatchError {
    #[error("cannot watch {path}: {reason}")]
    Watch { path: PathBuf, reason: String },
}

/// A running watch of one folder; dropping it stops the watch.
pub struct FileWatcher {
    _debouncer: Debouncer<RecommendedWatcher>,
    state: Arc<Mutex<State>>,
    root: PathBuf,
}

impl std::fmt::Debug for FileWatcher {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("FileWatcher")
            .field("root", &self.root)
            .finish()
    }
}

impl FileWatcher {
    /// Watches `root` (recursively) with the default debounce; triggers arrive on the
    /// returned channel.
    pub fn start(
        root: &Path,
    ) -> Result<(FileWatcher, mpsc::UnboundedReceiver<Trigger>), WatchError> {
        FileWatcher::start_with(root, DEBOUNCE)
    }

    /// [`FileWatcher::start`] with a given debounce time.
    pub fn start_with(
        root: &Path,
        debounce: Duration,
    ) -> Result<(FileWatcher, mpsc::UnboundedReceiver<Trigger>), WatchError> {
        let failed = |reason: String| WatchError::Watch {
            path: root.to_path_buf(),
            reason,
        };
        let root = root
            .canonicalize()
            .map_err(|error| failed(error.to_string()))?;
        let (sender, receiver) = mpsc::unbounded_channel();
        let state = Arc::new(Mutex::new(State {
            ignore: ignore_rules(&root),
            root: root.clone(),
            debounce,
            last_seen: HashMap::new(),
            pending: BTreeMap::new(),
            paused: false,
            quiet_until: None,
            sender,
        }));
        let shared = Arc::clone(&state);
        // A symlinked folder is not descended into: one committed as `ext -> ../outside`
        // would otherwise put the outside files under watch.
        let config = notify_debouncer_mini::Config::default()
            .with_timeout(debounce)
            .with_notify_config(notify::Config::default().with_follow_symlinks(false));
        let mut debouncer = new_debouncer_opt::<_, RecommendedWatcher>(
            config,
            move |result: DebounceEventResult| match result {
                Ok(events) => {
                    let paths: Vec<PathBuf> = events.into_iter().map(|event| event.path).collect();
                    lock(&shared).changed(&paths);
                }
                Err(error) => tracing::warn!("file watch error: {error}"),
            },
        )
        .map_err(|error| failed(error.to_string()))?;
        debouncer
            .watcher()
            .watch(&root, RecursiveMode::Recursive)
            .map_err(|error| failed(error.to_string()))?;
        Ok((
            FileWatcher {
                _debouncer: debouncer,
                state,
                root,
            },
            receiver,
        ))
    }

    /// The watched folder (canonical).
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Stops triggering (changes are still followed), e.g. while a turn the user typed runs.
    pub fn pause(&self) {
        lock(&self.state).paused = true;
    }

    /// Triggers again, after a short grace period that lets the events of edits made
    /// while paused arrive without effect.
    pub fn resume(&self) {
        let mut state = lock(&self.state);
        state.paused = false;
        state.quiet_until = Some(Instant::now() + state.debounce * 2);
    }

    /// Whether triggering is paused.
    pub fn is_paused(&self) -> bool {
        lock(&self.state).paused
    }
}

fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    state
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The root's `.gitignore`, `.aiderignore` and `.git/info/exclude`.
fn ignore_rules(root: &Path) -> Gitignore {
    let mut builder = GitignoreBuilder::new(root);
    for name in [".gitignore", ".aiderignore", ".git/info/exclude"] {
        let path = root.join(name);
        if path.is_file()
            && let Some(error) = builder.add(&path)
        {
            tracing::warn!("reading {}: {error}", path.display());
        }
    }
    builder.build().unwrap_or_else(|error| {
        tracing::warn!("ignore rules: {error}");
        Gitignore::empty()
    })
}

struct State {
    root: PathBuf,
    ignore: Gitignore,
    debounce: Duration,
    /// A hash of each file's text when last read: an event that changed nothing is skipped.
    last_seen: HashMap<String, u64>,
    /// Files with AI comments since the last trigger.
    pending: BTreeMap<String, Vec<AiComment>>,
    paused: bool,
    quiet_until: Option<Instant>,
    sender: mpsc::UnboundedSender<Trigger>,
}

impl State {
    fn changed(&mut self, paths: &[PathBuf]) {
        let mut asked = false;
        for path in paths {
            asked |= self.read(path);
        }
        let quiet = self.quiet_until.is_some_and(|until| Instant::now() < until);
        // Only a file saved now with a request in it triggers; requests left from
        // edits made while paused go along with the next one.
        if self.paused || quiet || !asked {
            return;
        }
        let files = self
            .pending
            .iter()
            .map(|(path, comments)| FileComments {
                path: path.clone(),
                comments: comments.clone(),
            })
            .collect();
        if let Some(trigger) = Trigger::from_files(files) {
            self.pending.clear();
            // The model is about to edit: wait for the front end's resume.
            self.paused = true;
            if self.sender.send(trigger).is_err() {
                tracing::debug!("nobody reads the watch triggers any more");
            }
        }
    }

    /// Reads one changed path and records its AI comments. Returns whether its text
    /// changed and holds a comment that asks for something.
    fn read(&mut self, path: &Path) -> bool {
        let Some(relative) = self.relative(path) else {
            return false;
        };
        // Whatever the events name, a path that resolves outside the root (through a
        // symlinked folder on the way) is never read, so never reported.
        let inside = std::fs::canonicalize(path).is_ok_and(|real| real.starts_with(&self.root));
        let text = match std::fs::symlink_metadata(path) {
            Ok(metadata) if inside && metadata.is_file() && metadata.len() <= MAX_FILE_BYTES => {
                crate::safe_fs::read_regular(path)
                    .ok()
                    .and_then(|bytes| String::from_utf8(bytes).ok())
            }
            _ => None,
        };
        let Some(text) = text else {
            // Deleted, a folder, too big or not text: nothing to ask from it.
            self.last_seen.remove(&relative);
            self.pending.remove(&relative);
            return false;
        };
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        text.hash(&mut hasher);
        let hash = hasher.finish();
        if self.last_seen.insert(relative.clone(), hash) == Some(hash) {
            return false;
        }
        let comments = scan(&relative, &text);
        let asks = comments
            .iter()
            .any(|comment| comment.marker != super::comments::Marker::Context);
        if comments.is_empty() {
            self.pending.remove(&relative);
        } else {
            self.pending.insert(relative, comments);
        }
        asks
    }

    /// The repository path of a watched path, unless it is skipped or ignored.
    fn relative(&self, path: &Path) -> Option<String> {
        let relative = path.strip_prefix(&self.root).ok()?;
        let first = relative.components().next()?;
        if SKIPPED_FOLDERS
            .iter()
            .any(|folder| first.as_os_str() == *folder)
        {
            return None;
        }
        if self
            .ignore
            .matched_path_or_any_parents(relative, false)
            .is_ignore()
        {
            return None;
        }
        let text = relative.to_str()?.replace('\\', "/");
        (!text.is_empty()).then_some(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn next(receiver: &mut mpsc::UnboundedReceiver<Trigger>) -> Option<Trigger> {
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            match receiver.try_recv() {
                Ok(trigger) => return Some(trigger),
                Err(mpsc::error::TryRecvError::Empty) => {
                    std::thread::sleep(Duration::from_millis(20))
                }
                Err(mpsc::error::TryRecvError::Disconnected) => return None,
            }
        }
        None
    }

    #[test]
    fn a_saved_ai_comment_triggers_once_and_ignored_files_never() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join(".gitignore"), "build/\n").unwrap();
        std::fs::write(root.join(".aiderignore"), "secret.py\n").unwrap();
        std::fs::create_dir(root.join("build")).unwrap();
        let (watcher, mut triggers) =
            FileWatcher::start_with(root, Duration::from_millis(50)).unwrap();
        std::fs::write(root.join("build/out.py"), "# AI! ignored by .gitignore\n").unwrap();
        std::fs::write(root.join("secret.py"), "# AI! ignored by .aiderignore\n").unwrap();
        std::fs::write(root.join("notes.py"), "# the data is in here AI\n").unwrap();
        std::thread::sleep(Duration::from_millis(400));
        assert!(triggers.try_recv().is_err(), "context alone asks nothing");
        std::fs::write(root.join("app.py"), "x = 1  # make it 2 AI!\n").unwrap();
        let trigger = next(&mut triggers).expect("a trigger");
        assert_eq!(trigger.paths(), ["app.py", "notes.py"]);
        assert!(watcher.is_paused(), "the watcher waits for the turn");
        // The model's edit, while paused, triggers nothing even after resuming.
        std::fs::write(root.join("app.py"), "x = 2  # make it 2 AI!\n").unwrap();
        std::thread::sleep(Duration::from_millis(200));
        watcher.resume();
        std::thread::sleep(Duration::from_millis(400));
        assert!(triggers.try_recv().is_err());
        // The user's next save does.
        std::fs::write(root.join("app.py"), "x = 2  # now 3 AI!\n").unwrap();
        let again = next(&mut triggers).expect("a second trigger");
        assert_eq!(again.paths(), ["app.py"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_symlinked_folder_out_of_the_root_is_never_read_or_reported() {
        let parent = tempfile::tempdir().unwrap();
        let outside = parent.path().join("outside");
        let root = parent.path().join("repo");
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::create_dir_all(&root).unwrap();
        std::fs::write(outside.join("o.py"), "x = 1\n").unwrap();
        std::os::unix::fs::symlink("../outside", root.join("ext")).unwrap();
        let (_watcher, mut triggers) =
            FileWatcher::start_with(&root, Duration::from_millis(50)).unwrap();
        std::fs::write(outside.join("o.py"), "x = 1  # send this out AI!\n").unwrap();
        // Through the link too, as an editor that opened `ext/o.py` would save it.
        std::fs::write(root.join("ext/o.py"), "x = 1  # and this AI!\n").unwrap();
        // A save inside afterwards: its trigger carries every pending file, so an
        // outside one would show here.
        std::fs::write(root.join("app.py"), "y = 1  # make it 2 AI!\n").unwrap();
        let trigger = next(&mut triggers).expect("a trigger for the file inside");
        assert_eq!(trigger.paths(), ["app.py"]);
        // The state directly: an event naming the outside file through the link.
        let (sender, _receiver) = mpsc::unbounded_channel();
        let mut state = State {
            root: root.canonicalize().unwrap(),
            ignore: Gitignore::empty(),
            debounce: Duration::from_millis(50),
            last_seen: HashMap::new(),
            pending: BTreeMap::new(),
            paused: false,
            quiet_until: None,
            sender,
        };
        assert!(!state.read(&root.canonicalize().unwrap().join("ext/o.py")));
        assert!(state.pending.is_empty());
    }
}
