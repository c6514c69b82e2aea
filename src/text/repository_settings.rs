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
