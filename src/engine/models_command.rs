//! `/models WORD`: the model table's entries (and a running local Ollama's models)
//! whose names contain WORD, with their context windows and prices.

use crate::protocol::{ErrorKind, TurnOutcome};

use super::read_only::{models_listing, ollama_base};
use super::spawn::Engine;

impl Engine {
    pub(super) async fn command_models(&mut self, args: &str) -> TurnOutcome {
        let table = self.session.settings.model_settings_file.clone();
        let base = ollama_base(&self.session.settings, &self.session.models);
        match models_listing(args.trim(), table, base).await {
            Ok(text) => {
                self.emitter.info(text).await;
                TurnOutcome::Success
            }
            Err(message) => TurnOutcome::Error {
                kind: ErrorKind::Command,
                message,
            },
        }
    }
}
