#!/usr/bin/env python3
"""Writes the seed corpus of each fuzz target (fuzz/run.sh reads them, read-only).

Files are named by their SHA-1 and written atomically, and a directory is brought to the wanted
set rather than emptied first, so two runs of fuzz/run.sh started at once (two targets on two
cores) agree instead of deleting each other's directories.

Seeds come from data/, the test fixtures and the shared corpus (JSONTestSuite, yaml-test-suite,
the upstream catalog), in the input shape of each target (Tests/ChoosyToolsTests/Fuzz/FuzzTarget.swift):
`url` takes `format` then `name=value` lines; `lint` and `fmt` take a byte that picks JSON (even) or
YAML (odd), then the file.
"""

import glob
import hashlib
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
URL_FORMAT = re.compile(r'url_format"?\s*:\s*"?((?:[^"\\\n]|\\.)*)"?')


def files(*patterns):
    found = []
    for pattern in patterns:
        found += [path for path in glob.glob(pattern, recursive=True) if os.path.isfile(path)]
    return sorted(set(found))


def sync_directory(directory, wanted):
    """Makes `directory` hold exactly `wanted` (file name to bytes)."""
    os.makedirs(directory, exist_ok=True)
    for stale in set(os.listdir(directory)) - set(wanted):
        try:
            os.remove(os.path.join(directory, stale))
        except FileNotFoundError:
            pass
    for name, data in wanted.items():
        path = os.path.join(directory, name)
        if not os.path.exists(path):
            # Beside the directory, not in it: another run's clean-up would take it for stale.
            temporary = os.path.join(os.path.dirname(directory), f".{name}.{os.getpid()}.tmp")
            with open(temporary, "wb") as file:
                file.write(data)
            os.replace(temporary, path)


def read(path):
    with open(path, "rb") as file:
        return file.read()


def main():
    out = sys.argv[1]
    corpus = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "..", "shared", "corpus")
    fixtures = os.path.join(ROOT, "Tests")  # every test target's Fixtures and the shared Tests/Fixtures
    catalogs = [os.path.join(ROOT, "data"), fixtures, os.path.join(corpus, "upstream-choosy-data")]
    json_files = files(*[os.path.join(c, "**", "*.json") for c in catalogs],
                       os.path.join(corpus, "JSONTestSuite", "test_parsing", "*.json"))
    yaml_files = files(*[os.path.join(c, "**", "*.y*ml") for c in catalogs],
                       os.path.join(corpus, "yaml-test-suite", "**", "in.yaml"))
    configs = files(*[os.path.join(c, "**", ".choosy-data.yml") for c in catalogs])
    catalog_files = [path for path in json_files + yaml_files if "test_parsing" not in path and "yaml-test-suite" not in path]

    seeds = {name: {} for name in ("json", "yaml", "url", "config", "fmt", "lint")}

    def add(target, data):
        seeds[target][hashlib.sha1(data).hexdigest()] = data

    for path in json_files:
        add("json", read(path))
    # Shapes whose recovery once went wrong: items after a string cut short (quadratic), and a
    # stray '}' inside an array of objects (it closed the array).
    add("json", b'["a\n' + b" " * 200 + b"1 " * 200 + b"]")
    add("json", b'[{"apps": [{"key": "a"}}, {"key": "b"}], "key": "t"}]')
    for path in yaml_files:
        add("yaml", read(path))
    for path in configs:
        add("config", read(path))
    for path in catalog_files:
        for target in ("lint", "fmt"):
            add(target, (b"1" if path.endswith(("yaml", "yml")) else b"0") + read(path))
        for match in URL_FORMAT.finditer(read(path).decode("utf-8", "replace")):
            text = match.group(1)
            try:
                text = json.loads(f'"{text}"')
            except ValueError:
                pass
            names = sorted(set(re.findall(r"\{\{([a-z0-9_]+)\}\}", text)))
            values = "".join(f"\n{name}=a b&c/é?{index}" for index, name in enumerate(names))
            add("url", (text + values).encode())
    for name, wanted in seeds.items():
        sync_directory(os.path.join(out, name), wanted)
        print(f"seeds for {name}: {len(wanted)}")


if __name__ == "__main__":
    main()
