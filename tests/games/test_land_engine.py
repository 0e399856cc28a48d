"""Land against the engine contract, and properties of random legal play."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine import CHANCE
from referee.errors import ConfigError, MalformedAction
from referee.games import get_engine
from referee.games.land import ENGINE
from referee.games.land.actions import (
    ChooseStart,
    ColumnRoll,
    EndTurn,
    OrderRoll,
    PlaceCow,
    RowRoll,
)
from referee.games.land.board import PlotKind
from referee.games.land.mapfile import builtin_maps
from referee.games.land.state import LandState, Phase
from referee.games.land.svg import render_svg
from referee.match.chance import sample_outcome
from referee.testing import check_engine, random_playout
from sdk.pb.landgrave.games.land.v1 import land_pb2

OPTIONS = (
    "adjacency_extends_this_turn",
    "mountain_same_turn",
    "must_place_all",
    "keep_unused_cows",
)


def config_with(random_map: int | None = None, **options: bool) -> land_pb2.Config:
    config = ENGINE.default_config()
    if random_map is not None:
        config.map = "random"
        config.map_seed = random_map
    for name, value in options.items():
        setattr(config, name, value)
    return config


def test_land_is_registered() -> None:
    assert get_engine("land") is ENGINE


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 7))
def test_contract(players: int) -> None:
    check_engine(ENGINE, players)


@pytest.mark.slow
@pytest.mark.parametrize("option", OPTIONS)
def test_contract_with_each_option(option: str) -> None:
    check_engine(ENGINE, 3, config=config_with(**{option: True}))


@pytest.mark.slow
def test_contract_on_a_random_map() -> None:
    check_engine(ENGINE, 4, config=config_with(random_map=11))


@pytest.mark.slow
@pytest.mark.parametrize("name", builtin_maps())
def test_contract_on_each_builtin_map(name: str) -> None:
    config = config_with()
    config.map = name
    check_engine(ENGINE, 3, config=config)


def test_random_games_stay_a_few_hundred_steps() -> None:
    """Random 2-player playouts stay small (their speed is bench/engines.py's to measure)."""
    lengths = [len(random_playout(ENGINE, 2, seed)[1]) for seed in range(10)]
    assert max(lengths) < 300


@pytest.mark.parametrize("option", [None, *OPTIONS])
def test_legal_lists_do_not_depend_on_the_order_plots_were_claimed_in(option: str | None) -> None:
    """A state built from an observation lists its land in plot order, not claim order.

    The engine works out each seat's reach from ``owned`` as it grows; a copy
    whose ``owned`` lists are rebuilt sorted must offer the same moves at
    every step (the engine cannot lean on this turn's claims being last).
    """
    config = config_with(**({option: True} if option else {}))
    state = ENGINE.new_game(config, 3)
    rng = random.Random(5)
    while not state.is_terminal():
        (seat,) = state.to_act()
        if seat == CHANCE:
            state.apply(seat, sample_outcome(state.chance_outcomes(), rng))
            continue
        rebuilt = copy.deepcopy(state)
        rebuilt.owned = [sorted(plots, reverse=True) for plots in rebuilt.owned]
        assert rebuilt.legal_actions(seat) == state.legal_actions(seat)
        action = rng.choice(state.legal_actions(seat))
        rebuilt.apply(seat, action)
        state.apply(seat, action)
        assert rebuilt.digest() == state.digest()


# -- properties of random legal play --------------------------------------------------


def play_checking(state: LandState, seed: int) -> list[tuple[int, Any]]:
    """Play random legal actions to the end, checking the invariants after every step."""
    rng = random.Random(seed)
    history: list[tuple[int, Any]] = []
    cows = _CowBook(state)
    for _ in range(20_000):
        actors = state.to_act()
        if not actors:
            return history
        (seat,) = actors
        if seat == CHANCE:
            action = sample_outcome(state.chance_outcomes(), rng)
        else:
            legal = state.legal_actions(seat)
            assert legal, "a seat to act has no legal action"
            action = rng.choice(legal)
            cows.before(seat, action)
        state.apply(seat, action)
        history.append((seat, action))
        check_board(state)
    raise AssertionError("game did not end")


class _CowBook:
    """An independent count of the cows each turn should bring (LAND-06, LAND-09, LAND-10)."""

    def __init__(self, state: LandState) -> None:
        self.state = state
        self.turn: tuple[int, int] | None = None
        self.start_cows = 0
        self.base: set[int] = set()
        self.residents: dict[tuple[int, int], int] = {}
        self.last_turn: dict[int, tuple[int, int]] = {}

    def before(self, seat: int, action: Any) -> None:
        state = self.state
        key = (state.round, seat)
        if key != self.turn:
            self.begin(seat, key)
        if state.phase is Phase.PLACE:
            assert state.cows_left + state.placed_this_turn == self.start_cows
        if isinstance(action, PlaceCow | ChooseStart):
            plot = state.board.plot(action.x, action.y)
            if plot in state.board.residents:
                self.residents[key] = self.residents.get(key, 0) + 1
        if isinstance(action, PlaceCow):
            self.check_adjacent(seat, state.board.plot(action.x, action.y))

    def begin(self, seat: int, key: tuple[int, int]) -> None:
        state = self.state
        previous = self.last_turn.get(seat)
        self.turn, self.last_turn[seat] = key, key
        self.base = set(state.owned[seat])
        if state.phase is not Phase.PLACE:
            return
        assert state.placed_this_turn == 0
        self.start_cows = state.cows_left
        expected = len(state.owned[seat]) + self.residents.get(previous or (0, 0), 0)
        if state.rules.keep_unused_cows:
            assert state.cows_left >= expected
        else:
            assert state.cows_left == expected

    def check_adjacent(self, seat: int, plot: int) -> None:
        state = self.state
        base = set(state.owned[seat]) if state.rules.adjacency_extends_this_turn else self.base
        assert state.board.kinds[plot].is_usable
        assert any(q in base for q in state.board.neighbours(plot)), "cow not next to own land"


def check_board(state: LandState) -> None:
    """Every plot has at most one owner, owned land is usable, half-claims sit on mountains."""
    owned = [p for plots in state.owned for p in plots]
    assert len(owned) == len(set(owned)), "a plot is owned twice"
    for seat, plots in enumerate(state.owned):
        assert all(state.owner[p] == seat for p in plots)
    assert sum(o >= 0 for o in state.owner) == len(owned)
    for plot, owner in enumerate(state.owner):
        kind = state.board.kinds[plot]
        if owner >= 0:
            assert kind.is_usable
            assert state.half[plot] == -1
        if state.half[plot] >= 0:
            assert kind is PlotKind.MOUNTAIN


settings_for_games = settings(max_examples=25, deadline=None)


@pytest.mark.slow
@settings_for_games
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 6),
    options=st.fixed_dictionaries({name: st.booleans() for name in OPTIONS}),
    random_map=st.one_of(st.none(), st.integers(0, 1000)),
)
def test_random_legal_play_ends_with_consistent_board(
    seed: int, players: int, options: dict[str, bool], random_map: int | None
) -> None:
    state = ENGINE.new_game(config_with(random_map, **options), players)
    play_checking(state, seed)
    assert state.is_terminal() and state.phase is Phase.OVER
    ranks = [o.rank for o in state.outcome()]
    assert min(ranks) == 1
    assert [o.score for o in state.outcome()] == state.scores()


def snapshot(state: LandState) -> str:
    """Every attribute of a state, built apart from ``canonical()`` to check it."""
    fields = dict(vars(state))
    for static in ("board", "rules", "_identity", "_num_players"):
        del fields[static]
    fields["owned"] = [sorted(plots) for plots in state.owned]
    fields["claimed_this_turn"] = sorted(state.claimed_this_turn)
    return repr(sorted(fields.items()))


@pytest.mark.slow
@settings_for_games
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6))
def test_digests_are_equal_exactly_for_equal_states(seed: int, players: int) -> None:
    """Replays give the same digests; along a game, digests match exactly when states do."""
    state = ENGINE.new_game(ENGINE.default_config(), players)
    history = play_checking(state, seed)
    replay = ENGINE.new_game(ENGINE.default_config(), players)
    digests, snapshots = [replay.digest()], [snapshot(replay)]
    for seat, action in history:
        replay.apply(seat, action)
        digests.append(replay.digest())
        snapshots.append(snapshot(replay))
    assert replay.digest() == state.digest()
    by_digest = dict(zip(digests, snapshots, strict=True))
    assert len(by_digest) == len(set(snapshots)), "different states share a digest"
    assert all(by_digest[d] == s for d, s in zip(digests, snapshots, strict=True))


def two_started(map_text: str, second: tuple[int, int] = (4, 4)) -> LandState:
    """Seat 0 first, seat 0 starting at (0, 0) and seat 1 at ``second`` of a one-region map."""
    config = config_with()
    config.map_text = map_text
    state = ENGINE.new_game(config, 2)
    state.apply(CHANCE, OrderRoll(6))
    state.apply(CHANCE, OrderRoll(1))
    for xy in ((0, 0), second):
        state.apply(CHANCE, ColumnRoll(1))
        state.apply(CHANCE, RowRoll(1))
        state.apply(state.seat_to_move, ChooseStart(*xy))
    return state


GRASS_5X5 = "region = 5x5\n" + ".....\n" * 5


def test_same_position_by_different_paths_has_one_digest() -> None:
    """Claiming two plots in either order gives equal states, and equal digests."""
    digests = []
    for cows in [((2, 0), (0, 1)), ((0, 1), (2, 0))]:
        state = two_started(GRASS_5X5)
        for seat, xy in [(0, (1, 0)), (1, (3, 4)), (0, cows[0]), (0, cows[1])]:
            state.apply(seat, PlaceCow(*xy))
        digests.append(state.digest())
    assert digests[0] == digests[1]


def play_to_first_placement(state: LandState) -> None:
    """Fixed rolls on the default map: seat 0 first; starts at (6, 4) and (7, 5)."""
    state.apply(CHANCE, OrderRoll(6))
    state.apply(CHANCE, OrderRoll(1))
    for xy in ((6, 4), (7, 5)):
        state.apply(CHANCE, ColumnRoll(4))
        state.apply(CHANCE, RowRoll(3))
        state.apply(state.seat_to_move, ChooseStart(*xy))


def test_different_configs_give_different_digests() -> None:
    plain = ENGINE.new_game(config_with(), 2)
    assert plain.digest() != ENGINE.new_game(config_with(mountain_same_turn=True), 2).digest()
    assert plain.digest() != ENGINE.new_game(config_with(), 3).digest()


# -- observation, codec, renders ---------------------------------------------------------


def test_observation_shows_the_whole_board() -> None:
    state = ENGINE.new_game(config_with(), 2)
    play_to_first_placement(state)
    state.apply(0, PlaceCow(5, 4))
    obs = state.observation(1)
    board = state.board
    assert (obs.seat, obs.width, obs.height, obs.region_width) == (1, 12, 12, 2)
    assert list(obs.kinds) == [int(k) for k in board.kinds]
    assert [i for i, r in enumerate(obs.resident) if r] == sorted(board.residents)
    assert obs.owner[board.plot(5, 4)] == 0 and obs.owner[board.plot(7, 5)] == 1
    assert obs.phase == land_pb2.PHASE_PLACE and obs.turn_seat == 1 and obs.cows_left == 1
    assert list(obs.order) == [0, 1] and list(obs.plots) == [2, 1]
    assert obs.round == 2


def test_observation_shows_half_claimed_mountains() -> None:
    state = two_started("region = 5x1\n.^...\n", second=(4, 0))
    state.apply(0, PlaceCow(1, 0))
    obs = state.observation(1)
    assert obs.half_claim[1] == 0 and obs.owner[1] == -1
    assert obs.kinds[1] == land_pb2.PLOT_KIND_MOUNTAIN


def test_codec_round_trips_and_refuses_empty_actions() -> None:
    for action in (PlaceCow(3, 4), ChooseStart(0, 11), EndTurn()):
        assert ENGINE.action_from_proto(ENGINE.action_to_proto(action)) == action
    with pytest.raises(MalformedAction):
        ENGINE.action_from_proto(land_pb2.Action())
    with pytest.raises(MalformedAction):
        ENGINE.action_from_proto(land_pb2.Config())


def test_wrong_config_type_is_refused() -> None:
    with pytest.raises(ConfigError, match="expected a land Config"):
        ENGINE.new_game(land_pb2.Action(), 2)


def test_renders_show_owners_and_scores() -> None:
    state, _ = random_playout(ENGINE, 3, seed=2)
    text = state.render()
    assert "game over" in text
    for seat, plots in enumerate(state.scores()):
        assert f"seat {seat}: {plots:3} plots" in text
        assert str(seat) in text.split("\n\n0-5")[0]
    svg = render_svg(state)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert "href" not in svg
    assert svg.count("<title>seat 0</title>") == state.scores()[0] + 1
