//! Converts an HTML file to Markdown the way `/web` does, and prints how long it took
//! and how much came out (the benchmark of deep pages, `benches/adversarial/bounded.sh`).
//!
//! ```text
//! cargo run --release --example web_markdown -- PAGE.html
//! ```

// Tests, benchmarks and examples unwrap and print: a failure there is the point.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

use std::time::Instant;

fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("usage: web_markdown PAGE.html");
    let html = std::fs::read_to_string(&path).unwrap();
    let start = Instant::now();
    let markdown = aider_tui::web::html_to_markdown(&html);
    let elapsed = start.elapsed();
    println!(
        "{} bytes of HTML -> {} bytes of Markdown in {:.3} s",
        html.len(),
        markdown.len(),
        elapsed.as_secs_f64()
    );
}
