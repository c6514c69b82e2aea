//! The full-screen app wired to the real engine, without a terminal: the app's ops go to
//! `engine::spawn`, the engine's events come back to the app, and the screen is drawn on
//! ratatui's TestBackend. The engine talks to the loopback mock LLM in a temporary git
//! repository, so every event the UI shows is one the engine really produces.
//!
//! Screens are made comparable across runs: commit ids (which depend on the time) are
//! replaced by stable placeholders.
#![allow(dead_code)]

use std::time::{Duration, Instant};

use aider_tui::config::Settings;
use aider_tui::engine;
use aider_tui::protocol::{Event, Op};
use aider_tui::tui::{App, AppOptions};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use tokio::sync::mpsc;

use super::engine::TestRepo;

/// How long any one wait may take before the test fails.
const WAIT_LIMIT: Duration = Duration::from_secs(20);
/// How long the engine must stay silent to count as idle.
const QUIET: Duration = Duration::from_millis(300);

/// The app, the engine it drives, and the screen.
pub struct UiSession {
    pub app: App,
    pub terminal: Terminal<TestBackend>,
    ops: mpsc::Sender<Op>,
    events: mpsc::Receiver<Event>,
    /// Every event the app was given, in order.
    pub seen: Vec<Event>,
}

impl UiSession {
    /// Starts the engine with `settings` and an app of `width`×`height`; nothing is
    /// exchanged yet (the first frame can be drawn before any event).
    pub fn start(settings: Settings, width: u16, height: u16) -> UiSession {
        UiSession::start_themed(settings, width, height, "dark", false)
    }

    /// [`UiSession::start`] with a theme (and `NO_COLOR` on or off).
    pub fn start_themed(
        settings: Settings,
        width: u16,
        height: u16,
        theme: &str,
        no_color: bool,
    ) -> UiSession {
        UiSession::start_full(
            settings,
            engine::Devices::system(),
            width,
            height,
            theme,
            no_color,
        )
    }

    /// [`UiSession::start`] with the given clipboard and recorder.
    pub fn start_with_devices(
        settings: Settings,
        devices: engine::Devices,
        width: u16,
        height: u16,
    ) -> UiSession {
        UiSession::start_full(settings, devices, width, height, "dark", false)
    }

    fn start_full(
        settings: Settings,
        devices: engine::Devices,
        width: u16,
        height: u16,
        theme: &str,
        no_color: bool,
    ) -> UiSession {
        let mut options = AppOptions::ephemeral(settings.root.clone());
        options.theme = aider_tui::tui::theme::Theme::load(theme, no_color).unwrap();
        UiSession::start_with_options(settings, devices, options, width, height)
    }

    /// [`UiSession::start`] with the keys of `keymap` (as a keymap file makes them).
    pub fn start_with_keymap(
        settings: Settings,
        keymap: aider_tui::tui::keymap::Keymap,
        width: u16,
        height: u16,
    ) -> UiSession {
        let mut options = AppOptions::ephemeral(settings.root.clone());
        options.keymap = keymap;
        UiSession::start_with_options(settings, engine::Devices::system(), options, width, height)
    }

    /// [`UiSession::start`] keeping the input history in the repository's state
    /// folder, as the binary does.
    pub fn start_keeping_history(settings: Settings, width: u16, height: u16) -> UiSession {
        let mut options = AppOptions::ephemeral(settings.root.clone());
        let state = aider_tui::safe_fs::StateDir::open(&settings.root).unwrap();
        options.state = Some(state);
        UiSession::start_with_options(settings, engine::Devices::system(), options, width, height)
    }

    fn start_with_options(
        settings: Settings,
        devices: engine::Devices,
        options: AppOptions,
        width: u16,
        height: u16,
    ) -> UiSession {
        let (ops, events) = engine::spawn_with(settings, devices);
        UiSession {
            app: App::new(options),
            terminal: Terminal::new(TestBackend::new(width, height)).unwrap(),
            ops,
            events,
            seen: Vec::new(),
        }
    }

    async fn send_ops(&mut self) {
        for op in self.app.take_ops() {
            self.ops.send(op).await.unwrap();
        }
    }

    /// Passes ops and events both ways until an event for which `stop` holds has been
    /// handled by the app; events after it stay queued.
    pub async fn until(&mut self, what: &str, stop: impl Fn(&Event) -> bool) {
        let deadline = Instant::now() + WAIT_LIMIT;
        loop {
            self.send_ops().await;
            let left = deadline.saturating_duration_since(Instant::now());
            let event = match tokio::time::timeout(left, self.events.recv()).await {
                Ok(Some(event)) => event,
                Ok(None) => panic!("the engine stopped while waiting for {what}"),
                Err(_) => panic!(
                    "waited {WAIT_LIMIT:?} for {what}; events so far: {:#?}",
                    self.seen
                ),
            };
            let hit = stop(&event);
            self.seen.push(event.clone());
            self.app.handle_event(event);
            if hit {
                self.send_ops().await;
                return;
            }
        }
    }

    /// Passes ops and events both ways until the engine has said nothing for a while.
    pub async fn settle(&mut self) {
        let deadline = Instant::now() + WAIT_LIMIT;
        loop {
            self.send_ops().await;
            match tokio::time::timeout(QUIET, self.events.recv()).await {
                Ok(Some(event)) => {
                    self.seen.push(event.clone());
                    self.app.handle_event(event);
                }
                Ok(None) => return,
                Err(_) => {
                    let ops = self.app.take_ops();
                    if ops.is_empty() {
                        return;
                    }
                    for op in ops {
                        self.ops.send(op).await.unwrap();
                    }
                }
            }
            assert!(Instant::now() < deadline, "the engine never went quiet");
        }
    }

    /// Waits until the start-up exchange is done: the session's status, the commit
    /// log, the file list and the repo map have all arrived, then until quiet.
    pub async fn until_started(&mut self) {
        for (what, kind) in [
            ("the status", "status"),
            ("the commit log", "commit_log"),
            ("the file list", "repo_files"),
            ("the repo map", "repo_map"),
        ] {
            if !self.seen.iter().any(|event| event_kind(event) == kind) {
                self.until(what, |event| event_kind(event) == kind).await;
            }
        }
        // The status bar shows the map's scan while it runs: wait for its end, so a
        // screen does not depend on how fast the thread parsed.
        let scanning =
            |event: &Event| matches!(event, Event::Status(status) if status.map_progress.is_some());
        let last_status = self
            .seen
            .iter()
            .rev()
            .find(|event| matches!(event, Event::Status(_)));
        if last_status.is_some_and(scanning) {
            self.until(
                "the map scan to finish",
                |event| matches!(event, Event::Status(status) if status.map_progress.is_none()),
            )
            .await;
        }
        self.settle().await;
    }

    /// Waits for the turn to finish (`TurnFinished`).
    pub async fn until_turn_finished(&mut self) {
        self.until("the turn to finish", |event| {
            matches!(event, Event::TurnFinished { .. })
        })
        .await;
    }

    /// A key press.
    pub fn key(&mut self, code: KeyCode) -> &mut Self {
        self.app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
        self
    }

    /// A key press with modifiers.
    pub fn key_with(&mut self, code: KeyCode, modifiers: KeyModifiers) -> &mut Self {
        self.app.handle_key(KeyEvent::new(code, modifiers));
        self
    }

    /// Types text into the focused pane.
    pub fn type_text(&mut self, text: &str) -> &mut Self {
        for c in text.chars() {
            self.key(KeyCode::Char(c));
        }
        self
    }

    /// Types a message and sends it.
    pub fn send(&mut self, text: &str) -> &mut Self {
        self.type_text(text).key(KeyCode::Enter)
    }

    /// The ops the app queued, taken: they never reach the engine.
    pub fn take_ops(&mut self) -> Vec<Op> {
        self.app.take_ops()
    }

    /// The ops the app queued, sent on to the engine.
    pub async fn forward_ops(&mut self) -> Vec<Op> {
        let ops = self.app.take_ops();
        for op in &ops {
            self.ops.send(op.clone()).await.unwrap();
        }
        ops
    }

    /// The screen as text, with commit ids of `repo` replaced by stable placeholders.
    pub fn screen(&mut self, repo: &TestRepo) -> String {
        self.app.prepare();
        let app = &self.app;
        self.terminal.draw(|frame| app.draw(frame)).unwrap();
        let mut text = self.terminal.backend().to_string();
        let mut ids = commit_ids(repo);
        for event in &self.seen {
            if let Event::CommitMade { commit } = event
                && !ids.contains(&commit.id)
            {
                ids.push(commit.id.clone());
            }
        }
        for (index, id) in ids.iter().enumerate() {
            let stand_in = format!("c{index:0>6}");
            // The longer form first: it starts with the shorter one.
            text = text.replace(&id[..12], &format!("{stand_in}xxxxx"));
            text = text.replace(&id[..7], &stand_in);
        }
        steady_waits(&text)
    }

    /// Ends the session.
    pub async fn quit(mut self) {
        let _ = self.ops.send(Op::Quit).await;
        let deadline = Instant::now() + WAIT_LIMIT;
        while let Ok(Some(event)) = tokio::time::timeout(
            deadline.saturating_duration_since(Instant::now()),
            self.events.recv(),
        )
        .await
        {
            if event == Event::ShutdownComplete {
                break;
            }
        }
    }
}

/// The text with retry waits (which carry random jitter) shown as `N.N s`.
fn steady_waits(text: &str) -> String {
    let marker = "retrying in ";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(marker) {
        out.push_str(&rest[..at + marker.len()]);
        rest = &rest[at + marker.len()..];
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        if digits > 0 {
            out.push_str(
                &"N.N"
                    .chars()
                    .chain(std::iter::repeat(' '))
                    .take(digits.max(3))
                    .collect::<String>(),
            );
            rest = &rest[digits..];
        }
    }
    out.push_str(rest);
    out
}

/// The serde tag of an event (`status`, `commit_log`, …).
pub fn event_kind(event: &Event) -> String {
    serde_json::to_value(event)
        .ok()
        .and_then(|value| {
            value
                .get("type")
                .and_then(|kind| kind.as_str().map(str::to_string))
        })
        .unwrap_or_default()
}

/// Every commit id of the repository, oldest first (so placeholders are stable as
/// commits are added).
pub fn commit_ids(repo: &TestRepo) -> Vec<String> {
    let git = git2::Repository::open(repo.root()).unwrap();
    let mut walk = git.revwalk().unwrap();
    if walk.push_head().is_err() {
        return Vec::new();
    }
    walk.set_sorting(git2::Sort::TOPOLOGICAL | git2::Sort::REVERSE)
        .unwrap();
    walk.map(|id| id.unwrap().to_string()).collect()
}
