//! The languages the map parses: file extensions, grammar and tags query.
//!
//! Each query is a `queries/<name>-tags.scm` file embedded at build time and
//! compiled once, on first use, per language.

use std::sync::OnceLock;

use tree_sitter::{Language as Grammar, Query};

/// One supported language.
pub struct Language {
    /// Short name, also the query file's stem (`queries/<name>-tags.scm`).
    pub name: &'static str,
    /// File extensions (lower case, no dot).
    pub extensions: &'static [&'static str],
    /// The grammar.
    pub grammar: fn() -> Grammar,
    /// The tags query source.
    pub query_source: &'static str,
}

/// Every language with a grammar, in a fixed order (an index is a language id).
pub static LANGUAGES: [Language; 43] = [
    Language {
        name: "python",
        extensions: &["py", "pyi", "pyw"],
        grammar: || tree_sitter_python::LANGUAGE.into(),
        query_source: include_str!("../../queries/python-tags.scm"),
    },
    Language {
        name: "rust",
        extensions: &["rs"],
        grammar: || tree_sitter_rust::LANGUAGE.into(),
        query_source: include_str!("../../queries/rust-tags.scm"),
    },
    Language {
        name: "javascript",
        extensions: &["js", "mjs", "cjs", "jsx"],
        grammar: || tree_sitter_javascript::LANGUAGE.into(),
        query_source: include_str!("../../queries/javascript-tags.scm"),
    },
    Language {
        name: "typescript",
        extensions: &["ts", "mts", "cts"],
        grammar: || tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
        query_source: include_str!("../../queries/typescript-tags.scm"),
    },
    Language {
        name: "tsx",
        extensions: &["tsx"],
        grammar: || tree_sitter_typescript::LANGUAGE_TSX.into(),
        // TSX is TypeScript plus JSX: its file holds only what JSX adds.
        query_source: concat!(
            include_str!("../../queries/typescript-tags.scm"),
            include_str!("../../queries/tsx-tags.scm")
        ),
    },
    Language {
        name: "go",
        extensions: &["go"],
        grammar: || tree_sitter_go::LANGUAGE.into(),
        query_source: include_str!("../../queries/go-tags.scm"),
    },
    Language {
        name: "java",
        extensions: &["java"],
        grammar: || tree_sitter_java::LANGUAGE.into(),
        query_source: include_str!("../../queries/java-tags.scm"),
    },
    Language {
        name: "c",
        extensions: &["c", "h"],
        grammar: || tree_sitter_c::LANGUAGE.into(),
        query_source: include_str!("../../queries/c-tags.scm"),
    },
    Language {
        name: "cpp",
        extensions: &[
            "cc", "cpp", "cxx", "c++", "hpp", "hh", "hxx", "h++", "ipp", "tpp",
        ],
        grammar: || tree_sitter_cpp::LANGUAGE.into(),
        query_source: include_str!("../../queries/cpp-tags.scm"),
    },
    Language {
        name: "c_sharp",
        extensions: &["cs"],
        grammar: || tree_sitter_c_sharp::LANGUAGE.into(),
        query_source: include_str!("../../queries/c_sharp-tags.scm"),
    },
    Language {
        name: "ruby",
        extensions: &["rb", "rake", "gemspec", "ru"],
        grammar: || tree_sitter_ruby::LANGUAGE.into(),
        query_source: include_str!("../../queries/ruby-tags.scm"),
    },
    Language {
        name: "php",
        extensions: &["php", "phtml"],
        grammar: || tree_sitter_php::LANGUAGE_PHP.into(),
        query_source: include_str!("../../queries/php-tags.scm"),
    },
    Language {
        name: "bash",
        extensions: &["sh", "bash"],
        grammar: || tree_sitter_bash::LANGUAGE.into(),
        query_source: include_str!("../../queries/bash-tags.scm"),
    },
    Language {
        name: "markdown",
        extensions: &["md", "markdown"],
        grammar: || tree_sitter_md::LANGUAGE.into(),
        query_source: include_str!("../../queries/markdown-tags.scm"),
    },
    Language {
        name: "arduino",
        extensions: &["ino"],
        grammar: || tree_sitter_arduino::LANGUAGE.into(),
        query_source: include_str!("../../queries/arduino-tags.scm"),
    },
    Language {
        name: "clojure",
        extensions: &["clj", "cljs", "cljc", "edn"],
        grammar: || tree_sitter_clojure_orchard::LANGUAGE.into(),
        query_source: include_str!("../../queries/clojure-tags.scm"),
    },
    Language {
        name: "commonlisp",
        extensions: &["lisp", "lsp", "cl", "asd"],
        grammar: || tree_sitter_commonlisp::LANGUAGE_COMMONLISP.into(),
        query_source: include_str!("../../queries/commonlisp-tags.scm"),
    },
    Language {
        name: "d",
        extensions: &["d", "di"],
        grammar: || tree_sitter_d::LANGUAGE.into(),
        query_source: include_str!("../../queries/d-tags.scm"),
    },
    Language {
        name: "dart",
        extensions: &["dart"],
        grammar: || tree_sitter_dart::LANGUAGE.into(),
        query_source: include_str!("../../queries/dart-tags.scm"),
    },
    Language {
        name: "elisp",
        extensions: &["el"],
        grammar: || tree_sitter_elisp::LANGUAGE.into(),
        query_source: include_str!("../../queries/elisp-tags.scm"),
    },
    Language {
        name: "elixir",
        extensions: &["ex", "exs"],
        grammar: || tree_sitter_elixir::LANGUAGE.into(),
        query_source: include_str!("../../queries/elixir-tags.scm"),
    },
    Language {
        name: "elm",
        extensions: &["elm"],
        grammar: || tree_sitter_elm::LANGUAGE.into(),
        query_source: include_str!("../../queries/elm-tags.scm"),
    },
    Language {
        name: "fortran",
        extensions: &["f", "for", "f77", "f90", "f95", "f03", "f08"],
        grammar: || tree_sitter_fortran::LANGUAGE.into(),
        query_source: include_str!("../../queries/fortran-tags.scm"),
    },
    Language {
        name: "gleam",
        extensions: &["gleam"],
        grammar: || tree_sitter_gleam::LANGUAGE.into(),
        query_source: include_str!("../../queries/gleam-tags.scm"),
    },
    Language {
        name: "haskell",
        extensions: &["hs", "lhs"],
        grammar: || tree_sitter_haskell::LANGUAGE.into(),
        query_source: include_str!("../../queries/haskell-tags.scm"),
    },
    Language {
        name: "hcl",
        extensions: &["hcl", "tf", "tfvars"],
        grammar: || tree_sitter_hcl::LANGUAGE.into(),
        query_source: include_str!("../../queries/hcl-tags.scm"),
    },
    Language {
        name: "julia",
        extensions: &["jl"],
        grammar: || tree_sitter_julia::LANGUAGE.into(),
        query_source: include_str!("../../queries/julia-tags.scm"),
    },
    Language {
        name: "kotlin",
        extensions: &["kt", "kts"],
        grammar: || tree_sitter_kotlin_ng::LANGUAGE.into(),
        query_source: include_str!("../../queries/kotlin-tags.scm"),
    },
    Language {
        name: "lua",
        extensions: &["lua"],
        grammar: || tree_sitter_lua::LANGUAGE.into(),
        query_source: include_str!("../../queries/lua-tags.scm"),
    },
    Language {
        name: "matlab",
        extensions: &["m"],
        grammar: || tree_sitter_matlab::LANGUAGE.into(),
        query_source: include_str!("../../queries/matlab-tags.scm"),
    },
    Language {
        name: "ocaml",
        extensions: &["ml"],
        grammar: || tree_sitter_ocaml::LANGUAGE_OCAML.into(),
        query_source: include_str!("../../queries/ocaml-tags.scm"),
    },
    Language {
        name: "ocaml_interface",
        extensions: &["mli"],
        grammar: || tree_sitter_ocaml::LANGUAGE_OCAML_INTERFACE.into(),
        query_source: include_str!("../../queries/ocaml_interface-tags.scm"),
    },
    Language {
        name: "properties",
        extensions: &["properties"],
        grammar: || tree_sitter_properties::LANGUAGE.into(),
        query_source: include_str!("../../queries/properties-tags.scm"),
    },
    Language {
        name: "ql",
        extensions: &["ql", "qll"],
        grammar: || tree_sitter_ql::LANGUAGE.into(),
        query_source: include_str!("../../queries/ql-tags.scm"),
    },
    Language {
        name: "r",
        extensions: &["r"],
        grammar: || tree_sitter_r::LANGUAGE.into(),
        query_source: include_str!("../../queries/r-tags.scm"),
    },
    Language {
        name: "racket",
        extensions: &["rkt"],
        grammar: || tree_sitter_racket::LANGUAGE.into(),
        query_source: include_str!("../../queries/racket-tags.scm"),
    },
    Language {
        name: "scala",
        extensions: &["scala", "sc"],
        grammar: || tree_sitter_scala::LANGUAGE.into(),
        query_source: include_str!("../../queries/scala-tags.scm"),
    },
    Language {
        name: "solidity",
        extensions: &["sol"],
        grammar: || tree_sitter_solidity::LANGUAGE.into(),
        query_source: include_str!("../../queries/solidity-tags.scm"),
    },
    Language {
        name: "swift",
        extensions: &["swift"],
        grammar: || tree_sitter_swift::LANGUAGE.into(),
        query_source: include_str!("../../queries/swift-tags.scm"),
    },
    Language {
        name: "zig",
        extensions: &["zig"],
        grammar: || tree_sitter_zig::LANGUAGE.into(),
        query_source: include_str!("../../queries/zig-tags.scm"),
    },
    Language {
        name: "udev",
        extensions: &["rules"],
        grammar: || vendored::UDEV.into(),
        query_source: include_str!("../../queries/udev-tags.scm"),
    },
    Language {
        name: "chatito",
        extensions: &["chatito"],
        grammar: || vendored::CHATITO.into(),
        query_source: include_str!("../../queries/chatito-tags.scm"),
    },
    Language {
        name: "pony",
        extensions: &["pony"],
        grammar: || vendored::PONY.into(),
        query_source: include_str!("../../queries/pony-tags.scm"),
    },
];

/// The grammars `build.rs` compiles from the C sources in `grammars/<lang>/`.
mod vendored {
    use tree_sitter_language::LanguageFn;

    unsafe extern "C" {
        fn tree_sitter_udev() -> *const ();
        fn tree_sitter_chatito() -> *const ();
        fn tree_sitter_pony() -> *const ();
    }

    // SAFETY: each function is a generated parser's entry point, linked by
    // `build.rs`; it returns a pointer to that parser's static language table.
    pub const UDEV: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_udev) };
    pub const CHATITO: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_chatito) };
    pub const PONY: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_pony) };
}

/// Compiled queries, one slot per entry of [`LANGUAGES`].
static QUERIES: [OnceLock<Option<Query>>; LANGUAGES.len()] =
    [const { OnceLock::new() }; LANGUAGES.len()];

/// The language id (index into [`LANGUAGES`]) for a relative path, by extension.
pub fn language_for_path(rel_path: &str) -> Option<usize> {
    let file_name = rel_path.rsplit('/').next().unwrap_or(rel_path);
    let (_, extension) = file_name.rsplit_once('.')?;
    let extension = extension.to_ascii_lowercase();
    LANGUAGES
        .iter()
        .position(|language| language.extensions.contains(&extension.as_str()))
}

/// The id of Go in [`LANGUAGES`] (its lower-case names are package-private).
pub const GO: usize = 5;

/// The id of Markdown in [`LANGUAGES`].
pub const MARKDOWN: usize = 13;

/// Languages whose files can call each other's code share a family; identifiers
/// shared across families (Python's `list.append` and jQuery's `append`) are
/// coincidences and make no edges.
pub fn family(id: usize) -> u8 {
    match LANGUAGES.get(id).map(|language| language.name) {
        Some("javascript" | "typescript" | "tsx") => 200,
        Some("c" | "cpp" | "arduino") => 201,
        // Kotlin and Scala call Java classes and each other.
        Some("java" | "kotlin" | "scala") => 202,
        Some("ocaml" | "ocaml_interface") => 203,
        _ => id as u8,
    }
}

/// Compiles a language's query against its grammar.
pub fn compile_query(id: usize) -> Result<Query, tree_sitter::QueryError> {
    let language = &LANGUAGES[id];
    Query::new(&(language.grammar)(), language.query_source)
}

/// The compiled query of a language (compiled on first use; `None` if it does not
/// compile, which the query test rules out for shipped queries).
pub fn query(id: usize) -> Option<&'static Query> {
    QUERIES
        .get(id)?
        .get_or_init(|| compile_query(id).ok())
        .as_ref()
}

/// A fingerprint of every query and of the extractor, part of the cache key:
/// changing a query or the grammar list invalidates cached tags.
pub fn query_fingerprint() -> u64 {
    let mut hash = super::fnv::Fnv::default();
    hash.feed(super::tags::EXTRACTOR_VERSION.as_bytes());
    for language in &LANGUAGES {
        hash.feed(language.name.as_bytes());
        hash.feed(language.query_source.as_bytes());
        hash.feed(&(language.grammar)().abi_version().to_le_bytes());
    }
    hash.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_query_compiles_against_its_grammar() {
        let mut failures = Vec::new();
        for (id, language) in LANGUAGES.iter().enumerate() {
            if let Err(err) = compile_query(id) {
                failures.push(format!("{}: {err}", language.name));
            }
        }
        assert!(
            failures.is_empty(),
            "queries that do not compile:\n{}",
            failures.join("\n")
        );
    }

    #[test]
    fn markdown_id_is_markdown() {
        assert_eq!(LANGUAGES[MARKDOWN].name, "markdown");
    }

    #[test]
    fn go_id_is_go() {
        assert_eq!(LANGUAGES[GO].name, "go");
        assert_eq!(family(2), family(4));
        assert_ne!(family(0), family(1));
    }

    #[test]
    fn picks_language_by_extension() {
        assert_eq!(
            LANGUAGES[language_for_path("src/a.rs").unwrap()].name,
            "rust"
        );
        assert_eq!(LANGUAGES[language_for_path("x/Y.TSX").unwrap()].name, "tsx");
        assert_eq!(LANGUAGES[language_for_path("inc/foo.h").unwrap()].name, "c");
        let name = |path: &str| LANGUAGES[language_for_path(path).unwrap()].name;
        assert_eq!(name("R/report.R"), "r");
        assert_eq!(name("infra/main.tf"), "hcl");
        assert_eq!(name("lib/cart.mli"), "ocaml_interface");
        assert_eq!(name("conf/app.properties"), "properties");
        assert_eq!(name("rules.d/99-serial.rules"), "udev");
        assert_eq!(name("data/pizza.chatito"), "chatito");
        assert_eq!(name("src/main.pony"), "pony");
        assert_eq!(
            family(language_for_path("a.kt").unwrap()),
            family(language_for_path("A.java").unwrap())
        );
        assert_eq!(language_for_path("Makefile"), None);
        assert_eq!(language_for_path("archive.tar.gz"), None);
    }
}
