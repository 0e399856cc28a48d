"""Farlanthia against the engine contract, its messages, and properties of random legal play."""

from __future__ import annotations

import dataclasses
import enum
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine import CHANCE
from referee.errors import ConfigError, IllegalAction, MalformedAction
from referee.games import get_engine
from referee.games.farlanthia import ENGINE
from referee.games.farlanthia.actions import (
    Build,
    CaravanTrade,
    ChooseResource,
    CombatRoll,
    Continue,
    DealTerrain,
    DieRoll,
    Done,
    DrawAdventure,
    DrawCard,
    DrawTile,
    FarlanthiaAction,
    LeadershipRoll,
    MapSeed,
    Move,
    Muster,
    Occupy,
    PlaceTile,
    PressOn,
    Propose,
    RaiseMilitia,
    Requisition,
    Resolve,
    Respond,
    RevealTile,
    ScoutWithDie,
    Substitute,
    Swap,
    Withdraw,
)
from referee.games.farlanthia.battle import Battle
from referee.games.farlanthia.cards import Card
from referee.games.farlanthia.course import Phase
from referee.games.farlanthia.moves import phase_allows
from referee.games.farlanthia.rules import Rules
from referee.games.farlanthia.state import FarlanthiaState
from referee.games.farlanthia.svg import render_svg
from referee.match.chance import sample_outcome
from referee.testing import check_engine
from sdk.pb.landgrave.games.farlanthia.v1 import farlanthia_pb2
from tests.games.test_farlanthia_rules import AWAY, HOME, game

EVERY_KIND: list[FarlanthiaAction] = [
    RevealTile(5),
    ScoutWithDie(4),
    Done(),
    DrawAdventure(2),
    CaravanTrade(0, 3),
    Requisition(6, 1),
    Build(17, 2),
    Muster(3, 4),
    Move(1, 2, 3),
    Continue(9),
    RaiseMilitia(11),
    Propose(2, 1),
    Respond(True),
    Substitute(6, 1),
    Occupy(12, 2),
    Swap(1, 2),
    ChooseResource(3),
    Resolve(1, 40),
    MapSeed(77),
    LeadershipRoll((6, 3, 1)),
    CombatRoll((5, 5)),
    DrawCard(21),
    DieRoll(6),
    DealTerrain(8, 4),
    DrawTile(4),
    PlaceTile(17),
    PressOn(),
    Withdraw(),
]
SHORT = Rules(years=2).to_config()


def test_farlanthia_is_registered_for_2_to_6_players() -> None:
    assert get_engine("farlanthia") is ENGINE
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 6)
    assert {o.name for o in ENGINE.options} == set(farlanthia_pb2.Config.DESCRIPTOR.fields_by_name)


@pytest.mark.slow
def test_contract_for_two_players() -> None:
    check_engine(ENGINE, 2, seeds=range(3))


@pytest.mark.slow
def test_contract_for_six_players() -> None:
    check_engine(ENGINE, 6, seeds=range(2), config=Rules(years=2).to_config())


@pytest.mark.slow
def test_contract_with_a_fixed_revealed_map_and_no_cards() -> None:
    config = Rules(
        years=2, reveal_map=True, events=False, adventures=False, diplomacy=False
    ).to_config()
    check_engine(ENGINE, 3, seeds=range(2), config=config)
    fixed = Rules(years=1, map_seed=9, reveal_map=True).to_config()
    check_engine(ENGINE, 4, seeds=range(1), config=fixed)


def test_contract_with_chance_picking_the_seed_of_a_revealed_map() -> None:
    state = ENGINE.new_game(Rules(years=1, reveal_map=True).to_config(), 2)
    assert state.course.phase is Phase.SETUP and state.to_act() == (CHANCE,)
    assert len(state.chance_outcomes()) == 1024
    state.apply(CHANCE, MapSeed(12))
    assert all(state.tiles.revealed) and state.course.phase is Phase.LEADERSHIP


@pytest.mark.parametrize("action", EVERY_KIND, ids=lambda a: type(a).__name__)
def test_every_action_kind_survives_the_codec(action: FarlanthiaAction) -> None:
    message = ENGINE.action_to_proto(action)
    assert isinstance(message, farlanthia_pb2.Action)
    assert ENGINE.action_from_proto(message) == action


def test_malformed_actions_are_refused() -> None:
    with pytest.raises(MalformedAction, match="one kind set"):
        ENGINE.action_from_proto(farlanthia_pb2.Action())
    with pytest.raises(
        MalformedAction, match=r"expected a landgrave\.games\.farlanthia\.v1\.Action message"
    ):
        ENGINE.action_from_proto(farlanthia_pb2.Config())


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("years", 0, "expected years 1..50, got 0"),
        ("starting_troops", 31, "got 31"),
        ("map_radius", 3, "expected map_radius 4..6, got 3"),
    ],
)
def test_bad_configs_say_what_was_expected(field: str, value: int, words: str) -> None:
    config = ENGINE.default_config()
    setattr(config, field, value)
    with pytest.raises(ConfigError, match=words):
        ENGINE.new_game(config, 2)


def test_player_counts_outside_2_to_6_are_refused() -> None:
    with pytest.raises(ConfigError, match="expected 2 to 6 players, got 7"):
        ENGINE.new_game(ENGINE.default_config(), 7)


def test_default_config_is_five_years_of_hidden_dealt_map() -> None:
    config = ENGINE.default_config()
    assert (config.years, config.map_seed, config.reveal_map) == (5, 0, False)
    assert config.events and config.adventures and config.diplomacy


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    state = game()
    before = state.digest()
    for action in (Muster(HOME, 1), Move(HOME, AWAY, 1), Respond(True), Build(AWAY, 1)):
        with pytest.raises(IllegalAction):
            state.apply(0, action)
    with pytest.raises(IllegalAction):
        state.apply(1, Done())
    with pytest.raises(IllegalAction):
        state.apply(CHANCE, DieRoll(3))
    assert state.digest() == before


def test_the_observation_hides_unrevealed_terrain_and_other_hands() -> None:
    """FARL-33."""
    state = ENGINE.new_game(ENGINE.default_config(), 2)
    state.realms[1].hand = (int(Card.SCOUT_SKIRMISH),)
    state.realms[0].hand = (int(Card.STRANGE_BLUEPRINTS),)
    obs = state.observation(0)
    assert isinstance(obs, farlanthia_pb2.Observation)
    assert len(obs.terrain) == 127 and list(obs.terrain).count(0) == 124
    assert obs.terrain[HOME] == 6 and obs.structure[HOME] == 4 and obs.troops[HOME] == 3
    assert list(obs.players[0].hand) == [Card.STRANGE_BLUEPRINTS]
    assert list(obs.players[1].hand) == [] and obs.players[1].hand_count == 1
    assert sum(obs.terrain_left) == 124
    assert obs.config == ENGINE.default_config()


def test_the_observation_shows_a_battle_in_progress() -> None:
    from tests.games.test_farlanthia_rules import battle_setup

    state, target = battle_setup(defenders=2)
    state.apply(0, Move(state.tiles.troop_owner.index(0), target, 3))
    state.apply(CHANCE, CombatRoll((6, 5, 1)))
    obs = state.observation(1)
    assert (obs.battle.attacker, obs.battle.defender, obs.battle.tile) == (0, 1, target)
    assert list(obs.battle.attacker_roll) == [6, 5, 1]


def test_render_and_svg_show_the_map_and_scores() -> None:
    state = game()
    text = state.render()
    assert "seat 0: renown 0" in text and "K0a3" in text
    svg = render_svg(state)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("<polygon") == 127
    assert "seat 1: renown 0" in svg
    assert "href" not in svg


def test_default_action_is_done_when_allowed() -> None:
    state = game()
    assert state.default_action(0) == Done()


def playout(seed: int, players: int, config: farlanthia_pb2.Config) -> FarlanthiaState:
    """A random legal game, checking invariants after every step."""
    rng = random.Random(seed)
    state = ENGINE.new_game(config, players)
    for _ in range(50_000):
        if state.is_terminal():
            return state
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        check_invariants(state)
    raise AssertionError("the game did not end")


def check_invariants(state: FarlanthiaState) -> None:
    assert all(n >= 0 for realm in state.realms for n in realm.resources)
    assert all(n >= 0 for n in state.tiles.troops)
    for tile, (owner, count) in enumerate(
        zip(state.tiles.troop_owner, state.tiles.troops, strict=True)
    ):
        # one owner per tile: troops belong to one realm, and a tile with troops has its owner
        assert (count > 0) == (owner >= 0), tile
        assert 0 <= state.tiles.exhausted[tile] <= count
        if owner >= 0:
            assert state.realms[owner].alive
        if state.tiles.owner[tile] >= 0:
            assert state.tiles.structure[tile] != 0 and state.realms[state.tiles.owner[tile]].alive


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_random_legal_play_always_ends_with_sound_counts(seed: int, players: int) -> None:
    state = playout(seed, players, SHORT)
    assert state.is_terminal()
    assert min(o.rank for o in state.outcome()) == 1


def perturbed(value: Any) -> Any:  # noqa: PLR0911 (one return per kind of value)
    """A value of the same kind that differs (a list is changed at its last item)."""
    if isinstance(value, list):
        return [*value[:-1], perturbed(value[-1])] if value else [0]
    if isinstance(value, bool):
        return not value
    if isinstance(value, enum.IntEnum):
        return type(value)((int(value) + 1) % len(type(value)))
    if isinstance(value, int):
        return value + 1
    if isinstance(value, tuple):
        return (*value, 0)
    if value is None:
        return (0, 0, 0)
    if isinstance(value, Battle):
        return dataclasses.replace(value, att=value.att + 1)
    raise TypeError(f"no perturbation for {value!r}")


def test_every_field_of_every_owner_is_in_the_digest() -> None:
    """The contract suite sees the owners whole; this checks each of their fields."""
    state = ENGINE.new_game(SHORT, 3)
    rng = random.Random(8)
    for _ in range(400):
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    digest = state.digest()
    owners = ("tiles", "decks", "course", "diplomacy", "pending", "realms", "seasonal")
    for owner in owners:
        part = getattr(state, owner)
        for field in dataclasses.fields(part[0] if isinstance(part, list) else part):
            if field.name == "geo":
                continue  # fixed by the rules' map_radius
            changed = state.clone()
            target = getattr(changed, owner)
            target = target[0] if isinstance(target, list) else target
            value = getattr(target, field.name)
            if field.name == "battle" and value is None:
                value = Battle(0, 1, -1, 0, 1, 1, fortified=False)
            setattr(target, field.name, perturbed(value))
            assert changed.digest() != digest, f"{owner}.{field.name}"
            assert state.digest() == digest  # the clone's parts are its own


def _near_misses(state: FarlanthiaState, seat: int) -> list[Any]:
    """Conflict-phase actions around the legal ones: off by one, off the map, not the seat's."""
    size = len(state.tiles.troops)
    tiles = [-1, 0, size - 1, size, *range(0, size, 7)]
    tiles += [t for t in range(size) if state.tiles.troop_owner[t] >= 0]
    tiles += [t for t in range(size) if state.tiles.owner[t] >= 0]
    near: list[Any] = [Done(), *(RaiseMilitia(t) for t in tiles)]
    near += [CaravanTrade(give, get) for give in range(-1, 5) for get in range(-1, 5)]
    near += [Requisition(die, r) for die in range(0, 8) for r in range(-1, 5)]
    near += [Build(t, kind) for t in tiles for kind in range(0, 11)]
    near += [Muster(t, n) for t in tiles for n in range(0, 7)]
    near += [Propose(kind, other) for kind in range(0, 6) for other in range(-1, 7)]
    for source in tiles:
        targets = state.geo.neighbours[source] if 0 <= source < size else (0, size)
        near += [Continue(t) for t in (*targets, source)]
        most = state.tiles.troops[source] + 1 if 0 <= source < size else 2
        near += [Move(source, t, n) for t in (*targets, source) for n in range(0, most + 1)]
    return near


@pytest.mark.slow
def test_an_answer_checked_without_the_list_matches_the_legal_list() -> None:
    """apply checks a realm or conflict answer without the whole list: it must agree with it."""
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = ENGINE.new_game(SHORT, 3)
        while not state.is_terminal() and checked < 400:
            seat = state.to_act()[0]
            if seat == CHANCE:
                state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
                continue
            legal = state.legal_actions(seat)
            calm = state.pending.battle is None and not state.pending.frames
            phase = state.course.phase
            if phase in (Phase.CONFLICT, Phase.REALM) and calm and rng.random() < 0.3:
                checked += phase is Phase.CONFLICT
                for action in {*legal, *_near_misses(state, seat)}:
                    assert phase_allows(state, seat, action) == (action in legal), action
            state.apply(seat, rng.choice(legal))
    assert checked >= 100
