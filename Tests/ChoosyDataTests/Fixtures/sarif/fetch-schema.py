"""Fetches the official SARIF 2.1.0 JSON schema for SARIFSchemaTests (run by `make test`).

Usage: fetch-schema.py OUT

OASIS publishes the schema at docs.oasis-open.org, which this project's machines cannot reach;
PyPI carries an exact copy inside cfn-lint's source distribution (its test fixtures). This script
downloads that pinned archive from PyPI, checks its SHA-256, and writes the one schema file to
OUT (atomically). Nothing of it is committed: it is a test oracle, like python-jsonschema.
"""

import hashlib
import io
import json
import os
import sys
import tarfile
import tempfile
import urllib.request

PACKAGE = "cfn-lint"
VERSION = "1.58.0"
ARCHIVE_SHA256 = "ba02cd7f7e06c8bc160936051a03ec931af52943fcc9cc72ad2748caa0f2a103"
ARCHIVE = f"cfn_lint-{VERSION}.tar.gz"
MEMBER = f"cfn_lint-{VERSION}/test/fixtures/schemas/sarif/schema-2.1.0.json"
TITLE = "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema"


def fail(message):
    print(f"fetch-schema.py: {message}", file=sys.stderr)
    sys.exit(1)


def sdist_url():
    """The archive's address from PyPI's simple index (JSON form, PEP 691), which pip uses too."""
    request = urllib.request.Request(f"https://pypi.org/simple/{PACKAGE}/",
                                     headers={"Accept": "application/vnd.pypi.simple.v1+json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        index = json.load(response)
    for file in index["files"]:
        if file["filename"] == ARCHIVE:
            return file["url"]
    fail(f"PyPI's index of {PACKAGE} has no {ARCHIVE}")


def main(out):
    try:
        with urllib.request.urlopen(sdist_url(), timeout=120) as response:
            archive = response.read()
    except OSError as error:
        fail(f"cannot download {PACKAGE} {VERSION} from PyPI ({error}); check the network and run make test again")
    digest = hashlib.sha256(archive).hexdigest()
    if digest != ARCHIVE_SHA256:
        fail(f"{PACKAGE} {VERSION} has SHA-256 {digest}, expected {ARCHIVE_SHA256}; refusing to use it")
    with tarfile.open(fileobj=io.BytesIO(archive), mode="r:gz") as tar:
        schema = tar.extractfile(MEMBER).read()
    if json.loads(schema).get("title") != TITLE:
        fail(f"{MEMBER} is not the SARIF 2.1.0 schema")
    directory = os.path.dirname(os.path.abspath(out))
    os.makedirs(directory, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=directory, delete=False) as temporary:
        temporary.write(schema)
    os.chmod(temporary.name, 0o644)
    os.replace(temporary.name, out)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        fail("usage: fetch-schema.py OUT")
    main(sys.argv[1])
