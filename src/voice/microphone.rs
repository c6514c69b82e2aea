//! Recording from the default input device with cpal. cpal's stream may not move
//! between threads, so each recording owns a thread that builds the stream, keeps it
//! playing until asked to stop, and hands back the samples.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{FromSample, Sample, SampleFormat, SizedSample};

use super::{Audio, Recorder, Recording, VoiceError};

/// Recordings longer than this stop taking samples (transcription services take about
/// 25 MB; ten minutes at 16 kHz is under 20 MB).
const LONGEST: Duration = Duration::from_secs(600);

/// The system's default microphone.
#[derive(Debug, Clone, Copy, Default)]
pub struct Microphone;

type Samples = Arc<Mutex<Vec<f32>>>;

struct MicrophoneRecording {
    stop: mpsc::Sender<()>,
    thread: JoinHandle<Result<Audio, VoiceError>>,
}

impl Recorder for Microphone {
    fn start(&self) -> Result<Box<dyn Recording>, VoiceError> {
        let (stop, stopped) = mpsc::channel::<()>();
        let (started, ready) = mpsc::channel::<Result<(), VoiceError>>();
        let thread = std::thread::Builder::new()
            .name("microphone".into())
            .spawn(move || record(started, stopped))
            .map_err(|error| VoiceError::Failed(error.to_string()))?;
        match ready.recv() {
            Ok(Ok(())) => Ok(Box::new(MicrophoneRecording { stop, thread })),
            Ok(Err(error)) => {
                let _ = thread.join();
                Err(error)
            }
            Err(_) => Err(VoiceError::Failed("the recording thread ended".into())),
        }
    }
}

impl Recording for MicrophoneRecording {
    fn stop(self: Box<Self>) -> Result<Audio, VoiceError> {
        let _ = self.stop.send(());
        self.thread
            .join()
            .map_err(|_| VoiceError::Failed("the recording thread panicked".into()))?
    }
}

/// The recording thread: opens the device, says whether that worked, records until
/// told to stop.
fn record(
    started: mpsc::Sender<Result<(), VoiceError>>,
    stopped: mpsc::Receiver<()>,
) -> Result<Audio, VoiceError> {
    let opened = open();
    let (stream, samples, channels, sample_rate) = match opened {
        Ok(parts) => {
            let _ = started.send(Ok(()));
            parts
        }
        Err(error) => {
            let _ = started.send(Err(error.clone()));
            return Err(error);
        }
    };
    let _ = stopped.recv();
    drop(stream);
    let samples = std::mem::take(
        &mut *samples
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()),
    );
    if samples.is_empty() {
        return Err(VoiceError::Empty);
    }
    Ok(Audio {
        samples,
        channels,
        sample_rate,
    })
}

fn open() -> Result<(cpal::Stream, Samples, u16, u32), VoiceError> {
    let host = cpal::default_host();
    let device = host
        .default_input_device()
        .ok_or_else(|| VoiceError::NoDevice("the system has no default input device".into()))?;
    let supported = device
        .default_input_config()
        .map_err(|error| VoiceError::NoDevice(error.to_string()))?;
    let config = supported.config();
    let channels = config.channels;
    let sample_rate = config.sample_rate;
    let samples: Samples = Arc::new(Mutex::new(Vec::new()));
    let limit = (LONGEST.as_secs() as usize)
        .saturating_mul(sample_rate as usize)
        .saturating_mul(usize::from(channels));
    let stream = match supported.sample_format() {
        SampleFormat::F32 => build::<f32>(&device, config, &samples, limit),
        SampleFormat::I16 => build::<i16>(&device, config, &samples, limit),
        SampleFormat::U16 => build::<u16>(&device, config, &samples, limit),
        SampleFormat::I32 => build::<i32>(&device, config, &samples, limit),
        SampleFormat::I8 => build::<i8>(&device, config, &samples, limit),
        SampleFormat::U8 => build::<u8>(&device, config, &samples, limit),
        SampleFormat::F64 => build::<f64>(&device, config, &samples, limit),
        other => Err(VoiceError::Failed(format!(
            "the input device delivers {other} samples, which are not read here"
        ))),
    }?;
    stream
        .play()
        .map_err(|error| VoiceError::Failed(error.to_string()))?;
    Ok((stream, samples, channels, sample_rate))
}

fn build<T>(
    device: &cpal::Device,
    config: cpal::StreamConfig,
    samples: &Samples,
    limit: usize,
) -> Result<cpal::Stream, VoiceError>
where
    T: SizedSample,
    f32: FromSample<T>,
{
    let sink = Arc::clone(samples);
    device
        .build_input_stream::<T, _, _>(
            config,
            move |data: &[T], _| {
                let mut sink = sink.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                let room = limit.saturating_sub(sink.len());
                sink.extend(
                    data.iter()
                        .take(room)
                        .map(|sample| <f32 as Sample>::from_sample(*sample)),
                );
            },
            |error| tracing::warn!("microphone: {error}"),
            None,
        )
        .map_err(|error| VoiceError::Failed(error.to_string()))
}
