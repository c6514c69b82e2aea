//! Web pages for the chat: fetching one page safely (`fetch`: http and https only, a
//! size cap, a timeout, few redirects) and turning its HTML into Markdown
//! (`markdown`, with the htmd crate) so the model reads text, not markup.

mod fetch;
mod markdown;
mod nesting;

pub use fetch::{FetchLimits, Page, WebError, fetch, find_urls};
pub use markdown::html_to_markdown;
