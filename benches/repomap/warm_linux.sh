#!/bin/sh
# Times warm `aider-tui map --stats` runs (a new process each, tag store on disk,
# nothing changed) and prints wall, CPU seconds, peak memory and the --stats
# breakdown of each; the map text goes to $OUT/map-N.txt for comparison.
# Usage: warm_linux.sh BINARY ROOT RUNS [extra map arguments...]
# The tag store is $XDG_CACHE_HOME/aider-tui/tags: set XDG_CACHE_HOME to pick one.
set -eu
binary=$1 root=$2 runs=$3
shift 3
out=${OUT:-/tmp/warm-bench}
mkdir -p "$out"
run=1
while [ "$run" -le "$runs" ]; do
    /usr/bin/time -f 'wall %e s  user %U s  sys %S s  peak %M KiB' \
        "$binary" map --root "$root" --stats "$@" >"$out/map-$run.txt" 2>"$out/err-$run.txt"
    printf 'run %s (load %s): %s | %s\n' "$run" "$(cut -d' ' -f1 /proc/loadavg)" \
        "$(tail -1 "$out/err-$run.txt")" "$(grep '^list:' "$out/err-$run.txt")"
    run=$((run + 1))
done
