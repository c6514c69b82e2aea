//! Aider's two per-model files as a session finds them: `.aider.model.settings.yml` and
//! `.aider.model.metadata.json`, each read from the home folder, the repository root and
//! the start folder (Aider's order, lowest first). A file named with
//! `--model-settings-file` / `--model-metadata-file` comes after these.

use std::path::{Path, PathBuf};

/// Aider's per-model settings file (a YAML list of its `ModelSettings`).
pub const MODEL_SETTINGS_FILE: &str = ".aider.model.settings.yml";
/// Aider's per-model facts file (litellm's JSON format).
pub const MODEL_METADATA_FILE: &str = ".aider.model.metadata.json";

/// One file found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelFileFound {
    pub path: PathBuf,
    /// The metadata file (else the settings file).
    pub metadata: bool,
    /// Found in the repository or the start folder, not the home folder: someone else
    /// may have written it.
    pub from_repository: bool,
}

/// The files that exist, lowest layer first; a folder met twice (the start folder is
/// the root) is read once.
pub(crate) fn discover(home: Option<&Path>, root: &Path, cwd: &Path) -> Vec<ModelFileFound> {
    let mut found: Vec<ModelFileFound> = Vec::new();
    for (name, metadata) in [(MODEL_SETTINGS_FILE, false), (MODEL_METADATA_FILE, true)] {
        let folders = home.into_iter().chain([root, cwd]);
        for folder in folders {
            let path = folder.join(name);
            if !path.is_file() || found.iter().any(|file| file.path == path) {
                continue;
            }
            found.push(ModelFileFound {
                from_repository: home != Some(folder),
                path,
                metadata,
            });
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn home_then_root_then_start_folder_and_only_the_home_ones_are_the_users() {
        let home = tempfile::tempdir().unwrap();
        let root = tempfile::tempdir().unwrap();
        let cwd = root.path().join("sub");
        std::fs::create_dir(&cwd).unwrap();
        for folder in [home.path(), root.path(), cwd.as_path()] {
            std::fs::write(folder.join(MODEL_SETTINGS_FILE), "[]").unwrap();
        }
        std::fs::write(root.path().join(MODEL_METADATA_FILE), "{}").unwrap();
        let found = discover(Some(home.path()), root.path(), &cwd);
        let shown: Vec<(PathBuf, bool, bool)> = found
            .into_iter()
            .map(|file| (file.path, file.metadata, file.from_repository))
            .collect();
        assert_eq!(
            shown,
            [
                (home.path().join(MODEL_SETTINGS_FILE), false, false),
                (root.path().join(MODEL_SETTINGS_FILE), false, true),
                (cwd.join(MODEL_SETTINGS_FILE), false, true),
                (root.path().join(MODEL_METADATA_FILE), true, true),
            ]
        );
        // The start folder at the root is one folder.
        assert_eq!(discover(None, root.path(), root.path()).len(), 2);
    }
}
