#!/usr/bin/env python3
"""Writes a synthetic Choosy catalog shaped like the real one, deterministic from a seed.

A catalog is a directory with a `.choosy-data.yml` naming one layer, `app-data/`, holding one
file per app type (`<key>.json` or `<key>.yaml`), as the real server layer does. App types have
5-20 parameters and actions and enough apps to make each file about --file-kb kilobytes; apps
have url_formats that mix path and query placeholders. About one app type in twenty carries a
finding (an empty description, an undeclared placeholder, an unused parameter), as a catalog
under review does.

`--revision 2` writes the same catalog after a round of edits (changed url_formats, apps
removed and added, a new parameter, reworded descriptions), for benchmarking `diff`.

Only the standard library is used, so `make test` can run it without the bench venv.
"""

import argparse
import json
import os
import random
import re
import shutil

WORDS = (
    "open share post view show list search find compose send read edit note photo video map "
    "route place user profile message mail timeline status like follow page link album track "
    "playlist event calendar task reminder file folder document contact call chat channel room "
    "story feed board card item order cart product review rating ticket trip flight hotel"
).split()

SCHEMES = ["", "://", ":///", "://x-callback-url/"]


def words(rng, low, high):
    return [rng.choice(WORDS) for _ in range(rng.randint(low, high))]


def sentence(rng, low, high):
    text = " ".join(words(rng, low, high))
    return text[0].upper() + text[1:] + "."


def unique_keys(rng, count, prefix):
    keys = []
    while len(keys) < count:
        key = "_".join(words(rng, 1, 2))
        if len(keys) % 7 == 6:
            key = f"{key}_{prefix}{len(keys)}"
        if key not in keys:
            keys.append(key)
    return keys


def url_format(rng, scheme, action, parameters):
    """A url_format for `action`: some parameters in the path, some as query components."""
    chosen = rng.sample(parameters, k=min(len(parameters), rng.randint(0, 4)))
    in_path = chosen[: rng.randint(0, len(chosen))]
    in_query = chosen[len(in_path):]
    path = "/".join([action] + [f"{{{{{p}}}}}" for p in in_path])
    query = "&".join(f"{p}={{{{{p}}}}}" for p in in_query)
    if rng.random() < 0.3:
        query = "&".join(filter(None, [query, "x-success={{callback_url}}"]))
    return f"{scheme}{rng.choice(SCHEMES[1:])}{path}" + (f"?{query}" if query else "")


def app_type(rng, index, file_bytes):
    key = f"{rng.choice(WORDS)}_{index}"
    parameter_keys = unique_keys(rng, rng.randint(5, 20), "p") + ["callback_url"]
    action_keys = unique_keys(rng, rng.randint(5, 20), "a")
    parameters = [
        {"name": " ".join(words(rng, 1, 3)).title(), "key": p, "description": sentence(rng, 6, 24)}
        for p in parameter_keys
    ]
    actions = [{"name": sentence(rng, 2, 5)[:-1], "key": a} for a in action_keys]
    result = {"name": " ".join(words(rng, 1, 3)).title(), "key": key,
              "parameters": parameters, "actions": actions, "apps": []}
    used = set()
    size = len(json.dumps(result, indent=2))
    while size < file_bytes:
        # App keys are unique in the catalog: one key is one real app in every app type.
        app_key = f"{rng.choice(WORDS)}_{index}_{len(result['apps'])}"
        scheme = app_key.replace("_", "-")
        app_actions = []
        for action in rng.sample(action_keys, k=rng.randint(1, len(action_keys))):
            url = url_format(rng, scheme, action, parameter_keys[:-1])
            used.update(p for p in parameter_keys if f"{{{{{p}}}}}" in url)
            app_actions.append({"key": action, "url_format": url})
        app = {"name": " ".join(words(rng, 1, 3)).title(), "key": app_key,
               "app_url_scheme": f"{scheme}:", "source": f"https://example.com/{app_key}/url-scheme",
               "actions": app_actions}
        result["apps"].append(app)
        size += len(json.dumps(app, indent=4))
    # Every parameter is used somewhere, so the only unused-parameter findings are the planted ones.
    unused = [p for p in parameter_keys[:-1] if p not in used]
    if unused:
        first = result["apps"][0]["actions"][0]
        first["url_format"] += ("&" if "?" in first["url_format"] else "?") + "&".join(f"{p}={{{{{p}}}}}" for p in unused)
    if "callback_url" not in used:
        parameters.pop()
    plant_finding(rng, result)
    return result


def plant_finding(rng, app_type):
    """About one app type in twenty gets one mistake a contributor might make."""
    roll = rng.random()
    if roll < 0.02:
        app_type["parameters"][0]["description"] = ""
    elif roll < 0.04:
        app_type["apps"][-1]["actions"][0]["url_format"] += "/{{undeclared_value}}"
    elif roll < 0.05:
        app_type["parameters"].append({"name": "Spare", "key": "spare_value", "description": "Never used."})


def revise(rng, app_type):
    """One round of edits, as a later version of the catalog would have."""
    for app in app_type["apps"]:
        roll = rng.random()
        if roll < 0.05:
            app["actions"][0]["url_format"] = app["actions"][0]["url_format"].replace("://", ":///", 1)
        elif roll < 0.07:
            app["name"] += " Pro"
    if rng.random() < 0.2 and len(app_type["apps"]) > 1:
        del app_type["apps"][rng.randrange(len(app_type["apps"]))]
    if rng.random() < 0.2:
        app_type["parameters"][0]["description"] = sentence(rng, 6, 24)


PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9 _.,/-]*[A-Za-z0-9.]")


def yaml_scalar(value):
    # Plain where a person would write it plain; otherwise a JSON string, which YAML reads as a
    # double-quoted scalar.
    if isinstance(value, str) and PLAIN.fullmatch(value):
        return value
    return json.dumps(value, ensure_ascii=False)


def yaml_lines(value, indent):
    pad = "  " * indent
    if isinstance(value, list):
        for item in value:
            lines = list(yaml_lines(item, indent + 1))
            first = lines[0].lstrip()
            yield f"{pad}- {first}"
            yield from lines[1:]
    elif isinstance(value, dict):
        for key, member in value.items():
            if isinstance(member, (list, dict)) and member:
                yield f"{pad}{key}:"
                yield from yaml_lines(member, indent + (0 if isinstance(member, list) else 1))
            else:
                yield f"{pad}{key}: {yaml_scalar(member) if not isinstance(member, (list, dict)) else json.dumps(member)}"
    else:
        yield pad + yaml_scalar(value)


def serialise(document, form):
    if form == "json":
        return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    return "\n".join(yaml_lines(document, 0)) + "\n"


def generate(out, size_bytes, form, seed, revision, file_bytes):
    if os.path.exists(out):
        shutil.rmtree(out)
    layer = os.path.join(out, "app-data")
    os.makedirs(layer)
    with open(os.path.join(out, ".choosy-data.yml"), "w") as config:
        config.write("version: 1\nlayers:\n  - name: server\n    path: app-data\n")
    rng = random.Random(seed)
    edits = random.Random(seed * 7919 + revision)
    written = 0
    index = 0
    while written < size_bytes:
        document = app_type(rng, index, file_bytes)
        if revision > 1:
            revise(edits, document)
        text = serialise([document], "json")
        with open(os.path.join(layer, f"{document['key']}.{form}"), "w") as file:
            file.write(text if form == "json" else serialise([document], form))
        # Counted in JSON bytes, so that the YAML form of a size is the same catalog.
        written += len(text.encode())
        index += 1
    return written, index


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", help="directory to write the catalog to (replaced)")
    parser.add_argument("--size-kb", type=int, default=1024, help="total size of the catalog files")
    parser.add_argument("--format", choices=["json", "yaml"], default="json")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--revision", type=int, default=1)
    parser.add_argument("--file-kb", type=int, default=100, help="size of one app type's file")
    args = parser.parse_args()
    written, count = generate(args.out, args.size_kb * 1024, args.format, args.seed, args.revision,
                              min(args.file_kb, args.size_kb) * 1024)
    print(f"{args.out}: {count} app types, {written} bytes as JSON, written as {args.format}")


if __name__ == "__main__":
    main()
