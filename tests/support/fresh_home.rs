//! A test body run in a child of the test binary with a home of its own.
#![allow(dead_code)]

/// Set in a test process started by [`in_fresh_home`]: the test body runs there.
const FRESH_HOME: &str = "AIDER_TUI_TEST_FRESH_HOME";

/// Runs the test `name` (its path in the test binary, `module::test`) again in a child
/// process of this test binary, with a new empty `HOME` and `XDG_CONFIG_HOME` and no
/// `GIT_*` or `EMAIL` variables, so git (libgit2 reads the user's config once per
/// process) finds no identity the machine's user has set. Returns `true` in that
/// child, where the body should run; `false` in the parent, once the child passed.
pub fn in_fresh_home(name: &str) -> bool {
    if std::env::var_os(FRESH_HOME).is_some() {
        return true;
    }
    let home = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(home.path().join(".config")).unwrap();
    let mut command = std::process::Command::new(std::env::current_exe().unwrap());
    command
        .args([name, "--exact", "--nocapture", "--test-threads=1"])
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join(".config"))
        .env(FRESH_HOME, "1");
    if let Some(ci) = std::env::var_os("CI") {
        command.env("CI", ci);
    }
    let output = command.output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && stdout.contains("1 passed"),
        "{name} in a fresh home:\n{stdout}\n{stderr}"
    );
    false
}
