"""The HTML replay viewer in a real headless browser (tests/chromium.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.cli import main
from referee.games import get_engine
from referee.match import play_in_process
from referee.replay import Replay
from referee.replay.viewer import viewer_html
from tests.chromium import Browser, Page
from tests.helpers import load_bot
from tests.secret_land import seat_views, secret_replay
from tests.test_replay_html import page_data


@pytest.fixture
def record(land: Any, tmp_path: Path) -> Path:
    path = tmp_path / "m.jsonl"
    bots = [load_bot("random_bot.py", "RandomBot") for _ in range(2)]
    play_in_process(land, bots, 4, record_path=path)
    return path


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


CONTROLS = ("first", "prev", "play", "next", "last", "speed", "view", "label", "step")


def controls_out_of_sight(page: Page) -> list[str]:
    """The controls not wholly inside the window, or covered by something else."""
    script = """((ids) => ids.filter((id) => {
      const element = document.getElementById(id);
      const r = element.getBoundingClientRect();
      const inside = r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0
        && r.right <= innerWidth && r.bottom <= innerHeight;
      const hit = inside && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !(inside && hit && element.contains(hit));
    }))(%s)"""
    out: list[str] = page.js(script % json.dumps(CONTROLS))
    return out


def go_to(page: Page, position: int) -> None:
    """Drag the slider to a position, as a person would."""
    page.js(
        f"(() => {{ const s = document.getElementById('step'); s.value = '{position}';"
        " s.dispatchEvent(new Event('input')); })()"
    )
    assert page.js("document.body.dataset.step") == str(position)


def shows(page: Page, text: str) -> bool:
    """Whether the text is on screen (innerText leaves out what is hidden)."""
    return bool(page.js(f"document.body.innerText.includes({json.dumps(text)})"))


@pytest.fixture(scope="module")
def carcassonne_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Replay]:
    """A match with a board wider than a phone and a long action list."""
    folder = tmp_path_factory.mktemp("carcassonne")
    bots = [load_bot("random_bot.py", "RandomBot") for _ in range(2)]
    play_in_process(get_engine("carcassonne"), bots, 3, record_path=folder / "m.jsonl")
    replay = Replay.from_path(folder / "m.jsonl")
    (folder / "m.html").write_text(viewer_html(replay))
    return folder / "m.html", replay


@pytest.mark.slow
@pytest.mark.parametrize("width", [1400, 1000, 400])
def test_the_controls_stay_in_view_and_the_result_waits_for_the_last_step(
    carcassonne_page: tuple[Path, Replay], browser: Browser, width: int
) -> None:
    path, replay = carcassonne_page
    last = replay.num_positions - 1
    result = page_data(path.read_text())["result"]["text"]
    assert result.startswith("Result: 1. seat")
    page = browser.open("about:blank")
    page.resize(width, 700)
    page.navigate(path.as_uri())

    assert page.js("document.documentElement.scrollWidth") <= width  # nothing sticks out
    assert page.js("document.getElementById('board').getBoundingClientRect().right") <= width
    assert controls_out_of_sight(page) == []
    for position in (0, last // 2, last - 1):
        go_to(page, position)
        assert not shows(page, result) and not shows(page, "Ranked by score")
        assert page.js("document.querySelector('#scores caption').textContent") != "result"
        visible = "[...document.querySelectorAll('#actions li')].filter(i => i.offsetParent)"
        assert page.js(f"{visible}.length") == position  # no step after the one on show

    page.js("window.scrollTo(0, document.documentElement.scrollHeight)")
    if width < 600:
        assert page.js("window.scrollY") > 0  # on a phone the page scrolls...
    assert controls_out_of_sight(page) == []  # ...and the controls stay at the top

    box = page.js(
        "(() => { const r = document.getElementById('last')"
        ".getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()"
    )
    page.click(*box)
    assert page.js("document.body.dataset.step") == str(last)
    assert shows(page, result) and shows(page, "Ranked by score, highest first")
    assert page.js("document.querySelector('#scores caption').textContent") == "result"


@pytest.mark.slow
def test_the_view_menu_shows_the_match_as_one_seat_saw_it(
    record: Path, tmp_path: Path, browser: Browser
) -> None:
    """Seat 1's observation and the moves it was told of; back to everyone's board."""
    replay = secret_replay(record)
    observations, heard = seat_views(replay)
    out = tmp_path / "m.html"
    out.write_text(viewer_html(replay))
    page = browser.open(out.as_uri() + "?step=10")
    items = "[...document.querySelectorAll('#actions li')].filter(i => i.offsetParent)"
    texts = f"{items}.map(i => i.firstChild.textContent.replace(' (by the referee)', ''))"

    page.js(
        "(() => { const v = document.getElementById('view'); v.value = '1';"
        " v.dispatchEvent(new Event('change')); })()"
    )
    assert page.js("document.body.dataset.view") == "1"
    assert page.js("document.body.dataset.step") == "10"
    assert page.js("document.getElementById('observation').textContent") == observations[1][10]
    assert page.js(texts) == heard[1][:10]
    assert "seat 0 acted" in heard[1][:10]
    assert page.js("document.getElementById('board').getClientRects().length") == 0
    assert page.js("document.getElementById('scores').getClientRects().length") == 0
    assert shows(page, "this file holds the full record")
    go_to(page, 11)
    assert page.js("document.getElementById('observation').textContent") == observations[1][11]

    page.js(
        "(() => { const v = document.getElementById('view'); v.value = '-1';"
        " v.dispatchEvent(new Event('change')); })()"
    )
    assert page.js("document.body.dataset.view") == "all"
    assert page.js("document.querySelectorAll('#board svg').length") == 1
    assert any(text.startswith("seat 0 places a cow") for text in page.js(texts))

    # The page of seat 1 alone: the same view, and nothing to switch to.
    alone = tmp_path / "seat1.html"
    alone.write_text(viewer_html(replay, seat=1))
    page = browser.open(alone.as_uri() + "?step=10")
    assert page.js("document.body.dataset.view") == "1"
    assert page.js("document.getElementById('view').disabled") is True
    assert page.js("document.getElementById('observation').textContent") == observations[1][10]
    assert page.js(texts) == heard[1][:10]
    assert shows(page, "This file holds nothing else of the match")
