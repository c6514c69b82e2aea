//! What a message's words cost the map (issue #37 item 6): extracting the words
//! of a message and scoring every file of a warm map against them (the lexical
//! index in memory, as in a session after its first message).
//!
//! The tree is `MAP_BENCH_TREE` (a folder; skipped when unset): the issue's
//! targets are under 20 ms on the Linux tree and under 5 ms on tokio
//! (`benches/repomap/fetch.sh linux tokio`). The tag store is the user's
//! (`XDG_CACHE_HOME`), so a tree mapped before opens warm.
//!
//! Run: `MAP_BENCH_TREE=/path/to/linux cargo bench --bench map_message`

// Tests, benchmarks and examples unwrap and print: a failure there is the point.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

use std::hint::black_box;

use aider_tui::repomap::{MapOptions, RepoMap};
use criterion::{Criterion, criterion_group, criterion_main};

/// Requests of the kinds the issue names: plain words, a name the tree lacks,
/// and a long commit-message-sized one.
const MESSAGES: [(&str, &str); 3] = [
    ("plain", "fix the password lookup's use of f=v settings"),
    ("new_name", "io: add copy_bidirectional_with_sizes"),
    (
        "long",
        "net: fix a use-after-free when the socket is closed while a timer \
         still holds a reference to the connection; the retransmit path now \
         takes the lock before it reads the queue, and the scheduler no longer \
         wakes a task whose buffer was released by the driver's reset handler",
    ),
];

fn message_words(c: &mut Criterion) {
    let Some(tree) = std::env::var_os("MAP_BENCH_TREE") else {
        eprintln!("MAP_BENCH_TREE is not set: nothing to measure");
        return;
    };
    let mut map = RepoMap::open(std::path::Path::new(&tree), MapOptions::default()).unwrap();
    let stats = map.refresh().unwrap();
    eprintln!("{} files mapped", stats.files);
    // The first scoring reads (or builds) the index: a session pays it once.
    let started = std::time::Instant::now();
    let first = map.message_relevance(MESSAGES[0].1);
    eprintln!(
        "index ready and first message scored in {:.3}s; best: {:?}",
        started.elapsed().as_secs_f64(),
        first.first()
    );
    let mut group = c.benchmark_group("message_words");
    for (name, message) in MESSAGES {
        group.bench_function(name, |b| {
            b.iter(|| black_box(map.message_relevance(black_box(message))))
        });
    }
    group.finish();
    std::mem::forget(map);
}

criterion_group!(benches, message_words);
criterion_main!(benches);
