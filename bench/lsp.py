#!/usr/bin/env python3
"""Times `choosy-data lsp` as an editor drives it, on generated catalogs (bench/generate.py).

A scripted client (standard library only) starts the server on a catalog, opens its largest
file and asks, at places found in its text: hover on a {{placeholder}}, completion inside a
url_format's `{{`, definition of a placeholder, and the document's symbols — each `--requests`
times while the server is idle (the diagnostics of the text published), as many times right
after a keystroke, and as many `--lint-delay` seconds after one, while the server lints.
Then it types a character every `--typing-interval` seconds for `--typing-seconds` and
records when diagnostics arrive: the longest wait for a publication while typing, and the
time from the last keystroke to the diagnostics of the final text. Peak RSS is read from
/proc at the end. `--smoke` runs everything once on a tiny catalog, checks that every request
is answered and writes nothing: `make test` runs it so the bench never rots.
"""

import argparse
import json
import os
import re
import select
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


class Client:
    """An LSP client over the server's standard input and output."""

    def __init__(self, argv, cwd):
        self.process = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        self.buffer = b""
        self.next_id = 0
        self.notifications = []

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def read(self, timeout):
        """The next message, or None after `timeout` seconds without one."""
        deadline = time.monotonic() + timeout
        while True:
            header_end = self.buffer.find(b"\r\n\r\n")
            if header_end >= 0:
                length = int(re.search(rb"Content-Length: *(\d+)", self.buffer[:header_end]).group(1))
                if len(self.buffer) >= header_end + 4 + length:
                    body = self.buffer[header_end + 4:header_end + 4 + length]
                    self.buffer = self.buffer[header_end + 4 + length:]
                    # The server's part ends when the body is in: decoding it is the client's.
                    self.received_at = time.monotonic()
                    return json.loads(body)
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.process.stdout], [], [], left)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 1 << 20)
                if not chunk:
                    raise RuntimeError("the server closed its output")
                self.buffer += chunk

    def request(self, method, params, timeout=120):
        """The result of a request and the seconds until its answer was in (before the client
        decodes it: 11 ms of Python for the 670 KB outline of a 400 KB file); notifications
        meanwhile are kept."""
        self.next_id += 1
        started = time.monotonic()
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            message = self.read(timeout)
            if message is None:
                raise RuntimeError(f"no answer to {method} in {timeout} s")
            if message.get("id") == self.next_id and "method" not in message:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result"), self.received_at - started
            self.notifications.append((time.monotonic(), message))

    def peak_rss_kb(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        return 0

    def close(self):
        try:
            self.request("shutdown", None, timeout=30)
            self.notify("exit", None)
            self.process.wait(timeout=30)
        finally:
            if self.process.poll() is None:
                self.process.kill()


def position(text, offset):
    """The LSP position (UTF-16) of a character offset of `text`."""
    line = text.count("\n", 0, offset)
    start = text.rfind("\n", 0, offset) + 1
    return {"line": line, "character": len(text[start:offset].encode("utf-16-le")) // 2}


def places(text):
    """Where the requests point: inside a placeholder's name, and right after a `{{`."""
    match = re.search(r'\{\{([a-z][a-z0-9_]*)\}\}', text)
    if match is None:
        raise RuntimeError("the file holds no placeholder")
    return {"placeholder": position(text, match.start(1) + 1), "braces": position(text, match.start() + 2)}


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def measure(binary, catalog, requests, typing_seconds, typing_interval, lint_delay):
    files = [os.path.join(catalog, "app-data", name) for name in os.listdir(os.path.join(catalog, "app-data"))]
    path = max(files, key=os.path.getsize)
    text = open(path, encoding="utf-8").read()
    uri = "file://" + path
    client = Client([binary, "lsp", "-C", catalog], cwd=catalog)
    try:
        client.request("initialize", {"processId": os.getpid(), "rootUri": "file://" + catalog, "capabilities": {}})
        client.notify("initialized", {})
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}})
        where = places(text)
        asks = {
            "hover": ("textDocument/hover", {"textDocument": {"uri": uri}, "position": where["placeholder"]}),
            "completion": ("textDocument/completion", {"textDocument": {"uri": uri}, "position": where["braces"]}),
            "definition": ("textDocument/definition", {"textDocument": {"uri": uri}, "position": where["placeholder"]}),
            "documentSymbol": ("textDocument/documentSymbol", {"textDocument": {"uri": uri}}),
        }
        version = 1
        # What is typed: a space at the end of the file, which changes no finding.
        end = position(text, len(text))

        def type_space():
            nonlocal version
            version += 1
            client.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": {"start": end, "end": end}, "text": " "}],
            })

        def settle():
            """Waits for the diagnostics of the current text, and a moment for what follows them."""
            while not any(message.get("method") == "textDocument/publishDiagnostics" and message["params"].get("version") == version
                          for _, message in client.notifications):
                message = client.read(120)
                if message is None:
                    raise RuntimeError("no diagnostics in 120 s")
                client.notifications.append((time.monotonic(), message))
            time.sleep(0.3)

        timings = {}
        for name, (method, params) in asks.items():
            settle()
            result, _ = client.request(method, params)
            if result is None or result == []:
                raise RuntimeError(f"{name} answered nothing at {params.get('position')}")
            idle = [client.request(method, params)[1] for _ in range(requests)]
            after_keystroke, while_linting = [], []
            for _ in range(requests):
                type_space()
                after_keystroke.append(client.request(method, params)[1])
                # The lint starts when the debounce (0.15 s) has passed.
                type_space()
                time.sleep(lint_delay)
                while_linting.append(client.request(method, params)[1])
            timings[name] = (idle, after_keystroke, while_linting)

        # Typing steadily: when diagnostics of the document arrive.
        client.notifications.clear()
        started = time.monotonic()
        keystrokes = []
        while time.monotonic() - started < typing_seconds:
            type_space()
            keystrokes.append(time.monotonic())
            deadline = time.monotonic() + typing_interval
            while (left := deadline - time.monotonic()) > 0:
                message = client.read(left)
                if message is not None:
                    client.notifications.append((time.monotonic(), message))
        last_keystroke = keystrokes[-1]

        def final_publication():
            return next((at for at, message in client.notifications
                         if message.get("method") == "textDocument/publishDiagnostics" and message["params"].get("version") == version), None)

        final = final_publication()
        while final is None:
            message = client.read(120)
            if message is None:
                raise RuntimeError("no diagnostics of the final text in 120 s")
            client.notifications.append((time.monotonic(), message))
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"].get("version") == version:
                final = time.monotonic()
        published = [at for at, message in client.notifications if message.get("method") == "textDocument/publishDiagnostics"]
        while_typing = [at for at in published if at <= last_keystroke]
        gaps = [later - earlier for earlier, later in zip([started] + while_typing, while_typing + [last_keystroke])]
        rss = client.peak_rss_kb()
    finally:
        client.close()
    return {
        "timings": timings,
        "longest_wait_while_typing": max(gaps),
        "publications_while_typing": len(while_typing),
        "after_last_keystroke": final - last_keystroke,
        "rss_mb": rss / 1024,
        "catalog_mb": sum(os.path.getsize(file) for file in files) / 1e6,
    }


HEADER = """# The language server under a scripted client (bench/lsp.py)

Written by `make bench`: release build, on the machine it ran on. Each catalog is made by
bench/generate.py (40 files), its largest file opened. Each request is asked {requests} times with
the server idle (the diagnostics of the text published), {requests} times right after a keystroke,
and {requests} times {lint_delay} s after one (the lint starts 0.15 s after the keystroke), timed
until its answer is in. Then a keystroke every {typing_interval} s for {typing_seconds} s: the
longest wait for a publication of diagnostics, and the time from the last keystroke to the
diagnostics of the final text. Peak RSS from /proc. The history of these figures is in
bench/README.md ("Issue 38").
"""


def table(results):
    lines = [
        "| catalog | request | idle median | idle p95 | after a keystroke median | p95 | while linting median | p95 |",
        "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for size, result in results:
        for name, samples in result["timings"].items():
            cells = [1000 * percentile(values, fraction) for values in samples for fraction in (0.5, 0.95)]
            lines.append(f"| {size} MB | {name} | " + " | ".join(f"{cell:.1f} ms" for cell in cells) + " |")
    lines += [
        "",
        "| catalog | longest wait for diagnostics while typing | publications while typing | diagnostics after the last key | peak RSS | RSS / catalog |",
        "| ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for size, result in results:
        lines.append(
            f"| {size} MB | {result['longest_wait_while_typing']:.2f} s | {result['publications_while_typing']} | "
            f"{1000 * result['after_last_keystroke']:.0f} ms | {result['rss_mb']:.0f} MB | {result['rss_mb'] / result['catalog_mb']:.1f}× |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "choosy-data"))
    parser.add_argument("--sizes", default="4,16", help="catalog sizes in MB, comma-separated")
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--typing-seconds", type=float, default=6)
    parser.add_argument("--typing-interval", type=float, default=0.3)
    parser.add_argument("--lint-delay", type=float, default=0.25,
                        help="seconds from a keystroke to the request 'while linting' (the lint starts 0.15 s after it)")
    parser.add_argument("--smoke", action="store_true")
    arguments = parser.parse_args()
    arguments.binary = os.path.abspath(arguments.binary)
    sizes = [0.1] if arguments.smoke else [float(size) for size in arguments.sizes.split(",")]
    requests = 1 if arguments.smoke else arguments.requests
    typing = (0.6, 0.3) if arguments.smoke else (arguments.typing_seconds, arguments.typing_interval)
    results = []
    with tempfile.TemporaryDirectory(prefix="choosy-lsp-bench-") as workdir:
        for size in sizes:
            catalog = os.path.join(workdir, f"catalog-{size}")
            subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), catalog, "--size-kb", str(int(size * 1000)),
                            "--file-kb", str(max(20, int(size * 1000 / 40)))], check=True, stdout=subprocess.DEVNULL)
            results.append((size, measure(arguments.binary, catalog, requests, *typing, arguments.lint_delay)))
    if arguments.smoke:
        print("lsp bench smoke run: every request answered")
    else:
        print(HEADER.format(requests=requests, typing_seconds=typing[0], typing_interval=typing[1], lint_delay=arguments.lint_delay))
        print(table(results))


if __name__ == "__main__":
    main()
