//! Choosing Ollama's context size (`options.num_ctx`) for a session.
//!
//! Ollama loads a model for one context size and reloads it when the size changes, and
//! it silently drops the start of a prompt that does not fit. So the size is chosen
//! once, from the first prompt with room to spare, raised only when a prompt no longer
//! fits (each raise announced), and never lowered.

/// Smallest context size chosen.
pub const MIN_CONTEXT: u64 = 8192;

/// The size in force for one provider.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ContextSize {
    current: Option<u64>,
}

/// What to send for one request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    /// The `num_ctx` to send.
    pub num_ctx: u64,
    /// The size before, when this request raised it.
    pub raised_from: Option<u64>,
}

/// The prompt alone exceeds the model's context length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge {
    pub prompt_tokens: u64,
    pub model_limit: u64,
}

impl ContextSize {
    /// The size for a prompt of `prompt_tokens` with up to `output_tokens` of reply on a
    /// model that takes at most `model_limit`.
    pub fn choose(
        &mut self,
        prompt_tokens: u64,
        output_tokens: u64,
        model_limit: u64,
    ) -> Result<Choice, TooLarge> {
        if prompt_tokens > model_limit {
            return Err(TooLarge {
                prompt_tokens,
                model_limit,
            });
        }
        let needed = prompt_tokens.saturating_add(output_tokens);
        match self.current {
            Some(current) if needed <= current || current >= model_limit => Ok(Choice {
                num_ctx: current,
                raised_from: None,
            }),
            previous => {
                let chosen = comfortable(needed)
                    .min(model_limit)
                    .max(previous.unwrap_or(0));
                self.current = Some(chosen);
                Ok(Choice {
                    num_ctx: chosen,
                    raised_from: previous,
                })
            }
        }
    }
}

/// A size at least `needed` plus a quarter (our token counts are cl100k's, not the
/// model's own), rounded up to a power of two so later, longer prompts rarely force
/// a reload.
fn comfortable(needed: u64) -> u64 {
    let padded = needed.saturating_add(needed / 4).max(MIN_CONTEXT);
    padded.checked_next_power_of_two().unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_prompt_picks_a_roomy_power_of_two_within_the_model() {
        let mut size = ContextSize::default();
        let first = size.choose(3_000, 8_192, 131_072).unwrap();
        assert_eq!(
            first,
            Choice {
                num_ctx: 16_384,
                raised_from: None
            }
        );
        // A tiny prompt still gets the minimum.
        assert_eq!(
            ContextSize::default()
                .choose(10, 100, 131_072)
                .unwrap()
                .num_ctx,
            MIN_CONTEXT
        );
        // Never more than the model takes.
        assert_eq!(
            ContextSize::default()
                .choose(20_000, 8_192, 32_768)
                .unwrap()
                .num_ctx,
            32_768
        );
    }

    #[test]
    fn the_size_stays_until_a_prompt_no_longer_fits_then_rises_once() {
        let mut size = ContextSize::default();
        size.choose(3_000, 8_192, 131_072).unwrap();
        for prompt in [1_000, 4_000, 8_000, 3_000] {
            let choice = size.choose(prompt, 8_192, 131_072).unwrap();
            assert_eq!(
                choice,
                Choice {
                    num_ctx: 16_384,
                    raised_from: None
                },
                "{prompt}"
            );
        }
        let raised = size.choose(40_000, 8_192, 131_072).unwrap();
        assert_eq!(
            raised,
            Choice {
                num_ctx: 65_536,
                raised_from: Some(16_384)
            }
        );
        // Smaller prompts afterwards never lower it.
        let after = size.choose(1_000, 8_192, 131_072).unwrap();
        assert_eq!(
            after,
            Choice {
                num_ctx: 65_536,
                raised_from: None
            }
        );
        assert_eq!(size.current, Some(65_536));
    }

    #[test]
    fn a_prompt_larger_than_the_model_is_refused_and_a_full_model_is_not_raised() {
        let mut size = ContextSize::default();
        assert_eq!(
            size.choose(40_000, 8_192, 32_768),
            Err(TooLarge {
                prompt_tokens: 40_000,
                model_limit: 32_768
            })
        );
        assert_eq!(size.current, None);
        size.choose(30_000, 8_192, 32_768).unwrap();
        assert_eq!(
            size.choose(31_000, 8_192, 32_768).unwrap().raised_from,
            None
        );
    }
}
