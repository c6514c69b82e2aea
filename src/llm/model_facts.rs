//! One model's facts in litellm's format: `max_input_tokens`, `input_cost_per_token`,
//! `litellm_provider`, `supports_vision`, … The bundled table
//! (`assets/litellm-models.json`, cut from litellm's own by `scripts/refresh-models.py`)
//! and Aider's `.aider.model.metadata.json` files are both read here, so a user's file
//! says things exactly as the bundled table does.

use std::collections::HashMap;

use serde::{Deserialize, Deserializer};

/// The fields of a litellm table entry that aider-tui reads; the others are ignored.
/// Every field is optional so a user's entry can set a few over the bundled one.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct Facts {
    pub litellm_provider: Option<String>,
    /// `chat`, `responses`, `embedding`, …; absent means `chat`.
    pub mode: Option<String>,
    #[serde(default, deserialize_with = "tokens")]
    pub max_input_tokens: Option<u64>,
    #[serde(default, deserialize_with = "tokens")]
    pub max_output_tokens: Option<u64>,
    /// litellm's older field: the output limit when it is known, else the window.
    #[serde(default, deserialize_with = "tokens")]
    pub max_tokens: Option<u64>,
    /// Dollars per token, as litellm writes prices.
    pub input_cost_per_token: Option<f64>,
    pub output_cost_per_token: Option<f64>,
    pub cache_read_input_token_cost: Option<f64>,
    pub cache_creation_input_token_cost: Option<f64>,
    /// Prices of a request whose prompt is longer than 128k, 200k or 272k tokens.
    pub input_cost_per_token_above_128k_tokens: Option<f64>,
    pub output_cost_per_token_above_128k_tokens: Option<f64>,
    pub cache_read_input_token_cost_above_128k_tokens: Option<f64>,
    pub input_cost_per_token_above_200k_tokens: Option<f64>,
    pub output_cost_per_token_above_200k_tokens: Option<f64>,
    pub cache_read_input_token_cost_above_200k_tokens: Option<f64>,
    pub input_cost_per_token_above_272k_tokens: Option<f64>,
    pub output_cost_per_token_above_272k_tokens: Option<f64>,
    pub cache_read_input_token_cost_above_272k_tokens: Option<f64>,
    pub supports_vision: Option<bool>,
    pub supports_reasoning: Option<bool>,
    pub supports_prompt_caching: Option<bool>,
    pub supports_assistant_prefill: Option<bool>,
    pub supports_system_messages: Option<bool>,
}

/// Prices for long prompts: above `threshold` prompt tokens, a whole request costs these.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LongPromptPrices {
    pub threshold: u64,
    /// Dollars per million tokens.
    pub input: f64,
    pub output: f64,
    pub cache_read: f64,
}

/// A count of tokens, which some tables write as `8192.0`.
fn tokens<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<u64>, D::Error> {
    let number = Option::<f64>::deserialize(deserializer)?;
    Ok(number
        .filter(|tokens| tokens.is_finite() && *tokens >= 0.0)
        .map(|tokens| tokens as u64))
}

fn per_million(price: Option<f64>) -> Option<f64> {
    price.map(|dollars| dollars * 1_000_000.0)
}

impl Facts {
    /// Sets every field `other` sets.
    pub fn overlay(&mut self, other: &Facts) {
        macro_rules! take {
            ($($field:ident),*) => { $( if other.$field.is_some() { self.$field.clone_from(&other.$field); } )* };
        }
        take!(
            litellm_provider,
            mode,
            max_input_tokens,
            max_output_tokens,
            max_tokens,
            input_cost_per_token,
            output_cost_per_token,
            cache_read_input_token_cost,
            cache_creation_input_token_cost,
            input_cost_per_token_above_128k_tokens,
            output_cost_per_token_above_128k_tokens,
            cache_read_input_token_cost_above_128k_tokens,
            input_cost_per_token_above_200k_tokens,
            output_cost_per_token_above_200k_tokens,
            cache_read_input_token_cost_above_200k_tokens,
            input_cost_per_token_above_272k_tokens,
            output_cost_per_token_above_272k_tokens,
            cache_read_input_token_cost_above_272k_tokens,
            supports_vision,
            supports_reasoning,
            supports_prompt_caching,
            supports_assistant_prefill,
            supports_system_messages
        );
    }

    /// Whether a chat client can use the model (`chat` or `responses` mode).
    pub fn is_chat(&self) -> bool {
        matches!(self.mode.as_deref(), None | Some("chat" | "responses"))
    }

    /// The context window: `max_input_tokens`, else litellm's older `max_tokens`.
    pub fn window(&self) -> Option<u64> {
        self.max_input_tokens.or(self.max_tokens).filter(|&n| n > 0)
    }

    /// The output limit: `max_output_tokens`, else `max_tokens`, never above the window.
    pub fn output_limit(&self) -> Option<u64> {
        let limit = self
            .max_output_tokens
            .or(self.max_tokens)
            .filter(|&n| n > 0)?;
        Some(self.window().map_or(limit, |window| limit.min(window)))
    }

    /// Dollars per million input tokens (0 when unknown).
    pub fn input_price(&self) -> f64 {
        per_million(self.input_cost_per_token).unwrap_or(0.0)
    }

    pub fn output_price(&self) -> f64 {
        per_million(self.output_cost_per_token).unwrap_or(0.0)
    }

    pub fn cache_read_price(&self) -> f64 {
        per_million(self.cache_read_input_token_cost).unwrap_or(0.0)
    }

    pub fn cache_write_price(&self) -> f64 {
        per_million(self.cache_creation_input_token_cost).unwrap_or(0.0)
    }

    /// Whether the entry gives a window, an output limit or a price.
    pub fn has_limits_or_prices(&self) -> bool {
        self.window().is_some()
            || self.output_limit().is_some()
            || self.input_cost_per_token.is_some()
            || self.output_cost_per_token.is_some()
    }

    /// The lowest long-prompt tier the entry prices, if any.
    pub fn long_prompt_prices(&self) -> Option<LongPromptPrices> {
        let tiers = [
            (
                128_000,
                self.input_cost_per_token_above_128k_tokens,
                self.output_cost_per_token_above_128k_tokens,
                self.cache_read_input_token_cost_above_128k_tokens,
            ),
            (
                200_000,
                self.input_cost_per_token_above_200k_tokens,
                self.output_cost_per_token_above_200k_tokens,
                self.cache_read_input_token_cost_above_200k_tokens,
            ),
            (
                272_000,
                self.input_cost_per_token_above_272k_tokens,
                self.output_cost_per_token_above_272k_tokens,
                self.cache_read_input_token_cost_above_272k_tokens,
            ),
        ];
        tiers
            .into_iter()
            .find_map(|(threshold, input, output, cache_read)| {
                input.map(|input| LongPromptPrices {
                    threshold,
                    input: input * 1_000_000.0,
                    output: per_million(output).unwrap_or_else(|| self.output_price()),
                    cache_read: per_million(cache_read).unwrap_or_else(|| self.cache_read_price()),
                })
            })
    }
}

/// The provider family a `litellm_provider` belongs to, as a service prefix is written:
/// `vertex_ai-anthropic_models` → `vertex_ai`, `bedrock_converse` → `bedrock`,
/// `ollama_chat` → `ollama`, `text-completion-openai` → `openai`.
pub fn provider_family(provider: &str) -> &str {
    match provider {
        "bedrock_converse" => "bedrock",
        "ollama_chat" => "ollama",
        "text-completion-openai" => "openai",
        other => other.split('-').next().unwrap_or(other),
    }
}

/// A whole table: a JSON object of entries keyed by model name. Comments and trailing
/// commas are allowed, as Aider reads these files; the `sample_spec` entry of litellm's
/// own file is skipped. Errors are one line.
pub fn parse_table(text: &str) -> Result<HashMap<String, Facts>, String> {
    let plain = strip_json_comments(text);
    let mut table: HashMap<String, serde_json::Value> =
        serde_json::from_str(&plain).map_err(|error| error.to_string())?;
    table.remove("sample_spec");
    table
        .into_iter()
        .map(|(name, value)| {
            serde_json::from_value::<Facts>(value)
                .map(|facts| (name.clone(), facts))
                .map_err(|error| format!("{name}: {error}"))
        })
        .collect()
}

/// The bundled table, which is plain JSON written by the refresh script.
pub fn parse_bundled(text: &str) -> Result<HashMap<String, Facts>, String> {
    serde_json::from_str(text).map_err(|error| error.to_string())
}

/// `text` without `//` and `/* */` comments and without a comma before `}` or `]`,
/// outside strings; line breaks are kept so error positions stay true.
fn strip_json_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            match c {
                '\\' => out.extend(chars.next()),
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match (c, chars.peek()) {
            ('"', _) => {
                in_string = true;
                out.push(c);
            }
            ('/', Some('/')) => {
                for skipped in chars.by_ref() {
                    if skipped == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            ('/', Some('*')) => {
                chars.next();
                let mut last = ' ';
                for skipped in chars.by_ref() {
                    if skipped == '\n' {
                        out.push('\n');
                    }
                    if last == '*' && skipped == '/' {
                        break;
                    }
                    last = skipped;
                }
            }
            (',', _) => {
                let rest = chars.clone().find(|next| !next.is_whitespace());
                if !matches!(rest, Some('}' | ']')) {
                    out.push(c);
                }
            }
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_trailing_commas_are_read_as_aider_reads_them() {
        let text = "{\n  // a note\n  \"openai/my-model\": {\n    \"max_input_tokens\": 1000, /* in tokens */\n    \"url\": \"http://x//y\",\n    \"litellm_provider\": \"openai\",\n  },\n}\n";
        let table = parse_table(text).unwrap();
        let facts = &table["openai/my-model"];
        assert_eq!(facts.window(), Some(1000));
        assert_eq!(facts.litellm_provider.as_deref(), Some("openai"));
        let broken = parse_table("{\n\"x\": {\"max_input_tokens\": \"many\"}\n}").unwrap_err();
        assert!(broken.starts_with("x: "), "{broken}");
        assert!(!broken.contains('\n'));
        assert!(parse_table("{ \"a\": ").unwrap_err().contains("line 1"));
    }

    #[test]
    fn the_window_and_output_limit_follow_litellms_fields() {
        let facts = Facts {
            max_tokens: Some(8192.0 as u64),
            ..Facts::default()
        };
        assert_eq!(
            (facts.window(), facts.output_limit()),
            (Some(8192), Some(8192))
        );
        let facts = Facts {
            max_input_tokens: Some(1000),
            max_output_tokens: Some(4000),
            ..Facts::default()
        };
        assert_eq!(facts.output_limit(), Some(1000), "never above the window");
        let table =
            parse_table("{\"m\": {\"max_tokens\": 4096.0, \"input_cost_per_token\": 3e-06}}")
                .unwrap();
        assert_eq!(table["m"].max_tokens, Some(4096));
        assert!((table["m"].input_price() - 3.0).abs() < 1e-9);
    }

    #[test]
    fn families_of_litellm_providers() {
        for (provider, family) in [
            ("vertex_ai-anthropic_models", "vertex_ai"),
            ("bedrock_converse", "bedrock"),
            ("ollama_chat", "ollama"),
            ("openai", "openai"),
            ("azure_ai", "azure_ai"),
            ("text-completion-openai", "openai"),
        ] {
            assert_eq!(provider_family(provider), family);
        }
    }
}
