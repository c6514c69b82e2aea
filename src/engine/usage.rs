//! Conversions between the libraries' value types and the protocol's.

use crate::edit;
use crate::llm::Usage;
use crate::protocol::{EditStatus, TokenUsage};

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

/// The protocol's status of one applied edit.
pub fn edit_status(status: &edit::EditStatus) -> EditStatus {
    match status {
        edit::EditStatus::Applied => EditStatus::Applied,
        edit::EditStatus::Created => EditStatus::Created,
        edit::EditStatus::Failed(failure) => EditStatus::Failed {
            reason: failure.to_string(),
        },
    }
}
