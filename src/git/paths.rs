//! Turning the caller's paths into repository-relative, slash-separated paths (the
//! crate's one rule, `RepoPath::from_typed`).

use std::path::Path;

use super::GitError;
use crate::repo_path::{PathProblem, RepoPath};

/// The repository-relative form of `path` (relative to `root`, or absolute inside it).
pub(crate) fn relative_to_root(root: &Path, path: &str) -> Result<String, GitError> {
    match RepoPath::from_typed(root, path) {
        Ok(relative) => Ok(relative.into()),
        Err(PathProblem::Empty) => Err(GitError::NotAFile(path.to_string())),
        Err(_)
            if Path::new(path)
                .components()
                .all(|part| part == std::path::Component::CurDir) =>
        {
            Err(GitError::NotAFile(path.to_string()))
        }
        Err(_) => Err(GitError::OutsideRepository {
            path: path.to_string(),
            root: root.to_path_buf(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_and_absolute_paths_normalise() {
        let root = Path::new("/repo");
        assert_eq!(relative_to_root(root, "src/a.rs").unwrap(), "src/a.rs");
        assert_eq!(relative_to_root(root, "./src//a.rs").unwrap(), "src/a.rs");
        assert_eq!(
            relative_to_root(root, "/repo/src/a.rs").unwrap(),
            "src/a.rs"
        );
        assert!(matches!(
            relative_to_root(root, "../etc/passwd"),
            Err(GitError::OutsideRepository { .. })
        ));
        assert!(matches!(
            relative_to_root(root, "src/../../x"),
            Err(GitError::OutsideRepository { .. })
        ));
        assert!(relative_to_root(root, ".").is_err());
    }
}
