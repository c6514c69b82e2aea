//! The mock LLM server itself: what it puts on the wire and what it records.

use crate::support::mock_llm;

use mock_llm::{MockLlm, Reply};
use serde_json::json;

async fn post(url: String, body: serde_json::Value) -> (u16, reqwest::header::HeaderMap, String) {
    let response = reqwest::Client::new()
        .post(url)
        .header("authorization", "Bearer sk-secret-test-key")
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (status, headers, response.text().await.unwrap())
}

#[tokio::test]
async fn openai_stream_has_chunks_usage_and_done() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["Hel", "lo"]));
    let (status, _, body) = post(
        format!("{}/chat/completions", mock.openai_base()),
        json!({"model": "gpt-4o", "stream": true, "messages": []}),
    )
    .await;
    assert_eq!(status, 200);
    assert!(body.contains(r#""content":"Hel""#), "{body}");
    assert!(body.contains(r#""finish_reason":"stop""#));
    assert!(body.contains(r#""choices":[]"#));
    assert!(body.ends_with("data: [DONE]\n\n"));
    let requests = mock.requests();
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0].path, "/v1/chat/completions");
    assert_eq!(requests[0].header("authorization"), Some("[redacted]"));
    assert!(requests[0].credential_is("sk-secret-test-key"));
    assert!(!format!("{:?}", requests[0]).contains("sk-secret"));
    assert_eq!(requests[0].body["model"], "gpt-4o");
}

#[tokio::test]
async fn anthropic_stream_and_plain_json() {
    let mock = MockLlm::start().await;
    mock.push(Reply::anthropic_text(["a", "b"]).length());
    mock.push(Reply::text(["whole"]));
    let url = format!("{}/v1/messages", mock.anthropic_base());
    let (_, _, body) = post(url.clone(), json!({"model": "claude", "stream": true})).await;
    assert!(body.starts_with("event: message_start\n"));
    assert!(body.contains(r#""stop_reason":"max_tokens""#));
    assert!(body.ends_with("event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"));
    let (_, _, body) = post(url, json!({"model": "claude"})).await;
    let value: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(value["content"][0]["text"], "whole");
}

#[tokio::test]
async fn status_replies_carry_headers_and_error_shapes() {
    let mock = MockLlm::start().await;
    mock.push(Reply::status(429).retry_after(1).retry_after_ms(50));
    mock.push(Reply::context_too_long());
    let (status, headers, body) = post(
        format!("{}/chat/completions", mock.openai_base()),
        json!({}),
    )
    .await;
    assert_eq!(status, 429);
    assert_eq!(headers["retry-after"], "1");
    assert_eq!(headers["retry-after-ms"], "50");
    assert!(body.contains("rate_limit_exceeded"));
    let (status, _, body) = post(format!("{}/v1/messages", mock.anthropic_base()), json!({})).await;
    assert_eq!(status, 400);
    assert!(body.contains("prompt is too long"));
    // Nothing scripted: a 400 that names the problem.
    let (status, _, body) = post(format!("{}/v1/messages", mock.anthropic_base()), json!({})).await;
    assert_eq!(status, 400);
    assert!(body.contains("no scripted reply"));
}

#[tokio::test]
async fn dropped_stream_is_a_body_error_and_wrong_wire_is_refused() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["x", "y", "z"]).dropped_after(2));
    mock.push(Reply::anthropic_text(["x"]));
    let response = reqwest::Client::new()
        .post(format!("{}/chat/completions", mock.openai_base()))
        .json(&json!({"stream": true}))
        .send()
        .await
        .unwrap();
    assert!(
        response.text().await.is_err(),
        "an aborted body must not read as complete"
    );
    let (status, _, body) = post(
        format!("{}/chat/completions", mock.openai_base()),
        json!({}),
    )
    .await;
    assert_eq!(status, 400);
    assert!(body.contains("scripted for Anthropic"));
}

#[tokio::test]
async fn one_byte_writes_arrive_in_many_pieces() {
    use futures::StreamExt;
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["héllo ✓"]).one_byte_writes());
    let response = reqwest::Client::new()
        .post(format!("{}/chat/completions", mock.openai_base()))
        .json(&json!({"stream": true}))
        .send()
        .await
        .unwrap();
    let mut pieces = 0;
    let mut body = Vec::new();
    let mut stream = response.bytes_stream();
    while let Some(chunk) = stream.next().await {
        pieces += 1;
        body.extend_from_slice(&chunk.unwrap());
    }
    assert!(String::from_utf8(body).unwrap().contains("héllo ✓"));
    eprintln!("{pieces} pieces arrived");
    assert!(pieces > 50, "only {pieces} pieces arrived");
}

#[tokio::test]
async fn rules_come_before_the_queue_and_the_fallback_after_it() {
    let mock = MockLlm::start().await;
    mock.rule("commit message", Reply::text(["feat: rule"]));
    mock.push(Reply::text(["queued"]));
    mock.fallback(Reply::text(["fallback"]));
    let url = format!("{}/chat/completions", mock.openai_base());
    let content = |body: &str| {
        serde_json::from_str::<serde_json::Value>(body).unwrap()["choices"][0]["message"]["content"]
            .clone()
    };
    let (_, _, body) = post(
        url.clone(),
        json!({"messages": [{"role": "system", "content": "write a commit message"}]}),
    )
    .await;
    assert_eq!(content(&body), "feat: rule");
    let (_, _, body) = post(url.clone(), json!({})).await;
    assert_eq!(content(&body), "queued");
    for _ in 0..2 {
        let (_, _, body) = post(url.clone(), json!({})).await;
        assert_eq!(content(&body), "fallback");
    }
    assert_eq!(mock.pending(), 0);
    assert_eq!(mock.requests().len(), 4);
    assert!(
        mock.requests()
            .iter()
            .all(|request| request.send_time.is_some())
    );
}

#[tokio::test]
async fn ollama_routes_speak_ndjson_and_answer_from_registered_models() {
    let mock = MockLlm::start().await;
    mock.ollama_model("qwen2.5-coder", Some(32768));
    mock.push(Reply::ollama_text(["Hel", "lo"]).length());
    let base = mock.ollama_base();
    let response = reqwest::Client::new()
        .post(format!("{base}/api/chat"))
        .json(&json!({"model": "qwen2.5-coder", "stream": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["content-type"], "application/x-ndjson");
    let body = response.text().await.unwrap();
    let lines: Vec<serde_json::Value> = body
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["message"]["content"], "Hel");
    assert_eq!(lines[2]["done"], true);
    assert_eq!(lines[2]["done_reason"], "length");
    assert!(body.ends_with("}\n"));

    let (status, _, shown) = post(
        format!("{base}/api/show"),
        json!({"model": "qwen2.5-coder"}),
    )
    .await;
    assert_eq!(status, 200);
    let shown: serde_json::Value = serde_json::from_str(&shown).unwrap();
    assert_eq!(shown["model_info"]["qwen2.context_length"], 32768);
    let (status, _, missing) = post(format!("{base}/api/show"), json!({"model": "nope"})).await;
    assert_eq!(status, 404);
    assert!(missing.contains("model 'nope' not found"));
    let tags: serde_json::Value = reqwest::get(format!("{base}/api/tags"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(tags["models"][0]["name"], "qwen2.5-coder");
    let paths: Vec<String> = mock
        .requests()
        .iter()
        .map(|request| request.path.clone())
        .collect();
    assert_eq!(paths, ["/api/chat", "/api/show", "/api/show", "/api/tags"]);
}

#[tokio::test]
async fn multipart_bodies_are_recorded_part_by_part() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["spoken words"]));
    let body = b"--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.wav\"\r\nContent-Type: audio/wav\r\n\r\nRIFF\r\n--X\r\n--XyZ\r\nContent-Disposition: form-data; name=\"model\"\r\n\r\nwhisper-1\r\n--XyZ--\r\n";
    let response = reqwest::Client::new()
        .post(format!("{}/audio/transcriptions", mock.openai_base()))
        .header("content-type", "multipart/form-data; boundary=XyZ")
        .body(body.to_vec())
        .send()
        .await
        .unwrap();
    assert_eq!(response.text().await.unwrap(), r#"{"text":"spoken words"}"#);
    let recorded = &mock.requests()[0];
    assert_eq!(recorded.parts.len(), 2);
    let file = recorded.part("file").unwrap();
    assert_eq!(file.file_name.as_deref(), Some("a.wav"));
    assert_eq!(file.content_type.as_deref(), Some("audio/wav"));
    assert_eq!(file.data, b"RIFF\r\n--X");
    assert_eq!(recorded.part("model").unwrap().data, b"whisper-1");
    assert_eq!(recorded.raw, body);
}
