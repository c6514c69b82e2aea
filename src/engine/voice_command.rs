//! `/voice`: speech into the message box. With no argument the microphone records until
//! the front end sends `Op::StopRecording` (`Op::Interrupt` drops the recording); with
//! a WAV file that file is transcribed. The audio goes to an OpenAI-compatible
//! `/audio/transcriptions` endpoint (`--voice-model`, `--voice-language`), and the text
//! comes back as `Event::ComposeMessage`.

use std::sync::Arc;

use crate::llm::{Connection, TranscriptionEndpoint, transcribe};
use crate::protocol::{ErrorKind, Event, Op, TurnOutcome};
use crate::safe_fs::LimitedReadError;
use crate::voice::{Recorder, VoiceError, to_wav, wav_duration};

use crate::config::Settings;

use super::devices::Devices;
use super::emitter::Emitter;
use super::inbox::Inbox;
use super::models::Models;

const MB: u64 = 1024 * 1024;

/// WAV files larger than this are refused (OpenAI takes 25 MB).
const MAX_WAV_BYTES: u64 = 25 * MB;

pub(super) async fn command_voice(
    settings: &Settings,
    models: &Models,
    devices: &Devices,
    inbox: &mut Inbox,
    emitter: &Emitter,
    args: &str,
) -> TurnOutcome {
    // The key first: nobody should speak for a minute to learn that none is set.
    let endpoint = match transcription_endpoint(settings, models) {
        Ok(endpoint) => endpoint,
        Err(message) => {
            return TurnOutcome::Error {
                kind: ErrorKind::Command,
                message,
            };
        }
    };
    let wav = if args.trim().is_empty() {
        match record(devices, inbox, emitter).await {
            Ok(Some(wav)) => wav,
            Ok(None) => {
                emitter.info("Recording dropped.").await;
                return TurnOutcome::Interrupted;
            }
            Err(message) => {
                return TurnOutcome::Error {
                    kind: ErrorKind::Command,
                    message,
                };
            }
        }
    } else {
        match read_wav(&settings.cwd, args.trim()) {
            Ok(wav) => wav,
            Err(message) => {
                return TurnOutcome::Error {
                    kind: ErrorKind::Command,
                    message,
                };
            }
        }
    };
    let model = settings.voice_model.clone();
    let language = settings.voice_language.clone();
    emitter.info(format!("Transcribing with {model} …")).await;
    match transcribe(&endpoint, &model, language.as_deref(), wav).await {
        Ok(text) if text.trim().is_empty() => TurnOutcome::Error {
            kind: ErrorKind::Command,
            message: "The transcription came back empty: nothing was heard.".to_string(),
        },
        Ok(text) => {
            emitter.emit(Event::ComposeMessage { text }).await;
            TurnOutcome::Success
        }
        Err(error) => TurnOutcome::Error {
            kind: ErrorKind::Command,
            message: format!("Transcription failed: {error}"),
        },
    }
}

/// Where transcriptions go: the OpenAI service, with `--api-base`/`--api-key` when
/// they are for OpenAI (the main model named at start is OpenAI's).
fn transcription_endpoint(
    settings: &Settings,
    models: &Models,
) -> Result<TranscriptionEndpoint, String> {
    let mut connection = Connection::default();
    if models.flags_provider() == Some("openai") {
        connection.api_base = settings.api_base.clone();
        connection.api_key = settings
            .api_key
            .as_ref()
            .map(|key| key.expose().to_string());
    }
    if let Some(key) = models.keys.get("OPENAI_API_KEY") {
        // Typed with `/key openai`: for exactly this service.
        connection.api_key = Some(key.expose().to_string());
    }
    if let Some(timeout) = settings.request_timeout {
        connection.request_timeout = timeout;
    }
    TranscriptionEndpoint::new(&connection, &|name: &str| settings.lookup_env(name)).map_err(
        |error| format!("Voice input needs an OpenAI-compatible transcription service: {error}"),
    )
}

/// A WAV file the user named, checked; one over the limit is refused from its
/// size, before it is read.
fn read_wav(cwd: &std::path::Path, typed: &str) -> Result<Vec<u8>, String> {
    let path = cwd.join(typed);
    let bytes =
        crate::safe_fs::read_regular_within(&path, MAX_WAV_BYTES).map_err(|error| match error {
            LimitedReadError::TooLarge { size, .. } => format!(
                "{typed} is {:.1} MB; transcription takes at most {} MB",
                size as f64 / MB as f64,
                MAX_WAV_BYTES / MB
            ),
            LimitedReadError::Io(error) => format!("cannot read {typed}: {error}"),
        })?;
    wav_duration(&bytes).map_err(|reason| format!("{typed} is not a WAV file: {reason}"))?;
    Ok(bytes)
}

/// Records until the front end says stop; `None` when the user dropped it.
async fn record(
    devices: &Devices,
    inbox: &mut Inbox,
    emitter: &Emitter,
) -> Result<Option<Vec<u8>>, String> {
    let recorder: Arc<dyn Recorder> = Arc::clone(&devices.recorder);
    let started = tokio::task::spawn_blocking(move || recorder.start())
        .await
        .map_err(|error| error.to_string())?;
    let recording = started.map_err(|error| match error {
        VoiceError::NoDevice(_) | VoiceError::NoProgram => {
            format!("{error}. /voice FILE.wav transcribes a recording instead.")
        }
        other => other.to_string(),
    })?;
    emitter.emit(Event::Recording { active: true }).await;
    let keep = loop {
        match inbox.receive_during_turn().await {
            Some(Op::StopRecording) => break true,
            Some(Op::Interrupt) | None => break false,
            Some(Op::SetAutoAccept { .. }) => {}
            Some(other) => inbox.hold(other),
        }
    };
    // The interrupt was for the recording, not for a reply.
    inbox.take_interrupt();
    let stopped = tokio::task::spawn_blocking(move || recording.stop())
        .await
        .map_err(|error| error.to_string());
    emitter.emit(Event::Recording { active: false }).await;
    if !keep {
        return Ok(None);
    }
    let audio = stopped?.map_err(|error| error.to_string())?;
    emitter
        .info(format!("Recorded {:.1} s.", audio.seconds()))
        .await;
    let wav = to_wav(&audio).map_err(|error| error.to_string())?;
    Ok(Some(wav))
}
