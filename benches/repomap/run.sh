#!/usr/bin/env bash
# Repo-map benchmark: cold (no cache) and warm (nothing changed) `aider-tui map`
# time and peak memory per tree, side by side with Aider's `--show-repo-map` when
# Aider is installed, plus the tree's parse floor (examples/parse_floor) and the
# time to the first map through the session's API (examples/first_map), cold.
# Prints a Markdown table; keeps each run's map and stats.
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
#   EXAMPLES      folder of the release examples first_map and parse_floor
#                 (default: target/release/examples; skipped when missing)
#
# aider-tui's tag store goes to $BENCH_OUT/xdg-cache (XDG_CACHE_HOME), emptied
# with the tree's .aider-tui/ before each cold run.
set -euo pipefail

TREES_DIR="${BENCH_TREES:-$PWD/bench-trees}"
TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
AIDER_TUI="${AIDER_TUI:-$TARGET_DIR/release/aider-tui}"
AIDER="${AIDER:-aider}"
MAP_TOKENS="${MAP_TOKENS:-1024}"
WARM_RUNS="${WARM_RUNS:-3}"
OUT="${BENCH_OUT:-$PWD/bench-out}"
EXAMPLES="${EXAMPLES:-$TARGET_DIR/release/examples}"
mkdir -p "$OUT"
export XDG_CACHE_HOME="$OUT/xdg-cache"
cold_start() { rm -rf "$XDG_CACHE_HOME" "$1/.aider-tui"; }

if [ ! -x "$AIDER_TUI" ]; then
    echo "no aider-tui binary at $AIDER_TUI (build with: cargo build --release)" >&2
    exit 2
fi
have_aider=false
if [ "$AIDER" != none ] && command -v "$AIDER" >/dev/null 2>&1; then
    have_aider=true
fi

# Runs a command under /usr/bin/time -v; prints "seconds peak_mib cpu_seconds".
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
        /User time/ { cpu += $2 }
        /System time/ { cpu += $2 }
        END { printf "%.2f %.0f %.2f\n", secs, rss, cpu }' "$log.time"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

printf '| tree | files mapped | aider-tui cold (CPU) | aider-tui warm | aider-tui peak MiB (cold) | map tokens | parse floor | floor + tags | first map (cold) | Aider cold (CPU) | Aider warm | Aider peak MiB | cold speed-up |\n'
printf '|---|---|---|---|---|---|---|---|---|---|---|---|---|\n'

trees=("$@")
if [ ${#trees[@]} -eq 0 ]; then
    mapfile -t trees < <(ls "$TREES_DIR")
fi
for tree in "${trees[@]}"; do
    dir="$TREES_DIR/$tree"
    [ -d "$dir" ] || { echo "no tree $dir" >&2; continue; }

    cold_start "$dir"
    read -r cold_s cold_mib cold_cpu < <(measure "$OUT/$tree.tui-cold" "$AIDER_TUI" map --root "$dir" --map-tokens "$MAP_TOKENS" --stats)
    files=$(sed -n 's/^files: \([0-9]*\).*/\1/p' "$OUT/$tree.tui-cold.err")
    tokens=$(sed -n 's/^tokens: \([0-9]*\).*/\1/p' "$OUT/$tree.tui-cold.err")
    warm_s=$(for run in $(seq "$WARM_RUNS"); do
        measure "$OUT/$tree.tui-warm$run" "$AIDER_TUI" map --root "$dir" --map-tokens "$MAP_TOKENS" --stats | cut -d' ' -f1
    done | median)

    floor="-" floor_tags="-" first="-"
    if [ -x "$EXAMPLES/parse_floor" ]; then
        "$EXAMPLES/parse_floor" --root "$dir" >"$OUT/$tree.floor.out" 2>&1 || true
        floor=$(sed -n 's/.*parse only: \([0-9.]*s\).*/\1/p' "$OUT/$tree.floor.out")
        floor_tags=$(sed -n 's/.*parse + tags query: \([0-9.]*s\).*/\1/p' "$OUT/$tree.floor.out")
    fi
    if [ -x "$EXAMPLES/first_map" ]; then
        cold_start "$dir"
        "$EXAMPLES/first_map" --root "$dir" >"$OUT/$tree.first.out" 2>&1 || true
        first=$(sed -n 's/^ *\([0-9.]*\)s  first map.*/\1s/p' "$OUT/$tree.first.out")
    fi

    aider_cold="-" aider_warm="-" aider_mib="-" speedup="-"
    if $have_aider; then
        if [ ! -d "$dir/.git" ]; then
            (cd "$dir" && git init -q && git add -A && git -c user.name=bench -c user.email=bench@localhost commit -qm tree)
        fi
        rm -rf "$dir/.aider.tags.cache.v4"
        aider_command=(env -C "$dir" "$AIDER" --model gpt-4o --show-repo-map --map-tokens "$MAP_TOKENS" --no-gitignore
            --no-check-update --no-analytics --no-show-release-notes --no-show-model-warnings --yes-always)
        read -r aider_cold aider_mib aider_cpu < <(measure "$OUT/$tree.aider-cold" "${aider_command[@]}" </dev/null)
        aider_warm=$(for run in $(seq "$WARM_RUNS"); do
            measure "$OUT/$tree.aider-warm$run" "${aider_command[@]}" </dev/null | cut -d' ' -f1
        done | median)
        speedup=$(awk -v a="$aider_cold" -v b="$cold_s" 'BEGIN { if (b > 0) printf "%.0f×", a / b; else print "-" }')
    fi
    printf '| %s | %s | %ss (%ss) | %ss | %s | %s | %s | %s | %s | %ss (%ss) | %ss | %s | %s |\n' \
        "$tree" "$files" "$cold_s" "$cold_cpu" "$warm_s" "$cold_mib" "$tokens" "$floor" "$floor_tags" "$first" "$aider_cold" "${aider_cpu:--}" "$aider_warm" "$aider_mib" "$speedup"
done
