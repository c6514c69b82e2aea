//! The loopback mock LLM server as a standalone process, for shell-driven tests and benchmarks.
//!
//! ```text
//! cargo run --example mock_llm -- [--port N] [--script FILE.json] [--azure KEY]
//!     [--edit-file PATH] [--tokens N] [--delay-ms N] [--commit-needle TEXT] [--record FILE]
//! ```
//! It prints the port it listens on as the first line of stdout, then serves until killed:
//! OpenAI wire at `http://127.0.0.1:PORT/v1`, Anthropic wire at `http://127.0.0.1:PORT`.
//!
//! With `--azure KEY` it is an Azure OpenAI resource instead (`AZURE_API_BASE=
//! http://127.0.0.1:PORT`): deployment routes that need an `api-version`, the v1 route,
//! and only `api-key: KEY` accepted (else Azure's 401); the fixed reply streams as Azure
//! does, an empty-choices chunk first.
//!
//! Without `--script`, every request gets a fixed SEARCH/REPLACE reply that creates
//! `--edit-file` (default `hello.py`), preceded by `--tokens` filler pieces (default 0),
//! written `--delay-ms` apart (default 0: as fast as possible); a request whose body
//! contains `--commit-needle` (default "commit message") gets a one-line commit message.
//!
//! With `--record FILE`, every request is appended to FILE as one JSON line
//! `{"path", "headers", "body"}` (keys redacted) shortly after it arrives.
//!
//! A script is JSON: `{"replies": [SPEC...], "rules": [{"contains": "...", "reply": SPEC}],
//! "fallback": SPEC}` where SPEC is an object with any of: `text` (list of pieces),
//! `long_text` (piece count), `reasoning`, `length`, `noise`, `usage_choices_null`,
//! `error_midstream`, `usage` (`{input, output, cache_read, cache_write}`), `status`,
//! `context_too_long`, `quota`, `error_type`, `error_code`, `error_message`, `retry_after`,
//! `retry_after_ms`, `chunk_delay_ms`, `first_byte_delay_ms`, `one_byte_writes`,
//! `dropped_after`, `truncated_after`, `hang_after`, `hang`.

// Tests, benchmarks and examples unwrap and print: a failure there is the point.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

#[path = "../tests/support/mock_llm.rs"]
mod mock_llm;
#[path = "../tests/support/mock_provider.rs"]
mod mock_provider;

use std::io::Write;
use std::time::Duration;

use mock_llm::{MockLlm, MockUsage, Reply};
use mock_provider::{ProviderMock, azure_reply};
use serde::Deserialize;

#[derive(Deserialize, Default)]
#[serde(default)]
struct Script {
    replies: Vec<Spec>,
    rules: Vec<Rule>,
    fallback: Option<Spec>,
}

#[derive(Deserialize)]
struct Rule {
    contains: String,
    reply: Spec,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct SpecUsage {
    input: u64,
    output: u64,
    cache_read: u64,
    cache_write: u64,
}

#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
struct Spec {
    text: Option<Vec<String>>,
    long_text: Option<usize>,
    reasoning: Option<Vec<String>>,
    length: bool,
    noise: bool,
    usage_choices_null: bool,
    error_midstream: bool,
    usage: Option<SpecUsage>,
    status: Option<u16>,
    context_too_long: bool,
    quota: bool,
    error_type: Option<String>,
    error_code: Option<String>,
    error_message: Option<String>,
    retry_after: Option<u64>,
    retry_after_ms: Option<u64>,
    chunk_delay_ms: Option<u64>,
    first_byte_delay_ms: Option<u64>,
    one_byte_writes: bool,
    dropped_after: Option<usize>,
    truncated_after: Option<usize>,
    hang_after: Option<usize>,
    hang: bool,
}

impl Spec {
    fn into_reply(self) -> Reply {
        let mut reply = if self.context_too_long {
            Reply::context_too_long()
        } else if self.quota {
            Reply::quota()
        } else if let Some(status) = self.status {
            Reply::status(status)
        } else if let Some(count) = self.long_text {
            Reply::long_text(count)
        } else {
            Reply::text(self.text.unwrap_or_default())
        };
        if let Some(reasoning) = self.reasoning {
            reply = reply.reasoning(reasoning);
        }
        if self.length {
            reply = reply.length();
        }
        if self.noise {
            reply = reply.noise();
        }
        if self.usage_choices_null {
            reply = reply.usage_choices_null();
        }
        if self.error_midstream {
            reply = reply.error_midstream();
        }
        if let Some(usage) = self.usage {
            reply = reply.usage(MockUsage {
                input: usage.input,
                output: usage.output,
                cache_read: usage.cache_read,
                cache_write: usage.cache_write,
            });
        }
        if let Some(value) = &self.error_type {
            reply = reply.error_type(value);
        }
        if let Some(value) = &self.error_code {
            reply = reply.error_code(value);
        }
        if let Some(value) = &self.error_message {
            reply = reply.error_message(value);
        }
        if let Some(seconds) = self.retry_after {
            reply = reply.retry_after(seconds);
        }
        if let Some(millis) = self.retry_after_ms {
            reply = reply.retry_after_ms(millis);
        }
        if let Some(millis) = self.chunk_delay_ms {
            reply = reply.chunk_delay(Duration::from_millis(millis));
        }
        if let Some(millis) = self.first_byte_delay_ms {
            reply = reply.first_byte_delay(Duration::from_millis(millis));
        }
        if self.one_byte_writes {
            reply = reply.one_byte_writes();
        }
        if let Some(events) = self.dropped_after {
            reply = reply.dropped_after(events);
        }
        if let Some(events) = self.truncated_after {
            reply = reply.truncated_after(events);
        }
        if let Some(events) = self.hang_after {
            reply = reply.hang_after(events);
        }
        if self.hang {
            reply = reply.hang();
        }
        reply
    }
}

struct Options {
    port: u16,
    script: Option<String>,
    edit_file: String,
    tokens: usize,
    delay_ms: u64,
    commit_needle: String,
    record: Option<String>,
    /// Serve as an Azure resource taking this key.
    azure_key: Option<String>,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        port: 0,
        script: None,
        edit_file: "hello.py".into(),
        tokens: 0,
        delay_ms: 0,
        commit_needle: "commit message".into(),
        record: None,
        azure_key: None,
    };
    let mut arguments = std::env::args().skip(1);
    while let Some(flag) = arguments.next() {
        let mut value = || {
            arguments
                .next()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match flag.as_str() {
            "--port" => {
                options.port = value()?
                    .parse()
                    .map_err(|error| format!("--port: {error}"))?
            }
            "--script" => options.script = Some(value()?),
            "--edit-file" => options.edit_file = value()?,
            "--tokens" => {
                options.tokens = value()?
                    .parse()
                    .map_err(|error| format!("--tokens: {error}"))?
            }
            "--delay-ms" => {
                options.delay_ms = value()?
                    .parse()
                    .map_err(|error| format!("--delay-ms: {error}"))?
            }
            "--commit-needle" => options.commit_needle = value()?,
            "--record" => options.record = Some(value()?),
            "--azure" => options.azure_key = Some(value()?),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(options)
}

fn fixed_edit_reply(options: &Options) -> Reply {
    let filler = [
        "Here", " is", " the", " change", " you", " asked", " for", ".", "\n",
    ];
    let mut pieces: Vec<String> = (0..options.tokens)
        .map(|index| filler[index % filler.len()].to_string())
        .collect();
    pieces.push(format!(
        "\n\n{}\n```python\n<<<<<<< SEARCH\n=======\n",
        options.edit_file
    ));
    pieces.push("print(\"hello from the mock\")\n".into());
    pieces.push(">>>>>>> REPLACE\n```\n".into());
    let reply = match options.azure_key {
        Some(_) => azure_reply(pieces),
        None => Reply::text(pieces),
    };
    reply.chunk_delay(Duration::from_millis(options.delay_ms))
}

#[tokio::main]
async fn main() {
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("mock_llm: {message}");
            std::process::exit(2);
        }
    };
    let mock = match &options.azure_key {
        Some(key) => ProviderMock::azure_on(options.port, key, None).await.llm,
        None => MockLlm::start_on(options.port).await,
    };
    match &options.script {
        Some(path) => {
            let script: Script = match std::fs::read_to_string(path)
                .map_err(|error| error.to_string())
                .and_then(|text| serde_json::from_str(&text).map_err(|error| error.to_string()))
            {
                Ok(script) => script,
                Err(message) => {
                    eprintln!("mock_llm: cannot read script {path}: {message}");
                    std::process::exit(2);
                }
            };
            for rule in script.rules {
                mock.rule(&rule.contains, rule.reply.into_reply());
            }
            for spec in script.replies {
                mock.push(spec.into_reply());
            }
            if let Some(spec) = script.fallback {
                mock.fallback(spec.into_reply());
            }
        }
        None => {
            let message = ["feat: add hello.py greeting"];
            let commit = match options.azure_key {
                Some(_) => azure_reply(message),
                None => Reply::text(message),
            };
            mock.rule(&options.commit_needle, commit);
            mock.fallback(fixed_edit_reply(&options));
        }
    }
    println!("{}", mock.port());
    let _ = std::io::stdout().flush();
    match options.record {
        Some(path) => record_requests(&mock, &path).await,
        None => std::future::pending::<()>().await,
    }
}

/// Appends each new request to `path` as a JSON line, forever.
async fn record_requests(mock: &MockLlm, path: &str) {
    let mut written = 0;
    loop {
        tokio::time::sleep(Duration::from_millis(20)).await;
        let requests = mock.requests();
        if requests.len() == written {
            continue;
        }
        let mut lines = String::new();
        for request in &requests[written..] {
            let line = serde_json::json!({"path": request.path, "headers": request.headers, "body": request.body});
            lines.push_str(&line.to_string());
            lines.push('\n');
        }
        let appended = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|mut file| file.write_all(lines.as_bytes()));
        if let Err(error) = appended {
            eprintln!("mock_llm: cannot write {path}: {error}");
        }
        written = requests.len();
    }
}
