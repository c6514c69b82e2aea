//! The ways in besides typing, through the real engine on temporary git repositories:
//! images in the exact request bodies of both providers, `/web` against a loopback
//! page server, `/voice` against the mock's transcription endpoint (multipart checked),
//! `/save` and `/load`, the clipboard commands on a folder clipboard, context mode,
//! the reasoning controls and `/models`.

use crate::support::engine as engine_support;
use crate::support::mock_llm;

use std::sync::Arc;
use std::time::Duration;

use aider_tui::clipboard::{Clipboard, ClipboardError, ClipboardImage, FolderClipboard};
use aider_tui::engine::Devices;
use aider_tui::oneshot::{self, Options};
use aider_tui::protocol::{ChatMode, Event, Op, QuestionKind, SessionStatus, TurnOutcome};
use aider_tui::voice::{Audio, NoMicrophone, ProgramRecorder, Recorder, Recording, VoiceError};
use base64::Engine as _;
use engine_support::{COMMIT_REQUEST_MARK, Driver, TestRepo, TurnRun, block, settings};
use mock_llm::{MockLlm, Reply};
use serde_json::Value;

const APP: &str = "def greet():\n    return \"hi\"\n";

fn notices(events: &[Event]) -> String {
    events
        .iter()
        .filter_map(|event| match event {
            Event::Notice { text, .. } => Some(text.clone()),
            Event::TurnFinished {
                outcome: TurnOutcome::Error { message, .. },
            } => Some(message.clone()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn last_status(events: &[Event]) -> SessionStatus {
    events
        .iter()
        .rev()
        .find_map(|event| match event {
            Event::Status(status) => Some(status.clone()),
            _ => None,
        })
        .expect("a status")
}

fn composed(run: &TurnRun) -> Option<String> {
    run.events.iter().find_map(|event| match event {
        Event::ComposeMessage { text } => Some(text.clone()),
        _ => None,
    })
}

/// The request bodies that carry `needle`.
fn bodies_with(mock: &MockLlm, needle: &str) -> Vec<Value> {
    mock.requests()
        .into_iter()
        .map(|request| request.body)
        .filter(|body| body.to_string().contains(needle))
        .collect()
}

/// A real PNG of `width`×`height` grey pixels.
fn png(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().unwrap();
        writer
            .write_image_data(&vec![128u8; (width * height * 4) as usize])
            .unwrap();
    }
    out
}

fn base64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

// ---------------------------------------------------------------- images

#[tokio::test]
async fn an_added_image_reaches_openai_as_a_data_url_part_and_counts_in_tokens() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let image = png(100, 100);
    std::fs::write(repo.root().join("shot.png"), &image).unwrap();
    let mock = MockLlm::start().await;
    mock.fallback(Reply::text(["A grey square."]));
    let mut driver = Driver::start(settings(&repo.root(), &mock.openai_base(), &[])).await;
    let added = driver.turn("/add shot.png").await;
    assert!(
        notices(&added.events).contains("Added shot.png"),
        "{}",
        notices(&added.events)
    );
    assert_eq!(last_status(&added.events).chat_files, ["shot.png"]);
    let tokens = driver.turn("/tokens").await;
    // OpenAI: one 512-pixel tile, 85 + 170.
    assert!(
        notices(&tokens.events).contains("     255    shot.png (image)"),
        "{}",
        notices(&tokens.events)
    );
    driver.turn("/ask What is in the picture?").await;
    driver.quit().await;

    let body = bodies_with(&mock, "What is in the picture?").pop().unwrap();
    let url = format!("data:image/png;base64,{}", base64(&image));
    let parts: Vec<&Value> = body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|message| message["content"].as_array())
        .flatten()
        .collect();
    let image_parts: Vec<&&Value> = parts
        .iter()
        .filter(|part| part["type"] == "image_url")
        .collect();
    assert_eq!(image_parts.len(), 1, "{body:#}");
    assert_eq!(image_parts[0]["image_url"]["url"], url.as_str());
    // The image is no text file: no empty listing of it.
    assert!(!body.to_string().contains("shot.png\\n```\\n```"), "{body}");
}

#[tokio::test]
async fn an_image_on_the_command_line_reaches_anthropic_as_a_base64_block() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let image = png(64, 32);
    std::fs::write(repo.root().join("diagram.png"), &image).unwrap();
    let mock = MockLlm::start().await;
    mock.fallback(Reply::text(["A wide grey box."]));
    let mut settings = settings(&repo.root(), &mock.anthropic_base(), &["diagram.png"]);
    settings.model = Some("anthropic/claude-sonnet-4-5".into());
    settings.weak_model = Some("anthropic/claude-haiku-4-5".into());
    let mut driver = Driver::start(settings).await;
    assert_eq!(last_status(&driver.startup).chat_files, ["diagram.png"]);
    driver.turn("/ask Describe the diagram").await;
    driver.quit().await;

    let body = bodies_with(&mock, "Describe the diagram").pop().unwrap();
    let blocks: Vec<&Value> = body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|message| message["content"].as_array())
        .flatten()
        .filter(|block| block["type"] == "image")
        .collect();
    assert_eq!(blocks.len(), 1, "{body:#}");
    assert_eq!(blocks[0]["source"]["type"], "base64");
    assert_eq!(blocks[0]["source"]["media_type"], "image/png");
    assert_eq!(blocks[0]["source"]["data"], base64(&image).as_str());
}

/// A real 8×8 PNG at `path`, made `size` bytes long with zeros after it: sparse, so
/// it takes no disk, and the header still reads as a picture.
fn sparse_png(path: &std::path::Path, size: u64) {
    std::fs::write(path, png(8, 8)).unwrap();
    let file = std::fs::OpenOptions::new().write(true).open(path).unwrap();
    file.set_len(size).unwrap();
}

#[tokio::test]
async fn an_image_over_the_limit_is_refused_by_add_paste_sending_and_resume() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    std::fs::write(repo.root().join("shot.png"), png(8, 8)).unwrap();
    sparse_png(&repo.root().join("huge.png"), 200 << 20);
    let board = tempfile::tempdir().unwrap();
    sparse_png(&board.path().join("clipboard.png"), 21 << 20);
    let mock = MockLlm::start().await;
    mock.fallback(Reply::text(["A picture."]));
    let clipboard = Arc::new(FolderClipboard::new(board.path()));
    let mut driver = Driver::start_with(
        settings(&repo.root(), &mock.openai_base(), &[]),
        devices(clipboard, Arc::new(NoMicrophone)),
    )
    .await;
    for command in ["/add huge.png", "/read-only huge.png"] {
        let refused = driver.turn(command).await;
        let said = notices(&refused.events);
        assert!(
            said.contains("huge.png: 200.0 MB, more than the 20 MB an image may be"),
            "{command}: {said}"
        );
        let status = last_status(&refused.events);
        assert!(status.chat_files.is_empty() && status.read_only_files.is_empty());
    }

    let pasted = driver.turn("/paste sketch").await;
    let said = notices(&pasted.events);
    assert!(
        said.contains("not pasted: 21.0 MB, more than the 20 MB"),
        "{said}"
    );
    assert!(!repo.root().join(".aider-tui/clipboard/sketch.png").exists());

    // An image that grows after it was added is not sent.
    driver.turn("/add shot.png").await;
    let grown = std::fs::OpenOptions::new()
        .write(true)
        .open(repo.root().join("shot.png"))
        .unwrap();
    grown.set_len(30 << 20).unwrap();
    let asked = driver.turn("/ask What is in the picture?").await;
    let said = notices(&asked.events);
    assert!(
        said.contains("shot.png is not sent: 30.0 MB, more than the 20 MB"),
        "{said}"
    );
    let body = bodies_with(&mock, "What is in the picture?").pop().unwrap();
    assert!(!body.to_string().contains("image_url"), "{body}");
    driver.quit().await;

    // The session kept shot.png; resumed, it is refused with the reason.
    let mut resumed = settings(&repo.root(), &mock.openai_base(), &[]);
    resumed.resume = aider_tui::config::Resume::Latest;
    let driver = Driver::start(resumed).await;
    let said = notices(&driver.startup);
    assert!(
        said.contains("shot.png: 30.0 MB, more than the 20 MB an image may be"),
        "{said}"
    );
    assert!(last_status(&driver.startup).chat_files.is_empty());
    driver.quit().await;
}

#[tokio::test]
async fn a_model_without_image_input_refuses_the_image_and_sends_none() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    std::fs::write(repo.root().join("shot.png"), png(8, 8)).unwrap();
    std::fs::write(repo.root().join("fake.png"), "not really a picture").unwrap();
    let mock = MockLlm::start().await;
    mock.fallback(Reply::text(["ok"]));
    let mut text_only = settings(&repo.root(), &mock.openai_base(), &[]);
    text_only.model = Some("openai/o3-mini".into());
    let mut driver = Driver::start(text_only).await;
    let refused = driver.turn("/add shot.png").await;
    let said = notices(&refused.events);
    assert!(said.contains("does not take images"), "{said}");
    assert!(last_status(&refused.events).chat_files.is_empty());
    let refused = driver.turn("/read-only shot.png").await;
    assert!(notices(&refused.events).contains("does not take images"));
    driver.quit().await;

    let mut vision = settings(&repo.root(), &mock.openai_base(), &[]);
    vision.model = Some("openai/gpt-4o".into());
    let mut driver = Driver::start(vision).await;
    let refused = driver.turn("/add fake.png").await;
    let said = notices(&refused.events);
    assert!(
        said.contains("fake.png") && said.contains("not an image"),
        "{said}"
    );
    driver.quit().await;
}

// ---------------------------------------------------------------- the web

/// A page whose text sits `depth` elements deep.
fn nested(open: &str, close: &str, depth: usize) -> String {
    format!(
        "<html><body>{}the bottom{}</body></html>",
        open.repeat(depth),
        close.repeat(depth)
    )
}

async fn page_server() -> String {
    use axum::response::{Html, Redirect};
    use axum::routing::get;
    let app = axum::Router::new()
        .route(
            "/docs",
            get(|| async {
                Html(
                    "<html><head><title>Widgets</title><script>stealCookies()</script></head>\
                     <body><nav>Home</nav><h1>Widget API</h1><p>Call <code>widget.spin()</code> \
                     to make it turn.</p><ul><li>fast</li><li>quiet</li></ul></body></html>",
                )
            }),
        )
        .route("/moved", get(|| async { Redirect::temporary("/docs") }))
        .route("/loop", get(|| async { Redirect::temporary("/loop") }))
        .route(
            "/blob",
            get(|| async {
                (
                    [("content-type", "application/octet-stream")],
                    vec![0u8; 16],
                )
            }),
        )
        .route(
            "/big",
            get(|| async { ([("content-type", "text/plain")], "word ".repeat(1_000_000)) }),
        )
        .route(
            "/deep-divs",
            get(|| async { Html(nested("<div>", "</div>", 20_000)) }),
        )
        .route(
            "/deep-quotes",
            get(|| async { Html(nested("<blockquote>", "</blockquote>", 3_000)) }),
        )
        .route(
            "/deep-lists",
            get(|| async { Html(nested("<ul><li>", "</li></ul>", 3_000)) }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    format!("http://{address}")
}

#[tokio::test]
async fn a_fetched_page_goes_to_the_model_as_markdown_with_the_next_message() {
    let site = page_server().await;
    let repo = TestRepo::new(&[("app.py", APP)]);
    let mock = MockLlm::start().await;
    mock.fallback(Reply::text(["Call spin."]));
    let mut driver = Driver::start(settings(&repo.root(), &mock.openai_base(), &[])).await;
    let fetched = driver.turn(&format!("/web {site}/moved")).await;
    assert_eq!(fetched.outcome, TurnOutcome::Success);
    let said = notices(&fetched.events);
    assert!(
        said.contains(&format!("Fetched {site}/docs (text/html")),
        "{said}"
    );
    driver.turn("/ask How do I make the widget turn?").await;
    let body = bodies_with(&mock, "How do I make the widget turn?")
        .pop()
        .unwrap();
    let sent = body.to_string();
    assert!(sent.contains("# Widget API"), "{sent}");
    assert!(sent.contains("`widget.spin()`"), "{sent}");
    assert!(sent.contains(&format!("<{site}/docs>")), "{sent}");
    assert!(!sent.contains("stealCookies"), "{sent}");

    for (path, expected) in [
        ("/loop", "redirects"),
        ("/blob", "not a text page"),
        ("/missing", "HTTP 404"),
    ] {
        let refused = driver.turn(&format!("/web {site}{path}")).await;
        let said = notices(&refused.events);
        assert!(said.contains(expected), "{path}: {said}");
    }
    let refused = driver.turn("/web file:///etc/passwd").await;
    assert!(notices(&refused.events).contains("only http and https"));
    let big = driver.turn(&format!("/web {site}/big")).await;
    assert!(
        notices(&big.events).contains("cut off"),
        "{}",
        notices(&big.events)
    );
    driver.quit().await;
}

#[tokio::test]
async fn pages_nested_thousands_deep_are_fetched_with_their_text_and_a_note() {
    let site = page_server().await;
    let repo = TestRepo::new(&[("app.py", APP)]);
    let mock = MockLlm::start().await;
    mock.fallback(Reply::text(["Deep."]));
    let mut driver = Driver::start(settings(&repo.root(), &mock.openai_base(), &[])).await;
    for path in ["/deep-divs", "/deep-quotes", "/deep-lists"] {
        let fetched = driver.turn(&format!("/web {site}{path}")).await;
        assert_eq!(fetched.outcome, TurnOutcome::Success, "{path}");
        let question = format!("What is at the bottom of {path}?");
        driver.turn(&format!("/ask {question}")).await;
        let sent = bodies_with(&mock, &question).pop().unwrap().to_string();
        assert!(sent.contains("the bottom"), "{path}: {sent:.400}");
        assert!(sent.contains("levels deep"), "{path}: {sent:.400}");
    }
    driver.quit().await;
}

#[tokio::test]
async fn web_with_text_sends_both_at_once_headless_and_urls_in_messages_are_offered() {
    let site = page_server().await;
    let repo = TestRepo::new(&[("app.py", APP)]);
    let mock = MockLlm::start().await;
    mock.fallback(Reply::text(["Use spin."]));
    let (ops, events) = aider_tui::engine::spawn(settings(&repo.root(), &mock.openai_base(), &[]));
    let mut out = Vec::new();
    let mut err = Vec::new();
    let done = oneshot::drive(
        ops,
        events,
        format!("/web {site}/docs What does spin do?"),
        Options {
            yes: true,
            ..Options::default()
        },
        &mut out,
        &mut err,
    )
    .await;
    assert!(done, "{}", String::from_utf8_lossy(&err));
    let body = bodies_with(&mock, "What does spin do?").pop().unwrap();
    assert!(body.to_string().contains("# Widget API"));

    // A typed address is offered (--detect-urls is on by default) and fetched on a yes.
    let mut driver = Driver::start(settings(&repo.root(), &mock.openai_base(), &[])).await;
    let run = driver
        .turn(&format!("/ask Summarize {site}/docs please."))
        .await;
    assert!(
        run.questions().contains(&QuestionKind::AddWebPage {
            url: format!("{site}/docs")
        }),
        "{:?}",
        run.questions()
    );
    let body = bodies_with(&mock, "Summarize").pop().unwrap();
    assert!(body.to_string().contains("# Widget API"));
    driver.quit().await;

    let mut quiet = settings(&repo.root(), &mock.openai_base(), &[]);
    quiet.detect_urls = false;
    let mut driver = Driver::start(quiet).await;
    let run = driver.turn(&format!("/ask Look at {site}/docs")).await;
    assert!(run.questions().is_empty(), "{:?}", run.questions());
    driver.quit().await;
}

// ---------------------------------------------------------------- voice

/// Half a second of a quiet tone, as a 16 kHz WAV.
fn wav() -> Vec<u8> {
    let audio = Audio {
        samples: (0..8_000)
            .map(|index| (index as f32 / 10.0).sin() * 0.1)
            .collect(),
        channels: 1,
        sample_rate: 16_000,
    };
    aider_tui::voice::to_wav(&audio).unwrap()
}

#[tokio::test]
async fn a_wav_file_is_transcribed_into_the_message_box() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let recording = wav();
    std::fs::write(repo.root().join("speech.wav"), &recording).unwrap();
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["Make the greeting louder."]));
    let mut settings = settings(&repo.root(), &mock.openai_base(), &[]);
    settings.voice_language = Some("en".into());
    let mut driver = Driver::start(settings).await;
    let run = driver.turn("/voice speech.wav").await;
    assert_eq!(
        run.outcome,
        TurnOutcome::Success,
        "{}",
        notices(&run.events)
    );
    assert_eq!(composed(&run).as_deref(), Some("Make the greeting louder."));
    let sent = mock.requests_to("/v1/audio/transcriptions");
    assert_eq!(sent.len(), 1);
    let form = &sent[0];
    let file = form.part("file").unwrap();
    assert_eq!(file.data, recording);
    assert_eq!(file.file_name.as_deref(), Some("audio.wav"));
    assert_eq!(file.content_type.as_deref(), Some("audio/wav"));
    assert_eq!(form.part("model").unwrap().data, b"whisper-1");
    assert_eq!(form.part("language").unwrap().data, b"en");
    let refused = driver.turn("/voice app.py").await;
    assert!(notices(&refused.events).contains("not a WAV file"));
    driver.quit().await;
}

#[tokio::test]
async fn headless_voice_sends_the_transcription_as_the_message() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    std::fs::write(repo.root().join("speech.wav"), wav()).unwrap();
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["What does greet return?"]));
    mock.push(Reply::text(["It returns hi."]));
    let (ops, events) = aider_tui::engine::spawn(settings(&repo.root(), &mock.openai_base(), &[]));
    let mut out = Vec::new();
    let mut err = Vec::new();
    let done = oneshot::drive(
        ops,
        events,
        "/voice speech.wav".into(),
        Options::default(),
        &mut out,
        &mut err,
    )
    .await;
    assert!(done, "{}", String::from_utf8_lossy(&err));
    assert!(String::from_utf8_lossy(&out).contains("It returns hi."));
    assert_eq!(bodies_with(&mock, "What does greet return?").len(), 1);
}

/// A microphone that "hears" one second of a stereo 48 kHz tone.
struct ToneRecorder;
struct ToneRecording;

impl Recorder for ToneRecorder {
    fn start(&self) -> Result<Box<dyn Recording>, VoiceError> {
        Ok(Box::new(ToneRecording))
    }
}

impl Recording for ToneRecording {
    fn stop(self: Box<Self>) -> Result<Audio, VoiceError> {
        Ok(Audio {
            samples: (0..96_000)
                .map(|index| ((index / 2) as f32 / 20.0).sin() * 0.3)
                .collect(),
            channels: 2,
            sample_rate: 48_000,
        })
    }
}

fn devices(clipboard: Arc<dyn Clipboard>, recorder: Arc<dyn Recorder>) -> Devices {
    Devices {
        clipboard,
        recorder,
    }
}

#[tokio::test]
async fn recording_runs_until_stopped_and_is_sent_as_16k_mono_wav() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["Rename greet to hello."]));
    let clipboard = Arc::new(FolderClipboard::new(repo.root()));
    let mut driver = Driver::start_with(
        settings(&repo.root(), &mock.openai_base(), &[]),
        devices(clipboard, Arc::new(ToneRecorder)),
    )
    .await;
    driver
        .ops
        .send(Op::Submit {
            text: "/voice".into(),
        })
        .await
        .unwrap();
    let mut text = None;
    loop {
        let event = tokio::time::timeout(Duration::from_secs(20), driver.events.recv())
            .await
            .unwrap()
            .unwrap();
        match event {
            Event::Recording { active: true } => {
                driver.ops.send(Op::StopRecording).await.unwrap();
            }
            Event::ComposeMessage { text: said } => text = Some(said),
            Event::TurnFinished { outcome } => {
                assert_eq!(outcome, TurnOutcome::Success);
                break;
            }
            _ => {}
        }
    }
    assert_eq!(text.as_deref(), Some("Rename greet to hello."));
    let form = mock.requests_to("/v1/audio/transcriptions").pop().unwrap();
    let sent = &form.part("file").unwrap().data;
    let reader = hound::WavReader::new(std::io::Cursor::new(sent)).unwrap();
    let spec = reader.spec();
    assert_eq!((spec.channels, spec.sample_rate), (1, 16_000));
    assert_eq!(reader.duration(), 16_000, "one second");
    driver.quit().await;
}

#[tokio::test]
async fn no_microphone_or_no_key_is_said_and_the_session_goes_on() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let mock = MockLlm::start().await;
    mock.fallback(Reply::text(["fine"]));
    let clipboard = Arc::new(FolderClipboard::new(repo.root()));
    let mut driver = Driver::start_with(
        settings(&repo.root(), &mock.openai_base(), &[]),
        devices(clipboard, Arc::new(NoMicrophone)),
    )
    .await;
    let run = driver.turn("/voice").await;
    let said = notices(&run.events);
    assert!(
        said.contains("no microphone") && said.contains("/voice FILE.wav"),
        "{said}"
    );
    let next = driver.turn("/ask still here?").await;
    assert_eq!(next.outcome, TurnOutcome::Success);
    driver.quit().await;

    let mut keyless = settings(&repo.root(), &mock.openai_base(), &[]);
    keyless.model = None;
    keyless.api_key = None;
    keyless.api_base = None;
    let mut driver = Driver::start(keyless).await;
    let run = driver.turn("/voice").await;
    let said = notices(&run.events);
    assert!(said.contains("OPENAI_API_KEY"), "{said}");
    driver.quit().await;
}

/// A stand-in for `arecord` in `bin`: it notes its arguments, writes `wav` where it
/// was told, says it is ready, and records on until SIGINT, which it notes.
fn fake_arecord(bin: &std::path::Path, wav: &[u8]) {
    use std::os::unix::fs::PermissionsExt;
    let tone = bin.join("tone.wav");
    std::fs::write(&tone, wav).unwrap();
    let folder = bin.display();
    let script = format!(
        "#!/bin/sh\n\
         trap 'echo stopped > \"{folder}/stopped\"; exit 0' INT\n\
         for last; do :; done\n\
         echo \"$@\" > \"{folder}/arguments\"\n\
         cp \"{folder}/tone.wav\" \"$last\"\n\
         echo ready > \"{folder}/ready\"\n\
         while :; do sleep 0.02; done\n"
    );
    let program = bin.join("arecord");
    std::fs::write(&program, script).unwrap();
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// Waits (bounded) until `path` exists.
async fn until_exists(path: &std::path::Path) {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while !path.exists() {
        assert!(
            std::time::Instant::now() < deadline,
            "{} never came",
            path.display()
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn a_recording_program_on_path_records_until_sigint_and_its_wav_is_sent() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let bin = tempfile::tempdir().unwrap();
    // One second of a stereo 48 kHz tone: the engine makes it 16 kHz mono as before.
    let mut recorded = Vec::new();
    {
        let spec = hound::WavSpec {
            channels: 2,
            sample_rate: 48_000,
            bits_per_sample: 16,
            sample_format: hound::SampleFormat::Int,
        };
        let mut writer = hound::WavWriter::new(std::io::Cursor::new(&mut recorded), spec).unwrap();
        for index in 0..96_000 {
            let value = ((index / 2) as f32 / 20.0).sin() * 0.3;
            writer.write_sample((value * 32767.0) as i16).unwrap();
        }
        writer.finalize().unwrap();
    }
    fake_arecord(bin.path(), &recorded);
    // The fake comes first; the folders after it are searched only if it were not there.
    let search = std::env::join_paths([bin.path(), std::path::Path::new("/usr/bin")]).unwrap();
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["Rename greet to hello."]));
    let clipboard = Arc::new(FolderClipboard::new(repo.root()));
    let mut driver = Driver::start_with(
        settings(&repo.root(), &mock.openai_base(), &[]),
        devices(
            clipboard,
            Arc::new(ProgramRecorder::with_search_path(search)),
        ),
    )
    .await;
    driver
        .ops
        .send(Op::Submit {
            text: "/voice".into(),
        })
        .await
        .unwrap();
    let mut text = None;
    loop {
        let event = tokio::time::timeout(Duration::from_secs(20), driver.events.recv())
            .await
            .unwrap()
            .unwrap();
        match event {
            Event::Recording { active: true } => {
                until_exists(&bin.path().join("ready")).await;
                driver.ops.send(Op::StopRecording).await.unwrap();
            }
            Event::ComposeMessage { text: said } => text = Some(said),
            Event::TurnFinished { outcome } => {
                assert_eq!(outcome, TurnOutcome::Success);
                break;
            }
            _ => {}
        }
    }
    assert_eq!(text.as_deref(), Some("Rename greet to hello."));
    assert!(bin.path().join("stopped").exists(), "stopped by SIGINT");
    let arguments = std::fs::read_to_string(bin.path().join("arguments")).unwrap();
    assert!(
        arguments.contains("-r 16000")
            && arguments.contains("-c 1")
            && arguments.contains("-t wav"),
        "{arguments}"
    );
    let form = mock.requests_to("/v1/audio/transcriptions").pop().unwrap();
    let sent = &form.part("file").unwrap().data;
    let reader = hound::WavReader::new(std::io::Cursor::new(sent)).unwrap();
    let spec = reader.spec();
    assert_eq!((spec.channels, spec.sample_rate), (1, 16_000));
    assert_eq!(reader.duration(), 16_000, "one second");
    driver.quit().await;
}

#[tokio::test]
async fn with_no_recording_program_on_path_the_three_are_named() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let mock = MockLlm::start().await;
    mock.fallback(Reply::text(["fine"]));
    let clipboard = Arc::new(FolderClipboard::new(repo.root()));
    let mut driver = Driver::start_with(
        settings(&repo.root(), &mock.openai_base(), &[]),
        devices(clipboard, Arc::new(ProgramRecorder::with_search_path(""))),
    )
    .await;
    let run = driver.turn("/voice").await;
    let said = notices(&run.events);
    for named in ["arecord", "rec (sox)", "ffmpeg", "PATH", "/voice FILE.wav"] {
        assert!(said.contains(named), "{named}: {said}");
    }
    assert_eq!(
        driver.turn("/ask still here?").await.outcome,
        TurnOutcome::Success
    );
    driver.quit().await;
}

/// The most this process has held in memory so far, in bytes.
fn peak_memory() -> u64 {
    // SAFETY: getrusage fills the struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    assert_eq!(unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) }, 0);
    // Linux reports kilobytes.
    usage.ru_maxrss as u64 * 1024
}

#[tokio::test]
async fn a_wav_over_the_limit_is_refused_from_its_size_unread() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    // A sparse gigabyte: no disk is used, but reading it would take a gigabyte.
    let big = std::fs::File::create(repo.root().join("long.wav")).unwrap();
    big.set_len(1 << 30).unwrap();
    let mock = MockLlm::start().await;
    let mut driver = Driver::start(settings(&repo.root(), &mock.openai_base(), &[])).await;
    let before = peak_memory();
    let refused = driver.turn("/voice long.wav").await;
    let grown = peak_memory().saturating_sub(before);
    let said = notices(&refused.events);
    assert!(
        said.contains("long.wav is 1024.0 MB") && said.contains("at most 25 MB"),
        "{said}"
    );
    assert!(
        grown < 256 << 20,
        "the refusal took {grown} bytes of memory"
    );
    assert!(mock.requests_to("/v1/audio/transcriptions").is_empty());
    driver.quit().await;
}

// ---------------------------------------------------------------- saved file lists

#[tokio::test]
async fn save_then_load_brings_back_the_same_files() {
    let repo = TestRepo::new(&[
        ("app.py", APP),
        ("lib/util.py", "X = 1\n"),
        ("README.md", "# r\n"),
    ]);
    let mock = MockLlm::start().await;
    let mut first = settings(
        &repo.root(),
        &mock.openai_base(),
        &["app.py", "lib/util.py"],
    );
    first.read = vec!["README.md".into()];
    let mut driver = Driver::start(first).await;
    let saved = driver.turn("/save chat.txt").await;
    assert!(notices(&saved.events).contains("Saved 3 files to chat.txt"));
    driver.quit().await;
    assert_eq!(
        std::fs::read_to_string(repo.root().join("chat.txt")).unwrap(),
        "/add app.py\n/add lib/util.py\n/read-only README.md\n"
    );

    let mut driver = Driver::start(settings(&repo.root(), &mock.openai_base(), &[])).await;
    let loaded = driver.turn("/load chat.txt").await;
    let status = last_status(&loaded.events);
    assert_eq!(status.chat_files, ["app.py", "lib/util.py"]);
    assert_eq!(status.read_only_files, ["README.md"]);
    driver.quit().await;

    // Comments and blank lines are skipped; other lines are reported, the rest still run.
    repo.write(
        "mixed.txt",
        "# my usual files\n\n/add app.py\nadd lib/util.py\n/load mixed.txt\n/read-only README.md\n",
    );
    let mut driver = Driver::start(settings(&repo.root(), &mock.openai_base(), &[])).await;
    let loaded = driver.turn("/load mixed.txt").await;
    let said = notices(&loaded.events);
    assert!(said.contains("mixed.txt:4: not a slash command"), "{said}");
    assert!(
        said.contains("mixed.txt:5: /load inside a loaded file"),
        "{said}"
    );
    let status = last_status(&loaded.events);
    assert_eq!(status.chat_files, ["app.py"]);
    assert_eq!(status.read_only_files, ["README.md"]);
    driver.quit().await;

    // --load runs at start, before any message.
    let mut at_start = settings(&repo.root(), &mock.openai_base(), &[]);
    at_start.load = Some("chat.txt".into());
    let driver = Driver::start(at_start).await;
    let status = last_status(&driver.startup);
    assert_eq!(status.chat_files, ["app.py", "lib/util.py"]);
    driver.quit().await;
}

// ---------------------------------------------------------------- the clipboard

#[tokio::test]
async fn copy_copy_context_and_paste_use_the_clipboard() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let board = tempfile::tempdir().unwrap();
    let clipboard = Arc::new(FolderClipboard::new(board.path()));
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["greet returns hi."]));
    mock.fallback(Reply::text(["A picture."]));
    let mut driver = Driver::start_with(
        settings(&repo.root(), &mock.openai_base(), &["app.py"]),
        devices(clipboard.clone(), Arc::new(NoMicrophone)),
    )
    .await;
    let nothing = driver.turn("/copy").await;
    assert!(notices(&nothing.events).contains("no reply to copy"));
    driver.turn("/ask What does greet return?").await;
    let copied = driver.turn("/copy").await;
    assert!(notices(&copied.events).contains("Copied the last reply"));
    assert_eq!(clipboard.text().unwrap(), "greet returns hi.");

    driver.turn("/copy-context").await;
    let context = clipboard.text().unwrap();
    assert!(context.contains("## The files to work on"), "{context}");
    assert!(context.contains("app.py\n```\ndef greet():"), "{context}");
    assert!(context.trim_end().ends_with("## My request"), "{context}");

    std::fs::write(board.path().join("clipboard.txt"), "Make it loud").unwrap();
    let pasted = driver.turn("/paste").await;
    assert_eq!(composed(&pasted).as_deref(), Some("Make it loud"));

    let image = png(20, 10);
    std::fs::write(board.path().join("clipboard.png"), &image).unwrap();
    let pasted = driver.turn("/paste sketch").await;
    let status = last_status(&pasted.events);
    assert_eq!(status.read_only_files, [".aider-tui/clipboard/sketch.png"]);
    assert_eq!(
        std::fs::read(repo.root().join(".aider-tui/clipboard/sketch.png")).unwrap(),
        image
    );
    driver.turn("/ask what is in the sketch?").await;
    let body = bodies_with(&mock, "what is in the sketch?").pop().unwrap();
    assert!(body.to_string().contains(&base64(&image)));
    driver.quit().await;
}

/// A clipboard with no display behind it.
struct NoDisplay;

impl Clipboard for NoDisplay {
    fn set_text(&self, _: &str) -> Result<(), ClipboardError> {
        Err(ClipboardError::Unavailable("no display".into()))
    }
    fn text(&self) -> Result<String, ClipboardError> {
        Err(ClipboardError::Unavailable("no display".into()))
    }
    fn image(&self) -> Result<ClipboardImage, ClipboardError> {
        Err(ClipboardError::Unavailable("no display".into()))
    }
}

#[tokio::test]
async fn without_a_clipboard_the_copy_goes_to_the_terminal_and_paste_says_why_not() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["the answer"]));
    let mut driver = Driver::start_with(
        settings(&repo.root(), &mock.openai_base(), &[]),
        devices(Arc::new(NoDisplay), Arc::new(NoMicrophone)),
    )
    .await;
    driver.turn("/ask question?").await;
    let copied = driver.turn("/copy").await;
    let through: Vec<(String, String)> = copied
        .events
        .iter()
        .filter_map(|event| match event {
            Event::CopyThroughTerminal { text, reason } => Some((text.clone(), reason.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(through.len(), 1);
    assert_eq!(through[0].0, "the answer");
    assert!(through[0].1.contains("no display"));
    let pasted = driver.turn("/paste").await;
    assert!(notices(&pasted.events).contains("Nothing was pasted: no clipboard is available"));
    driver.quit().await;
}

// ---------------------------------------------------------------- context mode

#[tokio::test]
async fn context_mode_names_files_offers_them_and_returns_to_code_mode() {
    let repo = TestRepo::new(&[
        ("app.py", APP),
        ("util.py", "X = 1\n"),
        ("other.py", "Y = 2\n"),
    ]);
    let mock = MockLlm::start().await;
    mock.push(Reply::text([
        "To change the greeting:\napp.py - greet lives here\nutil.py - shared constants\n",
    ]));
    let mut settings = settings(&repo.root(), &mock.openai_base(), &[]);
    settings.chat_mode = "context".into();
    let mut driver = Driver::start(settings).await;
    assert_eq!(last_status(&driver.startup).mode, ChatMode::Context);
    let run = driver.turn("Make greet say hello").await;
    assert_eq!(
        run.outcome,
        TurnOutcome::Success,
        "{}",
        notices(&run.events)
    );
    let questions: Vec<String> = run
        .events
        .iter()
        .filter_map(|event| match event {
            Event::Question {
                kind: QuestionKind::Confirm,
                text,
                ..
            } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(questions.len(), 1, "one confirmation");
    assert!(questions[0].contains("app.py") && questions[0].contains("util.py"));
    assert!(!questions[0].contains("other.py"));
    let status = last_status(&run.events);
    assert_eq!(status.mode, ChatMode::Code);
    assert_eq!(status.chat_files, ["app.py", "util.py"]);
    assert_eq!(composed(&run).as_deref(), Some("Make greet say hello"));
    let body = bodies_with(&mock, "Make greet say hello").pop().unwrap();
    assert!(body.to_string().contains("decide which files it touches"));
    driver.quit().await;
}

#[tokio::test]
async fn headless_context_mode_with_yes_sends_the_request_again_in_code_mode() {
    let repo = TestRepo::new(&[("app.py", APP), ("util.py", "X = 1\n")]);
    let mock = MockLlm::start().await;
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: say hello"]));
    mock.push(Reply::text(["app.py holds greet."]));
    mock.push(Reply::text([block(
        "app.py",
        "    return \"hi\"\n",
        "    return \"hello\"\n",
    )]));
    let mut settings = settings(&repo.root(), &mock.openai_base(), &[]);
    settings.chat_mode = "context".into();
    let (ops, events) = aider_tui::engine::spawn(settings);
    let mut out = Vec::new();
    let mut err = Vec::new();
    let done = oneshot::drive(
        ops,
        events,
        "Make greet say hello".into(),
        Options {
            yes: true,
            ..Options::default()
        },
        &mut out,
        &mut err,
    )
    .await;
    assert!(
        done,
        "{}\n{}",
        String::from_utf8_lossy(&out),
        String::from_utf8_lossy(&err)
    );
    assert_eq!(repo.read("app.py"), "def greet():\n    return \"hello\"\n");
    assert_eq!(repo.log()[0].lines().next(), Some("feat: say hello"));
    let requests: Vec<Value> = bodies_with(&mock, "Make greet say hello")
        .into_iter()
        .filter(|body| !body.to_string().contains(COMMIT_REQUEST_MARK))
        .collect();
    assert_eq!(requests.len(), 2);
    assert!(
        requests[1].to_string().contains("def greet():"),
        "the file is in the chat"
    );
}

// ---------------------------------------------------------------- reasoning

fn body_of_last(mock: &MockLlm, needle: &str) -> Value {
    bodies_with(mock, needle).pop().unwrap()
}

#[tokio::test]
async fn reasoning_effort_goes_to_models_that_take_it_and_thinking_shows_but_is_not_kept() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["Fine."]).reasoning(["Let me weigh ", "the options."]));
    mock.fallback(Reply::text(["Again fine."]));
    let mut settings = settings(&repo.root(), &mock.openai_base(), &[]);
    settings.model = Some("openai/o3-mini".into());
    let mut driver = Driver::start(settings).await;
    let set = driver.turn("/reasoning-effort high").await;
    assert!(notices(&set.events).contains("Reasoning effort: high"));
    let bad = driver.turn("/reasoning-effort extreme").await;
    assert!(notices(&bad.events).contains("choose low, medium or high"));
    let first = driver.turn("/ask first question").await;
    let thinking: String = first
        .events
        .iter()
        .filter_map(|event| match event {
            Event::ReasoningDelta { text } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(thinking, "Let me weigh the options.");
    assert_eq!(
        body_of_last(&mock, "first question")["reasoning_effort"],
        "high"
    );
    driver.turn("/ask second question").await;
    let second = body_of_last(&mock, "second question").to_string();
    assert!(second.contains("Fine."), "the reply is history");
    assert!(
        !second.contains("weigh"),
        "thinking never goes back: {second}"
    );
    driver.quit().await;

    // gpt-4o takes no reasoning_effort: none is sent, and the user is told.
    let mut plain = engine_support::settings(&repo.root(), &mock.openai_base(), &[]);
    plain.reasoning_effort = Some("low".into());
    let mut driver = Driver::start(plain).await;
    let said = driver.turn("/reasoning-effort medium").await;
    assert!(notices(&said.events).contains("does not"));
    driver.turn("/ask plain question").await;
    assert!(
        body_of_last(&mock, "plain question")
            .get("reasoning_effort")
            .is_none()
    );
    driver.quit().await;
}

#[tokio::test]
async fn think_tokens_set_anthropic_thinking_and_zero_turns_it_off() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let mock = MockLlm::start().await;
    mock.fallback(Reply::text(["ok"]));
    let mut settings = settings(&repo.root(), &mock.anthropic_base(), &[]);
    settings.model = Some("anthropic/claude-sonnet-4-5".into());
    settings.weak_model = Some("anthropic/claude-haiku-4-5".into());
    let mut driver = Driver::start(settings).await;
    let set = driver.turn("/think-tokens 4k").await;
    assert!(notices(&set.events).contains("Thinking budget: 4096 tokens"));
    driver.turn("/ask think about it").await;
    let body = body_of_last(&mock, "think about it");
    assert_eq!(body["thinking"]["type"], "enabled");
    assert_eq!(body["thinking"]["budget_tokens"], 4096);
    driver.turn("/think-tokens 0").await;
    driver.turn("/ask no thinking now").await;
    assert!(
        body_of_last(&mock, "no thinking now")
            .get("thinking")
            .is_none()
    );
    let bad = driver.turn("/think-tokens lots").await;
    assert!(notices(&bad.events).contains("/think-tokens takes a number"));
    driver.quit().await;
}

// ---------------------------------------------------------------- /models

#[tokio::test]
async fn models_lists_the_table_and_a_local_ollama() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let mock = MockLlm::start().await;
    mock.ollama_model("qwen2.5-coder:7b", Some(32_768));
    mock.ollama_model("llama3:8b", Some(8_192));
    let mut settings = settings(&repo.root(), &mock.openai_base(), &[]);
    settings
        .env
        .insert("OLLAMA_API_BASE".to_string(), mock.ollama_base());
    let mut driver = Driver::start(settings).await;
    let run = driver.turn("/models sonnet").await;
    let said = notices(&run.events);
    assert!(
        said.contains("anthropic/claude-sonnet-4-5 (sonnet"),
        "{said}"
    );
    assert!(said.contains("context 200k"), "{said}");
    assert!(
        said.contains("$3.00 in / $15.00 out per M tokens"),
        "{said}"
    );
    assert!(!said.contains("gpt-4o"), "{said}");
    let run = driver.turn("/models qwen").await;
    let said = notices(&run.events);
    assert!(
        said.contains("ollama/qwen2.5-coder:7b  context 32k"),
        "{said}"
    );
    assert!(!said.contains("llama3"), "{said}");
    let run = driver.turn("/models no-such-model-anywhere").await;
    assert!(notices(&run.events).contains("No known model matches"));
    driver.quit().await;
}

#[tokio::test]
async fn full_screen_commands_say_so_headless() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let mock = MockLlm::start().await;
    let mut driver = Driver::start(settings(&repo.root(), &mock.openai_base(), &[])).await;
    let run = driver.turn("/watch").await;
    assert!(notices(&run.events).contains("aider-tui watch"));
    let run = driver.turn("/editor").await;
    assert!(notices(&run.events).contains("/editor works in the full-screen session"));
    driver.quit().await;
}
