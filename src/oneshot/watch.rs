//! `aider-tui watch`: the headless watch mode. The repository's files are watched for
//! AI comments; each request they make runs as a turn, printed as `--message` prints
//! one (`--json` for JSON lines), with questions answered by the same policy
//! (`--yes`). Runs until Ctrl-C, which also stops a reply under way (nothing of it is
//! applied).

use std::future::Future;
use std::io::Write;
use std::process::ExitCode;

use tokio::sync::mpsc;

use crate::config::Settings;
use crate::engine;
use crate::protocol::{Event, Op, TurnOutcome};
use crate::watch::{FileWatcher, Trigger};

use super::{FOLLOW_UPS, Options, Printer, respond};

/// Watches the settings' repository and runs its AI comments' requests until
/// interrupted. Exit 0 when stopped by the user, 2 when watching cannot start.
pub async fn run_watch(settings: Settings) -> ExitCode {
    let options = Options {
        json: settings.json,
        yes: settings.yes,
        terminal: std::io::IsTerminal::is_terminal(&std::io::stdout()),
    };
    let (watcher, triggers) = match FileWatcher::start(&settings.root) {
        Ok(started) => started,
        Err(error) => {
            #[allow(clippy::print_stderr)]
            {
                eprintln!("aider-tui: {error}");
            }
            return ExitCode::from(2);
        }
    };
    let (ops, events) = engine::spawn(settings);
    let stop = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let ended_well = watch_loop(
        ops,
        events,
        (watcher, triggers),
        options,
        stop,
        stdout.lock(),
        stderr.lock(),
    )
    .await;
    if ended_well {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Feeds the watcher's triggers to the engine and prints what happens, until `stop`
/// completes (a reply under way is stopped) or the engine ends. Returns whether the
/// session ended as asked (not by the engine stopping by itself).
pub async fn watch_loop(
    ops: mpsc::Sender<Op>,
    mut events: mpsc::Receiver<Event>,
    watching: (FileWatcher, mpsc::UnboundedReceiver<Trigger>),
    options: Options,
    stop: impl Future<Output = ()>,
    out: impl Write,
    err: impl Write,
) -> bool {
    let (watcher, mut triggers) = watching;
    let mut printer = Printer::new(options.json, out, err);
    printer.info(&format!(
        "Watching {} for comments ending in AI! (change) or AI? (question); Ctrl-C stops.",
        watcher.root().display()
    ));
    let mut stop = std::pin::pin!(stop);
    let mut in_flight = 0usize;
    let mut next_message: Option<String> = None;
    let mut follow_ups = 0;
    let mut stopping = false;
    loop {
        tokio::select! {
            event = events.recv() => {
                let Some(event) = event else { return stopping };
                printer.print(&event);
                for op in respond(&event, options, &mut printer) {
                    let _ = ops.send(op).await;
                }
                match &event {
                    Event::ComposeMessage { text } => next_message = Some(text.clone()),
                    Event::TurnFinished { outcome } => {
                        in_flight = in_flight.saturating_sub(1);
                        if let Some(text) = next_message.take()
                            && follow_ups < FOLLOW_UPS
                            && *outcome == TurnOutcome::Success
                        {
                            follow_ups += 1;
                            printer.info(&format!("Sending: {text}"));
                            if ops.send(Op::Submit { text }).await.is_ok() {
                                in_flight += 1;
                            }
                        }
                        if in_flight == 0 {
                            follow_ups = 0;
                            printer.finish();
                            watcher.resume();
                        }
                    }
                    Event::ShutdownComplete => {
                        printer.finish();
                        return true;
                    }
                    _ => {}
                }
            }
            trigger = triggers.recv(), if !stopping => {
                let Some(trigger) = trigger else { continue };
                printer.info(&format!("AI comments in {}", trigger.paths().join(", ")));
                for text in trigger.submissions() {
                    if ops.send(Op::Submit { text }).await.is_ok() {
                        in_flight += 1;
                    }
                }
            }
            () = &mut stop, if !stopping => {
                if in_flight > 0 {
                    // The first stop ends the reply under way; the session ends after it.
                    let _ = ops.send(Op::Interrupt).await;
                }
                stopping = true;
                let _ = ops.send(Op::Quit).await;
            }
        }
    }
}
