//! The session files of a repository: `.aider-tui/sessions/<id>.json`, reached through
//! the state folder's handle (never through a symlink), written atomically.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::safe_fs::StateDir;

use super::error::SessionError;
use super::record::{FORMAT_VERSION, SessionRecord};

/// The sub-folder of the state folder that holds the sessions.
pub const SESSIONS_DIR: &str = "sessions";

/// The file name ending of a session file.
const EXTENSION: &str = ".json";

/// The sub-folder of the state folder that holds the sessions' lock files (apart, so
/// the sessions folder holds sessions only).
const LOCKS_DIR: &str = "session-locks";

/// The file name ending of a session's lock file.
const LOCK_EXTENSION: &str = ".lock";

/// A session held by this run: while it lives, no other run can take the session, so
/// two runs never write one file turn by turn and lose each other's turns. The lock
/// is the operating system's on an open file, so it goes when the process does, even
/// on a crash.
#[derive(Debug)]
pub struct SessionLock {
    _file: std::fs::File,
}

/// A session in a list: enough to pick one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SessionSummary {
    pub id: String,
    /// Seconds since the Unix epoch.
    pub started: i64,
    /// Seconds since the Unix epoch.
    pub last_active: i64,
    /// The main model's name, or empty.
    pub model: String,
    /// The first thing the user said (its first line), or empty.
    pub first_message: String,
    /// How many user turns the conversation has.
    pub turns: usize,
}

impl SessionSummary {
    /// The summary of a record.
    pub fn of(record: &SessionRecord) -> SessionSummary {
        SessionSummary {
            id: record.id.clone(),
            started: record.started,
            last_active: record.last_active,
            model: record.models.main.clone().unwrap_or_default(),
            first_message: record
                .first_message()
                .and_then(|text| text.lines().find(|line| !line.trim().is_empty()))
                .unwrap_or_default()
                .trim()
                .to_string(),
            turns: record.conversation.turns.len(),
        }
    }
}

/// The sessions found, newest activity first, and the files that were skipped.
#[derive(Debug, Default)]
pub struct Listing {
    pub sessions: Vec<SessionSummary>,
    /// Files that are not sessions this build can read (corrupt, newer), with why.
    pub skipped: Vec<SessionError>,
}

/// The sessions folder of one repository.
#[derive(Debug, Clone)]
pub struct SessionStore {
    dir: StateDir,
    /// The state folder, where the lock files' folder is made when first needed.
    state: StateDir,
}

/// Only the version, read before the rest so a newer format is named as such.
#[derive(Deserialize)]
struct VersionOnly {
    version: u32,
}

impl SessionStore {
    /// The store of the repository (or folder) at `root`, in its state folder.
    pub fn open(root: &Path) -> Result<SessionStore, SessionError> {
        let state = StateDir::open(root).map_err(|source| SessionError::Io {
            action: format!("opening the state folder of {}", root.display()),
            source,
        })?;
        SessionStore::in_state_dir(&state)
    }

    /// The store inside an open state folder.
    pub fn in_state_dir(state: &StateDir) -> Result<SessionStore, SessionError> {
        let dir = state
            .subdir(SESSIONS_DIR)
            .map_err(|source| SessionError::Io {
                action: format!("opening {}", state.path().join(SESSIONS_DIR).display()),
                source,
            })?;
        Ok(SessionStore {
            dir,
            state: state.clone(),
        })
    }

    /// The folder's path (for messages).
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Writes a session atomically (a temporary file, then a rename over the old one).
    pub fn save(&self, record: &SessionRecord) -> Result<(), SessionError> {
        let name = file_name(&record.id)?;
        let mut bytes =
            serde_json::to_vec_pretty(record).map_err(|source| SessionError::Encode {
                id: record.id.clone(),
                source,
            })?;
        bytes.push(b'\n');
        self.dir
            .write_atomic(&name, &bytes)
            .map_err(|source| SessionError::Io {
                action: format!("writing {}", self.dir.path().join(&name).display()),
                source,
            })
    }

    /// Takes the session `id` for this run (see [`SessionLock`]); refuses with
    /// [`SessionError::InUse`] when another run holds it.
    pub fn lock(&self, id: &str) -> Result<SessionLock, SessionError> {
        file_name(id)?;
        let name = format!("{id}{LOCK_EXTENSION}");
        let io = |source| SessionError::Io {
            action: format!(
                "locking {}",
                self.state.path().join(LOCKS_DIR).join(&name).display()
            ),
            source,
        };
        let file = self
            .state
            .subdir(LOCKS_DIR)
            .and_then(|locks| locks.open_append(&name))
            .map_err(io)?;
        match file.try_lock() {
            Ok(()) => Ok(SessionLock { _file: file }),
            Err(std::fs::TryLockError::WouldBlock) => {
                Err(SessionError::InUse { id: id.to_string() })
            }
            Err(std::fs::TryLockError::Error(source)) => Err(io(source)),
        }
    }

    /// Every session, most recently active first; unreadable files are listed apart.
    pub fn list(&self) -> Result<Listing, SessionError> {
        let mut listing = Listing::default();
        for record in self.records()? {
            match record {
                Ok(record) => listing.sessions.push(SessionSummary::of(&record)),
                Err(problem) => listing.skipped.push(problem),
            }
        }
        listing
            .sessions
            .sort_by(|a, b| (b.last_active, &b.id).cmp(&(a.last_active, &a.id)));
        Ok(listing)
    }

    /// The session whose id is or starts with `prefix`.
    pub fn load(&self, prefix: &str) -> Result<SessionRecord, SessionError> {
        let prefix = prefix.trim();
        if prefix.is_empty() || prefix.contains(['/', '\\']) || prefix.starts_with('.') {
            return Err(SessionError::BadId(prefix.to_string()));
        }
        let ids = self.ids()?;
        if ids.iter().any(|id| id == prefix) {
            return self.read(prefix);
        }
        let matches: Vec<String> = ids
            .into_iter()
            .filter(|id| id.starts_with(prefix))
            .collect();
        match matches.as_slice() {
            [] => Err(SessionError::NotFound(prefix.to_string())),
            [one] => self.read(one),
            _ => Err(SessionError::Ambiguous {
                prefix: prefix.to_string(),
                matches,
            }),
        }
    }

    /// The most recently active session that can be read, and the files skipped on the
    /// way (corrupt or from a newer version). `None` when every session file was
    /// skipped; [`SessionError::NoSessions`] only when there is none at all.
    pub fn latest(&self) -> Result<(Option<SessionRecord>, Vec<SessionError>), SessionError> {
        let mut readable = Vec::new();
        let mut skipped = Vec::new();
        for record in self.records()? {
            match record {
                Ok(record) => readable.push(record),
                Err(problem) => skipped.push(problem),
            }
        }
        let latest = readable
            .into_iter()
            .max_by(|a, b| (a.last_active, &a.id).cmp(&(b.last_active, &b.id)));
        if latest.is_none() && skipped.is_empty() {
            return Err(SessionError::NoSessions);
        }
        Ok((latest, skipped))
    }

    /// Reads one session by its exact id.
    pub fn read(&self, id: &str) -> Result<SessionRecord, SessionError> {
        let name = file_name(id)?;
        let shown = self.dir.path().join(&name).display().to_string();
        let bytes = self
            .dir
            .read(&name)
            .map_err(|source| SessionError::Io {
                action: format!("reading {shown}"),
                source,
            })?
            .ok_or_else(|| SessionError::NotFound(id.to_string()))?;
        decode(&bytes, &shown)
    }

    /// The ids of the session files, sorted (oldest start first).
    fn ids(&self) -> Result<Vec<String>, SessionError> {
        let names = self.dir.file_names().map_err(|source| SessionError::Io {
            action: format!("listing {}", self.dir.path().display()),
            source,
        })?;
        Ok(names
            .into_iter()
            .filter(|name| !name.starts_with('.'))
            .filter_map(|name| name.strip_suffix(EXTENSION).map(str::to_string))
            .collect())
    }

    /// Every session file, read.
    fn records(&self) -> Result<Vec<Result<SessionRecord, SessionError>>, SessionError> {
        Ok(self.ids()?.iter().map(|id| self.read(id)).collect())
    }
}

/// The file name of a session id; refuses ids that are not one plain name.
fn file_name(id: &str) -> Result<String, SessionError> {
    let plain = !id.is_empty()
        && !id.starts_with('.')
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'));
    if plain {
        Ok(format!("{id}{EXTENSION}"))
    } else {
        Err(SessionError::BadId(id.to_string()))
    }
}

/// A session from a file's bytes; `file` names it in errors.
fn decode(bytes: &[u8], file: &str) -> Result<SessionRecord, SessionError> {
    let unreadable = |reason: String| SessionError::Unreadable {
        file: file.to_string(),
        reason,
    };
    let version: VersionOnly =
        serde_json::from_slice(bytes).map_err(|err| unreadable(err.to_string()))?;
    if version.version > FORMAT_VERSION {
        return Err(SessionError::NewerVersion {
            file: file.to_string(),
            version: version.version,
            supported: FORMAT_VERSION,
        });
    }
    serde_json::from_slice(bytes).map_err(|err| unreadable(err.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: &str, last_active: i64, first: &str) -> SessionRecord {
        let mut record = SessionRecord::new(id.to_string(), last_active - 10);
        record.last_active = last_active;
        record.models.main = Some("gpt-4o".into());
        record.conversation.turns.push(super::super::TurnRecord {
            text: format!("{first}\nmore lines"),
            at: last_active,
            epoch: 0,
            start: 0,
            commits: Vec::new(),
            uncommitted_edits: false,
        });
        record
    }

    #[test]
    fn sessions_are_saved_listed_and_found_by_prefix() {
        let root = tempfile::tempdir().unwrap();
        let store = SessionStore::open(root.path()).unwrap();
        let older = record("20260101-100000-aaaa", 100, "first");
        let newer = record("20260102-100000-bbbb", 200, "second");
        store.save(&older).unwrap();
        store.save(&newer).unwrap();
        assert!(
            root.path()
                .join(".aider-tui/sessions/20260101-100000-aaaa.json")
                .is_file()
        );

        let listing = store.list().unwrap();
        let ids: Vec<&str> = listing.sessions.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["20260102-100000-bbbb", "20260101-100000-aaaa"]);
        assert_eq!(listing.sessions[0].first_message, "second");
        assert_eq!(listing.sessions[0].turns, 1);

        assert_eq!(store.load("20260101").unwrap(), older);
        assert_eq!(store.load("20260102-100000-bbbb").unwrap(), newer);
        assert!(matches!(
            store.load("2026"),
            Err(SessionError::Ambiguous { .. })
        ));
        assert!(matches!(store.load("2027"), Err(SessionError::NotFound(_))));
        assert!(matches!(store.load("../x"), Err(SessionError::BadId(_))));
        assert_eq!(store.latest().unwrap().0, Some(newer));
    }

    #[test]
    fn corrupt_and_newer_files_are_reported_and_skipped() {
        let root = tempfile::tempdir().unwrap();
        let store = SessionStore::open(root.path()).unwrap();
        let good = record("20260101-100000-aaaa", 100, "kept");
        store.save(&good).unwrap();
        let folder = root.path().join(".aider-tui/sessions");
        std::fs::write(
            folder.join("20260103-100000-cccc.json"),
            b"{\"version\": 1, \"id\": ",
        )
        .unwrap();
        let mut future = serde_json::to_value(record("20260104-100000-dddd", 400, "x")).unwrap();
        future["version"] = serde_json::json!(FORMAT_VERSION + 1);
        std::fs::write(
            folder.join("20260104-100000-dddd.json"),
            serde_json::to_vec(&future).unwrap(),
        )
        .unwrap();

        let listing = store.list().unwrap();
        assert_eq!(listing.sessions.len(), 1);
        assert_eq!(listing.skipped.len(), 2);
        let problems: Vec<String> = listing.skipped.iter().map(ToString::to_string).collect();
        assert!(
            problems
                .iter()
                .any(|p| p.contains("20260103-100000-cccc.json") && p.contains("cannot be read")),
            "{problems:?}"
        );
        assert!(
            problems.iter().any(|p| p.contains("newer aider-tui")),
            "{problems:?}"
        );

        let (latest, skipped) = store.latest().unwrap();
        assert_eq!(latest, Some(good));
        assert_eq!(skipped.len(), 2);

        // With only damaged files left, they are still named, and none is the latest.
        std::fs::remove_file(folder.join("20260101-100000-aaaa.json")).unwrap();
        let (latest, skipped) = store.latest().unwrap();
        assert_eq!(latest, None);
        assert_eq!(skipped.len(), 2);
        assert!(matches!(
            store.load("20260103"),
            Err(SessionError::Unreadable { .. })
        ));
        assert!(matches!(
            store.load("20260104"),
            Err(SessionError::NewerVersion { version, .. }) if version == FORMAT_VERSION + 1
        ));
    }

    #[test]
    fn a_session_is_held_by_one_run_at_a_time() {
        let root = tempfile::tempdir().unwrap();
        let store = SessionStore::open(root.path()).unwrap();
        let held = store.lock("20260101-100000-aaaa").unwrap();
        let again = store.lock("20260101-100000-aaaa").unwrap_err();
        assert!(matches!(&again, SessionError::InUse { id } if id == "20260101-100000-aaaa"));
        assert!(again.to_string().contains("quit that one first"), "{again}");
        assert!(store.lock("20260102-100000-bbbb").is_ok());
        assert!(
            store.list().unwrap().skipped.is_empty(),
            "lock files are no sessions"
        );
        drop(held);
        assert!(store.lock("20260101-100000-aaaa").is_ok());
        assert!(matches!(store.lock("../x"), Err(SessionError::BadId(_))));
    }

    #[test]
    fn no_sessions_is_its_own_error() {
        let root = tempfile::tempdir().unwrap();
        let store = SessionStore::open(root.path()).unwrap();
        assert!(matches!(store.latest(), Err(SessionError::NoSessions)));
        assert!(store.list().unwrap().sessions.is_empty());
    }
}
