//! Model facts from the bundled tables: every model litellm lists for a provider
//! aider-tui serves (every row of the registry litellm has models for) resolves with the
//! table's window, output limit and prices, its helper models stay on its provider, and
//! the names Aider users type today are known.

use std::collections::HashMap;

use aider_tui::llm::{self, ModelCatalog, ModelFacts, SERVICES, provider_family};

/// The family an entry's provider belongs to, when a service serves it.
fn served_family(facts: &ModelFacts) -> Option<&'static str> {
    let family = provider_family(facts.litellm_provider.as_deref()?);
    SERVICES
        .iter()
        .find(|service| service.prefix == family)
        .map(|service| service.prefix)
}

/// The `--model` names an entry is reached by: `family/key` (the key itself when it
/// starts so), and the bare key where litellm lists it bare.
fn names_of(key: &str, family: &str) -> Vec<String> {
    let prefixed = if key.starts_with(&format!("{family}/")) {
        key.to_string()
    } else {
        format!("{family}/{key}")
    };
    let mut names = vec![prefixed];
    if !key.contains('/') {
        names.push(key.to_string());
    }
    names
}

#[test]
fn every_model_litellm_lists_for_a_served_provider_resolves_with_its_facts() {
    let entries = ModelCatalog::bundled_entries();
    let by_key: HashMap<&str, &ModelFacts> = entries
        .iter()
        .map(|(key, facts)| (key.as_str(), facts))
        .collect();
    let catalog = ModelCatalog::bundled().unwrap();
    let raised = names_with_max_tokens();
    let mut checked = 0;
    let mut families: HashMap<&str, usize> = HashMap::new();
    for (key, facts) in &entries {
        let Some(family) = served_family(facts) else {
            continue;
        };
        for name in names_of(key, family) {
            // A name that is itself another entry's key is that entry's to check.
            if name != *key
                && by_key
                    .get(name.as_str())
                    .is_some_and(|other| served_family(other) == Some(family))
            {
                continue;
            }
            let (settings, warning) = catalog
                .resolve(&name)
                .unwrap_or_else(|error| panic!("{name}: {error}"));
            assert!(warning.is_none(), "{name}: {warning:?}");
            assert_eq!(settings.service, family, "{name}");
            let defaults = catalog.family_defaults(family).unwrap();
            let window = facts.window().unwrap_or(defaults.window);
            assert_eq!(settings.context_window, window, "{name}: window");
            // A limit the table leaves out is the family's; a filled-in output limit is
            // never above the window.
            let output = facts.output_limit().unwrap_or(defaults.output.min(window));
            // Aider's settings may set the limit a request asks for (extra_params.max_tokens).
            let qualified = format!("{family}/{key}");
            let named = [name.as_str(), key.as_str(), qualified.as_str()];
            if !named.iter().any(|known| raised.contains(*known)) {
                assert_eq!(settings.max_output_tokens, output, "{name}: output");
            }
            let per_million = |price: Option<f64>| price.unwrap_or(0.0) * 1_000_000.0;
            let close = |left: f64, right: f64| (left - right).abs() <= 1e-9 * right.abs().max(1.0);
            assert!(
                close(
                    settings.input_price,
                    per_million(facts.input_cost_per_token)
                ),
                "{name}: input price"
            );
            assert!(
                close(
                    settings.output_price,
                    per_million(facts.output_cost_per_token)
                ),
                "{name}: output price"
            );
            assert!(
                close(
                    settings.cache_read_price,
                    per_million(facts.cache_read_input_token_cost)
                ),
                "{name}: cache read price"
            );
            // Its helper models go to its own provider, never to another one.
            for helper in [&settings.weak_model, &settings.editor_model]
                .into_iter()
                .flatten()
            {
                let (helper_settings, _) = catalog
                    .resolve(helper)
                    .unwrap_or_else(|error| panic!("{name}: helper {helper}: {error}"));
                assert_eq!(
                    helper_settings.service, settings.service,
                    "{name}: helper {helper}"
                );
            }
            checked += 1;
            *families.entry(family).or_default() += 1;
        }
    }
    // Every served provider litellm lists models for is covered.
    for family in [
        "openai",
        "anthropic",
        "openrouter",
        "deepseek",
        "groq",
        "mistral",
        "gemini",
        "xai",
        "ollama",
        "azure",
        "together_ai",
        "fireworks_ai",
        "deepinfra",
        "cerebras",
        "moonshot",
        "dashscope",
        "perplexity",
        "sambanova",
        "novita",
        "vercel_ai_gateway",
        "zai",
    ] {
        assert!(
            families.get(family).copied().unwrap_or(0) > 0,
            "no {family} model checked"
        );
    }
    assert!(checked > 500, "{checked} names checked");
}

/// The names whose entry in Aider's bundled settings gives `extra_params.max_tokens`.
fn names_with_max_tokens() -> std::collections::HashSet<String> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/aider-model-settings.yml"
    ))
    .unwrap();
    let mut options = serde_saphyr::Options::default();
    options.duplicate_keys = serde_saphyr::DuplicateKeyPolicy::LastWins;
    let entries: Vec<serde_json::Value> =
        serde_saphyr::from_str_with_options(&text, options).unwrap();
    entries
        .iter()
        .filter(|entry| entry["extra_params"]["max_tokens"].is_number())
        .filter_map(|entry| entry["name"].as_str().map(str::to_string))
        .collect()
}

/// Model names Aider users type today (the list and its neighbours), all in
/// litellm's table; the first eleven were unknown to the old hand-kept table.
const TYPED_TODAY: [&str; 27] = [
    "gpt-5.1",
    "gpt-5.2",
    "claude-opus-4-6",
    "gemini/gemini-3-pro-preview",
    "deepseek/deepseek-v3.2",
    "xai/grok-code-fast-1",
    "mistral/devstral-medium-2507",
    "groq/moonshotai/kimi-k2-instruct-0905",
    "groq/openai/gpt-oss-120b",
    "openrouter/z-ai/glm-4.6",
    "openrouter/qwen/qwen3-coder",
    "gpt-5",
    "gpt-5-mini",
    "gpt-5-codex",
    "gpt-4.1",
    "o3",
    "o4-mini",
    "claude-sonnet-4-5",
    "claude-haiku-4-5",
    "claude-opus-4-5",
    "gemini/gemini-2.5-pro",
    "gemini/gemini-2.5-flash",
    "deepseek/deepseek-chat",
    "deepseek/deepseek-reasoner",
    "xai/grok-4",
    "openrouter/anthropic/claude-sonnet-4.5",
    "gpt-5-nano",
];

#[test]
fn the_names_aider_users_type_today_are_known_with_window_output_and_prices() {
    let entries = ModelCatalog::bundled_entries();
    for name in TYPED_TODAY {
        let (settings, warning) = llm::resolve_model(name, None).unwrap();
        assert!(warning.is_none(), "{name}: {warning:?}");
        let (_, facts) = entries
            .iter()
            .find(|(key, _)| key == name)
            .unwrap_or_else(|| panic!("{name} is not in litellm's table"));
        assert_eq!(Some(settings.context_window), facts.window(), "{name}");
        assert!(
            settings.context_window > 100_000,
            "{name}: {}",
            settings.context_window
        );
        assert!(
            settings.max_output_tokens > 4_096,
            "{name}: {}",
            settings.max_output_tokens
        );
        assert!(
            settings.input_price > 0.0 && settings.output_price > 0.0,
            "{name}: no prices"
        );
    }
}
