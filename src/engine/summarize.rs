//! Keeping the history short: once it passes a token threshold, the weak model
//! condenses its older part in the background. A turn never waits for it; the result
//! is folded in as soon as it lands between turns (the main loop waits on
//! [`Summarizer::finished`]), or at the start of the next turn, if the history it was
//! made from is still there.

use tokio::task::{JoinError, JoinHandle};

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
const TRANSCRIPT_HEAD: &str = "Summarize this conversation:\n\n";
const LEFT_OUT: &str =
    "(Older messages are left out: the conversation is too long to summarize whole.)\n\n";
/// The summary's reply, at most.
const SUMMARY_REPLY_TOKENS: u64 = 1024;
/// What a provider adds around the system prompt and one message, at most.
const REQUEST_FRAMING_TOKENS: u64 = 64;
/// The most conversation one summary reads, whatever the model's window: the newest
/// of the older messages up to this, so a huge history (a long session resumed)
/// costs one bounded request.
const SUMMARY_INPUT_CAP: u64 = 32_768;
/// Below this much room, no summary is asked for.
const SMALLEST_SUMMARY_INPUT: u64 = 256;
const SUMMARY_ACK: &str = "Thanks, I have the context.";

struct Job {
    generation: u64,
    count: usize,
    task: JoinHandle<Result<String, String>>,
    /// The task's result once [`Summarizer::finished`] has seen it end.
    done: Option<Result<Result<String, String>, JoinError>>,
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
        let Some(budget) = transcript_budget(model.settings.context_window) else {
            tracing::info!(
                model = %model.name,
                "no room in the weak model's window for a summary; the history is kept whole"
            );
            return;
        };
        let transcript = transcript(&history.messages()[..count], budget);
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
                max_tokens: Some(SUMMARY_REPLY_TOKENS),
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
            done: None,
        });
    }

    /// Resolves when the running summary ends; never while none runs or once its end
    /// was seen (it waits for [`Summarizer::collect`]).
    pub async fn finished(&mut self) {
        match self.job.as_mut().filter(|job| job.done.is_none()) {
            Some(job) => job.done = Some((&mut job.task).await),
            None => std::future::pending().await,
        }
    }

    /// Folds a finished summary into the history, without waiting. `None` when no
    /// summary had finished.
    pub async fn collect(&mut self, history: &mut History) -> Option<Collected> {
        let finished = self
            .job
            .as_ref()
            .is_some_and(|job| job.done.is_some() || job.task.is_finished());
        if !finished {
            return None;
        }
        let job = self.job.take()?;
        let result = match job.done {
            Some(done) => done,
            None => job.task.await,
        };
        match result {
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

/// The tokens a summary's transcript may take in a window of `context_window`: what is
/// left of it after the reply, the instructions and the request's framing, at most
/// [`SUMMARY_INPUT_CAP`]; `None` when that leaves too little to be worth a summary.
fn transcript_budget(context_window: u64) -> Option<usize> {
    let window = if context_window == 0 {
        crate::llm::UNKNOWN_CONTEXT_WINDOW
    } else {
        context_window
    };
    let instructions = tokens::count_tokens(SUMMARY_SYSTEM) as u64;
    let room = window
        .saturating_sub(SUMMARY_REPLY_TOKENS + REQUEST_FRAMING_TOKENS + instructions)
        .min(SUMMARY_INPUT_CAP);
    (room >= SMALLEST_SUMMARY_INPUT).then_some(room as usize)
}

/// The conversation to summarize, within `budget` tokens (counted exactly): the newest
/// messages that fit, the oldest of them cut to what is left, and a note when older
/// ones were left out.
fn transcript(messages: &[Message], budget: usize) -> String {
    let mut budget = budget;
    loop {
        let text = transcript_within(messages, budget);
        let count = tokens::count_tokens(&text);
        // Pieces are counted apart; joined, a boundary may count a token more.
        if count <= budget || budget == 0 {
            return text;
        }
        budget = budget.saturating_sub(count - budget + 16);
    }
}

fn transcript_within(messages: &[Message], budget: usize) -> String {
    let fixed = tokens::count_tokens(TRANSCRIPT_HEAD) + tokens::count_tokens(LEFT_OUT);
    let mut room = budget.saturating_sub(fixed);
    let mut pieces: Vec<String> = Vec::new();
    let mut left_out = false;
    for message in messages.iter().rev() {
        let who = match message.role {
            Role::User => "DEVELOPER",
            Role::Assistant => "ASSISTANT",
        };
        let label = format!("# {who}\n");
        let framing = tokens::count_tokens(&label) + tokens::count_tokens("\n\n");
        if room <= framing {
            left_out = true;
            break;
        }
        let text = tokens::prefix_within(&message.text, room - framing);
        room -= framing + tokens::count_tokens(text);
        pieces.push(format!("{label}{text}\n\n"));
        if text.len() < message.text.len() {
            left_out = true;
            break;
        }
    }
    let mut transcript = String::from(TRANSCRIPT_HEAD);
    if left_out {
        transcript.push_str(LEFT_OUT);
    }
    for piece in pieces.iter().rev() {
        transcript.push_str(piece);
    }
    transcript
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_summary_reads_at_most_its_budget_newest_first() {
        let messages: Vec<Message> = (0..200)
            .map(|index| {
                let text = format!("message {index}: {}", "some words here ".repeat(500));
                match index % 2 {
                    0 => Message::user(text),
                    _ => Message::assistant(text),
                }
            })
            .collect();
        for budget in [300, 5_000, 30_000] {
            let text = transcript(&messages, budget);
            assert!(tokens::count_tokens(&text) <= budget, "{budget}");
            assert!(text.contains(LEFT_OUT.trim()), "{budget}");
            assert!(text.contains("message 199:"), "the newest is kept");
        }
        assert!(!transcript(&messages, 30_000).contains("message 0:"));
        // A short conversation goes whole, without the note.
        let whole = transcript(&messages[..2], 30_000);
        assert!(whole.contains("message 0:") && !whole.contains(LEFT_OUT.trim()));
        // The budget leaves room for the reply and the instructions, within the cap.
        assert_eq!(transcript_budget(1_000), None);
        let small = transcript_budget(4_096).unwrap();
        assert!(small < 4_096 - SUMMARY_REPLY_TOKENS as usize && small > 2_000);
        assert_eq!(
            transcript_budget(1_000_000),
            Some(SUMMARY_INPUT_CAP as usize)
        );
    }

    #[test]
    fn threshold_follows_the_window_within_bounds() {
        assert_eq!(threshold_for(8_000), 1024);
        assert_eq!(threshold_for(128_000), 8000);
        assert_eq!(threshold_for(1_000_000), 8192);
    }
}
