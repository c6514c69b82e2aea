//! The session's repo map: the map thread (`map_task`) started at once and never waited
//! on at start-up; renders for each message from whatever is parsed (waiting, with the
//! progress shown, only until the first map is ready — `Esc` sends without it); the map
//! the next request will carry sent to the inspector whenever the chat files change.

use crate::protocol::{Event, Op};
use crate::repomap::{MapOptions, MapOutput, MapRequest};

use super::map_task::MapTask;
use super::mentions::Mentions;
use super::session_map::{Wait, map_budget, map_view, request_budget};
use super::spawn::Engine;

impl Engine {
    /// The map's token budget; 0 means no map.
    pub(super) fn map_budget(&self) -> usize {
        map_budget(&self.session)
    }

    fn request_budget(&self) -> usize {
        request_budget(&self.session)
    }

    /// Starts the map thread (nothing waits for it here).
    pub(super) fn start_repo_map(&mut self) {
        if self.map_budget() == 0 {
            return;
        }
        let options = MapOptions {
            use_git: self.session.git.is_some(),
            map_vendored: self.session.settings.map_vendored,
            history_commits: self.session.settings.map_history,
            cache_dir: self.session.settings.tag_store.clone(),
            state_dir: self.session.state.clone(),
            ..MapOptions::default()
        };
        let near_chat = self.session.files.editable();
        self.session.map.task = Some(MapTask::start(
            self.session.root.clone(),
            options,
            near_chat,
        ));
    }

    /// Files may have changed: the map looks again (before the next render).
    pub(super) fn rescan_repo_map(&mut self) {
        if let Some(map) = &self.session.map.task {
            map.prioritize(self.session.files.editable());
            map.rescan();
        }
    }

    /// The map for the current chat files and `mentions`. Before the first map is ready
    /// this waits, saying how far the scan is; `Esc` sends the message without it.
    pub(super) async fn render_repo_map(
        &mut self,
        mentions: &Mentions,
        asker: MapAsker,
    ) -> Option<MapOutput> {
        if self.map_budget() == 0 {
            return None;
        }
        let budget = self.request_budget();
        let map = self.session.map.task.as_ref()?;
        let request = MapRequest {
            chat_files: self.session.files.editable(),
            mention_files: mentions.files.clone(),
            mention_idents: mentions.identifiers.clone(),
            max_tokens: budget,
            // The repo-map inspector shows why each file is there.
            explain: true,
        };
        let mut state = map.watch();
        let mut answer = map.render(request)?;
        // Only the first map's wait is told in the chat. Whether a later render waits
        // depends on whether the thread has taken the rescan sent just before it, so
        // a notice then would come and go with the threads' timing.
        if !self.session.map.answered && !state.borrow().ready() {
            let progress = state.borrow().progress;
            self.emitter
                .info(format!(
                    "Waiting for the repo map: {} of {} files parsed. The first map needs only \
                     the files near the chat and part of the project's own code; the status \
                     bar follows the scan (Esc {}).",
                    progress.parsed,
                    progress.total,
                    asker.escape()
                ))
                .await;
        }
        let mut progress_shown = false;
        loop {
            tokio::select! {
                output = &mut answer => {
                    self.session.map.answered |= output.is_ok();
                    // A damaged history table is known before the first map: a
                    // one-shot message tells it too.
                    self.tell_history_warnings().await;
                    if progress_shown {
                        // The thread published its state before it answered: the bar
                        // does not stay on a progress the wait showed.
                        self.send_status().await;
                    }
                    return output.ok();
                }
                changed = state.changed() => {
                    if changed.is_err() {
                        return None;
                    }
                    progress_shown = true;
                    self.send_status().await;
                }
                op = self.inbox.receive_during_turn() => match op {
                    Some(Op::Interrupt) => {
                        // Esc here means "go on without the map", not "stop the turn".
                        self.inbox.take_interrupt();
                        self.emitter.warn(asker.gave_up()).await;
                        return None;
                    }
                    None => return None,
                    Some(Op::SetAutoAccept { .. }) => {}
                    Some(other) => self.inbox.hold(other),
                },
            }
        }
    }

    /// Sends the map the next request will carry (`Event::RepoMap`); a refresh first
    /// looks for changed files. Before the first map is ready, `Wait::No` leaves it to
    /// the main loop to send it once it is (a pane asked), `Wait::Yes` waits with the
    /// progress shown (`/map` asked).
    pub(super) async fn send_repo_map(&mut self, refresh: bool, wait: Wait) {
        if self.map_budget() == 0 {
            self.emitter
                .info("The repo map is off (--map-tokens 0).")
                .await;
            return;
        }
        if self.session.map.task.is_none() {
            self.start_repo_map();
        } else if refresh {
            self.rescan_repo_map();
        }
        let Some(state) = self.session.map.state() else {
            return;
        };
        if let Some(failed) = state.failed {
            self.emitter
                .warn(format!("The repo map is off: {failed}"))
                .await;
            return;
        }
        if !state.ready() && wait == Wait::No {
            self.session.map.view_wanted = true;
            return;
        }
        self.session.map.view_wanted = false;
        let Some(output) = self
            .render_repo_map(&Mentions::default(), MapAsker::Inspector)
            .await
        else {
            return;
        };
        let tokens_changed = self.session.map.tokens != output.tokens as u64;
        self.session.map.tokens = output.tokens as u64;
        let view = map_view(output, self.request_budget());
        self.emitter.emit(Event::RepoMap(view)).await;
        if tokens_changed {
            // The context estimate counts the map.
            self.send_status().await;
        }
    }
}

impl Engine {
    /// The chat files changed: the inspector gets the map the next request will carry.
    pub(super) async fn follow_chat_files(&mut self) {
        if self.session.map.task.is_some() && self.map_budget() > 0 {
            self.session.map.view_wanted = true;
            self.on_map_progress().await;
        }
    }

    /// The map thread moved on: the status shows how far (at most a few times a
    /// second), and a map the inspector asked for goes out once it is ready.
    pub(super) async fn on_map_progress(&mut self) {
        self.tell_history_warnings().await;
        let Some(state) = self.session.map.state() else {
            return;
        };
        let now = std::time::Instant::now();
        let milestone = state.ready() != self.session.map.was_ready || state.progress.done;
        let became_ready = state.ready() && !self.session.map.was_ready;
        let due = self
            .session
            .map
            .status_sent
            .is_none_or(|sent| now.duration_since(sent) >= MAP_STATUS_EVERY);
        if milestone || due {
            if let Some(failed) = &state.failed
                && !self.session.map.was_ready
            {
                self.emitter
                    .warn(format!("The repo map is off: {failed}"))
                    .await;
            }
            self.session.map.status_sent = Some(now);
            self.session.map.was_ready = state.ready();
            self.send_status().await;
        }
        if state.ready() && self.session.map.view_wanted {
            self.send_repo_map(false, Wait::No).await;
        }
        if became_ready {
            // The next request carries the map from now on.
            self.send_context_report().await;
        }
    }

    /// The map thread's history warnings not told yet, as warnings in the chat.
    async fn tell_history_warnings(&mut self) {
        let Some(state) = self.session.map.state() else {
            return;
        };
        for warning in state
            .history_warnings
            .iter()
            .skip(self.session.map.history_told)
        {
            self.emitter
                .warn(crate::text::map_history_warning(warning))
                .await;
        }
        self.session.map.history_told = state.history_warnings.len();
    }
}

/// Who waits for a render, for what the chat says while it waits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MapAsker {
    /// A message to the model.
    Message,
    /// `/tokens`.
    TokenReport,
    /// `/map` or the map pane.
    Inspector,
}

impl MapAsker {
    /// What `Esc` does while waiting.
    fn escape(self) -> &'static str {
        match self {
            MapAsker::Message => "sends the message without it",
            MapAsker::TokenReport => "counts without it",
            MapAsker::Inspector => "stops waiting",
        }
    }

    /// What the chat says after `Esc`.
    fn gave_up(self) -> &'static str {
        match self {
            MapAsker::Message => "Sent the message without the repo map: it is still being built.",
            MapAsker::TokenReport => "Counted without the repo map: it is still being built.",
            MapAsker::Inspector => "Stopped waiting for the repo map: it is still being built.",
        }
    }
}

/// The status carries the map's progress at most this often.
const MAP_STATUS_EVERY: std::time::Duration = std::time::Duration::from_millis(250);
