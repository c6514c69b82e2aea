//! Model names as users write them: the family a bare or unknown name belongs to, and
//! the loose spelling under which two names mean one model. The service prefix is split
//! off (or refused) by `service::split_prefix` alone.

use super::service::{SERVICES, Service};

/// The family a model's own name says (`claude-…` → anthropic, `grok-…` → xai), as the
/// service prefix of that family is written; `None` when the name says none.
pub fn family_of_name(id: &str) -> Option<&'static str> {
    let id = id.to_ascii_lowercase();
    let starts = |prefixes: &[&str]| prefixes.iter().any(|prefix| id.starts_with(prefix));
    let family = if starts(&["claude"]) {
        "anthropic"
    } else if starts(&["gpt-", "gpt5", "chatgpt", "o1", "o3", "o4", "codex-"]) {
        "openai"
    } else if starts(&["deepseek"]) {
        "deepseek"
    } else if starts(&["gemini", "gemma"]) {
        "gemini"
    } else if starts(&["grok"]) {
        "xai"
    } else if starts(&["mistral", "codestral", "devstral", "magistral", "ministral"]) {
        "mistral"
    } else if starts(&["kimi", "moonshot"]) {
        "moonshot"
    } else if starts(&["glm"]) {
        "zai"
    } else {
        return None;
    };
    Some(family)
}

/// The family a router's vendor segment names (`openrouter/x-ai/grok-4` → xai).
pub fn family_of_vendor(vendor: &str) -> Option<&'static str> {
    let vendor = vendor.to_ascii_lowercase();
    let family = match vendor.as_str() {
        "x-ai" | "xai" => "xai",
        "google" | "gemini" => "gemini",
        "mistralai" | "mistral" => "mistral",
        "moonshotai" | "moonshot" => "moonshot",
        "z-ai" | "zai" | "zai-org" => "zai",
        "openai" => "openai",
        "anthropic" => "anthropic",
        "deepseek" | "deepseek-ai" => "deepseek",
        _ => return None,
    };
    Some(family)
}

/// The service of a family, when one serves it.
pub fn served(family: &str) -> Option<&'static Service> {
    let family = match family {
        "ollama_chat" => "ollama",
        other => other,
    };
    SERVICES.iter().find(|service| service.prefix == family)
}

/// The loose spelling two names of one model share: lower case, dots as dashes
/// (OpenRouter's `claude-sonnet-4.5` is Anthropic's `claude-sonnet-4-5`).
pub fn loose(name: &str) -> String {
    name.to_ascii_lowercase().replace('.', "-")
}

/// The model part of an id: its last path segment without an Ollama tag
/// (`qwen/qwen3-coder` → `qwen3-coder`, `qwen2.5-coder:32b` → `qwen2.5-coder`).
pub fn base_model(id: &str) -> &str {
    let last = id.rsplit('/').next().unwrap_or(id);
    last.split(':').next().unwrap_or(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_say_their_family() {
        assert_eq!(family_of_name("claude-opus-4-9"), Some("anthropic"));
        assert_eq!(family_of_name("gpt-6"), Some("openai"));
        assert_eq!(family_of_name("o3-pro-2099"), Some("openai"));
        assert_eq!(family_of_name("Grok-9"), Some("xai"));
        assert_eq!(family_of_name("my-local-model"), None);
        assert_eq!(family_of_vendor("x-ai"), Some("xai"));
        assert_eq!(family_of_vendor("meta-llama"), None);
    }

    #[test]
    fn base_names_and_loose_spellings() {
        assert_eq!(base_model("qwen2.5-coder:32b"), "qwen2.5-coder");
        assert_eq!(base_model("qwen/qwen3-coder"), "qwen3-coder");
        assert_eq!(loose("Claude-Sonnet-4.5"), "claude-sonnet-4-5");
    }
}
