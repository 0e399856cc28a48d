"""The engine contract suite, for our engines and third-party ones alike.

``check_engine(engine)`` plays seeded random games and checks what the
referee relies on: legal lists are deterministic and never empty for a seat
that must act, every legal action applies, illegal ones are refused without
changing the state, actions survive the protobuf codec, chance outcomes are
a distribution, digests are stable, and every game ends with an outcome.

Call it from a test, as trio's ``check_two_way_stream`` is called.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from google.protobuf.message import Message

from referee.engine import CHANCE, Engine, State
from referee.errors import IllegalAction
from referee.match.chance import sample_outcome

DEFAULT_MAX_STEPS = 100_000


def random_playout(
    engine: Engine[Any],
    num_players: int,
    seed: int,
    config: Message | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> tuple[State[Any], list[tuple[int, Any]]]:
    """Play one game with uniformly random actions; return the end state and its history."""
    rng = random.Random(seed)
    state = engine.new_game(config or engine.default_config(), num_players)
    history: list[tuple[int, Any]] = []
    for _ in range(max_steps):
        actors = state.to_act()
        if not actors:
            return state, history
        for seat in actors:
            if seat == CHANCE:
                action = sample_outcome(state.chance_outcomes(), rng)
            else:
                action = rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
            history.append((seat, action))
    raise AssertionError(f"{engine.name}: game did not end within {max_steps} steps")


def check_engine(
    engine: Engine[Any],
    num_players: int | None = None,
    seeds: range = range(5),
    config: Message | None = None,
) -> None:
    """Run the contract checks on seeded random games; raise AssertionError on a breach."""
    players = num_players or engine.min_players
    for seed in seeds:
        state, history = random_playout(engine, players, seed, config)
        _check_end(engine, state)
        _check_replay(engine, players, seed, config, history)


def _check_end(engine: Engine[Any], state: State[Any]) -> None:
    assert state.is_terminal(), f"{engine.name}: no seat to act but not terminal"
    outcome = state.outcome()
    assert len(outcome) == state.num_players, f"{engine.name}: outcome needs one entry per seat"
    assert min(o.rank for o in outcome) == 1, f"{engine.name}: nobody ranked first"
    assert isinstance(state.render(), str)


def _check_replay(
    engine: Engine[Any],
    players: int,
    seed: int,
    config: Message | None,
    history: list[tuple[int, Any]],
) -> None:
    """Replay a history step by step, checking every contract point on the way."""
    state = engine.new_game(config or engine.default_config(), players)
    twin = engine.new_game(config or engine.default_config(), players)
    assert state.digest() == twin.digest(), f"{engine.name}: equal new games differ in digest"
    rng = random.Random(seed ^ 0x5EED)
    for step, (seat, action) in enumerate(history):
        assert seat in state.to_act(), f"{engine.name} step {step}: seat {seat} not to act"
        if seat == CHANCE:
            _check_chance(engine, state, action)
        else:
            _check_decision(engine, state, seat, action, rng)
        state.apply(seat, action)
        twin.apply(seat, action)
        assert state.digest() == twin.digest(), f"{engine.name} step {step}: digest not stable"
    assert state.is_terminal()


def _check_chance(engine: Engine[Any], state: State[Any], outcome: Any) -> None:
    outcomes = state.chance_outcomes()
    assert sum((p for _, p in outcomes), Fraction(0)) == 1, f"{engine.name}: chance sums != 1"
    assert outcome in [o for o, _ in outcomes]
    _check_codec(engine, outcome)


def _check_decision(
    engine: Engine[Any], state: State[Any], seat: int, action: Any, rng: random.Random
) -> None:
    legal = state.legal_actions(seat)
    assert legal, f"{engine.name}: empty legal list for seat {seat}"
    assert legal == state.legal_actions(seat), f"{engine.name}: legal list not deterministic"
    assert len(set(legal)) == len(legal), f"{engine.name}: duplicate legal actions"
    assert action in legal
    assert isinstance(state.observation(seat), Message)
    assert isinstance(engine.action_list_to_proto(legal), Message)
    _check_codec(engine, rng.choice(legal))
    _check_wrong_seat_refused(engine, state, seat, action)


def _check_codec(engine: Engine[Any], action: Any) -> None:
    message = engine.action_to_proto(action)
    assert isinstance(message, engine.action_type)
    assert engine.action_from_proto(message) == action, f"{engine.name}: codec lost {action!r}"


def _check_wrong_seat_refused(
    engine: Engine[Any], state: State[Any], seat: int, action: Any
) -> None:
    others = [s for s in range(state.num_players) if s not in state.to_act()]
    if not others:
        return
    before = state.digest()
    try:
        state.apply(others[0], action)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"{engine.name}: seat {others[0]} acted out of turn")
    assert state.digest() == before, f"{engine.name}: a refused action changed the state"
