//! The dollar cost of a reply from its token counts and the model's prices.

use super::models::ModelSettings;
use super::provider::Usage;

/// Cost in dollars; prices are per million tokens, cache reads and writes priced apart.
/// A prompt above the model's long-prompt threshold prices the whole request at the
/// long-prompt rates, as the providers bill it.
pub fn cost(settings: &ModelSettings, usage: &Usage) -> f64 {
    let per_million = |tokens: u64, price: f64| tokens as f64 * price / 1_000_000.0;
    let (input, output, cache_read) = match settings.long_prompt_prices {
        Some(long) if usage.prompt_tokens() > long.threshold => {
            (long.input, long.output, long.cache_read)
        }
        _ => (
            settings.input_price,
            settings.output_price,
            settings.cache_read_price,
        ),
    };
    per_million(usage.input_tokens, input)
        + per_million(usage.output_tokens, output)
        + per_million(usage.cache_read_tokens, cache_read)
        + per_million(usage.cache_write_tokens, settings.cache_write_price)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_token_has_its_price() {
        let settings = ModelSettings {
            input_price: 3.0,
            output_price: 15.0,
            cache_read_price: 0.3,
            cache_write_price: 3.75,
            ..ModelSettings::default()
        };
        let usage = Usage {
            input_tokens: 1_000_000,
            output_tokens: 100_000,
            cache_read_tokens: 2_000_000,
            cache_write_tokens: 400_000,
        };
        let expected = 3.0 + 1.5 + 0.6 + 1.5;
        assert!((cost(&settings, &usage) - expected).abs() < 1e-9);
        assert_eq!(cost(&settings, &Usage::default()), 0.0);
    }

    #[test]
    fn a_long_prompt_is_priced_at_the_long_prompt_rates() {
        let settings = ModelSettings {
            input_price: 1.0,
            output_price: 10.0,
            long_prompt_prices: Some(super::super::model_facts::LongPromptPrices {
                threshold: 200_000,
                input: 2.0,
                output: 20.0,
                cache_read: 0.5,
            }),
            ..ModelSettings::default()
        };
        let short = Usage {
            input_tokens: 200_000,
            output_tokens: 1_000_000,
            ..Usage::default()
        };
        assert!((cost(&settings, &short) - (0.2 + 10.0)).abs() < 1e-9);
        let long = Usage {
            input_tokens: 200_001,
            output_tokens: 1_000_000,
            ..Usage::default()
        };
        assert!((cost(&settings, &long) - (0.400_002 + 20.0)).abs() < 1e-9);
    }
}
