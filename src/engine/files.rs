//! Adding and dropping chat files and read-only files.

use std::path::Path;

use crate::protocol::QuestionKind;

use super::chat_files::{AddRefusal, ChatFiles, Found};
use super::emitter::Emitter;
use super::images::admit_image;
use super::inbox::Inbox;
use super::mentions::{self, Mentions};
use super::session::Session;
use super::status::send_status;

/// Adds the files and read-only files named in the settings.
pub(super) async fn add_startup_files(session: &mut Session, emitter: &Emitter) {
    let settings = &session.settings;
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
        match add_chat_file(session, &file, true) {
            Ok(added) => {
                for name in added {
                    tracing::info!("added {name} to the chat");
                }
            }
            Err(refusal) => emitter.warn(refusal.to_string()).await,
        }
    }
    for file in read {
        if let Err(problem) = add_read_only(session, &file) {
            emitter.warn(problem).await;
        }
    }
}

/// Adds a file (or every file under a directory, or a glob's matches) to the chat.
/// With `create`, a path that does not exist yet is added as a new, empty file.
pub(super) fn add_chat_file(
    session: &mut Session,
    typed: &str,
    create: bool,
) -> Result<Vec<String>, AddRefusal> {
    // `/add 'tests/test_?.py'`: quotes keep a shell-minded user's glob intact.
    let typed = unquoted(typed);
    let matches = expand(session, typed)?;
    if matches.is_empty() {
        let Some(relative) = session.relative_path(typed) else {
            return Err(AddRefusal::OutsideRoot(typed.to_string()));
        };
        let found = find_inside(session, &relative, typed)?;
        if matches!(found, Found::File) {
            return add_relative(session, vec![relative]);
        }
        if is_glob(&relative) {
            return Err(AddRefusal::GlobMatchedNothing(typed.to_string()));
        }
        if create && matches!(found, Found::Missing) {
            session.files.add_editable(relative.clone());
            return Ok(vec![relative]);
        }
        return Err(AddRefusal::NoMatch(typed.to_string()));
    }
    add_relative(session, matches)
}

/// The containment every file that joins the chat from inside the repository
/// passes (`/add`, `/read-only`, a resumed session): the path resolves inside the
/// root through the workspace's handle (a symlink inside is followed, one out is
/// refused, and so is `.git/`), and what is there is a regular file, a folder or
/// nothing. Only stats: a FIFO is never opened (that blocks until a writer comes).
pub(super) fn find_inside(
    session: &Session,
    relative: &str,
    typed: &str,
) -> Result<Found, AddRefusal> {
    let workspace = &session.workspace;
    let real = match workspace.resolve(relative) {
        Ok(real) => real,
        Err(crate::edit::WorkspaceError::Directory(_)) => return Ok(Found::Folder),
        Err(error) => return Err(AddRefusal::Escapes(error.to_string())),
    };
    match std::fs::symlink_metadata(workspace.root().join(real)) {
        Ok(metadata) if metadata.is_file() => Ok(Found::File),
        Ok(metadata) if metadata.is_dir() => Ok(Found::Folder),
        Ok(metadata) => Err(AddRefusal::NotRegular {
            path: typed.to_string(),
            kind: crate::safe_fs::file_kind(&metadata.file_type()),
        }),
        Err(_) => Ok(Found::Missing),
    }
}

/// Adds repository paths that passed [`find_inside`] or came from the listing;
/// images only when [`admit_image`] lets them in, ignored files not at all.
pub(super) fn add_relative(
    session: &mut Session,
    paths: Vec<String>,
) -> Result<Vec<String>, AddRefusal> {
    let mut added = Vec::new();
    let single = paths.len() == 1;
    for path in paths {
        if super::chat_files::is_image(&path)
            && let Err(reason) = admit_image(session, &path)
        {
            // A folder or glob skips its images; a named image is refused.
            if single {
                return Err(AddRefusal::Image { reason });
            }
            tracing::info!("not adding {path}: {reason}");
            continue;
        }
        if let Some(git) = &session.git
            && git.with(|git| git.is_ignored(&path)).unwrap_or(false)
        {
            if added.is_empty() {
                return Err(AddRefusal::Ignored(path));
            }
            continue;
        }
        if session.files.add_editable(path.clone()) {
            added.push(path);
        }
    }
    Ok(added)
}

/// Repository files a typed path names: itself, the files under it, or a glob's
/// matches. A file whose name merely looks like a glob (`notes[1].md`) is itself.
fn expand(session: &Session, typed: &str) -> Result<Vec<String>, AddRefusal> {
    let Some(relative) = session.relative_path(typed) else {
        return Ok(Vec::new());
    };
    let files = session.repo_files();
    let matches: Vec<String> = if files.contains(&relative) {
        vec![relative]
    } else if is_glob(&relative) {
        let glob = PathGlob::new(&relative).map_err(|reason| AddRefusal::BadGlob {
            pattern: typed.to_string(),
            reason,
        })?;
        files
            .into_iter()
            .filter(|file| glob.is_match(file))
            .collect()
    } else {
        let prefix = format!("{}/", relative.trim_end_matches('/'));
        files
            .into_iter()
            .filter(|file| file.starts_with(&prefix))
            .collect()
    };
    // The listing names tracked files without looking at the work tree: one
    // deleted since is not there to add.
    Ok(matches
        .into_iter()
        .filter(|path| {
            std::fs::symlink_metadata(session.absolute(path))
                .is_ok_and(|metadata| metadata.is_file())
        })
        .collect())
}

/// Adds a read-only file; it may live outside the repository when the user names
/// it so, but a path inside passes [`find_inside`].
pub(super) fn add_read_only(session: &mut Session, typed: &str) -> Result<String, String> {
    let name = match session.relative_path(typed) {
        Some(relative) => match find_inside(session, &relative, typed) {
            Ok(Found::File) => relative,
            Ok(_) => return Err(format!("cannot read {typed}: no such file")),
            Err(refusal) => return Err(refusal.to_string()),
        },
        None => {
            let path = Path::new(typed);
            let absolute = if path.is_absolute() {
                path.to_path_buf()
            } else {
                session.settings.cwd.join(path)
            };
            absolute.to_string_lossy().into_owned()
        }
    };
    if !session.absolute(&name).is_file() {
        return Err(format!("cannot read {typed}: no such file"));
    }
    if super::chat_files::is_image(&name) {
        admit_image(session, &name)?;
    }
    session.files.add_read_only(name.clone());
    Ok(name)
}

/// Drops files from the chat (editable or read-only); all of them when `typed` is
/// empty. A typed path is read against the repository's `root`.
pub(super) fn drop_files(files: &mut ChatFiles, root: &Path, typed: &str) -> Vec<String> {
    let typed = unquoted(typed);
    if typed.is_empty() {
        return files.drop_where(|_| true);
    }
    let target = crate::repo_path::RepoPath::from_typed(root, typed)
        .map(String::from)
        .unwrap_or_else(|_| typed.to_string());
    let prefix = format!("{}/", target.trim_end_matches('/'));
    let matcher = if is_glob(&target) {
        PathGlob::new(&target).ok()
    } else {
        None
    };
    files.drop_where(|name| {
        name == target
            || name.starts_with(&prefix)
            || matcher
                .as_ref()
                .is_some_and(|matcher| matcher.is_match(name))
    })
}

/// Adds the files the message names as `@path` (the one place `@` is read) and
/// returns the message without those `@`s.
pub(super) async fn add_at_paths(
    session: &mut Session,
    emitter: &Emitter,
    message: String,
) -> String {
    let (message, named) = mentions::take_at_paths(&message, &session.repo_files());
    for path in named {
        match add_chat_file(session, &path, false) {
            Ok(added) if !added.is_empty() => {
                emitter.info(format!("Added {}", added.join(", "))).await
            }
            Ok(_) => {}
            Err(refusal) => emitter.warn(refusal.to_string()).await,
        }
    }
    message
}

/// Offers the repository files the user's message names for adding, before the
/// model is called. Returns the mentions (for the repo map).
pub(super) async fn offer_mentioned_files(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
    message: &str,
) -> Mentions {
    let repo_files = session.repo_files();
    let found = mentions::find_mentions(message, &repo_files, &session.files.all());
    for file in &found.files {
        let yes = inbox
            .ask(
                emitter,
                QuestionKind::AddFile { path: file.clone() },
                format!("Your message names {file}. Add it to the chat?"),
            )
            .await;
        if yes && let Err(refusal) = add_chat_file(session, file, false) {
            emitter.warn(refusal.to_string()).await;
        }
    }
    if !found.files.is_empty() {
        send_status(session, inbox.auto_accept, emitter).await;
    }
    found
}

/// Offers the files a reply named (without editing them) for adding; returns the
/// ones added.
pub(super) async fn offer_files_named_in_reply(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
    reply: &str,
) -> Vec<String> {
    let repo_files = session.repo_files();
    let found = mentions::find_mentions(reply, &repo_files, &session.files.all());
    let mut added = Vec::new();
    for file in found.files {
        let yes = inbox
            .ask(
                emitter,
                QuestionKind::AddFile { path: file.clone() },
                format!("The model asked to see {file}. Add it to the chat?"),
            )
            .await;
        if yes && add_chat_file(session, &file, false).is_ok() {
            added.push(file);
        }
    }
    if !added.is_empty() {
        send_status(session, inbox.auto_accept, emitter).await;
    }
    added
}

/// Whether a path is meant as a glob.
fn is_glob(path: &str) -> bool {
    path.contains(['*', '?', '[', '{'])
}

/// `path` without one pair of surrounding quotes.
fn unquoted(path: &str) -> &str {
    let path = path.trim();
    ['\'', '"']
        .into_iter()
        .find_map(|quote| path.strip_prefix(quote)?.strip_suffix(quote))
        .unwrap_or(path)
}

/// A glob over repository-relative paths, with shell semantics (globset): `*` and `?`
/// stay within one folder, `**` spans any number of folders, `[ab]` and `{x,y}` choose.
/// A file matches when the glob names it or a folder it is in, so `src/*` adds all of
/// `src` the way `/add src` does.
struct PathGlob(globset::GlobMatcher);

impl PathGlob {
    fn new(pattern: &str) -> Result<PathGlob, String> {
        globset::GlobBuilder::new(pattern)
            .literal_separator(true)
            .backslash_escape(true)
            .build()
            .map(|glob| PathGlob(glob.compile_matcher()))
            .map_err(|error| error.kind().to_string())
    }

    fn is_match(&self, path: &str) -> bool {
        Path::new(path)
            .ancestors()
            .filter(|part| !part.as_os_str().is_empty())
            .any(|part| self.0.is_match(part))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILES: [&str; 10] = [
        "setup.py",
        "main.py",
        "src/lib.rs",
        "src/cli/mod.rs",
        "src/cli/args/parse.rs",
        "src/notes.md",
        "pkg/tool.py",
        "tests/test_a.py",
        "tests/test_ab.py",
        "tests/data/test_b.py",
    ];

    fn matching(pattern: &str) -> Vec<&'static str> {
        let glob = PathGlob::new(pattern).unwrap();
        FILES
            .into_iter()
            .filter(|file| glob.is_match(file))
            .collect()
    }

    #[test]
    fn star_stays_in_one_folder_and_double_star_spans_folders() {
        assert_eq!(matching("*.py"), ["setup.py", "main.py"]);
        assert_eq!(
            matching("src/**/*.rs"),
            ["src/lib.rs", "src/cli/mod.rs", "src/cli/args/parse.rs"]
        );
        assert_eq!(matching("src/*.rs"), ["src/lib.rs"]);
        assert_eq!(
            matching("**/*.py"),
            [
                "setup.py",
                "main.py",
                "pkg/tool.py",
                "tests/test_a.py",
                "tests/test_ab.py",
                "tests/data/test_b.py"
            ]
        );
    }

    #[test]
    fn question_marks_classes_and_alternatives() {
        assert_eq!(matching("tests/test_?.py"), ["tests/test_a.py"]);
        assert_eq!(
            matching("tests/test_[ab]*.py"),
            ["tests/test_a.py", "tests/test_ab.py"]
        );
        assert_eq!(matching("{main,setup}.py"), ["setup.py", "main.py"]);
    }

    #[test]
    fn a_glob_naming_a_folder_takes_the_files_in_it() {
        assert_eq!(
            matching("src/c*"),
            ["src/cli/mod.rs", "src/cli/args/parse.rs"]
        );
        // A gitignore-style rule would have matched `pkg/tool.py` for `*.py`: globs do not.
        assert!(!matching("*.py").contains(&"pkg/tool.py"));
    }

    #[test]
    fn quotes_are_taken_off_and_bad_globs_say_why() {
        assert_eq!(unquoted("'tests/test_?.py'"), "tests/test_?.py");
        assert_eq!(unquoted("\"src/*.rs\""), "src/*.rs");
        assert_eq!(unquoted("'half"), "'half");
        assert!(PathGlob::new("src/[a.rs").is_err());
    }
}
