//! git (to be written)
