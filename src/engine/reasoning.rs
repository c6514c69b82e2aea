//! Reasoning controls: `/reasoning-effort` (OpenAI's `reasoning_effort`) and
//! `/think-tokens` (Anthropic's thinking budget), kept in the session's settings and
//! put on every request of the main and editor models.

use crate::llm::{ChatRequest, MIN_THINKING_TOKENS, ProviderKind};
use crate::protocol::{Command, ErrorKind, TurnOutcome};

use crate::config::Settings;

use super::emitter::Emitter;
use super::models::Model;
use super::session::Session;

/// Sets the reasoning fields of a request for `model` from the settings.
pub(super) fn apply_reasoning(settings: &Settings, request: &mut ChatRequest, model: &Model) {
    request.reasoning_effort = settings
        .reasoning_effort
        .clone()
        .filter(|_| model.settings.accepts_reasoning_effort);
    request.thinking_tokens = settings
        .thinking_tokens
        .filter(|_| model.settings.provider == ProviderKind::Anthropic);
}

/// `/reasoning-effort` or `/think-tokens`, over the session's settings and main model.
pub(super) async fn command_reasoning(
    command: Command,
    session: &mut Session,
    emitter: &Emitter,
    args: &str,
) -> TurnOutcome {
    let main = session.models.main.as_ref();
    let settings = &mut session.settings;
    if command == Command::ThinkTokens {
        command_think_tokens(settings, main, emitter, args).await
    } else {
        command_reasoning_effort(settings, main, emitter, args).await
    }
}

/// `/reasoning-effort [LEVEL]`, for the main model `main`.
async fn command_reasoning_effort(
    settings: &mut Settings,
    main: Option<&Model>,
    emitter: &Emitter,
    args: &str,
) -> TurnOutcome {
    if args.is_empty() {
        let current = settings
            .reasoning_effort
            .as_deref()
            .unwrap_or("not set (the model's default)");
        emitter.info(format!("Reasoning effort: {current}")).await;
        return TurnOutcome::Success;
    }
    let level = args.trim().to_ascii_lowercase();
    if level == "off" || level == "none" {
        settings.reasoning_effort = None;
        emitter
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
    settings.reasoning_effort = Some(level.clone());
    let mut text = format!("Reasoning effort: {level}");
    if let Some(model) = main
        && !model.settings.accepts_reasoning_effort
    {
        text.push_str(&format!(
            " (kept for models that take it: {} does not, so nothing is sent to it)",
            model.name
        ));
    }
    emitter.info(text).await;
    TurnOutcome::Success
}

/// `/think-tokens [N]`, for the main model `main`.
async fn command_think_tokens(
    settings: &mut Settings,
    main: Option<&Model>,
    emitter: &Emitter,
    args: &str,
) -> TurnOutcome {
    if args.is_empty() {
        let current = match settings.thinking_tokens {
            Some(tokens) if tokens > 0 => format!("{tokens} tokens"),
            _ => "off".to_string(),
        };
        emitter.info(format!("Thinking budget: {current}")).await;
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
        settings.thinking_tokens = None;
        emitter.info("Thinking is off.").await;
        return TurnOutcome::Success;
    }
    settings.thinking_tokens = Some(tokens);
    let mut text = format!("Thinking budget: {tokens} tokens");
    if tokens < MIN_THINKING_TOKENS {
        text.push_str(&format!(
            " (Anthropic takes at least {MIN_THINKING_TOKENS}, which is what is sent)"
        ));
    }
    if let Some(model) = main
        && model.settings.provider != ProviderKind::Anthropic
    {
        text.push_str(&format!(
            " (kept for Anthropic models: {} gets no thinking budget)",
            model.name
        ));
    }
    emitter.info(text).await;
    TurnOutcome::Success
}
