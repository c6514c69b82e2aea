#!/bin/sh
# Runs benches/sse.rs in a throwaway crate (criterion, futures, libc, eventsource-stream and
# the decoder's one source file), so a release build of the whole program is not needed.
# Usage: sh benches/sse_standalone.sh   (from the repository root)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
crate="$root/target/sse-bench"
mkdir -p "$crate/src"
cat > "$crate/Cargo.toml" <<TOML
[package]
name = "sse-bench"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]

[dependencies]
futures = "0.3.34"
libc = "0.2.191"
eventsource-stream = "0.2.3"
criterion = { version = "0.7", default-features = false, features = ["cargo_bench_support"] }

[[bench]]
name = "sse"
path = "$root/benches/sse.rs"
harness = false
TOML
: > "$crate/src/lib.rs"
cp "$root/Cargo.lock" "$crate/Cargo.lock"
cargo bench --manifest-path "$crate/Cargo.toml" --bench sse "$@"
