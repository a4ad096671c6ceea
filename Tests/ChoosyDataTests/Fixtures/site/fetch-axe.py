"""Fetches axe-core (Deque's accessibility engine) for AccessibilityBrowserTests (run by `make test`).

Usage: fetch-axe.py OUT

npm, where axe-core is published, is out of this project's reach; PyPI carries axe-core 4.12.1's
axe.min.js inside the wheel of axe-playwright-python 0.1.8. This script downloads that pinned
wheel from PyPI, checks its SHA-256 and the script's, and writes the one file to OUT
(atomically). Nothing of it is committed: like python-jsonschema, it is a test oracle, and the
browser test injects it into each page it checks.
"""

import hashlib
import io
import json
import os
import sys
import tempfile
import urllib.request
import zipfile

PACKAGE = "axe-playwright-python"
VERSION = "0.1.8"
ARCHIVE = f"axe_playwright_python-{VERSION}-py3-none-any.whl"
ARCHIVE_SHA256 = "fdd263c998388f1a8e67cad02677e612d946248bd44d163be5e8650ea31f95f8"
MEMBER = "axe_playwright_python/axe.min.js"
MEMBER_SHA256 = "84494fec757e4710dc751c8d7a636e457f4532f08f85c86dc9070133fbff53bc"


def fail(message):
    print(f"fetch-axe.py: {message}", file=sys.stderr)
    sys.exit(1)


def wheel_url():
    """The wheel's address from PyPI's simple index (JSON form, PEP 691), which pip uses too."""
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
        with urllib.request.urlopen(wheel_url(), timeout=120) as response:
            archive = response.read()
    except OSError as error:
        fail(f"cannot download {PACKAGE} {VERSION} from PyPI ({error}); check the network and run make test again")
    digest = hashlib.sha256(archive).hexdigest()
    if digest != ARCHIVE_SHA256:
        fail(f"{PACKAGE} {VERSION} has SHA-256 {digest}, expected {ARCHIVE_SHA256}; refusing to use it")
    with zipfile.ZipFile(io.BytesIO(archive)) as wheel:
        script = wheel.read(MEMBER)
    if hashlib.sha256(script).hexdigest() != MEMBER_SHA256:
        fail(f"{MEMBER} is not the axe-core 4.12.1 this script expects; refusing to use it")
    directory = os.path.dirname(os.path.abspath(out))
    os.makedirs(directory, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=directory, delete=False) as temporary:
        temporary.write(script)
    os.chmod(temporary.name, 0o644)
    os.replace(temporary.name, out)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        fail("usage: fetch-axe.py OUT")
    main(sys.argv[1])
