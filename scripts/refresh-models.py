#!/usr/bin/env python3
"""Regenerates the model tables aider-tui bundles, from litellm's and Aider's packages.

    python3 scripts/refresh-models.py                      # the litellm and aider-chat installed for this Python
    python3 scripts/refresh-models.py --litellm PATH       # a litellm package folder or its JSON file
    python3 scripts/refresh-models.py --aider PATH         # an aider package folder or its model-settings.yml

Writes, under assets/:
  litellm-models.json        litellm's model table, cut to the chat and responses models and
                             to the fields aider-tui reads (same field names, same shape;
                             a field at what aider-tui assumes when it is absent is left out:
                             mode "chat", a false supports_*, max_tokens beside both limits)
  aider-model-settings.yml   Aider's per-model settings, as Aider ships them
  model-data.version         where both came from: package versions, file hashes, the date

Only the standard library is used; nothing is fetched from the network. Install the
packages first, e.g. `python3 -m venv /tmp/venv && /tmp/venv/bin/pip install --no-deps
litellm aider-chat`, then run this script with that venv's python (or pass the paths).
"""

import argparse
import datetime
import hashlib
import importlib.metadata
import importlib.util
import json
import pathlib
import re
import sys

LITELLM_FILE = "model_prices_and_context_window_backup.json"
AIDER_FILE = "model-settings.yml"

# The modes a chat client can use.
MODES = {"chat", "responses"}

# The fields aider-tui reads; every other field of litellm's table is left out.
FIELDS = [
    "litellm_provider",
    "mode",
    "max_input_tokens",
    "max_output_tokens",
    "max_tokens",
    "input_cost_per_token",
    "output_cost_per_token",
    "cache_read_input_token_cost",
    "cache_creation_input_token_cost",
    "supports_vision",
    "supports_reasoning",
    "supports_prompt_caching",
    "supports_assistant_prefill",
    "supports_system_messages",
]
# Prices for long prompts (a whole request above the threshold is priced at them).
TIERED = re.compile(
    r"^(input_cost_per_token|output_cost_per_token|cache_read_input_token_cost)_above_(128|200|272)k_tokens$"
)


def find_package(name):
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        sys.exit(f"refresh-models: the {name} package is not installed for {sys.executable}; pass its path")
    return pathlib.Path(list(spec.submodule_search_locations)[0])


def package_version(folder, distribution):
    """The version in the dist-info next to a package folder, else the installed one."""
    for info in folder.parent.glob(f"{distribution.replace('-', '_')}-*.dist-info"):
        return info.name.removesuffix(".dist-info").split("-")[1]
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def locate(given, package, distribution, file_name, subfolder=""):
    """(the data file, the package version) for a path or the installed package."""
    path = pathlib.Path(given) if given else find_package(package)
    if path.is_dir():
        folder = path
        path = path / subfolder / file_name
        version = package_version(folder, distribution)
    else:
        version = "unknown (a file was given)"
    if not path.is_file():
        sys.exit(f"refresh-models: {path} does not exist")
    return path, version


def cut(table):
    kept = {}
    for name, entry in table.items():
        if not isinstance(entry, dict) or entry.get("mode") not in MODES:
            continue
        small = {}
        for field, value in entry.items():
            if value is None or not (field in FIELDS or TIERED.match(field)):
                continue
            # What aider-tui assumes when a field is absent is left out.
            if field == "mode" and value == "chat":
                continue
            if field.startswith("supports_") and value is False and field != "supports_system_messages":
                continue
            if field == "max_tokens" and entry.get("max_input_tokens") and entry.get("max_output_tokens"):
                continue
            small[field] = value
        # An entry that gives no limit and no price is not a model (a tool's price list).
        if not any(field.startswith("max_") or "cost" in field for field in small):
            continue
        kept[name] = small
    return kept


def write_table(table, path):
    # One model a line: small diffs when the table is refreshed.
    lines = [f"{json.dumps(name)}:{json.dumps(entry, sort_keys=True, separators=(',', ':'))}"
             for name, entry in sorted(table.items())]
    path.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")


def sha256(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--litellm", help="litellm package folder or its " + LITELLM_FILE)
    parser.add_argument("--aider", help="aider package folder or its " + AIDER_FILE)
    parser.add_argument("--out", default=str(pathlib.Path(__file__).resolve().parent.parent / "assets"))
    args = parser.parse_args()
    out = pathlib.Path(args.out)

    litellm_path, litellm_version = locate(args.litellm, "litellm", "litellm", LITELLM_FILE)
    aider_path, aider_version = locate(args.aider, "aider", "aider-chat", AIDER_FILE, "resources")

    table = json.loads(litellm_path.read_text(encoding="utf-8"))
    kept = cut(table)
    write_table(kept, out / "litellm-models.json")
    (out / "aider-model-settings.yml").write_bytes(aider_path.read_bytes())
    today = datetime.date.today().isoformat()
    (out / "model-data.version").write_text(
        "# Where the bundled model tables come from (written by scripts/refresh-models.py).\n"
        f"litellm = \"{litellm_version}\"\n"
        f"litellm_file = \"{LITELLM_FILE}\"\n"
        f"litellm_sha256 = \"{sha256(litellm_path)}\"\n"
        f"litellm_models = {len(table)}\n"
        f"litellm_models_kept = {len(kept)}\n"
        f"aider_chat = \"{aider_version}\"\n"
        f"aider_file = \"aider/resources/{AIDER_FILE}\"\n"
        f"aider_sha256 = \"{sha256(aider_path)}\"\n"
        f"generated = \"{today}\"\n",
        encoding="utf-8",
    )
    print(f"refresh-models: kept {len(kept)} of {len(table)} litellm models ({litellm_version}); "
          f"Aider's settings from aider-chat {aider_version}")


if __name__ == "__main__":
    main()
