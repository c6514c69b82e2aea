//! Adding and dropping chat files and read-only files.

use std::path::Path;

use super::spawn::Engine;

/// Why a file could not be added.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AddRefusal {
    /// The path lies outside the repository root.
    OutsideRoot(String),
    /// The path names a directory with no files, or nothing at all matched.
    NoMatch(String),
    /// Git ignores the file.
    Ignored(String),
}

impl std::fmt::Display for AddRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AddRefusal::OutsideRoot(path) => write!(
                f,
                "{path} is outside the repository; only files inside it can be edited"
            ),
            AddRefusal::NoMatch(path) => write!(f, "no file matches {path}"),
            AddRefusal::Ignored(path) => write!(f, "{path} is ignored by git; not adding it"),
        }
    }
}

impl Engine {
    /// Adds the files and read-only files named in the settings.
    pub(super) async fn add_startup_files(&mut self) {
        let settings = &self.session.settings;
        // Paths on the command line are relative to where the user ran the program.
        let from_cwd = |paths: &[std::path::PathBuf]| -> Vec<String> {
            paths
                .iter()
                .map(|path| settings.cwd.join(path).to_string_lossy().into_owned())
                .collect()
        };
        let files = from_cwd(&settings.files);
        let read = from_cwd(&settings.read);
        for file in files {
            match self.add_chat_file(&file, true) {
                Ok(added) => {
                    for name in added {
                        tracing::info!("added {name} to the chat");
                    }
                }
                Err(refusal) => self.emitter.warn(refusal.to_string()).await,
            }
        }
        for file in read {
            if let Err(problem) = self.add_read_only(&file) {
                self.emitter.warn(problem).await;
            }
        }
    }

    /// Adds a file (or every file under a directory, or a glob's matches) to the chat.
    /// With `create`, a path that does not exist yet is added as a new, empty file.
    pub(super) fn add_chat_file(
        &mut self,
        typed: &str,
        create: bool,
    ) -> Result<Vec<String>, AddRefusal> {
        let matches = self.expand(typed);
        if matches.is_empty() {
            let Some(relative) = self.session.relative_path(typed) else {
                return Err(AddRefusal::OutsideRoot(typed.to_string()));
            };
            let absolute = self.session.absolute(&relative);
            if absolute.exists() && absolute.is_file() {
                return self.add_relative(vec![relative]);
            }
            if create && !absolute.exists() {
                self.session.chat_files.insert(relative.clone());
                return Ok(vec![relative]);
            }
            return Err(AddRefusal::NoMatch(typed.to_string()));
        }
        self.add_relative(matches)
    }

    fn add_relative(&mut self, paths: Vec<String>) -> Result<Vec<String>, AddRefusal> {
        let mut added = Vec::new();
        for path in paths {
            if let Some(git) = &self.session.git
                && git.with(|git| git.is_ignored(&path)).unwrap_or(false)
            {
                if added.is_empty() {
                    return Err(AddRefusal::Ignored(path));
                }
                continue;
            }
            self.session.read_only_files.remove(&path);
            if self.session.chat_files.insert(path.clone()) {
                added.push(path);
            }
        }
        Ok(added)
    }

    /// Repository files a typed path names: itself, the files under it, or a glob's matches.
    fn expand(&self, typed: &str) -> Vec<String> {
        let Some(relative) = self.session.relative_path(typed) else {
            return Vec::new();
        };
        let files = self.session.repo_files();
        if relative.contains(['*', '?', '[']) {
            return match glob_matcher(&relative) {
                Some(matcher) => files
                    .into_iter()
                    .filter(|file| matcher.is_match(file))
                    .collect(),
                None => Vec::new(),
            };
        }
        if files.contains(&relative) {
            return vec![relative];
        }
        let prefix = format!("{}/", relative.trim_end_matches('/'));
        files
            .into_iter()
            .filter(|file| file.starts_with(&prefix))
            .collect()
    }

    /// Adds a read-only file; it may live outside the repository.
    pub(super) fn add_read_only(&mut self, typed: &str) -> Result<String, String> {
        let name = match self.session.relative_path(typed) {
            Some(relative) => relative,
            None => {
                let path = Path::new(typed);
                let absolute = if path.is_absolute() {
                    path.to_path_buf()
                } else {
                    self.session.settings.cwd.join(path)
                };
                absolute.to_string_lossy().into_owned()
            }
        };
        if !self.session.absolute(&name).is_file() {
            return Err(format!("cannot read {typed}: no such file"));
        }
        self.session.chat_files.remove(&name);
        self.session.read_only_files.insert(name.clone());
        Ok(name)
    }

    /// Drops files from the chat (editable or read-only); all of them when `typed` is empty.
    pub(super) fn drop_files(&mut self, typed: &str) -> Vec<String> {
        if typed.trim().is_empty() {
            let mut dropped: Vec<String> = self.session.chat_files.iter().cloned().collect();
            dropped.extend(self.session.read_only_files.iter().cloned());
            self.session.chat_files.clear();
            self.session.read_only_files.clear();
            return dropped;
        }
        let mut dropped = Vec::new();
        let target = self
            .session
            .relative_path(typed)
            .unwrap_or_else(|| typed.to_string());
        let prefix = format!("{}/", target.trim_end_matches('/'));
        let matcher = if target.contains(['*', '?', '[']) {
            glob_matcher(&target)
        } else {
            None
        };
        let hit = |name: &String| {
            *name == target
                || name.starts_with(&prefix)
                || matcher
                    .as_ref()
                    .is_some_and(|matcher| matcher.is_match(name))
        };
        for set in [
            &mut self.session.chat_files,
            &mut self.session.read_only_files,
        ] {
            let names: Vec<String> = set.iter().filter(|name| hit(name)).cloned().collect();
            for name in names {
                set.remove(&name);
                dropped.push(name);
            }
        }
        dropped
    }
}

/// A glob over relative paths, using the `ignore` crate's gitignore-style matcher.
fn glob_matcher(pattern: &str) -> Option<GlobMatcher> {
    let mut builder = ignore::gitignore::GitignoreBuilder::new("");
    builder.add_line(None, pattern).ok()?;
    builder.build().ok().map(GlobMatcher)
}

struct GlobMatcher(ignore::gitignore::Gitignore);

impl GlobMatcher {
    fn is_match(&self, path: &str) -> bool {
        self.0.matched_path_or_any_parents(path, false).is_ignore()
    }
}
