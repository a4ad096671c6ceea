#!/usr/bin/env python3
"""Writes the seed corpus of each fuzz target (fuzz/run.sh reads them, read-only).

Seeds come from data/, the test fixtures and the shared corpus (JSONTestSuite, yaml-test-suite,
the upstream catalog), in the input shape of each target (Tests/ChoosyDataTests/Fuzz/FuzzTarget.swift):
`url` takes `format` then `name=value` lines; `lint` and `fmt` take a byte that picks JSON (even) or
YAML (odd), then the file.
"""

import glob
import hashlib
import json
import os
import re
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
URL_FORMAT = re.compile(r'url_format"?\s*:\s*"?((?:[^"\\\n]|\\.)*)"?')


def files(*patterns):
    found = []
    for pattern in patterns:
        found += [path for path in glob.glob(pattern, recursive=True) if os.path.isfile(path)]
    return sorted(set(found))


def write(directory, data):
    with open(os.path.join(directory, hashlib.sha1(data).hexdigest()), "wb") as file:
        file.write(data)


def read(path):
    with open(path, "rb") as file:
        return file.read()


def main():
    out = sys.argv[1]
    corpus = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "..", "shared", "corpus")
    fixtures = os.path.join(ROOT, "Tests", "ChoosyDataTests", "Fixtures")
    catalogs = [os.path.join(ROOT, "data"), fixtures, os.path.join(corpus, "upstream-choosy-data")]
    json_files = files(*[os.path.join(c, "**", "*.json") for c in catalogs],
                       os.path.join(corpus, "JSONTestSuite", "test_parsing", "*.json"))
    yaml_files = files(*[os.path.join(c, "**", "*.y*ml") for c in catalogs],
                       os.path.join(corpus, "yaml-test-suite", "**", "in.yaml"))
    configs = files(*[os.path.join(c, "**", ".choosy-data.yml") for c in catalogs])
    catalog_files = [path for path in json_files + yaml_files if "test_parsing" not in path and "yaml-test-suite" not in path]

    targets = {name: os.path.join(out, name) for name in ("json", "yaml", "url", "config", "fmt", "lint")}
    for directory in targets.values():
        shutil.rmtree(directory, ignore_errors=True)
        os.makedirs(directory)
    for path in json_files:
        write(targets["json"], read(path))
    for path in yaml_files:
        write(targets["yaml"], read(path))
    for path in configs:
        write(targets["config"], read(path))
    for path in catalog_files:
        for target in ("lint", "fmt"):
            write(targets[target], (b"1" if path.endswith(("yaml", "yml")) else b"0") + read(path))
        for match in URL_FORMAT.finditer(read(path).decode("utf-8", "replace")):
            text = match.group(1)
            try:
                text = json.loads(f'"{text}"')
            except ValueError:
                pass
            names = sorted(set(re.findall(r"\{\{([a-z0-9_]+)\}\}", text)))
            values = "".join(f"\n{name}=a b&c/é?{index}" for index, name in enumerate(names))
            write(targets["url"], (text + values).encode())
    for name, directory in targets.items():
        print(f"seeds for {name}: {len(os.listdir(directory))}")


if __name__ == "__main__":
    main()
