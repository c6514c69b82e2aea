//! The file finder's matcher thread: the UI sends each query and goes on; the thread
//! ranks the repository's files and sends back the results. Only the latest query
//! counts: queries that queued up while the thread was busy are skipped, a search a
//! newer query overtook stops early, and results for an older query are dropped.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, TryRecvError};
use std::sync::{Arc, Mutex};

use super::fuzzy;

/// One query for the thread.
struct Request {
    generation: u64,
    query: String,
}

/// The files that matched one query, best first.
#[derive(Debug)]
pub struct Found {
    pub matches: Vec<String>,
    /// The number of the query these results answer.
    generation: u64,
}

/// A matcher thread over one list of files; it ends when this is dropped.
pub struct FileSearch {
    requests: Sender<Request>,
    results: Receiver<Found>,
    /// The newest query's number; the thread abandons work for any other.
    latest: Arc<AtomicU64>,
    /// The number of the query whose results were last taken.
    answered: u64,
}

impl FileSearch {
    /// Starts the thread over `files`; each answer holds at most `limit` files.
    pub fn start(files: Arc<[String]>, limit: usize) -> std::io::Result<FileSearch> {
        FileSearch::start_gated(files, limit, None)
    }

    /// [`FileSearch::start`], where the thread takes `gate` before each search (so a
    /// test can hold the thread and see that the UI does not wait for it).
    fn start_gated(
        files: Arc<[String]>,
        limit: usize,
        gate: Option<Arc<Mutex<()>>>,
    ) -> std::io::Result<FileSearch> {
        let (requests, queue) = std::sync::mpsc::channel::<Request>();
        let (answers, results) = std::sync::mpsc::channel();
        let latest = Arc::new(AtomicU64::new(0));
        let newest = Arc::clone(&latest);
        std::thread::Builder::new()
            .name("file-finder".into())
            .spawn(move || {
                while let Ok(mut request) = queue.recv() {
                    // Queries typed while the last search ran: only the newest matters.
                    while let Ok(newer) = queue.try_recv() {
                        request = newer;
                    }
                    let _held = gate.as_ref().map(|gate| gate.lock());
                    let superseded = || newest.load(Ordering::Relaxed) != request.generation;
                    let Some(ranked) =
                        fuzzy::rank_unless(&request.query, &files, limit, superseded)
                    else {
                        continue;
                    };
                    let found = Found {
                        matches: ranked.into_iter().map(|i| files[i].clone()).collect(),
                        generation: request.generation,
                    };
                    if answers.send(found).is_err() {
                        break;
                    }
                }
            })?;
        Ok(FileSearch {
            requests,
            results,
            latest,
            answered: 0,
        })
    }

    /// Asks for the files matching `query`; returns at once.
    pub fn search(&mut self, query: &str) {
        let generation = self.latest.fetch_add(1, Ordering::Relaxed) + 1;
        // A send fails only if the thread is gone; `searching` then stays true and
        // the finder keeps its last results, which is all it could do anyway.
        let _ = self.requests.send(Request {
            generation,
            query: query.to_string(),
        });
    }

    /// The results of the newest query, if they have arrived (never waits).
    pub fn take_results(&mut self) -> Option<Found> {
        let newest = self.latest.load(Ordering::Relaxed);
        let mut taken = None;
        loop {
            match self.results.try_recv() {
                Ok(found) if found.generation == newest => taken = Some(found),
                Ok(_stale) => {}
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => break,
            }
        }
        if taken.is_some() {
            self.answered = newest;
        }
        taken
    }

    /// Whether the newest query is still unanswered.
    pub fn searching(&self) -> bool {
        self.answered != self.latest.load(Ordering::Relaxed)
    }
}

impl Drop for FileSearch {
    fn drop(&mut self) {
        // Makes a running search stop at its next check; the closed channel ends the thread.
        self.latest.store(u64::MAX, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;

    /// Waits (bounded, so a broken thread fails the test instead of hanging it) for
    /// the results of the newest query.
    fn wait_for_results(search: &mut FileSearch) -> Found {
        let give_up = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(found) = search.take_results() {
                return found;
            }
            assert!(Instant::now() < give_up, "no results");
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// A repository-sized list: 80,000 paths.
    fn many_files() -> Arc<[String]> {
        (0..80_000)
            .map(|n| format!("src/module_{}/part_{}/file_{n}.rs", n % 97, n % 13))
            .collect()
    }

    #[test]
    fn a_query_returns_at_once_and_only_the_latest_is_answered() {
        let gate = Arc::new(Mutex::new(()));
        let held = gate.lock().unwrap();
        let mut search =
            FileSearch::start_gated(many_files(), 50, Some(Arc::clone(&gate))).unwrap();
        // The thread cannot search while the gate is held, so a query that waited for
        // it would never return; the gate opens after 30 s at the latest, failing the test.
        let (done, finished) = std::sync::mpsc::channel();
        std::thread::scope(|scope| {
            let search = &mut search;
            scope.spawn(move || {
                for query in ["f", "fi", "file_7", "file_777"] {
                    search.search(query);
                    assert!(search.searching());
                    assert!(search.take_results().is_none());
                }
                let _ = done.send(());
            });
            let returned = finished.recv_timeout(Duration::from_secs(30)).is_ok();
            drop(held);
            assert!(returned, "a query waited for the matcher thread");
        });
        let found = wait_for_results(&mut search);
        assert!(!search.searching());
        assert!(
            found.matches.iter().all(|path| path.contains("file_777")),
            "{:?}",
            found.matches
        );
        assert_eq!(found.matches[0], "src/module_1/part_10/file_777.rs");
        // Nothing for the older queries arrives later.
        std::thread::sleep(Duration::from_millis(50));
        assert!(search.take_results().is_none());
    }

    #[test]
    fn results_for_an_older_query_are_never_taken() {
        let files: Arc<[String]> = ["a.rs", "b.rs"].map(String::from).into();
        let mut search = FileSearch::start(files, 10).unwrap();
        // Whether the thread answers "a" before it sees "b" or not, only "b" is taken.
        for _ in 0..50 {
            search.search("a");
            search.search("b");
            assert_eq!(wait_for_results(&mut search).matches, ["b.rs"]);
            search.search("a");
            assert_eq!(wait_for_results(&mut search).matches, ["a.rs"]);
        }
    }
}
