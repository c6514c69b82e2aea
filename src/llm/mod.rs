//! llm (to be written)
