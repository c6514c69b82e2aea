//! The commit log, and the summary of one commit.

use git2::Sort;

use super::attribution::is_tool_message;
use super::error::GitContext;
use super::{GitError, GitRepo, Maker};

/// One commit as the log shows it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CommitSummary {
    /// The full commit id.
    pub id: String,
    /// The first seven hex digits of the id.
    pub short_id: String,
    /// The first line of the message.
    pub summary: String,
    /// The author's name.
    pub author: String,
    /// Author time, seconds since the Unix epoch.
    pub time: i64,
    /// Made by this tool (its trailer is in the message).
    pub by_tool: bool,
    /// Who made it: the user, this tool, or Aider (from Aider's own marks).
    #[serde(default)]
    pub made_by: Maker,
}

impl CommitSummary {
    /// The summary of a commit object.
    pub(crate) fn from_commit(commit: &git2::Commit<'_>) -> CommitSummary {
        let id = commit.id().to_string();
        let message = String::from_utf8_lossy(commit.message_bytes()).into_owned();
        CommitSummary {
            short_id: id.chars().take(7).collect(),
            id,
            summary: message
                .lines()
                .next()
                .unwrap_or_default()
                .trim()
                .to_string(),
            author: String::from_utf8_lossy(commit.author().name_bytes()).into_owned(),
            time: commit.author().when().seconds(),
            by_tool: is_tool_message(&message),
            made_by: Maker::of(commit),
        }
    }
}

/// Commits in time order with every run of equal times put children before parents:
/// git times have one-second steps, and two commits of the same second may come out
/// of a time sort either way.
fn children_first(mut commits: Vec<(CommitSummary, Vec<String>)>) -> Vec<CommitSummary> {
    let mut ordered = Vec::with_capacity(commits.len());
    while !commits.is_empty() {
        let time = commits[0].0.time;
        let run = commits
            .iter()
            .take_while(|(commit, _)| commit.time == time)
            .count();
        let mut group: Vec<(CommitSummary, Vec<String>)> = commits.drain(..run).collect();
        while !group.is_empty() {
            // A commit no other commit of the group names as its parent goes first.
            let pick = (0..group.len())
                .find(|index| {
                    let id = &group[*index].0.id;
                    !group.iter().any(|(_, parents)| parents.contains(id))
                })
                .unwrap_or(0);
            ordered.push(group.remove(pick).0);
        }
    }
    ordered
}

impl GitRepo {
    /// The newest `limit` commits reachable from HEAD, newest first (empty before the first commit).
    pub fn log(&self, limit: usize) -> Result<Vec<CommitSummary>, GitError> {
        let Some(head) = self.head_oid() else {
            return Ok(Vec::new());
        };
        let mut walk = self.repo.revwalk().context("walking the history")?;
        // Time order only: topological order would walk the whole history first.
        walk.set_sorting(Sort::TIME)
            .context("sorting the history")?;
        walk.push(head).context("walking the history")?;
        let mut found: Vec<(CommitSummary, Vec<String>)> = Vec::new();
        for oid in walk.take(limit) {
            let oid = oid.context("walking the history")?;
            let commit = self.repo.find_commit(oid).context("reading a commit")?;
            let parents = commit.parent_ids().map(|id| id.to_string()).collect();
            found.push((CommitSummary::from_commit(&commit), parents));
        }
        Ok(children_first(found))
    }

    /// Whether a commit carries this tool's mark.
    pub fn is_tool_commit(&self, commit: &str) -> Result<bool, GitError> {
        let commit = self.find_commit(commit)?;
        Ok(is_tool_message(&String::from_utf8_lossy(
            commit.message_bytes(),
        )))
    }

    /// The summary of one commit (any revision git understands).
    pub fn commit_summary(&self, commit: &str) -> Result<CommitSummary, GitError> {
        Ok(CommitSummary::from_commit(&self.find_commit(commit)?))
    }
}
