//! Settings layering on temporary folders with a fake environment: defaults <
//! ~/.aider.conf.yml < <root>/.aider.conf.yml < .env < AIDER_* < flags. The real
//! process environment is never changed.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use aider_tui::config::{self, ConfigError, Overrides, Secret, Settings};
use tempfile::TempDir;

/// A home folder and a repository (with a `src` subfolder) in temp dirs.
struct Fixture {
    home: TempDir,
    repo: TempDir,
}

impl Fixture {
    fn new() -> Fixture {
        let fixture = Fixture {
            home: TempDir::new().unwrap(),
            repo: TempDir::new().unwrap(),
        };
        std::fs::create_dir_all(fixture.repo.path().join(".git")).unwrap();
        std::fs::create_dir_all(fixture.repo.path().join("src")).unwrap();
        fixture
    }

    fn home_file(&self, name: &str, text: &str) -> PathBuf {
        let path = self.home.path().join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    fn repo_file(&self, name: &str, text: &str) -> PathBuf {
        let path = self.repo.path().join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    fn load(&self, flags: &Overrides, env: &[(&str, &str)]) -> Result<Settings, ConfigError> {
        self.load_in(self.repo.path(), flags, env)
    }

    fn load_in(
        &self,
        cwd: &Path,
        flags: &Overrides,
        env: &[(&str, &str)],
    ) -> Result<Settings, ConfigError> {
        let env: HashMap<String, String> = env
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let mut settings = config::load(cwd, flags, Some(self.home.path()), &|name| {
            env.get(name).cloned()
        })?;
        settings.read_process_env = false;
        Ok(settings)
    }
}

#[test]
fn defaults_when_nothing_is_configured() {
    let fixture = Fixture::new();
    let settings = fixture.load(&Overrides::default(), &[]).unwrap();
    let defaults = Settings::default();
    assert_eq!(settings.model, None);
    assert_eq!(settings.chat_mode, "code");
    assert!(settings.auto_commits && settings.dirty_commits && settings.auto_lint);
    assert!(settings.git && settings.stream);
    assert!(settings.attribute_committer && settings.attribute_co_authored_by);
    assert!(!settings.yes && !settings.auto_test && !settings.json);
    assert_eq!(settings.max_reflections, 3);
    assert_eq!(settings.theme, "dark");
    assert_eq!(settings.root, fixture.repo.path());
    assert!(settings.sources.is_empty());
    assert_eq!(settings.max_reflections, defaults.max_reflections);
}

#[test]
fn each_layer_beats_the_one_below() {
    let fixture = Fixture::new();
    fixture.home_file(
        ".aider.conf.yml",
        "model: from-home\nweak-model: home-weak\n",
    );
    fixture.repo_file(".aider.conf.yml", "model: from-repo\nmap-tokens: 512\n");
    fixture.repo_file(".env", "AIDER_MODEL=from-dotenv\nAIDER_MAP_TOKENS=2048\n");
    let env = [("AIDER_MODEL", "from-env")];
    let flags = Overrides {
        model: Some("from-flags".into()),
        ..Overrides::default()
    };

    let all = fixture.load(&flags, &env).unwrap();
    assert_eq!(all.model.as_deref(), Some("from-flags"));
    // Lower layers still show through where upper ones say nothing.
    assert_eq!(all.weak_model.as_deref(), Some("home-weak"));
    assert_eq!(all.map_tokens, Some(2048));

    let no_flags = fixture.load(&Overrides::default(), &env).unwrap();
    assert_eq!(no_flags.model.as_deref(), Some("from-env"));

    let no_env = fixture.load(&Overrides::default(), &[]).unwrap();
    assert_eq!(no_env.model.as_deref(), Some("from-dotenv"));

    std::fs::remove_file(fixture.repo.path().join(".env")).unwrap();
    let no_dotenv = fixture.load(&Overrides::default(), &[]).unwrap();
    assert_eq!(no_dotenv.model.as_deref(), Some("from-repo"));
    assert_eq!(no_dotenv.map_tokens, Some(512));

    std::fs::remove_file(fixture.repo.path().join(".aider.conf.yml")).unwrap();
    let home_only = fixture.load(&Overrides::default(), &[]).unwrap();
    assert_eq!(home_only.model.as_deref(), Some("from-home"));
    assert_eq!(
        home_only.sources,
        vec![fixture.home.path().join(".aider.conf.yml")]
    );
}

#[test]
fn booleans_use_aiders_names_in_every_layer() {
    let fixture = Fixture::new();
    fixture.repo_file(
        ".aider.conf.yml",
        "auto-commits: false\ndirty-commits: no\nyes-always: true\nstream: false\nattribute-committer: false\n",
    );
    let settings = fixture.load(&Overrides::default(), &[]).unwrap();
    assert!(!settings.auto_commits && !settings.dirty_commits && !settings.stream);
    assert!(settings.yes);
    assert!(!settings.attribute_committer && settings.attribute_co_authored_by);

    let env = [
        ("AIDER_AUTO_COMMITS", "true"),
        ("AIDER_YES_ALWAYS", "false"),
        ("AIDER_AUTO_TEST", "1"),
    ];
    let settings = fixture.load(&Overrides::default(), &env).unwrap();
    assert!(settings.auto_commits && !settings.yes && settings.auto_test);

    let flags = Overrides {
        auto_commits: Some(false),
        ..Overrides::default()
    };
    assert!(!fixture.load(&flags, &env).unwrap().auto_commits);
}

#[test]
fn an_explicit_config_file_replaces_both_default_files() {
    let fixture = Fixture::new();
    fixture.home_file(
        ".aider.conf.yml",
        "model: from-home\nweak-model: home-weak\n",
    );
    fixture.repo_file(".aider.conf.yml", "model: from-repo\n");
    let chosen = fixture.home_file("team.yml", "editor-model: from-team\n");
    let flags = Overrides {
        config_file: Some(chosen.clone()),
        ..Overrides::default()
    };
    let settings = fixture.load(&flags, &[]).unwrap();
    assert_eq!(settings.model, None);
    assert_eq!(settings.weak_model, None);
    assert_eq!(settings.editor_model.as_deref(), Some("from-team"));
    assert_eq!(settings.sources, vec![chosen]);

    let missing = Overrides {
        config_file: Some(fixture.home.path().join("absent.yml")),
        ..Overrides::default()
    };
    let err = fixture.load(&missing, &[]).unwrap_err();
    assert!(err.to_string().contains("absent.yml"), "{err}");
}

#[test]
fn env_file_values_are_found_by_lookup_env_without_touching_the_process() {
    let fixture = Fixture::new();
    fixture.repo_file(
        ".env",
        "AIDER_TUI_TEST_ONLY_KEY=sk-from-dotenv\n# comment\nOTHER=\"quoted value\"\n",
    );
    let settings = fixture.load(&Overrides::default(), &[]).unwrap();
    assert_eq!(
        settings.lookup_env("AIDER_TUI_TEST_ONLY_KEY").as_deref(),
        Some("sk-from-dotenv")
    );
    assert_eq!(
        settings.lookup_env("OTHER").as_deref(),
        Some("quoted value")
    );
    assert_eq!(settings.lookup_env("MISSING_VARIABLE_FOR_TEST"), None);
    assert!(std::env::var("AIDER_TUI_TEST_ONLY_KEY").is_err());

    // --env-file replaces <root>/.env; a named file that is missing is an error.
    let other = fixture.home_file("keys.env", "AIDER_WEAK_MODEL=from-env-file\n");
    let flags = Overrides {
        env_file: Some(other),
        ..Overrides::default()
    };
    let settings = fixture.load(&flags, &[]).unwrap();
    assert_eq!(settings.weak_model.as_deref(), Some("from-env-file"));
    assert_eq!(settings.lookup_env("AIDER_TUI_TEST_ONLY_KEY"), None);
    let missing = Overrides {
        env_file: Some(fixture.home.path().join("nope.env")),
        ..Overrides::default()
    };
    assert!(fixture.load(&missing, &[]).is_err());
}

#[test]
fn provider_keys_from_config_are_visible_to_providers() {
    let fixture = Fixture::new();
    fixture.repo_file(
        ".aider.conf.yml",
        "openai-api-key: sk-config\nanthropic-api-key: ak-config\napi-key:\n  - gemini=g-config\nset-env:\n  - OLLAMA_API_BASE=http://127.0.0.1:11434\n",
    );
    fixture.repo_file(".env", "ANTHROPIC_API_KEY=ak-dotenv\n");
    let settings = fixture.load(&Overrides::default(), &[]).unwrap();
    assert_eq!(
        settings.lookup_env("OPENAI_API_KEY").as_deref(),
        Some("sk-config")
    );
    // .env is above the config files.
    assert_eq!(
        settings.lookup_env("ANTHROPIC_API_KEY").as_deref(),
        Some("ak-dotenv")
    );
    assert_eq!(
        settings.lookup_env("GEMINI_API_KEY").as_deref(),
        Some("g-config")
    );
    assert_eq!(
        settings.lookup_env("OLLAMA_API_BASE").as_deref(),
        Some("http://127.0.0.1:11434")
    );
}

#[test]
fn secrets_never_appear_in_debug_output() {
    let fixture = Fixture::new();
    fixture.repo_file(".env", "OPENAI_API_KEY=sk-secret-dotenv\n");
    let flags = Overrides {
        api_key: Some(Secret::new("sk-secret-flag")),
        ..Overrides::default()
    };
    let settings = fixture.load(&flags, &[]).unwrap();
    let printed = format!("{settings:?} {flags:?}");
    assert!(!printed.contains("sk-secret"), "{printed}");
    assert!(printed.contains("OPENAI_API_KEY"));
    assert_eq!(
        settings.api_key.as_ref().map(Secret::expose),
        Some("sk-secret-flag")
    );
}

#[test]
fn unknown_keys_are_ignored_but_wrong_types_are_errors() {
    let fixture = Fixture::new();
    fixture.repo_file(
        ".aider.conf.yml",
        "voice-language: en\ncache-prompts: true\nmodel-metadata-file: x.json\nmodel: gpt-4o\n",
    );
    assert_eq!(
        fixture
            .load(&Overrides::default(), &[])
            .unwrap()
            .model
            .as_deref(),
        Some("gpt-4o")
    );

    let path = fixture.repo_file(".aider.conf.yml", "max-reflections: many\n");
    let err = fixture.load(&Overrides::default(), &[]).unwrap_err();
    let message = err.to_string();
    assert!(message.contains(&path.display().to_string()), "{message}");
    assert!(message.contains("max-reflections"), "{message}");

    fixture.repo_file(".aider.conf.yml", "");
    let err = fixture
        .load(&Overrides::default(), &[("AIDER_MAP_TOKENS", "lots")])
        .unwrap_err();
    assert!(err.to_string().contains("AIDER_MAP_TOKENS"), "{err}");

    fixture.repo_file(".env", "AIDER_AUTO_LINT=perhaps\n");
    let err = fixture.load(&Overrides::default(), &[]).unwrap_err();
    assert!(
        err.to_string().contains(".env") && err.to_string().contains("AIDER_AUTO_LINT"),
        "{err}"
    );
}

#[test]
fn root_is_the_repository_root_unless_git_is_off() {
    let fixture = Fixture::new();
    let subfolder = fixture.repo.path().join("src");
    std::fs::write(subfolder.join(".aider.conf.yml"), "test-cmd: cargo test\n").unwrap();
    fixture.repo_file(
        ".aider.conf.yml",
        "test-cmd: make test\nlint-cmd: make lint\n",
    );
    let settings = fixture
        .load_in(&subfolder, &Overrides::default(), &[])
        .unwrap();
    assert_eq!(settings.root, fixture.repo.path());
    assert_eq!(settings.cwd, subfolder);
    // The folder the program starts in is read last, as in Aider.
    assert_eq!(settings.test_cmd.as_deref(), Some("cargo test"));
    assert_eq!(settings.lint_cmd.as_deref(), Some("make lint"));

    let flags = Overrides {
        git: Some(false),
        ..Overrides::default()
    };
    let settings = fixture.load_in(&subfolder, &flags, &[]).unwrap();
    assert!(!settings.git);
    assert_eq!(settings.root, subfolder);
}

#[test]
fn file_lists_add_up_and_modes_follow_aider() {
    let fixture = Fixture::new();
    fixture.home_file(".aider.conf.yml", "read: CONVENTIONS.md\n");
    fixture.repo_file(
        ".aider.conf.yml",
        "read: [docs/STYLE.md]\nfile:\n  - src/main.rs\nedit-format: ask\ntimeout: 90\n",
    );
    let flags = Overrides {
        read: vec![PathBuf::from("notes.md")],
        ..Overrides::default()
    };
    let settings = fixture
        .load(&flags, &[("AIDER_ARCHITECT", "true")])
        .unwrap();
    assert_eq!(
        settings.read,
        vec![
            PathBuf::from("CONVENTIONS.md"),
            PathBuf::from("docs/STYLE.md"),
            PathBuf::from("notes.md")
        ]
    );
    assert_eq!(settings.files, vec![PathBuf::from("src/main.rs")]);
    assert_eq!(settings.chat_mode, "architect");
    assert_eq!(settings.edit_format, None);
    assert_eq!(settings.request_timeout, Some(Duration::from_secs(90)));
}

#[test]
fn dotenv_files_are_read_from_home_root_and_start_folder_in_that_order() {
    let fixture = Fixture::new();
    fixture.home_file(
        ".env",
        "AIDER_MODEL=home-env\nAIDER_WEAK_MODEL=home-weak\nHOME_ONLY=1\n",
    );
    fixture.repo_file(".env", "AIDER_MODEL=root-env\n");
    let subfolder = fixture.repo.path().join("src");
    std::fs::write(subfolder.join(".env"), "AIDER_EDITOR_MODEL=cwd-editor\n").unwrap();
    let settings = fixture
        .load_in(&subfolder, &Overrides::default(), &[])
        .unwrap();
    assert_eq!(settings.model.as_deref(), Some("root-env"));
    assert_eq!(settings.weak_model.as_deref(), Some("home-weak"));
    assert_eq!(settings.editor_model.as_deref(), Some("cwd-editor"));
    assert_eq!(settings.lookup_env("HOME_ONLY").as_deref(), Some("1"));
    // The environment names the file instead.
    let named = fixture.home_file("named.env", "AIDER_MODEL=named\n");
    let env = [("AIDER_ENV_FILE", named.to_str().unwrap())];
    let settings = fixture.load(&Overrides::default(), &env).unwrap();
    assert_eq!(settings.model.as_deref(), Some("named"));
    assert_eq!(settings.weak_model, None);
}

#[test]
fn a_leading_tilde_means_the_home_folder() {
    let fixture = Fixture::new();
    fixture.home_file(
        ".aider.conf.yml",
        "read: ~/CONVENTIONS.md\nmodel-settings-file: ~/models.toml\n",
    );
    let keys = fixture.home_file("keys.env", "AIDER_MODEL=from-home-env-file\n");
    let flags = Overrides {
        env_file: Some(PathBuf::from("~/keys.env")),
        ..Overrides::default()
    };
    let settings = fixture.load(&flags, &[]).unwrap();
    assert_eq!(
        settings.read,
        vec![fixture.home.path().join("CONVENTIONS.md")]
    );
    assert_eq!(
        settings.model_settings_file,
        Some(fixture.home.path().join("models.toml"))
    );
    assert_eq!(settings.model.as_deref(), Some("from-home-env-file"));
    assert!(settings.sources.contains(&keys));
    // A name that merely starts with a tilde is left alone.
    let flags = Overrides {
        read: vec![PathBuf::from("~notes.md")],
        ..Overrides::default()
    };
    let settings = fixture.load(&flags, &[]).unwrap();
    assert!(settings.read.contains(&PathBuf::from("~notes.md")));
}

/// A value an option accepts, as a command-line argument or YAML scalar would carry it.
/// Paths name a real (empty) file, since `--config` and `--env-file` must exist.
fn sample(option: &config::OptionSpec, fixture: &Fixture) -> String {
    match option.kind {
        config::Kind::Switch => "true".into(),
        config::Kind::Count => "7".into(),
        config::Kind::Seconds => "2.5".into(),
        config::Kind::List => "SAMPLE=value:model".into(),
        config::Kind::SwitchOrText => "session-1".into(),
        config::Kind::Path => fixture.home_file("sample.txt", "").display().to_string(),
        config::Kind::Text => option.choices.first().copied().unwrap_or("sample").into(),
    }
}

/// The settings from a command line (the way `main` builds them), on `fixture`.
fn load_with_args(fixture: &Fixture, args: &[&str]) -> Settings {
    use clap::Parser;
    let argv = std::iter::once("aider-tui").chain(args.iter().copied());
    let cli =
        aider_tui::cli::Cli::try_parse_from(argv).unwrap_or_else(|err| panic!("{args:?}: {err}"));
    let flags = aider_tui::cli::settings::overrides_from_args(&cli.session);
    fixture.load(&flags, &[]).unwrap()
}

#[test]
fn every_option_is_reachable_from_each_layer_it_is_declared_for() {
    let mut walked = 0;
    for option in config::OPTIONS {
        for name in option.names() {
            let fixture = Fixture::new();
            let value = sample(option, &fixture);
            let variable = config::OptionSpec::environment_name(name);
            let origin = |settings: &Settings| settings.origins.get(option.name).cloned();
            if option.layers.files {
                let path = fixture.repo_file(".aider.conf.yml", &format!("{name}: {value}\n"));
                let settings = fixture.load(&Overrides::default(), &[]).unwrap();
                assert_eq!(
                    origin(&settings),
                    Some(path.display().to_string()),
                    "{name} in a file"
                );
                std::fs::remove_file(path).unwrap();
            }
            if option.layers.environment {
                let env = [(variable.as_str(), value.as_str())];
                let settings = fixture.load(&Overrides::default(), &env).unwrap();
                assert_eq!(
                    origin(&settings).as_deref(),
                    Some("the environment"),
                    "{variable}"
                );
                let path = fixture.repo_file(".env", &format!("{variable}={value}\n"));
                let settings = fixture.load(&Overrides::default(), &[]).unwrap();
                assert_eq!(
                    origin(&settings),
                    Some(path.display().to_string()),
                    "{variable} in .env"
                );
                std::fs::remove_file(path).unwrap();
            }
            if option.layers.command_line {
                let flag = format!("--{name}");
                let args: Vec<&str> = match option.kind {
                    config::Kind::Switch => vec![&flag],
                    _ if option.kind == config::Kind::SwitchOrText && name != option.name => {
                        vec![&flag]
                    }
                    _ => vec![&flag, &value],
                };
                let settings = load_with_args(&fixture, &args);
                assert_eq!(
                    origin(&settings).as_deref(),
                    Some("the command line"),
                    "{flag}"
                );
            }
            walked += 1;
        }
        if let Some(negation) = option.negation {
            let fixture = Fixture::new();
            let settings = load_with_args(&fixture, &[&format!("--{negation}")]);
            assert_eq!(
                settings.origins.get(option.name).map(String::as_str),
                Some("the command line"),
                "--{negation}"
            );
        }
        if let Some(placeholder) = option.positional {
            let fixture = Fixture::new();
            let settings = load_with_args(&fixture, &["positional.txt"]);
            assert_eq!(
                settings.origins.get(option.name).map(String::as_str),
                Some("the command line"),
                "{placeholder}"
            );
        }
    }
    assert!(walked >= 50, "only {walked} names walked");
}

#[test]
fn every_flag_has_help_and_every_option_has_its_flag() {
    use clap::CommandFactory;
    let command = aider_tui::cli::Cli::command();
    for arg in command.get_arguments() {
        let help = arg
            .get_help()
            .map(|help| help.to_string())
            .unwrap_or_default();
        assert!(!help.trim().is_empty(), "{} has no help", arg.get_id());
    }
    for option in config::OPTIONS
        .iter()
        .filter(|option| option.layers.command_line)
    {
        let names: Vec<&str> = option.names().chain(option.negation).collect();
        for name in names {
            assert!(
                command
                    .get_arguments()
                    .any(|arg| arg.get_long() == Some(name)
                        || arg
                            .get_all_aliases()
                            .into_iter()
                            .flatten()
                            .any(|alias| alias == name)),
                "--{name} is not a flag"
            );
        }
    }
}

#[test]
fn unknown_modes_and_formats_are_refused_in_every_layer_naming_it() {
    let fixture = Fixture::new();
    let path = fixture.repo_file(".aider.conf.yml", "edit-format: bogus\n");
    let message = fixture
        .load(&Overrides::default(), &[])
        .unwrap_err()
        .to_string();
    assert!(message.contains(&path.display().to_string()), "{message}");
    assert!(
        message.contains("edit-format") && message.contains("bogus"),
        "{message}"
    );
    assert!(
        message.contains("diff, diff-fenced, whole, udiff, patch"),
        "{message}"
    );
    std::fs::remove_file(path).unwrap();

    let env = [("AIDER_CHAT_MODE", "bogus")];
    let message = fixture
        .load(&Overrides::default(), &env)
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("the environment") && message.contains("AIDER_CHAT_MODE"),
        "{message}"
    );
    assert!(
        message.contains("code, ask, architect, context"),
        "{message}"
    );

    let path = fixture.repo_file(".env", "AIDER_EDITOR_EDIT_FORMAT=ask\n");
    let message = fixture
        .load(&Overrides::default(), &[])
        .unwrap_err()
        .to_string();
    assert!(message.contains(&path.display().to_string()), "{message}");
    assert!(message.contains("AIDER_EDITOR_EDIT_FORMAT"), "{message}");
    std::fs::remove_file(path).unwrap();

    use clap::Parser;
    for (flag, listed) in [
        ("--chat-mode", "context"),
        ("--edit-format", "udiff"),
        ("--reasoning-effort", "medium"),
    ] {
        let message = aider_tui::cli::Cli::try_parse_from(["aider-tui", flag, "bogus"])
            .unwrap_err()
            .to_string();
        assert!(
            message.contains(flag) && message.contains(listed),
            "{message}"
        );
    }
    // The names other work adds are accepted from every layer now.
    let env = [
        ("AIDER_CHAT_MODE", "context"),
        ("AIDER_EDIT_FORMAT", "patch"),
    ];
    let settings = fixture.load(&Overrides::default(), &env).unwrap();
    assert_eq!(settings.chat_mode, "context");
    assert_eq!(settings.edit_format.as_deref(), Some("patch"));
}

#[test]
fn the_new_options_have_their_defaults_and_read_from_files() {
    let fixture = Fixture::new();
    let settings = fixture.load(&Overrides::default(), &[]).unwrap();
    assert!(settings.detect_urls && settings.auto_accept_architect.is_none());
    assert!(!settings.map_vendored && !settings.watch_files && !settings.multiline);
    assert!(!settings.review_tell_rejected);
    assert_eq!(settings.voice_model, "whisper-1");
    assert_eq!(settings.cache_keepalive_pings, 0);
    assert_eq!(settings.max_reply_bytes, 16 * 1024 * 1024);
    assert_eq!(settings.max_edit_blocks, 20_000);
    assert_eq!(settings.resume, config::Resume::No);
    fixture.repo_file(
        ".aider.conf.yml",
        "detect-urls: false\nrestore-chat-history: true\nthinking-tokens: 4096\nload: ~/start.cmds\n",
    );
    let settings = fixture.load(&Overrides::default(), &[]).unwrap();
    assert!(!settings.detect_urls);
    assert_eq!(settings.resume, config::Resume::Latest);
    assert_eq!(settings.thinking_tokens, Some(4096));
    assert_eq!(settings.load, Some(fixture.home.path().join("start.cmds")));
    assert_eq!(
        settings.origins.get("detect-urls").map(String::as_str),
        Some(
            fixture
                .repo
                .path()
                .join(".aider.conf.yml")
                .display()
                .to_string()
                .as_str()
        )
    );
}

#[test]
fn counts_take_aiders_k_and_m_suffixes_in_every_layer() {
    let fixture = Fixture::new();
    let settings = load_with_args(&fixture, &["--thinking-tokens", "8k", "--map-tokens", "2k"]);
    assert_eq!(settings.thinking_tokens, Some(8192));
    assert_eq!(settings.map_tokens, Some(2048));
    fixture.repo_file(".aider.conf.yml", "thinking-tokens: 0.5M\n");
    let settings = fixture.load(&Overrides::default(), &[]).unwrap();
    assert_eq!(settings.thinking_tokens, Some(524_288));
}

#[test]
fn aliases_come_from_a_yaml_list_the_environment_and_the_flags_and_model_files_are_found() {
    let fixture = Fixture::new();
    fixture.home_file(
        ".aider.conf.yml",
        "alias:\n  - fast:gpt-4o-mini\n  - smart:sonnet\n",
    );
    fixture.home_file(".aider.model.settings.yml", "- name: gpt-4o\n");
    fixture.repo_file(".aider.model.metadata.json", "{}");
    let flags = Overrides {
        alias: vec!["local:ollama/qwen2.5-coder:32b".into()],
        ..Overrides::default()
    };
    let settings = fixture
        .load(&flags, &[("AIDER_ALIAS", "fast:openai/gpt-4.1-mini")])
        .unwrap();
    assert_eq!(
        settings.alias,
        [
            "fast:gpt-4o-mini",
            "smart:sonnet",
            "fast:openai/gpt-4.1-mini",
            "local:ollama/qwen2.5-coder:32b"
        ],
        "lowest layer first, so a later one wins"
    );
    let found: Vec<(bool, bool)> = settings
        .model_files
        .iter()
        .map(|file| (file.metadata, file.from_repository))
        .collect();
    assert_eq!(found, [(false, false), (true, true)]);
    fixture.repo_file(".aider.conf.yml", "alias: no-colon\n");
    let error = fixture.load(&Overrides::default(), &[]).unwrap_err();
    assert!(error.to_string().contains("ALIAS:MODEL"), "{error}");
}
