//! Frame times of the full-screen UI (issue 5, item 8), measured in process on
//! ratatui's TestBackend at 160×48 with the dark theme (syntax colours on):
//! - `stream/*`: one frame while a reply streams at 2,000 tokens/s — at 60 frames per
//!   second that is ~33 tokens per frame, plus the growing block's live diff — after
//!   0, 2,000 and 8,000 tokens of reply are already on screen;
//! - `diff_10k/*`: a proposed edit on a 10,000-line file: opening the review (parse
//!   and colour the diff, first frame) and one PageDown frame while scrolling it.
//!
//! Run: `cargo bench --bench tui_frames`

// Tests, benchmarks and examples unwrap and print: a failure there is the point.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

use std::hint::black_box;

use aider_tui::diff::{Hunk, hunks_between};
use aider_tui::protocol::{
    BlockDecisionState, BlockState, ChangeKind, EditPreview, Event, Review, ReviewBlock,
};
use aider_tui::tui::{App, AppOptions};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Tokens per frame at 2,000 tokens/s and 60 frames/s.
const TOKENS_PER_FRAME: usize = 34;

/// A reply like a model's: prose, then SEARCH/REPLACE blocks of Python, in small pieces.
fn reply_tokens(count: usize) -> Vec<String> {
    let mut text = String::from("I'll update the parser and add tests.\n\n");
    let mut block = 0;
    while text.len() < count * 4 + 64 {
        text.push_str(&format!(
            "src/module_{block}.py\n```python\n<<<<<<< SEARCH\ndef handler_{block}(event):\n    return event.value\n=======\ndef handler_{block}(event, *, strict=False):\n    \"\"\"Handle one event.\"\"\"\n    if strict and event.value is None:\n        raise ValueError(\"missing value\")\n    return event.value\n>>>>>>> REPLACE\n```\n\nThen `handler_{block}` accepts **strict** mode.\n\n"
        ));
        block += 1;
    }
    // About four bytes a token, cut at character boundaries.
    let chars: Vec<char> = text.chars().collect();
    chars
        .chunks(4)
        .take(count)
        .map(|piece| piece.iter().collect())
        .collect()
}

fn new_app() -> (App, Terminal<TestBackend>, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(AppOptions::ephemeral(dir.path().to_path_buf()));
    app.take_ops();
    app.handle_event(Event::TurnStarted {
        message: "go".into(),
    });
    let terminal = Terminal::new(TestBackend::new(160, 48)).unwrap();
    (app, terminal, dir)
}

fn draw(app: &mut App, terminal: &mut Terminal<TestBackend>) {
    app.prepare();
    terminal.draw(|frame| app.draw(frame)).unwrap();
}

fn stream(c: &mut Criterion) {
    let mut group = c.benchmark_group("stream");
    let tokens = reply_tokens(8_000 + TOKENS_PER_FRAME * 64);
    for already in [0usize, 2_000, 8_000] {
        group.bench_function(format!("frame_after_{already}_tokens"), |b| {
            b.iter_batched(
                || {
                    let (mut app, mut terminal, dir) = new_app();
                    let text: String = tokens[..already].concat();
                    app.handle_event(Event::ReplyDelta { text });
                    draw(&mut app, &mut terminal);
                    (app, terminal, dir)
                },
                |(mut app, mut terminal, dir)| {
                    let mut replace = String::new();
                    for token in &tokens[already..already + TOKENS_PER_FRAME] {
                        app.handle_event(Event::ReplyDelta {
                            text: token.clone(),
                        });
                        replace.push_str(token);
                    }
                    // The engine's preview: the block placed at its lines, growing.
                    let old = "def handler_0(event):\n    return event.value\n";
                    let new_lines: Vec<&str> = replace.lines().collect();
                    let old_lines: Vec<&str> = old.lines().collect();
                    let mut hunks = hunks_between(&old_lines, &new_lines);
                    for hunk in &mut hunks {
                        hunk.old_start += 40;
                        hunk.new_start += 40;
                    }
                    app.handle_event(Event::EditPreview(EditPreview {
                        id: 0,
                        path: "src/module_0.py".into(),
                        complete: false,
                        located: Some(true),
                        hunks,
                        problem: None,
                    }));
                    draw(&mut app, &mut terminal);
                    black_box(&terminal);
                    (app, terminal, dir)
                },
                BatchSize::LargeInput,
            );
        });
    }
    group.finish();
}

/// A 10,000-line Python file and a version with every tenth line changed.
fn big_file() -> (String, String) {
    let mut old = String::new();
    let mut new = String::new();
    for line in 0..10_000 {
        let text = match line % 5 {
            0 => format!("def function_{line}(argument):"),
            1 => format!("    value = argument * {line}"),
            2 => "    if value > 100:".to_string(),
            3 => "        return value - 1".to_string(),
            _ => "    return value".to_string(),
        };
        old.push_str(&text);
        old.push('\n');
        if line % 10 == 1 {
            new.push_str(&format!("    value = argument * {line} + 1  # changed\n"));
        } else {
            new.push_str(&text);
            new.push('\n');
        }
    }
    (old, new)
}

/// A review of one block changing `hunks` in big.py.
fn review_of(hunks: Vec<Hunk>, change: ChangeKind) -> Review {
    Review {
        id: 1,
        blocks: vec![ReviewBlock {
            id: 0,
            path: "big.py".into(),
            revision: 0,
            state: BlockState::Planned { change, hunks },
            decision: BlockDecisionState::Pending,
            replanned: false,
            editable_text: Some(String::new()),
            needs_confirmation: None,
            syntax_error: None,
        }],
        tell_rejected: false,
        auto_accept: false,
        notice: None,
        cut_off: false,
    }
}

fn diff_10k(c: &mut Criterion) {
    let (old, new) = big_file();
    let old_lines: Vec<&str> = old.lines().collect();
    let new_lines: Vec<&str> = new.lines().collect();
    let rewrite = review_of(hunks_between(&old_lines, &new_lines), ChangeKind::Modify);
    let created = review_of(hunks_between(&[], &new_lines), ChangeKind::Create);
    let mut group = c.benchmark_group("diff_10k");
    for (name, review) in [
        ("every_10th_line_changed", &rewrite),
        ("new_file", &created),
    ] {
        group.bench_function(format!("open_{name}"), |b| {
            b.iter_batched(
                new_app,
                |(mut app, mut terminal, dir)| {
                    app.handle_event(Event::ReviewStarted(review.clone()));
                    draw(&mut app, &mut terminal);
                    (app, terminal, dir)
                },
                BatchSize::LargeInput,
            );
        });
        let (mut app, mut terminal, _dir) = new_app();
        app.handle_event(Event::ReviewStarted(review.clone()));
        draw(&mut app, &mut terminal);
        let mut pages = 0;
        group.bench_function(format!("scroll_frame_{name}"), |b| {
            b.iter(|| {
                // Page down to the end, then back to the top, one frame per key.
                let key = if pages < 200 {
                    KeyCode::PageDown
                } else {
                    KeyCode::Home
                };
                pages = if pages < 200 { pages + 1 } else { 0 };
                app.handle_key(KeyEvent::new(key, KeyModifiers::NONE));
                draw(&mut app, &mut terminal);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, stream, diff_10k);
criterion_main!(benches);
