//! The OpenAI-compatible services by litellm's names (`together_ai/`, `fireworks_ai/`,
//! `deepinfra/`, `cerebras/`, … and `groq/`, `mistral/`, `xai/`, `deepseek/`,
//! `openrouter/`), each against a mock at its own base path that takes only its own
//! bearer key: streaming, a key in each of the variables it reads, a refused key whose
//! message names the variable to set, a retried rate limit, a cut stream, and an
//! engine turn that applies an edit. LM Studio, which has no public address, is refused
//! until `LM_STUDIO_API_BASE` names the server.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use aider_tui::llm::{
    self, Base, Connection, KeyNeed, LlmError, Provider, ProviderKind, SERVICES, Service,
};
use aider_tui::protocol::TurnOutcome;

use crate::support::engine::{COMMIT_REQUEST_MARK, TestRepo, block, run_once, settings};
use crate::support::mock_llm::Reply;
use crate::support::mock_provider::ProviderMock;
use crate::support::provider_harness::{request, run};

/// The services of PROVIDERS.md §8 with their public base and the key variables
/// litellm reads, written here independently of the registry.
const SECTION_8: &[(&str, &str, &[&str])] = &[
    (
        "together_ai",
        "https://api.together.xyz/v1",
        &[
            "TOGETHER_API_KEY",
            "TOGETHER_AI_API_KEY",
            "TOGETHERAI_API_KEY",
            "TOGETHER_AI_TOKEN",
        ],
    ),
    (
        "fireworks_ai",
        "https://api.fireworks.ai/inference/v1",
        &[
            "FIREWORKS_API_KEY",
            "FIREWORKS_AI_API_KEY",
            "FIREWORKSAI_API_KEY",
            "FIREWORKS_AI_TOKEN",
        ],
    ),
    (
        "deepinfra",
        "https://api.deepinfra.com/v1/openai",
        &["DEEPINFRA_API_KEY"],
    ),
    (
        "cerebras",
        "https://api.cerebras.ai/v1",
        &["CEREBRAS_API_KEY"],
    ),
    (
        "moonshot",
        "https://api.moonshot.ai/v1",
        &["MOONSHOT_API_KEY"],
    ),
    (
        "dashscope",
        "https://dashscope.aliyuncs.com/compatible-mode/v1",
        &["DASHSCOPE_API_KEY"],
    ),
    (
        "perplexity",
        "https://api.perplexity.ai",
        &["PERPLEXITYAI_API_KEY", "PERPLEXITY_API_KEY"],
    ),
    (
        "sambanova",
        "https://api.sambanova.ai/v1",
        &["SAMBANOVA_API_KEY"],
    ),
    (
        "novita",
        "https://api.novita.ai/v3/openai",
        &["NOVITA_API_KEY"],
    ),
    (
        "vercel_ai_gateway",
        "https://ai-gateway.vercel.sh/v1",
        &["VERCEL_AI_GATEWAY_API_KEY", "VERCEL_OIDC_TOKEN"],
    ),
    ("zai", "https://api.z.ai/api/paas/v4", &["ZAI_API_KEY"]),
    ("groq", "https://api.groq.com/openai/v1", &["GROQ_API_KEY"]),
    (
        "mistral",
        "https://api.mistral.ai/v1",
        &["MISTRAL_API_KEY", "MISTRAL_AZURE_API_KEY"],
    ),
    ("xai", "https://api.x.ai/v1", &["XAI_API_KEY"]),
    (
        "deepseek",
        "https://api.deepseek.com/beta",
        &["DEEPSEEK_API_KEY"],
    ),
    (
        "openrouter",
        "https://openrouter.ai/api/v1",
        &["OPENROUTER_API_KEY", "OR_API_KEY"],
    ),
];

/// The registry's row for `prefix`.
fn row(prefix: &str) -> &'static Service {
    SERVICES
        .iter()
        .find(|service| service.prefix == prefix)
        .unwrap_or_else(|| panic!("{prefix} is not served"))
}

fn path_of(base: &str) -> String {
    url::Url::parse(base)
        .unwrap()
        .path()
        .trim_end_matches('/')
        .to_string()
}

/// `prefix/test-model` connected with `env` alone, retrying at most twice.
fn model(prefix: &str, env: &BTreeMap<String, String>) -> Result<Arc<dyn Provider>, LlmError> {
    let (settings, _) = llm::resolve_model(&format!("{prefix}/test-model"), None).unwrap();
    let connection = Connection {
        max_retries: 2,
        first_byte_timeout: Duration::from_secs(5),
        request_timeout: Duration::from_secs(5),
        ..Connection::default()
    };
    llm::connect(&settings, &connection, &|name: &str| env.get(name).cloned())
}

fn env_of(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(name, value)| (name.to_string(), value.to_string()))
        .collect()
}

#[test]
fn the_registry_matches_litellms_bases_and_key_variables() {
    for (prefix, base, keys) in SECTION_8 {
        let service = row(prefix);
        assert_eq!(service.kind, ProviderKind::OpenAiCompatible, "{prefix}");
        assert_eq!(service.base, Base::Default(base), "{prefix}");
        assert_eq!(service.key_variables, *keys, "{prefix}");
        assert_eq!(service.key_need, KeyNeed::Required, "{prefix}");
    }
}

#[tokio::test]
async fn each_service_streams_from_its_own_base_with_its_own_bearer_key() {
    for (prefix, base, keys) in SECTION_8 {
        let service = row(prefix);
        for variable in *keys {
            let key = format!("{prefix}-key-in-{variable}");
            let mock = ProviderMock::compatible(&path_of(base), &key).await;
            mock.llm.push(Reply::text(["Hello", " from ", *prefix]));
            let env = env_of(&[(service.base_variables[0], &mock.base()), (variable, &key)]);
            let outcome = run(model(prefix, &env).unwrap().stream(request("hi"))).await;
            assert_eq!(outcome.error, None, "{prefix} with {variable}");
            assert_eq!(outcome.text, format!("Hello from {prefix}"));
            let seen = mock.seen().pop().unwrap();
            assert_eq!(seen.path, format!("{}/chat/completions", path_of(base)));
            assert_eq!(
                seen.header("authorization"),
                Some(format!("Bearer {key}").as_str())
            );
            let body: serde_json::Value = serde_json::from_str(&seen.body).unwrap();
            assert_eq!(
                body["model"], "test-model",
                "{prefix}: the prefix is not sent"
            );
        }
    }
}

#[tokio::test]
async fn a_refused_key_names_the_variable_and_a_missing_one_is_asked_for() {
    for (prefix, base, keys) in SECTION_8 {
        let service = row(prefix);
        let mock = ProviderMock::compatible(&path_of(base), "the-right-key-123").await;
        mock.llm.fallback(Reply::text(["never"]));
        let env = env_of(&[
            (service.base_variables[0], &mock.base()),
            (keys[0], "a-wrong-key-456"),
        ]);
        let outcome = run(model(prefix, &env).unwrap().stream(request("hi"))).await;
        let error = outcome.error.unwrap();
        let line = error.to_string();
        assert!(
            matches!(error, LlmError::Auth { status: 401, .. }),
            "{prefix}: {line}"
        );
        assert!(line.contains(keys[0]), "{prefix}: {line}");
        assert!(!line.contains("a-wrong-key-456"), "{prefix}: {line}");
        assert_eq!(
            mock.seen().len(),
            1,
            "{prefix}: an auth error is not retried"
        );

        let missing = model(prefix, &BTreeMap::new()).err().unwrap();
        assert_eq!(
            missing,
            LlmError::MissingKey {
                provider: prefix.to_string(),
                variable: keys[0].to_string()
            }
        );
    }
}

#[tokio::test]
async fn rate_limits_are_retried_and_a_cut_stream_is_an_error() {
    for (prefix, base, keys) in SECTION_8 {
        let service = row(prefix);
        let key = format!("{prefix}-key");
        let mock = ProviderMock::compatible(&path_of(base), &key).await;
        mock.llm.push(Reply::status(429).retry_after_ms(5));
        mock.llm.push(Reply::text(["after", " a wait"]));
        mock.llm
            .push(Reply::text(["one", " two", " three"]).dropped_after(3));
        let env = env_of(&[(service.base_variables[0], &mock.base()), (keys[0], &key)]);
        let chat = model(prefix, &env).unwrap();
        let retried = run(chat.stream(request("hi"))).await;
        assert_eq!(retried.error, None, "{prefix}");
        assert_eq!(retried.text, "after a wait");
        assert_eq!(retried.retries.len(), 1, "{prefix}");
        let cut = run(chat.stream(request("again"))).await;
        assert!(
            matches!(cut.error, Some(LlmError::Interrupted { .. })),
            "{prefix}: {:?}",
            cut.error
        );
    }
}

#[tokio::test]
async fn an_engine_turn_through_each_new_service_applies_the_edit() {
    const HELLO: &str = "def greet():\n    return \"hello\"\n";
    for (prefix, base, keys) in &SECTION_8[..11] {
        let repo = TestRepo::new(&[("hello.py", HELLO)]);
        let key = format!("{prefix}-engine-key");
        let mock = ProviderMock::compatible(&path_of(base), &key).await;
        mock.llm
            .rule(COMMIT_REQUEST_MARK, Reply::text(["feat: greet"]));
        let reply = block(
            "hello.py",
            "    return \"hello\"\n",
            &format!("    return \"hello from {prefix}\"\n"),
        );
        mock.llm.push(Reply::text(
            reply
                .split_inclusive('\n')
                .map(str::to_string)
                .collect::<Vec<_>>(),
        ));
        let mut settings = settings(&repo.root(), "unused", &["hello.py"]);
        settings.model = Some(format!("{prefix}/test-coder"));
        settings.weak_model = None;
        settings.api_base = None;
        settings.api_key = None;
        settings
            .env
            .insert(row(prefix).base_variables[0].into(), mock.base());
        settings.env.insert(keys[0].to_string(), key.clone());

        let run = run_once(settings, "Greet").await;

        assert_eq!(run.outcome, TurnOutcome::Success, "{prefix}");
        assert_eq!(
            repo.read("hello.py"),
            format!("def greet():\n    return \"hello from {prefix}\"\n")
        );
        assert!(
            mock.seen()
                .iter()
                .all(|seen| seen.header("authorization") == Some(format!("Bearer {key}").as_str()))
        );
    }
}

#[tokio::test]
async fn lm_studio_needs_its_address_and_takes_a_key_only_when_given() {
    let missing = model("lm_studio", &BTreeMap::new()).err().unwrap();
    let line = missing.to_string();
    assert!(matches!(missing, LlmError::MissingBase { .. }), "{line}");
    assert!(line.contains("LM_STUDIO_API_BASE"), "{line}");

    let mock = ProviderMock::open_compatible("/v1").await;
    mock.llm.fallback(Reply::text(["local"]));
    let keyless = env_of(&[("LM_STUDIO_API_BASE", &mock.base())]);
    let outcome = run(model("lm_studio", &keyless).unwrap().stream(request("hi"))).await;
    assert_eq!(outcome.text, "local");
    assert_eq!(mock.seen().pop().unwrap().header("authorization"), None);

    let keyed = env_of(&[
        ("LM_STUDIO_API_BASE", &mock.base()),
        ("LM_STUDIO_API_KEY", "lm-key-1"),
    ]);
    let outcome = run(model("lm_studio", &keyed).unwrap().stream(request("hi"))).await;
    assert_eq!(outcome.text, "local");
    assert_eq!(
        mock.seen().pop().unwrap().header("authorization"),
        Some("Bearer lm-key-1")
    );
}

/// Aider's `api-key: [provider=KEY]` (and `--api-key provider=KEY`) reaches every
/// provider that takes a key, through the real settings loader.
#[test]
fn aiders_provider_equals_key_form_reaches_each_provider() {
    let home = tempfile::TempDir::new().unwrap();
    let repo = tempfile::TempDir::new().unwrap();
    std::fs::create_dir_all(repo.path().join(".git")).unwrap();
    let keyed: Vec<&Service> = SERVICES
        .iter()
        .filter(|service| service.key_variable().is_some())
        .collect();
    let lines: String = keyed
        .iter()
        .map(|service| format!("  - {}=key-for-{}\n", service.prefix, service.prefix))
        .collect();
    std::fs::write(
        repo.path().join(".aider.conf.yml"),
        format!("api-key:\n{lines}"),
    )
    .unwrap();
    let settings = aider_tui::config::load(
        repo.path(),
        &aider_tui::config::Overrides::default(),
        Some(home.path()),
        &|_| None,
    )
    .unwrap();
    for service in keyed {
        let found = service
            .key_variables
            .iter()
            .find_map(|variable| settings.lookup_env(variable));
        assert_eq!(
            found,
            Some(format!("key-for-{}", service.prefix)),
            "{}=KEY is not read by {}",
            service.prefix,
            service.prefix
        );
    }
}
