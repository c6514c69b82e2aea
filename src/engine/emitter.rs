//! Sending events to the front end, recording what people read in the transcript and
//! counting what happened for the session file as they go.

use tokio::sync::mpsc;

use super::tally::Tally;
use super::transcript::Transcript;
use crate::protocol::{Event, NoticeLevel};

/// Sends events to the front end; a front end that went away is not an error.
/// What the user is told is also recorded in the chat transcript, so every front end
/// leaves the same history behind.
#[derive(Clone)]
pub struct Emitter {
    events: mpsc::Sender<Event>,
    transcript: Option<Transcript>,
    tally: Option<Tally>,
}

impl Emitter {
    /// Wraps the event channel.
    pub fn new(events: mpsc::Sender<Event>) -> Self {
        Emitter {
            events,
            transcript: None,
            tally: None,
        }
    }

    /// Counts the commits, edits and tokens it sends in `tally` too (for the session file).
    pub fn tally_into(&mut self, tally: Tally) {
        self.tally = Some(tally);
    }

    /// Records the notices, edit results and commits it sends in `transcript` too.
    pub fn record_into(&mut self, transcript: Transcript) {
        self.transcript = Some(transcript);
    }

    /// Records what the user sent in the transcript (front ends show it themselves).
    pub fn record_user(&self, text: &str) {
        if let Some(transcript) = &self.transcript {
            transcript.user(text);
        }
    }

    /// Records the model's reply in the transcript (it streamed out in pieces).
    pub fn record_reply(&self, text: &str) {
        if let Some(transcript) = &self.transcript {
            transcript.reply(text);
        }
    }

    /// Sends one event, waiting while the channel is full (backpressure on the stream).
    pub async fn emit(&self, event: Event) {
        if let Some(transcript) = &self.transcript {
            record(transcript, &event);
        }
        if let Some(tally) = &self.tally {
            tally.observe(&event);
        }
        let _ = self.events.send(event).await;
    }

    /// Sends a notice.
    pub async fn notice(&self, level: NoticeLevel, text: impl Into<String>) {
        self.emit(Event::Notice {
            level,
            text: text.into(),
        })
        .await;
    }

    /// Sends an informational notice.
    pub async fn info(&self, text: impl Into<String>) {
        self.notice(NoticeLevel::Info, text).await;
    }

    /// Sends a warning.
    pub async fn warn(&self, text: impl Into<String>) {
        self.notice(NoticeLevel::Warn, text).await;
    }

    /// Sends an error notice.
    pub async fn error(&self, text: impl Into<String>) {
        self.notice(NoticeLevel::Error, text).await;
    }
}

/// Writes what a reader of the transcript needs: the words every front end shows for
/// the event (streaming pieces and pane data have none; the reply is recorded whole
/// when it ends).
fn record(transcript: &Transcript, event: &Event) {
    for said in crate::text::describe(event) {
        transcript.note(&said.text);
    }
}
