"""The HTML replay viewer's page: self-contained, small, and only what a view may show.

Its behaviour in a real browser is in tests/test_replay_browser.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from google.protobuf import text_format
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cli import main
from referee.engine import actor
from referee.games import get_engine
from referee.match import play_in_process
from referee.match.events import EventLog
from referee.replay import Replay
from referee.replay.pack import delta, text_lines
from referee.replay.textproto import WIDTH, compact_text
from referee.replay.viewer import picture, text_svg, viewer_html
from referee.testing import random_playout
from tests.helpers import load_bot
from tests.secret_land import seat_views, secret_replay


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


def page_data(page: str) -> dict[str, Any]:
    """The match data the page's script draws from."""
    block = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page)
    assert block is not None
    data: dict[str, Any] = json.loads(block.group(1))
    return data


def unpacked(frames: list[list[Any]], table: list[str]) -> list[str]:
    """Every position's text, rebuilt from packed frames as the page's script does."""
    texts: list[str] = []
    before: list[int] = []
    for coded in frames:
        pieces: list[int] = []
        for item in coded:
            pieces += before[item[0] : item[1]] if isinstance(item, list) else [item]
        texts.append("".join(table[n] for n in pieces))
        before = pieces
    return texts


def decoded_pictures(page: str) -> list[str]:
    """Every position's SVG, rebuilt from the page's data."""
    full = page_data(page)["full"]
    return unpacked(full["frames"], full["pieces"])


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
    texts = [step["text"] for step in page_data(viewer_html(replay))["full"]["steps"]]
    states = replay.states()
    expected = [next(states).describe(step.seat, step.action) for step in replay.record.steps]
    assert [t.removesuffix(" (by the referee)") for t in texts] == expected
    assert any(t.startswith("seat 0 places a cow on plot") for t in texts)
    assert not any("PlaceCow(" in t or "=" in t for t in texts)


def test_a_seat_page_holds_only_what_that_seat_could_know(record: Path) -> None:
    """Its observations and the moves it was told of; no board, no standings, no hidden move."""
    replay = secret_replay(record)
    page = viewer_html(replay, seat=1)
    data = page_data(page)
    assert data["full"] is None
    assert [view["seat"] for view in data["views"]] == [1]
    assert "as seat 1 saw it" in data["title"]
    observations, heard = seat_views(replay)
    (view,) = data["views"]
    assert unpacked(view["frames"], data["lines"]) == observations[1]
    texts = [step["text"].removesuffix(" (by the referee)") for step in view["steps"]]
    assert texts == heard[1]
    assert "seat 0 acted" in texts and "chance acted" in texts
    # The words of every move seat 1 could not see are nowhere in the file.
    said = [s for s in seat_views(Replay.from_path(record))[1][1] if not s.startswith("seat 1 ")]
    assert said and not [words for words in said if words in page]
    assert "<svg" not in page and "standings" not in data


def test_the_full_page_has_every_seat_view_beside_the_referees(record: Path) -> None:
    """The switch needs every seat's observations and moves; the referee's view keeps all."""
    replay = secret_replay(record)
    data = page_data(viewer_html(replay))
    observations, heard = seat_views(replay)
    assert [view["seat"] for view in data["views"]] == [0, 1]
    full_texts = [step["text"] for step in data["full"]["steps"]]
    for view in data["views"]:
        seat = view["seat"]
        assert unpacked(view["frames"], data["lines"]) == observations[seat]
        # A step the seat saw as everyone did is stored once, as 0.
        texts = [full_texts[n] if s == 0 else s["text"] for n, s in enumerate(view["steps"])]
        assert [t.removesuffix(" (by the referee)") for t in texts] == heard[seat]
    assert any(text.startswith("seat 0 places a cow") for text in full_texts)


def test_a_seat_page_from_the_command_line(record: Path, tmp_path: Path) -> None:
    out = tmp_path / "seat0.html"
    assert main(["replay", str(record), "--html", str(out), "--seat", "0"]) == 0
    data = page_data(out.read_text())
    assert data["full"] is None and [view["seat"] for view in data["views"]] == [0]
    assert main(["replay", str(record), "--html", str(out), "--seat", "2"]) == 2


def crashing_bot(after: int) -> Any:
    """A random bot that raises on its decision number ``after``: a crash."""
    bot = load_bot("random_bot.py", "RandomBot")
    decide = bot.decide
    count = 0

    def decide_then_crash(decision: Any) -> int:
        nonlocal count
        count += 1
        if count > after:
            raise RuntimeError("out of ideas")
        return int(decide(decision))

    bot.decide = decide_then_crash
    return bot


def test_the_result_says_why_each_seat_ranks_where_it_does(land: Any, tmp_path: Path) -> None:
    """Titles and faults beside each seat, and the game's ranking rule in words."""
    path = tmp_path / "crash.jsonl"
    play_in_process(
        land, [load_bot("random_bot.py", "RandomBot"), crashing_bot(1)], 4, record_path=path
    )
    data = page_data(viewer_html(Replay.from_path(path)))
    rows = {row[0]: row for row in data["result"]["rows"]}
    assert rows[1][3].startswith("crash: ") and "out of ideas" in rows[1][3]
    assert rows[0][2] == 1 and rows[1][2] == 2
    assert data["ranking"] == land.ranking == "by score, highest first; tied seats share a rank"
    assert "eliminated" in get_engine("farlanthia").ranking


def test_the_standings_carry_the_games_titles(tmp_path: Path) -> None:
    """LAND 6's titles ("won", its rank title) sit beside the score at every step."""
    engine = get_engine("land6")
    path = tmp_path / "solo.jsonl"
    play_in_process(engine, [load_bot("random_bot.py", "RandomBot")], 2, record_path=path)
    replay = Replay.from_path(path)
    standings = page_data(viewer_html(replay))["full"]["standings"]
    expected = [[", ".join(o.titles) for o in state.outcome()] for state in replay.states()]
    assert [[notes for _, _, notes in seats] for seats in standings] == expected
    assert all(notes for seats in expected for notes in seats)


@pytest.mark.parametrize("game", ["land", "carcassonne", "landover", "farlanthia"])
def test_observations_read_compactly_and_parse_back(game: str) -> None:
    """Short sub-messages on one line: fewer lines, and the same message when parsed."""
    engine = get_engine(game)
    state, _ = random_playout(engine, min(max(2, engine.min_players), engine.max_players), 3)
    observation = state.observation(0)
    text = compact_text(observation)
    parsed = type(observation)()
    text_format.Parse(text, parsed)
    assert parsed == observation
    plain = text_format.MessageToString(observation, use_short_repeated_primitives=True)
    if game in ("carcassonne", "landover"):  # lists of small messages: tiles, places
        assert text.count("\n") < plain.count("\n") / 2
    assert all(len(line) <= WIDTH or "{" not in line for line in text.splitlines())


def test_packed_lines_spell_the_text_back() -> None:
    """Long lists are cut into chunks so one changed number does not copy the whole line."""
    text = "owner: [" + ", ".join(str(n % 7) for n in range(100)) + "]\nturn: 3\n"
    pieces = text_lines(text)
    assert "".join(pieces) == text and len(pieces) > 3


def told_events(replay: Replay, seat: int) -> list[Any]:
    """The events the referee's log (referee/match/events.py) tells a seat of a whole match."""
    states = replay.states()
    state = next(states)  # one object, changed in place by each next()
    log = EventLog(replay.record.num_seats, state)
    for step in replay.record.steps:
        by_referee = step.decision is not None and step.decision.by_referee
        log.add(state, step.number, step.seat, step.action, step.payload, by_referee=by_referee)
        next(states)  # the referee logs a step before applying it
    return log.tell(seat)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["land", "carcassonne", "landover", "farlanthia"])
def test_a_seat_page_hides_exactly_what_the_referee_hid_from_that_seat(
    game: str, tmp_path: Path
) -> None:
    """The seat's view matches the events its bot was sent: a hidden event is "X acted"."""
    engine = get_engine(game)
    bots = [load_bot("random_bot.py", "RandomBot") for _ in range(engine.min_players)]
    play_in_process(engine, bots, 2, record_path=tmp_path / "m.jsonl")
    replay = Replay.from_path(tmp_path / "m.jsonl")
    for seat in range(engine.min_players):
        (view,) = page_data(viewer_html(replay, seat=seat))["views"]
        events = told_events(replay, seat)
        assert len(events) == len(view["steps"])
        for event, entry in zip(events, view["steps"], strict=True):
            acted = entry["text"].removesuffix(" (by the referee)") == f"{actor(event.seat)} acted"
            assert acted == event.hidden, (event, entry)


@settings(deadline=None)  # microseconds, but the machine may be loaded
@given(
    st.lists(st.integers(0, 9), max_size=30),
    st.lists(st.tuples(st.integers(0, 2), st.integers(0, 40), st.integers(0, 12)), max_size=5),
)
def test_a_packed_position_unpacks_to_itself(before: list[int], edits: list[Any]) -> None:
    """Runs from the position before, whatever changed: dropped, added or replaced pieces."""
    current = list(before)
    for kind, where, piece in edits:
        at = where % (len(current) + 1)
        if kind == 0 and at < len(current):
            del current[at]
        elif kind == 1:
            current.insert(at, piece)
        elif at < len(current):
            current[at] = piece
    coded = delta(before, current)
    unpacked: list[int] = []
    for item in coded:
        unpacked += before[item[0] : item[1]] if isinstance(item, list) else [item]
    assert unpacked == current
    if current == before and before:
        assert coded == [[0, len(before)]] or coded == before  # one run (or the one piece)


@pytest.mark.slow
def test_farlanthias_result_says_why_a_higher_score_ranks_lower(tmp_path: Path) -> None:
    """An eliminated realm ranks below every living one whatever its score: the page says so."""
    engine = get_engine("farlanthia")
    for seed in range(2, 10):  # seed 2 has one today; others if the rules or the bot change
        bots = [load_bot("farlanthia_greedy.py", "FarlanthiaGreedyBot") for _ in range(3)]
        play_in_process(engine, bots, seed, record_path=tmp_path / f"{seed}.jsonl")
        replay = Replay.from_path(tmp_path / f"{seed}.jsonl")
        assert replay.record.footer is not None
        results = replay.record.footer.results
        upsets = [(a, b) for a in results for b in results if a.score > b.score and a.rank > b.rank]
        if upsets:
            break
    else:
        pytest.fail("no greedy game of seeds 2-9 ranked a realm below a lower score")
    data = page_data(viewer_html(replay))
    notes = {seat: note for seat, _, _, note in data["result"]["rows"]}
    for higher, _ in upsets:
        assert re.fullmatch(r"eliminated( after step \d+)?", notes[higher.seat])
    # The first to fall fell before the last step, and the page says when.
    first = max((higher for higher, _ in upsets), key=lambda r: r.rank)
    assert re.fullmatch(r"eliminated after step \d+", notes[first.seat])
    assert "eliminated realms below every living one" in data["ranking"]


def test_an_interrupted_match_ends_on_its_standings(record: Path, tmp_path: Path) -> None:
    """No footer, no result: the last step says so and keeps the standings of the board."""
    lines = record.read_text().splitlines(keepends=True)
    steps = [n for n, line in enumerate(lines) if '"step"' in line]
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[: steps[20]]))
    replay = Replay.from_path(cut)
    data = page_data(viewer_html(replay))
    positions = replay.num_positions
    assert data["result"] == {
        "text": f"Interrupted after {positions - 1} steps: the record has no footer.",
        "rows": [],
    }
    assert len(data["full"]["standings"]) == positions
