#!/usr/bin/env bash
# Fetches real public source trees for the repo-map benchmark, through the package
# registries' own clients (cargo, pip, npm, apt). Nothing here is tied to one
# machine: trees land in $BENCH_TREES (default: ./bench-trees next to the caller).
#
#   benches/repomap/fetch.sh [tree...]     trees: tokio ansible django typescript
#                                          playwright rxjs moby moby-source linux
#                                          (default: all but linux)
#
# moby is Debian's golang-github-docker-docker-dev (the importable Go packages);
# moby-source is Debian's docker.io source package (orig tarball, fetched with
# `apt-get source` through a private deb-src list, so the system's apt setup is
# left alone).
set -euo pipefail

TREES_DIR="${BENCH_TREES:-$PWD/bench-trees}"
DOWNLOADS="$TREES_DIR/.downloads"
mkdir -p "$TREES_DIR" "$DOWNLOADS"

log() { printf '[fetch] %s\n' "$*" >&2; }

# Unpacks an archive into $TREES_DIR/$name (replacing it), stripping one level.
unpack() {
    local archive="$1" name="$2"
    rm -rf "${TREES_DIR:?}/$name"
    mkdir -p "$TREES_DIR/$name"
    tar -xf "$archive" -C "$TREES_DIR/$name" --strip-components=1
}

fetch_tokio() {
    # A throwaway Cargo project depending on tokio; `cargo vendor` gets the crate source.
    local project="$DOWNLOADS/tokio-project"
    rm -rf "$project"
    mkdir -p "$project/src"
    printf '[package]\nname = "fetch-tokio"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\ntokio = { version = "1", features = ["full"] }\n' >"$project/Cargo.toml"
    printf 'fn main() {}\n' >"$project/src/main.rs"
    (cd "$project" && cargo vendor --quiet --versioned-dirs vendor >/dev/null)
    local crate
    crate=$(ls -d "$project"/vendor/tokio-1.* | head -n 1)
    rm -rf "$TREES_DIR/tokio"
    cp -r "$crate" "$TREES_DIR/tokio"
}

fetch_pypi_sdist() {
    local package="$1" name="$2"
    rm -f "$DOWNLOADS/$package"-*.tar.gz "$DOWNLOADS/${package,,}"-*.tar.gz
    python3 -m pip download --quiet --no-deps --no-binary :all: --dest "$DOWNLOADS" "$package"
    local archive
    archive=$(ls "$DOWNLOADS"/*.tar.gz | grep -i "/${package//-/[-_]}-[0-9]" | head -n 1)
    unpack "$archive" "$name"
}

fetch_npm() {
    local package="$1" name="$2"
    local archive
    archive=$(cd "$DOWNLOADS" && npm pack --silent "$package" | tail -n 1)
    unpack "$DOWNLOADS/$archive" "$name"
}

fetch_deb() {
    local package="$1"
    (cd "$DOWNLOADS" && apt-get download "$package" >/dev/null)
    ls "$DOWNLOADS/${package}"_*.deb | head -n 1
}

fetch_moby() {
    # Debian packages moby's Go source as golang-github-docker-docker-dev.
    local deb extracted
    deb=$(fetch_deb golang-github-docker-docker-dev)
    extracted="$DOWNLOADS/moby-deb"
    rm -rf "$extracted"
    dpkg-deb -x "$deb" "$extracted"
    rm -rf "$TREES_DIR/moby"
    cp -r "$extracted/usr/share/gocode/src/github.com/docker/docker" "$TREES_DIR/moby"
}

fetch_moby_source() {
    local state="$DOWNLOADS/apt-src" codename archive
    codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-stable}")
    mkdir -p "$state/lists/partial" "$state/cache/archives/partial"
    echo "deb-src http://deb.debian.org/debian $codename main" >"$state/sources.list"
    local apt_options=(-q -o "Dir::Etc::SourceList=$state/sources.list" -o Dir::Etc::SourceParts=/dev/null
        -o "Dir::State::Lists=$state/lists" -o "Dir::Cache=$state/cache")
    apt-get "${apt_options[@]}" update >/dev/null
    (cd "$DOWNLOADS" && apt-get "${apt_options[@]}" source --download-only docker.io >/dev/null)
    archive=$(ls "$DOWNLOADS"/docker.io_*.orig.tar.* | head -n 1)
    unpack "$archive" moby-source
}

fetch_linux() {
    local deb extracted archive
    deb=$(fetch_deb linux-source-6.1)
    extracted="$DOWNLOADS/linux-deb"
    rm -rf "$extracted"
    dpkg-deb -x "$deb" "$extracted"
    archive=$(ls "$extracted"/usr/src/linux-source-*.tar.xz | head -n 1)
    unpack "$archive" linux
    # Debian's tree ignores `/*` in its top-level .gitignore; upstream Linux is a
    # git tree where every source file is tracked. Track them (no commit needed:
    # both tools read the index).
    (cd "$TREES_DIR/linux" && git init -q && git add -f -A .)
}

trees=("$@")
if [ ${#trees[@]} -eq 0 ]; then
    trees=(tokio ansible django typescript playwright rxjs moby moby-source)
fi
for tree in "${trees[@]}"; do
    log "fetching $tree into $TREES_DIR/$tree"
    case "$tree" in
        tokio) fetch_tokio ;;
        ansible) fetch_pypi_sdist ansible-core ansible ;;
        django) fetch_pypi_sdist Django django ;;
        typescript) fetch_npm typescript typescript ;;
        playwright) fetch_npm playwright-core playwright ;;
        rxjs) fetch_npm rxjs rxjs ;;
        moby) fetch_moby ;;
        moby-source) fetch_moby_source ;;
        linux) fetch_linux ;;
        *) log "unknown tree: $tree"; exit 2 ;;
    esac
    log "$tree: $(find "$TREES_DIR/$tree" -type f | wc -l) files"
done
