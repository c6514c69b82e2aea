//! The dollar cost of a reply from its token counts and the model's prices.

use super::models::ModelSettings;
use super::provider::Usage;

/// Cost in dollars; prices are per million tokens, cache reads and writes priced apart.
pub fn cost(settings: &ModelSettings, usage: &Usage) -> f64 {
    let per_million = |tokens: u64, price: f64| tokens as f64 * price / 1_000_000.0;
    per_million(usage.input_tokens, settings.input_price)
        + per_million(usage.output_tokens, settings.output_price)
        + per_million(usage.cache_read_tokens, settings.cache_read_price)
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
}
