//! `/models WORD`: the model table's entries (and a running local Ollama's models)
//! whose names contain WORD, with their context windows and prices.

use crate::config::Settings;
use crate::protocol::{ErrorKind, TurnOutcome};

use super::emitter::Emitter;
use super::models::Models;
use super::read_only::{models_listing, ollama_base};

pub(super) async fn command_models(
    settings: &Settings,
    models: &Models,
    emitter: &Emitter,
    args: &str,
) -> TurnOutcome {
    let table = settings.model_settings_file.clone();
    let base = ollama_base(settings, models);
    match models_listing(args.trim(), table, base).await {
        Ok(text) => {
            emitter.info(text).await;
            TurnOutcome::Success
        }
        Err(message) => TurnOutcome::Error {
            kind: ErrorKind::Command,
            message,
        },
    }
}
