//! Keeping Anthropic's prompt cache warm while the session idles
//! (`--cache-keepalive-pings N`): the cache lives five minutes after the last request
//! that used it, so up to N minimal requests with the same cached prefix go out, each
//! shortly before it would expire. A user message starts the count again.
//!
//! The timing is on tokio's clock, so it can be tested with a paused clock.

use std::time::Duration;

use tokio::time::Instant;

use crate::conversation::Role;
use crate::llm::{ChatMessage, ChatRequest};

use super::models::Model;

/// How long Anthropic keeps a cached prefix after the last request that used it.
pub const CACHE_LIFETIME: Duration = Duration::from_secs(300);

/// How long before expiry a ping goes out: room for a slow connection.
pub const PING_MARGIN: Duration = Duration::from_secs(20);

/// The minimal request that reads the cached prefix again.
#[derive(Clone)]
pub struct Ping {
    pub model: Model,
    pub request: ChatRequest,
}

/// The keep-alive schedule of one session.
pub struct KeepAlive {
    most: u32,
    left: u32,
    last_request: Option<Instant>,
    ping: Option<Ping>,
}

impl KeepAlive {
    /// A schedule allowing `most` pings per idle spell (0: never ping).
    pub fn new(most: u32) -> KeepAlive {
        KeepAlive {
            most,
            left: most,
            last_request: None,
            ping: None,
        }
    }

    /// A request went out at `at`; `ping` is what would keep its cache warm (`None`
    /// when the provider caches nothing this way).
    pub fn request_sent(&mut self, at: Instant, ping: Option<Ping>) {
        self.last_request = Some(at);
        self.ping = ping;
    }

    /// The user sent a message: a new idle spell gets all its pings again.
    pub fn user_message(&mut self) {
        self.left = self.most;
    }

    /// When the next ping is due, if one is.
    pub fn due(&self) -> Option<Instant> {
        if self.left == 0 || self.ping.is_none() {
            return None;
        }
        let last = self.last_request?;
        Some(last + CACHE_LIFETIME - PING_MARGIN)
    }

    /// Takes the ping to send now, counting it; its request refreshes the cache at `at`.
    pub fn take_ping(&mut self, at: Instant) -> Option<Ping> {
        if self.left == 0 {
            return None;
        }
        let ping = self.ping.clone()?;
        self.left -= 1;
        self.last_request = Some(at);
        Some(ping)
    }

    /// How long the cache of the last request still lives at `now` (`None` once
    /// expired, or before any request that the provider caches).
    pub fn expires_in(&self, now: Instant) -> Option<Duration> {
        self.ping.as_ref()?;
        let end = self.last_request? + CACHE_LIFETIME;
        end.checked_duration_since(now)
            .filter(|left| !left.is_zero())
    }

    /// Pings left for this idle spell, and the most allowed (`None` when off).
    pub fn budget(&self) -> Option<(u32, u32)> {
        (self.most > 0).then_some((self.left, self.most))
    }
}

/// The ping for `request`: its messages up to the last cache breakpoint, then a short
/// user message, answered with at most one token. `None` when nothing is cached.
pub fn ping_request(request: &ChatRequest) -> Option<ChatRequest> {
    let last = request
        .messages
        .iter()
        .rposition(|message| message.cache_breakpoint)?;
    let mut messages = request.messages[..=last].to_vec();
    // Roles alternate: after a user turn the prefix needs an answer before the ping.
    if messages
        .last()
        .is_some_and(|message| message.role == Role::User)
    {
        messages.push(ChatMessage {
            role: Role::Assistant,
            content: "Noted.".to_string(),
            ..ChatMessage::default()
        });
    }
    messages.push(ChatMessage {
        role: Role::User,
        content: "Reply with one word: ok.".to_string(),
        ..ChatMessage::default()
    });
    Some(ChatRequest {
        system: request.system.clone(),
        messages,
        max_tokens: Some(1),
        temperature: None,
        ..ChatRequest::default()
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::llm::Provider;

    struct Silent;

    impl Provider for Silent {
        fn name(&self) -> &str {
            "silent"
        }

        fn stream(
            &self,
            _request: ChatRequest,
        ) -> futures::stream::BoxStream<
            'static,
            Result<crate::llm::StreamEvent, crate::llm::LlmError>,
        > {
            Box::pin(futures::stream::empty())
        }
    }

    fn ping() -> Ping {
        Ping {
            model: Model {
                name: "silent".into(),
                settings: crate::llm::ModelSettings::default(),
                provider: Arc::new(Silent),
            },
            request: ChatRequest::default(),
        }
    }

    /// Runs the schedule the way the engine's idle loop does, until no ping is due
    /// within an hour; returns when each ping went out, from the start.
    async fn idle(keepalive: &mut KeepAlive, start: Instant) -> Vec<Duration> {
        let mut sent = Vec::new();
        loop {
            let Some(due) = keepalive.due() else {
                tokio::time::sleep(Duration::from_secs(3600)).await;
                return sent;
            };
            tokio::time::sleep_until(due).await;
            if keepalive.take_ping(Instant::now()).is_some() {
                sent.push(Instant::now() - start);
            }
        }
    }

    #[tokio::test(start_paused = true)]
    async fn n_pings_each_just_before_expiry_then_none() {
        let mut keepalive = KeepAlive::new(3);
        let start = Instant::now();
        keepalive.request_sent(start, Some(ping()));
        let sent = idle(&mut keepalive, start).await;
        let step = CACHE_LIFETIME - PING_MARGIN;
        assert_eq!(sent, vec![step, step * 2, step * 3]);
        // Each ping left the cache alive: the next one came before it expired.
        assert!(
            sent.windows(2)
                .all(|pair| pair[1] - pair[0] < CACHE_LIFETIME)
        );
        assert_eq!(keepalive.due(), None, "all three pings are spent");
        assert_eq!(keepalive.budget(), Some((0, 3)));
        // After the last ping the cache runs out.
        assert_eq!(keepalive.expires_in(Instant::now()), None);
    }

    #[tokio::test(start_paused = true)]
    async fn a_user_message_starts_the_count_again() {
        let mut keepalive = KeepAlive::new(2);
        let start = Instant::now();
        keepalive.request_sent(start, Some(ping()));
        assert_eq!(idle(&mut keepalive, start).await.len(), 2);
        // The user comes back: the new request's idle spell has its two pings.
        tokio::time::advance(Duration::from_secs(90)).await;
        keepalive.user_message();
        let back = Instant::now();
        keepalive.request_sent(back, Some(ping()));
        assert_eq!(
            keepalive.expires_in(back + Duration::from_secs(100)),
            Some(CACHE_LIFETIME - Duration::from_secs(100))
        );
        let sent = idle(&mut keepalive, back).await;
        let step = CACHE_LIFETIME - PING_MARGIN;
        assert_eq!(sent, vec![step, step * 2]);
    }

    #[tokio::test(start_paused = true)]
    async fn no_ping_while_the_user_keeps_working() {
        let mut keepalive = KeepAlive::new(2);
        let start = Instant::now();
        keepalive.request_sent(start, Some(ping()));
        // A message every four minutes: every request refreshes the cache, so no
        // ping is ever due before the next request.
        for _ in 0..5 {
            let due = keepalive.due().unwrap();
            tokio::time::advance(Duration::from_secs(240)).await;
            assert!(Instant::now() < due);
            keepalive.user_message();
            keepalive.request_sent(Instant::now(), Some(ping()));
        }
        assert_eq!(keepalive.budget(), Some((2, 2)));
    }

    #[test]
    fn off_or_uncached_never_pings() {
        let mut off = KeepAlive::new(0);
        off.request_sent(Instant::now(), Some(ping()));
        assert_eq!(off.due(), None);
        let mut uncached = KeepAlive::new(3);
        uncached.request_sent(Instant::now(), None);
        assert_eq!(uncached.due(), None);
        assert_eq!(uncached.expires_in(Instant::now()), None);
    }

    #[test]
    fn the_ping_keeps_the_prefix_up_to_the_last_breakpoint() {
        let message = |role, content: &str, cache_breakpoint| ChatMessage {
            role,
            content: content.to_string(),
            cache_breakpoint,
            ..ChatMessage::default()
        };
        let request = ChatRequest {
            system: "system".into(),
            messages: vec![
                message(Role::User, "map", false),
                message(Role::Assistant, "ok", true),
                message(Role::User, "files", false),
                message(Role::Assistant, "got it", true),
                message(Role::User, "the question", false),
            ],
            max_tokens: Some(4096),
            ..ChatRequest::default()
        };
        let ping = ping_request(&request).unwrap();
        assert_eq!(ping.system, "system");
        assert_eq!(ping.max_tokens, Some(1));
        assert_eq!(ping.messages[..4], request.messages[..4]);
        assert_eq!(ping.messages.len(), 5);
        assert_eq!(ping.messages[4].role, Role::User);
        assert!(!ping.messages[4].cache_breakpoint);
        assert!(ping_request(&ChatRequest::default()).is_none());
    }
}
