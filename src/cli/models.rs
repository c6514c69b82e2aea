//! `aider-tui models [WORD]`: the list `/models` shows, headless. With `--json`, one
//! object per line: the table's models (`name`, `aliases`, `context_window`,
//! `max_output_tokens`, prices per million tokens, `accepts_images`, `local: false`),
//! then the local Ollama's (`name`, `context_window` when it says, `local: true`).
// The command's output is its contract: it prints.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::io::Write;
use std::process::ExitCode;

use serde_json::json;

use crate::config::{self, Overrides};
use crate::engine::{ModelsFound, find_models, headless_ollama_base, listing_text};
use crate::text::printable;

/// Runs the command; exit 0 on success (also when nothing matches), 1 when the settings
/// or a model file cannot be read.
pub fn run(args: super::args::ModelsArgs) -> ExitCode {
    let found = match listing(&args) {
        Ok(found) => found,
        Err(message) => {
            eprintln!("aider-tui models: {}", printable(&message));
            return ExitCode::from(1);
        }
    };
    if found.known.is_empty() && found.local.is_empty() {
        eprintln!("aider-tui models: {}", listing_text(&found));
        return ExitCode::SUCCESS;
    }
    let mut out = std::io::stdout().lock();
    let written = if args.json {
        json_lines(&found)
            .iter()
            .try_for_each(|line| writeln!(out, "{line}"))
    } else {
        writeln!(out, "{}", printable(&listing_text(&found)))
    };
    if let Err(err) = written.and_then(|()| out.flush())
        && err.kind() != std::io::ErrorKind::BrokenPipe
    {
        eprintln!("aider-tui models: cannot write the list: {err}");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

/// The settings of the current folder with the command's flags, and the listing.
fn listing(args: &super::args::ModelsArgs) -> Result<ModelsFound, String> {
    let cwd = std::env::current_dir()
        .map_err(|err| format!("cannot read the current directory: {err}"))?;
    let overrides = Overrides {
        model_settings_file: args.model_settings_file.clone(),
        model_metadata_file: args.model_metadata_file.clone(),
        alias: args.alias.clone(),
        ..Overrides::default()
    };
    let settings = config::load_from_process(&cwd, &overrides).map_err(|err| err.to_string())?;
    let base = headless_ollama_base(&settings);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|err| format!("cannot start the async runtime: {err}"))?;
    let word = args.word.clone().unwrap_or_default();
    runtime.block_on(find_models(word.trim(), settings, base))
}

fn json_lines(found: &ModelsFound) -> Vec<String> {
    let known = found.known.iter().map(|model| {
        let mut value = json!(model);
        value["local"] = json!(false);
        value.to_string()
    });
    let local = found.local.iter().map(|model| {
        json!({
            "name": format!("ollama/{}", model.name),
            "context_window": model.context_length,
            "local": true,
        })
        .to_string()
    });
    known.chain(local).collect()
}
