//! Keeping the history short: once it passes a token threshold, the weak model
//! condenses its older part in the background. A turn never waits for it; the result
//! is folded in at the start of a later turn if the history it was made from is still
//! there.

use tokio::task::JoinHandle;

use crate::conversation::{Message, Role};
use crate::llm::{self, ChatMessage, ChatRequest};
use crate::protocol::SummaryFigures;
use crate::tokens;

use super::history::History;
use super::models::Model;

const SUMMARY_SYSTEM: &str = "You condense a conversation between a developer and an AI coding assistant so it can continue with less text.\n\
Write from the developer's side, in the first person (\"I asked you to ...; you changed ...\").\n\
Keep every file name, function name, decision and open question. Leave out code and edit blocks.\n\
Reply with the summary only.";

const SUMMARY_INTRO: &str = "A summary of our conversation so far:";
const SUMMARY_ACK: &str = "Thanks, I have the context.";

struct Job {
    generation: u64,
    count: usize,
    task: JoinHandle<Result<String, String>>,
}

/// What folding in a finished summary did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Collected {
    /// The older messages were replaced: how many, and the history's size around it.
    Summarized(SummaryFigures),
    /// Nothing changed; a line for the log says why.
    Kept(String),
}

/// The background summarizer of one session.
#[derive(Default)]
pub struct Summarizer {
    job: Option<Job>,
}

/// The threshold the history is kept under, for a model with this context window:
/// a sixteenth of the window, between 1k and 8k tokens.
pub fn threshold_for(context_window: u64) -> u64 {
    (context_window / 16).clamp(1024, 8192)
}

fn history_tokens(messages: &[Message]) -> u64 {
    messages
        .iter()
        .map(|message| tokens::estimate_tokens(&message.text) as u64)
        .sum()
}

/// The history's tokens as the request counts them (the figures people see).
fn counted_tokens(messages: &[Message]) -> u64 {
    messages
        .iter()
        .map(|message| tokens::count_tokens(&message.text) as u64)
        .sum()
}

impl Summarizer {
    /// Starts summarizing the older part of the history when it is over `threshold`
    /// and no summary is running. Keeps the newest exchanges that fit in half the threshold.
    pub fn start_if_long(&mut self, history: &History, model: &Model, threshold: u64) {
        if self.job.is_some() || history_tokens(history.messages()) <= threshold {
            return;
        }
        let messages = history.messages();
        // Walk back over whole exchanges (user + assistant) while they fit in half the budget.
        let mut kept = 0;
        let mut tokens = 0;
        let mut index = messages.len();
        while index >= 2 {
            let pair = history_tokens(&messages[index - 2..index]);
            if tokens + pair > threshold / 2 {
                break;
            }
            tokens += pair;
            kept += 2;
            index -= 2;
        }
        let count = messages.len() - kept;
        if count < 2 {
            return;
        }
        self.start(history, model, count);
    }

    /// Starts summarizing the whole history (after a change of edit format, so the
    /// model does not imitate the old format).
    pub fn start_all(&mut self, history: &History, model: &Model) {
        if let Some(job) = self.job.take() {
            job.task.abort();
        }
        if history.messages().len() >= 2 {
            self.start(history, model, history.messages().len());
        }
    }

    fn start(&mut self, history: &History, model: &Model, count: usize) {
        let transcript = transcript(&history.messages()[..count]);
        let provider = model.provider.clone();
        let task = tokio::spawn(async move {
            let request = ChatRequest {
                system: SUMMARY_SYSTEM.to_string(),
                messages: vec![ChatMessage {
                    role: Role::User,
                    content: transcript,
                    cache_breakpoint: false,
                    ..ChatMessage::default()
                }],
                max_tokens: Some(1024),
                temperature: None,
                ..ChatRequest::default()
            };
            llm::complete(&*provider, request)
                .await
                .map(|(text, _usage)| text)
                .map_err(|err| err.to_string())
        });
        self.job = Some(Job {
            generation: history.generation(),
            count,
            task,
        });
    }

    /// Folds a finished summary into the history, without waiting. `None` when no
    /// summary had finished.
    pub async fn collect(&mut self, history: &mut History) -> Option<Collected> {
        let finished = self.job.as_ref().is_some_and(|job| job.task.is_finished());
        if !finished {
            return None;
        }
        let job = self.job.take()?;
        match job.task.await {
            Ok(Ok(summary)) if !summary.trim().is_empty() => {
                let replacement = vec![
                    Message::user(format!("{SUMMARY_INTRO}\n\n{}", summary.trim())).as_summary(),
                    Message::assistant(SUMMARY_ACK).as_summary(),
                ];
                let before_tokens = counted_tokens(history.messages());
                if history.replace_prefix(job.generation, job.count, replacement) {
                    Some(Collected::Summarized(SummaryFigures {
                        messages: job.count,
                        before_tokens,
                        after_tokens: counted_tokens(history.messages()),
                    }))
                } else {
                    None
                }
            }
            Ok(Ok(_)) => Some(Collected::Kept(
                "the history summary came back empty; keeping the full history".to_string(),
            )),
            Ok(Err(err)) => Some(Collected::Kept(format!(
                "could not summarize the history: {err}"
            ))),
            Err(_) => None,
        }
    }
}

fn transcript(messages: &[Message]) -> String {
    let mut text = String::from("Summarize this conversation:\n\n");
    for message in messages {
        let who = match message.role {
            Role::User => "DEVELOPER",
            Role::Assistant => "ASSISTANT",
        };
        text.push_str(&format!("# {who}\n{}\n\n", message.text));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threshold_follows_the_window_within_bounds() {
        assert_eq!(threshold_for(8_000), 1024);
        assert_eq!(threshold_for(128_000), 8000);
        assert_eq!(threshold_for(1_000_000), 8192);
    }
}
