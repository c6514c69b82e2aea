#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]
// A build script reports a broken input by panicking, and talks to cargo on stdout.
//! Writes the `cl100k_base` tables that `src/tokens` reads in place:
//!
//! * `cl100k.bin`: every ordinary token's bytes, their offsets and a hash table
//!   from bytes to rank (layout below), taken from tiktoken-rs at build time so
//!   the binary does not need tiktoken-rs at run time;
//! * `cl100k_classes.rs`: the Unicode letter, number and white-space ranges the
//!   split pattern uses, taken from regex-syntax, the crate that gives the
//!   pattern's `\p{L}`, `\p{N}` and `\s` their meaning inside tiktoken-rs.
//!
//! `cl100k.bin`, all integers u32 little-endian:
//!
//! | field   | count          | meaning                                             |
//! |---------|----------------|-----------------------------------------------------|
//! | header  | 2              | rank count `n`, slot count `s` (a power of two)     |
//! | offsets | `n + 1`        | token `r` is `bytes[offsets[r]..offsets[r + 1]]`    |
//! | slots   | `s`            | a rank, or `EMPTY_SLOT`; linear probing from `first_slot` |
//! | bytes   | `offsets[n]`   | all tokens' bytes, in rank order (u8)               |
//!
//! A rank with no token (a gap) has an empty byte range and no slot.
//!
//! It also compiles the tree-sitter grammars kept in `grammars/<lang>/` (their
//! generated C parser, and its external scanner if it has one): the languages
//! whose published crates do not build against our tree-sitter.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::PathBuf;

include!("src/tokens/hash.rs");

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/tokens/hash.rs");
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out_dir.join("cl100k.bin"), token_table()).expect("write cl100k.bin");
    std::fs::write(out_dir.join("cl100k_classes.rs"), char_classes())
        .expect("write cl100k_classes.rs");
    compile_vendored_grammars();
}

/// The grammars under `grammars/`, each built into its own static library that
/// exports `tree_sitter_<lang>`.
const VENDORED_GRAMMARS: [&str; 3] = ["udev", "chatito", "pony"];

fn compile_vendored_grammars() {
    for name in VENDORED_GRAMMARS {
        let dir = PathBuf::from("grammars").join(name);
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut build = cc::Build::new();
        build
            .include(&dir)
            .std("c11")
            .warnings(false)
            .file(dir.join("parser.c"));
        let scanner = dir.join("scanner.c");
        if scanner.exists() {
            build.file(scanner);
        }
        build.compile(&format!("tree-sitter-{name}"));
    }
}

/// The ordinary tokens by rank (`None` for a gap), without the special tokens.
fn ordinary_tokens() -> Vec<Option<Vec<u8>>> {
    let bpe = tiktoken_rs::cl100k_base().expect("tiktoken-rs loads cl100k_base");
    let special: HashSet<u32> = bpe
        .special_tokens()
        .into_iter()
        .flat_map(|name| bpe.encode_with_special_tokens(name))
        .collect();
    let first_special = *special
        .iter()
        .min()
        .expect("cl100k_base has special tokens");
    let mut tokens: Vec<Option<Vec<u8>>> = (0..first_special)
        .map(|rank| bpe.decode_bytes(&[rank]).ok())
        .collect();
    // Ordinary ranks above the first special one, if any, up to a run of misses.
    let mut rank = first_special;
    let mut misses = 0;
    while misses < 1024 {
        match bpe.decode_bytes(&[rank]) {
            Ok(bytes) if !special.contains(&rank) => {
                tokens.resize(rank as usize, None);
                tokens.push(Some(bytes));
                misses = 0;
            }
            Ok(_) => misses = 0,
            Err(_) => misses += 1,
        }
        rank += 1;
    }
    while tokens.last().is_some_and(Option::is_none) {
        tokens.pop();
    }
    tokens
}

fn token_table() -> Vec<u8> {
    let tokens = ordinary_tokens();
    let present = tokens.iter().flatten().count();
    assert!(
        present > 100_000,
        "cl100k_base has about 100k tokens, got {present}"
    );
    let slot_count = (present * 2).next_power_of_two();
    let mut slots = vec![EMPTY_SLOT; slot_count];
    let mut offsets = Vec::with_capacity(tokens.len() + 1);
    let mut bytes = Vec::new();
    for (rank, token) in tokens.iter().enumerate() {
        offsets.push(u32::try_from(bytes.len()).expect("token bytes fit in u32"));
        let Some(token) = token else { continue };
        bytes.extend_from_slice(token);
        let mut slot = first_slot(token, slot_count);
        while slots[slot] != EMPTY_SLOT {
            slot = (slot + 1) & (slot_count - 1);
        }
        slots[slot] = u32::try_from(rank).expect("ranks fit in u32");
    }
    offsets.push(u32::try_from(bytes.len()).expect("token bytes fit in u32"));

    let words = [tokens.len() as u32, slot_count as u32]
        .into_iter()
        .chain(offsets)
        .chain(slots);
    let mut out = Vec::new();
    for word in words {
        out.extend_from_slice(&word.to_le_bytes());
    }
    out.extend_from_slice(&bytes);
    out
}

/// Rust source for three sorted range tables: `LETTERS` (`\p{L}`), `NUMBERS`
/// (`\p{N}`) and `SPACES` (`\s`), as regex-syntax defines them.
fn char_classes() -> String {
    let mut out = String::from("// Generated by build.rs from regex-syntax. Do not edit.\n");
    for (name, pattern) in [
        ("LETTERS", r"\p{L}"),
        ("NUMBERS", r"\p{N}"),
        ("SPACES", r"\s"),
    ] {
        let hir = regex_syntax::parse(pattern).expect("class pattern parses");
        let regex_syntax::hir::HirKind::Class(regex_syntax::hir::Class::Unicode(class)) =
            hir.kind()
        else {
            panic!("{pattern} is not a Unicode class");
        };
        writeln!(out, "pub(super) static {name}: &[(u32, u32)] = &[").unwrap();
        for range in class.ranges() {
            writeln!(
                out,
                "    (0x{:X}, 0x{:X}),",
                range.start() as u32,
                range.end() as u32
            )
            .unwrap();
        }
        out.push_str("];\n");
    }
    out
}
