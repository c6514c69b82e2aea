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
fn arduino() {
    let tags = tags_of("sample.ino");
    assert_definitions(
        &tags,
        &[
            ("LED_PIN", TagKind::Variable, 2),
            ("readSensorLevel", TagKind::Function, 5),
            ("setup", TagKind::Function, 9),
            ("loop", TagKind::Function, 14),
        ],
    );
    assert_references(&tags, &["readSensorLevel", "pinMode", "Servo", "LED_PIN"]);
}

#[test]
fn clojure() {
    let tags = tags_of("sample.clj");
    assert_definitions(
        &tags,
        &[
            ("shop.inventory", TagKind::Module, 0),
            ("max-items", TagKind::Variable, 3),
            ("Item", TagKind::Class, 5),
            ("total-price", TagKind::Function, 7),
            ("with-audit", TagKind::Macro, 12),
            ("restock", TagKind::Function, 15),
        ],
    );
    assert_references(&tags, &["total-price", "reduce", "log-event"]);
}

#[test]
fn common_lisp() {
    let tags = tags_of("sample.lisp");
    assert_definitions(
        &tags,
        &[
            ("geometry", TagKind::Module, 0),
            ("*unit-scale*", TagKind::Variable, 3),
            ("shape", TagKind::Class, 5),
            ("area", TagKind::Method, 16),
            ("square", TagKind::Function, 10),
            ("with-scale", TagKind::Macro, 13),
        ],
    );
    assert_references(&tags, &["square", "scale-length"]);
}

#[test]
fn d() {
    let tags = tags_of("sample.d");
    assert_definitions(
        &tags,
        &[
            ("app.inventory", TagKind::Module, 0),
            ("MAX_ITEMS", TagKind::Constant, 4),
            ("Item", TagKind::Struct, 6),
            ("Inventory", TagKind::Class, 11),
            ("sumPrices", TagKind::Function, 21),
        ],
    );
    assert_references(&tags, &["sumPrices", "writeln", "Item"]);
}

#[test]
fn dart() {
    let tags = tags_of("sample.dart");
    assert_definitions(
        &tags,
        &[
            ("maxItems", TagKind::Constant, 2),
            ("Shape", TagKind::Class, 4),
            ("Circle", TagKind::Class, 8),
            ("area", TagKind::Method, 13),
            ("Color", TagKind::Enum, 16),
            ("computeArea", TagKind::Function, 18),
            ("main", TagKind::Function, 22),
        ],
    );
    assert_references(&tags, &["computeArea", "Shape", "Circle"]);
}

#[test]
fn elisp() {
    let tags = tags_of("sample.el");
    assert_definitions(
        &tags,
        &[
            ("sample-count", TagKind::Variable, 2),
            ("sample-limit", TagKind::Variable, 5),
            ("sample-increment", TagKind::Function, 9),
            ("sample-with-limit", TagKind::Macro, 14),
            ("sample-report", TagKind::Function, 17),
        ],
    );
    assert_references(&tags, &["sample-report", "message"]);
}

#[test]
fn elixir() {
    let tags = tags_of("sample.ex");
    assert_definitions(
        &tags,
        &[
            ("Shop.Inventory", TagKind::Module, 0),
            ("total", TagKind::Function, 5),
            ("price_of", TagKind::Function, 11),
            ("audit", TagKind::Macro, 13),
            ("Shop.Priced", TagKind::Module, 18),
        ],
    );
    assert_references(&tags, &["price_of", "Enum", "Logger"]);
}

#[test]
fn elm() {
    let tags = tags_of("sample.elm");
    assert_definitions(
        &tags,
        &[
            ("Shop.Cart", TagKind::Module, 0),
            ("Cart", TagKind::Type, 5),
            ("Item", TagKind::Type, 9),
            ("Widget", TagKind::Constant, 10),
            ("total", TagKind::Function, 15),
            ("priceOf", TagKind::Function, 20),
            ("addItem", TagKind::Function, 30),
        ],
    );
    assert_references(&tags, &["priceOf", "Cart", "Item"]);
}

#[test]
fn fortran() {
    let tags = tags_of("sample.f90");
    assert_definitions(
        &tags,
        &[
            ("geometry", TagKind::Module, 0),
            ("point", TagKind::Struct, 2),
            ("distance", TagKind::Function, 6),
            ("square", TagKind::Function, 12),
            ("report", TagKind::Function, 18),
            ("main", TagKind::Module, 24),
        ],
    );
    assert_references(&tags, &["square", "print_point", "report", "point"]);
}

#[test]
fn gleam() {
    let tags = tags_of("sample.gleam");
    assert_definitions(
        &tags,
        &[
            ("Item", TagKind::Type, 3),
            ("Widget", TagKind::Constant, 4),
            ("max_items", TagKind::Constant, 8),
            ("total", TagKind::Function, 10),
            ("price_of", TagKind::Function, 16),
        ],
    );
    assert_references(&tags, &["price_of", "Item", "total"]);
}

#[test]
fn haskell() {
    let tags = tags_of("sample.hs");
    assert_definitions(
        &tags,
        &[
            ("Shop.Cart", TagKind::Module, 0),
            ("Item", TagKind::Type, 7),
            ("Widget", TagKind::Constant, 7),
            ("Cart", TagKind::Type, 10),
            ("Priced", TagKind::Class, 12),
            ("price", TagKind::Method, 13),
            ("Price", TagKind::Type, 19),
            ("total", TagKind::Function, 22),
            ("applyDiscount", TagKind::Function, 25),
        ],
    );
    assert_references(&tags, &["price", "total", "Cart", "div"]);
}

#[test]
fn hcl() {
    let tags = tags_of("sample.tf");
    assert_definitions(
        &tags,
        &[
            ("region", TagKind::Variable, 0),
            ("bucket_name", TagKind::Variable, 6),
            ("aws_s3_bucket", TagKind::Type, 9),
            ("logs", TagKind::Variable, 9),
            ("network", TagKind::Variable, 13),
            ("bucket_arn", TagKind::Variable, 18),
        ],
    );
    assert_references(&tags, &["region", "bucket_name", "aws_s3_bucket", "logs"]);
}

#[test]
fn julia() {
    let tags = tags_of("sample.jl");
    assert_definitions(
        &tags,
        &[
            ("Geometry", TagKind::Module, 0),
            ("ORIGIN_LABEL", TagKind::Constant, 4),
            ("Shape", TagKind::Type, 6),
            ("Point", TagKind::Struct, 8),
            ("distance", TagKind::Function, 13),
            ("square", TagKind::Function, 17),
            ("checked", TagKind::Macro, 19),
        ],
    );
    assert_references(&tags, &["square", "Point", "Shape", "validate"]);
}

#[test]
fn kotlin() {
    let tags = tags_of("sample.kt");
    assert_definitions(
        &tags,
        &[
            ("MAX_ITEMS", TagKind::Constant, 4),
            ("Priced", TagKind::Class, 6),
            ("Item", TagKind::Class, 10),
            ("price", TagKind::Method, 11),
            ("CartRegistry", TagKind::Class, 14),
            ("Cart", TagKind::Class, 18),
            ("add", TagKind::Method, 21),
            ("sumPrices", TagKind::Function, 28),
            ("Prices", TagKind::Type, 30),
        ],
    );
    assert_references(&tags, &["sumPrices", "Priced", "Item", "mutableListOf"]);
}

#[test]
fn lua() {
    let tags = tags_of("sample.lua");
    assert_definitions(
        &tags,
        &[
            ("Inventory", TagKind::Variable, 0),
            ("new", TagKind::Function, 5),
            ("add", TagKind::Method, 9),
            ("count", TagKind::Method, 14),
            ("format_report", TagKind::Function, 18),
        ],
    );
    assert_references(&tags, &["count", "setmetatable", "insert"]);
}

#[test]
fn matlab() {
    let tags = tags_of("sample.m");
    assert_definitions(
        &tags,
        &[
            ("Account", TagKind::Class, 0),
            ("Balance", TagKind::Field, 2),
            ("deposit", TagKind::Method, 8),
            ("sumBalances", TagKind::Function, 14),
        ],
    );
    assert_references(&tags, &["validateAmount", "numel", "handle"]);
}

#[test]
fn ocaml() {
    let tags = tags_of("sample.ml");
    assert_definitions(
        &tags,
        &[
            ("Shape", TagKind::Module, 0),
            ("t", TagKind::Type, 1),
            ("Circle", TagKind::Constant, 1),
            ("area", TagKind::Function, 3),
            ("point", TagKind::Type, 9),
            ("Invalid_shape", TagKind::Class, 11),
            ("total_area", TagKind::Function, 13),
            ("counter", TagKind::Class, 15),
            ("increment", TagKind::Method, 17),
        ],
    );
    assert_references(&tags, &["area", "Shape", "fold_left", "total_area"]);
}

#[test]
fn ocaml_interface() {
    let tags = tags_of("sample.mli");
    assert_definitions(
        &tags,
        &[
            ("PRICED", TagKind::Interface, 0),
            ("price", TagKind::Function, 2),
            ("item", TagKind::Type, 5),
            ("total", TagKind::Function, 7),
            ("raw_time", TagKind::Function, 9),
            ("Out_of_stock", TagKind::Class, 11),
            ("counter", TagKind::Class, 13),
        ],
    );
    assert_references(&tags, &["item", "t"]);
}

#[test]
fn properties() {
    let tags = tags_of("sample.properties");
    assert_definitions(
        &tags,
        &[
            ("app.name", TagKind::Constant, 1),
            ("app.version", TagKind::Constant, 2),
            ("database.url", TagKind::Constant, 3),
            ("greeting", TagKind::Constant, 4),
        ],
    );
    assert_references(&tags, &["app.name"]);
}

#[test]
fn codeql() {
    let tags = tags_of("sample.ql");
    assert_definitions(
        &tags,
        &[
            ("DangerousCall", TagKind::Class, 3),
            ("describe", TagKind::Method, 6),
            ("isUntrusted", TagKind::Function, 9),
            ("Config", TagKind::Module, 13),
            ("isSource", TagKind::Function, 14),
        ],
    );
    assert_references(
        &tags,
        &["isUntrusted", "CallExpr", "getCalleeName", "describe"],
    );
}

#[test]
fn r() {
    let tags = tags_of("sample.R");
    assert_definitions(
        &tags,
        &[
            ("max_items", TagKind::Constant, 2),
            ("total_price", TagKind::Function, 4),
            ("price_of", TagKind::Function, 8),
            ("Inventory", TagKind::Variable, 12),
            ("report", TagKind::Function, 14),
        ],
    );
    assert_references(&tags, &["total_price", "price_of", "vapply"]);
}

#[test]
fn racket() {
    let tags = tags_of("sample.rkt");
    assert_definitions(
        &tags,
        &[
            ("max-items", TagKind::Variable, 4),
            ("item", TagKind::Struct, 6),
            ("make-item", TagKind::Function, 8),
            ("total-price", TagKind::Function, 11),
            ("with-audit", TagKind::Macro, 14),
        ],
    );
    assert_references(&tags, &["item", "item-price", "log-event"]);
}

#[test]
fn scala() {
    let tags = tags_of("sample.scala");
    assert_definitions(
        &tags,
        &[
            ("shop.cart", TagKind::Module, 0),
            ("Priced", TagKind::Trait, 4),
            ("Item", TagKind::Class, 8),
            ("Cart", TagKind::Class, 12),
            ("MaxItems", TagKind::Variable, 13),
            ("total", TagKind::Function, 15),
            ("checkout", TagKind::Function, 21),
            ("Color", TagKind::Enum, 24),
            ("Red", TagKind::Constant, 25),
            ("Prices", TagKind::Type, 28),
        ],
    );
    assert_references(&tags, &["total", "Priced", "Item", "toList"]);
}

#[test]
fn solidity() {
    let tags = tags_of("sample.sol");
    assert_definitions(
        &tags,
        &[
            ("IPriced", TagKind::Interface, 4),
            ("SafeSum", TagKind::Module, 8),
            ("add", TagKind::Method, 9),
            ("Shop", TagKind::Class, 14),
            ("Item", TagKind::Struct, 15),
            ("State", TagKind::Enum, 16),
            ("Purchased", TagKind::Type, 17),
            ("total", TagKind::Field, 19),
            ("buy", TagKind::Method, 25),
        ],
    );
    assert_references(&tags, &["add", "SafeSum", "Purchased", "IPriced"]);
}

#[test]
fn swift() {
    let tags = tags_of("sample.swift");
    assert_definitions(
        &tags,
        &[
            ("maxItems", TagKind::Constant, 2),
            ("Priced", TagKind::Interface, 4),
            ("Item", TagKind::Class, 8),
            ("price", TagKind::Method, 12),
            ("Cart", TagKind::Class, 17),
            ("add", TagKind::Method, 22),
            ("total", TagKind::Method, 26),
            ("Color", TagKind::Class, 31),
            ("sumPrices", TagKind::Function, 35),
        ],
    );
    assert_references(&tags, &["sumPrices", "Priced", "Item", "append"]);
}

#[test]
fn zig() {
    let tags = tags_of("sample.zig");
    assert_definitions(
        &tags,
        &[
            ("max_items", TagKind::Constant, 2),
            ("Item", TagKind::Struct, 4),
            ("price", TagKind::Function, 8),
            ("Color", TagKind::Enum, 13),
            ("total", TagKind::Function, 15),
        ],
    );
    assert_references(&tags, &["price", "Item", "expect", "total"]);
}

#[test]
fn udev_rules() {
    let tags = tags_of("sample.rules");
    assert_definitions(
        &tags,
        &[
            ("SERIAL_VENDOR", TagKind::Variable, 4),
            ("SERIAL_VENDOR", TagKind::Variable, 5),
            ("serial_end", TagKind::Other, 9),
        ],
    );
    // GOTO names a label; `ENV{..}==`, `$env{..}` and `%E{..}` read a property.
    assert_references(&tags, &["serial_end", "SERIAL_VENDOR", "ID_SERIAL"]);
}

#[test]
fn chatito() {
    let tags = tags_of("sample.chatito");
    assert_definitions(
        &tags,
        &[
            ("order_pizza", TagKind::Function, 2),
            ("size", TagKind::Variable, 6),
            ("topping", TagKind::Variable, 10),
            ("cheese", TagKind::Constant, 14),
        ],
    );
    // `greeting` and `please` come from the imported file.
    assert_references(&tags, &["size", "topping", "cheese", "greeting", "please"]);
}

#[test]
fn pony() {
    let tags = tags_of("sample.pony");
    assert_definitions(
        &tags,
        &[
            ("Price", TagKind::Type, 2),
            ("Tax", TagKind::Class, 4),
            ("Priced", TagKind::Trait, 7),
            ("Named", TagKind::Interface, 10),
            ("Item", TagKind::Class, 13),
            ("_price", TagKind::Field, 15),
            ("create", TagKind::Method, 17),
            ("price", TagKind::Method, 21),
            ("Cart", TagKind::Class, 25),
            ("add", TagKind::Method, 28),
        ],
    );
    assert_references(
        &tags,
        &["Priced", "rate", "Tax", "push", "Item", "Cart", "print"],
    );
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
        "arduino",
        "clojure",
        "commonlisp",
        "d",
        "dart",
        "elisp",
        "elixir",
        "elm",
        "fortran",
        "gleam",
        "haskell",
        "hcl",
        "julia",
        "kotlin",
        "lua",
        "matlab",
        "ocaml",
        "ocaml_interface",
        "properties",
        "ql",
        "r",
        "racket",
        "scala",
        "solidity",
        "swift",
        "zig",
        "udev",
        "chatito",
        "pony",
    ];
    let names: Vec<&str> = language_names().collect();
    assert_eq!(names, samples);
}

#[test]
fn files_without_a_grammar_have_no_tags() {
    assert!(extract_tags("README", "# not markdown by name").is_none());
    assert!(extract_tags("data.json", "{}").is_none());
}
