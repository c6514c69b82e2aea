//! The command line: argument definitions (clap) and the choice of front end.
//!
//! `aider-tui [FILES]` opens the full-screen session; with `--message` it runs one
//! turn headless; `apply` and `map` are tool commands over the edit engine and the
//! repo map. Each runner lives in its own file beside this one.

mod apply;
mod map;
mod session;
pub mod settings;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

/// Parses the process arguments and runs the chosen front end.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            // Help and version go to stdout with exit 0; usage errors exit 2.
            let _ = err.print();
            return if err.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match cli.command {
        Some(Command::Apply(args)) => apply::run(args),
        Some(Command::Map(args)) => map::run(args),
        None => session::run(cli.session),
    }
}

/// aider-tui: AI pair programming in your terminal.
#[derive(Debug, Parser)]
#[command(
    name = "aider-tui",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub session: SessionArgs,
}

/// The tool commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Parse a model's reply and apply its edits to files under a root.
    Apply(ApplyArgs),
    /// Print the repository map.
    Map(MapArgs),
}

/// `aider-tui apply --root DIR --format FORMAT [--file RELPATH]... [--json] [--parse-only] RESPONSE_FILE`
#[derive(Debug, Args)]
pub struct ApplyArgs {
    /// The directory the reply's paths are relative to.
    #[arg(long)]
    pub root: PathBuf,
    /// The reply's edit format: diff, diff-fenced, whole or udiff.
    #[arg(long)]
    pub format: String,
    /// A file in the chat (relative to the root); repeat for several.
    #[arg(long = "file", value_name = "RELPATH")]
    pub files: Vec<String>,
    /// Print results as JSON.
    #[arg(long)]
    pub json: bool,
    /// Only parse: print the edits and touch nothing.
    #[arg(long)]
    pub parse_only: bool,
    /// The reply to read, or - for standard input.
    #[arg(value_name = "RESPONSE_FILE")]
    pub response_file: String,
}

/// `aider-tui map --root DIR [--map-tokens N] [--chat-file RELPATH]... [--mention-file RELPATH]... [--mention-ident NAME]... [--map-vendored] [--explain] [--stats]`
#[derive(Debug, Args)]
pub struct MapArgs {
    /// The repository (or plain folder) to map.
    #[arg(long)]
    pub root: PathBuf,
    /// Token budget of the map (default 1024; several times more with no chat file).
    #[arg(long)]
    pub map_tokens: Option<usize>,
    /// A file in the chat; its definitions are left out and its neighbours ranked up.
    #[arg(long = "chat-file", value_name = "RELPATH")]
    pub chat_files: Vec<String>,
    /// A file the user mentioned.
    #[arg(long = "mention-file", value_name = "RELPATH")]
    pub mention_files: Vec<String>,
    /// An identifier the user mentioned.
    #[arg(long = "mention-ident", value_name = "NAME")]
    pub mention_idents: Vec<String>,
    /// Map vendored and generated files (vendor/, node_modules/, *.pb.go, …) as
    /// ordinary project files instead of last and damped.
    #[arg(long)]
    pub map_vendored: bool,
    /// Print each ranked file's score and the edges that earned it.
    #[arg(long)]
    pub explain: bool,
    /// Print files, tags, parse time, cache hits and tokens to stderr.
    #[arg(long)]
    pub stats: bool,
}

/// The session's flags: the full-screen UI, or one headless turn with `--message`.
/// Every value is optional here so that config files and the environment can fill
/// what the command line leaves out (see `config`).
#[derive(Debug, Args, Default, Clone)]
pub struct SessionArgs {
    /// Files to add to the chat.
    #[arg(value_name = "FILES")]
    pub files: Vec<PathBuf>,
    /// Read-only files to add to the chat.
    #[arg(long = "read", value_name = "FILE")]
    pub read: Vec<PathBuf>,
    /// The main model (e.g. openai/gpt-4o, anthropic/claude-sonnet-4-5, sonnet, ollama/qwen2.5-coder).
    #[arg(long)]
    pub model: Option<String>,
    /// The model that writes commit messages and summaries.
    #[arg(long)]
    pub weak_model: Option<String>,
    /// The model that turns an architect's plan into edits.
    #[arg(long)]
    pub editor_model: Option<String>,
    /// The provider's base URL (OpenAI-compatible: up to /v1; Anthropic: the host root).
    #[arg(long)]
    pub api_base: Option<String>,
    /// The provider's API key (prefer the environment: it keeps keys out of shell history).
    #[arg(long)]
    pub api_key: Option<String>,
    /// Edit format: diff, diff-fenced, whole or udiff.
    #[arg(long)]
    pub edit_format: Option<String>,
    /// The editor model's edit format (architect mode).
    #[arg(long)]
    pub editor_edit_format: Option<String>,
    /// Chat mode: code, ask or architect.
    #[arg(long)]
    pub chat_mode: Option<String>,
    /// Use architect mode (same as --chat-mode architect).
    #[arg(long)]
    pub architect: bool,
    /// Answer yes to every question except running shell commands.
    #[arg(long, visible_alias = "yes-always")]
    pub yes: bool,
    /// Do not commit the model's edits.
    #[arg(long)]
    pub no_auto_commits: bool,
    /// Do not commit your own uncommitted changes before the model edits a file.
    #[arg(long)]
    pub no_dirty_commits: bool,
    /// At most this many reflection rounds per message (default 3).
    #[arg(long)]
    pub max_reflections: Option<u32>,
    /// Lint command to run after edits (the edited files are appended).
    #[arg(long)]
    pub lint_cmd: Option<String>,
    /// Test command.
    #[arg(long)]
    pub test_cmd: Option<String>,
    /// Run the test command after every change.
    #[arg(long)]
    pub auto_test: bool,
    /// Do not run the linter after edits.
    #[arg(long)]
    pub no_auto_lint: bool,
    /// Token budget of the repo map (0 turns it off).
    #[arg(long)]
    pub map_tokens: Option<usize>,
    /// Work without git (no commits, no undo).
    #[arg(long)]
    pub no_git: bool,
    /// Send plain (non-streaming) requests.
    #[arg(long)]
    pub no_stream: bool,
    /// Do not add " (aider-tui)" to the committer name of the tool's commits.
    #[arg(long)]
    pub no_attribute_committer: bool,
    /// Do not add a Co-authored-by trailer to the tool's commits.
    #[arg(long)]
    pub no_attribute_co_authored_by: bool,
    /// Print the engine's events as JSON lines (with --message).
    #[arg(long)]
    pub json: bool,
    /// Run one turn with this message and exit.
    #[arg(long, short = 'm')]
    pub message: Option<String>,
    /// Run one turn with the message in this file and exit.
    #[arg(long, short = 'f')]
    pub message_file: Option<PathBuf>,
    /// Colour theme of the full-screen UI (dark, light, ansi16, or a TOML file).
    #[arg(long)]
    pub theme: Option<String>,
    /// Extra model settings (TOML) overriding the built-in table.
    #[arg(long)]
    pub model_settings_file: Option<PathBuf>,
    /// A config file to read instead of the usual .aider.conf.yml files.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// A .env file to read (default: .env in the repository root).
    #[arg(long)]
    pub env_file: Option<PathBuf>,
}
