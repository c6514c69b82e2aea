//! Sessions that survive a restart: each session's conversation, files, mode, models
//! and totals, saved after every turn to `.aider-tui/sessions/<id>.json`.
//!
//! - `record`: the file's serde types, versioned ([`FORMAT_VERSION`]).
//! - `conversation`: the messages, the user turns, rewinds and redo.
//! - `store`: saving (atomically), listing, loading by id prefix; a file that is corrupt
//!   or from a newer version is reported and skipped.
//! - `clock`: session ids that sort by start time, times as people read them.
//!
//! A library: it knows nothing of the engine or the front ends.

mod clock;
mod conversation;
mod error;
mod record;
mod store;

pub use clock::{local_time, new_id, now};
pub use conversation::{Conversation, Rewind, RewoundCode, TurnRecord};
pub use error::SessionError;
pub use record::{FORMAT_VERSION, ModelNames, SessionRecord, StoredCommit, TokenTotals};
pub use store::{Listing, SESSIONS_DIR, SessionLock, SessionStore, SessionSummary};
