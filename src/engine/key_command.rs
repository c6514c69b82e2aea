//! `/key PROVIDER`: a provider's API key for this session. The full-screen UI takes it
//! masked and sends it as `Op::SetKey`; the engine keeps it in memory only (never in a
//! file, the session record, the transcript or the log) and connects the models it
//! opens. Typed as a line of text (headless `--message`, a `/load` file) it is refused
//! with the ways to give a key there: no terminal can hide it.

use crate::config::{Secret, Settings};
use crate::protocol::{ErrorKind, TurnOutcome};

use super::models::KeyGiven;
use super::session_keys::key_target;
use super::spawn::Engine;

impl Engine {
    /// `Op::SetKey`: keeps the key and reconnects the models of its provider.
    pub(super) async fn set_key(&mut self, provider: &str, key: Secret) {
        let settings = self.session.settings.clone();
        match self.session.models.give_key(&settings, provider, key) {
            Ok(given) => {
                for warning in std::mem::take(&mut self.session.models.warnings) {
                    self.emitter.warn(warning).await;
                }
                self.follow_model_change(&settings);
                let text = key_set_text(&given, &self.session.edit_format.to_string());
                self.emitter.info(text).await;
                if let Some(problem) = &self.session.models.problem {
                    let still = format!("Still no model to call: {}", problem.message);
                    self.emitter.warn(still).await;
                }
            }
            Err(message) => self.emitter.warn(message).await,
        }
        self.send_status().await;
    }

    /// The edit formats follow the models; replies written in an old format are
    /// condensed so they do not teach it.
    fn follow_model_change(&mut self, settings: &Settings) {
        let old_format = self.session.edit_format;
        self.session.edit_format = self.session.models.edit_format(settings);
        self.session.editor_edit_format = self.session.models.editor_edit_format(settings);
        if self.session.edit_format != old_format
            && let Some(weak) = self.session.models.weak.clone()
        {
            self.session
                .summarizer
                .start_all(&self.session.history, &weak);
        }
    }

    /// `/key` as a line of text: refused, with the ways to give the key instead.
    pub(super) fn command_key(&self, args: &str) -> TurnOutcome {
        let word = args.split_whitespace().next().unwrap_or_default();
        let (name, variable) = key_target(word).unwrap_or(("PROVIDER", "PROVIDER_API_KEY"));
        TurnOutcome::Error {
            kind: ErrorKind::Command,
            message: format!(
                "/key takes a key typed unseen in the full-screen session; here give it another way: export {variable}=… (or put it in .env), or pass --api-key {name}=KEY"
            ),
        }
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
