//! SSE framing: the hand-written `SseDecoder` against the `eventsource-stream` crate on
//! the same bytes, a 20,000-event OpenAI-style stream (one content chunk per token),
//! delivered as TCP-sized reads (1,400 bytes) and as one read per event. Both sides
//! produce the events' data strings; the crate is driven with `futures`' executor.
//! Times are the thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), not wall time, so other
//! work sharing the cores does not count against either side.
//!
//! It also checks a behaviour: a body that ends with `data: [DONE]` but without the
//! final blank line (some servers end so) still yields `[DONE]` here; the crate drops
//! that last event at the end of the stream.
//!
//! The decoder is included by path, not through the library, so the comparison can
//! also be built alone, without compiling the whole program in release mode:
//! `benches/sse_standalone.sh` (what the BENCHMARKS.md figures were measured with).

// Tests, benchmarks and examples unwrap and print: a failure there is the point.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

use std::hint::black_box;
use std::time::Duration;

#[allow(dead_code)] // only the decoder is measured
#[path = "../src/llm/sse.rs"]
mod sse;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use eventsource_stream::Eventsource;
use futures::StreamExt;
use sse::SseDecoder;

const EVENTS: usize = 20_000;

fn stream_bytes() -> Vec<u8> {
    let mut text = String::new();
    for index in 0..EVENTS {
        text.push_str(&format!(
            "data: {{\"id\":\"chatcmpl-9x\",\"object\":\"chat.completion.chunk\",\"created\":1718000000,\"model\":\"gpt-4o\",\"choices\":[{{\"index\":0,\"delta\":{{\"content\":\" tok{index} ✓\"}},\"finish_reason\":null}}],\"usage\":null}}\n\n"
        ));
    }
    text.push_str("data: [DONE]\n\n");
    text.into_bytes()
}

fn pieces(bytes: &[u8], per_event: bool) -> Vec<Vec<u8>> {
    if per_event {
        let text = String::from_utf8_lossy(bytes);
        text.split_inclusive("\n\n")
            .map(|event| event.as_bytes().to_vec())
            .collect()
    } else {
        bytes.chunks(1_400).map(<[u8]>::to_vec).collect()
    }
}

fn hand_written(pieces: &[Vec<u8>]) -> usize {
    let mut decoder = SseDecoder::new();
    let mut data = 0;
    for piece in pieces {
        for event in decoder.push(piece) {
            data += event.data.len();
        }
    }
    data
}

fn crate_decoder(pieces: &[Vec<u8>]) -> usize {
    let stream = futures::stream::iter(
        pieces
            .iter()
            .map(|piece| Ok::<_, std::io::Error>(piece.as_slice())),
    );
    futures::executor::block_on(async {
        let mut events = stream.eventsource();
        let mut data = 0;
        while let Some(event) = events.next().await {
            data += event.map(|event| event.data.len()).unwrap_or(0);
        }
        data
    })
}

/// CPU time this thread has used.
fn thread_cpu_time() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec through a valid pointer.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

fn cpu_timed(iterations: u64, mut run: impl FnMut() -> usize) -> Duration {
    let start = thread_cpu_time();
    for _ in 0..iterations {
        black_box(run());
    }
    thread_cpu_time() - start
}

/// The last event's data when the body ends right after it, with no blank line.
fn last_event_without_blank_line() -> (Option<String>, Option<String>) {
    let body: &[u8] = b"data: one\n\ndata: [DONE]";
    let mut decoder = SseDecoder::new();
    let mut ours: Vec<String> = decoder
        .push(body)
        .into_iter()
        .map(|event| event.data)
        .collect();
    ours.extend(decoder.finish().map(|event| event.data));
    let theirs: Vec<String> = futures::executor::block_on(
        futures::stream::iter([Ok::<_, std::io::Error>(body)])
            .eventsource()
            .filter_map(|event| async move { event.ok().map(|event| event.data) })
            .collect(),
    );
    (ours.last().cloned(), theirs.last().cloned())
}

fn bench_sse(c: &mut Criterion) {
    let (ours, theirs) = last_event_without_blank_line();
    println!(
        "last event of a body without its final blank line: aider_tui {ours:?}, eventsource_stream {theirs:?}"
    );
    let bytes = stream_bytes();
    for (name, per_event) in [("tcp_reads", false), ("one_read_per_event", true)] {
        let input = pieces(&bytes, per_event);
        assert_eq!(
            hand_written(&input),
            crate_decoder(&input),
            "both decode the same data"
        );
        let mut group = c.benchmark_group(format!("sse_{name}"));
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.sample_size(20);
        group.bench_function("aider_tui", |b| {
            b.iter_custom(|iterations| cpu_timed(iterations, || hand_written(black_box(&input))))
        });
        group.bench_function("eventsource_stream", |b| {
            b.iter_custom(|iterations| cpu_timed(iterations, || crate_decoder(black_box(&input))))
        });
        group.finish();
    }
}

criterion_group!(benches, bench_sse);
criterion_main!(benches);
