//! The only types shared by the engine and its front ends.
//!
//! A front end sends [`Op`]s to the engine and receives [`Event`]s back, over two
//! channels (see `engine::spawn`). Everything here is plain serde data so that a test
//! can drive the engine with no terminal, and a pane with no engine; `--json` prints
//! events as JSON lines.

mod commands;
mod context;
mod plan;
mod review;
mod sessions;

use serde::{Deserialize, Serialize};

pub use crate::config::Secret;
pub use crate::diff::{FileDiff, Hunk, HunkLine, LineKind};
pub use crate::git::Maker;
pub use commands::{
    Argument, COMMANDS, Command, CommandSpec, Runs, help_text, is_key_line, key_provider,
    key_providers, may_hold_key, no_key_provider, parse_command, without_key,
};
pub use context::{CacheCounts, CacheRule, ContextPart, ContextReport, SummaryFigures};
pub use plan::{PlanDecision, PlanId, PlanOutcome};
pub use review::{
    BlockDecision, BlockDecisionState, BlockId, BlockState, ChangeKind, EditPreview, Review,
    ReviewBlock, ReviewId, Revision, SyntaxFinding,
};
pub use sessions::{ConversationMessage, SessionInfo};

/// Identifies a question the engine asked; answered by [`Op::Answer`].
pub type QuestionId = u64;

/// What a front end asks the engine to do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Op {
    /// A user message, or a slash command such as `/undo` or `/add src/x.rs`.
    Submit { text: String },
    /// A decision on one block of a review; `seen` is the block's revision the user
    /// decided on (an accept of a block planned again since is refused and re-sent).
    /// When every applicable block is decided the review ends: the accepted blocks are
    /// applied and committed at once.
    ReviewDecide {
        review: ReviewId,
        block: BlockId,
        decision: BlockDecision,
        seen: Revision,
    },
    /// The user is editing a block's text: plan this draft and send its hunks
    /// ([`Event::ReviewDraft`]); nothing is decided.
    ReviewDraft {
        review: ReviewId,
        block: BlockId,
        text: String,
    },
    /// Whether the rejected blocks are mentioned to the model in the next message.
    ReviewTellRejected { review: ReviewId, on: bool },
    /// End the review now: undecided blocks are rejected, the accepted ones applied.
    ReviewFinish { review: ReviewId },
    /// Stop the reply that is streaming now; keep the partial text, apply nothing.
    Interrupt,
    /// Answer a [`Event::Question`].
    Answer { question: QuestionId, yes: bool },
    /// Ask for the repository's recent commits ([`Event::CommitLog`]).
    RequestCommitLog { limit: usize },
    /// Ask for one commit's diff ([`Event::CommitDiff`]).
    RequestCommitDiff { commit: String },
    /// Undo a commit: the last tool commit by reset, an older one by a revert commit.
    UndoCommit { commit: String },
    /// Ask for the map the next request would carry ([`Event::RepoMap`], sent once the
    /// first map is ready).
    RequestRepoMap,
    /// Look for changed files, then send the map ([`Event::RepoMap`]).
    RefreshRepoMap,
    /// Ask for the repository's files, for the file finder ([`Event::RepoFiles`]).
    RequestRepoFiles,
    /// Ask for a chat file's text, to look at ([`Event::FilePreview`]).
    RequestFilePreview { path: String },
    /// Put text the user picked on the clipboard (`what` names it in the notice), or
    /// send it back to copy through the terminal ([`Event::CopyThroughTerminal`]).
    CopyText { text: String, what: String },
    /// Turn auto-accept of proposed edits on or off (like `--yes`).
    SetAutoAccept { on: bool },
    /// Stop the voice recording under way and transcribe it (`Op::Interrupt` drops it).
    StopRecording,
    /// The user's decision on an architect plan ([`Event::PlanReady`]).
    PlanDecide {
        plan: PlanId,
        decision: PlanDecision,
    },
    /// Send what the next request holds ([`Event::ContextReport`]) now and whenever it
    /// changes.
    RequestContextReport,
    /// A provider's API key the user typed (`/key PROVIDER`, masked): kept by the engine
    /// for this session only, never written anywhere. `Debug` shows `<set>`, and the
    /// variant is never serialized, so the key cannot reach a log or a JSON stream.
    #[serde(skip)]
    SetKey { provider: String, key: Secret },
    /// End the session.
    Quit,
}

/// What the engine tells its front ends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The session's current settings and files; sent at start and whenever they change.
    Status(SessionStatus),
    /// A turn (one user message and its reflection rounds) began.
    TurnStarted { message: String },
    /// A piece of the model's reply, in arrival order.
    ReplyDelta { text: String },
    /// A block of the reply, as parsed and placed so far while streaming (the live
    /// diff). Sent again as it grows; `complete` once its closing marker arrived.
    EditPreview(EditPreview),
    /// The reply is complete (or was cut off: `interrupted`).
    ReplyFinished {
        usage: TokenUsage,
        cost: Option<f64>,
        interrupted: bool,
    },
    /// The reply's edits, planned, waiting for decisions ([`Op::ReviewDecide`]).
    ReviewStarted(Review),
    /// Blocks of a review changed: decided, or planned again (`replanned`); `note`
    /// says why when the engine refused or reset a decision.
    ReviewUpdated {
        review: ReviewId,
        blocks: Vec<ReviewBlock>,
        tell_rejected: bool,
        note: Option<String>,
    },
    /// A draft's plan ([`Op::ReviewDraft`]): its hunks, or why it does not apply.
    ReviewDraft {
        review: ReviewId,
        block: BlockId,
        state: BlockState,
    },
    /// The review ended; what happened to each block follows as [`Event::EditResults`].
    ReviewEnded { review: ReviewId },
    /// What happened to each edit once applied.
    EditResults { results: Vec<EditOutcome> },
    /// A commit was made (dirty-file commit or an edit commit).
    CommitMade { commit: CommitInfo },
    /// The feedback sent to the model as the next message of a reflection round.
    ReflectionSent { round: u32, text: String },
    /// Output of a lint, test or shell command the engine ran.
    CommandOutput {
        kind: CommandKind,
        command: String,
        output: String,
        success: bool,
    },
    /// A question for the user; answer with [`Op::Answer`].
    Question {
        id: QuestionId,
        kind: QuestionKind,
        text: String,
    },
    /// Information for the user (command output, warnings, errors).
    Notice { level: NoticeLevel, text: String },
    /// Recent commits, newest first.
    CommitLog { commits: Vec<CommitInfo> },
    /// One commit's diff, file by file.
    CommitDiff {
        commit: String,
        files: Vec<FileDiff>,
        /// What the diff is of, for its header.
        #[serde(default)]
        source: Option<DiffSource>,
    },
    /// The repo map as the model will see it, with the ranking that produced it.
    RepoMap(RepoMapView),
    /// A file's text, as [`Op::RequestFilePreview`] asked (read inside the repository).
    FilePreview { path: String, text: String },
    /// The repository's files (relative paths), for the file finder.
    RepoFiles { files: Vec<String> },
    /// The conversation is now this (a session was resumed, rewound or redone): front
    /// ends show it in place of the conversation they showed.
    ConversationRestored {
        session: String,
        messages: Vec<ConversationMessage>,
    },
    /// A user turn was saved in the session file as the `turn`-th of the conversation
    /// (counted from 1). Sent just before `TurnFinished`.
    TurnSaved { session: String, turn: usize },
    /// The saved sessions of this repository (`/sessions`), most recently active first.
    SessionList { sessions: Vec<SessionInfo> },
    /// A piece of the model's thinking, in arrival order: shown (dimmed) while it
    /// streams, never sent back to the model.
    ReasoningDelta { text: String },
    /// Text for the user's next message (a transcription, the clipboard, a request to
    /// send again in code mode): the full-screen UI puts it in the message box; a
    /// headless run sends it as its next message.
    ComposeMessage { text: String },
    /// The microphone started (`true`) or stopped (`false`) recording.
    Recording { active: bool },
    /// Text to copy through the terminal (OSC 52), because no system clipboard could be
    /// reached; `reason` says why not.
    CopyThroughTerminal { text: String, reason: String },
    /// The architect's plan is complete and waits for [`Op::PlanDecide`] before the
    /// editor model runs.
    PlanReady { plan: PlanId, text: String },
    /// What became of a plan.
    PlanDecided { plan: PlanId, outcome: PlanOutcome },
    /// What the next request holds, part by part, and what of it the cache should serve.
    ContextReport(ContextReport),
    /// The history's older part was replaced by a summary.
    HistorySummarized(SummaryFigures),
    /// A message or command sent while a turn runs, and what became of it at once: a
    /// turn never holds one silently. Each `Op::Submit` read during a turn gets one, in
    /// the order sent; a queued one later starts its own turn (`TurnStarted`), the
    /// others never do.
    SentDuringTurn { text: String, handling: DuringTurn },
    /// The turn is over.
    TurnFinished { outcome: TurnOutcome },
    /// The engine has stopped; no more events follow.
    ShutdownComplete,
}

/// Settings and state a front end shows (status bar, files pane).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionStatus {
    /// Main model name, or empty when none is configured.
    pub model: String,
    pub edit_format: String,
    pub mode: ChatMode,
    pub chat_files: Vec<String>,
    pub read_only_files: Vec<String>,
    /// Tokens the next request would send (estimate), and the model's window.
    pub context_tokens: u64,
    pub context_window: u64,
    /// Money spent in this session, in dollars.
    pub session_cost: f64,
    /// Current git branch, if any.
    pub branch: Option<String>,
    pub auto_accept: bool,
    /// Why no model can be called, if that is so (e.g. no API key).
    pub model_problem: Option<Problem>,
    /// The repo map's scan while it runs (`None` once it is done, or with no map).
    pub map_progress: Option<MapProgress>,
}

/// How far the repo map's scan has come.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapProgress {
    pub parsed: u64,
    pub total: u64,
    /// A first map can be rendered already (the files near the chat are parsed).
    pub ready: bool,
}

/// Something that keeps the session from working fully, as data: a front end matches
/// on the kind and shows the message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Problem {
    pub kind: ProblemKind,
    /// One line for people, saying what to do.
    pub message: String,
    /// The provider whose key is missing (`MissingKey`), as `/key` takes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key_provider: Option<String>,
}

/// What kind of problem it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProblemKind {
    /// No model is named anywhere (the message says every way to set one up).
    NoModel,
    /// The model's provider needs a key that is not set.
    MissingKey,
    /// The model name is not one the program can use.
    UnknownModel,
    /// Anything else (a bad base URL, a settings file that does not read).
    Other,
}

/// The chat mode: what the model is asked to do with a message.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChatMode {
    /// Propose edits.
    #[default]
    Code,
    /// Answer questions; no edits.
    Ask,
    /// A planner model describes the change; an editor model writes the edits.
    Architect,
    /// The model names the files a request needs; they are offered for the chat.
    Context,
}

impl ChatMode {
    /// Every mode.
    pub const ALL: [ChatMode; 4] = [
        ChatMode::Code,
        ChatMode::Ask,
        ChatMode::Architect,
        ChatMode::Context,
    ];

    /// The mode's name as typed in commands (`/chat-mode ask`) and settings.
    pub fn name(self) -> &'static str {
        match self {
            ChatMode::Code => "code",
            ChatMode::Ask => "ask",
            ChatMode::Architect => "architect",
            ChatMode::Context => "context",
        }
    }

    /// The mode a name means.
    pub fn from_name(name: &str) -> Option<ChatMode> {
        ChatMode::ALL
            .into_iter()
            .find(|mode| mode.name() == name.trim())
    }
}

/// What happened to one edit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EditOutcome {
    pub id: BlockId,
    pub path: String,
    pub status: EditStatus,
}

/// The fate of one edit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum EditStatus {
    Applied,
    Created,
    Deleted,
    Moved {
        to: String,
    },
    Rejected,
    /// A failed block the user chose not to send back to the model.
    Dropped {
        reason: String,
    },
    Failed {
        reason: String,
    },
}

impl EditStatus {
    /// Whether the edit is on disk now.
    pub fn is_applied(&self) -> bool {
        matches!(
            self,
            EditStatus::Applied
                | EditStatus::Created
                | EditStatus::Deleted
                | EditStatus::Moved { .. }
        )
    }
}

impl From<&crate::edit::EditStatus> for EditStatus {
    fn from(status: &crate::edit::EditStatus) -> EditStatus {
        use crate::edit::EditStatus as Edit;
        match status {
            Edit::Applied => EditStatus::Applied,
            Edit::Created => EditStatus::Created,
            Edit::Deleted => EditStatus::Deleted,
            Edit::Moved(to) => EditStatus::Moved { to: to.clone() },
            Edit::Rejected => EditStatus::Rejected,
            Edit::Failed(failure) => EditStatus::Failed {
                reason: failure.to_string(),
            },
        }
    }
}

/// A commit, as the commit log shows it: git's own summary, unchanged.
/// What a shown diff is of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DiffSource {
    /// One commit against its parent, with its whole message.
    Commit { message: String },
    /// `/diff`: the working tree against `base` (`None`: against nothing, the
    /// repository had no commit). `last_turn`: `base` is HEAD from before the last turn
    /// that changed files; otherwise it is HEAD now.
    WorkingTree {
        base: Option<String>,
        last_turn: bool,
    },
}

pub use crate::git::CommitSummary as CommitInfo;

/// Token counts of one request: the providers' own type, unchanged.
pub use crate::llm::Usage as TokenUsage;

/// Which command produced a [`Event::CommandOutput`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CommandKind {
    Lint,
    Test,
    Shell,
    Git,
}

/// What a question is about, so a front end can answer it by policy (`--yes`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum QuestionKind {
    /// Add a file to the chat (the model or the message named it).
    AddFile { path: String },
    /// Create a new file the model wants to write.
    CreateFile { path: String },
    /// Run a shell command (never auto-answered yes by `--yes`).
    RunShell { command: String },
    /// Add a command's output to the next message.
    AddOutput,
    /// Fetch a web page the message names and send it with the message.
    AddWebPage { url: String },
    /// Confirm an action named in the text (e.g. undoing a commit).
    Confirm,
    /// git forms no identity to commit with: commit as `identity` for this session?
    /// (No keeps the changes uncommitted.) Headless, always yes: see `oneshot`.
    CommitIdentity { identity: String },
    /// Write `identity` as the repository's `user.name` / `user.email`? Never yes
    /// headless: the user's config changes only when they say so.
    SaveIdentity { identity: String },
}

/// How serious a notice is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoticeLevel {
    Info,
    Warn,
    Error,
}

/// What became of a message or command sent while a turn ran (see
/// `engine::during_turn` for which gets which).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "handling", rename_all = "snake_case")]
pub enum DuringTurn {
    /// It only reads: answered now, beside the turn (its events come on their own).
    Answered,
    /// Kept: it runs as its own turn when this one ends (`/cancel` drops it).
    Queued,
    /// Not run: it would change what the turn is working on.
    Refused { reason: Refusal },
    /// `/cancel`: these queued ones (their text, oldest first) will not run.
    Cancelled { dropped: Vec<String> },
}

/// Why something was refused while a turn ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Refusal {
    /// Undoing a commit: the turn may be committing its own edits.
    MovesCommits,
    /// `/rewind`, `/redo`, `/resume`: they replace the conversation the turn adds to.
    ReplacesConversation,
}

/// How a turn ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum TurnOutcome {
    /// Everything asked for was done (edits applied, or an answer given).
    Success,
    /// Some edits were not applied (failed, rejected, or reflections ran out).
    EditsNotApplied,
    /// The user interrupted the reply.
    Interrupted,
    /// An error ended the turn; `kind` says what failed (front ends match on it, never
    /// on the text), `message` says it for people.
    Error {
        #[serde(default)]
        kind: ErrorKind,
        message: String,
    },
}

/// What failed when a turn ended with an error.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// No model can be called: none named, a key missing or refused, a name unknown.
    Model,
    /// The request does not fit the model's context window.
    ContextTooLarge,
    /// The provider failed: unreachable, silent, rate limited, out of quota, a reply
    /// cut off or unreadable.
    Provider,
    /// Git or the repository's files.
    Repository,
    /// A command could not run: unknown, wrong arguments, or it failed.
    Command,
    /// Anything else.
    #[default]
    Other,
}

/// The repo map as a front end shows it (the inspector pane).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RepoMapView {
    /// The map text exactly as the model will see it.
    pub text: String,
    pub tokens: u64,
    pub budget: u64,
    /// The files shown, best first, each with why it ranks there.
    pub files: Vec<crate::repomap::RankedFile>,
    /// The co-change history was still being read when the map was made.
    #[serde(default)]
    pub without_history: bool,
}
