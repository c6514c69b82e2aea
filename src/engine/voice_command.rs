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

use super::spawn::Engine;

const MB: u64 = 1024 * 1024;

/// WAV files larger than this are refused (OpenAI takes 25 MB).
const MAX_WAV_BYTES: u64 = 25 * MB;

impl Engine {
    pub(super) async fn command_voice(&mut self, args: &str) -> TurnOutcome {
        // The key first: nobody should speak for a minute to learn that none is set.
        let endpoint = match self.transcription_endpoint() {
            Ok(endpoint) => endpoint,
            Err(message) => {
                return TurnOutcome::Error {
                    kind: ErrorKind::Command,
                    message,
                };
            }
        };
        let wav = if args.trim().is_empty() {
            match self.record().await {
                Ok(Some(wav)) => wav,
                Ok(None) => {
                    self.emitter.info("Recording dropped.").await;
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
            match self.read_wav(args.trim()) {
                Ok(wav) => wav,
                Err(message) => {
                    return TurnOutcome::Error {
                        kind: ErrorKind::Command,
                        message,
                    };
                }
            }
        };
        let settings = &self.session.settings;
        let model = settings.voice_model.clone();
        let language = settings.voice_language.clone();
        self.emitter
            .info(format!("Transcribing with {model} …"))
            .await;
        match transcribe(&endpoint, &model, language.as_deref(), wav).await {
            Ok(text) if text.trim().is_empty() => TurnOutcome::Error {
                kind: ErrorKind::Command,
                message: "The transcription came back empty: nothing was heard.".to_string(),
            },
            Ok(text) => {
                self.emitter.emit(Event::ComposeMessage { text }).await;
                TurnOutcome::Success
            }
            Err(error) => TurnOutcome::Error {
                kind: ErrorKind::Command,
                message: format!("Transcription failed: {error}"),
            },
        }
    }

    /// Where transcriptions go: the OpenAI service, with `--api-base`/`--api-key` when
    /// they are the main model's OpenAI settings.
    fn transcription_endpoint(&self) -> Result<TranscriptionEndpoint, String> {
        let settings = &self.session.settings;
        let main_is_openai = self
            .session
            .models
            .main
            .as_ref()
            .is_none_or(|model| model.settings.service == "openai");
        let mut connection = Connection::default();
        if main_is_openai {
            connection.api_base = settings.api_base.clone();
            connection.api_key = settings
                .api_key
                .as_ref()
                .map(|key| key.expose().to_string());
        }
        if let Some(key) = self.session.models.keys.get("OPENAI_API_KEY") {
            // Typed with `/key openai`: for exactly this service.
            connection.api_key = Some(key.expose().to_string());
        }
        if let Some(timeout) = settings.request_timeout {
            connection.request_timeout = timeout;
        }
        TranscriptionEndpoint::new(&connection, &|name: &str| settings.lookup_env(name)).map_err(
            |error| {
                format!("Voice input needs an OpenAI-compatible transcription service: {error}")
            },
        )
    }

    /// A WAV file the user named, checked; one over the limit is refused from its
    /// size, before it is read.
    fn read_wav(&self, typed: &str) -> Result<Vec<u8>, String> {
        let path = self.session.settings.cwd.join(typed);
        let bytes =
            crate::safe_fs::read_regular_within(&path, MAX_WAV_BYTES).map_err(
                |error| match error {
                    LimitedReadError::TooLarge { size, .. } => format!(
                        "{typed} is {:.1} MB; transcription takes at most {} MB",
                        size as f64 / MB as f64,
                        MAX_WAV_BYTES / MB
                    ),
                    LimitedReadError::Io(error) => format!("cannot read {typed}: {error}"),
                },
            )?;
        wav_duration(&bytes).map_err(|reason| format!("{typed} is not a WAV file: {reason}"))?;
        Ok(bytes)
    }

    /// Records until the front end says stop; `None` when the user dropped it.
    async fn record(&mut self) -> Result<Option<Vec<u8>>, String> {
        let recorder: Arc<dyn Recorder> = Arc::clone(&self.devices.recorder);
        let started = tokio::task::spawn_blocking(move || recorder.start())
            .await
            .map_err(|error| error.to_string())?;
        let recording = started.map_err(|error| match error {
            VoiceError::NoDevice(_) | VoiceError::NoProgram => {
                format!("{error}. /voice FILE.wav transcribes a recording instead.")
            }
            other => other.to_string(),
        })?;
        self.emitter.emit(Event::Recording { active: true }).await;
        let keep = loop {
            match self.inbox.receive_during_turn().await {
                Some(Op::StopRecording) => break true,
                Some(Op::Interrupt) | None => break false,
                Some(Op::SetAutoAccept { .. }) => {}
                Some(other) => self.inbox.hold(other),
            }
        };
        // The interrupt was for the recording, not for a reply.
        self.inbox.take_interrupt();
        let stopped = tokio::task::spawn_blocking(move || recording.stop())
            .await
            .map_err(|error| error.to_string());
        self.emitter.emit(Event::Recording { active: false }).await;
        if !keep {
            return Ok(None);
        }
        let audio = stopped?.map_err(|error| error.to_string())?;
        self.emitter
            .info(format!("Recorded {:.1} s.", audio.seconds()))
            .await;
        let wav = to_wav(&audio).map_err(|error| error.to_string())?;
        Ok(Some(wav))
    }
}
