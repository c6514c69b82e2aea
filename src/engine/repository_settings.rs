//! The start-up notice for API bases and commands a repository's own config files set
//! (issue #16.9): a cloned repository, or an earlier edit, may have chosen where the
//! user's key goes or what `/lint` and `/test` run.

use std::collections::BTreeMap;

use crate::config::Settings;
use crate::llm::redact_url;
use crate::text::repository_settings_notice;

use super::emitter::Emitter;

/// Warns once, at start, about each repository file that sets such a value.
pub(super) async fn announce_repository_settings(settings: &Settings, emitter: &Emitter) {
    let mut by_file: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    for setting in &settings.repository_settings {
        let file = setting
            .file
            .strip_prefix(&settings.root)
            .unwrap_or(&setting.file)
            .display()
            .to_string();
        let value = if setting.is_address() {
            redact_url(&setting.value)
        } else {
            setting.value.clone()
        };
        by_file
            .entry(file)
            .or_default()
            .push((setting.name.clone(), value));
    }
    for (file, values) in by_file {
        emitter
            .warn(repository_settings_notice(&file, &values))
            .await;
    }
}
