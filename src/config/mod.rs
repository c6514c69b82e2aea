//! config (to be written)
