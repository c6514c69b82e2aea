//! tokens (to be written)
