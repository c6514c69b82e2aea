//! The words the program shows people: one formatter from engine events to text
//! ([`describe`]), shared by every front end and the transcript, and the rule that keeps
//! text from acting on a terminal ([`printable`]).

mod context_table;
mod describe;
mod plural;
mod repository_settings;
mod terminal;

pub use context_table::{context_table, dollars, percent};
pub use describe::{Said, Tone, describe, map_history_warning, refusal, resume_hint, session_line};
pub use plural::counted;
pub use repository_settings::{repository_settings_notice, tracked_state_notice};
pub use terminal::printable;
