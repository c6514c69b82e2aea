//! The bundled model tables: parsing litellm's table (`assets/litellm-models.json`),
//! Aider's settings (`assets/aider-model-settings.yml`) and the hand-kept aliases, as a
//! session does once on first use; and resolving a model name against them after.

// Tests, benchmarks and examples unwrap and print: a failure there is the point.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

use std::collections::HashMap;
use std::hint::black_box;

use aider_tui::llm::{self, ModelCatalog};
use criterion::{Criterion, criterion_group, criterion_main};

fn tables(c: &mut Criterion) {
    let (models, settings) = llm::parse_bundled_tables().unwrap();
    println!("bundled: {models} models, {settings} settings entries");
    c.bench_function("model_tables/parse_bundled", |b| {
        b.iter(|| black_box(llm::parse_bundled_tables().unwrap()))
    });
    // Its parts: litellm's JSON into typed entries, Aider's YAML into a tree.
    let litellm = include_str!("../assets/litellm-models.json");
    c.bench_function("model_tables/parse_litellm_json", |b| {
        b.iter(|| {
            black_box(
                serde_json::from_str::<HashMap<String, llm::ModelFacts>>(black_box(litellm))
                    .unwrap(),
            )
        })
    });
    let aider = include_str!("../assets/aider-model-settings.yml");
    c.bench_function("model_tables/parse_aider_yaml", |b| {
        b.iter(|| {
            let mut options = serde_saphyr::Options::default();
            options.duplicate_keys = serde_saphyr::DuplicateKeyPolicy::LastWins;
            black_box(
                serde_saphyr::from_str_with_options::<serde_json::Value>(black_box(aider), options)
                    .unwrap(),
            )
        })
    });
    c.bench_function("model_tables/parse_aider_yaml_no_budget", |b| {
        b.iter(|| {
            let mut options = serde_saphyr::Options::default();
            options.duplicate_keys = serde_saphyr::DuplicateKeyPolicy::LastWins;
            options.budget = None;
            black_box(
                serde_saphyr::from_str_with_options::<serde_json::Value>(black_box(aider), options)
                    .unwrap(),
            )
        })
    });
    let catalog = ModelCatalog::bundled().unwrap();
    c.bench_function("model_tables/resolve_sonnet", |b| {
        b.iter(|| black_box(catalog.resolve(black_box("sonnet")).unwrap()))
    });
    c.bench_function("model_tables/resolve_unknown_router_model", |b| {
        b.iter(|| {
            black_box(
                catalog
                    .resolve(black_box("openrouter/anthropic/claude-opus-4.6"))
                    .unwrap(),
            )
        })
    });
}

criterion_group!(benches, tables);
criterion_main!(benches);
