//! Conversions between the libraries' value types and the protocol's.

use crate::llm::Usage;
use crate::protocol::TokenUsage;

/// The protocol's token counts from the provider's.
pub fn to_protocol(usage: &Usage) -> TokenUsage {
    TokenUsage {
        input_tokens: usage.input_tokens,
        output_tokens: usage.output_tokens,
        cache_read_tokens: usage.cache_read_tokens,
        cache_write_tokens: usage.cache_write_tokens,
    }
}

/// The provider's token counts from the protocol's (for pricing).
pub fn to_llm(usage: &TokenUsage) -> Usage {
    Usage {
        input_tokens: usage.input_tokens,
        output_tokens: usage.output_tokens,
        cache_read_tokens: usage.cache_read_tokens,
        cache_write_tokens: usage.cache_write_tokens,
    }
}
