//! Ranking, rendering and budget of the repo map on small generated repositories.

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
        ..MapRequest::default()
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

/// Commits the work tree's files on the branch HEAD names.
/// A slice of Ansible's layout: lookup plugins, the config manager, and the
/// errors module every file imports (the tree's hub).
fn lookups(root: &Path) {
    write(
        root,
        "lib/ansible/errors/__init__.py",
        "class AnsibleError(Exception):\n    pass\n\n\nclass AnsibleOptionsError(AnsibleError):\n    pass\n\n\nclass AnsibleParserError(AnsibleError):\n    pass\n",
    );
    write(
        root,
        "lib/ansible/plugins/lookup/password.py",
        "from ansible.errors import AnsibleError, AnsibleOptionsError\n\n\ndef _parse_parameters(term):\n    raise AnsibleOptionsError(term)\n\n\ndef _gen_candidate_chars(characters):\n    return characters\n\n\nclass LookupModule:\n    def run(self, terms):\n        raise AnsibleError(terms)\n",
    );
    write(
        root,
        "lib/ansible/plugins/lookup/file.py",
        "from ansible.errors import AnsibleError, AnsibleParserError\n\n\nclass LookupModule:\n    def run(self, terms):\n        raise AnsibleParserError(terms)\n",
    );
    write(
        root,
        "lib/ansible/config/manager.py",
        "from ansible.errors import AnsibleOptionsError\n\n\ndef get_config_value(name):\n    raise AnsibleOptionsError(name)\n\n\ndef ensure_type(value):\n    return value\n",
    );
    write(
        root,
        "lib/ansible/cli/doc.py",
        "from ansible.errors import AnsibleError, AnsibleOptionsError, AnsibleParserError\n\n\ndef format_plugin_doc(plugin):\n    raise AnsibleParserError(plugin)\n",
    );
    write(
        root,
        "lib/ansible/executor/task_executor.py",
        "from ansible.errors import AnsibleError, AnsibleParserError\n\n\nclass TaskExecutor:\n    def run(self):\n        raise AnsibleError(self)\n",
    );
}

#[test]
fn a_message_in_plain_words_ranks_the_file_it_is_about_first() {
    let dir = tempfile::tempdir().unwrap();
    lookups(dir.path());
    let map = open(dir.path());
    // No chat file and no word shaped like code: only the plain words can steer.
    let message = "fix the password lookup's use of f=v settings";
    let output = map.render(&MapRequest {
        message: message.to_string(),
        ..request(&[], &[], &[], 1024)
    });
    assert_eq!(
        output.ranked[0].path, "lib/ansible/plugins/lookup/password.py",
        "{:#?}",
        output.ranked
    );
    let password = ranked(&output, "lib/ansible/plugins/lookup/password.py");
    assert_eq!(
        password.matched().as_deref(),
        Some("matched `password`, `lookup` in the path; `lookup` in its definitions")
    );
    // Without the message the errors module, which every file uses, leads.
    let unsteered = map.render(&request(&[], &[], &[], 1024));
    assert_eq!(unsteered.ranked[0].path, "lib/ansible/errors/__init__.py");
}

#[test]
fn a_name_the_repository_lacks_steers_by_its_parts() {
    let dir = tempfile::tempdir().unwrap();
    lookups(dir.path());
    let map = open(dir.path());
    let output = map.render(&MapRequest {
        message: "add _gen_candidate_chars_with_seed".to_string(),
        ..request(&[], &[], &[], 1024)
    });
    let first = &output.ranked[0];
    assert_eq!(first.path, "lib/ansible/plugins/lookup/password.py");
    assert_eq!(first.matched_in_definitions, ["gen", "candidate", "chars"]);
    // The file shows the definition that earned its place.
    let section = output
        .text
        .split("lib/ansible/plugins/lookup/password.py:")
        .nth(1)
        .unwrap();
    let section = section.split("\nlib/").next().unwrap();
    assert!(
        section.contains("def _gen_candidate_chars"),
        "{}",
        output.text
    );
}

fn commit_all(repo: &git2::Repository, message: &str) -> git2::Oid {
    let mut index = repo.index().unwrap();
    index
        .add_all(["*"], git2::IndexAddOption::DEFAULT, None)
        .unwrap();
    index.write().unwrap();
    let tree = repo.find_tree(index.write_tree().unwrap()).unwrap();
    let signature = git2::Signature::now("test", "test@localhost").unwrap();
    let parent = repo.head().ok().and_then(|head| head.peel_to_commit().ok());
    let parents: Vec<&git2::Commit> = parent.iter().collect();
    repo.commit(
        Some("HEAD"),
        &signature,
        &signature,
        message,
        &tree,
        &parents,
    )
    .unwrap()
}

fn append(root: &Path, path: &str, line: &str) {
    let full = root.join(path);
    let mut text = std::fs::read_to_string(&full).unwrap();
    text.push_str(line);
    std::fs::write(full, text).unwrap();
}

/// The shop, where `legacy/reports.py` and `billing/payments.py` (which share
/// no identifier) changed together three times.
fn shop_with_history(root: &Path) -> git2::Repository {
    let repo = git2::Repository::init(root).unwrap();
    shop(root);
    commit_all(&repo, "shop");
    for round in 0..3 {
        append(
            root,
            "legacy/reports.py",
            &format!("# report fix {round}\n"),
        );
        append(
            root,
            "billing/payments.py",
            &format!("# payment fix {round}\n"),
        );
        commit_all(&repo, "fix reports and payments");
        append(root, "app/views.py", &format!("# view {round}\n"));
        commit_all(&repo, "views");
    }
    repo
}

/// A map whose state (history table, secret) lives under `state`.
fn open_with_history(root: &Path, state: &Path, commits: usize) -> RepoMap {
    open_as_user(root, state, commits, "user")
}

/// [`open_with_history`] with the user's secret in `state/user`.
fn open_as_user(root: &Path, state: &Path, commits: usize, user: &str) -> RepoMap {
    std::fs::create_dir_all(state.join("repo")).unwrap();
    let state_dir = aider_tui::safe_fs::StateDir::open(&state.join("repo")).unwrap();
    let mut map = RepoMap::open(
        root,
        MapOptions {
            cache: true,
            cache_dir: Some(state.join("tags")),
            state_dir: Some(state_dir),
            user_state: Some(state.join(user)),
            history_commits: commits,
            ..MapOptions::default()
        },
    )
    .unwrap();
    map.refresh().unwrap();
    map
}

fn history_reason(file: &RankedFile) -> Option<String> {
    file.reasons
        .iter()
        .find(|reason| reason.ident.starts_with("changed together"))
        .map(|reason| format!("{} {}", reason.ident, reason.from))
}

#[test]
fn files_that_changed_with_the_chat_file_rank_up_and_say_why() {
    let dir = tempfile::tempdir().unwrap();
    let state = tempfile::tempdir().unwrap();
    shop_with_history(dir.path());
    let mut explained = request(&["legacy/reports.py"], &[], &[], 4096);
    explained.explain = true;
    let score_of = |output: &MapOutput| {
        output
            .ranked
            .iter()
            .find(|file| file.path == "billing/payments.py")
            .map_or(0.0, |file| file.score)
    };

    let without = open_with_history(dir.path(), state.path(), 0);
    assert!(without.wait_for_history().commits == 0);
    let plain = without.render(&explained);

    let with = open_with_history(dir.path(), state.path(), 100);
    let report = with.wait_for_history();
    assert_eq!((report.commits, report.warning), (6, None));
    let output = with.render(&explained);
    let payments = ranked(&output, "billing/payments.py");
    assert_eq!(
        history_reason(payments).as_deref(),
        Some("changed together in 3 of the last 6 commits with legacy/reports.py")
    );
    assert!(score_of(&output) > 2.0 * score_of(&plain), "{output:?}");
    // views.py changed often, never with reports.py (the first commit, an
    // import of everything, does not count).
    assert!(history_reason(ranked(&output, "app/views.py")).is_none());
    assert!(
        position(&output, "billing/payments.py") < position(&output, "app/views.py"),
        "{output:?}"
    );
    assert!(output.tokens <= 4096);
}

#[test]
fn files_that_changed_with_the_files_a_message_is_about_rank_up() {
    let dir = tempfile::tempdir().unwrap();
    let state = tempfile::tempdir().unwrap();
    shop_with_history(dir.path());
    let map = open_with_history(dir.path(), state.path(), 100);
    map.wait_for_history();
    // No chat file: the message's words find reports.py, and its history
    // brings payments.py, which shares no word and no identifier with it.
    let output = map.render(&MapRequest {
        message: "the monthly report".to_string(),
        ..request(&[], &[], &[], 4096)
    });
    assert_eq!(output.ranked[0].path, "legacy/reports.py");
    let payments = ranked(&output, "billing/payments.py");
    assert_eq!(
        history_reason(payments).as_deref(),
        Some("changed together in 3 of the last 6 commits with legacy/reports.py")
    );
    assert!(
        position(&output, "billing/payments.py") < position(&output, "app/models.py"),
        "{output:?}"
    );
    assert!(!output.without_history);
}

#[test]
fn only_heads_past_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let state = tempfile::tempdir().unwrap();
    let mut repo = shop_with_history(dir.path());
    let mut explained = request(&["legacy/reports.py"], &[], &[], 4096);
    explained.explain = true;
    let before = open_with_history(dir.path(), state.path(), 100).render(&explained);
    assert!(history_reason(ranked(&before, "billing/payments.py")).is_some());

    // Later commits on another branch (tagged too) tie reports.py to views.py,
    // and a stash does too; HEAD stays where it was.
    let signature = git2::Signature::now("test", "test@localhost").unwrap();
    let mut tip = repo.head().unwrap().peel_to_commit().unwrap();
    for round in 0..5 {
        let mut update = git2::build::TreeUpdateBuilder::new();
        for path in ["legacy/reports.py", "app/views.py"] {
            let blob = repo
                .blob(format!("# other branch {round} {path}\n").as_bytes())
                .unwrap();
            update.upsert(path, blob, git2::FileMode::Blob);
        }
        let tree_id = update.create_updated(&repo, &tip.tree().unwrap()).unwrap();
        let tree = repo.find_tree(tree_id).unwrap();
        let id = repo
            .commit(
                Some("refs/heads/other"),
                &signature,
                &signature,
                "other",
                &tree,
                &[&tip],
            )
            .unwrap();
        tip = repo.find_commit(id).unwrap();
    }
    repo.tag_lightweight("later", tip.as_object(), false)
        .unwrap();
    drop(tip);
    append(dir.path(), "legacy/reports.py", "# stashed\n");
    append(dir.path(), "app/views.py", "# stashed\n");
    repo.stash_save(&signature, "stashed", None).unwrap();

    for fresh_state in [false, true] {
        let other_state = tempfile::tempdir().unwrap();
        let state = if fresh_state {
            other_state.path()
        } else {
            state.path()
        };
        let map = open_with_history(dir.path(), state, 100);
        assert_eq!(map.wait_for_history().commits, 6);
        let after = map.render(&explained);
        assert_eq!(after, before, "fresh state: {fresh_state}");
    }

    // Once HEAD is there, those commits count.
    repo.set_head("refs/heads/other").unwrap();
    let moved = open_with_history(dir.path(), state.path(), 100);
    assert_eq!(moved.wait_for_history().commits, 11);
    let output = moved.render(&explained);
    assert!(history_reason(ranked(&output, "app/views.py")).is_some());
}

#[test]
fn the_history_table_is_kept_updated_for_new_commits_and_rebuilt_when_damaged() {
    let dir = tempfile::tempdir().unwrap();
    let state = tempfile::tempdir().unwrap();
    let repo = shop_with_history(dir.path());
    let report = |map: &RepoMap| map.wait_for_history();
    let first = open_with_history(dir.path(), state.path(), 100);
    assert_eq!(report(&first).read, 6);
    // Warm: nothing read again.
    let warm = open_with_history(dir.path(), state.path(), 100);
    assert_eq!((report(&warm).read, report(&warm).commits), (0, 6));
    // A new commit: only it is read.
    append(dir.path(), "legacy/reports.py", "# one more\n");
    commit_all(&repo, "one more");
    let next = open_with_history(dir.path(), state.path(), 100);
    assert_eq!((report(&next).read, report(&next).commits), (1, 7));

    // A damaged table is reported and read again from git.
    let table = state
        .path()
        .join("repo/.aider-tui")
        .join(aider_tui::repomap::HISTORY_FILE_NAME);
    let mut bytes = std::fs::read(&table).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    std::fs::write(&table, bytes).unwrap();
    let damaged = open_with_history(dir.path(), state.path(), 100);
    let got = report(&damaged);
    assert_eq!((got.read, got.commits), (7, 7));
    assert!(
        got.warning.as_deref().unwrap_or("").contains("damaged"),
        "{got:?}"
    );
    let mut explained = request(&["legacy/reports.py"], &[], &[], 4096);
    explained.explain = true;
    let output = damaged.render(&explained);
    assert!(history_reason(ranked(&output, "billing/payments.py")).is_some());
    let again = open_with_history(dir.path(), state.path(), 100);
    assert_eq!((report(&again).read, report(&again).warning), (0, None));

    // A well-formed table of another user's (or committed to the repository)
    // is not trusted either.
    let stranger = open_as_user(dir.path(), state.path(), 100, "stranger");
    let got = report(&stranger);
    assert_eq!(got.read, 7);
    assert!(
        got.warning
            .as_deref()
            .unwrap_or("")
            .contains("not this user's")
    );
}

#[test]
fn a_new_commit_joins_the_history_of_an_open_map() {
    let dir = tempfile::tempdir().unwrap();
    let state = tempfile::tempdir().unwrap();
    let repo = shop_with_history(dir.path());
    let mut explained = request(&["legacy/reports.py"], &[], &[], 4096);
    explained.explain = true;
    let mut map = open_with_history(dir.path(), state.path(), 100);
    assert_eq!(map.wait_for_history().commits, 6);
    for round in 0..2 {
        append(
            dir.path(),
            "legacy/reports.py",
            &format!("# again {round}\n"),
        );
        append(dir.path(), "app/views.py", &format!("# again {round}\n"));
        commit_all(&repo, "reports and views");
    }
    map.refresh().unwrap();
    let report = map.wait_for_history();
    assert_eq!((report.commits, report.read), (8, 2));
    let output = map.render(&explained);
    assert_eq!(
        history_reason(ranked(&output, "app/views.py")).as_deref(),
        Some("changed together in 2 of the last 8 commits with legacy/reports.py")
    );
}

/// A repository of two commits whose state folder holds a damaged history table.
fn with_damaged_history_table() -> crate::support::engine::TestRepo {
    let repo = crate::support::engine::TestRepo::new(&[("app.py", "def greet():\n    return 1\n")]);
    repo.write("lib.py", "def helper():\n    return greet()\n");
    repo.commit_all("a helper");
    let state = repo.root().join(".aider-tui");
    std::fs::create_dir_all(&state).unwrap();
    std::fs::write(
        state.join(aider_tui::repomap::HISTORY_FILE_NAME),
        b"ATMHIST1 and then not a table at all",
    )
    .unwrap();
    repo
}

fn history_notice(event: &aider_tui::protocol::Event) -> Option<&str> {
    use aider_tui::protocol::{Event, NoticeLevel};
    match event {
        Event::Notice {
            level: NoticeLevel::Warn,
            text,
        } if text.starts_with("Repo map history:") => Some(text),
        _ => None,
    }
}

#[tokio::test]
async fn a_session_tells_a_damaged_history_table_as_a_warning() {
    use crate::support::engine::{Driver, settings};
    let repo = with_damaged_history_table();
    let mock = crate::support::mock_llm::MockLlm::start().await;
    let mut driver = Driver::start(settings(&repo.root(), &mock.openai_base(), &[])).await;
    let mut told: Vec<String> = driver
        .startup
        .iter()
        .filter_map(history_notice)
        .map(str::to_string)
        .collect();
    // No message is sent: the notice comes by itself.
    while told.is_empty() {
        let event = tokio::time::timeout(std::time::Duration::from_secs(30), driver.events.recv())
            .await
            .expect("no history notice within 30 s")
            .expect("the engine stopped");
        told.extend(history_notice(&event).map(str::to_string));
    }
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(told[0].contains("damaged"), "{told:?}");
    driver.quit().await;
}

#[tokio::test]
async fn a_message_run_prints_a_damaged_history_table_warning() {
    use aider_tui::oneshot::{self, Options};
    let repo = with_damaged_history_table();
    let mock = crate::support::mock_llm::MockLlm::start().await;
    mock.fallback(crate::support::mock_llm::Reply::text(["Fine."]));
    let settings = crate::support::engine::settings(&repo.root(), &mock.openai_base(), &[]);
    let (ops, events) = aider_tui::engine::spawn(settings);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let done = oneshot::drive(
        ops,
        events,
        "What does greet return?".into(),
        Options::default(),
        &mut out,
        &mut err,
    )
    .await;
    let err = String::from_utf8_lossy(&err);
    assert!(done, "{err}");
    assert!(err.contains("Repo map history:"), "{err}");
    assert!(err.contains("damaged"), "{err}");
}
