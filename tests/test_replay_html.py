"""The HTML replay viewer: self-contained, and working in a real headless browser.

The browser is Debian's Chromium, driven over the Chrome DevTools protocol
on a pipe (``--remote-debugging-pipe``): JSON messages ended by NUL on file
descriptors 3 and 4, so no WebSocket library is needed.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import select
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from referee.cli import main
from referee.games import get_engine
from referee.match import play_in_process
from referee.replay import Replay
from referee.replay.viewer import picture, text_svg, viewer_html
from tests.helpers import load_bot

CHROMIUM = Path("/usr/bin/chromium")
BROWSER_TIMEOUT_S = 30.0
"""Generous: a cold Chromium start on a loaded CI machine takes a few seconds."""


@pytest.fixture
def record(land: Any, tmp_path: Path) -> Path:
    path = tmp_path / "m.jsonl"
    bots = [load_bot("random_bot.py", "RandomBot") for _ in range(2)]
    play_in_process(land, bots, 4, record_path=path)
    return path


def test_the_page_loads_nothing_from_outside(record: Path) -> None:
    """No CDN, no fonts, no images by URL: it must open on a machine without network."""
    page = viewer_html(Replay.from_path(record))
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "@import" not in page and "url(" not in page
    outside = set(re.findall(r"https?://[^\s\"'<>\\]+", page))
    assert outside <= {"http://www.w3.org/2000/svg"}  # a namespace name, never fetched


def test_the_page_stays_small_for_a_long_match(record: Path) -> None:
    """Positions share their unchanged SVG pieces; raw SVG per step would be 20x bigger."""
    replay = Replay.from_path(record)
    raw = sum(len(picture(state)) for state in replay.states())
    assert len(viewer_html(replay)) < raw / 10


def decoded_pictures(page: str) -> list[str]:
    """Every position's SVG, rebuilt from the page's data as its script does."""
    block = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page)
    assert block is not None
    data = json.loads(block.group(1))
    pictures: list[str] = []
    before: list[int] = []
    for coded in data["frames"]:
        pieces: list[int] = []
        for item in coded:
            pieces += before[item[0] : item[1]] if isinstance(item, list) else [item]
        pictures.append("".join(data["pieces"][n] for n in pieces))
        before = pieces
    return pictures


@pytest.mark.slow
@pytest.mark.parametrize("game", ["land", "land6", "carcassonne", "landover", "farlanthia"])
def test_every_position_decodes_to_its_own_picture(game: str, tmp_path: Path) -> None:
    """The compact storage loses nothing: each step shows exactly the engine's SVG."""
    engine = get_engine(game)
    seats = min(max(2, engine.min_players), engine.max_players)
    bots = [load_bot("random_bot.py", "RandomBot") for _ in range(seats)]
    play_in_process(engine, bots, 2, record_path=tmp_path / "m.jsonl")
    replay = Replay.from_path(tmp_path / "m.jsonl")
    drawn = [state.render_svg() for state in replay.states()]
    assert all(drawn), f"{game} draws no SVG of its own"
    expected = [re.sub(r"^\s*<\?xml[^>]*\?>\s*", "", svg or "") for svg in drawn]
    assert decoded_pictures(viewer_html(replay)) == expected


def test_an_engine_without_svg_gets_its_text_board() -> None:
    state = get_engine("land").new_game(get_engine("land").default_config(), 2)
    no_svg = type("NoSvg", (type(state),), {"render_svg": lambda self: None})
    state.__class__ = no_svg
    assert picture(state) == text_svg(state.render())
    svg = text_svg("a < b\n  two")
    assert svg.startswith("<svg") and "a &lt; b" in svg and 'xml:space="preserve"' in svg


def test_the_cli_writes_the_page(record: Path, tmp_path: Path) -> None:
    out = tmp_path / "m.html"
    assert main(["replay", str(record), "--html", str(out)]) == 0
    assert out.read_text().startswith("<!DOCTYPE html>")


def test_the_action_list_reads_as_words(record: Path) -> None:
    """Each step is the engine's sentence, said in the position it was played from."""
    replay = Replay.from_path(record)
    page = viewer_html(replay)
    block = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page)
    assert block is not None
    texts = [step["text"] for step in json.loads(block.group(1))["steps"]]
    states = replay.states()
    expected = [next(states).describe(step.seat, step.action) for step in replay.record.steps]
    assert [t.removesuffix(" (by the referee)") for t in texts] == expected
    assert any(t.startswith("seat 0 places a cow on plot") for t in texts)
    assert not any("PlaceCow(" in t or "=" in t for t in texts)


# -- in a browser -------------------------------------------------------------


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
        page.call("Page.navigate", url=url)
        self.wait_for_event("Page.loadEventFired")
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


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.skip("chromium is not installed (apt-get install -y chromium chromium-driver)")
    started = Browser(tmp_path / "chromium-profile")
    try:
        yield started
    finally:
        started.close()


@pytest.mark.slow
def test_the_viewer_shows_the_board_and_the_slider_moves_through_steps(
    record: Path, tmp_path: Path, browser: Browser
) -> None:
    """Opened offline: an SVG board, the scores, and the slider changes the step shown."""
    out = tmp_path / "m.html"
    assert main(["replay", str(record), "--html", str(out)]) == 0
    last = Replay.from_path(record).num_positions - 1
    page = browser.open(out.as_uri())

    assert page.js("document.querySelectorAll('#board svg').length") == 1
    assert page.js("document.body.dataset.step") == "0"
    assert page.js("document.getElementById('label').textContent") == f"step 0 / {last}"
    assert page.js("document.querySelectorAll('#scores tbody tr').length") == 2
    assert page.js("document.querySelectorAll('#actions li').length") == last
    start_board = page.js("document.getElementById('board').innerHTML")

    # The keyboard on the slider, as a person would use it.
    page.js("document.getElementById('step').focus()")
    for _ in range(3):
        page.press("ArrowRight", 39)
    assert page.js("document.body.dataset.step") == "3"
    assert page.js("document.getElementById('step').value") == "3"

    # A click three quarters along the slider.
    box = page.js(
        "(() => { const r = document.getElementById('step').getBoundingClientRect();"
        " return [r.left, r.top, r.width, r.height]; })()"
    )
    page.click(box[0] + 0.75 * box[2], box[1] + box[3] / 2)
    clicked = int(page.js("document.body.dataset.step"))
    assert abs(clicked - 0.75 * last) <= 0.05 * last + 2
    assert page.js("document.getElementById('board').innerHTML") != start_board
    current = page.js("document.querySelector('#actions li.current').textContent")
    assert current == page.js(
        f"document.querySelectorAll('#actions li')[{clicked - 1}].textContent"
    )

    requests = [
        e["params"]["request"]["url"]
        for e in browser.events
        if e.get("method") == "Network.requestWillBeSent"
    ]
    assert all(url.startswith("file:") for url in requests), requests
    assert page.js("performance.getEntriesByType('resource').length") == 0


@pytest.mark.slow
def test_the_viewer_opens_at_the_step_its_address_names(
    record: Path, tmp_path: Path, browser: Browser
) -> None:
    out = tmp_path / "m.html"
    assert main(["replay", str(record), "--html", str(out)]) == 0
    page = browser.open(out.as_uri() + "?step=42")
    assert page.js("document.body.dataset.step") == "42"
    assert page.js("document.querySelectorAll('#board svg').length") == 1
    page.js("document.getElementById('next').click()")
    assert page.js("document.body.dataset.step") == "43"
