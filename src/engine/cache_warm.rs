//! The main loop's keep-alive timer arm: the ping `keepalive` says is due goes out
//! and its cost is counted.

use tokio::time::Instant;

use crate::llm;

use super::spawn::Engine;

impl Engine {
    /// Sends the keep-alive ping that is due, and counts what it cost.
    pub(super) async fn keep_cache_warm(&mut self) {
        let Some(ping) = self.session.keepalive.take_ping(Instant::now()) else {
            return;
        };
        match llm::complete(&*ping.model.provider, ping.request).await {
            Ok((_, usage)) => {
                let cost = llm::cost(&ping.model.settings, &usage);
                self.session.session_cost += cost;
                tracing::info!(
                    read = usage.cache_read_tokens,
                    written = usage.cache_write_tokens,
                    "prompt cache keep-alive sent"
                );
                self.note_reply(&ping.model, &usage);
                self.send_status().await;
                self.send_context_report().await;
            }
            Err(err) => {
                self.emitter
                    .warn(format!("The prompt cache keep-alive request failed: {err}"))
                    .await;
            }
        }
    }
}
