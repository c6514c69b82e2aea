//! Ranking, rendering and budget of the repo map on small generated repositories.

// Tests, benchmarks and examples unwrap and print: a failure there is the point.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

use std::path::Path;

use aider_tui::repomap::{MapOptions, MapOutput, MapRequest, RankedFile, RepoMap};
use aider_tui::tokens::count_tokens;

fn write(root: &Path, path: &str, text: &str) {
    let full = root.join(path);
    std::fs::create_dir_all(full.parent().unwrap()).unwrap();
    std::fs::write(full, text).unwrap();
}

/// A small Python project: views → services → models, plus unrelated code.
fn shop(root: &Path) {
    write(
        root,
        "app/models.py",
        "class CustomerAccount:\n    def display_name(self):\n        return self.name\n\n\nclass OrderRecord:\n    pass\n",
    );
    write(
        root,
        "app/services.py",
        "from app.models import CustomerAccount\n\n\ndef create_customer(name):\n    account = CustomerAccount()\n    return account\n\n\ndef close_customer(account):\n    return account.display_name()\n",
    );
    write(
        root,
        "app/views.py",
        "from app.services import create_customer, close_customer\n\n\ndef signup_view(request):\n    return create_customer(request.name)\n\n\ndef goodbye_view(request):\n    return close_customer(request.account)\n",
    );
    write(
        root,
        "billing/payments.py",
        "class PaymentGateway:\n    def charge_card(self, amount):\n        return amount\n\n\ndef refund_payment(gateway, amount):\n    return gateway.charge_card(-amount)\n",
    );
    write(
        root,
        "legacy/formats.py",
        "def parse_legacy_format(text):\n    return text.split(',')\n\n\ndef write_legacy_format(rows):\n    return ','.join(rows)\n",
    );
    write(
        root,
        "legacy/reports.py",
        "from legacy.formats import parse_legacy_format\n\n\ndef monthly_report(text):\n    return parse_legacy_format(text)\n",
    );
    write(
        root,
        "tests/test_services.py",
        "def test_nothing_imported():\n    assert True\n",
    );
    write(root, "README.md", "# Shop\n\n## Setup\n");
}

fn open(root: &Path) -> RepoMap {
    let mut map = RepoMap::open(
        root,
        MapOptions {
            cache: false,
            ..MapOptions::default()
        },
    )
    .unwrap();
    map.refresh().unwrap();
    map
}

fn request(
    chat: &[&str],
    mention_files: &[&str],
    idents: &[&str],
    max_tokens: usize,
) -> MapRequest {
    MapRequest {
        chat_files: chat.iter().map(|s| s.to_string()).collect(),
        mention_files: mention_files.iter().map(|s| s.to_string()).collect(),
        mention_idents: idents.iter().map(|s| s.to_string()).collect(),
        max_tokens,
        explain: true,
    }
}

fn position(output: &MapOutput, path: &str) -> Option<usize> {
    output.ranked.iter().position(|file| file.path == path)
}

/// The ranked entry of `path`; the test fails if the file is not ranked.
fn ranked<'a>(output: &'a MapOutput, path: &str) -> &'a RankedFile {
    output
        .ranked
        .iter()
        .find(|file| file.path == path)
        .unwrap_or_else(|| panic!("{path} is not ranked"))
}

#[test]
fn chat_file_callees_outrank_unrelated_files() {
    let dir = tempfile::tempdir().unwrap();
    shop(dir.path());
    let map = open(dir.path());
    let output = map.render(&request(&["app/views.py"], &[], &[], 4096));
    let services = position(&output, "app/services.py").expect("services in the map");
    for unrelated in [
        "legacy/formats.py",
        "billing/payments.py",
        "legacy/reports.py",
    ] {
        if let Some(other) = position(&output, unrelated) {
            assert!(
                services < other,
                "services should outrank {unrelated}: {:?}",
                output.ranked
            );
        }
    }
    // The callee's callee comes before unrelated code too.
    let models = position(&output, "app/models.py").expect("models in the map");
    let formats = position(&output, "legacy/formats.py").expect("formats in the map");
    assert!(models < formats);
    // The chat file's own definitions are left out.
    assert!(!output.text.contains("app/views.py"));
    assert!(!output.text.contains("signup_view"));
    assert!(
        output.text.starts_with("app/services.py:\n"),
        "{}",
        output.text
    );
}

#[test]
fn reasons_are_gathered_only_when_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    shop(dir.path());
    let map = open(dir.path());
    let explained = map.render(&request(&["app/views.py"], &[], &[], 4096));
    let plain = map.render(&MapRequest {
        explain: false,
        ..request(&["app/views.py"], &[], &[], 4096)
    });
    assert_eq!(plain.text, explained.text);
    let paths = |output: &MapOutput| -> Vec<String> {
        output.ranked.iter().map(|file| file.path.clone()).collect()
    };
    assert_eq!(paths(&plain), paths(&explained));
    assert!(!ranked(&explained, "app/services.py").reasons.is_empty());
    assert!(plain.ranked.iter().all(|file| file.reasons.is_empty()));
}

#[test]
fn a_mentioned_identifier_pulls_its_definer_up() {
    let dir = tempfile::tempdir().unwrap();
    shop(dir.path());
    let map = open(dir.path());
    let plain = map.render(&request(&["app/views.py"], &[], &[], 4096));
    let mentioned = map.render(&request(&["app/views.py"], &[], &["charge_card"], 4096));
    let before = position(&plain, "billing/payments.py").unwrap();
    let after = position(&mentioned, "billing/payments.py").unwrap();
    assert!(
        after < before,
        "payments should move up: {before} → {after}"
    );
    for unrelated in ["legacy/formats.py", "legacy/reports.py", "README.md"] {
        assert!(
            after < position(&mentioned, unrelated).unwrap(),
            "{:?}",
            mentioned.ranked
        );
    }
    let reasons = &mentioned.ranked[after].reasons;
    assert!(
        reasons
            .iter()
            .any(|r| r.ident == "defines mentioned identifier charge_card"),
        "{reasons:?}"
    );
}

#[test]
fn a_mentioned_file_ranks_first() {
    let dir = tempfile::tempdir().unwrap();
    shop(dir.path());
    let map = open(dir.path());
    let output = map.render(&request(
        &["app/views.py"],
        &["legacy/reports.py"],
        &[],
        4096,
    ));
    let reports = position(&output, "legacy/reports.py").unwrap();
    let formats = position(&output, "legacy/formats.py").unwrap();
    let payments = position(&output, "billing/payments.py").unwrap();
    assert!(
        reports < payments && formats < payments,
        "{:?}",
        output.ranked
    );
}

#[test]
fn explanations_name_identifiers_and_signals() {
    let dir = tempfile::tempdir().unwrap();
    shop(dir.path());
    let map = open(dir.path());
    let output = map.render(&request(&["app/services.py"], &[], &[], 4096));
    let models = ranked(&output, "app/models.py");
    assert!(
        models
            .reasons
            .iter()
            .any(|r| r.ident == "CustomerAccount" && r.from == "app/services.py" && r.weight > 0.0),
        "{:?}",
        models.reasons
    );
    let test_file = ranked(&output, "tests/test_services.py");
    assert!(
        test_file
            .reasons
            .iter()
            .any(|r| r.ident == "test of chat file" && r.from == "app/services.py"),
        "{:?}",
        test_file.reasons
    );
    let views = ranked(&output, "app/views.py");
    assert!(
        views
            .reasons
            .iter()
            .any(|r| r.ident == "same directory as chat file"),
        "{:?}",
        views.reasons
    );
    assert!(
        views
            .reasons
            .iter()
            .any(|r| r.ident == "uses chat file" && r.from == "app/services.py"),
        "{:?}",
        views.reasons
    );
    let total: f64 = output.ranked.iter().map(|f| f.score).sum();
    assert!(total > 0.0 && total <= 1.0 + 1e-9);
}

#[test]
fn rendering_shows_scopes_and_elisions() {
    let dir = tempfile::tempdir().unwrap();
    shop(dir.path());
    let map = open(dir.path());
    let output = map.render(&request(&["app/services.py"], &[], &[], 4096));
    let section = output
        .text
        .split("app/models.py:\n")
        .nth(1)
        .expect("models section");
    let section: Vec<&str> = section
        .lines()
        .take_while(|line| line.starts_with('│') || *line == "⋮")
        .collect();
    assert_eq!(section[0], "│class CustomerAccount:");
    assert_eq!(section[1], "│    def display_name(self):");
    assert!(section.contains(&"⋮"));
    // Files with no grammar take part by name only; README has headings.
    assert!(
        output.text.contains("README.md:\n│# Shop\n"),
        "{}",
        output.text
    );
}

/// A repository large enough that the budget cuts the map.
fn many_modules(root: &Path) {
    for module in 0..60 {
        let mut text = String::new();
        for function in 0..8 {
            text.push_str(&format!(
                "def compute_value_{module}_{function}(argument):\n    return compute_value_{}_{}(argument) + 1\n\n\n",
                (module + 1) % 60,
                function
            ));
        }
        write(root, &format!("pkg/module_{module:02}.py"), &text);
    }
}

#[test]
fn the_map_fits_its_budget() {
    let dir = tempfile::tempdir().unwrap();
    many_modules(dir.path());
    let map = open(dir.path());
    for budget in [64, 256, 1024, 2048] {
        let output = map.render(&request(&["pkg/module_00.py"], &[], &[], budget));
        assert_eq!(output.tokens, count_tokens(&output.text));
        assert!(
            output.tokens as f64 <= budget as f64 * 1.15,
            "{} tokens for a budget of {budget}",
            output.tokens
        );
        // And it uses the budget rather than stopping early.
        assert!(
            output.tokens as f64 >= budget as f64 * 0.5,
            "{} tokens for a budget of {budget}",
            output.tokens
        );
        assert!(!output.ranked.is_empty());
    }
    let full = map.render(&request(&["pkg/module_00.py"], &[], &[], 100_000));
    assert!(full.tokens < 100_000);
    assert_eq!(full.ranked.len(), 59);
    assert!(map.render(&request(&[], &[], &[], 0)).text.is_empty());
}

#[test]
fn without_chat_files_every_file_competes() {
    let dir = tempfile::tempdir().unwrap();
    shop(dir.path());
    let map = open(dir.path());
    let output = map.render(&request(&[], &[], &[], 8192));
    assert!(output.text.contains("app/views.py:"));
    assert!(output.text.contains("app/models.py:"));
    let identifiers: Vec<&str> = map.identifiers().collect();
    assert!(identifiers.contains(&"create_customer"));
    assert!(!identifiers.contains(&"split"));
    assert_eq!(map.files().len(), 8);
}

#[test]
fn identifiers_shared_across_languages_make_no_edges() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(
        root,
        "app/main.py",
        "from app.store import save_items\n\nitems = []\nrender_widget(items)\nsave_items(items)\n",
    );
    write(
        root,
        "app/store.py",
        "def save_items(items):\n    return len(items)\n",
    );
    write(
        root,
        "static/widget.js",
        "function render_widget(node) {\n  return node;\n}\n",
    );
    write(
        root,
        "static/page.ts",
        "import { render_widget } from './widget';\nrender_widget(document.body);\n",
    );
    let map = open(root);
    let output = map.render(&request(&["app/main.py"], &[], &[], 4096));
    let widget = ranked(&output, "static/widget.js");
    assert!(
        widget.reasons.iter().all(|r| r.from != "app/main.py"),
        "{:?}",
        widget.reasons
    );
    assert!(
        position(&output, "app/store.py").unwrap() < position(&output, "static/widget.js").unwrap()
    );
    // JavaScript and TypeScript are one family: the TypeScript caller links.
    let from_ts = map.render(&request(&["static/page.ts"], &[], &[], 4096));
    let widget = ranked(&from_ts, "static/widget.js");
    assert!(
        widget
            .reasons
            .iter()
            .any(|r| r.ident == "render_widget" && r.from == "static/page.ts"),
        "{:?}",
        widget.reasons
    );
}

#[test]
fn go_lower_case_names_link_only_within_their_package() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(
        root,
        "store/cache.go",
        "package store\n\nfunc evictEntries() int {\n\treturn 0\n}\n\nfunc Flush() int {\n\treturn evictEntries()\n}\n",
    );
    write(
        root,
        "store/index.go",
        "package store\n\nfunc rebuild() int {\n\treturn evictEntries()\n}\n",
    );
    write(
        root,
        "api/server.go",
        "package api\n\nfunc evictEntries() int {\n\treturn 1\n}\n\nfunc Serve() int {\n\treturn evictEntries() + store.Flush()\n}\n",
    );
    let map = open(root);
    let output = map.render(&request(&["store/index.go"], &[], &[], 4096));
    let cache = ranked(&output, "store/cache.go");
    assert!(
        cache
            .reasons
            .iter()
            .any(|r| r.ident == "evictEntries" && r.from == "store/index.go"),
        "{:?}",
        cache.reasons
    );
    let server = ranked(&output, "api/server.go");
    assert!(
        server.reasons.iter().all(|r| r.ident != "evictEntries"),
        "{:?}",
        server.reasons
    );
    // Exported names cross packages.
    let from_api = map.render(&request(&["api/server.go"], &[], &[], 4096));
    let cache = ranked(&from_api, "store/cache.go");
    assert!(
        cache
            .reasons
            .iter()
            .any(|r| r.ident == "Flush" && r.from == "api/server.go"),
        "{:?}",
        cache.reasons
    );
    assert!(
        cache.reasons.iter().all(|r| r.ident != "evictEntries"),
        "{:?}",
        cache.reasons
    );
}

#[test]
fn a_chat_files_test_appears_even_when_nothing_references_it() {
    let dir = tempfile::tempdir().unwrap();
    shop(dir.path());
    for filler in 0..30 {
        write(
            dir.path(),
            &format!("misc/filler_{filler:02}.py"),
            &format!("def filler_function_{filler}(value):\n    return create_customer(value)\n"),
        );
    }
    // Many test functions: the file's own rank, spread over them, is small each.
    let mut tests = String::new();
    for case in 0..40 {
        tests.push_str(&format!("def test_case_{case}():\n    assert True\n\n\n"));
    }
    write(dir.path(), "tests/test_services.py", &tests);
    let map = open(dir.path());
    let output = map.render(&request(&["app/services.py"], &[], &[], 200));
    assert!(output.tokens <= 200);
    assert!(
        output.text.contains("tests/test_services.py:\n"),
        "{}",
        output.text
    );
}
