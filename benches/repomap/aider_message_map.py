#!/usr/bin/env python3
"""Aider's repo map for one message, the way Aider's chat builds it: a Coder
with the chat files, the message as the current user message, then
`Coder.get_repo_map()` (which takes the message's file mentions, every word as
a mentioned identifier, and file names matching those words). Run with the
Python that has aider-chat installed; no API key is needed (nothing is sent).

    aider_message_map.py --root DIR --message-file FILE [--chat-file REL]...
                         --map-tokens N [N ...] --out FILE

Writes one JSON object to FILE: {"CHAT N": map text, ...} for each chat file
given ("" for none, always done) and each --map-tokens value (the setting, as
`aider --map-tokens N`: with no chat file Aider's map is up to 8N). One process
makes them all: importing Aider takes seconds. Aider's own output goes to stdout. litellm is told to use its local
model table (this machine reaches no other host).
"""
import argparse
import json
import os


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--message-file", required=True)
    parser.add_argument("--chat-file", action="append", default=[])
    parser.add_argument("--map-tokens", type=int, nargs="+", required=True)
    parser.add_argument("--model", default="gpt-4o")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    root = os.path.abspath(args.root)
    os.chdir(root)
    # Imported late: the import itself takes a while and is not needed for --help.
    from aider.coders import Coder
    from aider.io import InputOutput
    from aider.models import Model
    from aider.repo import GitRepo

    with open(args.message_file, encoding="utf-8") as handle:
        message = handle.read()
    io = InputOutput(pretty=False, yes=True, fancy_input=False)
    model = Model(args.model)
    maps = {}
    for chat in [""] + args.chat_file:
        fnames = [os.path.join(root, chat)] if chat else []
        repo = GitRepo(io, fnames, root)
        for tokens in args.map_tokens:
            coder = Coder.create(main_model=model, io=io, fnames=fnames, repo=repo, map_tokens=tokens,
                                 use_git=True, show_diffs=False, suggest_shell_commands=False)
            coder.cur_messages = [dict(role="user", content=message)]
            maps[f"{chat} {tokens}"] = coder.get_repo_map() or ""
    with open(args.out, "w", encoding="utf-8") as handle:
        json.dump(maps, handle)


if __name__ == "__main__":
    main()
