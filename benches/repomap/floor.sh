#!/usr/bin/env bash
# The cold map against tree-sitter's floor, in interleaved rounds: each round runs
# examples/parse_floor (parse + tags query, files already in memory), then every
# configuration's cold `aider-tui map` (tag store and .aider-tui/ removed first).
# On a shared machine a run's speed moves between minutes, so each map is also
# compared with its own round's floor. Prints, per configuration, the best run
# against the best floor and the median of the per-round ratios.
#
#   benches/repomap/floor.sh TREE ROUNDS 'LABEL|ENV|BINARY|ARGS' ...
#
# e.g. benches/repomap/floor.sh ../ansible 8 \
#        "history|X=1|target/release/aider-tui|" \
#        "no history|X=1|target/release/aider-tui|--map-history 0"
#
# ENV is one or more VAR=value words for the run (X=1 for none). The floor is
# $EXAMPLES/parse_floor (default target/release/examples). Raw runs go to
# $BENCH_OUT/floor-runs.txt (default ./bench-out).
set -euo pipefail

tree="$1"; rounds="$2"; shift 2
examples="${EXAMPLES:-$PWD/target/release/examples}"
out_dir="${BENCH_OUT:-$PWD/bench-out}"
mkdir -p "$out_dir"
runs="$out_dir/floor-runs.txt"
: > "$runs"
export XDG_CACHE_HOME="$out_dir/floor-xdg-cache"
for _ in $(seq "$rounds"); do
  floor=$("$examples/parse_floor" --root "$tree" | grep -o 'parse + tags query: [0-9.]*' | grep -o '[0-9.]*$')
  echo "floor|$floor" >> "$runs"
  for config in "$@"; do
    IFS='|' read -r label envs binary args <<< "$config"
    rm -rf "$XDG_CACHE_HOME" "$tree/.aider-tui"
    # shellcheck disable=SC2086 # ENV and ARGS are word lists
    /usr/bin/time -f "%e %U %S" -o "$out_dir/floor-time.txt" \
      env $envs "$binary" map --root "$tree" $args > /dev/null 2>&1
    read -r wall user system < "$out_dir/floor-time.txt"
    echo "$label|$wall|$(echo "$user + $system" | bc)" >> "$runs"
  done
done
python3 - "$runs" <<'PY'
import statistics, sys
rounds, current = [], None
for line in open(sys.argv[1]):
    label, *figures = line.rstrip("\n").split("|")
    if label == "floor":
        current = {"floor": float(figures[0])}
        rounds.append(current)
    else:
        current[label] = (float(figures[0]), float(figures[1]))
floors = [r["floor"] for r in rounds]
print(f"floor: best {min(floors):.2f} s, median {statistics.median(floors):.2f} s ({len(rounds)} rounds)")
for label in [k for k in rounds[0] if k != "floor"]:
    walls = [r[label][0] for r in rounds]
    cpus = [r[label][1] for r in rounds]
    ratios = [r[label][0] / r["floor"] for r in rounds]
    print(
        f"{label}: best {min(walls):.2f} s ({min(walls) / min(floors):.2f}x the best floor), "
        f"median of round ratios {statistics.median(ratios):.2f}x [{min(ratios):.2f}-{max(ratios):.2f}], "
        f"CPU median {statistics.median(cpus):.2f} s"
    )
PY
