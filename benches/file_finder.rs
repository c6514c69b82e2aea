//! The file finder on a repository-sized list (issue #12.8's finder item):
//! - `rank/*`: ranking a list with nucleo-matcher for one query (what the matcher
//!   thread does per query, and what a short list costs on the keystroke itself);
//! - `keystroke/*`: one key typed into the open finder, through the app, with 80,000
//!   files (the query goes to the matcher thread; the key returns at once).
//!
//! The paths are made up but shaped like a kernel tree's (2 to 6 folders deep, common
//! folder and file names, `.c`/`.h`/`.rs`/`.py`/`.md` files), the same every run.
//!
//! Run: `cargo bench --bench file_finder`

// Tests, benchmarks and examples unwrap and print: a failure there is the point.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

use std::hint::black_box;

use aider_tui::protocol::Event;
use aider_tui::tui::fuzzy::rank;
use aider_tui::tui::{App, AppOptions};
use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

const FOLDERS: [&str; 24] = [
    "drivers",
    "net",
    "ethernet",
    "intel",
    "gpu",
    "drm",
    "fs",
    "ext4",
    "arch",
    "x86",
    "kernel",
    "sound",
    "soc",
    "codecs",
    "include",
    "linux",
    "tools",
    "testing",
    "selftests",
    "lib",
    "crypto",
    "mm",
    "usb",
    "core",
];
const NAMES: [&str; 20] = [
    "main", "core", "init", "util", "device", "driver", "queue", "buffer", "config", "power",
    "debug", "table", "parser", "stream", "socket", "memory", "timer", "event", "mod", "test",
];
const EXTENSIONS: [&str; 6] = ["c", "h", "c", "rs", "py", "md"];

/// `count` distinct paths, the same every run.
fn paths(count: usize) -> Vec<String> {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |below: usize| {
        // xorshift: cheap and deterministic.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % below as u64) as usize
    };
    (0..count)
        .map(|index| {
            let depth = 2 + next(5);
            let mut path = String::new();
            for _ in 0..depth {
                path.push_str(FOLDERS[next(FOLDERS.len())]);
                path.push('/');
            }
            path.push_str(&format!(
                "{}_{}{index}.{}",
                NAMES[next(NAMES.len())],
                NAMES[next(NAMES.len())],
                EXTENSIONS[next(EXTENSIONS.len())]
            ));
            path
        })
        .collect()
}

fn ranking(c: &mut Criterion) {
    let mut group = c.benchmark_group("rank");
    for count in [2_000, 80_000] {
        let files = paths(count);
        for query in ["a", "main.c", "drvnetintel", "usb core"] {
            group.bench_function(format!("{count}/{query}"), |b| {
                b.iter(|| black_box(rank(black_box(query), &files, 200).len()))
            });
        }
    }
    group.finish();
}

fn keystroke(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut app = App::new(AppOptions::ephemeral(dir.path().to_path_buf()));
    app.handle_event(Event::RepoFiles {
        files: paths(80_000),
    });
    let press =
        |app: &mut App, code: KeyCode| app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
    // Tab to the files pane, `a` opens the finder, then a query that is being typed.
    for code in [KeyCode::Tab, KeyCode::Tab, KeyCode::Tab, KeyCode::Char('a')] {
        press(&mut app, code);
    }
    for c in "drv".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("a test terminal");
    terminal.draw(|frame| app.draw(frame)).expect("a frame");
    let screen = terminal.backend().to_string();
    assert!(
        screen.contains("Add file"),
        "the finder is not open:\n{screen}"
    );
    let mut group = c.benchmark_group("keystroke");
    group.bench_function("80000/type_and_erase", |b| {
        b.iter(|| {
            press(&mut app, KeyCode::Char('n'));
            press(&mut app, KeyCode::Backspace);
            // The frame's share: take whatever results have arrived (never waits).
            app.prepare();
        })
    });
    group.finish();
}

criterion_group!(benches, ranking, keystroke);
criterion_main!(benches);
