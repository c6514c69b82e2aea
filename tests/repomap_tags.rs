//! Tag extraction per language, on the sample files in tests/fixtures/repomap/languages.

use aider_tui::repomap::{FileTags, TagKind, extract_tags, language_names};

fn tags_of(file: &str) -> FileTags {
    let path = format!(
        "{}/tests/fixtures/repomap/languages/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    extract_tags(file, &text).unwrap_or_else(|| panic!("no grammar for {file}"))
}

/// Asserts that each (name, kind, zero-based line) is among the file's definitions.
fn assert_definitions(tags: &FileTags, expected: &[(&str, TagKind, u32)]) {
    for (name, kind, line) in expected {
        assert!(
            tags.definitions
                .iter()
                .any(|d| d.name == *name && d.kind == *kind && d.line == *line),
            "missing definition {name} ({kind:?}) at line {line}; found {:?}",
            tags.definitions
                .iter()
                .map(|d| (&d.name, d.kind, d.line))
                .collect::<Vec<_>>()
        );
    }
}

fn assert_references(tags: &FileTags, expected: &[&str]) {
    for name in expected {
        assert!(
            tags.references
                .iter()
                .any(|(reference, _)| reference == name),
            "missing reference {name}; found {:?}",
            tags.references
        );
    }
}

fn assert_not_referenced(tags: &FileTags, names: &[&str]) {
    for name in names {
        assert!(
            !tags
                .references
                .iter()
                .any(|(reference, _)| reference == name),
            "unexpected reference {name}"
        );
    }
}

#[test]
fn python() {
    let tags = tags_of("sample.py");
    assert_definitions(
        &tags,
        &[
            ("MAX_SIZE", TagKind::Constant, 3),
            ("Inventory", TagKind::Class, 6),
            ("add_item", TagKind::Method, 9),
            ("total", TagKind::Method, 14),
            ("validate_count", TagKind::Function, 18),
        ],
    );
    assert_references(&tags, &["OrderedDict", "validate_count", "exists"]);
    let class = tags
        .definitions
        .iter()
        .find(|d| d.name == "Inventory")
        .unwrap();
    assert_eq!(class.end_line, 15);
    let source = std::fs::read_to_string(format!(
        "{}/tests/fixtures/repomap/languages/sample.py",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    assert_eq!(
        source.lines().nth(class.line as usize),
        Some("class Inventory(OrderedDict):")
    );
}

#[test]
fn rust() {
    let tags = tags_of("sample.rs");
    assert_definitions(
        &tags,
        &[
            ("DEFAULT_PORT", TagKind::Constant, 2),
            ("Server", TagKind::Struct, 4),
            ("Handler", TagKind::Enum, 8),
            ("Respond", TagKind::Trait, 12),
            ("respond", TagKind::Method, 13),
            ("Server", TagKind::Impl, 16),
            ("new", TagKind::Method, 17),
            ("route", TagKind::Method, 21),
            ("log_route", TagKind::Function, 27),
            ("route_count", TagKind::Macro, 31),
            ("tests", TagKind::Module, 37),
        ],
    );
    assert_references(&tags, &["HashMap", "Handler", "log_route", "insert"]);
    // `struct Server` is a definition, `impl Server` and `-> Server` are uses.
    let server_uses = tags
        .references
        .iter()
        .find(|(name, _)| name == "Server")
        .map(|(_, count)| *count);
    assert_eq!(server_uses, Some(3));
}

#[test]
fn javascript() {
    let tags = tags_of("sample.js");
    assert_definitions(
        &tags,
        &[
            ("API_ROOT", TagKind::Constant, 2),
            ("Client", TagKind::Class, 4),
            ("getUser", TagKind::Method, 9),
            ("buildQuery", TagKind::Function, 14),
            ("formatName", TagKind::Function, 18),
        ],
    );
    assert_references(&tags, &["fetchJson", "URLSearchParams"]);
}

#[test]
fn typescript() {
    let tags = tags_of("sample.ts");
    assert_definitions(
        &tags,
        &[
            ("Shape", TagKind::Interface, 2),
            ("area", TagKind::Method, 3),
            ("Point", TagKind::Type, 6),
            ("Color", TagKind::Enum, 8),
            ("Circle", TagKind::Class, 13),
            ("computeArea", TagKind::Function, 21),
        ],
    );
    assert_references(&tags, &["Logger", "Shape", "computeArea"]);
}

#[test]
fn tsx() {
    let tags = tags_of("sample.tsx");
    assert_definitions(
        &tags,
        &[
            ("CardProps", TagKind::Interface, 3),
            ("UserCard", TagKind::Function, 7),
            ("Badge", TagKind::Function, 11),
        ],
    );
    assert_references(&tags, &["Avatar", "CardProps"]);
    assert_not_referenced(&tags, &["div", "span"]);
}

#[test]
fn go() {
    let tags = tags_of("sample.go");
    assert_definitions(
        &tags,
        &[
            ("MaxItems", TagKind::Constant, 4),
            ("Store", TagKind::Struct, 6),
            ("Item", TagKind::Interface, 10),
            ("Key", TagKind::Method, 11),
            ("Keys", TagKind::Type, 14),
            ("NewStore", TagKind::Function, 16),
            ("Put", TagKind::Method, 20),
        ],
    );
    assert_references(&tags, &["Errorf", "Key", "Item", "Store"]);
}

#[test]
fn java() {
    let tags = tags_of("Sample.java");
    assert_definitions(
        &tags,
        &[
            ("Sample", TagKind::Class, 4),
            ("names", TagKind::Field, 5),
            ("countNames", TagKind::Method, 11),
            ("Greeter", TagKind::Interface, 16),
            ("greet", TagKind::Method, 17),
            ("Level", TagKind::Enum, 20),
        ],
    );
    assert_references(&tags, &["Helpers", "size", "List"]);
}

#[test]
fn c() {
    let tags = tags_of("sample.c");
    assert_definitions(
        &tags,
        &[
            ("BUFFER_SIZE", TagKind::Macro, 2),
            ("point", TagKind::Struct, 4),
            ("point_t", TagKind::Type, 7),
            ("mode", TagKind::Enum, 9),
            ("MODE_READ", TagKind::Constant, 9),
            ("distance", TagKind::Function, 11),
            ("square", TagKind::Function, 13),
            ("distance", TagKind::Function, 17),
        ],
    );
    assert_references(&tags, &["square", "point_t"]);
}

#[test]
fn cpp() {
    let tags = tags_of("sample.cpp");
    assert_definitions(
        &tags,
        &[
            ("geometry", TagKind::Module, 2),
            ("Polygon", TagKind::Class, 4),
            ("sides", TagKind::Method, 7),
            ("Vertex", TagKind::Struct, 11),
            ("sides", TagKind::Method, 15),
            ("perimeter", TagKind::Method, 19),
        ],
    );
    assert_references(&tags, &["count_sides", "sides"]);
}

#[test]
fn c_sharp() {
    let tags = tags_of("sample.cs");
    assert_definitions(
        &tags,
        &[
            ("Shop", TagKind::Module, 2),
            ("IPriced", TagKind::Interface, 4),
            ("Order", TagKind::Class, 9),
            ("Price", TagKind::Field, 11),
            ("Total", TagKind::Method, 18),
            ("Status", TagKind::Enum, 24),
        ],
    );
    assert_references(&tags, &["Discount", "Apply", "IPriced"]);
}

#[test]
fn ruby() {
    let tags = tags_of("sample.rb");
    assert_definitions(
        &tags,
        &[
            ("Billing", TagKind::Module, 0),
            ("RATE", TagKind::Constant, 1),
            ("Invoice", TagKind::Class, 3),
            ("amount", TagKind::Field, 4),
            ("initialize", TagKind::Method, 6),
            ("total", TagKind::Method, 10),
            ("build", TagKind::Method, 14),
        ],
    );
    assert_references(&tags, &["Document", "compute_tax"]);
}

#[test]
fn php() {
    let tags = tags_of("sample.php");
    assert_definitions(
        &tags,
        &[
            ("HasName", TagKind::Interface, 5),
            ("User", TagKind::Class, 10),
            ("TABLE", TagKind::Constant, 12),
            ("name", TagKind::Method, 14),
            ("format_name", TagKind::Function, 20),
        ],
    );
    assert_references(
        &tags,
        &["Model", "HasName", "format_name", "Collection", "join"],
    );
}

#[test]
fn bash() {
    let tags = tags_of("sample.sh");
    assert_definitions(
        &tags,
        &[
            ("OUTPUT_DIR", TagKind::Variable, 1),
            ("build_all", TagKind::Function, 3),
            ("compile_sources", TagKind::Function, 8),
        ],
    );
    assert_references(&tags, &["compile_sources", "build_all", "OUTPUT_DIR"]);
}

#[test]
fn markdown_headings() {
    let tags = tags_of("sample.md");
    assert_definitions(
        &tags,
        &[
            ("Project Title", TagKind::Heading, 0),
            ("Installation", TagKind::Heading, 4),
            ("Usage Notes", TagKind::Heading, 8),
        ],
    );
    assert!(tags.references.is_empty());
}

#[test]
fn every_language_has_a_sample() {
    let samples = [
        "python",
        "rust",
        "javascript",
        "typescript",
        "tsx",
        "go",
        "java",
        "c",
        "cpp",
        "c_sharp",
        "ruby",
        "php",
        "bash",
        "markdown",
    ];
    let names: Vec<&str> = language_names().collect();
    assert_eq!(names, samples);
}

#[test]
fn files_without_a_grammar_have_no_tags() {
    assert!(extract_tags("README", "# not markdown by name").is_none());
    assert!(extract_tags("data.json", "{}").is_none());
}
