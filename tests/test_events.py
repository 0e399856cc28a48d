"""Public history: every DecisionRequest tells the seat what happened since it last decided."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import sdk
from referee.engine import CHANCE
from referee.games import get_engine
from referee.games.carcassonne.state import CarcassonneState
from referee.match import MatchSpec, PenaltyPolicy, play_in_process, run_match
from referee.match.events import EventLog
from referee.match.inprocess import InProcessPlayer
from referee.record.reader import read_record
from sdk.messages import pack


class Listener(sdk.Bot):
    """Plays the first legal action and keeps every event it is told."""

    name = "listener"

    def __init__(self) -> None:
        self.events: list[sdk.Event] = []
        self.decisions = 0

    def decide(self, decision: sdk.Decision) -> int:
        self.decisions += 1
        self.events.extend(decision.events)
        return 0


def test_each_seat_is_told_every_step_once_in_order(tmp_path: Path) -> None:
    engine = get_engine("carcassonne")
    listeners = [Listener(), Listener()]
    path = tmp_path / "m.jsonl"
    play_in_process(engine, listeners, seed=11, record_path=path)
    steps = read_record(path, engine).steps
    for listener in listeners:
        told = listener.events
        assert [event.step for event in told] == list(range(len(told)))
        for event, step in zip(told, steps, strict=False):
            assert event.seat == step.seat
            assert event.action is not None and pack(event.action) == step.payload
        # Told up to its last decision: at most the steps after it are missing.
        assert len(steps) - len(told) <= 2 * len(listeners)
    assert any(event.seat == CHANCE for event in listeners[0].events)
    assert {event.seat for event in listeners[0].events} >= {0, 1}


def test_a_step_the_engine_hides_reaches_that_seat_only_as_hidden(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def hides(self: Any, viewer: int, seat: int, action: Any) -> bool:
        return seat == CHANCE and viewer == 1

    monkeypatch.setattr(CarcassonneState, "hides", hides)
    listeners = [Listener(), Listener()]
    play_in_process(get_engine("carcassonne"), listeners, seed=12)
    seen, blind = listeners[0].events, listeners[1].events
    common = min(len(seen), len(blind))
    chance_steps = [e.step for e in seen[:common] if e.seat == CHANCE]
    assert chance_steps
    assert [e.step for e in blind[:common] if e.hidden] == chance_steps
    assert all(e.action is None for e in blind if e.hidden)
    assert all(e.action is not None for e in seen)


class OnceIllegal(Listener):
    """Sends an index outside the legal list on its second decision."""

    def decide(self, decision: sdk.Decision) -> int:
        super().decide(decision)
        return 10_000 if self.decisions == 2 else 0


async def test_a_move_the_referee_played_for_a_seat_comes_back_marked() -> None:
    # A fixed chance key: with a fresh one per run, the start rolls now and then left the
    # culprit too few turns to hear of its third move.
    spec = MatchSpec(
        get_engine("land"),
        3,
        penalties=PenaltyPolicy.lenient(),
        chance_key=b"marked-for-the-referee-move-test",
    )
    culprit, other = OnceIllegal(), Listener()
    await run_match(spec, [InProcessPlayer(culprit), InProcessPlayer(other)])
    mine = [e for e in culprit.events if e.seat == 0]
    assert [e.by_referee for e in mine][:3] == [False, True, False]
    assert [e.by_referee for e in other.events if e.seat == 0][:3] == [False, True, False]


def test_a_seat_that_left_does_not_hold_back_the_others_history() -> None:
    engine = get_engine("land")
    state = engine.new_game(engine.default_config(), 2)
    log = EventLog(2, state)
    payload = pack(engine.default_config())  # what the step was does not matter here
    log.retire(1)
    told: list[int] = []
    for step in range(1000):
        log.add(state, step, 0, None, payload, by_referee=False)
        if step % 7 == 0:
            told.extend(event.step for event in log.tell(0))
    told.extend(event.step for event in log.tell(0))
    assert told == list(range(1000))
