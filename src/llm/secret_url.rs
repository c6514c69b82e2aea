//! Base URLs can carry credentials (`http://user:key@host/v1`,
//! `https://proxy/v1?api-key=…`). This module builds request URLs from such a base
//! without mangling its query string, and shows any URL with those credentials masked:
//! every URL that reaches a message, an error or a log goes through [`redact_url`].

use url::Url;

/// What replaces a credential in shown text.
pub const REDACTED: &str = "[redacted]";

/// Words in a query parameter's name that mark its value as a credential.
const CREDENTIAL_WORDS: &[&str] = &[
    "key",
    "token",
    "secret",
    "password",
    "passwd",
    "auth",
    "signature",
    "credential",
    "session",
    "bearer",
    "jwt",
];

/// Short names that are credentials only as a whole word (`sig`, not `design`).
const CREDENTIAL_NAMES: &[&str] = &["sig", "pwd", "pass", "code", "client_secret"];

/// Whether a query parameter named `name` holds a credential (case-insensitive;
/// `api-key`, `x-api-key`, `apiKey`, `access_token`, `X-Amz-Signature`, `sig`, …).
pub fn is_credential_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    CREDENTIAL_WORDS.iter().any(|word| lower.contains(word))
        || lower
            .split(|character: char| !character.is_ascii_alphanumeric())
            .any(|word| CREDENTIAL_NAMES.contains(&word))
}

/// `url` with its user name and password, the value of every credential-like query
/// parameter and any fragment replaced by `[redacted]`. Text that is not a URL is
/// masked the same way as far as its shape allows, so nothing secret slips through
/// a parse failure.
pub fn redact_url(url: &str) -> String {
    match Url::parse(url.trim()) {
        Ok(parsed) if parsed.has_host() => redact_parsed(&parsed),
        _ => redact_text(url),
    }
}

fn redact_parsed(url: &Url) -> String {
    let mut bare = url.clone();
    let had_userinfo = !url.username().is_empty() || url.password().is_some();
    // Both setters only fail for URLs without a host, which were sent to redact_text.
    let _ = bare.set_username("");
    let _ = bare.set_password(None);
    bare.set_query(None);
    bare.set_fragment(None);
    let mut shown = bare.to_string();
    if had_userinfo && let Some(after_scheme) = shown.find("://") {
        shown.insert_str(after_scheme + 3, &format!("{REDACTED}@"));
    }
    if let Some(query) = url.query() {
        shown.push('?');
        shown.push_str(&redact_query(query));
    }
    if url.fragment().is_some_and(|fragment| !fragment.is_empty()) {
        shown.push('#');
        shown.push_str(REDACTED);
    }
    shown
}

/// Masks credential values in a raw query string, keeping names and order.
fn redact_query(query: &str) -> String {
    query
        .split('&')
        .map(|pair| match pair.split_once('=') {
            Some((name, value)) if !value.is_empty() && is_credential_name(&decode(name)) => {
                format!("{name}={REDACTED}")
            }
            // A bare value (`?sk-…`) may be a key on its own.
            None if looks_like_secret(pair) => REDACTED.to_string(),
            _ => pair.to_string(),
        })
        .collect::<Vec<_>>()
        .join("&")
}

/// Masks what looks like userinfo, a query or a fragment in text that did not parse.
fn redact_text(text: &str) -> String {
    let mut shown = text.to_string();
    if let Some(start) = shown.find("://").map(|position| position + 3) {
        let authority_end = shown[start..]
            .find(['/', '?', '#'])
            .map_or(shown.len(), |position| start + position);
        if let Some(at) = shown[start..authority_end].rfind('@') {
            shown.replace_range(start..start + at, REDACTED);
        }
    }
    if let Some(hash) = shown.find('#') {
        shown.replace_range(hash + 1.., REDACTED);
    }
    if let Some(question) = shown.find('?') {
        let query = redact_query(&shown[question + 1..]);
        shown.replace_range(question + 1.., &query);
    }
    shown
}

/// A key-shaped word: `sk-…`-style, or long and made of letters, digits and `-_`.
fn looks_like_secret(text: &str) -> bool {
    let text = text.trim();
    let alphabet = text
        .chars()
        .all(|character| character.is_ascii_alphanumeric() || "-_.".contains(character));
    (text.starts_with("sk-") || text.starts_with("sk_") || text.len() >= 24) && alphabet
}

fn decode(text: &str) -> String {
    url::form_urlencoded::parse(format!("{text}=").as_bytes())
        .next()
        .map(|(name, _)| name.into_owned())
        .unwrap_or_else(|| text.to_string())
}

/// The secret texts a URL carries (password, user name when a password is absent,
/// credential-like query values), raw and decoded, to be masked wherever they appear.
pub fn url_secrets(url: &Url) -> Vec<String> {
    let mut secrets = Vec::new();
    let mut add = |text: &str| {
        if text.len() >= 4 && !secrets.iter().any(|known| known == text) {
            secrets.push(text.to_string());
        }
    };
    if let Some(password) = url.password() {
        add(password);
        add(&decode(password));
    } else if !url.username().is_empty() {
        // `http://sk-…@host`: the key sits where a user name would.
        add(url.username());
        add(&decode(url.username()));
    }
    if let Some(query) = url.query() {
        for pair in query.split('&') {
            match pair.split_once('=') {
                Some((name, value)) if is_credential_name(&decode(name)) => {
                    add(value);
                    add(&decode(value));
                }
                None if looks_like_secret(pair) => add(pair),
                _ => {}
            }
        }
    }
    secrets
}

/// `base` with `suffix` appended to its path; its query string is kept as written.
pub fn join_path(base: &Url, suffix: &str) -> Url {
    let mut joined = base.clone();
    let path = format!(
        "{}/{}",
        base.path().trim_end_matches('/'),
        suffix.trim_start_matches('/')
    );
    joined.set_path(&path);
    joined
}

/// Replaces, in `text`, every URL-looking word by its redacted form.
pub fn redact_urls_in(text: &str) -> String {
    if !text.contains("://") {
        return text.to_string();
    }
    text.split(' ')
        .map(|word| {
            let start = word.find("http://").or_else(|| word.find("https://"));
            match start {
                Some(start) => {
                    let end = word[start..]
                        .find(|character: char| "()<>\"'`,".contains(character))
                        .map_or(word.len(), |position| start + position);
                    format!(
                        "{}{}{}",
                        &word[..start],
                        redact_url(&word[start..end]),
                        &word[end..]
                    )
                }
                None => word.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "sk-live-0123456789abcdef";

    #[test]
    fn credentials_in_userinfo_query_and_fragment_are_masked() {
        let cases = [
            (
                format!("http://127.0.0.1:1/v1?api-key={KEY}"),
                "http://127.0.0.1:1/v1?api-key=[redacted]",
            ),
            (
                format!("http://user:{KEY}@host/v1"),
                "http://[redacted]@host/v1",
            ),
            (format!("http://{KEY}@host/v1"), "http://[redacted]@host/v1"),
            (
                format!("https://proxy/v1?model=x&X-API-KEY={KEY}&Token={KEY}#{KEY}"),
                "https://proxy/v1?model=x&X-API-KEY=[redacted]&Token=[redacted]#[redacted]",
            ),
            (
                format!("https://h/p?sig={KEY}&design=blue&access_token={KEY}&apiKey={KEY}"),
                "https://h/p?sig=[redacted]&design=blue&access_token=[redacted]&apiKey=[redacted]",
            ),
            (format!("https://h/p?{KEY}"), "https://h/p?[redacted]"),
            (
                "http://localhost:11434".to_string(),
                "http://localhost:11434/",
            ),
        ];
        for (url, expected) in cases {
            assert_eq!(redact_url(&url), expected, "{url}");
        }
    }

    #[test]
    fn text_that_is_not_a_url_is_masked_by_its_shape() {
        let shown = redact_url(&format!("not a url://me:{KEY}@x y?key={KEY}"));
        assert!(!shown.contains(KEY), "{shown}");
        let shown = redact_urls_in(&format!("cannot reach (http://u:{KEY}@h/v1?key={KEY}) now"));
        assert_eq!(
            shown,
            "cannot reach (http://[redacted]@h/v1?key=[redacted]) now"
        );
    }

    #[test]
    fn joining_keeps_the_query_and_collects_secrets() {
        let base = Url::parse(&format!("http://h:1/v1/?api-key={KEY}&v=2")).unwrap();
        let joined = join_path(&base, "/chat/completions");
        assert_eq!(
            joined.as_str(),
            format!("http://h:1/v1/chat/completions?api-key={KEY}&v=2")
        );
        assert_eq!(url_secrets(&base), vec![KEY.to_string()]);
        let with_user = Url::parse(&format!("http://me:{KEY}@h/")).unwrap();
        assert_eq!(url_secrets(&with_user), vec![KEY.to_string()]);
        let encoded = Url::parse("http://h/?token=a%2Bb%3Dsecret").unwrap();
        assert_eq!(
            url_secrets(&encoded),
            vec!["a%2Bb%3Dsecret".to_string(), "a+b=secret".to_string()]
        );
    }
}
