//! One stat per tracked file, each taken relative to a handle on its folder
//! rather than by full path: the kernel walks a 5-part path once per folder
//! instead of once per file. Folders are opened part by part without following
//! a symlink, so a tracked path whose folder is now a symlink (to anywhere,
//! inside the root or out) is not listed through it, and the file itself is
//! not followed either.
//!
//! The paths come in index order, where every folder's paths are contiguous, so
//! a stack of open folders suffices; the work is split across cores in chunks,
//! each with a stack of its own.

use std::io;
use std::path::Path;
use std::time::UNIX_EPOCH;

use cap_fs_ext::DirExt;
use cap_std::ambient_authority;
use cap_std::fs::Dir;
use rayon::prelude::*;

/// Paths per chunk of work: large enough that reopening a chunk's first folders
/// costs nothing, small enough to keep both cores busy to the end.
const CHUNK: usize = 2048;

/// What the listing needs of a regular file as it is now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileState {
    /// Size in bytes.
    pub size: u64,
    /// Modification time in nanoseconds since the Unix epoch (0 when unknown).
    pub mtime_ns: i64,
}

/// For each of `paths` (relative to `root`, `/`-separated, checked, in index
/// order), its state when it is a regular file reached through real folders;
/// `None` when it is missing, not a regular file, or under a symlink.
pub fn stat_all<T: Sync>(
    root: &Path,
    paths: &[T],
    path_of: impl Fn(&T) -> &str + Sync,
) -> io::Result<Vec<Option<FileState>>> {
    let root = Dir::open_ambient_dir(root, ambient_authority())?;
    let chunks: Vec<Vec<Option<FileState>>> = paths
        .par_chunks(CHUNK)
        .map(|chunk| {
            let mut folders = Folders::new(&root);
            chunk
                .iter()
                .map(|item| folders.stat(path_of(item)))
                .collect()
        })
        .collect();
    Ok(chunks.into_iter().flatten().collect())
}

/// The folders of the last path statted, open from the root down.
struct Folders<'root> {
    root: &'root Dir,
    /// The folder's path relative to the root ("" for the root itself).
    path: String,
    /// Where each part of `path` ends, and its handle (`None` when it could not
    /// be opened as a real folder: nothing under it is listed).
    parts: Vec<(usize, Option<Dir>)>,
    /// Folders opened so far (the tests count them).
    #[cfg(test)]
    opened: usize,
}

impl<'root> Folders<'root> {
    fn new(root: &'root Dir) -> Folders<'root> {
        Folders {
            root,
            path: String::new(),
            parts: Vec::new(),
            #[cfg(test)]
            opened: 0,
        }
    }

    fn stat(&mut self, relative: &str) -> Option<FileState> {
        let (folder, name) = relative.rsplit_once('/').unwrap_or(("", relative));
        let dir = self.enter(folder)?;
        let metadata = dir.symlink_metadata(name).ok()?;
        if !metadata.is_file() {
            return None;
        }
        let mtime_ns = metadata
            .modified()
            .ok()
            .and_then(|time| time.into_std().duration_since(UNIX_EPOCH).ok())
            .map_or(0, |age| age.as_nanos() as i64);
        Some(FileState {
            size: metadata.len(),
            mtime_ns,
        })
    }

    /// The handle on `folder`, opening what is not open yet; `None` when a part
    /// of it is not a real folder.
    fn enter(&mut self, folder: &str) -> Option<&Dir> {
        if folder != self.path {
            // Keep the parts the two folders share.
            let kept = self
                .parts
                .iter()
                .take_while(|(end, _)| {
                    folder.as_bytes().get(..*end) == Some(&self.path.as_bytes()[..*end])
                        && matches!(folder.as_bytes().get(*end), None | Some(b'/'))
                })
                .count();
            self.parts.truncate(kept);
            self.path
                .truncate(self.parts.last().map_or(0, |(end, _)| *end));
            let rest = folder[self.path.len()..].trim_start_matches('/');
            if !rest.is_empty() {
                for part in rest.split('/') {
                    let opened = match self.parts.last() {
                        None => self.root.open_dir_nofollow(part).ok(),
                        Some((_, Some(parent))) => parent.open_dir_nofollow(part).ok(),
                        Some((_, None)) => None,
                    };
                    #[cfg(test)]
                    {
                        self.opened += 1;
                    }
                    if !self.path.is_empty() {
                        self.path.push('/');
                    }
                    self.path.push_str(part);
                    self.parts.push((self.path.len(), opened));
                }
            }
        }
        match self.parts.last() {
            None => Some(self.root),
            Some((_, opened)) => opened.as_ref(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_reached_through_real_folders_only() {
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret.rs"), "secret").unwrap();
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for folder in ["a/b/c", "a/d", "e"] {
            std::fs::create_dir_all(root.join(folder)).unwrap();
        }
        for file in [
            "top.rs",
            "a/one.rs",
            "a/b/c/deep.rs",
            "a/b/two.rs",
            "a/d/three.rs",
        ] {
            std::fs::write(root.join(file), file).unwrap();
        }
        std::fs::write(root.join("e/four.rs"), "four").unwrap();
        #[cfg(unix)]
        {
            // A folder link inside the root, one out of it, and a file link.
            std::os::unix::fs::symlink(root.join("a/d"), root.join("inner")).unwrap();
            std::os::unix::fs::symlink(outside.path(), root.join("a/out")).unwrap();
            std::os::unix::fs::symlink(root.join("top.rs"), root.join("link.rs")).unwrap();
        }
        let paths = [
            "a/b/c/deep.rs",
            "a/b/missing/x.rs",
            "a/b/two.rs",
            "a/d/three.rs",
            "a/one.rs",
            "a/out/secret.rs",
            "e/four.rs",
            "inner/three.rs",
            "link.rs",
            "top.rs",
        ];
        let states = stat_all(root, &paths, |path| path).unwrap();
        let listed: Vec<&str> = paths
            .iter()
            .zip(&states)
            .filter(|(_, state)| state.is_some())
            .map(|(path, _)| *path)
            .collect();
        assert_eq!(
            listed,
            [
                "a/b/c/deep.rs",
                "a/b/two.rs",
                "a/d/three.rs",
                "a/one.rs",
                "e/four.rs",
                "top.rs"
            ]
        );
        let deep = states[0].unwrap();
        let metadata = std::fs::metadata(root.join("a/b/c/deep.rs")).unwrap();
        assert_eq!(deep.size, "a/b/c/deep.rs".len() as u64);
        assert_eq!(
            deep.mtime_ns,
            metadata
                .modified()
                .unwrap()
                .duration_since(UNIX_EPOCH)
                .unwrap()
                .as_nanos() as i64
        );
    }

    #[test]
    fn each_folder_is_opened_once_and_each_file_statted_from_it() {
        let dir = tempfile::tempdir().unwrap();
        let mut paths = Vec::new();
        let mut folders = std::collections::BTreeSet::new();
        for top in ["a", "b"] {
            for sub in ["x", "y", "y/z"] {
                let folder = format!("{top}/{sub}");
                std::fs::create_dir_all(dir.path().join(&folder)).unwrap();
                for file in 0..5 {
                    let path = format!("{folder}/f{file}.rs");
                    std::fs::write(dir.path().join(&path), "x").unwrap();
                    paths.push(path);
                }
                folders.insert(top.to_string());
                folders.insert(folder.clone());
                if sub == "y/z" {
                    folders.insert(format!("{top}/y"));
                }
            }
        }
        // Index order: sorted by path.
        paths.sort();
        let root = Dir::open_ambient_dir(dir.path(), ambient_authority()).unwrap();
        let mut open = Folders::new(&root);
        for path in &paths {
            assert!(open.stat(path).is_some(), "{path}");
        }
        assert_eq!(open.opened, folders.len(), "{folders:?}");
    }

    #[test]
    fn chunks_keep_the_order() {
        let dir = tempfile::tempdir().unwrap();
        let mut paths = Vec::new();
        for folder in 0..5 {
            std::fs::create_dir(dir.path().join(format!("f{folder}"))).unwrap();
            for file in 0..1000 {
                let path = format!("f{folder}/{file:04}");
                std::fs::write(dir.path().join(&path), vec![b'x'; file % 7]).unwrap();
                paths.push(path);
            }
        }
        let states = stat_all(dir.path(), &paths, String::as_str).unwrap();
        assert_eq!(states.len(), paths.len());
        for (index, state) in states.iter().enumerate() {
            assert_eq!(state.unwrap().size, (index % 1000 % 7) as u64);
        }
    }
}
