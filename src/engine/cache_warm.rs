//! The main loop's keep-alive timer arm: the ping `keepalive` says is due goes out
//! and its cost is counted.

use tokio::time::Instant;

use crate::llm;

use super::emitter::Emitter;
use super::session::Session;

/// Sends the keep-alive ping that is due, and counts what it cost. Whether one went
/// out and came back (the status and the context report have changed then).
pub(super) async fn keep_cache_warm(session: &mut Session, emitter: &Emitter) -> bool {
    let Some(ping) = session.keepalive.take_ping(Instant::now()) else {
        return false;
    };
    match llm::complete(&*ping.model.provider, ping.request).await {
        Ok((_, usage)) => {
            session
                .ledger
                .spend(llm::cost(&ping.model.settings, &usage));
            tracing::info!(
                read = usage.cache_read_tokens,
                written = usage.cache_write_tokens,
                "prompt cache keep-alive sent"
            );
            session.context.note_reply(&ping.model.name, &usage);
            true
        }
        Err(err) => {
            emitter
                .warn(format!("The prompt cache keep-alive request failed: {err}"))
                .await;
            false
        }
    }
}
