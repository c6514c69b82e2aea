//! The settings table: every option once, with its doc (which is also its `--help`
//! text), type, default and Aider's name. A new option is one row here; the YAML key,
//! the `AIDER_*` variable, the `.env` key, the flag and the default all come from it.
//!
//! An option that is declared but not used yet says so in its doc ("Not wired yet"),
//! with the issue that wires it.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use super::choices::{CHAT_MODES, EDIT_FORMATS, REASONING_EFFORTS};
use super::option::{Layers, count, list, path, seconds, secret, switch, switch_or_text, text};
use super::{Resume, Secret, SecretVars};

settings_table! {
    options {
        // Models and providers.
        /// The main model, as Aider users write it (openai/gpt-4o, sonnet, ollama/qwen2.5-coder).
        model: Option<String> = None, text("model").value_name("MODEL");
        /// The model that writes commit messages and chat summaries.
        weak_model: Option<String> = None, text("weak-model").value_name("MODEL");
        /// The model that turns an architect's plan into edits.
        editor_model: Option<String> = None, text("editor-model").value_name("MODEL");
        /// The base URL of the main model's provider, and of no other (OpenAI-compatible:
        /// up to /v1; Anthropic: the host root). Other providers read their own
        /// PROVIDER_API_BASE.
        api_base: Option<String> = None, text("api-base").value_name("URL");
        /// The main model's provider's API key (no other provider gets it), or Aider's
        /// provider=key (repeatable), which sets PROVIDER_API_KEY. Prefer the
        /// environment: it keeps keys out of shell history. Never printed.
        api_key: Option<Secret> = None, list("api-key").hidden_value().value_name("KEY"), record Overrides::api_key;
        /// How long one model request may take, in seconds (default: the provider's).
        request_timeout: Option<Duration> = None, seconds("timeout");
        /// A file of model settings in Aider's format (a YAML list, as in
        /// .aider.model.settings.yml; a .toml file is read in aider-tui's own form),
        /// over the bundled tables and the .aider.model.settings.yml files found.
        model_settings_file: Option<PathBuf> = None, path("model-settings-file");
        /// A file of model facts in litellm's JSON format, as in
        /// .aider.model.metadata.json (context window, output limit, prices), over the
        /// bundled table and the .aider.model.metadata.json files found.
        model_metadata_file: Option<PathBuf> = None, path("model-metadata-file");
        /// A short name for a model, ALIAS:MODEL (repeatable), as in Aider.
        alias: Vec<String> = Vec::new(), list("alias").value_name("ALIAS:MODEL"), record Overrides::alias;
        /// How hard a reasoning model thinks (low, medium, high), for models that take
        /// OpenAI's reasoning_effort.
        reasoning_effort: Option<String> = None,
            text("reasoning-effort").value_name("LEVEL").choices(REASONING_EFFORTS);
        /// The token budget of a model's thinking (Anthropic; 8k and 0.5M are understood,
        /// as at /think-tokens).
        thinking_tokens: Option<u64> = None, count("thinking-tokens");
        /// Keep Anthropic's prompt cache warm while the session idles: up to this many
        /// minimal requests, each just before the cache's five minutes run out (counted
        /// again after every message).
        cache_keepalive_pings: u32 = 0, count("cache-keepalive-pings");

        // Modes and formats.
        /// The edit format the model answers in: diff, diff-fenced, whole, udiff or patch
        /// (default: the model's). A chat mode's name picks that mode, as in Aider.
        edit_format: Option<String> = None,
            text("edit-format").value_name("FORMAT").choices(EDIT_FORMATS).also("a chat mode", CHAT_MODES),
            record Overrides::edit_format_or_mode;
        /// The chat mode: code (the default), ask, architect or context. An edit format's
        /// name picks that format, as in Aider.
        chat_mode: String = "code".into(),
            text("chat-mode").value_name("MODE").choices(CHAT_MODES).also("an edit format", EDIT_FORMATS),
            record Overrides::edit_format_or_mode;
        /// The editor model's edit format in architect mode.
        editor_edit_format: Option<String> = None,
            text("editor-edit-format").value_name("FORMAT").choices(EDIT_FORMATS);
        /// In architect mode, send the plan to the editor model without stopping to review
        /// it. Unset, a headless run sends it at once and the full-screen session stops
        /// for review (y sends, e edits, n drops).
        auto_accept_architect: Option<bool> = None,
            switch("auto-accept-architect").negation("no-auto-accept-architect");

        // Git.
        /// Use git: commits and undo.
        git: bool = true, switch("git").negation("no-git");
        /// Commit the model's edits.
        auto_commits: bool = true, switch("auto-commits").negation("no-auto-commits");
        /// Commit your own uncommitted changes to a file before the model edits it.
        dirty_commits: bool = true, switch("dirty-commits").negation("no-dirty-commits");
        /// Add " (aider-tui)" to the committer name of the tool's commits.
        attribute_committer: bool = true,
            switch("attribute-committer").negation("no-attribute-committer");
        /// Add a Co-authored-by trailer to the tool's commits.
        attribute_co_authored_by: bool = true,
            switch("attribute-co-authored-by").negation("no-attribute-co-authored-by");

        // Checks.
        /// The lint command, run after edits with the edited files appended; or Aider's
        /// "language: command" for one language (repeatable).
        lint_cmd: Option<String> = None, list("lint-cmd").value_name("COMMAND"), record Overrides::lint_cmd;
        /// Lint after every change.
        auto_lint: bool = true, switch("auto-lint").negation("no-auto-lint");
        /// The test command.
        test_cmd: Option<String> = None, text("test-cmd").value_name("COMMAND");
        /// Run the tests after every change.
        auto_test: bool = false, switch("auto-test").negation("no-auto-test");
        /// At most this many reflection rounds per message (default: 3).
        max_reflections: u32 = 3, count("max-reflections");

        // The session.
        /// Files to add to the chat (relative to the folder the program starts in).
        files: Vec<PathBuf> = Vec::new(), list("file").value_name("FILE").positional("FILES");
        /// Read-only files to add to the chat.
        read: Vec<PathBuf> = Vec::new(), list("read").value_name("FILE");
        /// Answer yes to every question except running shell commands.
        yes: bool = false, switch("yes-always").alias(&["yes"]);
        /// Token budget of the repo map; 0 turns the map off (default: 1024).
        map_tokens: Option<usize> = None, count("map-tokens");
        /// Map vendored and generated code like the project's own code.
        map_vendored: bool = false, switch("map-vendored").negation("no-map-vendored");
        /// Commits of HEAD's history the repo map reads to rank files that changed
        /// together with the chat files; 0 turns it off (default: 2000).
        map_history: usize = 2000, count("map-history");
        /// Folder of the tag store the repo map keeps its parsed files in, shared by
        /// every repository of the user (default: $XDG_CACHE_HOME/aider-tui/tags).
        tag_store: Option<PathBuf> = None, path("tag-store");
        /// Stream replies as they are written.
        stream: bool = true, switch("stream").negation("no-stream");
        /// Continue an earlier session of this repository: the most recently active one,
        /// or the one whose id starts with ID (--resume ID); `aider-tui sessions` lists them.
        resume: Resume = Resume::No,
            switch_or_text("resume")
                .alias(&["restore-chat-history"])
                .negation("no-restore-chat-history");
        /// Run one turn with this message and exit.
        message: Option<String> = None, text("message").alias(&["msg"]).short('m');
        /// Run one turn with the message in this file and exit.
        message_file: Option<PathBuf> = None, path("message-file").short('f');
        /// Run the slash commands in this file at start.
        load: Option<PathBuf> = None, path("load");
        /// Print the engine's events as JSON lines (with --message).
        json: bool = false, switch("json");
        /// Watch the repository for comments that ask for changes ("AI!", "AI?") in the
        /// full-screen session (`aider-tui watch` does it headless).
        watch_files: bool = false, switch("watch-files").negation("no-watch-files");
        /// Offer to add the web pages that messages mention.
        detect_urls: bool = true, switch("detect-urls").negation("no-detect-urls");
        /// Enter inserts a new line and Alt-Enter sends, instead of the other way round.
        multiline: bool = false, switch("multiline").negation("no-multiline");
        /// The full-screen session takes the mouse: the wheel scrolls the pane under
        /// it, a click selects (`--no-mouse` leaves selecting text to the terminal).
        mouse: bool = true, switch("mouse").negation("no-mouse");
        /// When a review ends with rejected blocks, tell the model which ones by default
        /// (`t` in the review toggles it).
        review_tell_rejected: bool = false,
            switch("review-tell-rejected").negation("no-review-tell-rejected");
        /// The speech-to-text model for voice input (default: whisper-1).
        voice_model: String = "whisper-1".into(), text("voice-model").value_name("MODEL");
        /// The language of voice input as an ISO 639-1 code (default: detected).
        voice_language: Option<String> = None, text("voice-language").value_name("CODE");
        /// A reply longer than this many bytes is stopped there and not applied (default: 16 MiB).
        max_reply_bytes: u64 = 16 * 1024 * 1024, count("max-reply-bytes");
        /// A reply with more edit blocks than this is refused (default: 20000).
        max_edit_blocks: usize = 20_000, count("max-edit-blocks");
        /// Colour theme of the full-screen UI: dark (the default), light, ansi16, or a TOML file.
        theme: String = "dark".into(), text("theme").value_name("THEME");
        /// A config file to read instead of the usual .aider.conf.yml files.
        config_file: Option<PathBuf> = None, path("config").short('c').only(Layers::COMMAND_LINE);
        /// A .env file to read instead of the usual ones (home, repository root, start folder).
        env_file: Option<PathBuf> = None, path("env-file");
    }
    special options {
        /// Use architect mode (the same as --chat-mode architect).
        switch("architect"), record Overrides::architect;
        /// Use the dark theme (the same as --theme dark).
        switch("dark-mode"), record Overrides::dark_mode;
        /// Use the light theme (the same as --theme light).
        switch("light-mode"), record Overrides::light_mode;
        /// The OpenAI API key (sets OPENAI_API_KEY). Never printed.
        secret("openai-api-key").value_name("KEY"), record Overrides::openai_api_key;
        /// The Anthropic API key (sets ANTHROPIC_API_KEY). Never printed.
        secret("anthropic-api-key").value_name("KEY"), record Overrides::anthropic_api_key;
        /// The base URL of OpenAI-compatible providers (sets OPENAI_API_BASE).
        text("openai-api-base").value_name("URL"), record Overrides::openai_api_base;
        /// Variables for the providers, NAME=value (repeatable). Never printed.
        list("set-env").hidden_value().value_name("NAME=VALUE"), record Overrides::set_env;
    }
    layered {
        /// Lint commands per language (python -> flake8), from Aider's `lint-cmd: "python: flake8"`.
        lint_cmds: BTreeMap<String, String> = BTreeMap::new();
        /// Variables from `.env` and key settings (`openai-api-key`, `api-key`,
        /// `set-env`), so providers can find keys without changing the process
        /// environment. Values are never printed.
        env: SecretVars = SecretVars::default();
    }
    fixed {
        /// The directory the program was started in.
        cwd: PathBuf = PathBuf::from(".");
        /// The git repository root of `cwd`, or `cwd` itself (also with `git: false`).
        root: PathBuf = PathBuf::from(".");
        /// Whether `lookup_env` consults the process environment first (tests turn it off).
        read_process_env: bool = true;
        /// The config and `.env` files that were read, lowest layer first (for `/settings`).
        sources: Vec<PathBuf> = Vec::new();
        /// Where each option that is not at its default was set (a file, the
        /// environment, the command line), by option name (for `/settings`).
        origins: BTreeMap<&'static str, String> = BTreeMap::new();
        /// API bases and commands the repository's own `.aider.conf.yml` or `.env`
        /// sets (announced at start: a cloned repository chose them, not the user).
        repository_settings: Vec<super::RepositorySetting> = Vec::new();
        /// Aider's model files found in the home folder, the repository root and the
        /// start folder, lowest layer first.
        model_files: Vec<super::ModelFileFound> = Vec::new();
    }
}
