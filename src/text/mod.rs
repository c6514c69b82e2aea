//! The words the program shows people: one formatter from engine events to text
//! ([`describe`]), shared by every front end and the transcript, and the rule that keeps
//! text from acting on a terminal ([`printable`]).

mod describe;
mod terminal;

pub use describe::{Said, Tone, describe, session_line};
pub use terminal::printable;
