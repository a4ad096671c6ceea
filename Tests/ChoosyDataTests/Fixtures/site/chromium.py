#!/usr/bin/env python3
"""Drives headless Chromium over the DevTools protocol (--remote-debugging-pipe), standard
library only, for the docs-site browser tests.

Reads jobs from standard input, one JSON object per line:
  {"visits": [{"url": "file:///…", "expression": "JS, optional", "bypassCSP": false,
               "width": 390, "height": 844, "colorScheme": "dark", "screenshot": "/tmp/x.png"}]}
and answers each with one line on standard output, {"results": [one result per visit]} or
{"error": "what went wrong"}, a result being
  {"url": …, "errors": ["…"], "dialogs": ["…"], "result": <value of expression>}
The browser starts with the first job and serves every job until standard input ends, each
job in a new tab whose visits all happen in that tab, so the tests (Support/Chromium.swift)
keep one driver running rather than pay a browser's start per job.

"errors" gathers what a developer console shows as errors: uncaught exceptions,
console.error/assert, and browser log entries of level error (Content-Security-Policy
violations, resources that failed to load). "dialogs" lists alert/confirm/prompt messages
(each dismissed), which an XSS payload would open. The expression is evaluated after the
load event, awaited when it returns a promise, and its value returned as JSON.

"width"/"height" set the viewport in CSS pixels (a width under 600 emulates a phone: touch,
mobile viewport), "colorScheme" ("light" or "dark") sets prefers-color-scheme, and
"screenshot" saves a PNG of the whole page to that path after the expression ran.
"userGesture": true evaluates the expression as if the user had acted (what clicking a copy
button needs to reach the clipboard).

"navigates": true says the expression leads to another page: the driver waits for that page
to load and adds its address to the result as "landedAt".
"""
import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

# Seconds to wait for one answer from Chromium: only there to stop a hang, so the failure names
# the command that got no answer. A page loads in under a second, a few on a loaded 2-core
# machine; the whole run is also bound by ToolRunner.timeLimit (600 s).
TIMEOUT = 120.0


class Browser:
    def __init__(self, executable):
        self.profile = tempfile.mkdtemp(prefix="choosy-chromium-")
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()

        def attach_pipes():
            # Chromium reads commands on fd 3 and writes replies on fd 4.
            read = fcntl.fcntl(to_browser_read, fcntl.F_DUPFD, 10)
            write = fcntl.fcntl(from_browser_write, fcntl.F_DUPFD, 10)
            os.dup2(read, 3)
            os.dup2(write, 4)

        self.process = subprocess.Popen(
            [executable, "--headless=new", "--disable-gpu", "--no-sandbox", "--no-first-run",
             "--no-default-browser-check", "--remote-debugging-pipe",
             "--user-data-dir=" + self.profile, "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            pass_fds=(3, 4), preexec_fn=attach_pipes)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.to_browser)
        os.close(self.from_browser)
        shutil.rmtree(self.profile, ignore_errors=True)

    def read_message(self, deadline):
        while b"\0" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("Chromium did not answer in time")
            ready, _, _ = select.select([self.from_browser], [], [], remaining)
            if ready:
                chunk = os.read(self.from_browser, 1 << 16)
                if not chunk:
                    raise RuntimeError("Chromium closed the DevTools pipe")
                self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        message = json.loads(message)
        if message.get("method") == "Page.javascriptDialogOpening":
            # A dialog blocks the page until answered; dismiss it at once, without waiting.
            self.post("Page.handleJavaScriptDialog", {"accept": False}, message.get("sessionId"))
        return message

    def post(self, method, params, session):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        return self.next_id

    def send(self, method, params=None, session=None):
        """Sends a command and returns its result, keeping the events that arrive meanwhile."""
        command = self.post(method, params, session)
        deadline = time.monotonic() + TIMEOUT
        while True:
            reply = self.read_message(deadline)
            if reply.get("id") == command:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def wait_for(self, method, session):
        deadline = time.monotonic() + TIMEOUT
        while True:
            for index, event in enumerate(self.events):
                if event.get("method") == method and event.get("sessionId") == session:
                    del self.events[index]
                    return event
            message = self.read_message(deadline)
            if "method" in message:
                self.events.append(message)


def describe_exception(details):
    exception = details.get("exception", {})
    return "uncaught: " + (exception.get("description") or details.get("text", "exception"))


class Tab:
    """One tab for every visit of a job: a new tab per page costs a renderer's start, about
    twice a page's load. Each visit sets every emulation setting, so none outlives its visit."""

    def __init__(self, browser):
        self.target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.send("Target.attachToTarget", {"targetId": self.target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            browser.send(domain + ".enable", session=self.session)


def visit(browser, tab, job):
    session = tab.session
    if "#" in job["url"]:
        # Going to the page shown with another fragment would be a same-document navigation,
        # which fires no load event: leave it first.
        shown = browser.send("Runtime.evaluate", {"expression": "location.href", "returnByValue": True}, session=session)
        if shown["result"]["value"].split("#")[0] == job["url"].split("#")[0]:
            browser.send("Page.navigate", {"url": "about:blank"}, session=session)
            browser.wait_for("Page.loadEventFired", session)
    browser.send("Page.setBypassCSP", {"enabled": bool(job.get("bypassCSP"))}, session=session)
    if job.get("width"):
        width = job["width"]
        browser.send("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": job.get("height") or 900, "deviceScaleFactor": 1,
            "mobile": width < 600}, session=session)
    else:
        browser.send("Emulation.clearDeviceMetricsOverride", session=session)
    browser.send("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": job.get("colorScheme") or ""}]}, session=session)
    browser.events.clear()
    browser.send("Page.navigate", {"url": job["url"]}, session=session)
    browser.wait_for("Page.loadEventFired", session)
    result = None
    if job.get("expression"):
        evaluation = browser.send("Runtime.evaluate", {
            "expression": job["expression"], "awaitPromise": True, "returnByValue": True,
            **({"userGesture": True} if job.get("userGesture") else {})}, session=session)
        if "exceptionDetails" in evaluation:
            raise RuntimeError(job["url"] + ": the test expression failed: " + describe_exception(evaluation["exceptionDetails"]))
        result = evaluation.get("result", {}).get("value")
    landed_at = None
    if job.get("navigates"):
        browser.wait_for("Page.loadEventFired", session)
        landed_at = browser.send("Runtime.evaluate", {"expression": "location.href", "returnByValue": True}, session=session)["result"]["value"]
    # Let late console messages and dialogs arrive.
    browser.send("Runtime.evaluate", {"expression": "new Promise(r => setTimeout(r, 50))", "awaitPromise": True}, session=session)
    if job.get("screenshot"):
        shot = browser.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True}, session=session)
        with open(job["screenshot"], "wb") as file:
            file.write(base64.b64decode(shot["data"]))
    errors, dialogs = [], []
    for event in browser.events:
        if event.get("sessionId") != session:
            continue
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.exceptionThrown":
            errors.append(describe_exception(params["exceptionDetails"]))
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            errors.append("console: " + " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
        elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
            errors.append("log: " + params["entry"].get("text", ""))
        elif method == "Page.javascriptDialogOpening":
            dialogs.append(params.get("message", ""))
    browser.events = [e for e in browser.events if e.get("sessionId") != session]
    outcome = {"url": job["url"], "errors": errors, "dialogs": dialogs, "result": result}
    if job.get("navigates"):
        outcome["landedAt"] = landed_at
    return outcome


def run_job(browser, job):
    tab = Tab(browser)
    try:
        return [visit(browser, tab, one) for one in job["visits"]]
    finally:
        browser.events = [e for e in browser.events if e.get("sessionId") != tab.session]
        browser.send("Target.closeTarget", {"targetId": tab.target})


def main():
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if not executable:
        sys.exit("chromium is not installed; run 'make test', which installs it")
    browser = None
    try:
        for line in sys.stdin.buffer:
            if not line.strip():
                continue
            job = json.loads(line)
            browser = browser or Browser(executable)
            try:
                answer = {"results": run_job(browser, job)}
            except Exception as error:
                answer = {"error": f"{type(error).__name__}: {error}"}
                # A browser that stopped answering is not asked again.
                if isinstance(error, (TimeoutError, OSError)) or "DevTools pipe" in str(error):
                    browser.close()
                    browser = None
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()
    finally:
        if browser:
            browser.close()


if __name__ == "__main__":
    main()
