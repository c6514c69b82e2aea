//! Why an edit was not applied, in words for the user and for the model.

/// Why one edit was not applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditFailure {
    /// The path is outside the root, inside `.git/`, or otherwise refused.
    #[error("refused path: {0}")]
    PathRefused(String),
    /// The file cannot be edited (binary, not UTF-8, a directory, unreadable).
    #[error("cannot edit the file: {0}")]
    Unreadable(String),
    /// The SEARCH text is in neither the named file nor any other chat file.
    #[error("the SEARCH text was not found in {path}")]
    NotFound {
        /// The file the edit named.
        path: String,
        /// Whether that file exists.
        file_exists: bool,
    },
    /// A file named outright for an update (the patch format) does not exist.
    #[error(
        "{path} does not exist, so it cannot be updated; {}",
        existing_files(files)
    )]
    Missing {
        /// The file the edit named.
        path: String,
        /// The chat files that do exist.
        files: Vec<String>,
    },
    /// The SEARCH text matches several places in one file.
    #[error("the SEARCH text matches {count} places in {path}; it must match exactly one")]
    Ambiguous {
        /// The file.
        path: String,
        /// How many places matched.
        count: usize,
    },
    /// The named file does not hold the SEARCH text and several chat files do.
    #[error("the SEARCH text is not in {path} but is found in several chat files ({}); it must name one", files.join(", "))]
    AmbiguousFiles {
        /// The file the edit named.
        path: String,
        /// The chat files that match.
        files: Vec<String>,
    },
    /// A new file's name is a basename that several chat files share.
    #[error("{path} does not exist and several chat files have that name ({}); give the full path", files.join(", "))]
    AmbiguousName {
        /// The name given.
        path: String,
        /// The chat files with that basename.
        files: Vec<String>,
    },
    /// REPLACE (or a whole-file listing) holds a placeholder for omitted code.
    #[error(
        "the new text of {path} holds the placeholder `{line}` instead of the code it stands for; write the code out in full"
    )]
    Placeholder {
        /// The file.
        path: String,
        /// The placeholder line.
        line: String,
    },
    /// Writing the file failed (the edit itself matched).
    #[error("writing the file failed: {0}")]
    WriteFailed(String),
    /// The file changed on disk after the edit was planned (the user's change is kept).
    #[error("{0} changed on disk after this edit was planned; nothing was written to it")]
    ChangedOnDisk(String),
    /// A file to create already exists.
    #[error("{0} already exists; a file added or moved to must be new (edit it instead)")]
    Exists(String),
    /// Applied, the block would leave a syntax error the file had not (held back by
    /// auto-accept).
    #[error(
        "it would leave a syntax error in {path} at line {line} ({message}), so it was not applied"
    )]
    Syntax {
        /// The file.
        path: String,
        /// One-based, in the file as the block would leave it.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The parser read the block but it must not be applied.
    #[error("{0}")]
    Refused(String),
}

/// What the model should do about a failure of one kind.
const SEARCH_ADVICE: &str = "A SEARCH section must copy the existing lines exactly (whitespace, comments and all) and match one place only; add a few surrounding lines when it is not unique.";

impl EditFailure {
    /// The advice that fits this kind of failure, for the model's feedback; `None` when
    /// the failure's own words already say what to do.
    pub fn advice(&self) -> Option<&'static str> {
        match self {
            EditFailure::NotFound { .. }
            | EditFailure::Ambiguous { .. }
            | EditFailure::AmbiguousFiles { .. } => Some(SEARCH_ADVICE),
            EditFailure::PathRefused(_) => {
                Some("Name every file by its path relative to the project root, outside .git/.")
            }
            EditFailure::Unreadable(_) => Some(
                "That path cannot be edited as a text file; leave the block out, or send it again for a path that can hold a text file.",
            ),
            EditFailure::WriteFailed(_) => Some(
                "The block's text was fine; writing it to disk failed. If the path is wrong (a folder on it is a file, or the name is too long), send the block again with a path that can be created; otherwise leave it out.",
            ),
            EditFailure::ChangedOnDisk(_) => Some(
                "The file was changed on disk while your edit waited; nothing of the block was written. Send the block again against the file as it is now.",
            ),
            EditFailure::Refused(_) => {
                Some("Send the block again, written exactly in the edit format.")
            }
            EditFailure::Syntax { .. } => Some(
                "A block whose result does not parse is held back: correct its REPLACE text so the file parses (brackets, colons, quotes, indentation) and send the block again.",
            ),
            EditFailure::AmbiguousName { .. }
            | EditFailure::Placeholder { .. }
            | EditFailure::Missing { .. }
            | EditFailure::Exists(_) => None,
        }
    }
}

/// The clause of [`EditFailure::Missing`] that names the files there are.
fn existing_files(files: &[String]) -> String {
    let add = "add a new file with `*** Add File:`";
    if files.is_empty() {
        return format!("no file in the chat exists ({add})");
    }
    format!(
        "the files in the chat that exist are {} (or {add})",
        files.join(", ")
    )
}
