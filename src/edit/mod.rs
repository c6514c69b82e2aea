//! edit (to be written)
