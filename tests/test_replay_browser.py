"""The HTML replay viewer in a real headless browser (tests/chromium.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee.cli import main
from referee.match import play_in_process
from referee.replay import Replay
from tests.chromium import CHROMIUM, Browser
from tests.helpers import load_bot


@pytest.fixture
def record(land: Any, tmp_path: Path) -> Path:
    path = tmp_path / "m.jsonl"
    bots = [load_bot("random_bot.py", "RandomBot") for _ in range(2)]
    play_in_process(land, bots, 4, record_path=path)
    return path


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
