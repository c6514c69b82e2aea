//! repomap (to be written)
