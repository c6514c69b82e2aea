//! Synchronous work (files, git, parsing) off the async workers.

/// Runs synchronous CPU or file work on the blocking pool. A panic there is re-raised
/// here, as it would have been inline.
pub async fn blocking<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    match tokio::task::spawn_blocking(work).await {
        Ok(value) => value,
        Err(err) if err.is_panic() => std::panic::resume_unwind(err.into_panic()),
        // Cancelled only while the runtime shuts down, which drops this task as well.
        Err(_) => std::future::pending().await,
    }
}
