//! Requests go only where the user said: every prefix (served and refused) and bare
//! names, crossed with one loopback mock per provider, all running at once. Each
//! provider's base variable points at its own mock and each of its key variables holds
//! a value of its own; `--api-base`/`--api-key` point at a second mock of the main
//! model's provider. A model is resolved, connected and sent one request through the
//! real `Provider`, and through the engine's `Models` (start, weak model, `/model`):
//! no request reaches another provider's mock, no key reaches another provider, and a
//! refused prefix sends nothing at all.

use std::collections::BTreeMap;
use std::sync::{LazyLock, Mutex, MutexGuard};
use std::time::Duration;

use aider_tui::config::{Secret, Settings};
use aider_tui::engine::Models;
use aider_tui::llm::{
    self, Auth, Base, Connection, KeyNeed, LlmError, Provider, ProviderKind, SERVICES, Service,
};
use proptest::prelude::*;
use tokio::runtime::Runtime;

use crate::support::mock_llm::Reply;
use crate::support::mock_provider::ProviderMock;
use crate::support::provider_harness::{request, run};

/// One provider's two mocks and the secrets that are its own.
struct Mocks {
    /// The provider (`ollama_chat/` is Ollama's).
    provider: &'static str,
    service: &'static Service,
    /// Reached through the provider's base variable, with its key variables.
    own: ProviderMock,
    /// Reached through `--api-base` with `--api-key`, when the main model is this provider's.
    flagged: ProviderMock,
    /// Each key variable and the value it holds; the first is the one sent.
    keys: Vec<(&'static str, String)>,
    flag_key: String,
}

impl Mocks {
    /// Every secret of this provider.
    fn secrets(&self) -> impl Iterator<Item = &str> {
        self.keys
            .iter()
            .map(|(_, value)| value.as_str())
            .chain([self.flag_key.as_str()])
    }
}

/// Every provider's mocks, on one runtime that outlives the cases. The tests of this
/// file take turns ([`World::lock`]): each counts what reached every mock.
struct World {
    runtime: Runtime,
    mocks: Vec<Mocks>,
    turn: Mutex<()>,
}

/// The path of a base URL: `/v1` of `https://api.together.xyz/v1`.
fn base_path(service: &Service) -> String {
    let written = match service.base {
        Base::Default(base) => base,
        Base::Required { example } => example,
    };
    url::Url::parse(written)
        .map(|url| url.path().trim_end_matches('/').to_string())
        .unwrap_or_default()
}

/// A mock speaking `service`'s wire and checking its authentication with `key`.
async fn mock_for(service: &Service, key: &str) -> ProviderMock {
    let mock = match (service.kind, service.auth, service.key_need) {
        (ProviderKind::Anthropic, Auth::XApiKey, _) => ProviderMock::anthropic(key).await,
        (ProviderKind::Azure, Auth::AzureApiKey, _) => ProviderMock::azure(key, None).await,
        (ProviderKind::Ollama, _, _) => ProviderMock::ollama().await,
        (ProviderKind::OpenAiCompatible, Auth::Bearer, KeyNeed::Required) => {
            ProviderMock::compatible(&base_path(service), key).await
        }
        (ProviderKind::OpenAiCompatible, Auth::Bearer, KeyNeed::Optional) => {
            ProviderMock::open_compatible(&base_path(service)).await
        }
        other => panic!(
            "no mock for {} ({other:?}): add one to tests/support/mock_provider.rs",
            service.prefix
        ),
    };
    mock.llm.fallback(Reply::text(["ok"]));
    mock
}

static WORLD: LazyLock<World> = LazyLock::new(|| {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let mocks = runtime.block_on(async {
        let mut mocks: Vec<Mocks> = Vec::new();
        for service in SERVICES {
            if mocks
                .iter()
                .any(|known| known.provider == service.provider())
            {
                continue;
            }
            let keys: Vec<(&'static str, String)> = service
                .key_variables
                .iter()
                .map(|variable| (*variable, format!("key-of-{variable}-{}", service.prefix)))
                .collect();
            let flag_key = format!("flag-key-of-{}", service.prefix);
            let own_key = keys.first().map(|(_, key)| key.clone()).unwrap_or_default();
            mocks.push(Mocks {
                provider: service.provider(),
                service,
                own: mock_for(service, &own_key).await,
                flagged: mock_for(service, &flag_key).await,
                keys,
                flag_key,
            });
        }
        mocks
    });
    World {
        runtime,
        mocks,
        turn: Mutex::new(()),
    }
});

impl World {
    /// The world to oneself until the guard is dropped.
    fn lock() -> (&'static World, MutexGuard<'static, ()>) {
        let world = &*WORLD;
        let turn = world
            .turn
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        (world, turn)
    }

    fn mocks_of(&self, provider: &str) -> &Mocks {
        self.mocks
            .iter()
            .find(|mocks| mocks.provider == provider)
            .unwrap_or_else(|| panic!("no mocks for {provider}"))
    }

    /// The variables: each provider's chosen base variable at its own mock, every key
    /// variable with its own value, and Azure's API version.
    fn env(&self, base_choice: usize, azure_version: Option<&str>) -> BTreeMap<String, String> {
        let mut env = BTreeMap::new();
        for mocks in &self.mocks {
            let variables = mocks.service.base_variables;
            let variable = variables[base_choice % variables.len()];
            env.insert(variable.to_string(), mocks.own.base());
            for (variable, value) in &mocks.keys {
                env.insert(variable.to_string(), value.clone());
            }
        }
        if let Some(version) = azure_version {
            env.insert("AZURE_API_VERSION".into(), version.into());
        }
        env
    }

    /// How many requests each mock has seen, in order.
    fn counts(&self) -> Vec<usize> {
        self.mocks
            .iter()
            .flat_map(|mocks| [mocks.own.seen_count(), mocks.flagged.seen_count()])
            .collect()
    }
}

/// Where a request for a model must go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Goes {
    /// Refused: nothing is sent.
    Nowhere,
    /// To this provider's own mock (base variable, key variables).
    Own(&'static str),
    /// To this provider's flagged mock (`--api-base`, `--api-key`).
    Flagged(&'static str),
}

/// A model name and the provider it names (`None`: refused).
#[derive(Debug, Clone)]
struct Name {
    written: String,
    provider: Option<&'static str>,
}

/// Names users write without a prefix, and the provider each is inferred to.
const BARE: &[(&str, &str)] = &[
    ("gpt-4o", "openai"),
    ("4o", "openai"),
    ("my-local-model", "openai"),
    ("sonnet", "anthropic"),
    ("claude-sonnet-4-5", "anthropic"),
    ("claude-9-experimental", "anthropic"),
    ("deepseek", "deepseek"),
    ("deepseek-coder-v9", "deepseek"),
    ("gemini", "gemini"),
    ("gemini-9-pro", "gemini"),
    ("grok-9", "xai"),
    ("codestral-2099", "mistral"),
];

/// Prefixes litellm knows and aider-tui does not serve, and names that only look prefixed.
const REFUSED: &[&str] = &[
    "bedrock/anthropic.claude-sonnet-4-5",
    "bedrock/us.anthropic.claude-3-7-sonnet-20250219-v1:0",
    "vertex_ai/claude-sonnet-4-5",
    "vertex_ai/gemini-2.5-pro",
    "github_copilot/gpt-4o",
    "sagemaker/my-endpoint",
    "cohere/command-r-plus",
    "replicate/meta/llama-3-70b",
    "huggingface/bigcode/starcoder",
    "meta-llama/Llama-3.3-70B-Instruct",
    "OpenAI/gpt-4o",
];

fn names() -> impl Strategy<Value = Name> {
    let prefixed = proptest::sample::select(SERVICES).prop_flat_map(|service| {
        let rest = match service.prefix {
            "openrouter" => Just("anthropic/claude-sonnet-4.5".to_string()).boxed(),
            "ollama" | "ollama_chat" => Just("qwen2.5-coder".to_string()).boxed(),
            _ => "[a-z][a-z0-9.-]{0,10}".boxed(),
        };
        rest.prop_map(move |rest| Name {
            written: format!("{}/{rest}", service.prefix),
            provider: Some(service.provider()),
        })
    });
    let bare = proptest::sample::select(BARE).prop_map(|(name, provider)| Name {
        written: name.to_string(),
        provider: Some(provider),
    });
    let refused = proptest::sample::select(REFUSED).prop_map(|name| Name {
        written: name.to_string(),
        provider: None,
    });
    let unknown_prefix = "[a-z][a-z_]{1,10}/[a-z0-9-]{1,10}"
        .prop_filter("not a served prefix", |name| {
            let prefix = name.split('/').next().unwrap_or("");
            !SERVICES.iter().any(|service| service.prefix == prefix)
        })
        .prop_map(|written| Name {
            written,
            provider: None,
        });
    prop_oneof![4 => prefixed, 2 => bare, 1 => refused, 1 => unknown_prefix]
}

/// Sends one request through `chat` and checks it reached `goes` alone, with that
/// provider's key and no one else's.
fn send_and_check(world: &World, chat: &dyn Provider, goes: Goes, what: &str) {
    let before = world.counts();
    let outcome = world.runtime.block_on(run(chat.stream(request("hello"))));
    assert!(
        outcome.error.is_none(),
        "{what}: {:?} (expected {goes:?})",
        outcome.error
    );
    assert_eq!(outcome.text, "ok", "{what}");
    let after = world.counts();
    for (index, mocks) in world.mocks.iter().enumerate() {
        for (slot, mock, flagged) in [
            (index * 2, &mocks.own, false),
            (index * 2 + 1, &mocks.flagged, true),
        ] {
            let expected = match goes {
                Goes::Own(provider) => provider == mocks.provider && !flagged,
                Goes::Flagged(provider) => provider == mocks.provider && flagged,
                Goes::Nowhere => false,
            };
            let new = after[slot] - before[slot];
            if !expected {
                assert_eq!(new, 0, "{what}: a request reached {}", mock.base());
                continue;
            }
            assert!(new >= 1, "{what}: nothing reached {}", mock.base());
            for seen in mock.seen_since(before[slot]) {
                for other in world.mocks.iter().filter(|m| m.provider != mocks.provider) {
                    for secret in other.secrets() {
                        assert!(
                            !seen.carries(secret),
                            "{what}: {}'s key reached {}",
                            other.provider,
                            mocks.provider
                        );
                    }
                }
            }
        }
    }
}

/// Where a model goes given the provider the flags are for.
fn destination(name: &Name, flags_for: Option<&'static str>, flags_given: bool) -> Goes {
    match name.provider {
        None => Goes::Nowhere,
        Some(provider) if flags_given && flags_for == Some(provider) => Goes::Flagged(provider),
        Some(provider) => Goes::Own(provider),
    }
}

/// Through the provider alone: the environment decides, no flags.
fn through_the_provider(world: &World, env: &BTreeMap<String, String>, name: &Name) {
    let before = world.counts();
    let resolved = llm::resolve_model(&name.written, None);
    let Some(provider) = name.provider else {
        let error = resolved
            .err()
            .unwrap_or_else(|| panic!("{} resolved", name.written));
        assert!(
            matches!(error, LlmError::UnservedProvider { .. }),
            "{}: {error}",
            name.written
        );
        assert_eq!(
            world.counts(),
            before,
            "{}: something was sent",
            name.written
        );
        return;
    };
    let (settings, _) = resolved.unwrap_or_else(|error| panic!("{}: {error}", name.written));
    let connection = Connection {
        max_retries: 0,
        first_byte_timeout: Duration::from_secs(5),
        request_timeout: Duration::from_secs(5),
        ..Connection::default()
    };
    let chat = llm::connect(&settings, &connection, &|variable: &str| {
        env.get(variable).cloned()
    })
    .unwrap_or_else(|error| panic!("{}: {error}", name.written));
    send_and_check(world, chat.as_ref(), Goes::Own(provider), &name.written);
}

/// Through the engine's models: started with `main` (and `weak`) and the flags, then
/// switched with `/model target`.
fn through_the_engine(
    world: &World,
    env: &BTreeMap<String, String>,
    main: &Name,
    weak: &Name,
    target: &Name,
    flags_given: bool,
) {
    let flags_for = main.provider;
    let mut settings = Settings {
        model: Some(main.written.clone()),
        weak_model: Some(weak.written.clone()),
        read_process_env: false,
        request_timeout: Some(Duration::from_secs(5)),
        ..Settings::default()
    };
    for (variable, value) in env {
        settings.env.insert(variable.clone(), value.clone());
    }
    if flags_given && let Some(provider) = flags_for {
        let mocks = world.mocks_of(provider);
        settings.api_base = Some(mocks.flagged.base());
        settings.api_key = Some(Secret::new(mocks.flag_key.clone()));
    }
    let before = world.counts();
    let mut models = Models::load(&settings);
    assert_eq!(world.counts(), before, "connecting sends nothing");
    let Some(main_model) = models.main.clone() else {
        assert!(
            main.provider.is_none(),
            "{}: {:?}",
            main.written,
            models.problem
        );
        let problem = models.problem.clone().unwrap();
        assert!(
            problem.message.contains("does not serve"),
            "{}",
            problem.message
        );
        return;
    };
    let main_goes = destination(main, flags_for, flags_given);
    send_and_check(
        world,
        main_model.provider.as_ref(),
        main_goes,
        &main.written,
    );
    // A refused weak model falls back to the main one, with a warning.
    let weak_goes = match destination(weak, flags_for, flags_given) {
        Goes::Nowhere => main_goes,
        goes => goes,
    };
    let weak_model = models.weak.clone().unwrap();
    let what = format!("weak {} beside {}", weak.written, main.written);
    send_and_check(world, weak_model.provider.as_ref(), weak_goes, &what);

    for (command, slot) in [("/editor-model", 2), ("/weak-model", 1), ("/model", 0)] {
        let before = world.counts();
        let switched = match slot {
            0 => models.switch_main(&settings, &target.written),
            1 => models.switch_weak(&settings, &target.written),
            _ => models.switch_editor(&settings, &target.written),
        };
        let what = format!("{command} {} after {}", target.written, main.written);
        match destination(target, flags_for, flags_given) {
            Goes::Nowhere => {
                let message = switched.unwrap_err();
                assert!(message.contains("does not serve"), "{what}: {message}");
                assert_eq!(world.counts(), before, "{what}: something was sent");
            }
            goes => {
                switched.unwrap_or_else(|message| panic!("{what}: {message}"));
                let switched = [&models.main, &models.weak, &models.editor][slot];
                let chat = switched.clone().unwrap().provider;
                send_and_check(world, chat.as_ref(), goes, &what);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn requests_and_keys_go_only_to_the_provider_named(
        main in names(),
        weak in names(),
        target in names(),
        flags_given in any::<bool>(),
        base_choice in 0usize..2,
        azure_version in proptest::option::of(proptest::sample::select(
            &["2024-10-21", "2025-02-01-preview", "v1", "latest", "preview"][..]
        )),
    ) {
        let (world, _turn) = World::lock();
        let env = world.env(base_choice, azure_version);
        through_the_provider(world, &env, &target);
        through_the_engine(world, &env, &main, &weak, &target, flags_given);
    }
}

/// Every served prefix is in the sweep: one name per row reaches its own mock.
#[test]
fn every_served_prefix_reaches_its_own_mock() {
    let (world, _turn) = World::lock();
    let env = world.env(0, None);
    for service in SERVICES {
        let name = Name {
            written: format!("{}/test-model", service.prefix),
            provider: Some(service.provider()),
        };
        through_the_provider(world, &env, &name);
    }
}

/// The binary, headless: a model whose prefix is not served is refused at start with
/// the served prefixes, the run fails, and no request leaves, though keys and bases of
/// OpenAI and Anthropic are set; a weak model so named is refused with a warning and
/// the main model does its work.
#[test]
fn an_unserved_prefix_is_refused_at_start_and_nothing_is_sent() {
    use crate::support::engine::TestRepo;
    use crate::support::mock_llm::MockLlm;
    let mock = MockLlm::start_in_thread();
    mock.fallback(Reply::text(["Nothing to change."]));
    let repo = TestRepo::new(&[("a.py", "x = 1\n")]);
    let home = tempfile::TempDir::new().unwrap();
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_aider-tui"))
            .args(args)
            .current_dir(repo.root())
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("HOME", home.path())
            .env("OPENAI_API_KEY", "sk-openai-test-0001")
            .env("OPENAI_API_BASE", mock.openai_base())
            .env("ANTHROPIC_API_KEY", "sk-ant-test-0002")
            .env("ANTHROPIC_API_BASE", mock.anthropic_base())
            .output()
            .unwrap()
    };
    for model in [
        "bedrock/anthropic.claude-sonnet-4-5",
        "vertex_ai/claude-sonnet-4-5",
        "github_copilot/gpt-4o",
        "meta-llama/Llama-3.3-70B-Instruct",
    ] {
        let output = run(&[
            "--model",
            model,
            "--message",
            "hi",
            "--yes",
            "--no-auto-commits",
        ]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{model}: {stderr}");
        for part in [
            "does not serve",
            "openai/",
            "azure/",
            "together_ai/",
            "--api-base",
        ] {
            assert!(stderr.contains(part), "{model}: {part} in {stderr}");
        }
    }
    assert!(mock.requests().is_empty(), "{:?}", mock.requests());

    let output = run(&[
        "--model",
        "gpt-4o",
        "--weak-model",
        "bedrock/anthropic.claude-3-haiku",
        "--message",
        "/ask hi",
        "--yes",
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("does not serve the provider prefix \"bedrock/\""),
        "{stderr}"
    );
    assert!(
        mock.requests()
            .iter()
            .all(|request| request.path == "/v1/chat/completions")
    );
}
