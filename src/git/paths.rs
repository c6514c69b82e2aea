//! Turning the caller's paths into repository-relative, slash-separated paths.

use std::path::{Component, Path};

use super::GitError;

/// The repository-relative form of `path` (relative to `root`, or absolute inside it).
pub(crate) fn relative_to_root(root: &Path, path: &str) -> Result<String, GitError> {
    let outside = || GitError::OutsideRepository {
        path: path.to_string(),
        root: root.to_path_buf(),
    };
    let given = Path::new(path);
    let relative = if given.is_absolute() {
        match given.strip_prefix(root) {
            Ok(rest) => rest.to_path_buf(),
            // The caller may have spelled the root differently (a symlinked /tmp).
            Err(_) => {
                let parent = given.parent().ok_or_else(outside)?;
                let name = given.file_name().ok_or_else(outside)?;
                let parent = parent.canonicalize().map_err(|_| outside())?;
                parent
                    .join(name)
                    .strip_prefix(root)
                    .map_err(|_| outside())?
                    .to_path_buf()
            }
        }
    } else {
        given.to_path_buf()
    };
    let mut parts = Vec::new();
    for component in relative.components() {
        match component {
            Component::Normal(part) => parts.push(part.to_str().ok_or_else(outside)?.to_string()),
            Component::CurDir => {}
            Component::ParentDir | Component::RootDir | Component::Prefix(_) => {
                return Err(outside());
            }
        }
    }
    if parts.is_empty() {
        return Err(GitError::NotAFile(path.to_string()));
    }
    Ok(parts.join("/"))
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
