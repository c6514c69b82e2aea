//! Web pages in the chat: `/web URL` fetches a page and keeps it, as Markdown, for the
//! next message; `/web URL TEXT` sends TEXT with it at once. With `--detect-urls` (on by
//! default, as in Aider) addresses typed in a message are offered for fetching first.

use crate::protocol::QuestionKind;
use crate::web::{self, FetchLimits, Page};

use super::emitter::Emitter;
use super::inbox::Inbox;
use super::session::Session;

/// The most a page may add to a message, in characters (about 25,000 tokens).
const MAX_PAGE_CHARS: usize = 100_000;

/// `/web URL [TEXT]`: keeps the page for the next message; gives TEXT back when there
/// is a message to send with it now.
pub(super) async fn command_web(
    session: &mut Session,
    emitter: &Emitter,
    args: &str,
) -> Result<Option<String>, String> {
    let (url, text) = match args.split_once(char::is_whitespace) {
        Some((url, text)) => (url, text.trim()),
        None => (args, ""),
    };
    if url.is_empty() {
        return Err("/web needs an address: /web https://example.org/page [MESSAGE]".to_string());
    }
    add_web_page(session, emitter, url).await?;
    if text.is_empty() {
        emitter
            .info("The page goes to the model with your next message.")
            .await;
        return Ok(None);
    }
    Ok(Some(text.to_string()))
}

/// Fetches `url` and keeps the page for the next message; says what came.
async fn add_web_page(session: &mut Session, emitter: &Emitter, url: &str) -> Result<(), String> {
    emitter.info(format!("Fetching {url} …")).await;
    let page = web::fetch(url, FetchLimits::default())
        .await
        .map_err(|error| error.to_string())?;
    let (note, summary) = page_note(&page);
    emitter.info(summary).await;
    session.ledger.add_note(note);
    Ok(())
}

/// Offers the pages a message names (with `--detect-urls`), one question each.
pub(super) async fn offer_web_pages(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
    message: &str,
) {
    if !session.settings.detect_urls {
        return;
    }
    for url in web::find_urls(message) {
        // `/web URL TEXT` has fetched it already.
        let kept = session
            .ledger
            .note()
            .is_some_and(|note| note.contains(&format!("<{url}>")));
        if kept {
            continue;
        }
        let yes = inbox
            .ask(
                emitter,
                QuestionKind::AddWebPage { url: url.clone() },
                format!("Your message names {url}. Fetch the page and send it with the message?"),
            )
            .await;
        if yes && let Err(problem) = add_web_page(session, emitter, &url).await {
            emitter.warn(problem).await;
        }
    }
}

/// The page as the model reads it (cut to a size a prompt can take), and one line for
/// the user.
fn page_note(page: &Page) -> (String, String) {
    let mut text: String = page.text.chars().take(MAX_PAGE_CHARS).collect();
    let cut = page.truncated || text.len() < page.text.len();
    if cut {
        text.push_str("\n\n(The page goes on; the rest was cut off.)");
    }
    let note = format!(
        "Here is the web page <{}>, as Markdown:\n\n{text}",
        page.url
    );
    let words = page.text.split_whitespace().count();
    let summary = format!(
        "Fetched {} ({}, {words} words{}).",
        page.url,
        page.content_type,
        if cut { ", cut off" } else { "" }
    );
    (note, summary)
}
