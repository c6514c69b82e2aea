//! The terminal side of the session: raw mode, the alternate screen and mouse
//! reporting (off again on exit, suspend, an external editor and a panic), a panic hook
//! that restores the terminal before the message prints, Ctrl-Z's suspend, and the
//! async loop that feeds the app and draws only when something changed. Logging is set up by
//! the binary (`cli::session`), never here.

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use futures::StreamExt;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
    Event as TermEvent, EventStream,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::style::Print;
use ratatui::crossterm::terminal::{Clear, ClearType};
use ratatui::{DefaultTerminal, Terminal};
use tokio::sync::mpsc::{Receiver, Sender, UnboundedReceiver};
use tokio::time::Instant;

use super::app::{App, AppOptions};
use super::app_event::ExternalEdit;
use super::external_editor;
use super::keymap::Keymap;
use super::theme::Theme;
use crate::clipboard::osc52;
use crate::config::Settings;
use crate::protocol::{Event, NoticeLevel, Op};
use crate::watch::{FileWatcher, Trigger};

/// The shortest time between two frames (about 60 per second at most).
const FRAME: Duration = Duration::from_millis(16);
/// How often the spinner moves while the model works.
const ANIMATION: Duration = Duration::from_millis(80);
/// How long to wait for the engine to stop after the user quits.
const SHUTDOWN_WAIT: Duration = Duration::from_secs(2);
/// At most this many queued engine events are handled before the next frame.
const EVENT_BATCH: usize = 4096;

/// Runs the full-screen session until the user quits; the engine is already running.
///
/// Call it on a thread that has a multi-thread tokio runtime entered (or from inside
/// one): the engine's task keeps running on that runtime meanwhile.
/// `state` is the state folder for the input history (chosen by the caller, which
/// knows what git tracks there).
pub fn run(
    settings: Settings,
    state: Option<crate::safe_fs::StateDir>,
    ops: Sender<Op>,
    events: Receiver<Event>,
) -> ExitCode {
    if !io::stdout().is_terminal() {
        // Before the screen is taken over, stderr is the only place to say it.
        #[allow(clippy::print_stderr)]
        {
            eprintln!(
                "aider-tui: the full-screen session needs a terminal; use --message for one headless turn"
            );
        }
        return ExitCode::from(2);
    }
    // Off the UI thread: a frame that needs the syntaxes before this ends waits for it.
    std::thread::spawn(super::highlight::warm_up);
    let (mut options, problems) = options_from(&settings);
    options.state = state;
    let mut app = App::new(options);
    for problem in problems {
        app.handle_event(Event::Notice {
            level: NoticeLevel::Warn,
            text: problem,
        });
    }
    let root = settings.root.clone();
    let mouse = settings.mouse;
    let session = async move {
        let mut terminal = enter(mouse)?;
        let result = event_loop(&mut terminal, &mut app, ops, events, root, mouse).await;
        leave();
        result.map(|()| app.resume_hint())
    };
    let result = match tokio::runtime::Handle::try_current() {
        Ok(handle) if handle.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread => {
            tokio::task::block_in_place(|| handle.block_on(session))
        }
        _ => match tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
        {
            Ok(runtime) => runtime.block_on(session),
            Err(error) => Err(error),
        },
    };
    match result {
        Ok(hint) => {
            if let Some(hint) = hint {
                // On the terminal the user is back at, after the full screen is gone.
                #[allow(clippy::print_stdout)]
                {
                    println!("{hint}");
                }
            }
            ExitCode::SUCCESS
        }
        Err(error) => {
            tracing::error!(%error, "terminal failed");
            #[allow(clippy::print_stderr)]
            {
                eprintln!("aider-tui: terminal error: {error}");
            }
            ExitCode::FAILURE
        }
    }
}

/// The theme and keymap the settings ask for; problems become notices, not failures.
fn options_from(settings: &Settings) -> (AppOptions, Vec<String>) {
    let mut problems = Vec::new();
    let no_color = Theme::no_color_from_env();
    let theme = Theme::load(&settings.theme, no_color).unwrap_or_else(|error| {
        problems.push(format!("{error}; using the dark theme"));
        Theme::load("dark", no_color).unwrap_or_default()
    });
    let mut keymap = Keymap::default();
    let candidates = [
        dirs::config_dir().map(|dir| dir.join("aider-tui").join("keymap.toml")),
        Some(settings.root.join(".aider-tui").join("keymap.toml")),
    ];
    for path in candidates
        .into_iter()
        .flatten()
        .filter(|path| path.is_file())
    {
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                if let Err(error) = keymap.patch(&path, &text) {
                    problems.push(format!("{error}; those keys keep their defaults"));
                }
            }
            Err(error) => problems.push(format!("cannot read {}: {error}", path.display())),
        }
    }
    let options = AppOptions {
        theme,
        keymap,
        root: settings.root.clone(),
        state: None,
        multiline: settings.multiline,
        watch_files: settings.watch_files,
        mouse: settings.mouse,
    };
    (options, problems)
}

/// What the chat says when the engine's channel closes without a shutdown.
fn engine_lost(app: &App) -> Event {
    Event::Notice {
        level: NoticeLevel::Error,
        text: format!(
            "The engine stopped unexpectedly (see .aider-tui/ logs). Files, map and log stay as they were; {}.",
            app.hints().quit_twice
        ),
    }
}

/// Raw mode, alternate screen, bracketed paste, the mouse (`mouse`); a panic restores
/// the terminal first.
fn enter(mouse: bool) -> io::Result<DefaultTerminal> {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(io::stdout(), DisableBracketedPaste, DisableMouseCapture);
        tracing::error!(%info, "panic");
        previous(info);
    }));
    // ratatui's own hook (installed here) restores the screen, then calls ours.
    let terminal = ratatui::try_init()?;
    execute!(io::stdout(), EnableBracketedPaste)?;
    if mouse {
        execute!(io::stdout(), EnableMouseCapture)?;
    }
    Ok(terminal)
}

/// Gives the terminal back as it was (mouse reporting off whether or not it was on:
/// turning it off is harmless).
fn leave() {
    let _ = execute!(io::stdout(), DisableBracketedPaste, DisableMouseCapture);
    ratatui::restore();
}

/// Takes the terminal back after an external program (or the shell) had it.
fn resume(terminal: &mut DefaultTerminal, mouse: bool) -> io::Result<()> {
    ratatui::crossterm::terminal::enable_raw_mode()?;
    execute!(
        io::stdout(),
        ratatui::crossterm::terminal::EnterAlternateScreen,
        EnableBracketedPaste
    )?;
    if mouse {
        execute!(io::stdout(), EnableMouseCapture)?;
    }
    repaint(terminal)
}

/// Ctrl-Z: gives the terminal back and stops the process as the shell's job control
/// expects; `fg` continues it here. Raw mode keeps the terminal from sending SIGTSTP
/// itself, so the process sends it.
#[cfg(unix)]
fn suspend() {
    leave();
    // SAFETY: raise only sends a signal to this process; SIGTSTP's default action stops
    // it until SIGCONT, after which the call returns.
    unsafe {
        libc::raise(libc::SIGTSTP);
    }
}

#[cfg(not(unix))]
fn suspend() {}

/// Wipes the screen and has the next frame draw every cell.
///
/// Not `Terminal::clear`: that first asks the terminal where its cursor is (`ESC [6n`)
/// and reads the answer through crossterm's one input reader, which the key stream
/// shares. Dropping an `EventStream` (as the editor's turn does) leaves a wake-up pending
/// on that reader, and the answer's wait takes it for a timeout ("The cursor position
/// could not be read"), which ended the session. A full-screen app never needs the
/// cursor's place: a new `Terminal` knows nothing is on screen and asks nothing.
fn repaint(terminal: &mut DefaultTerminal) -> io::Result<()> {
    execute!(io::stdout(), Clear(ClearType::All))?;
    *terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    Ok(())
}

/// Hands the terminal to the user's editor or to the shell (Ctrl-Z) when the app asks,
/// with no key reader meanwhile; returns whether it did (`Err` if the terminal could
/// not be taken back).
fn hand_off(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    input: &mut Option<EventStream>,
    root: &Path,
    mouse: bool,
) -> io::Result<bool> {
    let edit = app.take_external_edit();
    let suspending = edit.is_none() && app.take_suspend_request();
    if edit.is_none() && !suspending {
        return Ok(false);
    }
    // The other program owns the terminal meanwhile: no key reader, no alternate screen.
    *input = None;
    let result = match &edit {
        Some(edit) => {
            leave();
            Some(tokio::task::block_in_place(|| match edit {
                ExternalEdit::File { path } => {
                    external_editor::open_file(&root.join(path)).map(|()| String::new())
                }
                _ => external_editor::edit(edit.text(), &edit.suffix()),
            }))
        }
        None => {
            suspend();
            None
        }
    };
    resume(terminal, mouse)?;
    *input = Some(EventStream::new());
    if let (Some(edit), Some(result)) = (edit, result) {
        app.external_edit_done(edit, result);
    }
    Ok(true)
}

/// Gives the app one terminal event; `Err` ends the loop (with the terminal's error, or
/// `Ok` when input ended).
fn terminal_event(
    app: &mut App,
    event: Option<io::Result<TermEvent>>,
) -> Result<(), io::Result<()>> {
    match event {
        Some(Ok(TermEvent::Key(key))) => app.handle_key(key),
        Some(Ok(TermEvent::Paste(text))) => app.handle_paste(&text),
        Some(Ok(TermEvent::Mouse(mouse))) => app.handle_mouse(mouse),
        Some(Ok(TermEvent::Resize(..) | TermEvent::FocusGained | TermEvent::FocusLost)) => {}
        Some(Err(error)) => return Err(Err(error)),
        None => return Err(Ok(())),
    }
    Ok(())
}

/// The loop: terminal input, engine events and frame timers, drawing on demand.
async fn event_loop(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    ops: Sender<Op>,
    mut events: Receiver<Event>,
    root: PathBuf,
    mouse: bool,
) -> io::Result<()> {
    let mut watch: Option<Watching> = None;
    let mut input = Some(EventStream::new());
    let mut animation = tokio::time::interval(ANIMATION);
    animation.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut dirty = true;
    let mut last_draw = Instant::now() - FRAME;
    let mut engine_open = true;
    let mut quit_deadline: Option<Instant> = None;
    let mut frames = FrameTimes::default();
    let result = loop {
        for op in app.take_ops() {
            if engine_open && ops.send(op).await.is_err() {
                engine_open = false;
            }
        }
        if let Some(text) = app.take_terminal_copy() {
            // The terminal (through SSH too) puts it on the user's clipboard.
            let _ = execute!(io::stdout(), Print(osc52(&text)));
        }
        if let Some(on) = app.take_watch_request() {
            watch = switch_watch(app, on, &root);
            dirty = true;
        }
        if let Some((watcher, _)) = &watch {
            // The model's edits of a turn must not set off another request.
            if app.busy() {
                if !watcher.is_paused() {
                    watcher.pause();
                }
            } else if watcher.is_paused() {
                watcher.resume();
            }
        }
        if app.quitting() && (app.engine_stopped() || !engine_open) {
            break Ok(());
        }
        if app.quitting() && quit_deadline.is_none() {
            quit_deadline = Some(Instant::now() + SHUTDOWN_WAIT);
        }
        match hand_off(terminal, app, &mut input, &root, mouse) {
            Err(error) => break Err(error),
            Ok(true) => {
                dirty = true;
                // From the top: what the edit decided goes to the engine now, not at
                // the next key.
                continue;
            }
            Ok(false) => {}
        }
        if app.take_redraw_request() {
            if let Err(error) = repaint(terminal) {
                break Err(error);
            }
            dirty = true;
        }
        if dirty && last_draw.elapsed() >= FRAME {
            let started = Instant::now();
            app.prepare();
            if let Err(error) = terminal.draw(|frame| app.draw(frame)) {
                break Err(error);
            }
            last_draw = Instant::now();
            frames.record(last_draw - started);
            dirty = false;
        }
        let next_frame = last_draw + FRAME;
        tokio::select! {
            event = next_input(&mut input) => {
                if let Err(end) = terminal_event(app, event) {
                    break end;
                }
                dirty = true;
            }
            event = events.recv(), if engine_open => match event {
                Some(event) => {
                    app.handle_event(event);
                    // Everything already queued goes into the same frame.
                    let mut handled = 1;
                    while handled < EVENT_BATCH {
                        let Ok(more) = events.try_recv() else { break };
                        app.handle_event(more);
                        handled += 1;
                    }
                    dirty = true;
                }
                None => {
                    engine_open = false;
                    if !app.engine_stopped() {
                        app.handle_event(engine_lost(app));
                    }
                    dirty = true;
                }
            },
            trigger = next_trigger(&mut watch), if watch.is_some() => {
                if let Some(trigger) = trigger {
                    app.watch_trigger(&trigger);
                    dirty = true;
                }
            }
            _ = animation.tick(), if app.is_animating() => { if app.tick() { dirty = true; } }
            _ = tokio::time::sleep_until(next_frame), if dirty => {}
            _ = tokio::time::sleep_until(quit_deadline.unwrap_or(next_frame)), if quit_deadline.is_some() => break Ok(()),
        }
    };
    frames.log();
    result
}

/// The next terminal event (never, while another program has the terminal).
async fn next_input(input: &mut Option<EventStream>) -> Option<io::Result<TermEvent>> {
    match input {
        Some(stream) => stream.next().await,
        None => std::future::pending().await,
    }
}

/// A running file watcher and its triggers.
type Watching = (FileWatcher, UnboundedReceiver<Trigger>);

/// Starts or stops watch mode, telling the app how it went.
fn switch_watch(app: &mut App, on: bool, root: &Path) -> Option<Watching> {
    if !on {
        app.watch_stopped();
        return None;
    }
    match FileWatcher::start(root) {
        Ok(watching) => {
            app.watch_started(Ok(watching.0.root().display().to_string()));
            Some(watching)
        }
        Err(error) => {
            app.watch_started(Err(error.to_string()));
            None
        }
    }
}

/// The next trigger of the watcher, if watching (never, otherwise).
async fn next_trigger(watch: &mut Option<Watching>) -> Option<Trigger> {
    match watch {
        Some((_, triggers)) => triggers.recv().await,
        None => std::future::pending().await,
    }
}

/// Frame times of the session, logged at the end (the benchmark reads them).
#[derive(Debug, Default)]
struct FrameTimes {
    micros: Vec<u32>,
}

impl FrameTimes {
    fn record(&mut self, took: Duration) {
        if took > FRAME {
            // Which frames are slow says more than a maximum does.
            tracing::info!(
                frame = self.micros.len(),
                took_us = took.as_micros() as u64,
                "slow frame"
            );
        }
        // A day of frames at 60 per second stays well under this cap.
        if self.micros.len() < 10_000_000 {
            self.micros
                .push(u32::try_from(took.as_micros()).unwrap_or(u32::MAX));
        }
    }

    fn log(mut self) {
        if self.micros.is_empty() {
            return;
        }
        self.micros.sort_unstable();
        let at = |fraction: f64| {
            let index = ((self.micros.len() - 1) as f64 * fraction).round() as usize;
            self.micros[index]
        };
        tracing::info!(
            frames = self.micros.len(),
            p50_us = at(0.5),
            p99_us = at(0.99),
            max_us = at(1.0),
            "frame times"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::keymap::{Action, KeyContext};
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    #[test]
    fn settings_choose_theme_and_keymap_and_problems_become_notices() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(".aider-tui")).unwrap();
        std::fs::write(
            dir.path().join(".aider-tui/keymap.toml"),
            "[diff]\n\"ctrl-y\" = \"accept\"\n",
        )
        .unwrap();
        let settings = Settings {
            theme: "light".into(),
            root: dir.path().to_path_buf(),
            ..Settings::default()
        };
        let (options, problems) = options_from(&settings);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(options.theme.name, "light");
        let ctrl_y = KeyEvent::new(KeyCode::Char('y'), KeyModifiers::CONTROL);
        assert_eq!(
            options.keymap.action(KeyContext::Diff, &ctrl_y),
            Some(Action::Accept)
        );

        std::fs::write(
            dir.path().join(".aider-tui/keymap.toml"),
            "[diff]\n\"y\" = \"fly\"\n",
        )
        .unwrap();
        let settings = Settings {
            theme: "neon".into(),
            ..settings
        };
        let (options, problems) = options_from(&settings);
        assert_eq!(options.theme.name, "dark");
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[0].contains("neon"), "{problems:?}");
        assert!(problems[1].contains("keymap.toml"), "{problems:?}");
    }
}
