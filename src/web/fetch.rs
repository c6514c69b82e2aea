//! Fetching one web page: only `http` and `https` (also after a redirect), at most a
//! few redirects, a time limit and a size cap; HTML comes back as Markdown, other
//! text as it is, anything else is refused.

use std::time::Duration;

use super::markdown::html_to_markdown;

/// How far a fetch may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FetchLimits {
    /// Bytes of the body read at most; the rest is cut off.
    pub max_bytes: usize,
    /// The whole request, from connecting to the last byte.
    pub timeout: Duration,
    pub max_redirects: usize,
}

impl Default for FetchLimits {
    fn default() -> Self {
        FetchLimits {
            max_bytes: 2 * 1024 * 1024,
            timeout: Duration::from_secs(20),
            max_redirects: 5,
        }
    }
}

/// A fetched page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// Where the page was found, after redirects.
    pub url: String,
    /// The media type the server gave (`text/html`).
    pub content_type: String,
    /// The page as Markdown (HTML) or as sent (other text).
    pub text: String,
    /// The body was longer than the size cap and was cut there.
    pub truncated: bool,
}

/// Why a page could not be had.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WebError {
    #[error("{url} is not a web address: {reason}")]
    BadUrl { url: String, reason: String },
    #[error("{url}: only http and https pages can be fetched")]
    Scheme { url: String },
    #[error("fetching {url} failed: {reason}")]
    Request { url: String, reason: String },
    #[error("{url} answered with HTTP {status}")]
    Status { url: String, status: u16 },
    #[error("{url} is {content_type}, not a text page")]
    NotText { url: String, content_type: String },
}

/// Fetches `url` within `limits`.
pub async fn fetch(url: &str, limits: FetchLimits) -> Result<Page, WebError> {
    let parsed = url::Url::parse(url.trim()).map_err(|error| WebError::BadUrl {
        url: url.to_string(),
        reason: error.to_string(),
    })?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(WebError::Scheme {
            url: url.to_string(),
        });
    }
    let max_redirects = limits.max_redirects;
    let redirects = reqwest::redirect::Policy::custom(move |attempt| {
        if attempt.previous().len() > max_redirects {
            attempt.error(format!("more than {max_redirects} redirects"))
        } else if !matches!(attempt.url().scheme(), "http" | "https") {
            let scheme = attempt.url().scheme().to_string();
            attempt.error(format!("a redirect to {scheme} was refused"))
        } else {
            attempt.follow()
        }
    });
    let request_failed = |error: reqwest::Error| WebError::Request {
        url: url.to_string(),
        reason: describe(error),
    };
    let client = reqwest::Client::builder()
        .redirect(redirects)
        .timeout(limits.timeout)
        .connect_timeout(limits.timeout.min(Duration::from_secs(10)))
        .user_agent(concat!("aider-tui/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(request_failed)?;
    let mut response = client
        .get(parsed)
        .header("accept", "text/html, text/plain;q=0.9, */*;q=0.5")
        .send()
        .await
        .map_err(request_failed)?;
    let final_url = response.url().to_string();
    let status = response.status();
    if !status.is_success() {
        return Err(WebError::Status {
            url: final_url,
            status: status.as_u16(),
        });
    }
    let content_type = response
        .headers()
        .get(reqwest::header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .unwrap_or("text/html")
        .to_string();
    let media_type = content_type
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    if !is_text(&media_type) {
        return Err(WebError::NotText {
            url: final_url,
            content_type: media_type,
        });
    }
    let mut body = Vec::new();
    let mut truncated = false;
    while let Some(chunk) = response.chunk().await.map_err(request_failed)? {
        let room = limits.max_bytes.saturating_sub(body.len());
        if chunk.len() > room {
            body.extend_from_slice(&chunk[..room]);
            truncated = true;
            break;
        }
        body.extend_from_slice(&chunk);
    }
    let text = decode(&body, &content_type);
    let text = if media_type.contains("html") {
        html_to_markdown(&text)
    } else {
        text
    };
    Ok(Page {
        url: final_url,
        content_type: media_type,
        text,
        truncated,
    })
}

/// A reqwest error in words with its causes ("connection refused"), without the URL
/// (the caller names the page).
fn describe(error: reqwest::Error) -> String {
    let timeout = error.is_timeout();
    let error = error.without_url();
    let mut text = error.to_string();
    let mut source = std::error::Error::source(&error);
    while let Some(cause) = source {
        let words = cause.to_string();
        if !text.contains(&words) {
            text.push_str(": ");
            text.push_str(&words);
        }
        source = cause.source();
    }
    if timeout {
        format!("no answer in time ({text})")
    } else {
        text
    }
}

/// Media types whose body is text a model can read.
fn is_text(media_type: &str) -> bool {
    media_type.starts_with("text/")
        || media_type.contains("html")
        || media_type.contains("xml")
        || media_type.contains("json")
        || media_type.contains("javascript")
        || media_type.contains("markdown")
        || media_type.contains("yaml")
        || media_type.contains("toml")
}

/// The body as text, in the charset the server named (UTF-8 when it named none).
fn decode(body: &[u8], content_type: &str) -> String {
    let charset = content_type
        .split(';')
        .filter_map(|part| part.trim().strip_prefix("charset="))
        .next()
        .map(|name| name.trim_matches('"'));
    match charset.and_then(|name| encoding_rs::Encoding::for_label(name.as_bytes())) {
        Some(encoding) => encoding.decode(body).0.into_owned(),
        None => String::from_utf8_lossy(body).into_owned(),
    }
}

/// The `http` and `https` addresses written in `text`, in order, each once (trailing
/// punctuation of the sentence left out).
pub fn find_urls(text: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || matches!(c, '<' | '>' | '"' | '`')) {
        let Some(start) = word.find("http://").or_else(|| word.find("https://")) else {
            continue;
        };
        let candidate =
            word[start..].trim_end_matches(['.', ',', ';', ':', '!', '?', ')', ']', '}', '\'']);
        if let Ok(url) = url::Url::parse(candidate)
            && url.host_str().is_some()
            && !found.iter().any(|seen| seen == candidate)
        {
            found.push(candidate.to_string());
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_in_a_message_are_found_without_their_punctuation() {
        assert_eq!(
            find_urls(
                "See https://docs.rs/htmd, and (http://example.org/a?b=1). Also https://docs.rs/htmd again"
            ),
            ["https://docs.rs/htmd", "http://example.org/a?b=1"]
        );
        assert!(find_urls("no links, ftp://x.org or http:// alone").is_empty());
    }

    #[test]
    fn charsets_are_honoured() {
        assert_eq!(decode(b"caf\xe9", "text/plain; charset=iso-8859-1"), "café");
        assert_eq!(decode("café".as_bytes(), "text/html"), "café");
    }

    #[tokio::test]
    async fn other_schemes_are_refused_before_any_request() {
        let error = fetch("file:///etc/passwd", FetchLimits::default())
            .await
            .unwrap_err();
        assert!(matches!(error, WebError::Scheme { .. }), "{error}");
        let error = fetch("not a url", FetchLimits::default())
            .await
            .unwrap_err();
        assert!(matches!(error, WebError::BadUrl { .. }), "{error}");
    }
}
