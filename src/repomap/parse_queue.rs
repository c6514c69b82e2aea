//! The files a scan still has to parse, in the order that makes a partial map
//! useful soonest: files near the chat first, then the project's own files taken
//! in turn from each area of the tree (so an early map covers the whole project,
//! not its first folder), then vendored and generated files.

use crate::git::LinguistAttributes;

use super::classify::Origin;
use super::request::ScanPhase;

/// One file waiting to be parsed.
#[derive(Debug, Clone)]
pub struct PendingFile {
    pub path: String,
    pub size: u64,
    pub mtime_ns: i64,
    pub origin: Origin,
    pub linguist: LinguistAttributes,
    /// The content's blob id when git's index vouches for it.
    pub blob: Option<[u8; 20]>,
}

/// How soon a file is parsed: lower first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Tier {
    NearChat,
    Project,
    Damped,
}

/// The scan's queue. A file is handed out to be parsed, then reported parsed:
/// until then it still counts as waiting (the map does not have its tags yet).
#[derive(Debug, Default)]
pub struct ParseQueue {
    /// Still to parse, next first: `[parsed, handed)` are being parsed, the rest
    /// wait to be handed out.
    files: Vec<(Tier, PendingFile)>,
    /// Files before this index are parsed.
    parsed: usize,
    /// Files before this index are handed out.
    handed: usize,
    /// Paths asked for by [`ParseQueue::prioritize`], kept for later queues.
    wanted: Vec<String>,
}

impl ParseQueue {
    /// Orders `files` for parsing; vendored and generated files go last unless
    /// `map_vendored`.
    pub fn new(files: Vec<PendingFile>, map_vendored: bool, wanted: Vec<String>) -> ParseQueue {
        let mut queue = ParseQueue {
            files: files
                .into_iter()
                .map(|file| {
                    let tier = if !map_vendored && file.origin.is_damped() {
                        Tier::Damped
                    } else {
                        Tier::Project
                    };
                    (tier, file)
                })
                .collect(),
            parsed: 0,
            handed: 0,
            wanted: Vec::new(),
        };
        queue.interleave();
        queue.prioritize(&wanted);
        queue
    }

    /// Takes each tier's files in turns over the areas of the tree (the first
    /// two folders of a path): one from each area, then a second from each, …
    fn interleave(&mut self) {
        self.files
            .sort_by(|a, b| (a.0, &a.1.path).cmp(&(b.0, &b.1.path)));
        let mut turn = vec![0u32; self.files.len()];
        let mut previous_area: Option<(&str, usize)> = None;
        for (index, (_, file)) in self.files.iter().enumerate() {
            let area = area_of(&file.path);
            // Sorted by path, an area's files are contiguous.
            let first = match previous_area {
                Some((previous, first)) if previous == area => first,
                _ => index,
            };
            turn[index] = (index - first) as u32;
            previous_area = Some((area, first));
        }
        let mut keyed: Vec<(u32, (Tier, PendingFile))> =
            turn.into_iter().zip(self.files.drain(..)).collect();
        keyed.sort_by_key(|(turn, (tier, _))| (*tier, *turn));
        self.files = keyed.into_iter().map(|(_, file)| file).collect();
    }

    /// Moves the files among `paths`, and the files of their folders, to the
    /// front of what is still to parse.
    pub fn prioritize(&mut self, paths: &[String]) {
        for path in paths {
            if !self.wanted.contains(path) {
                self.wanted.push(path.clone());
            }
        }
        if paths.is_empty() {
            return;
        }
        let folders: Vec<&str> = paths.iter().map(|path| folder_of(path)).collect();
        // Files being parsed keep their place; they count as near the chat.
        for (tier, file) in &mut self.files[self.parsed..] {
            if *tier != Tier::NearChat
                && (paths.contains(&file.path) || folders.contains(&folder_of(&file.path)))
            {
                *tier = Tier::NearChat;
            }
        }
        // Stable: within a tier the interleaved order stays.
        self.files[self.handed..].sort_by_key(|(tier, _)| *tier);
    }

    /// The paths asked for so far.
    pub fn wanted(&self) -> &[String] {
        &self.wanted
    }

    /// Hands out the next `count` files (or fewer) to be parsed, largest first
    /// (the cores then finish a batch at about the same time); they wait until
    /// reported [`ParseQueue::parsed`], in the order handed out.
    pub fn hand_out(&mut self, count: usize) -> Vec<PendingFile> {
        let end = self.handed.saturating_add(count).min(self.files.len());
        // Stable: files of one size keep their turn.
        self.files[self.handed..end].sort_by_key(|(_, file)| std::cmp::Reverse(file.size));
        let handed = self.files[self.handed..end]
            .iter()
            .map(|(_, file)| file.clone())
            .collect();
        self.handed = end;
        handed
    }

    /// The oldest `count` files handed out are parsed.
    pub fn parsed(&mut self, count: usize) {
        self.parsed = self.parsed.saturating_add(count).min(self.handed);
        if self.parsed == self.files.len() {
            self.files.clear();
            self.parsed = 0;
            self.handed = 0;
        }
    }

    /// Hands out up to `count` files and reports them parsed at once (for tests).
    #[cfg(test)]
    pub fn take(&mut self, count: usize) -> Vec<PendingFile> {
        let taken = self.hand_out(count);
        self.parsed(taken.len());
        taken
    }

    /// Whether every file waiting has been handed out.
    pub fn all_handed_out(&self) -> bool {
        self.handed == self.files.len()
    }

    /// Files still to parse, those being parsed included.
    pub fn len(&self) -> usize {
        self.files.len() - self.parsed
    }

    /// Whether nothing is left.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether a file near the chat is still waiting (or being parsed).
    pub fn near_chat_waiting(&self) -> bool {
        let is_near = |(tier, _): &(Tier, PendingFile)| *tier == Tier::NearChat;
        self.files[self.parsed..self.handed].iter().any(is_near)
            || self.files[self.handed..].first().is_some_and(is_near)
    }

    /// Project files (near the chat or not) still waiting.
    pub fn project_waiting(&self) -> usize {
        self.files[self.parsed..]
            .iter()
            .filter(|(tier, _)| *tier != Tier::Damped)
            .count()
    }

    /// What the next file to parse is.
    pub fn phase(&self) -> ScanPhase {
        match self.files[self.parsed..].first() {
            None => ScanPhase::Done,
            Some((Tier::Damped, _)) => ScanPhase::Vendored,
            Some(_) => ScanPhase::Project,
        }
    }
}

/// A path's area: its first two folders (or fewer).
fn area_of(path: &str) -> &str {
    let folder = folder_of(path);
    match folder.match_indices('/').nth(1) {
        Some((at, _)) => &folder[..at],
        None => folder,
    }
}

/// A path's folder (empty at the top).
fn folder_of(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(folder, _)| folder)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repomap::classify::Rule;

    fn pending(path: &str, origin: Origin) -> PendingFile {
        PendingFile {
            path: path.to_string(),
            size: 1,
            mtime_ns: 0,
            origin,
            linguist: LinguistAttributes::default(),
            blob: None,
        }
    }

    fn order(queue: &mut ParseQueue) -> Vec<String> {
        queue
            .take(usize::MAX)
            .into_iter()
            .map(|file| file.path)
            .collect()
    }

    #[test]
    fn areas_take_turns_and_vendored_files_come_last() {
        let vendored = Origin::Vendored(Rule::Folder("vendor"));
        let files = vec![
            pending("vendor/x/a.go", vendored),
            pending("drivers/net/a.c", Origin::Project),
            pending("drivers/net/b.c", Origin::Project),
            pending("drivers/net/c.c", Origin::Project),
            pending("kernel/fork.c", Origin::Project),
            pending("kernel/sched/core.c", Origin::Project),
            pending("main.c", Origin::Project),
        ];
        let mut queue = ParseQueue::new(files.clone(), false, Vec::new());
        assert_eq!(queue.phase(), ScanPhase::Project);
        assert_eq!(queue.project_waiting(), 6);
        assert_eq!(
            order(&mut queue),
            [
                "drivers/net/a.c",
                "kernel/fork.c",
                "kernel/sched/core.c",
                "main.c",
                "drivers/net/b.c",
                "drivers/net/c.c",
                "vendor/x/a.go",
            ]
        );
        assert_eq!(queue.phase(), ScanPhase::Done);
        // Mapped as ordinary files, vendored ones take their turn.
        let mut queue = ParseQueue::new(files, true, Vec::new());
        let all = order(&mut queue);
        assert_eq!(all[1], "kernel/fork.c");
        assert!(all.iter().position(|p| p == "vendor/x/a.go").unwrap() < 6);
    }

    #[test]
    fn files_near_the_chat_go_first() {
        let files = vec![
            pending("a/one.rs", Origin::Project),
            pending("b/two.rs", Origin::Project),
            pending("b/three.rs", Origin::Project),
            pending("c/four.rs", Origin::Project),
        ];
        let mut queue = ParseQueue::new(files, false, Vec::new());
        assert_eq!(queue.take(1)[0].path, "a/one.rs");
        queue.prioritize(&["b/two.rs".to_string()]);
        assert!(queue.near_chat_waiting());
        let next: Vec<String> = queue.take(2).into_iter().map(|f| f.path).collect();
        assert_eq!(next, ["b/three.rs", "b/two.rs"]);
        assert!(!queue.near_chat_waiting());
        assert_eq!(queue.wanted(), ["b/two.rs"]);
        assert_eq!(order(&mut queue), ["c/four.rs"]);
        assert!(queue.is_empty());
    }

    #[test]
    fn a_batch_is_handed_out_largest_first_and_parsed_in_that_order() {
        let sized = |path: &str, size| PendingFile {
            size,
            ..pending(path, Origin::Project)
        };
        let files = vec![sized("a.rs", 1), sized("b.rs", 30), sized("c.rs", 20)];
        let mut queue = ParseQueue::new(files, false, Vec::new());
        let handed: Vec<String> = queue.hand_out(3).into_iter().map(|f| f.path).collect();
        assert_eq!(handed, ["b.rs", "c.rs", "a.rs"]);
        // The first two handed out are parsed; the smallest still waits.
        queue.parsed(2);
        assert_eq!(queue.len(), 1);
        queue.prioritize(&["a.rs".to_string()]);
        assert!(queue.near_chat_waiting());
    }

    #[test]
    fn files_handed_out_wait_until_parsed_and_can_still_be_near_the_chat() {
        let files = vec![
            pending("a/one.rs", Origin::Project),
            pending("b/two.rs", Origin::Project),
            pending("c/three.rs", Origin::Project),
        ];
        let mut queue = ParseQueue::new(files, false, Vec::new());
        let first: Vec<String> = queue.hand_out(2).into_iter().map(|f| f.path).collect();
        assert_eq!(first, ["a/one.rs", "b/two.rs"]);
        assert_eq!(queue.len(), 3);
        assert!(!queue.all_handed_out());
        // Asked for while it is being parsed: it keeps its place, and the
        // chat's files are waited for until it is parsed.
        queue.prioritize(&["b/two.rs".to_string()]);
        assert!(queue.near_chat_waiting());
        assert_eq!(queue.hand_out(5)[0].path, "c/three.rs");
        assert!(queue.all_handed_out());
        queue.parsed(2);
        assert!(!queue.near_chat_waiting());
        assert_eq!((queue.len(), queue.project_waiting()), (1, 1));
        queue.parsed(1);
        assert!(queue.is_empty());
        assert_eq!(queue.phase(), ScanPhase::Done);
    }
}
