//! The session's side of the repo map (the thread's handle and what the session last
//! showed of it) and the budget and request of the map a request carries, as
//! functions over the session.

use crate::protocol::RepoMapView;
use crate::repomap::{DEFAULT_MAP_TOKENS, MapOutput, MapRequest, NO_CHAT_FILES_MULTIPLIER};

use super::map_task::{MapState, MapTask};
use super::mentions::Mentions;
use super::session::Session;

/// The session's side of the repo map: the thread (none with `--map-tokens 0`) and
/// what the session last showed of it.
#[derive(Default)]
pub struct SessionMap {
    pub task: Option<MapTask>,
    /// The inspector asked for the map before it was ready: send it when it is.
    pub(super) view_wanted: bool,
    /// When the map's progress last went out in a status, and whether it was ready then.
    pub(super) status_sent: Option<std::time::Instant>,
    pub(super) was_ready: bool,
    /// A render has been answered: the first map exists. Later renders may still wait
    /// for a rescan's changed files, quietly (the status bar shows it).
    pub(super) answered: bool,
    /// Tokens of the map last rendered, for the context estimate.
    pub(super) tokens: u64,
    /// The map thread's history warnings already told in the chat.
    pub(super) history_told: usize,
    /// What the last message named and said: the inspector shows its map.
    last_mentions: Mentions,
    last_message: String,
}

impl SessionMap {
    /// The map thread's latest state (none without a map).
    pub fn state(&self) -> Option<MapState> {
        self.task.as_ref().map(MapTask::state)
    }

    /// Tokens of the map last rendered.
    pub fn tokens(&self) -> u64 {
        self.tokens
    }

    /// Keeps what the message being sent named and said, for the inspector.
    pub fn set_last_message(&mut self, mentions: &Mentions, message: &str) {
        self.last_mentions = mentions.clone();
        self.last_message = message.to_string();
    }

    /// What the last message named and said.
    pub fn last_message(&self) -> (Mentions, String) {
        (self.last_mentions.clone(), self.last_message.clone())
    }

    /// Records the size of the map a request carries.
    pub fn set_tokens(&mut self, tokens: u64) {
        self.tokens = tokens;
    }
}

/// The map's token budget; 0 means no map.
pub(super) fn map_budget(session: &Session) -> usize {
    session.settings.map_tokens.unwrap_or(DEFAULT_MAP_TOKENS)
}

/// The budget of the map a request carries: with no chat files the map is all the
/// model sees of the code, so it gets more room, short of filling the window.
pub(super) fn request_budget(session: &Session) -> usize {
    let base = map_budget(session);
    if !session.files.editable().is_empty() {
        return base;
    }
    let wider = base.saturating_mul(NO_CHAT_FILES_MULTIPLIER);
    match session.models.main.as_ref() {
        Some(model) => {
            let window = usize::try_from(model.settings.context_window).unwrap_or(usize::MAX);
            wider
                .min(window.saturating_sub(MAP_WINDOW_RESERVE))
                .max(base)
        }
        None => wider,
    }
}

/// What the inspector asks the map for: the chat files of `session` and what the
/// last message named and said.
pub(super) fn inspector_request(session: &Session) -> MapRequest {
    let (mentions, message) = session.map.last_message();
    MapRequest {
        chat_files: session.files.editable(),
        mention_files: mentions.files,
        mention_idents: mentions.identifiers,
        message,
        max_tokens: request_budget(session),
        // The repo-map inspector shows why each file is there.
        explain: true,
        wait_for_history: false,
    }
}

/// Room a wider map leaves in the context window for everything else.
const MAP_WINDOW_RESERVE: usize = 4096;

/// The map as the protocol carries it.
pub(super) fn map_view(output: MapOutput, budget: usize) -> RepoMapView {
    RepoMapView {
        text: output.text,
        tokens: output.tokens as u64,
        budget: budget as u64,
        files: output.ranked,
        without_history: output.without_history,
    }
}

/// Whether sending the map may wait for the first scan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wait {
    Yes,
    No,
}
