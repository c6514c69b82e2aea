//! The repo map on a thread of its own, so the session never waits on it: the thread
//! opens the map, parses the repository in batches (the project's code first, files
//! near the chat before the rest), and between batches answers requests — a render from
//! whatever is parsed by then, a new priority, a rescan. Its progress is published on a
//! watch channel the engine turns into status updates.
//!
//! A render asked for before the first map is ready (see `RepoMap::first_map_ready`)
//! waits on the thread until it is; the engine shows the progress meanwhile and lets the
//! user send the message without the map.

use std::path::PathBuf;
use std::sync::{Arc, mpsc as std_mpsc};

use tokio::sync::{oneshot, watch};

use crate::repomap::{HistoryWake, MapOptions, MapOutput, MapRequest, RepoMap, ScanProgress};

/// Files parsed between two looks at the requests.
const BATCH_FILES: usize = 256;

/// What the map thread has done so far.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MapState {
    pub progress: ScanProgress,
    /// The map could not be opened or listed (it is off), and why.
    pub failed: Option<String>,
    /// What went wrong reading the co-change history (a damaged table rebuilt),
    /// each once, in order.
    pub history_warnings: Vec<String>,
}

impl MapState {
    /// Whether a render would be answered at once.
    pub fn ready(&self) -> bool {
        self.progress.first_map_ready || self.failed.is_some()
    }
}

enum MapCommand {
    Render {
        request: MapRequest,
        reply: oneshot::Sender<MapOutput>,
    },
    Prioritize(Vec<String>),
    Rescan,
    /// The history's thread ended a build: look at its warnings.
    HistoryDone,
}

/// The engine's handle on the map thread (a clone talks to the same thread: lookups
/// during a turn render through one).
#[derive(Clone)]
pub struct MapTask {
    /// Shared so the history's wake-up holds it only weakly: the thread still
    /// stops when the last handle goes.
    commands: Arc<std_mpsc::Sender<MapCommand>>,
    state: watch::Receiver<MapState>,
}

impl MapTask {
    /// Starts the thread: it opens the map of `root` and begins the first scan at once.
    pub fn start(root: PathBuf, mut options: MapOptions, near_chat: Vec<String>) -> MapTask {
        let (commands, inbox) = std_mpsc::channel();
        let commands = Arc::new(commands);
        let wake = Arc::downgrade(&commands);
        options.history_wake = Some(HistoryWake(Arc::new(move || {
            if let Some(commands) = wake.upgrade() {
                let _ = commands.send(MapCommand::HistoryDone);
            }
        })));
        let (publish, state) = watch::channel(MapState::default());
        let spawned = std::thread::Builder::new()
            .name("repo-map".into())
            .spawn(move || run(root, options, near_chat, inbox, publish));
        if let Err(error) = spawned {
            tracing::warn!(%error, "could not start the repo map thread");
        }
        MapTask { commands, state }
    }

    /// The latest state.
    pub fn state(&self) -> MapState {
        self.state.borrow().clone()
    }

    /// A receiver that wakes when the state changes.
    pub fn watch(&self) -> watch::Receiver<MapState> {
        self.state.clone()
    }

    /// Waits until the state changes; never returns once the thread has stopped.
    pub async fn changed(&mut self) {
        if self.state.changed().await.is_err() {
            std::future::pending::<()>().await;
        }
    }

    /// Asks for a render; the answer comes once the first map is ready. `None` when the
    /// map thread has stopped.
    pub fn render(&self, request: MapRequest) -> Option<oneshot::Receiver<MapOutput>> {
        let (reply, answer) = oneshot::channel();
        self.commands
            .send(MapCommand::Render { request, reply })
            .ok()?;
        Some(answer)
    }

    /// Parses the files near these paths first (the chat files, mentioned files).
    pub fn prioritize(&self, paths: Vec<String>) {
        let _ = self.commands.send(MapCommand::Prioritize(paths));
    }

    /// Looks for changed files again (they are parsed before the next render).
    pub fn rescan(&self) {
        let _ = self.commands.send(MapCommand::Rescan);
    }
}

/// The thread's loop.
fn run(
    root: PathBuf,
    options: MapOptions,
    near_chat: Vec<String>,
    inbox: std_mpsc::Receiver<MapCommand>,
    publish: watch::Sender<MapState>,
) {
    let fail = |why: String| {
        publish.send_replace(MapState {
            failed: Some(why),
            ..MapState::default()
        });
    };
    let mut map = match RepoMap::open(&root, options) {
        Ok(map) => map,
        Err(error) => return fail(error.to_string()),
    };
    // A damaged kept table is known now, before the first map.
    publish_history_warnings(&map, &publish);
    if let Err(error) = map.begin_refresh() {
        return fail(error.to_string());
    }
    map.prioritize(&near_chat);
    let mut waiting: Vec<(MapRequest, oneshot::Sender<MapOutput>)> = Vec::new();
    // A rescan asked for during a scan starts when that scan ends.
    let mut rescan_after = false;
    let mut progress = map.progress();
    publish.send_modify(|state| state.progress = progress);
    loop {
        // While parsing, look at the requests between batches; when done, sleep on them.
        let next = if progress.done && waiting.is_empty() {
            match inbox.recv() {
                Ok(command) => Some(command),
                Err(_) => return,
            }
        } else {
            match inbox.try_recv() {
                Ok(command) => Some(command),
                Err(std_mpsc::TryRecvError::Empty) => None,
                Err(std_mpsc::TryRecvError::Disconnected) => return,
            }
        };
        match next {
            Some(MapCommand::Render { request, reply }) => waiting.push((request, reply)),
            Some(MapCommand::Prioritize(paths)) => map.prioritize(&paths),
            Some(MapCommand::Rescan) => rescan_after = true,
            Some(MapCommand::HistoryDone) => {}
            None => {
                if !progress.done {
                    progress = map.parse_next(BATCH_FILES);
                    publish.send_modify(|state| state.progress = progress);
                }
            }
        }
        publish_history_warnings(&map, &publish);
        if rescan_after && progress.done {
            rescan_after = false;
            if let Err(error) = map.begin_refresh() {
                tracing::warn!(%error, "repo map rescan failed");
            }
            progress = map.progress();
            publish.send_modify(|state| state.progress = progress);
        }
        if progress.first_map_ready || progress.done {
            for (request, reply) in waiting.drain(..) {
                // An asker that went on without the map (Esc, a newer request) costs no render.
                if !reply.is_closed() {
                    let _ = reply.send(map.render(&request));
                }
            }
        }
        // Once per finished scan from nothing: the next session restores it.
        if progress.done
            && let Err(error) = map.keep()
        {
            tracing::warn!(%error, "repo map not kept");
        }
    }
}

/// Publishes the history's warnings not published yet (each once a session).
fn publish_history_warnings(map: &RepoMap, publish: &watch::Sender<MapState>) {
    let warnings = map.history_warnings();
    publish.send_if_modified(|state| {
        let before = state.history_warnings.len();
        for warning in warnings {
            if !state.history_warnings.contains(&warning) {
                state.history_warnings.push(warning);
            }
        }
        state.history_warnings.len() != before
    });
}
