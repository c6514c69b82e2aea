//! Streaming one reply from a model: text deltas and live edit previews go out as
//! events while it arrives; an interrupt stops it; a cut stream is reported as such.

use std::collections::HashMap;
use std::sync::Arc;

use futures::StreamExt;

use crate::edit::{self, BlockProgress, Edit, EditFormat, StreamingParser, Workspace};
use crate::llm::{self, ChatRequest, Provider, StreamEvent};
use crate::protocol::{EditPreview, Event, Op, TokenUsage};

use super::inbox::{Emitter, Inbox};

/// How many times a reply cut at the output-token limit is continued.
const CONTINUATIONS: u32 = 3;

/// What came back.
pub struct Reply {
    pub text: String,
    pub usage: TokenUsage,
    /// The user stopped it.
    pub interrupted: bool,
    /// The provider failed or the stream was cut before its end; one line.
    pub error: Option<String>,
}

/// Live previews of edit blocks while the reply streams.
pub struct Previews<'a> {
    pub format: EditFormat,
    pub chat_files: Vec<String>,
    pub workspace: &'a Workspace,
}

/// Streams `request` from `provider`, sending `ReplyDelta` (and `EditPreview` when
/// `previews` is given) events, and stops early on `Op::Interrupt`.
pub async fn stream_reply(
    provider: Arc<dyn Provider>,
    request: ChatRequest,
    emitter: &Emitter,
    inbox: &mut Inbox,
    previews: Option<Previews<'_>>,
) -> Reply {
    let mut stream = llm::stream_with_continuation(provider, request, CONTINUATIONS);
    let mut parser = previews
        .as_ref()
        .map(|previews| StreamingParser::new(previews.format, &previews.chat_files));
    // Whether a block's search text matches is worked out once, when it is complete.
    let mut matched: HashMap<usize, bool> = HashMap::new();
    let mut reply = Reply {
        text: String::new(),
        usage: TokenUsage::default(),
        interrupted: false,
        error: None,
    };
    let mut finished = false;
    loop {
        tokio::select! {
            biased;
            op = inbox.receive_during_turn() => {
                match op {
                    Some(Op::Interrupt) | None => {
                        reply.interrupted = true;
                        break;
                    }
                    Some(Op::SetAutoAccept { .. }) => {}
                    Some(other) => inbox.hold(other),
                }
            }
            item = stream.next() => {
                match item {
                    Some(Ok(StreamEvent::Text(text))) => {
                        reply.text.push_str(&text);
                        if let (Some(parser), Some(previews)) = (parser.as_mut(), previews.as_ref()) {
                            let progress = parser.push(&text);
                            emitter.emit(Event::ReplyDelta { text }).await;
                            for block in progress {
                                let preview = preview(block, previews, &mut matched);
                                emitter.emit(Event::EditPreview(preview)).await;
                            }
                        } else {
                            emitter.emit(Event::ReplyDelta { text }).await;
                        }
                    }
                    Some(Ok(StreamEvent::Reasoning(_))) => {}
                    Some(Ok(StreamEvent::Retrying { attempt, max_retries, wait, reason })) => {
                        emitter
                            .warn(format!(
                                "{reason}; retrying in {:.1} s (attempt {attempt} of {max_retries})",
                                wait.as_secs_f64()
                            ))
                            .await;
                    }
                    Some(Ok(StreamEvent::Finished { usage, .. })) => {
                        reply.usage.add(&super::usage::to_protocol(&usage));
                        finished = true;
                    }
                    Some(Err(err)) => {
                        reply.error = Some(err.to_string());
                        break;
                    }
                    None => break,
                }
            }
        }
    }
    if !finished && !reply.interrupted && reply.error.is_none() {
        reply.error = Some(
            "the reply stream ended before the model finished; nothing was applied".to_string(),
        );
    }
    // The final state of every block (the last push may not have settled the last line).
    if let (Some(parser), Some(previews)) = (parser.as_ref(), previews.as_ref())
        && finished
    {
        for block in parser.blocks().to_vec() {
            emitter
                .emit(Event::EditPreview(preview(block, previews, &mut matched)))
                .await;
        }
    }
    reply
}

fn preview(
    block: BlockProgress,
    previews: &Previews<'_>,
    matched: &mut HashMap<usize, bool>,
) -> EditPreview {
    let matches = if block.complete {
        let known = *matched.entry(block.id).or_insert_with(|| {
            let edit = Edit::new(
                block.path.clone(),
                block.search.clone(),
                block.replace_so_far.clone(),
            );
            edit::plan_edits(previews.workspace, &[edit], &previews.chat_files)
                .first()
                .is_some_and(|planned| planned.outcome.is_ok())
        });
        Some(known)
    } else {
        None
    };
    EditPreview {
        index: block.id,
        path: block.path,
        search: block.search,
        replace: block.replace_so_far,
        complete: block.complete,
        matches,
    }
}
