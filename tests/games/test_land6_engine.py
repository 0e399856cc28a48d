"""LAND 6 against the engine contract, its messages, and properties of random legal play."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine import CHANCE
from referee.errors import IllegalAction, MalformedAction
from referee.games import get_engine
from referee.games.land6 import ENGINE
from referee.games.land6.actions import (
    Accept,
    Deploy,
    Feed,
    Fight,
    HurtCityDie,
    Land6Action,
    Move,
    PlaceTile,
    RemoveCube,
    RerollDie,
    RerollThrow,
    Roll,
    Skip,
)
from referee.games.land6.board import Layout
from referee.games.land6.rules import Difficulty, Rules
from referee.games.land6.state import Die, Land6State, Phase
from referee.games.land6.svg import render_svg
from referee.match.chance import sample_outcome
from referee.testing import check_engine, random_playout
from sdk.pb.landgrave.games.land6.v1 import land6_pb2

EVERY_KIND: list[Land6Action] = [
    Deploy(0, 1),
    Move(0, 1, 7),
    Feed(7),
    Fight(6),
    RerollDie(1, 0),
    RerollThrow(1),
    Accept(),
    Skip(),
    RemoveCube(6),
    HurtCityDie(12),
    Roll(4),
    PlaceTile(2, 5, 3),
]


def config(
    difficulty: Difficulty = Difficulty.EASY, layout: Layout = Layout.GRID
) -> land6_pb2.Config:
    return Rules(difficulty=difficulty, layout=layout).to_config()


def test_land6_is_registered_for_one_player() -> None:
    assert get_engine("land6") is ENGINE
    assert (ENGINE.min_players, ENGINE.max_players) == (1, 1)
    assert {o.name for o in ENGINE.options} == set(land6_pb2.Config.DESCRIPTOR.fields_by_name)


def test_contract() -> None:
    check_engine(ENGINE, 1)


@pytest.mark.parametrize("difficulty", list(Difficulty), ids=lambda d: d.name.lower())
@pytest.mark.parametrize("layout", list(Layout), ids=lambda layout: layout.name.lower())
def test_contract_on_every_difficulty_and_layout(difficulty: Difficulty, layout: Layout) -> None:
    check_engine(ENGINE, 1, seeds=range(10), config=config(difficulty, layout))


@pytest.mark.parametrize("action", EVERY_KIND, ids=lambda a: type(a).__name__)
def test_every_action_kind_survives_the_codec(action: Land6Action) -> None:
    message = ENGINE.action_to_proto(action)
    assert isinstance(message, land6_pb2.Action)
    assert ENGINE.action_from_proto(message) == action


def test_an_empty_action_message_is_malformed() -> None:
    with pytest.raises(MalformedAction, match="one kind set"):
        ENGINE.action_from_proto(land6_pb2.Action())


def test_another_message_type_is_malformed() -> None:
    with pytest.raises(
        MalformedAction, match=r"expected a landgrave\.games\.land6\.v1\.Action message"
    ):
        ENGINE.action_from_proto(land6_pb2.Config())


def started(seed: int = 1) -> Land6State:
    state = ENGINE.new_game(ENGINE.default_config(), 1)
    rng = random.Random(seed)
    while state.phase is Phase.SETUP:
        state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
    return state


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    state = started()
    before = state.digest()
    for action in (Feed(0), Move(0, 0, 1), Accept(), Roll(3), Deploy(0, 23)):
        with pytest.raises(IllegalAction):
            state.apply(0, action)
    with pytest.raises(IllegalAction):
        state.apply(CHANCE, Roll(2))
    assert state.digest() == before


def test_chance_may_not_act_when_the_player_must() -> None:
    state = started()
    with pytest.raises(IllegalAction, match="chance does not act"):
        state.chance_outcomes()


def test_the_observation_shows_the_whole_game() -> None:
    state = started()
    obs = state.observation(0)
    assert isinstance(obs, land6_pb2.Observation)
    assert (obs.width, obs.height) == (6, 4)
    assert len(obs.squares) == 24
    assert len(obs.tiles) == 6
    assert [(d.square, d.value) for d in obs.dice] == [(0, 6)]
    assert (obs.home_city, obs.enemy_city) == (0, 23)
    assert obs.phase == land6_pb2.PHASE_ACTION
    assert (obs.deploy_value, obs.cubes_in_supply, obs.dice_in_supply) == (6, 6, 5)
    assert (obs.score, obs.title, obs.turn) == (6, "Child of Dice", 1)
    assert obs.config == ENGINE.default_config()
    assert not obs.HasField("throw")


def test_the_observation_shows_a_pending_throw() -> None:
    state = started()
    state.apply(0, Deploy(0, 1))  # tile 1 lies unturned: square 1 is its sea
    state.apply(CHANCE, Roll(3))
    obs = state.observation(0)
    assert obs.phase == land6_pb2.PHASE_THROW
    assert (obs.throw.purpose, obs.throw.value) == (land6_pb2.THROW_PURPOSE_CUBES, 3)


def test_render_and_svg_draw_the_board_and_the_result() -> None:
    state, _ = random_playout(ENGINE, 1, seed=3)
    text = state.render()
    assert "LAND 6 (easy, grid)" in text
    assert "LOST" in text or "WON" in text
    svg = render_svg(state)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert "href" not in svg  # self-contained
    assert "score" in svg
    assert render_svg(ENGINE.new_game(ENGINE.default_config(), 1)).startswith("<svg")


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    difficulty=st.sampled_from(list(Difficulty)),
    layout=st.sampled_from(list(Layout)),
)
def test_random_legal_play_always_ends_with_dice_in_range(
    seed: int, difficulty: Difficulty, layout: Layout
) -> None:
    """Games end (the sea action is bounded, LAND6-12); dice on the board stay within 1..6."""
    rules = Rules(difficulty=difficulty, layout=layout, turn_limit=0)
    state = ENGINE.new_game(rules.to_config(), 1)
    rng = random.Random(seed)
    for _ in range(5000):
        if state.is_terminal():
            break
        if state.to_act() == (CHANCE,):
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(0, rng.choice(state.legal_actions(0)))
        assert all(1 <= die.value <= 6 for die in state.dice.values())
        assert len(state.dice) <= 6 and len(state.cubes) <= 6
    assert state.is_terminal()
    outcome = state.outcome()[0]
    assert outcome.rank == 1
    assert outcome.titles[1] in ("won", "lost")


def test_legal_lists_follow_a_position_changed_by_hand() -> None:
    """The engine keeps a window's legal list for the turn; a change made outside
    play (a state built from an observation, a test) must still show at once."""
    state = ENGINE.new_game(Rules(fixed_tile_orientation=True).to_config(), 1)
    for slot, tile in zip((1, 2, 3, 4), (2, 3, 4, 5), strict=True):
        state.apply(CHANCE, PlaceTile(slot, tile, 0))
    assert state.phase is Phase.ACTION
    alone = state.legal_actions(0)

    def expected() -> list[Land6Action]:
        twin = copy.deepcopy(state)
        twin._remembered = None  # worked out afresh
        return twin.legal_actions(0)

    state.dice[1] = Die(4)  # in place: a second die, on tile 1's sea
    assert state.legal_actions(0) == expected() != alone
    assert any(isinstance(action, RerollDie) for action in state.legal_actions(0))
    state.extra_action = True
    assert state.legal_actions(0) == expected() and Skip() in state.legal_actions(0)
    state.cubes.add(1)
    assert state.legal_actions(0) == expected()
