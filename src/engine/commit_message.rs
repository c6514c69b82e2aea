//! The commit message for the tool's edits: written by the weak model from the diff,
//! in a separate request, one Conventional-Commits line; a plain message if that fails.

use crate::conversation::Role;
use crate::llm::{self, ChatMessage, ChatRequest};
use crate::protocol::TokenUsage;

use super::models::Model;

const COMMIT_SYSTEM: &str = "You write git commit messages.\n\
You get the diff of one change. Reply with exactly one line in Conventional Commits form: \
a type (feat, fix, refactor, docs, test, style, perf, build, ci or chore), an optional scope in parentheses, a colon, \
then what the change does in the imperative mood. At most 72 characters. No quotes, no code fences, no explanation.";

/// The most diff text sent for a commit message.
const MAX_DIFF: usize = 24_000;
/// The message's reply, at most.
const REPLY_TOKENS: u64 = 100;
/// What a provider adds around the system prompt and one message, at most.
const REQUEST_FRAMING_TOKENS: u64 = 64;
/// Below this much room in the weak model's window, no request is made.
const SMALLEST_CONTENT: u64 = 64;

/// A message, and the usage of the request that wrote it.
pub struct Written {
    pub message: String,
    pub usage: Option<TokenUsage>,
    /// Why the model's message was not used, when it was not.
    pub fallback_reason: Option<String>,
}

/// Asks `model` for a message for `diff`; falls back to a plain one naming `files`.
pub async fn write(
    model: Option<&Model>,
    diff: &str,
    files: &[String],
    context: Option<&str>,
) -> Written {
    let fallback = fallback_message(files);
    let Some(model) = model else {
        return Written {
            message: fallback,
            usage: None,
            fallback_reason: Some("no model to write it".to_string()),
        };
    };
    let mut content = String::new();
    if let Some(context) = context {
        content.push_str(&format!(
            "The request behind the change:\n{}\n\n",
            truncate(context, 2_000)
        ));
    }
    content.push_str(&format!("The diff:\n{}", truncate(diff, MAX_DIFF)));
    // Never past the model's window: the diff's end is cut to what fits.
    let instructions = crate::tokens::count_tokens(COMMIT_SYSTEM) as u64;
    let room =
        window_of(model).saturating_sub(REPLY_TOKENS + REQUEST_FRAMING_TOKENS + instructions);
    if room < SMALLEST_CONTENT {
        return Written {
            message: fallback,
            usage: None,
            fallback_reason: Some(format!("{}'s context window is too small", model.name)),
        };
    }
    let content = crate::tokens::prefix_within(&content, room as usize).to_string();
    let request = ChatRequest {
        system: COMMIT_SYSTEM.to_string(),
        messages: vec![ChatMessage {
            role: Role::User,
            content,
            cache_breakpoint: false,
            ..ChatMessage::default()
        }],
        max_tokens: Some(REPLY_TOKENS),
        temperature: None,
        ..ChatRequest::default()
    };
    match llm::complete(&*model.provider, request).await {
        Ok((text, usage)) => match clean(&text) {
            Some(message) => Written {
                message,
                usage: Some(usage),
                fallback_reason: None,
            },
            None => Written {
                message: fallback,
                usage: Some(usage),
                fallback_reason: Some("the model's message was empty".to_string()),
            },
        },
        Err(err) => Written {
            message: fallback,
            usage: None,
            fallback_reason: Some(err.to_string()),
        },
    }
}

/// The model's context window (the table's default when it is not known).
fn window_of(model: &Model) -> u64 {
    match model.settings.context_window {
        0 => llm::UNKNOWN_CONTEXT_WINDOW,
        window => window,
    }
}

/// A plain message naming the files.
pub fn fallback_message(files: &[String]) -> String {
    let mut names = files.join(", ");
    if names.len() > 50 {
        names = format!("{} files", files.len());
    }
    format!("chore: update {names}")
}

/// The first non-empty line, without quotes or fences, at most 72 characters.
fn clean(text: &str) -> Option<String> {
    let line = text
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with("```"))?;
    let line = line
        .trim_matches(|c| c == '"' || c == '\'' || c == '`')
        .trim();
    if line.is_empty() {
        return None;
    }
    Some(truncate(line, 72).to_string())
}

fn truncate(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn model_output_is_cleaned_to_one_line() {
        assert_eq!(
            clean("\n\"fix: handle empty input\"\nmore").as_deref(),
            Some("fix: handle empty input")
        );
        assert_eq!(
            clean("```\nfeat: add x\n```").as_deref(),
            Some("feat: add x")
        );
        assert_eq!(clean("  \n"), None);
    }

    #[test]
    fn fallback_names_the_files() {
        assert_eq!(fallback_message(&["a.py".into()]), "chore: update a.py");
    }
}
