//! engine (to be written)
