//! A request found in the files: which files hold AI comments, what they say, and the
//! message that asks the model to act on them.

use super::comments::{AiComment, Marker};

/// One file's AI comments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileComments {
    /// The path relative to the repository root, with forward slashes.
    pub path: String,
    pub comments: Vec<AiComment>,
}

/// AI comments that ask for something (at least one `AI!` or `AI?`), with the context
/// comments gathered since the last request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trigger {
    /// Files in path order, each with its comments in line order.
    pub files: Vec<FileComments>,
}

impl Trigger {
    /// A trigger when `files` hold a comment that asks for something; `None` otherwise.
    pub fn from_files(mut files: Vec<FileComments>) -> Option<Trigger> {
        files.retain(|file| !file.comments.is_empty());
        files.sort_by(|left, right| left.path.cmp(&right.path));
        let asks = files
            .iter()
            .flat_map(|file| &file.comments)
            .any(|comment| comment.marker != Marker::Context);
        asks.then_some(Trigger { files })
    }

    /// Whether some comment asks for a change (`AI!`); otherwise only questions were
    /// asked and the request is answered without edits.
    pub fn wants_change(&self) -> bool {
        self.comments()
            .any(|(_, comment)| comment.marker == Marker::Change)
    }

    /// The files that hold the comments, for adding to the chat.
    pub fn paths(&self) -> Vec<String> {
        self.files.iter().map(|file| file.path.clone()).collect()
    }

    fn comments(&self) -> impl Iterator<Item = (&str, &AiComment)> {
        self.files.iter().flat_map(|file| {
            file.comments
                .iter()
                .map(move |comment| (file.path.as_str(), comment))
        })
    }

    /// The message for the model: every comment quoted with its file and line, and what
    /// to do with them.
    pub fn message(&self) -> String {
        let mut quoted = String::new();
        for (path, comment) in self.comments() {
            quoted.push_str(&format!("{path}:{}: {}\n", comment.line, comment.source));
        }
        let task = if self.wants_change() {
            "Make the changes that the comments ending in \"AI!\" ask for; the other AI \
             comments are there for context. Once done, remove every one of these AI \
             comments from the code."
        } else {
            "Answer the questions in the comments ending in \"AI?\"; the other AI comments \
             are there for context. Change no code."
        };
        format!(
            "I wrote instructions for you as comments in the code (marked with \"AI\"). \
             Here they are, with their file and line:\n\n{quoted}\n{task}"
        )
    }

    /// What a front end submits for this trigger, in order: adding the files to the
    /// chat (quoted as a shell would, so names with spaces survive), then the request
    /// (`/ask` when only questions were asked).
    pub fn submissions(&self) -> Vec<String> {
        let paths = self.paths();
        let mut out = Vec::new();
        if !paths.is_empty() {
            out.push(format!("/add {}", shell_words::join(&paths)));
        }
        if self.wants_change() {
            out.push(self.message());
        } else {
            out.push(format!("/ask {}", self.message()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::watch::scan;

    fn file(path: &str, text: &str) -> FileComments {
        FileComments {
            path: path.into(),
            comments: scan(path, text),
        }
    }

    #[test]
    fn context_alone_triggers_nothing() {
        assert!(Trigger::from_files(vec![file("a.py", "# the cache AI\n")]).is_none());
        assert!(Trigger::from_files(vec![file("a.py", "x = 1\n")]).is_none());
    }

    #[test]
    fn the_message_quotes_every_comment_with_its_place() {
        let trigger = Trigger::from_files(vec![
            file(
                "src/b.py",
                "def f():\n    return 1  # return 2 instead AI!\n",
            ),
            file("src/a.py", "# the numbers come from here AI\n"),
            file("src/c.py", "x = 1\n"),
        ])
        .unwrap();
        assert_eq!(trigger.paths(), ["src/a.py", "src/b.py"]);
        assert!(trigger.wants_change());
        let message = trigger.message();
        assert!(
            message.contains("src/a.py:1: # the numbers come from here AI\n"),
            "{message}"
        );
        assert!(
            message.contains("src/b.py:2: return 1  # return 2 instead AI!\n"),
            "{message}"
        );
        assert!(message.contains("remove every one"), "{message}");
        assert_eq!(
            trigger.submissions(),
            ["/add src/a.py src/b.py".to_string(), message]
        );
    }

    #[test]
    fn questions_alone_are_asked_in_ask_mode() {
        let trigger =
            Trigger::from_files(vec![file("my notes.py", "# why is this slow AI?\n")]).unwrap();
        assert!(!trigger.wants_change());
        let submissions = trigger.submissions();
        assert_eq!(
            submissions[0], "/add 'my notes.py'",
            "quoted as a shell would"
        );
        assert!(submissions[1].starts_with("/ask I wrote"));
        assert!(submissions[1].contains("Change no code"));
    }
}
