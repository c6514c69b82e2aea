//! Azure OpenAI (`azure/DEPLOYMENT`): the Chat Completions wire at a deployment's
//! route, `{base}/openai/deployments/{deployment}/chat/completions?api-version=…`, or
//! at Azure's v1 route, `{base}/openai/v1/chat/completions` (no `api-version`; the
//! body's `model` names the deployment). The key goes in the `api-key` header; an
//! Entra ID token from `AZURE_AD_TOKEN` as a bearer token. Replies are OpenAI's
//! (`openai.rs` decodes them); what is Azure's own is the route and the content
//! filter's refusal, read here.

use serde_json::Value;
use url::Url;

/// Where the API version is set, as Aider and litellm read it.
pub const API_VERSION_VARIABLE: &str = "AZURE_API_VERSION";
/// litellm's version when none is set.
pub const DEFAULT_API_VERSION: &str = "2025-02-01-preview";
/// A static Entra ID (Azure AD) token, sent as `Authorization: Bearer` when no key is set.
pub const AD_TOKEN_VARIABLE: &str = "AZURE_AD_TOKEN";

/// The versions that mean Azure's v1 route rather than a dated deployment route.
fn is_v1(version: &str) -> bool {
    matches!(version, "v1" | "latest" | "preview")
}

/// The API version to use: the variable's, else litellm's default.
pub fn api_version(env: &dyn Fn(&str) -> Option<String>) -> String {
    env(API_VERSION_VARIABLE)
        .map(|version| version.trim().to_string())
        .filter(|version| !version.is_empty())
        .unwrap_or_else(|| DEFAULT_API_VERSION.to_string())
}

/// The chat URL of `deployment` at the resource `base` (its host root; a written
/// `/openai` was dropped by `parse_base`), for API `version`.
pub fn chat_url(base: &Url, deployment: &str, version: &str) -> Url {
    let mut url = base.clone();
    if let Ok(mut segments) = url.path_segments_mut() {
        segments.pop_if_empty();
        if is_v1(version) {
            segments.extend(["openai", "v1", "chat", "completions"]);
        } else {
            segments
                .extend(["openai", "deployments"])
                .push(deployment)
                .extend(["chat", "completions"]);
        }
    }
    let has_version = url.query_pairs().any(|(name, _)| name == "api-version");
    if !is_v1(version) && !has_version {
        url.query_pairs_mut().append_pair("api-version", version);
    }
    url
}

/// Why Azure's content filter refused a request, when the error body says it did
/// (`error.code == "content_filter"`, or an inner error `ResponsibleAIPolicyViolation`
/// under `innererror` or `inner_error`, at `error` or at the top): the categories it
/// flagged, e.g. `filtered: violence (high), hate (medium)`.
pub fn content_filter_reason(body: &Value) -> Option<String> {
    let error = body.get("error").filter(|error| error.is_object());
    let inner = [error, Some(body)]
        .into_iter()
        .flatten()
        .find_map(|place| place.get("innererror").or_else(|| place.get("inner_error")));
    let code = |value: Option<&Value>| {
        value
            .and_then(|value| value.get("code"))
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    let filtered = code(error) == "content_filter"
        || code(Some(body)) == "content_filter"
        || code(inner) == "ResponsibleAIPolicyViolation";
    if !filtered {
        return None;
    }
    let results = inner.and_then(|inner| {
        inner
            .get("content_filter_result")
            .or_else(|| inner.get("content_filter_results"))
    });
    let mut flagged: Vec<String> = results
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .filter(|(_, verdict)| {
            verdict.get("filtered").and_then(Value::as_bool) == Some(true)
                || verdict.get("detected").and_then(Value::as_bool) == Some(true)
        })
        .map(
            |(category, verdict)| match verdict.get("severity").and_then(Value::as_str) {
                Some(severity) => format!("{} ({severity})", category.replace(['_', '-'], " ")),
                None => category.replace(['_', '-'], " "),
            },
        )
        .collect();
    flagged.sort();
    Some(if flagged.is_empty() {
        "no category named".to_string()
    } else {
        format!("filtered: {}", flagged.join(", "))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn deployment_and_v1_routes() {
        let base = Url::parse("https://res.openai.azure.com").unwrap();
        assert_eq!(
            chat_url(&base, "gpt-4o", "2024-10-21").as_str(),
            "https://res.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21"
        );
        for version in ["v1", "latest", "preview"] {
            assert_eq!(
                chat_url(&base, "gpt-4o", version).as_str(),
                "https://res.openai.azure.com/openai/v1/chat/completions"
            );
        }
        let odd = chat_url(&base, "my deploy", DEFAULT_API_VERSION);
        assert_eq!(
            odd.path(),
            "/openai/deployments/my%20deploy/chat/completions"
        );
        let with_query = Url::parse("http://127.0.0.1:1/?api-version=2024-06-01").unwrap();
        assert_eq!(
            chat_url(&with_query, "d", DEFAULT_API_VERSION).query(),
            Some("api-version=2024-06-01")
        );
        assert_eq!(api_version(&|_| None), DEFAULT_API_VERSION);
        assert_eq!(api_version(&|_| Some(" v1 ".into())), "v1");
    }

    #[test]
    fn the_content_filter_refusal_is_told_from_other_errors() {
        let refused = json!({"error": {"message": "The response was filtered", "type": null,
            "param": "prompt", "code": "content_filter", "status": 400,
            "innererror": {"code": "ResponsibleAIPolicyViolation", "content_filter_result": {
                "hate": {"filtered": false, "severity": "safe"},
                "self_harm": {"filtered": false, "severity": "safe"},
                "violence": {"filtered": true, "severity": "high"},
                "jailbreak": {"filtered": false, "detected": false}}}}});
        assert_eq!(
            content_filter_reason(&refused).as_deref(),
            Some("filtered: violence (high)")
        );
        let underscored = json!({"error": {"code": "400", "message": "x",
            "inner_error": {"code": "ResponsibleAIPolicyViolation",
                "content_filter_results": {"self-harm": {"filtered": true, "severity": "medium"}}}}});
        assert_eq!(
            content_filter_reason(&underscored).as_deref(),
            Some("filtered: self harm (medium)")
        );
        let other = json!({"error": {"code": "context_length_exceeded", "message": "too long"}});
        assert_eq!(content_filter_reason(&other), None);
        assert_eq!(
            content_filter_reason(&json!({"error": {"code": "content_filter"}})).as_deref(),
            Some("no category named")
        );
    }
}
