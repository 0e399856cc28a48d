"""Landover against the engine contract, its messages, and properties of random legal play."""

from __future__ import annotations

import random
from typing import get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine import CHANCE
from referee.errors import ConfigError, IllegalAction, MalformedAction
from referee.games.landover import ENGINE
from referee.games.landover import rules as R
from referee.games.landover.actions import BuildVillage, DiceRoll, EndTurn, LandoverAction
from referee.games.landover.board import SEA, beginner_board, random_board
from referee.games.landover.records import VILLAGE
from referee.games.landover.state import LandoverState, Phase
from referee.games.landover.svg import render_svg
from referee.match.chance import sample_outcome
from referee.testing import check_engine, random_playout
from sdk.pb.landgrave.games.landover.v1 import landover_pb2


def config(**changes: object) -> landover_pb2.Config:
    message = ENGINE.default_config()
    for name, value in changes.items():
        setattr(message, name, value)
    return message


@pytest.mark.slow
def test_contract_two_players() -> None:
    check_engine(ENGINE, 2, seeds=range(3))


@pytest.mark.slow
def test_contract_four_players() -> None:
    check_engine(ENGINE, 4, seeds=range(2), config=config(turn_limit=150))


@pytest.mark.slow
def test_contract_three_players_islands_map() -> None:
    check_engine(ENGINE, 3, seeds=range(1), config=config(map="islands"))


def test_config_errors_say_what_was_expected() -> None:
    with pytest.raises(ConfigError, match=r"expected 2 to 4 players, got 5"):
        ENGINE.new_game(ENGINE.default_config(), 5)
    with pytest.raises(ConfigError, match=r"expected one of 'beginner', 'random', 'standard'"):
        ENGINE.new_game(config(map="moon"), 2)
    with pytest.raises(ConfigError, match=r"victory_points: expected 3\.\.100, got 0"):
        ENGINE.new_game(config(victory_points=0), 2)


def test_every_action_kind_survives_the_codec() -> None:
    for cls in get_args(LandoverAction):
        fields = cls.__dataclass_fields__
        action = cls(**{name: index + 1 for index, name in enumerate(fields)})
        assert ENGINE.action_from_proto(ENGINE.action_to_proto(action)) == action


def test_codec_refuses_empty_and_foreign_messages() -> None:
    with pytest.raises(MalformedAction):
        ENGINE.action_from_proto(landover_pb2.Action())
    with pytest.raises(MalformedAction):
        ENGINE.action_from_proto(landover_pb2.Config())  # type: ignore[arg-type]


def test_beginner_board_matches_the_reference() -> None:
    board = beginner_board()
    land = [t for t in board.terrain if t != SEA]
    assert len(land) == 19 and len(board.terrain) == 37
    assert sorted(n for n in board.numbers if n) == [
        2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12
    ]  # fmt: skip
    assert board.numbers[:3] == [10, 2, 9]
    harbor_corners = [v for v, h in enumerate(board.harbor) if h >= 0]
    assert len(harbor_corners) == 18
    for v in harbor_corners:  # every harbor corner touches land and sea
        terrains = {board.terrain[t] for t in board.vertex_tiles[v]}
        assert SEA in terrains and terrains != {SEA}
    assert set(board.island) == {-1, 0}


def test_random_map_is_seeded_and_keeps_six_and_eight_apart() -> None:
    a, b = random_board(3), random_board(3)
    assert a.describe() == b.describe()
    assert random_board(4).describe() != a.describe()
    hot = [t for t, n in enumerate(a.numbers) if n in (6, 8)]
    for t in hot:
        near = {u for v in a.tile_vertices[t] for u in a.vertex_tiles[v]} - {t}
        assert not near & set(hot)


def test_roll_outcomes_are_a_distribution_with_three_barbarian_faces() -> None:
    state = _after_setup()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 144
    assert sum(p for _, p in outcomes) == 1
    barbarian = sum(p for o, p in outcomes if isinstance(o, DiceRoll) and o.event == 0)
    assert barbarian == pytest.approx(0.5)


def test_apply_refuses_wrong_seat_and_illegal_action_without_change() -> None:
    state = _after_setup()
    before = state.digest()
    with pytest.raises(IllegalAction):
        state.apply(0, EndTurn())  # chance must roll first
    with pytest.raises(IllegalAction):
        state.apply(CHANCE, EndTurn())
    assert state.digest() == before


def test_render_and_svg_show_board_and_scores() -> None:
    state, _ = random_playout(ENGINE, 3, seed=1, config=config(turn_limit=40))
    text = state.render()
    assert "seat 2" in text and "VP" in text
    svg = render_svg(state)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert "href" not in svg and "seat 1:" in svg


def _after_setup(players: int = 2, seed: int = 0) -> LandoverState:
    rng = random.Random(seed)
    state = ENGINE.new_game(ENGINE.default_config(), players)
    assert isinstance(state, LandoverState)
    while state.phase is Phase.SETUP or state.to_act() != (CHANCE,) or state.tasks:
        (seat,) = state.to_act()
        if seat == CHANCE:
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_random_play_ends_and_never_goes_negative(seed: int, players: int) -> None:
    rng = random.Random(seed)
    state = ENGINE.new_game(config(turn_limit=60), players)
    assert isinstance(state, LandoverState)
    for _ in range(20_000):
        actors = state.to_act()
        if not actors:
            break
        for seat in actors:  # several seats answer a trade offer at once
            if seat == CHANCE:
                state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
            else:
                legal = state.legal_actions(seat)
                assert legal
                state.apply(seat, rng.choice(legal))
        for s in range(players):
            assert min(state.seats[s].hand) >= 0
            assert min(state.seats[s].dev) >= 0
            assert 0 <= state.seats[s].military <= state.military_cap(s)
            assert all(0 <= level <= 5 for level in state.seats[s].culture)
        assert min(state.bank.deck) >= 0
        counted = state.pieces.copy()
        counted.recount()  # the seats' tallies, kept step by step, as the board's lists say
        assert (counted.held, counted.laid, counted.counts) == (
            state.pieces.held,
            state.pieces.laid,
            state.pieces.counts,
        )
    assert state.is_terminal()
    ranks = [o.rank for o in state.outcome()]
    assert min(ranks) == 1
    assert state.turn <= 60


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_observation_hides_other_hands_dev_cards_and_deck_contents(seed: int) -> None:
    state, _ = random_playout(ENGINE, 2, seed=seed, config=config(turn_limit=30))
    assert isinstance(state, LandoverState)
    state.seats[1].hand = [3, 0, 0, 0, 0, 0, 0, 1]
    state.seats[1].dev = [0] * len(state.seats[1].dev)
    state.seats[1].dev[2] = 1
    seen = state.observation(0).SerializeToString(deterministic=True)
    state.seats[1].hand = [0, 0, 2, 0, 0, 2, 0, 0]
    state.seats[1].dev[2] = 0
    state.seats[1].dev[22] = 1
    politics = [c for c, (_, deck, _) in enumerate(R.CARDS) if deck == R.POLITICS]
    held = next(c for c in politics if state.bank.deck[c])
    state.bank.deck[held] -= 1  # the politics deck holds another card instead: same size
    state.bank.deck[next(c for c in politics if c != held)] += 1
    assert state.observation(0).SerializeToString(deterministic=True) == seen
    mine = state.observation(1)
    assert list(mine.hand) == [0, 0, 2, 0, 0, 2, 0, 0]
    assert mine.dev_hand[22] == 1
    assert state.observation(0).players[1].hand_size == 4


def test_an_action_listed_before_a_step_is_checked_again() -> None:
    """apply trusts only the very objects it listed for this step (issue 12); others are checked."""
    config = ENGINE.default_config()
    config.map = "beginner"
    state = ENGINE.new_game(config, 2)
    spots = state.legal_actions(0)
    first, other = spots[0], spots[-1]
    assert isinstance(first, BuildVillage) and isinstance(other, BuildVillage)
    state.apply(0, first)
    with pytest.raises(IllegalAction):
        state.apply(0, other)  # listed before the step; a road is due now
    state.apply(0, state.legal_actions(0)[0])
    listed = state.legal_actions(1)[0]
    assert isinstance(listed, BuildVillage)
    state.pieces.build(listed.vertex, 0, VILLAGE)  # taken by hand since it was listed
    with pytest.raises(IllegalAction):
        state.apply(1, BuildVillage(listed.vertex))  # an equal object, not the listed one
