//! tui (to be written)
