//! The session's repo map: opened at start, refreshed and rendered for each message
//! on a blocking thread (parsing files is CPU work), shown on request.

use crate::protocol::{Event, RankReason, RankedFileView, RepoMapView};
use crate::repomap::{MapOptions, MapOutput, MapRequest, RepoMap};

use super::mentions::Mentions;
use super::spawn::Engine;

/// The map's budget when the settings give none.
pub const DEFAULT_MAP_TOKENS: usize = 1024;

impl Engine {
    /// The map's token budget; 0 means no map.
    pub(super) fn map_budget(&self) -> usize {
        self.session
            .settings
            .map_tokens
            .unwrap_or(DEFAULT_MAP_TOKENS)
    }

    /// Opens the map and extracts its tags, on a blocking thread.
    pub(super) async fn open_repo_map(&mut self) {
        if self.map_budget() == 0 {
            return;
        }
        let root = self.session.root.clone();
        let opened = tokio::task::spawn_blocking(move || {
            let mut map =
                RepoMap::open(&root, MapOptions::default()).map_err(|err| err.to_string())?;
            map.refresh().map_err(|err| err.to_string())?;
            Ok::<RepoMap, String>(map)
        })
        .await;
        match opened {
            Ok(Ok(map)) => self.session.repo_map = Some(map),
            Ok(Err(err)) => {
                self.emitter
                    .warn(format!("the repo map is off: {err}"))
                    .await
            }
            Err(err) => {
                self.emitter
                    .warn(format!("the repo map is off: {err}"))
                    .await
            }
        }
    }

    /// Re-reads changed files into the map, on a blocking thread.
    pub(super) async fn refresh_repo_map(&mut self) {
        let Some(mut map) = self.session.repo_map.take() else {
            return;
        };
        let refreshed = tokio::task::spawn_blocking(move || {
            let result = map.refresh().map_err(|err| err.to_string());
            (map, result)
        })
        .await;
        match refreshed {
            Ok((map, result)) => {
                self.session.repo_map = Some(map);
                if let Err(err) = result {
                    tracing::warn!("repo map refresh failed: {err}");
                }
            }
            Err(err) => tracing::warn!("repo map refresh panicked: {err}"),
        }
    }

    /// Renders the map for the current chat files and mentions, on a blocking thread.
    pub(super) async fn render_repo_map(&mut self, mentions: &Mentions) -> Option<MapOutput> {
        let budget = self.map_budget();
        if budget == 0 {
            return None;
        }
        let map = self.session.repo_map.take()?;
        let request = MapRequest {
            chat_files: self.session.files.editable(),
            mention_files: mentions.files.clone(),
            mention_idents: mentions.identifiers.clone(),
            max_tokens: budget,
            // The repo-map inspector shows why each file is there.
            explain: true,
        };
        let rendered = tokio::task::spawn_blocking(move || {
            let output = map.render(&request);
            (map, output)
        })
        .await;
        match rendered {
            Ok((map, output)) => {
                self.session.repo_map = Some(map);
                Some(output)
            }
            Err(err) => {
                tracing::warn!("repo map render panicked: {err}");
                None
            }
        }
    }

    /// Sends the map as the model would see it now (`Event::RepoMap`).
    pub(super) async fn send_repo_map(&mut self, refresh: bool) {
        if self.session.repo_map.is_none() {
            if self.map_budget() == 0 {
                self.emitter
                    .info("The repo map is off (--map-tokens 0).")
                    .await;
                return;
            }
            self.open_repo_map().await;
        } else if refresh {
            self.refresh_repo_map().await;
        }
        let Some(output) = self.render_repo_map(&Mentions::default()).await else {
            self.emitter.info("No repo map is available.").await;
            return;
        };
        let view = map_view(&output, self.map_budget());
        self.emitter.emit(Event::RepoMap(view)).await;
    }
}

/// The map as the protocol carries it.
pub fn map_view(output: &MapOutput, budget: usize) -> RepoMapView {
    RepoMapView {
        text: output.text.clone(),
        tokens: output.tokens as u64,
        budget: budget as u64,
        files: output
            .ranked
            .iter()
            .map(|file| RankedFileView {
                path: file.path.clone(),
                score: file.score,
                reasons: file
                    .reasons
                    .iter()
                    .map(|reason| RankReason {
                        ident: reason.ident.clone(),
                        from: reason.from.clone(),
                        weight: reason.weight,
                    })
                    .collect(),
            })
            .collect(),
    }
}
