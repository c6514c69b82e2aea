//! A path inside the repository, and the one rule for how a text becomes one.
//!
//! A [`RepoPath`] is relative to the root, uses `/` separators, has no `.` or `..` part
//! and is never empty. Two ways in, one rule each:
//! - [`RepoPath::parse`] for paths the program did not choose — a model's reply, a git
//!   index, a session file: absolute paths and `..` are refused outright, since they can
//!   only mean leaving the root (or hiding that they do).
//! - [`RepoPath::from_typed`] for a path the user typed: relative to the root or
//!   absolute inside it; `..` is resolved on the text and the result must stay inside.
//!
//! Neither looks at the file system: symlinks are the workspace's business when a file
//! is opened. Library code at the bottom of the crate: it imports nothing else from it.

use std::fmt;
use std::path::{Component, Path, PathBuf};

/// A path relative to the repository root.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RepoPath(String);

/// Why a text is not a path inside the repository.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PathProblem {
    #[error("an empty file path")]
    Empty,
    #[error("{0}: absolute paths are refused; name files relative to the project root")]
    Absolute(String),
    #[error("{0}: paths with `..` are refused; they could leave the project root")]
    ParentDir(String),
    #[error("{0}: is outside the repository")]
    Outside(String),
    #[error("{0}: is not valid UTF-8")]
    NotUtf8(String),
}

impl RepoPath {
    /// Reads a path the program did not choose: relative, no `..`, `./` dropped.
    pub fn parse(text: &str) -> Result<RepoPath, PathProblem> {
        if text.trim().is_empty() {
            return Err(PathProblem::Empty);
        }
        let drive_letter = text.len() >= 2
            && text.as_bytes()[0].is_ascii_alphabetic()
            && text.as_bytes()[1] == b':';
        let path = Path::new(text);
        if text.starts_with('/')
            || text.starts_with('\\')
            || text.starts_with('~')
            || drive_letter
            || path.is_absolute()
            || path.has_root()
        {
            return Err(PathProblem::Absolute(text.to_string()));
        }
        let mut parts = Vec::new();
        for component in path.components() {
            match component {
                Component::Normal(part) => match part.to_str() {
                    Some(part) => parts.push(part),
                    None => return Err(PathProblem::NotUtf8(text.to_string())),
                },
                Component::CurDir => {}
                Component::ParentDir => return Err(PathProblem::ParentDir(text.to_string())),
                Component::RootDir | Component::Prefix(_) => {
                    return Err(PathProblem::Absolute(text.to_string()));
                }
            }
        }
        if parts.is_empty() {
            return Err(PathProblem::Empty);
        }
        Ok(RepoPath(parts.join("/")))
    }

    /// Reads a path the user typed: relative to `root`, or absolute inside it; `..`
    /// parts are resolved on the text and must not leave the root.
    pub fn from_typed(root: &Path, typed: &str) -> Result<RepoPath, PathProblem> {
        let given = Path::new(typed.trim());
        let absolute = if given.is_absolute() {
            given.to_path_buf()
        } else {
            root.join(given)
        };
        let normal = lexically_normal(&absolute);
        let root = lexically_normal(root);
        let relative = match normal.strip_prefix(&root) {
            Ok(relative) => relative.to_path_buf(),
            // The user may spell the root another way (a symlinked /tmp).
            Err(_) => match (normal.parent(), normal.file_name(), root.canonicalize()) {
                (Some(parent), Some(name), Ok(real_root)) => parent
                    .canonicalize()
                    .ok()
                    .and_then(|parent| {
                        parent
                            .join(name)
                            .strip_prefix(&real_root)
                            .ok()
                            .map(Path::to_path_buf)
                    })
                    .ok_or_else(|| PathProblem::Outside(typed.to_string()))?,
                _ => return Err(PathProblem::Outside(typed.to_string())),
            },
        };
        let text = relative.to_string_lossy().replace('\\', "/");
        RepoPath::parse(&text).map_err(|problem| match problem {
            PathProblem::Empty => PathProblem::Outside(typed.to_string()),
            other => other,
        })
    }

    /// The path as text (`src/lib.rs`).
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether a part of the path is `.git` (any case).
    pub fn is_in_git_dir(&self) -> bool {
        self.0
            .split('/')
            .any(|part| part.eq_ignore_ascii_case(".git"))
    }
}

impl fmt::Display for RepoPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<RepoPath> for String {
    fn from(path: RepoPath) -> String {
        path.0
    }
}

/// `path` with `.` and `..` parts resolved on the text alone (files may not exist yet).
fn lexically_normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_the_program_did_not_choose_may_not_climb() {
        assert_eq!(RepoPath::parse("./src//a.rs").unwrap().as_str(), "src/a.rs");
        for bad in [
            "../x",
            "a/../../x",
            "a/../b",
            "/etc/passwd",
            "~/.ssh/id",
            "C:\\x",
            "c:x",
        ] {
            assert!(RepoPath::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(RepoPath::parse("").unwrap_err(), PathProblem::Empty);
        assert!(RepoPath::parse("sub/.GIT/config").unwrap().is_in_git_dir());
    }

    #[test]
    fn typed_paths_resolve_dot_dot_but_stay_inside() {
        let root = Path::new("/repo");
        let typed = |text: &str| RepoPath::from_typed(root, text).map(String::from);
        assert_eq!(typed("src/../lib/a.rs").unwrap(), "lib/a.rs");
        assert_eq!(typed("/repo/src/a.rs").unwrap(), "src/a.rs");
        assert!(matches!(
            typed("../outside.rs"),
            Err(PathProblem::Outside(_))
        ));
        assert!(matches!(typed("/etc/passwd"), Err(PathProblem::Outside(_))));
        assert!(matches!(typed("."), Err(PathProblem::Outside(_))));
    }
}
