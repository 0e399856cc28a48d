"""Headless Chromium for tests, driven over the Chrome DevTools protocol on a pipe.

The browser is Debian's Chromium, started with ``--remote-debugging-pipe``:
JSON messages ended by NUL on file descriptors 3 and 4, so no WebSocket
library is needed. No network: every name lookup and proxy use fails.
"""

from __future__ import annotations

import fcntl
import json
import os
import select
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
BROWSER_TIMEOUT_S = 30.0
"""Generous: a cold Chromium start on a loaded CI machine takes a few seconds."""


@dataclass
class Page:
    """One browser tab, driven over the DevTools protocol."""

    browser: Browser
    session: str

    def call(self, method: str, **params: Any) -> Any:
        return self.browser.call(method, params, self.session)

    def js(self, expression: str) -> Any:
        reply = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in reply:
            raise AssertionError(f"{expression}: {reply['exceptionDetails']}")
        return reply["result"].get("value")

    def press(self, key: str, code: int) -> None:
        for kind in ("keyDown", "keyUp"):
            self.call(
                "Input.dispatchKeyEvent", type=kind, key=key, code=key, windowsVirtualKeyCode=code
            )

    def resize(self, width: int, height: int) -> None:
        """Emulate a window of this size; under 600 px wide, a phone (touch, viewport meta)."""
        self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=width < 600,
        )

    def navigate(self, url: str) -> None:
        self.call("Page.navigate", url=url)
        self.browser.wait_for_event("Page.loadEventFired")

    def click(self, x: float, y: float) -> None:
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)


class Browser:
    """Headless Chromium with its DevTools protocol on a pipe."""

    def __init__(self, profile: Path) -> None:
        to_browser, self._commands = _high_pipe()
        self._replies, from_browser = _high_pipe()
        args = [
            str(CHROMIUM),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            f"--user-data-dir={profile}",
            "--remote-debugging-pipe",
            # No network at all: any name lookup fails, any proxy use fails.
            "--host-resolver-rules=MAP * ~NOTFOUND",
            "--proxy-server=127.0.0.1:9",
        ]
        # The protocol wants fds 3 (commands in) and 4 (replies out); bash places them
        # (dash, Debian's sh, takes only one-digit descriptors in redirections).
        shell = f'exec "$@" 3<&{to_browser} 4>&{from_browser} {to_browser}<&- {from_browser}>&-'
        self.process = subprocess.Popen(
            ["bash", "-c", shell, "bash", *args],
            pass_fds=(to_browser, from_browser),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_browser)
        os.close(from_browser)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []

    def call(self, method: str, params: dict[str, Any], session: str | None = None) -> Any:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._receive()
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise AssertionError(f"{method}: {reply['error']}")
                return reply["result"]
            self.events.append(reply)

    def wait_for_event(self, method: str) -> dict[str, Any]:
        while True:
            for index, event in enumerate(self.events):
                if event.get("method") == method:
                    return self.events.pop(index)
            self.events.append(self._receive())

    def open(self, url: str) -> Page:
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        attached = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})
        page = Page(self, attached["sessionId"])
        page.call("Page.enable")
        page.call("Network.enable")
        page.navigate(url)
        return page

    def _receive(self) -> dict[str, Any]:
        deadline = time.monotonic() + BROWSER_TIMEOUT_S
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self._replies], [], [], max(0.0, left))
            if not ready:
                raise AssertionError(f"no word from chromium in {BROWSER_TIMEOUT_S} s")
            chunk = os.read(self._replies, 1 << 16)
            if not chunk:
                raise AssertionError(f"chromium closed the pipe (exit {self.process.poll()})")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        parsed: dict[str, Any] = json.loads(message)
        return parsed

    def close(self) -> None:
        os.close(self._commands)  # chromium exits when its command pipe closes
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._replies)


def _high_pipe() -> tuple[int, int]:
    """A pipe whose ends are numbered 10 or more, clear of the 3 and 4 chromium needs."""
    read, write = os.pipe()
    high = (fcntl.fcntl(read, fcntl.F_DUPFD, 10), fcntl.fcntl(write, fcntl.F_DUPFD, 10))
    os.close(read)
    os.close(write)
    return high
