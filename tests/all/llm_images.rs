//! Images in requests, checked on the bodies the mock received: OpenAI content parts,
//! Anthropic image blocks, Ollama `images`; and messages without images rendered
//! exactly as before images existed.

use crate::support::mock_llm;
use crate::support::provider_harness;

use aider_tui::conversation::Role;
use aider_tui::llm::{
    self, ChatMessage, ChatRequest, ImagePart, LlmError, ProviderKind, image_tokens,
};
use mock_llm::{MockLlm, Reply};
use provider_harness::{connection, message, request, run};
use serde_json::{Value, json};

/// A 2×3 PNG (signature and header; the header is all a size check reads).
fn png() -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    bytes.extend(2u32.to_be_bytes());
    bytes.extend(3u32.to_be_bytes());
    bytes.extend([8, 6, 0, 0, 0, 0, 0, 0, 0]);
    bytes
}
/// `png()` in base64, worked out apart from the code under test.
const PNG_BASE64: &str = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAAAAAAA";

/// A 640×480 GIF header.
fn gif() -> Vec<u8> {
    b"GIF89a\x80\x02\xe0\x01\0\0\0".to_vec()
}
const GIF_BASE64: &str = "R0lGODlhgALgAQAAAA==";

fn with_images(text: &str) -> ChatRequest {
    let mut chat = request(text);
    chat.messages[0].images = vec![
        ImagePart::new(png()).unwrap(),
        ImagePart::new(gif()).unwrap(),
    ];
    chat
}

async fn sent_body(model: &str, base: impl Fn(&MockLlm) -> String, chat: ChatRequest) -> Value {
    let mock = MockLlm::start().await;
    mock.ollama_model("llava", Some(4096));
    mock.push(Reply::text(["a picture"]));
    let (settings, _) = llm::resolve_model(model, None).unwrap();
    let provider = llm::connect(&settings, &connection(&base(&mock)), &|_| None).unwrap();
    let outcome = run(provider.stream(chat)).await;
    assert_eq!(outcome.text, "a picture", "{:?}", outcome.error);
    let sent = mock
        .requests()
        .into_iter()
        .find(|sent| sent.path != "/api/show")
        .unwrap();
    sent.body
}

#[tokio::test]
async fn openai_sends_text_then_image_url_parts() {
    let body = sent_body("gpt-4o", MockLlm::openai_base, with_images("what is this?")).await;
    assert_eq!(
        body["messages"][1],
        json!({"role": "user", "content": [
            {"type": "text", "text": "what is this?"},
            {"type": "image_url", "image_url": {"url": format!("data:image/png;base64,{PNG_BASE64}")}},
            {"type": "image_url", "image_url": {"url": format!("data:image/gif;base64,{GIF_BASE64}")}}
        ]})
    );
    // An image with no text sends no empty text part.
    let body = sent_body("gpt-4o", MockLlm::openai_base, with_images("")).await;
    assert_eq!(body["messages"][1]["content"].as_array().unwrap().len(), 2);
    assert_eq!(body["messages"][1]["content"][0]["type"], "image_url");
}

#[tokio::test]
async fn anthropic_sends_image_blocks_then_text_with_the_cache_mark_last() {
    let mut chat = with_images("what is this?");
    chat.messages[0].cache_breakpoint = true;
    let body = sent_body("sonnet", MockLlm::anthropic_base, chat).await;
    assert_eq!(
        body["messages"][0],
        json!({"role": "user", "content": [
            {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG_BASE64}},
            {"type": "image", "source": {"type": "base64", "media_type": "image/gif", "data": GIF_BASE64}},
            {"type": "text", "text": "what is this?", "cache_control": {"type": "ephemeral"}}
        ]})
    );
    let body = sent_body("sonnet", MockLlm::anthropic_base, with_images("look")).await;
    let blocks = body["messages"][0]["content"].as_array().unwrap();
    assert!(
        blocks
            .iter()
            .all(|block| block.get("cache_control").is_none())
    );
}

#[tokio::test]
async fn ollama_sends_base64_strings_beside_the_text() {
    let body = sent_body(
        "ollama/llava",
        MockLlm::ollama_base,
        with_images("what is this?"),
    )
    .await;
    assert_eq!(
        body["messages"][1],
        json!({"role": "user", "content": "what is this?", "images": [PNG_BASE64, GIF_BASE64]})
    );
}

#[tokio::test]
async fn bodies_without_images_are_unchanged() {
    let mut chat = request("unused");
    chat.messages = vec![
        message(Role::User, "repo map", true),
        message(Role::Assistant, "Ok.", false),
        message(Role::User, "the request", false),
    ];
    chat.max_tokens = Some(100);
    let openai = sent_body("gpt-4o", MockLlm::openai_base, chat.clone()).await;
    assert_eq!(
        openai,
        json!({
            "model": "gpt-4o",
            "messages": [
                {"role": "system", "content": "You are a careful programmer."},
                {"role": "user", "content": "repo map"},
                {"role": "assistant", "content": "Ok."},
                {"role": "user", "content": "the request"}
            ],
            "stream": true,
            "stream_options": {"include_usage": true},
            "temperature": 0.0,
            "max_tokens": 100
        })
    );
    let anthropic = sent_body("sonnet", MockLlm::anthropic_base, chat).await;
    assert_eq!(
        anthropic,
        json!({
            "model": "claude-sonnet-4-5",
            "max_tokens": 100,
            "stream": true,
            "system": [{"type": "text", "text": "You are a careful programmer.", "cache_control": {"type": "ephemeral"}}],
            "messages": [
                {"role": "user", "content": [{"type": "text", "text": "repo map", "cache_control": {"type": "ephemeral"}}]},
                {"role": "assistant", "content": "Ok."},
                {"role": "user", "content": "the request"}
            ],
            "temperature": 0.0
        })
    );
}

#[test]
fn only_images_providers_accept_are_taken_and_counted_by_their_rule() {
    let part = ImagePart::new(png()).unwrap();
    assert_eq!(part.info.media_type, "image/png");
    assert_eq!((part.info.width, part.info.height), (2, 3));
    let error = ImagePart::new(b"%PDF-1.7 not an image".to_vec()).unwrap_err();
    assert!(matches!(error, LlmError::InvalidImage { .. }), "{error:?}");
    assert!(!error.to_string().contains('\n'));
    // A 1920×1080 screenshot: OpenAI 3×2 tiles after scaling to 1365×768; Anthropic
    // 1568×882 → 1844 by area, capped at about 1600 by its resizing.
    assert_eq!(
        image_tokens(ProviderKind::OpenAiCompatible, 1920, 1080),
        85 + 170 * 6
    );
    assert_eq!(image_tokens(ProviderKind::Anthropic, 1920, 1080), 1600);
    assert_eq!(image_tokens(ProviderKind::Anthropic, 800, 600), 640);
    let message = ChatMessage {
        images: vec![part],
        ..ChatMessage::default()
    };
    assert!(
        !format!("{message:?}").contains("137, 80"),
        "no raw bytes in Debug"
    );
}
