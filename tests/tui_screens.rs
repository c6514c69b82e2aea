//! Snapshot tests of the full-screen UI: the app is driven by scripted engine events
//! and keys (no engine, no terminal) and drawn on ratatui's TestBackend at 160×48
//! (all panes) and 80×24 (panes collapse to tabs). The ops it sends are checked too.

use aider_tui::protocol::{
    ChatMode, CommitInfo, Decision, EditOutcome, EditPreview, EditStatus, Event, NoticeLevel, Op,
    ProposedEdit, QuestionKind, RankReason, RankedFileView, RepoMapView, SessionStatus, TokenUsage,
    TurnOutcome,
};
use aider_tui::tui::{App, AppOptions, Focus};
use insta::assert_snapshot;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

struct Harness {
    app: App,
    terminal: Terminal<TestBackend>,
    _dir: tempfile::TempDir,
}

impl Harness {
    fn new(width: u16, height: u16) -> Harness {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("src")).unwrap();
        std::fs::write(
            dir.path().join("src/greet.py"),
            "import sys\n\n\ndef greet(name):\n    print('hi', name)\n\n\ndef main():\n    greet(sys.argv[1])\n",
        )
        .unwrap();
        let app = App::new(AppOptions::ephemeral(dir.path().to_path_buf()));
        let terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        Harness {
            app,
            terminal,
            _dir: dir,
        }
    }

    fn event(&mut self, event: Event) -> &mut Self {
        self.app.handle_event(event);
        self
    }

    fn key(&mut self, code: KeyCode) -> &mut Self {
        self.app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
        self
    }

    fn key_with(&mut self, code: KeyCode, modifiers: KeyModifiers) -> &mut Self {
        self.app.handle_key(KeyEvent::new(code, modifiers));
        self
    }

    fn type_text(&mut self, text: &str) -> &mut Self {
        for c in text.chars() {
            self.key(KeyCode::Char(c));
        }
        self
    }

    fn ops(&mut self) -> Vec<Op> {
        self.app.take_ops()
    }

    fn screen(&mut self) -> String {
        self.app.prepare();
        let app = &self.app;
        self.terminal.draw(|frame| app.draw(frame)).unwrap();
        self.terminal.backend().to_string()
    }

    /// A session with a model, two chat files, a commit log, a map and repo files.
    fn started(width: u16, height: u16) -> Harness {
        let mut harness = Harness::new(width, height);
        harness
            .event(Event::Status(status()))
            .event(Event::CommitLog { commits: commits() })
            .event(Event::RepoMap(repo_map()))
            .event(Event::RepoFiles {
                files: ["src/greet.py", "src/main.rs", "README.md", "docs/manual.md"]
                    .map(String::from)
                    .to_vec(),
            });
        harness.ops();
        harness
    }
}

fn status() -> SessionStatus {
    SessionStatus {
        model: "openai/gpt-4o".into(),
        edit_format: "diff".into(),
        mode: ChatMode::Code,
        chat_files: vec!["src/greet.py".into()],
        read_only_files: vec!["README.md".into()],
        context_tokens: 1_834,
        context_window: 128_000,
        session_cost: 0.0123,
        branch: Some("main".into()),
        auto_accept: false,
        model_problem: None,
    }
}

fn commits() -> Vec<CommitInfo> {
    vec![
        CommitInfo {
            id: "a1b2c3d4e5f60718293a4b5c6d7e8f9012345678".into(),
            short_id: "a1b2c3d".into(),
            summary: "feat: greet takes a name".into(),
            author: "aider-tui".into(),
            time: 1_700_000_000,
            by_tool: true,
        },
        CommitInfo {
            id: "0f1e2d3c4b5a69788796a5b4c3d2e1f001234567".into(),
            short_id: "0f1e2d3".into(),
            summary: "Initial commit".into(),
            author: "Dev".into(),
            time: 1_690_000_000,
            by_tool: false,
        },
    ]
}

fn repo_map() -> RepoMapView {
    RepoMapView {
        text: "src/greet.py:\n⋮\n│def greet(name):\n⋮\n│def main():\n".into(),
        tokens: 412,
        budget: 1024,
        files: vec![
            RankedFileView {
                path: "src/greet.py".into(),
                score: 0.4123,
                reasons: vec![
                    RankReason {
                        ident: "greet".into(),
                        from: "src/main.rs".into(),
                        weight: 1.5,
                    },
                    RankReason {
                        ident: "main".into(),
                        from: "tests/test_greet.py".into(),
                        weight: 0.25,
                    },
                ],
            },
            RankedFileView {
                path: "src/main.rs".into(),
                score: 0.1877,
                reasons: Vec::new(),
            },
        ],
    }
}

const REPLY_HEAD: &str = "I'll make `greet` shout.\n\nsrc/greet.py\n```python\n<<<<<<< SEARCH\n    print('hi', name)\n=======\n";

fn proposed_edits() -> Vec<ProposedEdit> {
    vec![
        ProposedEdit {
            id: 0,
            path: "src/greet.py".into(),
            search: "    print('hi', name)\n".into(),
            replace: "    print('HI', name.upper())\n".into(),
            diff: "--- a/src/greet.py\n+++ b/src/greet.py\n@@ -3,5 +3,5 @@\n \n \n def greet(name):\n-    print('hi', name)\n+    print('HI', name.upper())\n \n".into(),
            applicable: true,
            problem: None,
            creates_file: false,
        },
        ProposedEdit {
            id: 1,
            path: "src/greet.py".into(),
            search: "def mian():\n".into(),
            replace: "def main() -> None:\n".into(),
            diff: String::new(),
            applicable: false,
            problem: Some("SEARCH does not match src/greet.py; did you mean line 8 `def main():`?".into()),
            creates_file: false,
        },
    ]
}

#[test]
fn startup_asks_for_log_files_and_map_then_shows_every_pane() {
    let mut harness = Harness::new(160, 48);
    assert_eq!(
        harness.ops(),
        vec![
            Op::RequestCommitLog { limit: 100 },
            Op::RequestRepoFiles,
            Op::RefreshRepoMap
        ]
    );
    assert_snapshot!("screen_empty_160x48", harness.screen());
    let mut harness = Harness::started(160, 48);
    assert_eq!(harness.app.focus(), Focus::Input);
    assert_snapshot!("screen_started_160x48", harness.screen());
    let mut small = Harness::started(80, 24);
    assert_snapshot!("screen_started_80x24", small.screen());
}

#[test]
fn no_model_still_opens_and_says_how_to_set_one_up() {
    let mut harness = Harness::new(80, 24);
    harness.event(Event::Status(SessionStatus {
        model_problem: Some("No API key for openai/gpt-4o".into()),
        ..SessionStatus::default()
    }));
    let screen = harness.screen();
    assert!(screen.contains("OPENAI_API_KEY"), "{screen}");
    assert_snapshot!("screen_no_model_80x24", screen);
}

#[test]
fn a_message_streams_into_the_chat_with_a_live_diff() {
    let mut harness = Harness::started(160, 48);
    harness.type_text("make greet shout").key(KeyCode::Enter);
    assert_eq!(
        harness.ops(),
        vec![Op::Submit {
            text: "make greet shout".into()
        }]
    );
    harness.event(Event::TurnStarted {
        message: "make greet shout".into(),
    });
    // Deltas split mid-line: the incomplete line shows too.
    for piece in [
        "I'll make `gr",
        "eet` shout.\n\nsrc/gr",
        "eet.py\n```python\n<<<<<<< SEARCH\n    print('hi', na",
    ] {
        harness.event(Event::ReplyDelta { text: piece.into() });
    }
    assert_snapshot!("screen_streaming_search_160x48", harness.screen());
    harness
        .event(Event::ReplyDelta {
            text: "me)\n=======\n    print('HI',".into(),
        })
        .event(Event::EditPreview(EditPreview {
            index: 0,
            path: "src/greet.py".into(),
            search: "    print('hi', name)\n".into(),
            replace: "    print('HI',".into(),
            complete: false,
            matches: Some(true),
        }));
    assert_snapshot!("screen_streaming_replace_160x48", harness.screen());
    let mut small = Harness::started(80, 24);
    small
        .event(Event::TurnStarted {
            message: "x".into(),
        })
        .event(Event::ReplyDelta {
            text: REPLY_HEAD.into(),
        });
    assert_snapshot!("screen_streaming_80x24", small.screen());
}

#[test]
fn review_accepts_one_block_rejects_another_and_returns_focus() {
    let mut harness = Harness::started(160, 48);
    harness
        .event(Event::TurnStarted {
            message: "m".into(),
        })
        .event(Event::ReplyDelta {
            text: REPLY_HEAD.into(),
        });
    harness.event(Event::ReplyFinished {
        usage: TokenUsage {
            input_tokens: 1200,
            output_tokens: 80,
            ..TokenUsage::default()
        },
        cost: Some(0.0042),
        interrupted: false,
    });
    harness.event(Event::EditsProposed {
        review: 4,
        edits: proposed_edits(),
    });
    assert_eq!(harness.app.focus(), Focus::Diff);
    assert_snapshot!("screen_review_160x48", harness.screen());

    harness.key(KeyCode::Char('y'));
    // The second block cannot match: `y` is refused and says why.
    harness.key(KeyCode::Char('y'));
    let screen = harness.screen();
    assert!(screen.contains("cannot be accepted"), "{screen}");
    assert_snapshot!("screen_review_refused_160x48", screen);
    assert!(harness.ops().is_empty());

    harness.key(KeyCode::Char('n'));
    assert_snapshot!("screen_review_report_question_160x48", harness.screen());
    harness.key(KeyCode::Char('n'));
    assert_eq!(
        harness.ops(),
        vec![Op::Decide {
            review: 4,
            decisions: vec![
                Decision {
                    edit: 0,
                    accept: true
                },
                Decision {
                    edit: 1,
                    accept: false
                }
            ],
            report_rejected: false,
        }]
    );
    assert_eq!(harness.app.focus(), Focus::Input);
    harness
        .event(Event::EditResults {
            results: vec![
                EditOutcome {
                    id: 0,
                    path: "src/greet.py".into(),
                    status: EditStatus::Applied,
                },
                EditOutcome {
                    id: 1,
                    path: "src/greet.py".into(),
                    status: EditStatus::Rejected,
                },
            ],
        })
        .event(Event::CommitMade {
            commit: CommitInfo {
                id: "b".repeat(40),
                short_id: "bbbbbbb".into(),
                summary: "feat: greet shouts".into(),
                author: "aider-tui".into(),
                time: 1_700_000_100,
                by_tool: true,
            },
        })
        .event(Event::TurnFinished {
            outcome: TurnOutcome::Success,
        });
    assert_eq!(harness.ops(), vec![Op::RequestCommitLog { limit: 100 }]);
    assert_snapshot!("screen_after_review_160x48", harness.screen());
}

#[test]
fn review_keys_accept_all_and_the_side_by_side_layout() {
    let mut harness = Harness::started(80, 24);
    let mut edits = proposed_edits();
    edits[1].applicable = true;
    edits[1].problem = None;
    harness.event(Event::EditsProposed { review: 9, edits });
    assert_snapshot!("pane_review_80x24", harness.screen());
    harness.key(KeyCode::Char('s'));
    assert_snapshot!("pane_review_side_by_side_80x24", harness.screen());
    harness.key(KeyCode::Char('A'));
    assert_eq!(
        harness.ops(),
        vec![Op::Decide {
            review: 9,
            decisions: vec![
                Decision {
                    edit: 0,
                    accept: true
                },
                Decision {
                    edit: 1,
                    accept: true
                }
            ],
            report_rejected: false,
        }]
    );
    assert_eq!(harness.app.focus(), Focus::Input);
}

#[test]
fn commit_log_opens_a_diff_and_undo_names_the_commit() {
    let mut harness = Harness::started(160, 48);
    harness
        .key(KeyCode::Tab)
        .key(KeyCode::Tab)
        .key(KeyCode::Tab)
        .key(KeyCode::Tab);
    assert_eq!(harness.app.focus(), Focus::Commits);
    harness.key(KeyCode::Enter);
    assert_eq!(
        harness.ops(),
        vec![Op::RequestCommitDiff {
            commit: commits()[0].id.clone()
        }]
    );
    assert_eq!(harness.app.focus(), Focus::Diff);
    harness.event(Event::CommitDiff {
        commit: commits()[0].id.clone(),
        diff: "diff --git a/src/greet.py b/src/greet.py\n--- a/src/greet.py\n+++ b/src/greet.py\n@@ -1,2 +1,2 @@\n-def greet():\n-    print('hi')\n+def greet(name):\n+    print('hi', name)\n".into(),
    });
    assert_snapshot!("screen_commit_diff_160x48", harness.screen());
    harness.key(KeyCode::Tab).key(KeyCode::Tab);
    assert_eq!(harness.app.focus(), Focus::Commits);
    harness.key_with(KeyCode::BackTab, KeyModifiers::SHIFT);
    assert_eq!(harness.app.focus(), Focus::Files);
    harness.key(KeyCode::Tab);
    harness.key(KeyCode::Char('u'));
    let screen = harness.screen();
    assert!(screen.contains("Undo commit a1b2c3d"), "{screen}");
    assert_snapshot!("screen_undo_confirm_160x48", screen);
    harness.key(KeyCode::Char('y'));
    assert_eq!(
        harness.ops(),
        vec![
            Op::UndoCommit {
                commit: commits()[0].id.clone()
            },
            Op::RequestCommitLog { limit: 100 }
        ]
    );
    // Saying no sends nothing.
    harness.key(KeyCode::Char('u')).key(KeyCode::Char('n'));
    assert!(harness.ops().is_empty());
}

#[test]
fn files_pane_adds_through_the_fuzzy_finder_and_drops() {
    let mut harness = Harness::started(80, 24);
    harness
        .key(KeyCode::Tab)
        .key(KeyCode::Tab)
        .key(KeyCode::Tab);
    assert_eq!(harness.app.focus(), Focus::Files);
    assert_snapshot!("pane_files_80x24", harness.screen());
    harness.key(KeyCode::Char('a')).type_text("manu");
    assert_snapshot!("finder_80x24", harness.screen());
    harness.key(KeyCode::Enter);
    assert_eq!(
        harness.ops(),
        vec![Op::Submit {
            text: "/add docs/manual.md".into()
        }]
    );
    harness.key(KeyCode::Char('d'));
    assert_eq!(
        harness.ops(),
        vec![Op::Submit {
            text: "/drop src/greet.py".into()
        }]
    );
}

#[test]
fn repo_map_inspector_shows_ranks_reasons_and_text() {
    let mut harness = Harness::started(80, 24);
    for _ in 0..5 {
        harness.key(KeyCode::Tab);
    }
    assert_eq!(harness.app.focus(), Focus::Map);
    assert_snapshot!("pane_repo_map_80x24", harness.screen());
    harness.key(KeyCode::Char('m'));
    assert_snapshot!("pane_repo_map_text_80x24", harness.screen());
    harness.key(KeyCode::Char('r'));
    assert_eq!(harness.ops(), vec![Op::RefreshRepoMap]);
}

#[test]
fn commit_log_and_chat_panes_at_80x24() {
    let mut harness = Harness::started(80, 24);
    for _ in 0..4 {
        harness.key(KeyCode::Tab);
    }
    assert_snapshot!("pane_commits_80x24", harness.screen());
}

#[test]
fn questions_are_dialogs_answered_with_y_or_n() {
    let mut harness = Harness::started(80, 24);
    harness.event(Event::Question {
        id: 12,
        kind: QuestionKind::RunShell {
            command: "pytest -q".into(),
        },
        text: "Run shell command `pytest -q`?".into(),
    });
    assert_snapshot!("dialog_question_80x24", harness.screen());
    harness.key(KeyCode::Char('x'));
    assert!(harness.ops().is_empty());
    harness.key(KeyCode::Char('y'));
    assert_eq!(
        harness.ops(),
        vec![Op::Answer {
            question: 12,
            yes: true
        }]
    );
}

#[test]
fn help_overlay_lists_the_keys() {
    let mut harness = Harness::started(160, 48);
    harness.key(KeyCode::F(1));
    assert_snapshot!("help_160x48", harness.screen());
    harness.key(KeyCode::Esc);
    let mut small = Harness::started(80, 24);
    small.key(KeyCode::Tab).key(KeyCode::Char('?'));
    assert_snapshot!("help_80x24", small.screen());
    // `?` in the input box is just a character.
    let mut typing = Harness::started(80, 24);
    typing.type_text("why?").key(KeyCode::Enter);
    assert_eq!(
        typing.ops(),
        vec![Op::Submit {
            text: "why?".into()
        }]
    );
}

#[test]
fn escape_interrupts_a_streaming_reply_and_ctrl_c_twice_quits() {
    let mut harness = Harness::started(80, 24);
    harness
        .event(Event::TurnStarted {
            message: "m".into(),
        })
        .event(Event::ReplyDelta {
            text: "Half a rep".into(),
        });
    harness.key(KeyCode::Esc);
    assert_eq!(harness.ops(), vec![Op::Interrupt]);
    harness
        .event(Event::ReplyFinished {
            usage: TokenUsage::default(),
            cost: None,
            interrupted: true,
        })
        .event(Event::TurnFinished {
            outcome: TurnOutcome::Interrupted,
        });
    assert_snapshot!("screen_interrupted_80x24", harness.screen());
    let ctrl_c = KeyModifiers::CONTROL;
    harness.key_with(KeyCode::Char('c'), ctrl_c);
    assert!(!harness.app.quitting());
    assert!(harness.screen().contains("Ctrl-C again"));
    harness.key_with(KeyCode::Char('c'), ctrl_c);
    assert!(harness.app.quitting());
    assert_eq!(harness.ops(), vec![Op::Quit]);
}

#[test]
fn reflections_command_output_and_notices_show_in_the_chat() {
    let mut harness = Harness::started(80, 24);
    harness
        .event(Event::CommandOutput {
            kind: aider_tui::protocol::CommandKind::Lint,
            command: "flake8 src/greet.py".into(),
            output: "src/greet.py:5:1: E302 expected 2 blank lines".into(),
            success: false,
        })
        .event(Event::ReflectionSent {
            round: 1,
            text: "Fix the lint error in src/greet.py".into(),
        })
        .event(Event::Notice {
            level: NoticeLevel::Error,
            text: "Provider unreachable: connection refused (127.0.0.1:9)".into(),
        })
        .event(Event::TurnFinished {
            outcome: TurnOutcome::Error {
                message: "The model could not be reached; the session goes on.".into(),
            },
        });
    assert_snapshot!("screen_reflection_and_errors_80x24", harness.screen());
}

#[test]
fn chat_scrolls_up_stops_following_and_end_follows_again() {
    let mut harness = Harness::started(80, 24);
    harness.event(Event::TurnStarted {
        message: "m".into(),
    });
    let long: String = (1..=60).map(|n| format!("line {n}\n")).collect();
    harness.event(Event::ReplyDelta { text: long });
    harness.key(KeyCode::Tab);
    assert_eq!(harness.app.focus(), Focus::Chat);
    harness.screen();
    harness.key(KeyCode::PageUp);
    harness.event(Event::ReplyDelta {
        text: "line 61\n".into(),
    });
    let scrolled = harness.screen();
    assert!(scrolled.contains("scrolled"), "{scrolled}");
    assert!(!scrolled.contains("line 61"), "{scrolled}");
    assert_snapshot!("pane_chat_scrolled_80x24", scrolled);
    harness.key(KeyCode::End);
    let following = harness.screen();
    assert!(following.contains("line 61"), "{following}");
}

#[test]
fn completion_and_mentions_in_the_input() {
    let mut harness = Harness::started(80, 24);
    harness
        .type_text("/und")
        .key(KeyCode::Tab)
        .key(KeyCode::Enter);
    assert_eq!(
        harness.ops(),
        vec![Op::Submit {
            text: "/undo".into()
        }]
    );
    harness
        .type_text("/add docs/ma")
        .key(KeyCode::Tab)
        .key(KeyCode::Enter);
    assert_eq!(
        harness.ops(),
        vec![Op::Submit {
            text: "/add docs/manual.md".into()
        }]
    );
    harness
        .type_text("explain @src/main.rs please")
        .key(KeyCode::Enter);
    assert_eq!(
        harness.ops(),
        vec![
            Op::Submit {
                text: "/add src/main.rs".into()
            },
            Op::Submit {
                text: "explain src/main.rs please".into()
            }
        ]
    );
    // Alt-Enter makes a new line; Up recalls the history.
    harness
        .type_text("one")
        .key_with(KeyCode::Enter, KeyModifiers::ALT)
        .type_text("two")
        .key(KeyCode::Enter);
    assert_eq!(
        harness.ops(),
        vec![Op::Submit {
            text: "one\ntwo".into()
        }]
    );
    harness.key(KeyCode::Up).key(KeyCode::Enter);
    assert_eq!(
        harness.ops(),
        vec![Op::Submit {
            text: "one\ntwo".into()
        }]
    );
    // /auto-accept is the UI's own toggle.
    harness.type_text("/auto-accept").key(KeyCode::Enter);
    assert_eq!(harness.ops(), vec![Op::SetAutoAccept { on: true }]);
}

/// Every cell of the screen after a session with code, a diff and a review.
fn colours_of(
    theme: aider_tui::tui::theme::Theme,
) -> Vec<(ratatui::style::Color, ratatui::style::Color)> {
    let dir = tempfile::tempdir().unwrap();
    let mut options = AppOptions::ephemeral(dir.path().to_path_buf());
    options.theme = theme;
    let mut app = App::new(options);
    app.handle_event(Event::Status(status()));
    app.handle_event(Event::CommitLog { commits: commits() });
    app.handle_event(Event::ReplyDelta {
        text: REPLY_HEAD.into(),
    });
    app.handle_event(Event::EditsProposed {
        review: 1,
        edits: proposed_edits(),
    });
    let mut terminal = Terminal::new(TestBackend::new(160, 48)).unwrap();
    app.prepare();
    terminal.draw(|frame| app.draw(frame)).unwrap();
    terminal
        .backend()
        .buffer()
        .content
        .iter()
        .map(|cell| (cell.fg, cell.bg))
        .collect()
}

#[test]
fn no_color_draws_no_colour_at_all() {
    use aider_tui::tui::theme::Theme;
    use ratatui::style::Color;
    let coloured = colours_of(Theme::load("dark", false).unwrap());
    assert!(
        coloured.iter().any(|(fg, _)| *fg != Color::Reset),
        "the dark theme has colours"
    );
    let plain = colours_of(Theme::load("dark", true).unwrap());
    assert!(
        plain
            .iter()
            .all(|(fg, bg)| *fg == Color::Reset && *bg == Color::Reset),
        "a colour survived NO_COLOR"
    );
    let basic = colours_of(Theme::load("ansi16", false).unwrap());
    assert!(
        basic
            .iter()
            .all(|(fg, bg)| !matches!(fg, Color::Rgb(..) | Color::Indexed(_))
                && !matches!(bg, Color::Rgb(..) | Color::Indexed(_))),
        "the ansi16 theme used a colour outside the 16"
    );
}

#[test]
fn a_resize_switches_between_panes_and_tabs() {
    let mut harness = Harness::started(160, 48);
    let wide = harness.screen();
    assert!(
        wide.contains("╭ Commits") && !wide.contains("Tab switches"),
        "{wide}"
    );
    harness.terminal.backend_mut().resize(80, 24);
    let small = harness.screen();
    assert!(
        small.contains("Tab switches") && !small.contains("╭ Commits"),
        "{small}"
    );
    harness.terminal.backend_mut().resize(160, 48);
    assert_eq!(harness.screen(), wide);
}

#[test]
fn with_auto_accept_proposals_show_decided_and_keep_the_focus() {
    let mut harness = Harness::started(80, 24);
    harness.event(Event::Status(SessionStatus {
        auto_accept: true,
        ..status()
    }));
    harness.event(Event::EditsProposed {
        review: 2,
        edits: proposed_edits(),
    });
    assert_eq!(harness.app.focus(), Focus::Input);
    harness.key(KeyCode::Tab).key(KeyCode::Tab);
    assert_eq!(harness.app.focus(), Focus::Diff);
    let screen = harness.screen();
    assert!(screen.contains("Review (decided) [1✓] 2✗"), "{screen}");
    harness.key(KeyCode::Char('y')).key(KeyCode::Enter);
    assert!(
        harness.ops().is_empty(),
        "nothing to decide: the engine applied them"
    );
}

#[test]
fn a_rejected_block_is_not_a_warning_but_a_failed_one_is() {
    let finish = |status: EditStatus| {
        let mut harness = Harness::started(160, 48);
        harness
            .event(Event::TurnStarted {
                message: "rename".into(),
            })
            .event(Event::EditResults {
                results: vec![EditOutcome {
                    id: 0,
                    path: "src/greet.py".into(),
                    status,
                }],
            })
            .event(Event::TurnFinished {
                outcome: TurnOutcome::EditsNotApplied,
            });
        harness.screen()
    };
    let rejected = finish(EditStatus::Rejected);
    assert!(
        rejected.contains("Rejected edit to src/greet.py"),
        "{rejected}"
    );
    assert!(!rejected.contains("could not be applied"), "{rejected}");
    let failed = finish(EditStatus::Failed {
        reason: "the SEARCH text is not in the file".into(),
    });
    assert!(failed.contains("could not be applied"), "{failed}");
}
