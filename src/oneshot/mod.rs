//! oneshot (to be written)
