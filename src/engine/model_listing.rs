//! `/models [WORD]` and `aider-tui models [WORD]`: the known models whose name or alias
//! holds a word (name, aliases, window, output limit, prices per million tokens), from
//! the model tables with the session's model files, and the local Ollama's models.

use std::time::Duration;

use crate::config::Settings;
use crate::llm::{self, LocalModel, ModelListing, OLLAMA_DEFAULT_BASE};

use super::models::{catalog_of, flags_provider};

/// How long a local Ollama may take to list its models.
const OLLAMA_WAIT: Duration = Duration::from_secs(3);

/// What a listing found.
#[derive(Debug, Clone, Default)]
pub struct ModelsFound {
    pub word: String,
    /// The tables' models, by name.
    pub known: Vec<ModelListing>,
    /// The local Ollama's models, and where it was asked.
    pub local: Vec<LocalModel>,
    pub ollama_base: String,
}

/// The known models and the Ollama at `base`'s whose names contain `word`
/// (case-insensitively; all for an empty word). Reads only: a lookup during a turn
/// runs it too.
pub async fn find_models(
    word: &str,
    settings: Settings,
    base: String,
) -> Result<ModelsFound, String> {
    let known = {
        let word = word.to_string();
        tokio::task::spawn_blocking(move || {
            catalog_of(&settings).map(|catalog| catalog.find(&word))
        })
        .await
        .map_err(|error| error.to_string())?
        .map_err(|error| error.to_string())?
    };
    // A machine without Ollama refuses the connection at once; a slow one is not waited for.
    let local = tokio::time::timeout(OLLAMA_WAIT, llm::ollama_models(&base))
        .await
        .ok()
        .and_then(Result::ok)
        .unwrap_or_default();
    let lower = word.to_lowercase();
    let local = local
        .into_iter()
        .filter(|model| model.name.to_lowercase().contains(&lower))
        .collect();
    Ok(ModelsFound {
        word: word.to_string(),
        known,
        local,
        ollama_base: base,
    })
}

/// The listing as `/models` shows it.
pub fn listing_text(found: &ModelsFound) -> String {
    let word = &found.word;
    if found.known.is_empty() && found.local.is_empty() {
        return format!("No known model matches {word:?}.");
    }
    let mut text = String::new();
    if !found.known.is_empty() {
        if word.is_empty() {
            text.push_str("Known models:\n");
        } else {
            text.push_str(&format!("Known models matching {word:?}:\n"));
        }
        for model in &found.known {
            text.push_str(&listing_line(model));
            text.push('\n');
        }
    }
    if !found.local.is_empty() {
        text.push_str(&format!(
            "Models of the local Ollama ({}):\n",
            found.ollama_base
        ));
        for model in &found.local {
            let mut line = format!("  ollama/{}", model.name);
            if let Some(length) = model.context_length {
                line.push_str(&format!("  context {}", tokens(length)));
            }
            if let Some(size) = &model.parameter_size {
                line.push_str(&format!("  {size} parameters"));
            }
            line.push_str("  free (local)");
            text.push_str(&line);
            text.push('\n');
        }
    }
    text.trim_end().to_string()
}

/// [`find_models`] as the text `/models` shows.
pub(super) async fn models_listing(
    word: &str,
    settings: Settings,
    base: String,
) -> Result<String, String> {
    find_models(word, settings, base)
        .await
        .map(|found| listing_text(&found))
}

/// The Ollama a headless listing asks: `--api-base` when it is for Ollama (the model
/// named resolves there, as a session decides it), else `OLLAMA_API_BASE`, else the
/// local default.
pub fn headless_ollama_base(settings: &Settings) -> String {
    let ollama_model = settings.model.as_deref().is_some_and(|model| {
        catalog_of(settings)
            .ok()
            .and_then(|catalog| flags_provider(&catalog, model))
            == Some("ollama")
    });
    ollama_model
        .then(|| settings.api_base.clone())
        .flatten()
        .or_else(|| settings.lookup_env("OLLAMA_API_BASE"))
        .unwrap_or_else(|| OLLAMA_DEFAULT_BASE.to_string())
}

/// One table model: name, aliases, context window, output limit, prices per million tokens.
fn listing_line(model: &ModelListing) -> String {
    let mut line = format!("  {}", model.name);
    if !model.aliases.is_empty() {
        line.push_str(&format!(" ({})", model.aliases.join(", ")));
    }
    line.push_str(&format!("  context {}", tokens(model.context_window)));
    line.push_str(&format!("  output {}", tokens(model.max_output_tokens)));
    if model.input_price > 0.0 || model.output_price > 0.0 {
        line.push_str(&format!(
            "  ${} in / ${} out per M tokens",
            dollars(model.input_price),
            dollars(model.output_price)
        ));
    } else {
        line.push_str("  price unknown");
    }
    if model.accepts_images {
        line.push_str("  images");
    }
    line
}

/// `2.5` as `2.50`, `0.028` as `0.028`: cents, or three places below a dime.
fn dollars(price: f64) -> String {
    if price >= 0.1 || price == 0.0 {
        format!("{price:.2}")
    } else {
        format!("{price:.3}")
    }
}

/// `200000` as `200k`, `1048576` as `1M`; an unknown count (0) as `?`.
fn tokens(count: u64) -> String {
    if count == 0 {
        "?".to_string()
    } else if count >= 1_000_000 {
        let millions = format!("{:.1}", count as f64 / 1_000_000.0);
        format!("{}M", millions.trim_end_matches(".0"))
    } else if count >= 1_000 {
        format!("{}k", count / 1_000)
    } else {
        count.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_counts_and_prices_are_short() {
        assert_eq!(tokens(200_000), "200k");
        assert_eq!(tokens(1_048_576), "1M");
        assert_eq!(tokens(2_500_000), "2.5M");
        assert_eq!(tokens(512), "512");
        assert_eq!(tokens(0), "?");
        assert_eq!(dollars(3.0), "3.00");
        assert_eq!(dollars(0.028), "0.028");
    }

    #[test]
    fn a_line_says_name_aliases_window_output_and_prices() {
        let line = listing_line(&ModelListing {
            name: "anthropic/claude-sonnet-4-5".into(),
            aliases: vec!["sonnet".into()],
            context_window: 200_000,
            max_output_tokens: 64_000,
            input_price: 3.0,
            output_price: 15.0,
            cache_read_price: 0.3,
            cache_write_price: 3.75,
            accepts_images: true,
        });
        assert_eq!(
            line,
            "  anthropic/claude-sonnet-4-5 (sonnet)  context 200k  output 64k  $3.00 in / $15.00 out per M tokens  images"
        );
    }
}
