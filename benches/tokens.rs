//! Token counting on ~1 MB of this repository's own sources: `count_tokens`
//! against tiktoken-rs's `encode_ordinary` (its encoding built once, outside the
//! timing), and what building that encoding costs, which `count_tokens` does not
//! pay.

// Tests, benchmarks and examples unwrap and print: a failure there is the point.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

use std::hint::black_box;
use std::path::Path;

use aider_tui::tokens::count_tokens;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const TARGET_BYTES: usize = 1 << 20;

/// The crate's sources, concatenated and repeated up to about 1 MB.
fn corpus() -> String {
    let mut files = Vec::new();
    collect(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    files.sort();
    let sources: Vec<String> = files
        .iter()
        .filter_map(|path| std::fs::read_to_string(path).ok())
        .collect();
    let mut text = String::new();
    while text.len() < TARGET_BYTES {
        for source in &sources {
            text.push_str(source);
            if text.len() >= TARGET_BYTES {
                break;
            }
        }
    }
    text
}

fn collect(dir: &Path, files: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, files);
        } else {
            files.push(path);
        }
    }
}

fn bench_tokens(c: &mut Criterion) {
    let text = corpus();
    let bpe = tiktoken_rs::cl100k_base().expect("cl100k_base loads");
    assert_eq!(count_tokens(&text), bpe.encode_ordinary(&text).len());

    let mut group = c.benchmark_group("count_1mb");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(20);
    group.bench_function("aider_tui", |b| b.iter(|| count_tokens(black_box(&text))));
    group.bench_function("tiktoken_rs", |b| {
        b.iter(|| bpe.encode_ordinary(black_box(&text)).len())
    });
    group.finish();

    let mut group = c.benchmark_group("setup");
    group.sample_size(10);
    group.bench_function("tiktoken_rs_cl100k_base", |b| {
        b.iter(|| tiktoken_rs::cl100k_base().expect("cl100k_base loads"))
    });
    group.finish();
}

criterion_group!(benches, bench_tokens);
criterion_main!(benches);
