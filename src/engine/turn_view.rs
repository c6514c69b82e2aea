//! What a turn leaves readable for everyone else while it runs: a snapshot of the
//! session taken when the turn starts (its settings, the map's handle and request, the
//! saved sessions). Lookups during
//! the turn (`lookups`) answer from this, never from the session the turn is changing,
//! so they need no turn to end and cannot see a half-done change.

use crate::config::Settings;
use crate::repomap::MapRequest;
use crate::sessions::SessionStore;

use super::map_task::MapTask;
use super::read_only::ollama_base;
use super::session::Session;
use super::session_map::{inspector_request, map_budget};

/// The session as a turn found it, for lookups beside the turn.
pub struct TurnView {
    pub settings: Settings,
    /// The Ollama `/models` asks for its models.
    pub ollama_base: String,
    /// The map thread (none before it starts, or with no map).
    pub map: Option<MapTask>,
    /// The map's budget (0: no map) and what the inspector asks it for.
    pub map_budget: usize,
    pub map_request: MapRequest,
    /// Where sessions are saved (none without a state folder), and this one's id.
    pub sessions: Option<SessionStore>,
    pub session_id: String,
}

impl TurnView {
    /// The view of `session` now; it is saved in `sessions` as `session_id`.
    pub fn of(session: &Session, sessions: Option<&SessionStore>, session_id: &str) -> TurnView {
        TurnView {
            settings: session.settings.clone(),
            ollama_base: ollama_base(&session.settings, &session.models),
            map: session.map.task.clone(),
            map_budget: map_budget(session),
            map_request: inspector_request(session),
            sessions: sessions.cloned(),
            session_id: session_id.to_string(),
        }
    }
}
