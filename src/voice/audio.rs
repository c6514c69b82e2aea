//! Recorded sound and its WAV encoding: mixed down to one channel and resampled to
//! 16 kHz, 16-bit, which speech models take and which keeps a minute under 2 MB.

use std::io::Cursor;

/// The sample rate sent for transcription.
pub const TRANSCRIPTION_RATE: u32 = 16_000;

/// Samples as a device delivered them: interleaved channels, values in -1.0..=1.0.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Audio {
    pub samples: Vec<f32>,
    pub channels: u16,
    pub sample_rate: u32,
}

impl Audio {
    /// The length in seconds.
    pub fn seconds(&self) -> f64 {
        let frames = self.samples.len() / usize::from(self.channels.max(1));
        frames as f64 / f64::from(self.sample_rate.max(1))
    }

    /// One channel: the mean of all channels in each frame.
    fn mono(&self) -> Vec<f32> {
        let channels = usize::from(self.channels.max(1));
        self.samples
            .chunks(channels)
            .map(|frame| frame.iter().sum::<f32>() / frame.len() as f32)
            .collect()
    }
}

/// Linear interpolation from `from` Hz to `to` Hz.
fn resample(samples: &[f32], from: u32, to: u32) -> Vec<f32> {
    if from == to || samples.is_empty() || from == 0 {
        return samples.to_vec();
    }
    let step = f64::from(from) / f64::from(to);
    let length = (samples.len() as f64 / step).floor() as usize;
    (0..length)
        .map(|index| {
            let position = index as f64 * step;
            let before = position.floor() as usize;
            let after = (before + 1).min(samples.len() - 1);
            let fraction = (position - before as f64) as f32;
            samples[before] * (1.0 - fraction) + samples[after] * fraction
        })
        .collect()
}

/// The recording as a 16 kHz mono 16-bit WAV file.
pub fn to_wav(audio: &Audio) -> Result<Vec<u8>, super::VoiceError> {
    let failed = |error: hound::Error| super::VoiceError::Failed(format!("WAV encoding: {error}"));
    let samples = resample(&audio.mono(), audio.sample_rate, TRANSCRIPTION_RATE);
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: TRANSCRIPTION_RATE,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut out = Cursor::new(Vec::new());
    {
        let mut writer = hound::WavWriter::new(&mut out, spec).map_err(failed)?;
        for sample in samples {
            let value = (sample.clamp(-1.0, 1.0) * f32::from(i16::MAX)).round() as i16;
            writer.write_sample(value).map_err(failed)?;
        }
        writer.finalize().map_err(failed)?;
    }
    Ok(out.into_inner())
}

/// The samples of a WAV file (integer or float, any rate and channel count), or why
/// it is not one.
pub fn from_wav(bytes: &[u8]) -> Result<Audio, String> {
    let mut reader =
        hound::WavReader::new(Cursor::new(bytes)).map_err(|error| error.to_string())?;
    let spec = reader.spec();
    let samples: Result<Vec<f32>, hound::Error> = match spec.sample_format {
        hound::SampleFormat::Float => reader.samples::<f32>().collect(),
        hound::SampleFormat::Int => {
            // Full scale of a signed sample of this width.
            let scale = 2f32.powi(i32::from(spec.bits_per_sample.clamp(1, 32)) - 1);
            reader
                .samples::<i32>()
                .map(|sample| sample.map(|value| value as f32 / scale))
                .collect()
        }
    };
    Ok(Audio {
        samples: samples.map_err(|error| error.to_string())?,
        channels: spec.channels,
        sample_rate: spec.sample_rate,
    })
}

/// The length in seconds of a WAV file, or why it is not one.
pub fn wav_duration(bytes: &[u8]) -> Result<f64, String> {
    let reader = hound::WavReader::new(Cursor::new(bytes)).map_err(|error| error.to_string())?;
    let spec = reader.spec();
    Ok(f64::from(reader.duration()) / f64::from(spec.sample_rate.max(1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stereo_48k_becomes_mono_16k() {
        // One second of a 440 Hz tone in both channels.
        let samples: Vec<f32> = (0..48_000)
            .flat_map(|index| {
                let value = (index as f32 * 440.0 * std::f32::consts::TAU / 48_000.0).sin() * 0.5;
                [value, value]
            })
            .collect();
        let audio = Audio {
            samples,
            channels: 2,
            sample_rate: 48_000,
        };
        assert!((audio.seconds() - 1.0).abs() < 1e-9);
        let wav = to_wav(&audio).unwrap();
        let mut reader = hound::WavReader::new(Cursor::new(&wav)).unwrap();
        let spec = reader.spec();
        assert_eq!(
            (spec.channels, spec.sample_rate, spec.bits_per_sample),
            (1, 16_000, 16)
        );
        assert_eq!(reader.duration(), 16_000);
        let peak = reader
            .samples::<i16>()
            .map(|sample| sample.unwrap().unsigned_abs())
            .max()
            .unwrap();
        // Half of full scale survives the mixdown and the resampling.
        assert!((15_000..=16_500).contains(&peak), "{peak}");
        assert!((wav_duration(&wav).unwrap() - 1.0).abs() < 1e-9);
        let back = from_wav(&wav).unwrap();
        assert_eq!((back.channels, back.sample_rate), (1, 16_000));
        assert_eq!(back.samples.len(), 16_000);
        assert!(back.samples.iter().all(|sample| sample.abs() <= 0.51));
        assert!(from_wav(b"not a wav").is_err());
        assert!(wav_duration(b"not a wav").is_err());
    }
}
