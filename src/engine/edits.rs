//! The edit step of a round: parse the reply, get permission for files outside the
//! chat, show the edits for review, commit the user's own changes to those files,
//! apply, commit with a model-written message, then lint and test.

use std::collections::{BTreeMap, BTreeSet};

use crate::edit::{self, Edit, EditFormat, ParseLimits, ParseOptions, ParsedReply, Planner};
use crate::protocol::{EditOutcome, EditStatus, Event, Op, QuestionKind};

use super::blocking::blocking;
use super::checks;
use super::commit_message;
use super::emitter::Emitter;
use super::files::offer_files_named_in_reply;
use super::identity_question::ready_to_commit;
use super::inbox::Inbox;
use super::repository::announce_commit;
use super::review::{ReviewState, Update};
use super::session::Session;
use super::shell::{lint_files, offer_shell_commands, run_tests};
use super::status::send_status;

/// How the edit step of a round ended.
pub(super) struct EditRound {
    /// The problem to send back to the model as the next message, if any.
    pub feedback: Option<String>,
    /// Some edits were not applied (failed, rejected or refused).
    pub not_applied: bool,
}

impl EditRound {
    fn done(not_applied: bool) -> Self {
        EditRound {
            feedback: None,
            not_applied,
        }
    }
}

/// What became of every block of a reply, by id: the ones whose file the user
/// declined, then each planned block (a failed block the user dropped says so).
fn outcomes(
    parsed: &ParsedReply,
    declined: &BTreeSet<usize>,
    finished: &super::review::Finished,
) -> Vec<EditOutcome> {
    let mut outcomes: Vec<EditOutcome> = parsed
        .edits
        .iter()
        .filter(|edit| declined.contains(&edit.id))
        .map(|edit| EditOutcome {
            id: edit.id,
            path: edit.path.clone(),
            status: EditStatus::Rejected,
        })
        .collect();
    for result in &finished.report.results {
        let status = match (&result.status, finished.dropped.contains(&result.id)) {
            (edit::EditStatus::Failed(failure), true) => EditStatus::Dropped {
                reason: failure.to_string(),
            },
            (status, _) => EditStatus::from(status),
        };
        outcomes.push(EditOutcome {
            id: result.id,
            path: result.path.clone(),
            status,
        });
    }
    outcomes.sort_by_key(|outcome| outcome.id);
    outcomes
}

/// Handles the edits of one reply; `request` is the message that asked for them.
/// `cut_off` says why the reply stopped short, when it did.
pub(super) async fn process_edits(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
    reply: &str,
    format: EditFormat,
    request: &str,
    cut_off: Option<&str>,
) -> EditRound {
    let chat: Vec<String> = session.files.editable();
    let workspace = session.workspace.clone();
    // The parse reads files (never writes them) to judge listings whose end is unclear.
    let current_text = move |rel: &str| workspace.read(rel).ok().flatten().map(|file| file.text);
    let limits = ParseLimits {
        max_bytes: usize::try_from(session.settings.max_reply_bytes).unwrap_or(usize::MAX),
        max_blocks: session.settings.max_edit_blocks,
    };
    let options = ParseOptions::new(&chat)
        .with_limits(limits)
        .with_current_text(&current_text);
    let detected = match edit::parse_reply_detecting(reply, format, &options) {
        Ok(detected) => detected,
        Err(err) => {
            return EditRound {
                feedback: Some(format!(
                    "Your edits could not be read ({err}). Nothing was applied. Send them again, following the edit format exactly."
                )),
                not_applied: true,
            };
        }
    };
    let mut notices = Vec::new();
    if detected.switched_from(format) {
        notices.push(format!(
            "The reply's edits are in the {} format, not {}: they were read as what they are.",
            detected.format, format
        ));
    }
    let parsed = detected.parsed;
    for edit in &parsed.edits {
        if let Some(note) = &edit.note {
            notices.push(format!("Block {} ({}): {note}.", edit.id + 1, edit.path));
        }
    }
    match (&parsed.unfinished, cut_off) {
        (Some(unfinished), None) => {
            // A reply the model ended on its own that stops inside a block is
            // malformed: nothing of it is applied.
            return EditRound {
                feedback: Some(format!(
                    "Your reply ended inside an edit ({unfinished}). Nothing was applied. Send the edits again, each block complete."
                )),
                not_applied: true,
            };
        }
        (unfinished, Some(reason)) => {
            let lost = if unfinished.is_some() {
                " Its last block was cut in the middle and is left out."
            } else {
                ""
            };
            notices.push(format!(
                "The reply was cut off ({reason}): only its complete blocks are here.{lost} Check them before accepting."
            ));
        }
        (None, None) => {
            if let Some(fence) = &parsed.unclosed_fence
                && !parsed.edits.is_empty()
            {
                notices.push(format!(
                    "The reply's last fence never closes ({fence}); its complete blocks are here."
                ));
            }
        }
    }
    let notice = (!notices.is_empty()).then(|| notices.join(" "));
    let ends_open = parsed.unfinished.is_some() || parsed.unclosed_fence.is_some();
    if cut_off.is_some() && ends_open && parsed.edits.is_empty() {
        // Nothing to review, but the user must hear that the change they asked
        // for was lost with the cut (headless: exit 1, not success).
        emitter.warn(notices.join(" ")).await;
        return EditRound::done(true);
    }
    let round = if parsed.edits.is_empty() {
        add_files_named(session, inbox, emitter, reply).await
    } else {
        let cut = cut_off.is_some();
        apply_parsed(session, inbox, emitter, &parsed, request, notice, cut).await
    };
    // Commands come after the edits, as the model expects them to run on the new code.
    if !inbox.quit {
        offer_shell_commands(session, inbox, emitter, &parsed.shell_commands).await;
    }
    round
}

/// A reply without edits: the files it names are offered, and the model told of
/// the ones added.
async fn add_files_named(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
    reply: &str,
) -> EditRound {
    let added = offer_files_named_in_reply(session, inbox, emitter, reply).await;
    if added.is_empty() {
        return EditRound::done(false);
    }
    EditRound {
        feedback: Some(format!(
            "I added {} to the chat; the contents are above. Please go ahead with the change.",
            added.join(", ")
        )),
        not_applied: false,
    }
}

/// Everything after parsing a reply with edits: permission, review, commits, apply,
/// lint and test.
async fn apply_parsed(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
    parsed: &ParsedReply,
    request: &str,
    notice: Option<String>,
    cut_off: bool,
) -> EditRound {
    let declined = permit_paths(session, inbox, emitter, &parsed.edits).await;
    let edits: Vec<Edit> = parsed
        .edits
        .iter()
        .filter(|edit| !declined.contains(&edit.id))
        .cloned()
        .collect();
    let chat_files: Vec<String> = session.files.editable();
    let id = session.next_review();
    let review = {
        let workspace = session.workspace.clone();
        let auto_accept = inbox.auto_accept;
        let tell = session.settings.review_tell_rejected;
        let hooks = hooks_folder(session);
        let check_syntax = session.settings.auto_lint;
        // Planning can be CPU work on big files: keep it off the async workers.
        blocking(move || {
            let mut planner = Planner::new(&workspace, &chat_files);
            planner.protect(hooks);
            if check_syntax {
                planner.check_syntax(checks::grammar_check());
            }
            // A cut-off reply is never applied without a look: nothing is pre-accepted.
            ReviewState::new(id, edits, planner, auto_accept && !cut_off, tell, notice)
                .cut_off(cut_off)
        })
        .await
    };
    emitter.emit(Event::ReviewStarted(review.view())).await;
    let review = run_review(inbox, emitter, review).await;
    emitter.emit(Event::ReviewEnded { review: id }).await;
    if inbox.quit {
        return EditRound::done(true);
    }
    let finished = {
        // The user's own uncommitted work on the files to be written gets its own
        // commit first.
        if let Err(problem) = commit_dirty_before(session, inbox, emitter, &review).await {
            emitter.error(problem).await;
            let mut review = review;
            review.reject_undecided();
            return EditRound::done(true);
        }
        let workspace = session.workspace.clone();
        blocking(move || review.apply(&workspace)).await
    };
    let outcomes = outcomes(parsed, &declined, &finished);
    let not_applied = outcomes.iter().any(|outcome| !outcome.status.is_applied());
    emitter.emit(Event::EditResults { results: outcomes }).await;
    for note in finished.notes {
        session.ledger.add_note(note);
    }
    let changed = finished.report.changed_files();
    if !changed.is_empty() {
        commit_edits(session, inbox, emitter, &changed, request).await;
    }
    if let Some(feedback) = finished.feedback {
        return EditRound {
            feedback: Some(feedback),
            not_applied: true,
        };
    }
    if changed.is_empty() {
        return EditRound::done(not_applied);
    }
    EditRound {
        feedback: check_changes(session, emitter, &changed).await,
        not_applied,
    }
}

/// Lints the changed files and, with `--auto-test`, runs the tests; what failed
/// is the feedback for the model.
async fn check_changes(session: &Session, emitter: &Emitter, changed: &[String]) -> Option<String> {
    let (settings, root) = (&session.settings, &session.root);
    let mut problems = Vec::new();
    if let Some(lint) = lint_files(settings, root, emitter, changed).await {
        problems.push(lint);
    }
    if problems.is_empty()
        && settings.auto_test
        && let Some(test) = run_tests(settings, root, emitter).await
    {
        problems.push(test);
    }
    (!problems.is_empty()).then(|| problems.join("\n\n"))
}

/// Waits for the user's decisions until every applicable block has one (or the
/// review is ended), sending each re-planned block back at once.
async fn run_review(inbox: &mut Inbox, emitter: &Emitter, mut review: ReviewState) -> ReviewState {
    let id = review.id();
    while !review.is_settled() {
        let update = match inbox.receive_during_turn().await {
            Some(Op::ReviewDecide {
                review: target,
                block,
                decision,
                seen,
            }) if target == id => {
                let (back, update) = blocking(move || {
                    let update = review.decide(block, decision, seen);
                    (review, update)
                })
                .await;
                review = back;
                update
            }
            Some(Op::ReviewDraft {
                review: target,
                block,
                text,
            }) if target == id => {
                let (back, state) = blocking(move || {
                    let state = review.draft(block, &text);
                    (review, state)
                })
                .await;
                review = back;
                emitter
                    .emit(Event::ReviewDraft {
                        review: id,
                        block,
                        state,
                    })
                    .await;
                continue;
            }
            Some(Op::ReviewTellRejected { review: target, on }) if target == id => {
                review.set_tell_rejected(on);
                Update {
                    blocks: Vec::new(),
                    note: None,
                }
            }
            Some(Op::ReviewFinish { review: target }) if target == id => {
                let (back, update) = blocking(move || {
                    let update = review.finish_now();
                    (review, update)
                })
                .await;
                review = back;
                update
            }
            Some(Op::Interrupt) | None => {
                let rejected = review.reject_undecided();
                emitter
                    .emit(Event::ReviewUpdated {
                        review: id,
                        blocks: rejected,
                        tell_rejected: review.tell_rejected(),
                        note: None,
                    })
                    .await;
                break;
            }
            Some(Op::SetAutoAccept { .. }) => continue,
            Some(other) => {
                inbox.hold(other);
                continue;
            }
        };
        emitter
            .emit(Event::ReviewUpdated {
                review: id,
                blocks: update.blocks,
                tell_rejected: review.tell_rejected(),
                note: update.note,
            })
            .await;
    }
    review
}

/// Commits the user's own changes to the files the review will write. An error
/// means nothing may be written (their changes could be mixed into ours). Without an
/// identity to commit with (the user said no), they stay uncommitted and ours are
/// written beside them: an accepted change is never dropped for it.
async fn commit_dirty_before(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
    review: &ReviewState,
) -> Result<(), String> {
    let paths = review.files_to_write();
    if !session.settings.dirty_commits || paths.is_empty() {
        return Ok(());
    }
    let Some(git) = session.git.clone() else {
        return Ok(());
    };
    let dirty = git.with(|git| git.dirty_files(&paths)).map_err(|err| {
        format!("could not read which files have changes: {err}; no edits applied")
    })?;
    if dirty.is_empty() || !ready_to_commit(&git, &mut session.identity, inbox, emitter).await {
        return Ok(());
    }
    match git.with(|git| git.commit_dirty(&dirty, "")) {
        Ok(Some(summary)) => {
            announce_commit(&git, emitter, &summary).await;
            Ok(())
        }
        Ok(None) => Ok(()),
        Err(err) => Err(format!(
            "could not commit your own changes before editing: {err}; no edits applied"
        )),
    }
}

/// The repository's hooks folder when it is inside the work tree (`core.hooksPath`).
fn hooks_folder(session: &Session) -> Vec<String> {
    session
        .git
        .as_ref()
        .and_then(|git| git.with(|git| git.hooks_path_in_tree()))
        .into_iter()
        .collect()
}

/// Asks about files outside the chat that the reply edits (adding or creating
/// them); returns the ids of the blocks the user declined. Paths outside the root
/// are left to the planner, which refuses them.
async fn permit_paths(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
    edits: &[Edit],
) -> BTreeSet<usize> {
    let mut declined = BTreeSet::new();
    let mut answers: BTreeMap<String, bool> = BTreeMap::new();
    for edit in edits {
        let Some(relative) = session.relative_path(&edit.path) else {
            continue;
        };
        if session.workspace.check(&relative).is_err() || session.files.is_editable(&relative) {
            continue;
        }
        let yes = match answers.get(&relative) {
            Some(yes) => *yes,
            None => {
                let exists = session.absolute(&relative).exists();
                let (kind, text) = if exists {
                    (
                        QuestionKind::AddFile {
                            path: relative.clone(),
                        },
                        format!(
                            "The model wants to edit {relative}, which is not in the chat. Add it?"
                        ),
                    )
                } else {
                    (
                        QuestionKind::CreateFile {
                            path: relative.clone(),
                        },
                        format!("The model wants to create {relative}. Create it?"),
                    )
                };
                let yes = inbox.ask(emitter, kind, text).await;
                answers.insert(relative.clone(), yes);
                if yes {
                    session.files.add_editable(relative.clone());
                    // The files pane shows the new chat file at once.
                    send_status(session, inbox.auto_accept, emitter).await;
                }
                yes
            }
        };
        if !yes {
            declined.insert(edit.id);
        }
    }
    declined
}

/// Commits the edited files with a message the weak model writes from the diff.
pub(super) async fn commit_edits(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
    changed: &[String],
    request: &str,
) {
    if !session.settings.auto_commits {
        return;
    }
    let Some(git) = session.git.clone() else {
        return;
    };
    if !ready_to_commit(&git, &mut session.identity, inbox, emitter).await {
        return;
    }
    let diff = git.with(|git| git.diff_files(changed)).unwrap_or_default();
    let weak = session.models.weak_or_main().cloned();
    let written = commit_message::write(weak.as_ref(), &diff, changed, Some(request)).await;
    if let (Some(usage), Some(model)) = (written.usage, weak.as_ref()) {
        let cost = crate::llm::cost(&model.settings, &usage);
        session.ledger.spend(cost);
    }
    if let Some(reason) = &written.fallback_reason {
        tracing::warn!("commit message fallback: {reason}");
    }
    let attribution = session.attribution();
    let Some(git) = &session.git else {
        return;
    };
    let committed = git.with(|git| git.commit_files(changed, &written.message, &attribution));
    match committed {
        Ok(summary) => {
            announce_commit(git, emitter, &summary).await;
        }
        Err(err) => {
            emitter
                .error(format!("could not commit the edits: {err}"))
                .await
        }
    }
}
