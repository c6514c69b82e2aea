//! What the integration tests share: a loopback mock model server, a driver for the
//! engine over real temporary git repositories, provider and reply fixtures, and an
//! in-memory UI session. Each test binary (`tests/all`, `tests/tmux`) mounts it once.

pub mod engine;
pub mod fresh_home;
pub mod mock_llm;
pub mod mock_provider;
pub mod provider_harness;
pub mod reply_fixtures;
pub mod ui_session;

/// Called by a test whose data or tool (`../shared`, tmux) is absent: it says so and the
/// test returns. Under CI it fails instead, so a green CI run means every test ran.
pub fn skip_because_absent(what: &str) {
    assert!(
        std::env::var_os("CI").is_none(),
        "{what} is absent and CI is set: this test cannot run"
    );
    eprintln!("note: {what} is absent; the test is skipped");
}
