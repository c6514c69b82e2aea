#!/usr/bin/env bash
# Repo-map benchmark: cold (no cache) and warm (nothing changed) `aider-tui map`
# time and peak memory per tree, side by side with Aider's `--show-repo-map` when
# Aider is installed. Prints a Markdown table; keeps each run's map and stats.
#
#   benches/repomap/run.sh [tree...]      (default: every tree under $BENCH_TREES)
#
# Environment:
#   BENCH_TREES   folder of trees made by fetch.sh (default ./bench-trees)
#   AIDER_TUI     the aider-tui binary (default: target/release/aider-tui under
#                 $CARGO_TARGET_DIR or ./target)
#   AIDER         Aider's command (default: `aider` on PATH; set AIDER=none to skip)
#   MAP_TOKENS    map budget (default 1024, as `--map-tokens`; both tools multiply
#                 it by 8 when no file is in the chat)
#   WARM_RUNS     warm runs per tool, the median is reported (default 3)
#   BENCH_OUT     where maps and logs go (default ./bench-out)
set -euo pipefail

TREES_DIR="${BENCH_TREES:-$PWD/bench-trees}"
TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
AIDER_TUI="${AIDER_TUI:-$TARGET_DIR/release/aider-tui}"
AIDER="${AIDER:-aider}"
MAP_TOKENS="${MAP_TOKENS:-1024}"
WARM_RUNS="${WARM_RUNS:-3}"
OUT="${BENCH_OUT:-$PWD/bench-out}"
mkdir -p "$OUT"

if [ ! -x "$AIDER_TUI" ]; then
    echo "no aider-tui binary at $AIDER_TUI (build with: cargo build --release)" >&2
    exit 2
fi
have_aider=false
if [ "$AIDER" != none ] && command -v "$AIDER" >/dev/null 2>&1; then
    have_aider=true
fi

# Runs a command under /usr/bin/time -v; prints "seconds peak_mib".
measure() {
    local log="$1"
    shift
    /usr/bin/time -v -o "$log.time" "$@" >"$log.out" 2>"$log.err" || true
    awk -F': ' '
        /Elapsed \(wall clock\)/ {
            n = split($2, part, ":"); secs = 0
            for (i = 1; i <= n; i++) secs = secs * 60 + part[i]
        }
        /Maximum resident set size/ { rss = $2 / 1024 }
        END { printf "%.2f %.0f\n", secs, rss }' "$log.time"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

printf '| tree | files mapped | aider-tui cold | aider-tui warm | aider-tui peak MiB (cold) | map tokens | Aider cold | Aider warm | Aider peak MiB | cold speed-up |\n'
printf '|---|---|---|---|---|---|---|---|---|---|\n'

trees=("$@")
if [ ${#trees[@]} -eq 0 ]; then
    mapfile -t trees < <(ls "$TREES_DIR")
fi
for tree in "${trees[@]}"; do
    dir="$TREES_DIR/$tree"
    [ -d "$dir" ] || { echo "no tree $dir" >&2; continue; }

    rm -rf "$dir/.aider-tui"
    read -r cold_s cold_mib < <(measure "$OUT/$tree.tui-cold" "$AIDER_TUI" map --root "$dir" --map-tokens "$MAP_TOKENS" --stats)
    files=$(sed -n 's/^files: \([0-9]*\).*/\1/p' "$OUT/$tree.tui-cold.err")
    tokens=$(sed -n 's/^tokens: \([0-9]*\).*/\1/p' "$OUT/$tree.tui-cold.err")
    warm_s=$(for run in $(seq "$WARM_RUNS"); do
        measure "$OUT/$tree.tui-warm$run" "$AIDER_TUI" map --root "$dir" --map-tokens "$MAP_TOKENS" --stats | cut -d' ' -f1
    done | median)

    aider_cold="-" aider_warm="-" aider_mib="-" speedup="-"
    if $have_aider; then
        if [ ! -d "$dir/.git" ]; then
            (cd "$dir" && git init -q && git add -A && git -c user.name=bench -c user.email=bench@localhost commit -qm tree)
        fi
        rm -rf "$dir/.aider.tags.cache.v4"
        aider_command=(env -C "$dir" "$AIDER" --model gpt-4o --show-repo-map --map-tokens "$MAP_TOKENS" --no-gitignore
            --no-check-update --no-analytics --no-show-release-notes --no-show-model-warnings --yes-always)
        read -r aider_cold aider_mib < <(measure "$OUT/$tree.aider-cold" "${aider_command[@]}" </dev/null)
        aider_warm=$(for run in $(seq "$WARM_RUNS"); do
            measure "$OUT/$tree.aider-warm$run" "${aider_command[@]}" </dev/null | cut -d' ' -f1
        done | median)
        speedup=$(awk -v a="$aider_cold" -v b="$cold_s" 'BEGIN { if (b > 0) printf "%.0f×", a / b; else print "-" }')
    fi
    printf '| %s | %s | %ss | %ss | %s | %s | %ss | %ss | %s | %s |\n' \
        "$tree" "$files" "$cold_s" "$warm_s" "$cold_mib" "$tokens" "$aider_cold" "$aider_warm" "$aider_mib" "$speedup"
done
