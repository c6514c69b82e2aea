//! What can go wrong talking to a model, each as one line that names the provider,
//! what happened and what to do. Keys never appear: server messages are scrubbed.

use thiserror::Error;

use super::secret_url::redact_urls_in;

/// A provider, settings or stream failure.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum LlmError {
    /// No key was found for a provider that needs one.
    #[error(
        "{provider}: no API key found; set {variable} (in the environment or .env) or pass --api-key {provider}=KEY"
    )]
    MissingKey { provider: String, variable: String },
    /// A provider with no public address whose address was not given.
    #[error("{provider}: no server address; set {variable} (e.g. {example})")]
    MissingBase {
        provider: String,
        variable: String,
        example: String,
    },
    /// A model name whose provider prefix aider-tui does not serve: nothing is sent.
    #[error(
        "model {name:?}: aider-tui does not serve the provider prefix \"{prefix}/\", so nothing is sent; it serves {served}; an OpenAI-compatible server is reached as openai/NAME with --api-base URL"
    )]
    UnservedProvider {
        name: String,
        prefix: String,
        served: String,
    },
    /// A model name that cannot be used at all.
    #[error("model {name:?}: {reason}")]
    InvalidModel { name: String, reason: String },
    /// The model settings file could not be read.
    #[error("model settings {path}: {reason}")]
    Settings { path: String, reason: String },
    /// The key was refused (401/403).
    #[error("{provider}: the API key was refused (HTTP {status}: {message}); check {hint}")]
    Auth {
        provider: String,
        status: u16,
        message: String,
        hint: String,
    },
    /// The prompt does not fit the model's context window.
    #[error(
        "{provider}: the request is larger than the model's context window ({message}); drop files (/drop) or clear the history (/clear)"
    )]
    ContextWindowExceeded { provider: String, message: String },
    /// Still rate limited after the allowed retries.
    #[error(
        "{provider}: rate limited (HTTP 429) after {attempts} attempt(s): {message}; wait a minute and retry"
    )]
    RateLimited {
        provider: String,
        attempts: u32,
        message: String,
    },
    /// Billing quota or spend limit reached; retrying cannot help.
    #[error(
        "{provider}: quota or spend limit reached (HTTP {status}: {message}); check the account's billing"
    )]
    QuotaExceeded {
        provider: String,
        status: u16,
        message: String,
    },
    /// The reply stream ended before its terminator (or with an error event).
    #[error(
        "{provider}: the reply was cut off before it finished ({reason}); nothing from it was treated as complete — retry"
    )]
    Interrupted { provider: String, reason: String },
    /// The provider stayed silent too long: no response head within the first-byte
    /// timeout, or no more of the reply within the read timeout.
    #[error("{provider}: the provider was silent for {seconds:.1} s {phase}")]
    Timeout {
        provider: String,
        seconds: f64,
        /// When it happened and what to do, e.g. `in the middle of the reply; retry, …`.
        phase: String,
    },
    /// The server could not be reached.
    #[error(
        "{provider}: cannot reach {url} ({reason}); check the API base URL and that the server is running"
    )]
    Connection {
        provider: String,
        url: String,
        reason: String,
    },
    /// The provider's content filter refused the request (Azure's `content_filter`);
    /// sending it again would be refused the same way.
    #[error(
        "{provider}: the provider's content filter refused the request ({reason}); it was not retried — rephrase the message or drop the file that trips the filter"
    )]
    ContentFiltered { provider: String, reason: String },
    /// Any other HTTP failure.
    #[error("{provider}: HTTP {status}: {message}{hint}")]
    Http {
        provider: String,
        status: u16,
        message: String,
        hint: String,
    },
    /// A base URL that cannot be used (shown with its credentials masked).
    #[error("{provider}: the API base URL {url} is not usable ({reason}); check --api-base")]
    InvalidUrl {
        provider: String,
        url: String,
        reason: String,
    },
    /// An image that cannot be sent.
    #[error("image: {reason}")]
    InvalidImage { reason: String },
    /// A reply that does not follow the wire format.
    #[error("{provider}: unreadable reply ({reason})")]
    Protocol { provider: String, reason: String },
}

impl LlmError {
    /// Whether the request may be sent again (before any content arrived).
    pub fn is_retryable(&self) -> bool {
        match self {
            LlmError::RateLimited { .. }
            | LlmError::Interrupted { .. }
            | LlmError::Timeout { .. }
            | LlmError::Connection { .. } => true,
            LlmError::Http { status, .. } => matches!(status, 408 | 409 | 500..),
            _ => false,
        }
    }
}

/// Longest server message kept in an error line.
const MESSAGE_LIMIT: usize = 300;

/// One line of at most [`MESSAGE_LIMIT`] characters, with every secret, key-like
/// words and the credentials of any URL in it masked.
pub fn scrub(message: &str, secrets: &[&str]) -> String {
    let mut text = message.to_string();
    for secret in secrets.iter().filter(|secret| secret.len() >= 4) {
        text = text.replace(secret, "[redacted]");
    }
    let text = redact_urls_in(&text);
    let words: Vec<String> = text.split_whitespace().map(mask_key_like).collect();
    let mut line = words.join(" ");
    if line.chars().count() > MESSAGE_LIMIT {
        line = line.chars().take(MESSAGE_LIMIT).collect::<String>() + "…";
    }
    line
}

/// Masks words that look like secret keys (`sk-…`, `sk-ant-…`), keeping a short prefix.
fn mask_key_like(word: &str) -> String {
    let trimmed = word.trim_matches(|character: char| {
        !character.is_alphanumeric() && character != '-' && character != '_'
    });
    let looks_secret =
        (trimmed.starts_with("sk-") || trimmed.starts_with("sk_")) && trimmed.len() > 12;
    if looks_secret {
        word.replace(trimmed, "sk-[redacted]")
    } else {
        word.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scrub_removes_the_key_newlines_and_key_like_words() {
        let message = "Incorrect API key provided: abcd1234secret.\nYou can find your key at sk-proj-ABCDEFGHIJKLMNOP.";
        let line = scrub(message, &["abcd1234secret"]);
        assert!(!line.contains('\n'));
        assert!(!line.contains("abcd1234secret"));
        assert!(!line.contains("ABCDEFGHIJKLMNOP"));
        assert!(line.contains("[redacted]"));
    }

    #[test]
    fn scrub_masks_urls_with_credentials() {
        let line = scrub(
            "no route for http://proxy/v1/chat/completions?api-key=plainvalue",
            &[],
        );
        assert!(!line.contains("plainvalue"), "{line}");
        assert!(line.contains("api-key=[redacted]"), "{line}");
    }

    #[test]
    fn scrub_truncates_long_messages() {
        let line = scrub(&"word ".repeat(200), &[]);
        assert!(line.chars().count() <= MESSAGE_LIMIT + 1);
    }

    #[test]
    fn only_transient_failures_are_retryable() {
        let http = |status| LlmError::Http {
            provider: "p".into(),
            status,
            message: String::new(),
            hint: String::new(),
        };
        assert!(http(500).is_retryable());
        assert!(http(529).is_retryable());
        assert!(http(408).is_retryable());
        assert!(!http(404).is_retryable());
        let auth = LlmError::Auth {
            provider: "p".into(),
            status: 401,
            message: String::new(),
            hint: String::new(),
        };
        assert!(!auth.is_retryable());
    }
}
