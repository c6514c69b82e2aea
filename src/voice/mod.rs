//! Voice input: recording behind the [`Recorder`] trait (through `arecord`, `rec` or
//! `ffmpeg`, found on `PATH` when a recording starts: `program`) and encoding what was
//! heard as a WAV file for a transcription service (`audio`).

mod audio;
mod program;

pub use audio::{Audio, TRANSCRIPTION_RATE, from_wav, to_wav, wav_duration};
pub use program::{ProgramRecorder, RECORDING_PROGRAMS};

/// Why recording failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VoiceError {
    /// None of [`RECORDING_PROGRAMS`] is on `PATH`.
    #[error(
        "no recording program: /voice records with arecord (alsa-utils), rec (sox) or ffmpeg, \
         and none of them is on PATH"
    )]
    NoProgram,
    /// There is no input device to record from.
    #[error("no microphone: {0}")]
    NoDevice(String),
    /// The device was found but recording from it failed.
    #[error("recording failed: {0}")]
    Failed(String),
    /// A recording held no sound at all.
    #[error("nothing was recorded")]
    Empty,
}

/// Starts recordings.
pub trait Recorder: Send + Sync {
    /// Starts recording from the default input device.
    fn start(&self) -> Result<Box<dyn Recording>, VoiceError>;
}

/// A recording under way.
pub trait Recording: Send {
    /// Stops and returns what was recorded.
    fn stop(self: Box<Self>) -> Result<Audio, VoiceError>;
}

/// The recorder of a session: the first recording program on this process's `PATH`.
pub fn default_recorder() -> Box<dyn Recorder> {
    Box::new(ProgramRecorder::from_environment())
}

/// A recorder with no microphone, for sessions (and tests) that must not record.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoMicrophone;

impl Recorder for NoMicrophone {
    fn start(&self) -> Result<Box<dyn Recording>, VoiceError> {
        Err(VoiceError::NoDevice(
            "this session records from no microphone".into(),
        ))
    }
}
