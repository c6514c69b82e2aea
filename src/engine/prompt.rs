//! Assembling the request the model sees, in a fixed order: system prompt, example
//! exchanges, read-only files, the repo map, the history, the editable chat files, the
//! current message, and a closing reminder of the edit-format rules (joined to the
//! current message). File and map blocks are user turns answered by a short assistant
//! turn, so every provider sees strictly alternating roles.

use crate::conversation::{Message, Role};
use crate::edit::{self, EditFormat};
use crate::llm::{ChatMessage, ChatRequest};
use crate::protocol::ChatMode;
use crate::tokens;

/// A file as the prompt shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileText {
    /// The path as the model should write it (relative to the repository root).
    pub name: String,
    pub text: String,
}

/// Everything the prompt is made from.
pub struct PromptInput<'a> {
    pub mode: ChatMode,
    pub format: EditFormat,
    pub read_only: &'a [FileText],
    /// The repo map text, if there is one.
    pub repo_map: Option<&'a str>,
    pub history: &'a [Message],
    pub chat_files: &'a [FileText],
    pub message: &'a str,
    /// Mark cache breakpoints (Anthropic prompt caching).
    pub caching: bool,
    /// The reply's output-token limit, if the model has one.
    pub max_output_tokens: Option<u64>,
    /// How the model wants the prompt laid out.
    pub style: PromptStyle,
}

/// How a model wants its prompt laid out (Aider's per-model settings of that name in
/// parentheses).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromptStyle {
    /// Put before the system prompt (`system_prompt_prefix`).
    pub system_prefix: Option<String>,
    /// The model takes a system prompt; without one it goes first as a user message,
    /// answered "Ok." (`use_system_prompt`).
    pub use_system_prompt: bool,
    /// The example exchanges go in the system prompt, not as turns (`examples_as_sys_msg`).
    pub examples_in_system: bool,
    /// The closing reminder is a system message of its own after the conversation,
    /// not joined to the message (`reminder: sys`).
    pub reminder_in_system: bool,
    /// Ask for whole, finished changes (`lazy`).
    pub lazy: bool,
    /// Ask to keep to the request (`overeager`).
    pub overeager: bool,
}

impl Default for PromptStyle {
    fn default() -> Self {
        PromptStyle {
            system_prefix: None,
            use_system_prompt: true,
            examples_in_system: false,
            reminder_in_system: false,
            lazy: false,
            overeager: false,
        }
    }
}

impl PromptStyle {
    /// The style a model's settings ask for.
    pub fn of(settings: &crate::llm::ModelSettings) -> PromptStyle {
        PromptStyle {
            system_prefix: settings.system_prompt_prefix.clone(),
            use_system_prompt: settings.use_system_prompt,
            examples_in_system: settings.examples_as_system,
            reminder_in_system: settings.reminder_as_system,
            lazy: settings.lazy,
            overeager: settings.overeager,
        }
    }
}

/// One named part of the prompt and its token count (for `/tokens` and the context
/// pane), with a hash of its content so two requests can be compared part by part.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PromptPart {
    pub name: &'static str,
    pub tokens: u64,
    /// A hash of the part's roles and text (the prompt cache compares these).
    pub hash: u64,
    /// The part ends at an Anthropic cache breakpoint.
    pub cache_breakpoint: bool,
}

impl PromptPart {
    /// The part made of `messages`.
    fn of(name: &'static str, messages: &[ChatMessage]) -> PromptPart {
        let mut hasher = std::hash::DefaultHasher::new();
        for message in messages {
            std::hash::Hash::hash(&(message.role == Role::User), &mut hasher);
            std::hash::Hash::hash(&message.content, &mut hasher);
        }
        PromptPart {
            name,
            tokens: count(messages),
            hash: std::hash::Hasher::finish(&hasher),
            cache_breakpoint: false,
        }
    }
}

/// The assembled request and what its parts cost.
pub struct Prompt {
    pub request: ChatRequest,
    pub parts: Vec<PromptPart>,
}

impl Prompt {
    /// Tokens of the whole prompt.
    pub fn total_tokens(&self) -> u64 {
        self.parts.iter().map(|part| part.tokens).sum()
    }
}

const READ_ONLY_INTRO: &str = "These files are for reference only. Do not edit them; if one needs to change, ask me to add it to the chat.";
const READ_ONLY_ACK: &str = "Understood: I will read these files but not edit them.";
const MAP_INTRO: &str = "Here is a map of the other files in my repository, with their important definitions. Their full contents are not shown: if you need to edit or see one of them in full, ask me to add it to the chat, by its full path, and wait.";
const MAP_ACK: &str =
    "Thanks. I will use the map to find my way around and ask for any file I need in full.";
const CHAT_FILES_INTRO: &str = "These are the current, complete contents of the files you may edit. Trust this text over anything earlier in the conversation.";
const CHAT_FILES_ACK: &str = "Got it. I will base my edits on exactly these contents.";
const NO_FILES_NOTE: &str = "No files have been added to the chat yet. If my request needs changes to existing files, tell me which files to add (full paths) and stop there, without writing edits for them.";
const NO_FILES_ACK: &str = "Understood. I will ask for the files I need before changing them.";
/// The answer to the system prompt sent as a user message.
const SYSTEM_ACK: &str = "Ok.";

/// The system prompt for a mode and edit format, in our own words.
pub fn system_prompt(mode: ChatMode, format: EditFormat) -> String {
    match mode {
        ChatMode::Code => {
            let rules = edit::prompts(format).system;
            format!(
                "You are a senior software engineer pairing with the user inside their code repository.\n\
                 Take the request, decide what has to change, and make the change.\n\
                 Follow the conventions and libraries the code already uses; do not add new dependencies without saying so.\n\
                 Explain briefly what you will change, then write every change in the edit format described below.\n\
                 Edit only files the user has added to the chat. If you need another file, ask for it by its full path and stop.\n\n\
                 {rules}"
            )
        }
        ChatMode::Ask => "You are a senior software engineer answering the user's questions about their code.\n\
             Explain clearly and concretely, quoting short snippets where it helps.\n\
             Do not write edit blocks or rewrite whole files: this conversation only discusses the code. \
             If the user wants a change made, describe it so it can be carried out later."
            .to_string(),
        ChatMode::Architect => "You are a software architect guiding an editor engineer who will change the user's code.\n\
             Study the request and the code, then say precisely what to change: which files, which functions or classes, and how.\n\
             Be complete and unambiguous, but do not write out whole files or edit blocks; show only the parts of code that change, when it helps.\n\
             The editor will see the same files you see."
            .to_string(),
        ChatMode::Context => CONTEXT_SYSTEM.to_string(),
    }
}

/// Context mode's instructions: find the files, change nothing.
const CONTEXT_SYSTEM: &str = "You are a senior software engineer preparing a change in the user's repository. \
     You do not make the change yet: you decide which files it touches.\n\
     Use the repository map and any files you were shown to work out which existing files must be edited to carry out the request, \
     and which others must be read to do it correctly.\n\
     Answer with a short list: one full path per line, exactly as the map writes it, each followed by a few words on why it matters. \
     Put the files that must change first. Name only files that exist in the repository; write no code and no edit blocks.";

/// For models that tend to leave work undone (Aider's `lazy`).
const FINISH_THE_WORK: &str = "Write every change in full. Never leave a placeholder, a \"rest unchanged\" comment or a TODO where code belongs: the edit is applied exactly as you write it.";
/// For models that tend to do more than asked (Aider's `overeager`).
const KEEP_TO_THE_REQUEST: &str = "Change only what the request needs. Leave other code, comments and formatting as they are, even where you would write them differently.";

/// The system prompt of `input`'s mode and format in the model's style: its prefix,
/// the lazy and over-eager notes, and the examples when they go there.
fn styled_system(input: &PromptInput<'_>) -> String {
    let style = &input.style;
    let mut system = style.system_prefix.clone().unwrap_or_default();
    system.push_str(&system_prompt(input.mode, input.format));
    if input.mode == ChatMode::Code {
        for (wanted, note) in [
            (style.lazy, FINISH_THE_WORK),
            (style.overeager, KEEP_TO_THE_REQUEST),
        ] {
            if wanted {
                system.push('\n');
                system.push_str(note);
            }
        }
        if style.examples_in_system {
            system.push_str("\n\n# Examples of requests and replies\n");
            for (user, assistant) in edit::prompts(input.format).examples {
                system.push_str(&format!(
                    "\n## The user asks\n\n{user}\n\n## You answer\n\n{assistant}\n"
                ));
            }
        }
    }
    system
}

/// The closing reminder joined to the current message.
fn reminder(mode: ChatMode, format: EditFormat) -> String {
    match mode {
        ChatMode::Code => edit::prompts(format).reminder,
        ChatMode::Ask => "Answer in prose and short snippets; write no edit blocks.".to_string(),
        ChatMode::Architect => {
            "Describe the change for the editor engineer; write no edit blocks and no whole files."
                .to_string()
        }
        ChatMode::Context => "List the files this request needs, one full path per line with a short reason, the files to change first; write no code.".to_string(),
    }
}

/// Shows a file to the model: its path, then its text in a fence longer than any run
/// of backticks inside it.
pub fn render_file(file: &FileText) -> String {
    let longest = longest_backtick_run(&file.text);
    let fence = "`".repeat(longest.max(2) + 1);
    let mut text = file.text.clone();
    if !text.ends_with('\n') && !text.is_empty() {
        text.push('\n');
    }
    format!("{}\n{fence}\n{text}{fence}\n", file.name)
}

fn longest_backtick_run(text: &str) -> usize {
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        if c == '`' {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    longest
}

fn render_files(intro: &str, files: &[FileText]) -> String {
    let mut text = format!("{intro}\n\n");
    for file in files {
        text.push_str(&render_file(file));
        text.push('\n');
    }
    text
}

fn message(role: Role, content: String) -> ChatMessage {
    ChatMessage {
        role,
        content,
        cache_breakpoint: false,
        ..ChatMessage::default()
    }
}

fn count(messages: &[ChatMessage]) -> u64 {
    messages
        .iter()
        .map(|message| tokens::count_tokens(&message.content) as u64)
        .sum()
}

fn text_hash(text: &str) -> u64 {
    let mut hasher = std::hash::DefaultHasher::new();
    std::hash::Hash::hash(text, &mut hasher);
    std::hash::Hasher::finish(&hasher)
}

/// With caching, puts a breakpoint on the last message so far, which ends the last part.
fn mark_breakpoint(caching: bool, messages: &mut [ChatMessage], parts: &mut [PromptPart]) {
    if caching && let Some(last) = messages.last_mut() {
        last.cache_breakpoint = true;
        if let Some(part) = parts.last_mut() {
            part.cache_breakpoint = true;
        }
    }
}

/// Builds the request, in the order described at the top of this file.
pub fn assemble(input: &PromptInput<'_>) -> Prompt {
    let style = &input.style;
    let styled = styled_system(input);
    let mut parts = vec![PromptPart {
        name: "system prompt",
        tokens: tokens::count_tokens(&styled) as u64,
        hash: text_hash(&styled),
        // The provider marks the system prompt itself when it caches.
        cache_breakpoint: input.caching && style.use_system_prompt,
    }];
    let mut messages: Vec<ChatMessage> = Vec::new();
    let system = if style.use_system_prompt {
        styled
    } else {
        messages.push(message(Role::User, styled));
        messages.push(message(Role::Assistant, SYSTEM_ACK.to_string()));
        String::new()
    };

    // The stable prefix: examples, read-only files, the map. One cache breakpoint at its end.
    if input.mode == ChatMode::Code {
        // Examples in the system prompt leave this part empty (its place stays).
        let shown = if style.examples_in_system {
            Vec::new()
        } else {
            edit::prompts(input.format).examples
        };
        let examples: Vec<ChatMessage> = shown
            .into_iter()
            .flat_map(|(user, assistant)| {
                [
                    message(Role::User, user),
                    message(Role::Assistant, assistant),
                ]
            })
            .collect();
        parts.push(PromptPart::of("examples", &examples));
        messages.extend(examples);
    }
    if !input.read_only.is_empty() {
        let block = [
            message(Role::User, render_files(READ_ONLY_INTRO, input.read_only)),
            message(Role::Assistant, READ_ONLY_ACK.to_string()),
        ];
        parts.push(PromptPart::of("read-only files", &block));
        messages.extend(block);
    }
    if let Some(map) = input.repo_map.filter(|map| !map.trim().is_empty()) {
        let block = [
            message(Role::User, format!("{MAP_INTRO}\n\n{map}")),
            message(Role::Assistant, MAP_ACK.to_string()),
        ];
        parts.push(PromptPart::of("repo map", &block));
        messages.extend(block);
    }
    mark_breakpoint(input.caching, &mut messages, &mut parts);

    let history: Vec<ChatMessage> = input
        .history
        .iter()
        .map(|entry| message(entry.role, entry.text.clone()))
        .collect();
    parts.push(PromptPart::of("history", &history));
    messages.extend(history);

    let files_block = if input.chat_files.is_empty() {
        [
            message(Role::User, NO_FILES_NOTE.to_string()),
            message(Role::Assistant, NO_FILES_ACK.to_string()),
        ]
    } else {
        [
            message(Role::User, render_files(CHAT_FILES_INTRO, input.chat_files)),
            message(Role::Assistant, CHAT_FILES_ACK.to_string()),
        ]
    };
    parts.push(PromptPart::of("chat files", &files_block));
    messages.extend(files_block);
    mark_breakpoint(input.caching, &mut messages, &mut parts);

    let reminder = reminder(input.mode, input.format);
    // A model without a system prompt takes no system message at the end either.
    let closing_system =
        (style.reminder_in_system && style.use_system_prompt).then(|| reminder.clone());
    let current = match closing_system {
        Some(_) => input.message.to_string(),
        None => format!("{}\n\n{reminder}", input.message),
    };
    let counted = match &closing_system {
        Some(closing) => format!("{current}\n\n{closing}"),
        None => current.clone(),
    };
    parts.push(PromptPart {
        name: "message and reminder",
        tokens: tokens::count_tokens(&counted) as u64,
        hash: text_hash(&counted),
        cache_breakpoint: false,
    });
    messages.push(message(Role::User, current));

    Prompt {
        request: ChatRequest {
            system,
            messages,
            max_tokens: input.max_output_tokens,
            temperature: None,
            closing_system,
            ..ChatRequest::default()
        },
        parts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input<'a>(
        read_only: &'a [FileText],
        history: &'a [Message],
        chat_files: &'a [FileText],
    ) -> PromptInput<'a> {
        PromptInput {
            mode: ChatMode::Code,
            format: EditFormat::Diff,
            read_only,
            repo_map: Some("src/lib.rs:\n  fn helper()\n"),
            history,
            chat_files,
            message: "Make it faster",
            caching: true,
            max_output_tokens: Some(4096),
            style: PromptStyle::default(),
        }
    }

    #[test]
    fn parts_come_in_the_fixed_order_with_alternating_roles() {
        let read_only = [FileText {
            name: "docs/spec.md".into(),
            text: "spec".into(),
        }];
        let history = [Message::user("earlier"), Message::assistant("reply")];
        let chat = [FileText {
            name: "src/main.rs".into(),
            text: "fn main() {}\n".into(),
        }];
        let prompt = assemble(&input(&read_only, &history, &chat));
        let messages = &prompt.request.messages;
        let position = |needle: &str| {
            messages
                .iter()
                .position(|m| m.content.contains(needle))
                .unwrap()
        };
        assert!(position("docs/spec.md") < position("fn helper()"));
        assert!(position("fn helper()") < position("earlier"));
        assert!(position("earlier") < position("fn main() {}"));
        assert!(position("fn main() {}") < messages.len() - 1);
        assert!(
            messages
                .last()
                .unwrap()
                .content
                .starts_with("Make it faster")
        );
        for pair in messages.windows(2) {
            assert_ne!(pair[0].role, pair[1].role, "roles must alternate");
        }
        assert_eq!(messages[0].role, Role::User);
        let breakpoints = messages.iter().filter(|m| m.cache_breakpoint).count();
        assert_eq!(breakpoints, 2);
        let names: Vec<&str> = prompt.parts.iter().map(|p| p.name).collect();
        assert_eq!(
            names,
            [
                "system prompt",
                "examples",
                "read-only files",
                "repo map",
                "history",
                "chat files",
                "message and reminder"
            ]
        );
    }

    #[test]
    fn part_hashes_change_only_where_the_content_does() {
        let history = [Message::user("earlier"), Message::assistant("reply")];
        let before = [FileText {
            name: "src/main.rs".into(),
            text: "fn main() {}\n".into(),
        }];
        let after = [FileText {
            name: "src/main.rs".into(),
            text: "fn main() { run() }\n".into(),
        }];
        let first = assemble(&input(&[], &history, &before));
        let second = assemble(&input(&[], &history, &after));
        let changed: Vec<&str> = first
            .parts
            .iter()
            .zip(&second.parts)
            .filter(|(a, b)| a.hash != b.hash)
            .map(|(a, _)| a.name)
            .collect();
        assert_eq!(changed, ["chat files"]);
        let marked: Vec<&str> = first
            .parts
            .iter()
            .filter(|part| part.cache_breakpoint)
            .map(|part| part.name)
            .collect();
        assert_eq!(marked, ["system prompt", "repo map", "chat files"]);
    }

    #[test]
    fn a_models_style_moves_the_reminder_the_examples_and_the_system_prompt() {
        let chat = [FileText {
            name: "src/main.rs".into(),
            text: "fn main() {}\n".into(),
        }];
        let plain = assemble(&input(&[], &[], &chat));
        let reminder = reminder(ChatMode::Code, EditFormat::Diff);
        assert!(
            plain
                .request
                .messages
                .last()
                .unwrap()
                .content
                .ends_with(&reminder)
        );
        assert_eq!(plain.request.closing_system, None);

        let mut styled = input(&[], &[], &chat);
        styled.style = PromptStyle {
            system_prefix: Some("Formatting re-enabled. ".into()),
            examples_in_system: true,
            reminder_in_system: true,
            lazy: true,
            overeager: true,
            ..PromptStyle::default()
        };
        let prompt = assemble(&styled);
        let request = &prompt.request;
        assert!(request.system.starts_with("Formatting re-enabled. You are"));
        assert!(
            request.system.contains(FINISH_THE_WORK)
                && request.system.contains(KEEP_TO_THE_REQUEST)
        );
        let example = &edit::prompts(EditFormat::Diff).examples[0].0;
        assert!(request.system.contains(example.as_str()));
        assert!(
            request
                .messages
                .iter()
                .all(|m| !m.content.contains(example.as_str()))
        );
        assert_eq!(request.messages.last().unwrap().content, "Make it faster");
        assert_eq!(request.closing_system.as_deref(), Some(reminder.as_str()));
        let names: Vec<&str> = prompt.parts.iter().map(|p| p.name).collect();
        assert_eq!(
            names.len(),
            plain.parts.len(),
            "the same parts, the examples empty"
        );

        let mut no_system = input(&[], &[], &chat);
        no_system.style = PromptStyle {
            use_system_prompt: false,
            reminder_in_system: true,
            ..PromptStyle::default()
        };
        let prompt = assemble(&no_system);
        let messages = &prompt.request.messages;
        assert!(prompt.request.system.is_empty());
        assert!(
            messages[0]
                .content
                .starts_with("You are a senior software engineer")
        );
        assert_eq!(
            (messages[1].role, messages[1].content.as_str()),
            (Role::Assistant, "Ok.")
        );
        for pair in messages.windows(2) {
            assert_ne!(pair[0].role, pair[1].role, "roles must alternate");
        }
        // No system message at the end either: the reminder stays in the message.
        assert_eq!(prompt.request.closing_system, None);
        assert!(messages.last().unwrap().content.ends_with(&reminder));
    }

    #[test]
    fn a_file_with_backticks_gets_a_longer_fence() {
        let shown = render_file(&FileText {
            name: "README.md".into(),
            text: "```sh\nls\n```\n".into(),
        });
        assert!(shown.starts_with("README.md\n````\n"));
        assert!(shown.ends_with("````\n"));
    }
}
