//! The transcription client against the mock: the multipart body (parts, names, bytes)
//! as received, the returned text, the key and base lookup, and errors.

use crate::support::mock_llm;
use crate::support::provider_harness;

use aider_tui::llm::{self, Connection, LlmError, TranscriptionEndpoint};
use mock_llm::{MockLlm, Reply};
use provider_harness::{KEY, connection};

/// A tiny WAV file: RIFF header, then bytes that include CR LF and a dash run, which a
/// careless multipart encoder could mistake for framing.
fn wav() -> Vec<u8> {
    let mut bytes = b"RIFF\x24\0\0\0WAVEfmt ".to_vec();
    bytes.extend([0, 1, 2, 255, 254, b'\r', b'\n', b'-', b'-', 0x80]);
    bytes
}

#[tokio::test]
async fn posts_a_multipart_form_and_returns_the_text() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["  add a test for the parser  "]));
    let target = TranscriptionEndpoint::new(&connection(&mock.openai_base()), &|_| None).unwrap();
    let text = llm::transcribe(&target, "whisper-1", Some("en"), wav())
        .await
        .unwrap();
    assert_eq!(text, "add a test for the parser");

    let sent = &mock.requests()[0];
    assert_eq!(sent.path, "/v1/audio/transcriptions");
    assert!(sent.credential_is(KEY));
    let content_type = sent.header("content-type").unwrap();
    assert!(
        content_type.starts_with("multipart/form-data; boundary="),
        "{content_type}"
    );
    let names: Vec<&str> = sent.parts.iter().map(|part| part.name.as_str()).collect();
    assert_eq!(names, ["file", "model", "language", "response_format"]);
    let file = sent.part("file").unwrap();
    assert_eq!(file.file_name.as_deref(), Some("audio.wav"));
    assert_eq!(file.content_type.as_deref(), Some("audio/wav"));
    assert_eq!(file.data, wav(), "the audio bytes arrive unchanged");
    assert_eq!(sent.part("model").unwrap().data, b"whisper-1");
    assert_eq!(sent.part("language").unwrap().data, b"en");
    assert_eq!(sent.part("response_format").unwrap().data, b"json");
    assert!(sent.part("model").unwrap().file_name.is_none());
}

#[tokio::test]
async fn no_language_sends_no_language_part_and_the_key_can_come_from_the_environment() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["hello"]));
    let base = mock.openai_base();
    let env = |name: &str| match name {
        "OPENAI_API_BASE" => Some(base.clone()),
        "OPENAI_API_KEY" => Some("sk-from-environment-000".to_string()),
        _ => None,
    };
    let target = TranscriptionEndpoint::new(&Connection::default(), &env).unwrap();
    assert_eq!(
        llm::transcribe(&target, "whisper-1", None, wav())
            .await
            .unwrap(),
        "hello"
    );
    let sent = &mock.requests()[0];
    assert!(sent.credential_is("sk-from-environment-000"));
    assert!(sent.part("language").is_none());

    let missing = TranscriptionEndpoint::new(&Connection::default(), &|_| None).unwrap_err();
    assert!(
        matches!(missing, LlmError::MissingKey { .. }),
        "{missing:?}"
    );
}

#[tokio::test]
async fn errors_are_mapped_like_chat_errors_and_hide_the_key() {
    let mock = MockLlm::start().await;
    mock.push(Reply::status(401).error_message(&format!("Incorrect API key provided: {KEY}")));
    mock.push(Reply::status(500).retry_after_ms(5));
    mock.push(Reply::text(["after a retry"]));
    let target = TranscriptionEndpoint::new(&connection(&mock.openai_base()), &|_| None).unwrap();
    let error = llm::transcribe(&target, "whisper-1", None, wav())
        .await
        .unwrap_err();
    assert!(
        matches!(error, LlmError::Auth { status: 401, .. }),
        "{error:?}"
    );
    assert!(!error.to_string().contains(KEY), "{error}");
    let text = llm::transcribe(&target, "whisper-1", None, wav())
        .await
        .unwrap();
    assert_eq!(text, "after a retry");
    assert_eq!(
        mock.requests().len(),
        3,
        "401 not retried, 500 retried once"
    );

    let base_with_key = format!("{}?api-key={KEY}", mock.openai_base());
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let closed = format!("http://{}/v1?api-key={KEY}", listener.local_addr().unwrap());
    drop(listener);
    let unreachable = Connection {
        max_retries: 0,
        ..connection(&closed)
    };
    let target = TranscriptionEndpoint::new(&unreachable, &|_| None).unwrap();
    let error = llm::transcribe(&target, "whisper-1", None, wav())
        .await
        .unwrap_err();
    assert!(matches!(error, LlmError::Connection { .. }), "{error:?}");
    let line = error.to_string();
    assert!(
        !line.contains(KEY) && line.contains("api-key=[redacted]"),
        "{line}"
    );

    // The key in the base's query is sent to the server as written, after the route.
    mock.push(Reply::text(["ok"]));
    let target = TranscriptionEndpoint::new(&connection(&base_with_key), &|_| None).unwrap();
    assert_eq!(
        llm::transcribe(&target, "whisper-1", None, wav())
            .await
            .unwrap(),
        "ok"
    );
    let sent = mock.requests().pop().unwrap();
    assert_eq!(sent.path, "/v1/audio/transcriptions");
    assert_eq!(sent.query, Some(format!("api-key={KEY}")));
}
