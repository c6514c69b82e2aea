//! Reasoning controls: `/reasoning-effort` (OpenAI's `reasoning_effort`) and
//! `/think-tokens` (Anthropic's thinking budget), kept in the session's settings and
//! put on every request of the main and editor models.

use crate::llm::{ChatRequest, MIN_THINKING_TOKENS, ProviderKind};
use crate::protocol::{ErrorKind, TurnOutcome};

use super::models::Model;
use super::spawn::Engine;

impl Engine {
    /// Sets the reasoning fields of a request for `model` from the settings.
    pub(super) fn apply_reasoning(&self, request: &mut ChatRequest, model: &Model) {
        let settings = &self.session.settings;
        request.reasoning_effort = settings
            .reasoning_effort
            .clone()
            .filter(|_| model.settings.accepts_reasoning_effort);
        request.thinking_tokens = settings
            .thinking_tokens
            .filter(|_| model.settings.provider == ProviderKind::Anthropic);
    }

    pub(super) async fn command_reasoning_effort(&mut self, args: &str) -> TurnOutcome {
        let model = self.session.models.main.clone();
        if args.is_empty() {
            let current = self
                .session
                .settings
                .reasoning_effort
                .as_deref()
                .unwrap_or("not set (the model's default)");
            self.emitter
                .info(format!("Reasoning effort: {current}"))
                .await;
            return TurnOutcome::Success;
        }
        let level = args.trim().to_ascii_lowercase();
        if level == "off" || level == "none" {
            self.session.settings.reasoning_effort = None;
            self.emitter
                .info("Reasoning effort: not set (the model's default)")
                .await;
            return TurnOutcome::Success;
        }
        if !crate::config::REASONING_EFFORTS.contains(&level.as_str()) {
            return TurnOutcome::Error {
                kind: ErrorKind::Command,
                message: format!(
                    "Unknown reasoning effort {args:?}; choose low, medium or high (or off)"
                ),
            };
        }
        self.session.settings.reasoning_effort = Some(level.clone());
        let mut text = format!("Reasoning effort: {level}");
        if let Some(model) = model
            && !model.settings.accepts_reasoning_effort
        {
            text.push_str(&format!(
                " (kept for models that take it: {} does not, so nothing is sent to it)",
                model.name
            ));
        }
        self.emitter.info(text).await;
        TurnOutcome::Success
    }

    pub(super) async fn command_think_tokens(&mut self, args: &str) -> TurnOutcome {
        if args.is_empty() {
            let current = match self.session.settings.thinking_tokens {
                Some(tokens) if tokens > 0 => format!("{tokens} tokens"),
                _ => "off".to_string(),
            };
            self.emitter
                .info(format!("Thinking budget: {current}"))
                .await;
            return TurnOutcome::Success;
        }
        let Some(tokens) = crate::config::parse_count(args) else {
            return TurnOutcome::Error {
                kind: ErrorKind::Command,
                message: format!(
                    "/think-tokens takes a number of tokens such as 8192, 8k or 1M (0 turns thinking off), not {args:?}"
                ),
            };
        };
        if tokens == 0 {
            self.session.settings.thinking_tokens = None;
            self.emitter.info("Thinking is off.").await;
            return TurnOutcome::Success;
        }
        self.session.settings.thinking_tokens = Some(tokens);
        let mut text = format!("Thinking budget: {tokens} tokens");
        if tokens < MIN_THINKING_TOKENS {
            text.push_str(&format!(
                " (Anthropic takes at least {MIN_THINKING_TOKENS}, which is what is sent)"
            ));
        }
        if let Some(model) = &self.session.models.main
            && model.settings.provider != ProviderKind::Anthropic
        {
            text.push_str(&format!(
                " (kept for Anthropic models: {} gets no thinking budget)",
                model.name
            ));
        }
        self.emitter.info(text).await;
        TurnOutcome::Success
    }
}
