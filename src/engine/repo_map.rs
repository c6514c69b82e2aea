//! The session's repo map: the map thread (`map_task`) started at once and never waited
//! on at start-up; renders for each message from whatever is parsed (waiting, with the
//! progress shown, only until the first map is ready — `Esc` sends without it); the map
//! the next request will carry sent to the inspector whenever the chat files change.

use crate::protocol::{Event, Op};
use crate::repomap::{MapOptions, MapOutput, MapRequest};

use super::context_report::send_context_report;
use super::emitter::Emitter;
use super::inbox::Inbox;
use super::map_task::MapTask;
use super::mentions::Mentions;
use super::session::Session;
use super::session_map::{Wait, map_budget, map_view, request_budget};
use super::status::send_status;

/// Starts the map thread (nothing waits for it here).
pub(super) fn start_repo_map(session: &mut Session) {
    if map_budget(session) == 0 {
        return;
    }
    let options = MapOptions {
        use_git: session.git.is_some(),
        map_vendored: session.settings.map_vendored,
        history_commits: session.settings.map_history,
        cache_dir: session.settings.tag_store.clone(),
        state_dir: session.state().cloned(),
        ..MapOptions::default()
    };
    let near_chat = session.files.editable();
    session.map.task = Some(MapTask::start(session.root.clone(), options, near_chat));
}

/// Files may have changed: the map looks again (before the next render).
pub(super) fn rescan_repo_map(session: &Session) {
    if let Some(map) = &session.map.task {
        map.prioritize(session.files.editable());
        map.rescan();
    }
}

/// The map for the current chat files, `mentions` and the words of `message`.
/// Before the first map is ready this waits, saying how far the scan is; `Esc`
/// sends the message without it. A headless session also waits for the
/// co-change history, so the same request gives the same map.
pub(super) async fn render_repo_map(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
    mentions: &Mentions,
    message: &str,
    asker: MapAsker,
) -> Option<MapOutput> {
    if map_budget(session) == 0 {
        return None;
    }
    let budget = request_budget(session);
    let map = session.map.task.as_ref()?;
    let request = MapRequest {
        chat_files: session.files.editable(),
        mention_files: mentions.files.clone(),
        mention_idents: mentions.identifiers.clone(),
        message: message.to_string(),
        max_tokens: budget,
        // The repo-map inspector shows why each file is there.
        explain: true,
        wait_for_history: is_headless(session),
    };
    let mut state = map.watch();
    let mut answer = map.render(request)?;
    // Only the first map's wait is told in the chat. Whether a later render waits
    // depends on whether the thread has taken the rescan sent just before it, so
    // a notice then would come and go with the threads' timing.
    if !session.map.answered && !state.borrow().ready() {
        let progress = state.borrow().progress;
        emitter
            .info(format!(
                "Waiting for the repo map: {} of {} files parsed. The first map needs only \
                     the files near the chat and part of the project's own code; the status \
                     bar follows the scan (Esc {}).",
                progress.parsed,
                progress.total,
                asker.escape()
            ))
            .await;
    }
    let mut progress_shown = false;
    loop {
        tokio::select! {
            output = &mut answer => {
                session.map.answered |= output.is_ok();
                // A damaged history table is known before the first map: a
                // one-shot message tells it too.
                tell_history_warnings(session, emitter).await;
                if progress_shown {
                    // The thread published its state before it answered: the bar
                    // does not stay on a progress the wait showed.
                    send_status(session, inbox.auto_accept, emitter).await;
                }
                return output.ok();
            }
            changed = state.changed() => {
                if changed.is_err() {
                    return None;
                }
                progress_shown = true;
                send_status(session, inbox.auto_accept, emitter).await;
            }
            op = inbox.receive_during_turn() => match op {
                Some(Op::Interrupt) => {
                    // Esc here means "go on without the map", not "stop the turn".
                    inbox.take_interrupt();
                    emitter.warn(asker.gave_up()).await;
                    return None;
                }
                None => return None,
                Some(Op::SetAutoAccept { .. }) => {}
                Some(other) => inbox.hold(other),
            },
        }
    }
}

/// Sends the map the next request will carry (`Event::RepoMap`); a refresh first
/// looks for changed files. Before the first map is ready, `Wait::No` leaves it to
/// the main loop to send it once it is (a pane asked), `Wait::Yes` waits with the
/// progress shown (`/map` asked).
pub(super) async fn send_repo_map(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
    refresh: bool,
    wait: Wait,
) {
    if map_budget(session) == 0 {
        emitter.info("The repo map is off (--map-tokens 0).").await;
        return;
    }
    if session.map.task.is_none() {
        start_repo_map(session);
    } else if refresh {
        rescan_repo_map(session);
    }
    let Some(state) = session.map.state() else {
        return;
    };
    if let Some(failed) = state.failed {
        emitter.warn(format!("The repo map is off: {failed}")).await;
        return;
    }
    if !state.ready() && wait == Wait::No {
        session.map.view_wanted = true;
        return;
    }
    session.map.view_wanted = false;
    // The inspector shows the map of the last message's words.
    let (mentions, message) = session.map.last_message();
    let Some(output) = render_repo_map(
        session,
        inbox,
        emitter,
        &mentions,
        &message,
        MapAsker::Inspector,
    )
    .await
    else {
        return;
    };
    let tokens_changed = session.map.tokens != output.tokens as u64;
    session.map.tokens = output.tokens as u64;
    let view = map_view(output, request_budget(session));
    emitter.emit(Event::RepoMap(view)).await;
    if tokens_changed {
        // The context estimate counts the map.
        send_status(session, inbox.auto_accept, emitter).await;
    }
}

/// The chat files changed: the inspector gets the map the next request will carry.
pub(super) async fn follow_chat_files(session: &mut Session, inbox: &mut Inbox, emitter: &Emitter) {
    if session.map.task.is_some() && map_budget(session) > 0 {
        session.map.view_wanted = true;
        on_map_progress(session, inbox, emitter).await;
    }
}

/// The map thread moved on: the status shows how far (at most a few times a
/// second), and a map the inspector asked for goes out once it is ready.
pub(super) async fn on_map_progress(session: &mut Session, inbox: &mut Inbox, emitter: &Emitter) {
    tell_history_warnings(session, emitter).await;
    let Some(state) = session.map.state() else {
        return;
    };
    let now = std::time::Instant::now();
    let milestone = state.ready() != session.map.was_ready || state.progress.done;
    let became_ready = state.ready() && !session.map.was_ready;
    let due = session
        .map
        .status_sent
        .is_none_or(|sent| now.duration_since(sent) >= MAP_STATUS_EVERY);
    if milestone || due {
        if let Some(failed) = &state.failed
            && !session.map.was_ready
        {
            emitter.warn(format!("The repo map is off: {failed}")).await;
        }
        session.map.status_sent = Some(now);
        session.map.was_ready = state.ready();
        send_status(session, inbox.auto_accept, emitter).await;
    }
    if state.ready() && session.map.view_wanted {
        send_repo_map(session, inbox, emitter, false, Wait::No).await;
    }
    if became_ready {
        // The next request carries the map from now on.
        send_context_report(session, inbox, emitter).await;
    }
}

/// The map thread's history warnings not told yet, as warnings in the chat.
async fn tell_history_warnings(session: &mut Session, emitter: &Emitter) {
    let Some(state) = session.map.state() else {
        return;
    };
    for warning in state.history_warnings.iter().skip(session.map.history_told) {
        emitter
            .warn(crate::text::map_history_warning(warning))
            .await;
    }
    session.map.history_told = state.history_warnings.len();
}

/// Whether the session runs one message headless (`--message`, `--message-file`):
/// its one map should not depend on how fast the history is read.
fn is_headless(session: &Session) -> bool {
    session.settings.message.is_some() || session.settings.message_file.is_some()
}

/// Who waits for a render, for what the chat says while it waits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MapAsker {
    /// A message to the model.
    Message,
    /// `/tokens`.
    TokenReport,
    /// `/map` or the map pane.
    Inspector,
}

impl MapAsker {
    /// What `Esc` does while waiting.
    fn escape(self) -> &'static str {
        match self {
            MapAsker::Message => "sends the message without it",
            MapAsker::TokenReport => "counts without it",
            MapAsker::Inspector => "stops waiting",
        }
    }

    /// What the chat says after `Esc`.
    fn gave_up(self) -> &'static str {
        match self {
            MapAsker::Message => "Sent the message without the repo map: it is still being built.",
            MapAsker::TokenReport => "Counted without the repo map: it is still being built.",
            MapAsker::Inspector => "Stopped waiting for the repo map: it is still being built.",
        }
    }
}

/// The status carries the map's progress at most this often.
const MAP_STATUS_EVERY: std::time::Duration = std::time::Duration::from_millis(250);
