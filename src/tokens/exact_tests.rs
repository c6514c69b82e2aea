//! `count_tokens` against tiktoken-rs itself: the token sequences (not only their
//! lengths) must be equal, on this repository's files, on generated text full of
//! the pattern's corner cases, and on hand-picked edge cases.

use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use proptest::prelude::*;
use tiktoken_rs::CoreBPE;

use super::count_tokens;
use super::merge::Merger;
use super::split::pieces;
use super::table::TABLE;

static REFERENCE: LazyLock<CoreBPE> =
    LazyLock::new(|| tiktoken_rs::cl100k_base().expect("tiktoken-rs loads cl100k_base"));

/// cl100k's split pattern as tiktoken-rs 0.12.1 passes it to fancy-regex (from
/// `tiktoken_ext/openai_public.rs`), to check the pieces on their own: merging
/// can hide a wrong split when both splits merge to the same tokens.
static PATTERN: LazyLock<fancy_regex::Regex> = LazyLock::new(|| {
    fancy_regex::Regex::new(concat!(
        r"'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+",
        r"| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s",
    ))
    .expect("the pattern compiles")
});

fn reference_pieces(text: &str) -> Vec<&str> {
    PATTERN
        .find_iter(text)
        .map(|found| found.expect("no backtrack limit hit").as_str())
        .collect()
}

/// Our ranks for `text`, from the same split and merge `count_tokens` uses.
fn encode(text: &str) -> Vec<u32> {
    let mut merger = Merger::default();
    let mut ranks = Vec::new();
    for piece in pieces(text) {
        let bytes = piece.as_bytes();
        for bounds in merger.token_bounds(&TABLE, bytes).windows(2) {
            let token = &bytes[bounds[0]..bounds[1]];
            ranks.push(TABLE.rank(token).expect("a merged part is a token"));
        }
    }
    ranks
}

fn assert_same(text: &str) {
    assert_eq!(
        pieces(text).collect::<Vec<_>>(),
        reference_pieces(text),
        "pieces of {text:?}"
    );
    let expected = REFERENCE.encode_ordinary(text);
    assert_eq!(encode(text), expected, "ranks differ for {text:?}");
    assert_eq!(
        count_tokens(text),
        expected.len(),
        "count differs for {text:?}"
    );
}

fn files_under(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir)
        .expect("readable directory")
        .flatten()
    {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, files);
        } else {
            files.push(path);
        }
    }
}

#[test]
fn repository_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "queries", "tests"] {
        files_under(&root.join(dir), &mut files);
    }
    let mut checked = 0;
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let expected = REFERENCE.encode_ordinary(&text);
        let same_pieces = pieces(&text).eq(reference_pieces(&text));
        assert!(same_pieces, "pieces differ for {}", path.display());
        assert!(
            encode(&text) == expected,
            "ranks differ for {}",
            path.display()
        );
        assert_eq!(count_tokens(&text), expected.len(), "{}", path.display());
        checked += 1;
    }
    assert!(checked > 100, "only {checked} files read");
}

#[test]
fn edge_cases() {
    let long_runs = [
        "a".repeat(500),
        " ".repeat(300),
        "\n".repeat(200),
        "=".repeat(257),
        "7".repeat(100),
        "ab".repeat(150),
        "中".repeat(90),
        "😀".repeat(40),
        format!("x{}y", " ".repeat(120)),
        format!("{}!", "é".repeat(80)),
        "\u{301}".repeat(70),
        "supercalifragilisticexpialidocious".repeat(5),
    ];
    let short = [
        "",
        " ",
        "  x",
        "\n\n  \n",
        "a  \tb",
        "trailing   ",
        "trailing \t ",
        "x \n",
        "'S",
        "'s'T're've'M'll'D",
        "don't I'LL we'Re they'VE",
        "'ſ",
        "'ſam",
        "it'ſt",
        "x'ſS'ſſ",
        "'",
        "''s",
        "123456789",
        "1234 56",
        "x²³⁴ ٣٤٥",
        " !",
        " !!\n\n",
        "\t!",
        "!\r\n\r\nx",
        "a\r\n  b",
        "a \u{A0}b",
        "\u{A0}\u{A0}x",
        "line\u{2028}next",
        "e\u{301}cole cafe\u{301}",
        " \u{301}x",
        "中文 テスト 한국어",
        "👍🏽 ok",
        "fn main() {\n    println!(\"hi\");\n}\n",
        "    indented\n\tand tabbed\n",
        "\r",
        "\r\r\n \n x",
    ];
    for text in long_runs.iter().map(String::as_str).chain(short) {
        assert_same(text);
    }
}

/// Fragments to build text from; common ones are listed more than once.
const FRAGMENTS: &[&str] = &[
    " ", " ", " ", " ", "  ", "\t", "\r", "\n", "\n", "\r\n", "a", "e", "Z", "q", "the", "Foo",
    "xYz", "0", "7", "42", "2024", "'s", "'S", "'t", "'T", "'re", "'Re", "'ve", "'VE", "'m", "'M",
    "'ll", "'Ll", "'d", "'D", "'", "'x", ".", ",", "(", ")", "{", "}", "=", "!", "_", "-", "->",
    "::", "\"", "#", "中", "文", "字", "é", "Ü", "ñ", "\u{301}", "😀", "👍🏽", "\u{A0}", "\u{2028}",
    "ſ", "²", "٣",
];

fn fragment_text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(FRAGMENTS), 0..48).prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_500))]

    #[test]
    fn generated_text(text in fragment_text()) {
        prop_assert_eq!(pieces(&text).collect::<Vec<_>>(), reference_pieces(&text));
        let expected = REFERENCE.encode_ordinary(&text);
        prop_assert_eq!(encode(&text), expected.clone());
        prop_assert_eq!(count_tokens(&text), expected.len());
    }

    /// Long pieces, which merge through the heap rather than the list.
    #[test]
    fn long_pieces(text in "[a-zé]{60,200}|[ \t]{60,200}|[.,;=!-]{60,200}|[a-c]{60,200}") {
        let expected = REFERENCE.encode_ordinary(&text);
        prop_assert_eq!(encode(&text), expected);
    }
}
