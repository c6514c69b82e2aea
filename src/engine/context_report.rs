//! What the next request will hold, for the context pane and `/tokens`: the prompt is
//! assembled exactly as a message would send it (`Engine::assemble_prompt`), and each
//! part's content hash is compared with the last request sent to the same model to
//! predict which leading parts the provider serves from its prompt cache.
//!
//! Prediction rule: parts up to the first one that changed are unchanged; an
//! automatic-prefix provider (OpenAI, DeepSeek) caches all of those, Anthropic only up
//! to its last `cache_control` breakpoint among them; a cached prefix shorter than the
//! providers' minimum is not cached at all.

use crate::llm::{ModelSettings, ProviderKind};
use crate::protocol::{CacheRule, ChatMode, ContextPart, ContextReport, Event, TurnOutcome};

use super::emitter::Emitter;
use super::images::{chat_image_tokens, image_token_lines};
use super::inbox::Inbox;
use super::keepalive::{Ping, ping_request};
use super::models::Model;
use super::prompt::{Prompt, PromptPart};
use super::repo_map::render_repo_map;
use super::session::Session;
use super::session_prompt::{PromptShape, assemble_prompt};
use super::summarize::Collected;

/// The smallest prefix OpenAI and Anthropic cache (tokens).
pub const MIN_CACHED_PREFIX: u64 = 1024;

/// How the provider of `settings` caches prompts.
pub fn cache_rule(settings: &ModelSettings) -> CacheRule {
    match settings.provider {
        ProviderKind::Anthropic if settings.caching => CacheRule::Breakpoints,
        ProviderKind::Azure => CacheRule::AutomaticPrefix,
        ProviderKind::OpenAiCompatible
            if matches!(settings.service.as_str(), "openai" | "deepseek") =>
        {
            CacheRule::AutomaticPrefix
        }
        _ => CacheRule::None,
    }
}

/// Which parts of `next` are expected from the cache, given the parts of the last
/// request (`last`) under `rule`.
pub fn cached_parts(rule: CacheRule, next: &[PromptPart], last: &[PromptPart]) -> Vec<bool> {
    let unchanged = next
        .iter()
        .zip(last)
        .take_while(|(next, last)| next.name == last.name && next.hash == last.hash)
        .count();
    let cached = match rule {
        CacheRule::None => 0,
        CacheRule::AutomaticPrefix => unchanged,
        CacheRule::Breakpoints => next[..unchanged]
            .iter()
            .rposition(|part| part.cache_breakpoint)
            .map_or(0, |last| last + 1),
    };
    let tokens: u64 = next[..cached].iter().map(|part| part.tokens).sum();
    let cached = if tokens < MIN_CACHED_PREFIX {
        0
    } else {
        cached
    };
    (0..next.len()).map(|index| index < cached).collect()
}

/// The report on `prompt` for `settings`, with `cached` saying which parts the cache serves.
pub fn report(settings: &ModelSettings, prompt: &Prompt, cached: &[bool]) -> ContextReport {
    let window = settings.context_window;
    let per_million = |tokens: u64, price: f64| tokens as f64 * price / 1_000_000.0;
    let rule = cache_rule(settings);
    // An unknown cache price is no saving.
    let read_price = if settings.cache_read_price > 0.0 {
        settings.cache_read_price
    } else {
        settings.input_price
    };
    let last_breakpoint = prompt.parts.iter().rposition(|part| part.cache_breakpoint);
    let mut report = ContextReport {
        model: settings.name.clone(),
        context_window: window,
        cache_rule: rule,
        ..ContextReport::default()
    };
    for (index, part) in prompt.parts.iter().enumerate() {
        let is_cached = cached.get(index).copied().unwrap_or(false);
        let cost = per_million(part.tokens, settings.input_price);
        // Anthropic writes what is not read yet up to the last breakpoint, at its price.
        let written = rule == CacheRule::Breakpoints
            && settings.cache_write_price > 0.0
            && last_breakpoint.is_some_and(|last| index <= last);
        report.cost += cost;
        report.cost_with_cache += match (is_cached, written) {
            (true, _) => per_million(part.tokens, read_price),
            (false, true) => per_million(part.tokens, settings.cache_write_price),
            (false, false) => cost,
        };
        if is_cached {
            report.cached_tokens += part.tokens;
        }
        report.total_tokens += part.tokens;
        report.parts.push(ContextPart {
            name: part.name.to_string(),
            tokens: part.tokens,
            cost,
            share: if window > 0 {
                part.tokens as f64 / window as f64
            } else {
                0.0
            },
            cached: is_cached,
        });
    }
    report
}

/// A request is about to go out to `model`: remember its parts (the next report
/// compares with them) and what would keep its cache warm.
pub(super) fn note_request(
    session: &mut Session,
    inbox: &mut Inbox,
    model: &Model,
    prompt: &Prompt,
) {
    // Asked during the turn, the context report shows this request.
    let cached = match &session.context.last_sent {
        Some((sent_to, last)) if *sent_to == model.name => {
            cached_parts(cache_rule(&model.settings), &prompt.parts, last)
        }
        _ => vec![false; prompt.parts.len()],
    };
    let mut sent = report(&model.settings, prompt, &cached);
    sent.model = model.name.clone();
    sent.summary = session.context.summary;
    if let Some(lookups) = inbox.lookups_mut() {
        lookups.set_context(sent);
    }
    session.context.last_sent = Some((model.name.clone(), prompt.parts.clone()));
    let ping = (cache_rule(&model.settings) == CacheRule::Breakpoints)
        .then(|| ping_request(&prompt.request))
        .flatten()
        .map(|request| Ping {
            model: model.clone(),
            request,
        });
    session
        .keepalive
        .request_sent(tokio::time::Instant::now(), ping);
}

/// Folds in a finished history summary; the chat and the pane say what it did.
pub(super) async fn collect_summary(session: &mut Session, inbox: &mut Inbox, emitter: &Emitter) {
    match session.summarizer.collect(&mut session.history).await {
        Some(Collected::Summarized(figures)) => {
            session.context.summary = Some(figures);
            emitter.emit(Event::HistorySummarized(figures)).await;
            send_context_report(session, inbox, emitter).await;
        }
        Some(Collected::Kept(line)) => tracing::info!("{line}"),
        None => {}
    }
}

/// What the next request of the current mode will hold (with no model, counted
/// with no window, price or cache).
pub(super) async fn context_report(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
) -> ContextReport {
    let model = session.models.main.clone();
    let unknown = ModelSettings::default();
    let settings = model.as_ref().map_or(&unknown, |model| &model.settings);
    let name = model
        .as_ref()
        .map(|model| model.name.clone())
        .unwrap_or_default();
    let shape = PromptShape {
        mode: session.mode,
        format: session.models.edit_format(),
        use_history: true,
        settings,
    };
    // A report never waits for the first scan: the map joins once it is ready.
    let ready = session.map.state().is_some_and(|state| state.ready());
    let map = if ready {
        render_repo_map(
            session,
            inbox,
            emitter,
            &super::mentions::Mentions::default(),
            "",
            super::repo_map::MapAsker::TokenReport,
        )
        .await
    } else {
        None
    };
    let map = map.as_ref().map(|map| map.text.as_str());
    let mut prompt = assemble_prompt(session, &shape, &[], "", map);
    let images = chat_image_tokens(session);
    if images > 0 && shape.mode != ChatMode::Context {
        prompt.parts.push(PromptPart {
            name: "images",
            tokens: images,
            ..PromptPart::default()
        });
    }
    let cached = match &session.context.last_sent {
        Some((sent_to, last)) if model.is_some() && *sent_to == name => {
            cached_parts(cache_rule(settings), &prompt.parts, last)
        }
        _ => vec![false; prompt.parts.len()],
    };
    let mut report = report(settings, &prompt, &cached);
    report.model = name.clone();
    report.last_reply = session
        .context
        .last_counts
        .as_ref()
        .filter(|(counted, _)| model.is_some() && *counted == name)
        .map(|(_, counts)| *counts);
    let now = tokio::time::Instant::now();
    report.cache_expires_in = session.keepalive.expires_in(now).map(|left| left.as_secs());
    report.keepalive = session.keepalive.budget();
    report.summary = session.context.summary;
    report
}

/// Sends the report when a front end asked for them.
pub(super) async fn send_context_report(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
) {
    if !session.context.wanted {
        return;
    }
    let report = context_report(session, inbox, emitter).await;
    if let Some(lookups) = inbox.lookups_mut() {
        lookups.set_context(report.clone());
    }
    emitter.emit(Event::ContextReport(report)).await;
}

/// A front end asked for reports (the context pane opened).
pub(super) async fn start_context_reports(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
) {
    session.context.wanted = true;
    send_context_report(session, inbox, emitter).await;
}

/// `/tokens`: the report as a table, then each file's share.
pub(super) async fn command_tokens(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
) -> TurnOutcome {
    let report = context_report(session, inbox, emitter).await;
    let mut text = crate::text::context_table(&report);
    let files = session.chat_file_texts();
    let read_only = session.read_only_texts();
    let images = image_token_lines(session);
    if !files.is_empty() || !read_only.is_empty() || !images.is_empty() {
        text.push_str("\nBy file:");
    }
    for file in files.iter().chain(read_only.iter()) {
        let tokens = crate::tokens::count_tokens(&super::prompt::render_file(file));
        text.push_str(&format!("\n{tokens:>8}  {}", file.name));
    }
    for line in images.lines() {
        text.push('\n');
        text.push_str(line);
    }
    emitter.info(text).await;
    if session.context.wanted {
        emitter.emit(Event::ContextReport(report)).await;
    }
    TurnOutcome::Success
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(name: &'static str, tokens: u64, hash: u64, cache_breakpoint: bool) -> PromptPart {
        PromptPart {
            name,
            tokens,
            hash,
            cache_breakpoint,
        }
    }

    fn parts(history: u64) -> Vec<PromptPart> {
        vec![
            part("system prompt", 800, 1, true),
            part("examples", 700, 2, false),
            part("repo map", 900, 3, true),
            part("history", 300, history, false),
            part("chat files", 1500, 5, true),
            part("message and reminder", 50, 6, false),
        ]
    }

    #[test]
    fn the_prefix_up_to_the_first_change_is_cached_by_an_automatic_cache() {
        let cached = cached_parts(CacheRule::AutomaticPrefix, &parts(40), &parts(4));
        assert_eq!(cached, [true, true, true, false, false, false]);
        let all_but_last = cached_parts(CacheRule::AutomaticPrefix, &parts(4), &parts(4));
        assert_eq!(all_but_last, [true, true, true, true, true, true]);
    }

    #[test]
    fn anthropic_caches_only_up_to_a_breakpoint_before_the_change() {
        let mut next = parts(4);
        next[2].hash = 30;
        // The map changed: only the system prompt's breakpoint is before it, and 800
        // tokens is under the minimum.
        assert_eq!(
            cached_parts(CacheRule::Breakpoints, &next, &parts(4)),
            [false; 6]
        );
        let cached = cached_parts(CacheRule::Breakpoints, &parts(40), &parts(4));
        assert_eq!(cached, [true, true, true, false, false, false]);
    }

    #[test]
    fn no_cache_and_a_short_prefix_predict_nothing() {
        assert_eq!(
            cached_parts(CacheRule::None, &parts(4), &parts(4)),
            [false; 6]
        );
        let mut next = parts(4);
        next[1].hash = 20;
        assert_eq!(
            cached_parts(CacheRule::AutomaticPrefix, &next, &parts(4)),
            [false; 6]
        );
    }
}
