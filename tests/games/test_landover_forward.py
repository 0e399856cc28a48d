"""What Landover shows of each step, fast copies, and states built from an observation."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine import CHANCE
from referee.games.landover import ENGINE
from referee.games.landover import rules as R
from referee.games.landover.actions import (
    ChooseCard,
    ChooseKind,
    ChoosePlayer,
    DiceRoll,
    DrawCard,
    PlayCard,
    RandomKind,
    Skip,
)
from referee.games.landover.state import CITY, LandoverState
from referee.match.chance import sample_outcome
from referee.testing import random_playout
from tests.games.test_landover_rules import blank, config, corner, give, put
from tests.games.test_landover_trade import offer


def test_a_dev_card_dealt_is_seen_only_by_its_drawer_and_a_vp_card_by_all() -> None:
    """Public events: a face-down draw is hidden from the other seats."""
    state = blank(3)
    state.seats[1].culture[R.SCIENCE] = 1
    state.phase = state.phase.ROLL
    state.apply(CHANCE, DiceRoll(1, 1, 5))  # the science gate, red die 1
    assert state.tasks[0].kind == "draw" and state.tasks[0].seat == 1
    assert [state.hides(v, CHANCE, DrawCard(R.CRANE)) for v in range(3)] == [True, False, True]
    assert not any(state.hides(v, CHANCE, DrawCard(R.PRINTER)) for v in range(3))


def test_a_stolen_card_is_seen_by_thief_and_victim_only() -> None:
    state = blank(3)
    v = corner(state, 4)
    put(state, 1, v, CITY)
    give(state, 1, ore=2)
    state.seats[0].dev[R.BISHOP] = 1
    state.apply(0, PlayCard(R.BISHOP))
    state.apply(0, state.legal_actions(0)[0])
    assert state.tasks[0].kind == "steal"
    assert [state.hides(s, CHANCE, RandomKind(R.ORE)) for s in range(3)] == [False, False, True]


def test_spy_and_card_choices_between_two_seats_are_private_and_the_rest_public() -> None:
    state = blank(3)
    state.seats[0].dev[R.SPY] = 1
    state.seats[1].dev[R.CRANE] = 1
    assert not state.hides(2, 0, PlayCard(R.SPY))
    state.apply(0, PlayCard(R.SPY))
    assert not state.hides(2, 0, ChoosePlayer(1))
    state.apply(0, ChoosePlayer(1))
    assert [state.hides(s, 0, ChooseCard(R.CRANE)) for s in range(3)] == [False, False, True]
    wedding = blank(3)
    wedding.seats[0].dev[R.WEDDING] = 1
    put(wedding, 1, corner(wedding, 4), CITY)
    give(wedding, 1, ore=2)
    wedding.apply(0, PlayCard(R.WEDDING))
    assert [wedding.hides(s, 1, ChooseKind(R.ORE)) for s in range(3)] == [False, False, True]


def test_trades_between_players_are_public() -> None:
    state = blank(3)
    give(state, 0, wood=1)
    offer(state, (R.WOOD,), (R.ORE,))
    assert not any(state.hides(v, 1, a) for v in range(3) for a in state.legal_actions(1))


def test_a_clone_evolves_independently() -> None:
    """clone() shares only what never changes; playing on the copy leaves the original alone."""
    _, history = random_playout(ENGINE, 3, seed=4, config=config(map="islands", turn_limit=30))
    original = ENGINE.new_game(config(map="islands", turn_limit=30), 3)
    for seat, action in history[: len(history) // 2]:
        original.apply(seat, action)
    assert isinstance(original, LandoverState)
    before = original.digest()
    copy = original.clone()
    assert copy.digest() == before and copy.board.edges is original.board.edges
    for name, value in vars(original).items():
        if isinstance(value, list | set | dict):
            assert getattr(copy, name) is not value, name
    assert copy.board.terrain is not original.board.terrain
    rng = random.Random(1)
    for _ in range(300):
        if copy.is_terminal():
            break
        for seat in copy.to_act():
            if seat == CHANCE:
                copy.apply(CHANCE, sample_outcome(copy.chance_outcomes(), rng))
            else:
                copy.apply(seat, rng.choice(copy.legal_actions(seat)))
    assert original.digest() == before and copy.digest() != before
    twin = ENGINE.new_game(config(map="islands", turn_limit=30), 3)
    for seat, action in history[: len(history) // 2]:
        twin.apply(seat, action)
    assert twin.digest() == before


def _observed_positions(seed: int, players: int, map_name: str) -> list[tuple[LandoverState, int]]:
    """Positions along one random game, each with a seat to look from."""
    rng = random.Random(seed)
    state = ENGINE.new_game(config(map=map_name, turn_limit=40), players)
    assert isinstance(state, LandoverState)
    picks = []
    for step in itertools.count():
        if state.is_terminal():
            return picks
        for seat in state.to_act():
            if seat == CHANCE:
                state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
            else:
                state.apply(seat, rng.choice(state.legal_actions(seat)))
        if step % 50 == 25:
            picks.append((state.clone(), rng.randrange(players)))
    raise AssertionError("unreachable")


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 4),
    map_name=st.sampled_from(["standard", "islands"]),
)
def test_a_determinized_state_shows_the_seat_exactly_what_it_saw(
    seed: int, players: int, map_name: str
) -> None:
    """determinize() keeps all the seat knows and samples the rest afresh each time."""
    game_config = config(map=map_name, turn_limit=40)
    positions = _observed_positions(seed, players, map_name)
    assert positions
    for state, seat in positions:
        seen = state.observation(seat)
        samples = [
            ENGINE.determinize(game_config, players, seat, seen, random.Random(k)) for k in range(4)
        ]
        for sample in samples:
            assert sample.observation(seat) == seen
            assert sample.to_act() == state.to_act()
            if seat in state.to_act():
                assert sample.legal_actions(seat) == state.legal_actions(seat)
        hidden = {
            (
                tuple(tuple(p.hand) for p in s.seats),
                tuple(tuple(p.dev) for p in s.seats),
                tuple(s.bank.deck),
            )
            for s in samples
        }
        others_hold = any(sum(state.seats[o].hand) for o in range(players) if o != seat)
        assert len(hidden) > 1 or not others_hold


def test_a_determinized_state_plays_on() -> None:
    """The sampled state is a real game: it can be played to its end."""
    positions = _observed_positions(3, 3, "islands")
    state, seat = positions[len(positions) // 2]
    sample = ENGINE.determinize(
        config(map="islands", turn_limit=40), 3, seat, state.observation(seat), random.Random(0)
    )
    rng = random.Random(5)
    while not sample.is_terminal():
        for actor in sample.to_act():
            if actor == CHANCE:
                sample.apply(CHANCE, sample_outcome(sample.chance_outcomes(), rng))
            else:
                sample.apply(actor, rng.choice(sample.legal_actions(actor)))
    assert min(o.rank for o in sample.outcome()) == 1


def test_a_determinized_state_keeps_the_options_of_the_game() -> None:
    """The forward model plays by the match's options: the Commercial Harbor's Skip
    (LANDOVER-33) and the merchant kept off gold (LANDOVER-23) are still in force."""
    game_config = config(map="beginner", commercial_harbor_skip=True, merchant_not_on_gold=True)
    state = blank(2, commercial_harbor_skip=True, merchant_not_on_gold=True)
    state.seats[0].dev[R.COMMERCIAL_HARBOR] = 1
    give(state, 0, wood=1)
    give(state, 1, paper=1)
    state.apply(0, PlayCard(R.COMMERCIAL_HARBOR))
    seen = state.observation(0)
    assert seen.config.commercial_harbor_skip and seen.config.merchant_not_on_gold
    sample = ENGINE.determinize(game_config, 2, 0, seen, random.Random(0))
    assert sample.rules == state.rules
    assert sample.legal_actions(0) == state.legal_actions(0) == [ChooseKind(R.WOOD), Skip()]
