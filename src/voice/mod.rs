//! Voice input: recording from a microphone behind the [`Recorder`] trait (cpal, when
//! the `microphone` feature is on) and encoding what was heard as a WAV file for a
//! transcription service (`wav`).

mod audio;
#[cfg(feature = "microphone")]
mod microphone;

pub use audio::{Audio, TRANSCRIPTION_RATE, to_wav, wav_duration};
#[cfg(feature = "microphone")]
pub use microphone::Microphone;

/// Why recording failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VoiceError {
    /// There is no input device to record from (or no support for one in this build).
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

/// The recorder of this build: the default microphone, or (built without the
/// `microphone` feature) one that says recording is not available.
pub fn default_recorder() -> Box<dyn Recorder> {
    #[cfg(feature = "microphone")]
    {
        Box::new(Microphone)
    }
    #[cfg(not(feature = "microphone"))]
    {
        Box::new(NoMicrophone)
    }
}

/// A recorder for builds without microphone support.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoMicrophone;

impl Recorder for NoMicrophone {
    fn start(&self) -> Result<Box<dyn Recording>, VoiceError> {
        Err(VoiceError::NoDevice(
            "this build has no microphone support (built without the `microphone` feature)".into(),
        ))
    }
}
