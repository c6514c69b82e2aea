//! `/key PROVIDER`: a provider's API key for this session. The full-screen UI takes it
//! masked and sends it as `Op::SetKey`; the engine keeps it in memory only (never in a
//! file, the session record, the transcript or the log) and connects the models it
//! opens. Typed as a line of text (headless `--message`, a `/load` file) it is refused
//! with the ways to give a key there: no terminal can hide it.

use crate::config::Secret;
use crate::protocol::{ErrorKind, TurnOutcome};

use super::commands::follow_model_change;
use super::emitter::Emitter;
use super::models::KeyGiven;
use super::session::Session;
use super::session_keys::key_target;

/// `Op::SetKey`: keeps the key and reconnects the models of its provider.
pub(super) async fn set_key(session: &mut Session, emitter: &Emitter, provider: &str, key: Secret) {
    let settings = session.settings.clone();
    match session.models.give_key(&settings, provider, key) {
        Ok(given) => {
            for warning in std::mem::take(&mut session.models.warnings) {
                emitter.warn(warning).await;
            }
            follow_model_change(session, &settings);
            let text = key_set_text(&given, &session.models.edit_format().to_string());
            emitter.info(text).await;
            if let Some(problem) = &session.models.problem {
                let still = format!("Still no model to call: {}", problem.message);
                emitter.warn(still).await;
            }
        }
        Err(message) => emitter.warn(message).await,
    }
}

/// `/key` as a line of text: refused, with the ways to give the key instead.
pub(super) fn command_key(args: &str) -> TurnOutcome {
    let word = args.split_whitespace().next().unwrap_or_default();
    let (name, variable) = key_target(word).unwrap_or(("PROVIDER", "PROVIDER_API_KEY"));
    TurnOutcome::Error {
        kind: ErrorKind::Command,
        message: format!(
            "/key takes a key typed unseen in the full-screen session; here give it another way: export {variable}=… (or put it in .env), or pass --api-key {name}=KEY"
        ),
    }
}

/// "Key set for openai (kept for this session) …", with what it connected.
fn key_set_text(given: &KeyGiven, edit_format: &str) -> String {
    let mut text = format!(
        "Key set for {} (kept for this session, never written anywhere).",
        given.provider
    );
    if !given.connected.is_empty() {
        text.push_str(&format!(" Connected {}.", given.connected.join(", ")));
    }
    if let Some((command, name)) = &given.switched {
        text.push_str(&format!(
            " {command} is now {name} (edit format {edit_format})."
        ));
    }
    text
}
