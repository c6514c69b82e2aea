//! What `.gitattributes` says of files for GitHub's linguist (`linguist-vendored`,
//! `linguist-generated`), asked of libgit2 only for the files that may carry them.
//!
//! libgit2 answers one path at a time, and each answer checks every attribute file
//! from the top down to the path's folder on disk (several `stat`s a file, twice: one
//! lookup per attribute). Most files are named by no line that sets either attribute:
//! the lines that do are read here first, and their patterns (matched as git matches
//! them, case ignored, so never fewer files than git) pick the files to ask about. A
//! macro (`[attr]name …`) that sets one of them could be used by any line, and then
//! every file is asked about, as before.

use std::path::Path;

use git2::{AttrCheckFlags, AttrValue};
use ignore::gitignore::{Gitignore, GitignoreBuilder};

use super::error::GitContext;
use super::{GitError, GitRepo};

#[cfg(test)]
thread_local! {
    /// Lookups made by this thread, for the tests that count them.
    static LOOKUPS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The lookups this thread made since the last call (tests count them).
#[cfg(test)]
pub fn linguist_lookups_reset() -> usize {
    LOOKUPS.with(|lookups| lookups.replace(0))
}

/// The attributes the map reads.
const ATTRIBUTES: [&str; 2] = ["linguist-vendored", "linguist-generated"];

/// What `.gitattributes` says of a file for GitHub's linguist.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LinguistAttributes {
    /// `linguist-vendored` set (`Some(true)`) or unset/false (`Some(false)`).
    pub vendored: Option<bool>,
    /// `linguist-generated` set or unset.
    pub generated: Option<bool>,
}

/// The files that may carry a linguist attribute: those a line setting one names.
#[derive(Debug)]
pub enum LinguistFiles {
    /// No attribute file sets either attribute.
    None,
    /// Those matched by these patterns, each with the folder of its file
    /// (`/`-ended, relative to the top; "" at the top).
    Named(Vec<(String, Gitignore)>),
    /// Any file (a macro sets one, or a line could not be read for sure).
    All,
}

impl LinguistFiles {
    /// Whether no file needs a lookup.
    pub fn is_none(&self) -> bool {
        match self {
            LinguistFiles::None => true,
            LinguistFiles::Named(patterns) => patterns.is_empty(),
            LinguistFiles::All => false,
        }
    }

    /// Whether `path` (relative to the top) may carry a linguist attribute.
    pub fn may_name(&self, path: &str) -> bool {
        match self {
            LinguistFiles::None => false,
            LinguistFiles::All => true,
            LinguistFiles::Named(patterns) => patterns.iter().any(|(folder, patterns)| {
                path.strip_prefix(folder.as_str())
                    .is_some_and(|inside| patterns.matched(Path::new(inside), false).is_ignore())
            }),
        }
    }
}

impl GitRepo {
    /// The files of the work tree that may carry a linguist attribute, from
    /// `.git/info/attributes` and the `.gitattributes` files among `paths`
    /// (relative to the top).
    pub fn linguist_files(&self, paths: &[&str]) -> LinguistFiles {
        let info = (
            String::new(),
            self.repo.path().join("info").join("attributes"),
        );
        let listed = paths.iter().filter_map(|path| {
            let folder = match path.rsplit_once('/') {
                Some((folder, ".gitattributes")) => format!("{folder}/"),
                None if *path == ".gitattributes" => String::new(),
                _ => return None,
            };
            Some((folder, self.root().join(path)))
        });
        let mut named = Vec::new();
        for (folder, file) in std::iter::once(info).chain(listed) {
            let Ok(bytes) = crate::safe_fs::read_regular(&file) else {
                continue;
            };
            let text = String::from_utf8_lossy(&bytes);
            match patterns_setting_linguist(&text, &self.root().join(&folder)) {
                Lines::None => {}
                Lines::Patterns(patterns) => named.push((folder, patterns)),
                Lines::Unsure => return LinguistFiles::All,
            }
        }
        if named.is_empty() {
            LinguistFiles::None
        } else {
            LinguistFiles::Named(named)
        }
    }

    /// The linguist attributes of one path (relative to the work tree's top).
    pub fn linguist_attributes(&self, path: &str) -> Result<LinguistAttributes, GitError> {
        #[cfg(test)]
        LOOKUPS.with(|lookups| lookups.set(lookups.get() + 1));
        let flag = |name: &str| -> Result<Option<bool>, GitError> {
            let value = self
                .repo
                .get_attr(Path::new(path), name, AttrCheckFlags::FILE_THEN_INDEX)
                .context(&format!("reading the {name} attribute of {path}"))?;
            Ok(match AttrValue::from_string(value) {
                AttrValue::True => Some(true),
                AttrValue::False => Some(false),
                AttrValue::String(text) => Some(text != "false"),
                AttrValue::Bytes(_) => Some(true),
                AttrValue::Unspecified => None,
            })
        };
        Ok(LinguistAttributes {
            vendored: flag(ATTRIBUTES[0])?,
            generated: flag(ATTRIBUTES[1])?,
        })
    }
}

/// What one attribute file's lines say about the linguist attributes.
enum Lines {
    None,
    Patterns(Gitignore),
    Unsure,
}

/// The patterns of the lines of an attribute file in `folder` that set, unset or
/// clear a linguist attribute.
fn patterns_setting_linguist(text: &str, folder: &Path) -> Lines {
    let mentions = |attributes: &str| {
        attributes.split_whitespace().any(|attribute| {
            let name = attribute.trim_start_matches(['-', '!']);
            let name = name.split_once('=').map_or(name, |(name, _)| name);
            ATTRIBUTES.contains(&name)
        })
    };
    let mut builder = GitignoreBuilder::new(folder);
    builder.case_insensitive(true).ok();
    let mut any = false;
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (pattern, attributes) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        if !mentions(attributes) {
            continue;
        }
        // A macro may be used by any line; a quoted pattern is not read here.
        if pattern.starts_with("[attr]") || pattern.starts_with('"') {
            return Lines::Unsure;
        }
        // git forbids negated patterns in attributes; read as the pattern itself,
        // to name never fewer files than git.
        let pattern = pattern.strip_prefix('!').unwrap_or(pattern);
        if builder.add_line(None, pattern).is_err() {
            return Lines::Unsure;
        }
        any = true;
    }
    if !any {
        return Lines::None;
    }
    match builder.build() {
        Ok(patterns) => Lines::Patterns(patterns),
        Err(_) => Lines::Unsure,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_lines_setting_a_linguist_attribute_name_files() {
        let folder = Path::new("/repo");
        let text = "* text=auto eol=lf\n*.js linguist-detectable=false\n# dist/** linguist-generated\n\
            dist/** linguist-generated\n*.MIN.js -linguist-vendored\nthird_party/**/*.c linguist-vendored=true\n";
        let Lines::Patterns(patterns) = patterns_setting_linguist(text, folder) else {
            panic!("patterns expected");
        };
        let named = |path: &str| patterns.matched(Path::new(path), false).is_ignore();
        assert!(named("dist/a/b.js"));
        assert!(named("lib/x.min.js"));
        assert!(named("third_party/zlib/inflate.c"));
        assert!(!named("src/app.js"), "linguist-detectable is not read");
        assert!(!named("distant/a.js"));
        assert!(matches!(
            patterns_setting_linguist("*.js linguist-detectable=false\n", folder),
            Lines::None
        ));
        assert!(matches!(
            patterns_setting_linguist("[attr]gen linguist-generated\n*.pb.go gen\n", folder),
            Lines::Unsure
        ));
    }
}
