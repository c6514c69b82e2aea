//! Every line the UI shows that names a key, built once from the keymap in force, so a
//! rebound key is the key the hints name. No other UI string names a key (a test in
//! `tests/all/layering.rs` scans for them).

use super::keymap::{Action, KeyContext, Keymap};

/// The hint lines, each as the keymap binds its keys.
#[derive(Debug, Clone, Default)]
pub struct Hints {
    /// The review of a planned block: decide, edit, done.
    pub review: String,
    /// The review of a block that cannot be applied.
    pub review_failed: String,
    /// The review's other keys (`: on`/`: off` follows the last one).
    pub review_more: String,
    /// The flash when a review opens.
    pub review_started: String,
    /// A review block's inline editor.
    pub block_editor: String,
    /// The architect's plan, waiting for a decision.
    pub plan: String,
    /// The flash when a plan is ready.
    pub plan_ready: String,
    /// The plan's editor.
    pub plan_editor: String,
    /// The diff pane's note on long lines, and when they wrap.
    pub long_lines: String,
    pub wrapped: String,
    /// The masked entry of an API key.
    pub key_entry: String,
    /// The message box's title, and with `/multiline-mode` on.
    pub send: String,
    pub send_multiline: String,
    /// The notices when `/multiline-mode` turns on and off.
    pub multiline_on: String,
    pub multiline_off: String,
    /// The empty message box.
    pub placeholder: String,
    /// The empty chat.
    pub welcome: String,
    /// The chat's title while a message, a code block is selected, or it is scrolled.
    pub chat_message: String,
    pub chat_code: String,
    pub chat_scrolled: String,
    /// Beside the last queued message.
    pub queued: String,
    /// The rewind key with nothing selected.
    pub select_message: String,
    /// The status bar while the microphone records.
    pub recording: String,
    /// Beside the working spinner (empty when nothing interrupts).
    pub interrupt: String,
    /// A file shown in the diff pane.
    pub file_shown: String,
    /// The engine wrote a message into the box.
    pub compose_ready: String,
    /// After the message box's chord key.
    pub chord: String,
    /// The tabs of a small terminal.
    pub tabs: String,
    /// The engine stopped: how to leave.
    pub quit_twice: String,
}

impl Hints {
    /// The hints for `keymap`.
    pub fn new(keymap: &Keymap) -> Hints {
        use Action::*;
        use KeyContext::{Diff, Editor};
        let line = |context, items: &[(&[Action], &str)]| keymap.hints(context, items);
        let review_keys = [
            (&[Accept][..], "accept"),
            (&[Reject], "reject"),
            (&[EditBlock], "edit"),
        ];
        Hints {
            review: line(
                Diff,
                &[
                    review_keys[0],
                    review_keys[1],
                    review_keys[2],
                    (&[EditBlockExternally], "edit in $EDITOR"),
                    (&[FinishReview], "done"),
                ],
            ),
            review_failed: line(
                Diff,
                &[
                    (&[Reject], "drop it (not sent back)"),
                    (&[FinishReview], "done"),
                ],
            ),
            review_more: line(
                Diff,
                &[
                    (&[NextBlock, PrevBlock], "move"),
                    (&[AcceptAll, RejectAll], "all"),
                    (&[ToggleLayout], "layout"),
                    (&[ToggleZoom], "zoom"),
                    (&[ToggleTellRejected], "tell model of rejects"),
                ],
            ),
            review_started: line(
                Diff,
                &[
                    review_keys[0],
                    review_keys[1],
                    review_keys[2],
                    (&[FinishReview], "done"),
                ],
            ),
            block_editor: line(Editor, &[(&[Keep], "keeps"), (&[Cancel], "cancels")]),
            plan: line(
                Diff,
                &[
                    (&[Accept], "send to the editor"),
                    (&[EditBlock], "edit"),
                    (&[Reject], "drop"),
                ],
            ),
            plan_ready: line(
                Diff,
                &[
                    (&[Accept], "sends it to the editor"),
                    (&[EditBlock], "edits it"),
                    (&[Reject], "drops it"),
                ],
            ),
            plan_editor: line(
                Editor,
                &[(&[Keep], "keeps and sends"), (&[Cancel], "cancels")],
            ),
            long_lines: line(
                Diff,
                &[
                    (&[ScrollLeft, ScrollRight], "scroll"),
                    (&[ToggleWrap], "wraps"),
                ],
            ),
            wrapped: keymap
                .first_key(Diff, ToggleWrap)
                .map_or_else(|| "wrapped".to_string(), |key| format!("wrapped ({key})")),
            ..Hints::outside_the_diff(keymap)
        }
    }

    /// The hints of the message box, the chat, the status bar and the rest.
    fn outside_the_diff(keymap: &Keymap) -> Hints {
        use Action::*;
        use KeyContext::{Chat, Chord as Chorded, Files, Global, Input};
        let line = |context, items: &[(&[Action], &str)]| keymap.hints(context, items);
        Hints {
            key_entry: line(
                KeyContext::Entry,
                &[
                    (&[Keep], "keeps it for this session only"),
                    (&[Cancel], "cancels"),
                ],
            ),
            send: line(Input, &[(&[Send], "send"), (&[NewLine], "new line")]),
            // `/multiline-mode` swaps what the two keys do.
            send_multiline: line(Input, &[(&[NewLine], "send"), (&[Send], "new line")]),
            multiline_on: format!(
                "Multi-line mode: {}.",
                line(
                    Input,
                    &[(&[Send], "inserts a new line"), (&[NewLine], "sends")]
                )
            ),
            multiline_off: format!(
                "{}.",
                line(
                    Input,
                    &[(&[Send], "sends"), (&[NewLine], "inserts a new line")]
                )
            ),
            placeholder: joined(&[
                "Ask for a change · /help for commands · @file adds a file",
                &line(Global, &[(&[Help], "keys")]),
            ]),
            welcome: welcome(keymap),
            chat_message: line(
                Chat,
                &[
                    (&[Rewind], "rewinds to before the selected message"),
                    (&[PrevMessage, NextMessage], "select"),
                ],
            ),
            chat_code: line(
                Chat,
                &[
                    (&[CopyCode], "copies the code block"),
                    (&[PrevCodeBlock, NextCodeBlock], "select"),
                ],
            ),
            chat_scrolled: joined(&["scrolled", &line(Chat, &[(&[Bottom], "follows")])]),
            queued: line(Input, &[(&[TakeBackQueued], "takes it back")]),
            select_message: format!(
                "{}.",
                led(
                    "Select one of your messages first",
                    &line(Chat, &[(&[PrevMessage, NextMessage], "move between them")]),
                )
            ),
            recording: line(Input, &[(&[Send], "stops"), (&[Interrupt], "drops")]),
            interrupt: line(Global, &[(&[Interrupt], "to interrupt")]),
            file_shown: line(Files, &[(&[Open], "in the files pane shows another")]),
            compose_ready: led(
                "Ready in the message box",
                &line(Input, &[(&[Send], "sends it")]),
            ),
            chord: led(
                &keymap.first_key(Input, Chord).unwrap_or_default(),
                &line(
                    Chorded,
                    &[(&[EditMessage], "edits the message in your editor")],
                ),
            ),
            tabs: line(Global, &[(&[FocusNext], "switches")]),
            quit_twice: line(Global, &[(&[Quit], "twice quits")]),
            ..Hints::default()
        }
    }
}

/// "Type a request below and press Enter. F1 shows the keys.", as the keys are bound.
fn welcome(keymap: &Keymap) -> String {
    let mut text = match keymap.first_key(KeyContext::Input, Action::Send) {
        Some(send) => format!("Type a request below and press {send}."),
        None => "Type a request below.".to_string(),
    };
    if let Some(help) = keymap.first_key(KeyContext::Global, Action::Help) {
        text.push_str(&format!(" {help} shows the keys."));
    }
    text
}

/// `lead: hint`, or the lead alone when no key is bound for the hint.
fn led(lead: &str, hint: &str) -> String {
    match (lead.is_empty(), hint.is_empty()) {
        (_, true) => lead.to_string(),
        (true, false) => hint.to_string(),
        (false, false) => format!("{lead}: {hint}"),
    }
}

/// The parts that are not empty, ` · ` between them.
fn joined(parts: &[&str]) -> String {
    parts
        .iter()
        .filter(|part| !part.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" · ")
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    #[test]
    fn the_default_hints_name_the_default_keys() {
        let hints = Hints::new(&Keymap::default());
        assert_eq!(
            hints.review,
            "y accept · n reject · e edit · E edit in $EDITOR · Enter done"
        );
        assert_eq!(
            hints.review_more,
            "j/k move · A/R all · s layout · z zoom · t tell model of rejects"
        );
        assert_eq!(hints.block_editor, "Ctrl-S keeps · Esc cancels");
        assert_eq!(hints.send, "Enter send · Alt-Enter new line");
        assert_eq!(hints.send_multiline, "Alt-Enter send · Enter new line");
        assert_eq!(hints.recording, "Enter stops · Esc drops");
        assert_eq!(
            hints.chord,
            "Ctrl-X: Ctrl-E edits the message in your editor"
        );
        assert_eq!(
            hints.welcome,
            "Type a request below and press Enter. F1 shows the keys."
        );
        assert_eq!(hints.chat_scrolled, "scrolled · End follows");
    }

    #[test]
    fn a_rebound_key_is_the_key_the_hints_name_and_an_unbound_one_is_left_out() {
        let mut keymap = Keymap::default();
        let text = "[editor]\n\"ctrl-k\" = \"keep\"\n\"esc\" = \"unbound\"\n";
        keymap.patch(Path::new("keys.toml"), text).unwrap();
        let hints = Hints::new(&keymap);
        assert_eq!(hints.block_editor, "Ctrl-K keeps");
        assert_eq!(hints.plan_editor, "Ctrl-K keeps and sends");
    }
}
