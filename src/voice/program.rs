//! Recording through a program found on `PATH` when a recording starts: `arecord`
//! (alsa-utils), sox's `rec` or `ffmpeg`, the first there is. The program writes a
//! 16 kHz mono WAV file into a temporary folder until it gets SIGINT, on which each of
//! them finishes the file's header and ends; the samples are then read back. Nothing is
//! linked, so building needs no audio library and a machine without one still runs.

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::{Audio, Recorder, Recording, TRANSCRIPTION_RATE, VoiceError, from_wav};

/// The programs that can record, in the order they are tried.
pub const RECORDING_PROGRAMS: [&str; 3] = ["arecord", "rec", "ffmpeg"];

/// Recordings end by themselves after this many seconds (transcription takes about
/// 25 MB; ten minutes of 16 kHz 16-bit mono is under 20 MB).
const LONGEST_SECONDS: u32 = 600;

/// A program that cannot open the input device says so and ends at once; a start
/// waits this long to tell that from a recording under way.
const START_CHECK: Duration = Duration::from_millis(200);

/// How long a program may take to finish its file after SIGINT.
const STOP_LIMIT: Duration = Duration::from_secs(5);

const POLL: Duration = Duration::from_millis(10);

/// The file the program records into, inside the recording's temporary folder.
const WAV_NAME: &str = "recording.wav";
/// Where the program's messages go, to quote when it fails.
const MESSAGES_NAME: &str = "messages.txt";

/// Records through the first of [`RECORDING_PROGRAMS`] found on a search path.
#[derive(Debug, Clone, Default)]
pub struct ProgramRecorder {
    /// The folders searched, as in `PATH`; `None` when there is no `PATH`.
    search_path: Option<OsString>,
}

impl ProgramRecorder {
    /// Searches this process's `PATH`, taken now; its folders are searched at each
    /// start, so a program installed while the session runs is found.
    pub fn from_environment() -> ProgramRecorder {
        ProgramRecorder {
            search_path: std::env::var_os("PATH"),
        }
    }

    /// Searches the folders of `search_path` (written as `PATH` is).
    pub fn with_search_path(search_path: impl Into<OsString>) -> ProgramRecorder {
        ProgramRecorder {
            search_path: Some(search_path.into()),
        }
    }
}

impl Recorder for ProgramRecorder {
    fn start(&self) -> Result<Box<dyn Recording>, VoiceError> {
        let Some((program, path)) = self.search_path.as_deref().and_then(find_program) else {
            return Err(VoiceError::NoProgram);
        };
        let failed = |what: &str, error: std::io::Error| {
            VoiceError::Failed(format!("{what} for {program}: {error}"))
        };
        let folder = tempfile::Builder::new()
            .prefix("aider-tui-voice-")
            .tempdir()
            .map_err(|error| failed("making a temporary folder", error))?;
        let messages = File::create(folder.path().join(MESSAGES_NAME))
            .map_err(|error| failed("making its message file", error))?;
        let mut command = Command::new(&path);
        command
            .args(arguments(program, &folder.path().join(WAV_NAME)))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(messages);
        // A process started in the background inherits SIGINT ignored; the recorder
        // must still stop on it.
        // SAFETY: only `signal`, which is async-signal-safe, runs between fork and exec.
        unsafe {
            command.pre_exec(|| {
                libc::signal(libc::SIGINT, libc::SIG_DFL);
                Ok(())
            });
        }
        let child = command
            .spawn()
            .map_err(|error| VoiceError::Failed(format!("cannot start {program}: {error}")))?;
        let mut recording = ProgramRecording {
            program,
            child,
            folder,
        };
        if recording.ended_within(START_CHECK)? {
            return Err(VoiceError::NoDevice(format!(
                "{program} ended at once{}",
                recording.its_messages()
            )));
        }
        Ok(Box::new(recording))
    }
}

/// The first recording program in a search path, with where it is. Empty and relative
/// folders are skipped: a program is never run from the repository by accident.
fn find_program(search_path: &OsStr) -> Option<(&'static str, PathBuf)> {
    let folders: Vec<PathBuf> = std::env::split_paths(search_path)
        .filter(|folder| folder.is_absolute())
        .collect();
    RECORDING_PROGRAMS.iter().find_map(|name| {
        folders
            .iter()
            .map(|folder| folder.join(name))
            .find(|candidate| is_executable(candidate))
            .map(|found| (*name, found))
    })
}

fn is_executable(path: &Path) -> bool {
    path.metadata()
        .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

/// The arguments that make `program` record 16 kHz 16-bit mono WAV into `wav`.
fn arguments(program: &str, wav: &Path) -> Vec<OsString> {
    let rate = TRANSCRIPTION_RATE;
    let longest = LONGEST_SECONDS;
    // ffmpeg needs the input named: ALSA's default device, or macOS's first.
    let (format, device) = if cfg!(target_os = "macos") {
        ("avfoundation", ":0")
    } else {
        ("alsa", "default")
    };
    let options = match program {
        "arecord" => format!("-q -f S16_LE -r {rate} -c 1 -t wav -d {longest}"),
        "rec" => format!("-q -r {rate} -c 1 -b 16"),
        _ => format!(
            "-hide_banner -loglevel error -nostdin -y -f {format} -i {device} \
             -ac 1 -ar {rate} -t {longest}"
        ),
    };
    let mut all: Vec<OsString> = options.split_whitespace().map(OsString::from).collect();
    all.push(wav.as_os_str().to_owned());
    if program == "rec" {
        // sox takes its effects after the output file.
        all.extend(["trim".into(), "0".into(), longest.to_string().into()]);
    }
    all
}

/// A recording program at work, and the folder it writes into (removed when dropped).
struct ProgramRecording {
    program: &'static str,
    child: Child,
    folder: tempfile::TempDir,
}

impl ProgramRecording {
    /// Whether the program ended within `limit` (it is reaped then).
    fn ended_within(&mut self, limit: Duration) -> Result<bool, VoiceError> {
        let deadline = Instant::now() + limit;
        loop {
            let status = self.child.try_wait().map_err(|error| {
                VoiceError::Failed(format!("waiting for {}: {error}", self.program))
            })?;
            if status.is_some() {
                return Ok(true);
            }
            if Instant::now() >= deadline {
                return Ok(false);
            }
            std::thread::sleep(POLL);
        }
    }

    /// The last lines the program wrote to its standard error, as `: …`, or nothing.
    fn its_messages(&self) -> String {
        let text =
            std::fs::read_to_string(self.folder.path().join(MESSAGES_NAME)).unwrap_or_default();
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty())
            .collect();
        let last = lines[lines.len().saturating_sub(3)..].join(" / ");
        let last: String = last.chars().take(400).collect();
        if last.is_empty() {
            String::new()
        } else {
            format!(": {last}")
        }
    }
}

impl Recording for ProgramRecording {
    fn stop(mut self: Box<Self>) -> Result<Audio, VoiceError> {
        let program = self.program;
        if !self.ended_within(Duration::ZERO)? {
            let pid = libc::pid_t::try_from(self.child.id())
                .map_err(|_| VoiceError::Failed(format!("{program} has no usable process id")))?;
            // SAFETY: the pid is of our own child, not yet reaped, so no other process
            // can hold it.
            unsafe {
                libc::kill(pid, libc::SIGINT);
            }
            if !self.ended_within(STOP_LIMIT)? {
                return Err(VoiceError::Failed(format!(
                    "{program} did not stop within {} s of SIGINT{}",
                    STOP_LIMIT.as_secs(),
                    self.its_messages()
                )));
            }
        }
        // The exit status after SIGINT says little (ffmpeg ends with 255): the file tells.
        let bytes = std::fs::read(self.folder.path().join(WAV_NAME)).map_err(|error| {
            VoiceError::Failed(format!(
                "{program} wrote no recording ({error}){}",
                self.its_messages()
            ))
        })?;
        let audio = from_wav(&bytes).map_err(|reason| {
            VoiceError::Failed(format!(
                "{program} wrote no usable WAV file ({reason}){}",
                self.its_messages()
            ))
        })?;
        if audio.samples.is_empty() {
            return Err(VoiceError::Empty);
        }
        Ok(audio)
    }
}

impl Drop for ProgramRecording {
    /// A recording dropped unstopped, or a program that would not stop, ends here.
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn make_executable(path: &Path) {
        std::fs::write(path, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }

    #[test]
    fn the_first_program_in_the_order_wins_and_relative_folders_are_never_searched() {
        let first = tempfile::tempdir().unwrap();
        let second = tempfile::tempdir().unwrap();
        make_executable(&first.path().join("ffmpeg"));
        make_executable(&second.path().join("rec"));
        // Not executable: passed over.
        std::fs::write(first.path().join("arecord"), "").unwrap();
        let path = std::env::join_paths([first.path(), second.path()]).unwrap();
        let (name, found) = find_program(&path).unwrap();
        assert_eq!((name, found), ("rec", second.path().join("rec")));
        assert!(find_program(OsStr::new("")).is_none());
        assert!(find_program(OsStr::new("relative/bin:.")).is_none());
    }

    #[test]
    fn every_program_is_asked_for_16k_mono_16_bit_wav_into_the_file() {
        let wav = Path::new("/tmp/x/recording.wav");
        for program in RECORDING_PROGRAMS {
            let words: Vec<String> = arguments(program, wav)
                .into_iter()
                .map(|word| word.to_string_lossy().into_owned())
                .collect();
            let line = words.join(" ");
            assert!(line.contains("16000") && line.contains(" 1 "), "{line}");
            assert!(words.iter().any(|word| word == "/tmp/x/recording.wav"));
            assert!(line.contains("600"), "{line}");
        }
    }
}
