//! The command line: argument definitions (clap) and the choice of front end.
//!
//! `aider-tui [FILES]` opens the full-screen session; with `--message` it runs one
//! turn headless; `watch` runs watch mode headless; `apply` and `map` are tool commands
//! over the edit engine and the repo map; `sessions` lists the saved sessions; `models`
//! lists the known models;
//! `completions` and `man` print the shell completions and the manual. Each
//! runner lives in its own file beside this one, and the arguments they read in `args`.

mod apply;
mod args;
mod docs;
mod map;
mod models;
mod session;
mod sessions;
pub mod settings;

use std::process::ExitCode;

use clap::Parser;

pub use args::{ApplyArgs, Cli, Command, MapArgs, ModelsArgs, SessionArgs, SessionsArgs};

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
        Some(Command::Sessions(args)) => sessions::run(args),
        Some(Command::Models(args)) => models::run(args),
        Some(Command::Watch(args)) => session::run_watch(*args),
        Some(Command::Completions { shell }) => docs::print_completions(shell),
        Some(Command::Man) => docs::print_man(),
        None => session::run(cli.session),
    }
}
