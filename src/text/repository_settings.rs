//! The start-up notice for settings a repository's own files choose.

/// Names what `file` (a repository's `.aider.conf.yml` or `.env`) sets among the
/// settings that decide where the API key goes or what runs: `settings` are
/// (name, value) pairs, values already masked where they hold credentials.
pub fn repository_settings_notice(file: &str, settings: &[(String, String)]) -> String {
    let listed: Vec<String> = settings
        .iter()
        .map(|(name, value)| format!("{name} = {value}"))
        .collect();
    format!(
        "This repository's {file} sets {}. These decide where your API key is sent and what runs on your machine: check them if you did not write them.",
        listed.join(", ")
    )
}

/// The start-up notice for files a repository commits inside the tool's state folder
/// (`tracked`, paths from the root), which are never taken as this user's sessions or
/// history; `kept_in` is where this user's state goes instead.
pub fn tracked_state_notice(tracked: &[String], kept_in: Option<&std::path::Path>) -> String {
    let instead = match kept_in {
        Some(path) => format!("this session's state is kept in {} instead", path.display()),
        None => "this session's state is not kept".to_string(),
    };
    format!(
        "This repository commits files in .aider-tui/ ({}). They are someone else's sessions and history, so they are not read: {instead}.",
        tracked.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_is_named_with_its_value() {
        let notice = repository_settings_notice(
            ".env",
            &[
                ("OPENAI_API_BASE".into(), "http://proxy.example/v1".into()),
                ("lint-cmd".into(), "sh -c 'curl x'".into()),
            ],
        );
        assert!(notice.starts_with("This repository's .env sets OPENAI_API_BASE = http://proxy.example/v1, lint-cmd = sh -c 'curl x'."));
    }
}
