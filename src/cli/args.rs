//! The arguments of every command (clap), below the runners that read them.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::config::Overrides;

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
    /// List the saved sessions of this repository, most recently active first.
    Sessions(SessionsArgs),
    /// List the models aider-tui knows whose name or alias holds WORD (all without
    /// one): aliases, context window, output limit, prices per million tokens; and the
    /// local Ollama's models. The same list as /models.
    Models(ModelsArgs),
    /// Watch the files for comments ending in AI! or AI? and run what they ask, until
    /// Ctrl-C; takes the session's flags (--model, --yes, --json, …).
    Watch(Box<SessionArgs>),
    /// Print a shell completion script: bash, zsh, fish, elvish or powershell.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff): the flags, the keys, the files read and written.
    Man,
}

/// `aider-tui sessions [--json] [--root DIR]`
#[derive(Debug, Args)]
pub struct SessionsArgs {
    /// Print one JSON object per line.
    #[arg(long)]
    pub json: bool,
    /// The repository (default: the one around the current folder).
    #[arg(long)]
    pub root: Option<PathBuf>,
}

/// `aider-tui models [WORD] [--json] [--model-settings-file FILE] [--model-metadata-file FILE] [--alias ALIAS:MODEL]...`
#[derive(Debug, Args)]
pub struct ModelsArgs {
    /// Only the models whose name or alias contains this (case-insensitive).
    pub word: Option<String>,
    /// Print one JSON object per line.
    #[arg(long)]
    pub json: bool,
    /// Model settings in Aider's YAML (or aider-tui's TOML) over the tables and the
    /// .aider.model.settings.yml files found.
    #[arg(long, value_name = "FILE")]
    pub model_settings_file: Option<PathBuf>,
    /// Model facts in litellm's JSON over the table and the
    /// .aider.model.metadata.json files found.
    #[arg(long, value_name = "FILE")]
    pub model_metadata_file: Option<PathBuf>,
    /// A short name for a model (repeatable).
    #[arg(long, value_name = "ALIAS:MODEL")]
    pub alias: Vec<String>,
}

/// `aider-tui apply --root DIR --format FORMAT [--file RELPATH]... [--json] [--parse-only] [--max-reply-bytes N] [--max-edit-blocks N] RESPONSE_FILE`
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
    /// A reply longer than this many bytes is refused whole (default: 16 MiB).
    #[arg(long, value_name = "BYTES", default_value_t = crate::edit::DEFAULT_MAX_BYTES)]
    pub max_reply_bytes: usize,
    /// A reply with more edit blocks than this is refused whole (default: 20000).
    #[arg(long, value_name = "COUNT", default_value_t = crate::edit::DEFAULT_MAX_BLOCKS)]
    pub max_edit_blocks: usize,
    /// The reply to read, or - for standard input.
    #[arg(value_name = "RESPONSE_FILE")]
    pub response_file: String,
}

/// `aider-tui map --root DIR [--map-tokens N] [--chat-file RELPATH]... [--mention-file RELPATH]... [--mention-ident NAME]... [--message TEXT] [--map-vendored] [--explain] [--stats]`
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
    /// The user's message: every word steers the map, and the files and
    /// identifiers it names count as mentioned, as in a session.
    #[arg(long, value_name = "TEXT")]
    pub message: Option<String>,
    /// Map vendored and generated files (vendor/, node_modules/, *.pb.go, …) as
    /// ordinary project files instead of last and damped.
    #[arg(long)]
    pub map_vendored: bool,
    /// Commits of HEAD's history read to rank files that changed together with
    /// the chat files (default 2000; 0 turns it off).
    #[arg(long, value_name = "N", default_value_t = crate::repomap::DEFAULT_HISTORY_COMMITS)]
    pub map_history: usize,
    /// Print each ranked file's score and the edges that earned it.
    #[arg(long)]
    pub explain: bool,
    /// Print files, tags, parse time, cache hits and tokens to stderr.
    #[arg(long)]
    pub stats: bool,
    /// The tag store's folder (default: `$XDG_CACHE_HOME/aider-tui/tags`).
    #[arg(long, value_name = "DIR")]
    pub tag_store: Option<PathBuf>,
}

/// The session's flags: the full-screen UI, or one headless turn with `--message`.
/// There is one flag per option of the settings table (`config::OPTIONS`, made into
/// clap arguments by [`settings::add_flags`]); parsing reads them into the command
/// line's layer of the settings, checked the way every layer is. Flags left out say
/// nothing, so config files and the environment fill what the command line leaves out.
#[derive(Debug, Default, Clone)]
pub struct SessionArgs {
    /// What the command line set.
    pub overrides: Overrides,
}

impl clap::FromArgMatches for SessionArgs {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let overrides = super::settings::layer_from_matches(matches).map_err(|error| {
            clap::Error::raw(clap::error::ErrorKind::ValueValidation, error.to_string())
        })?;
        Ok(SessionArgs { overrides })
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = SessionArgs::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for SessionArgs {
    fn augment_args(command: clap::Command) -> clap::Command {
        super::settings::add_flags(command)
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        super::settings::add_flags(command)
    }
}
