"""Farlanthia's hidden information: what each seat sees, hidden events, the forward model.

A seat sees the revealed map, the tiles it placed face down in the draft,
its own hand and everything public (FARL-33, FARL-35). Nothing else may
leak: changing what a seat cannot see never changes its observation, chance
deals it cannot see are hidden events, and a state rebuilt from its
observation (``ENGINE.determinize``) looks the same to it.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sdk
from referee.engine import CHANCE
from referee.errors import ConfigError
from referee.games.farlanthia import ENGINE
from referee.games.farlanthia.actions import DrawCard, DrawTile, PlaceTile
from referee.games.farlanthia.board import Terrain
from referee.games.farlanthia.cards import Card, goes_to_hand
from referee.games.farlanthia.course import Phase
from referee.games.farlanthia.draft import legal_places, may_place
from referee.games.farlanthia.pending import Ask, Frame
from referee.games.farlanthia.rules import Rules
from referee.games.farlanthia.state import FarlanthiaState
from referee.match import play_in_process
from referee.match.chance import sample_outcome

SMALL = Rules(years=1, map_radius=4)
"""A short game on 61 tiles, with the draft, cards and diplomacy."""


def random_steps(state: FarlanthiaState, rng: random.Random, steps: int) -> None:
    """Play up to ``steps`` random legal steps (chance sampled)."""
    for _ in range(steps):
        if state.is_terminal():
            return
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def mid_draft(players: int = 3, placed: int = 20, seed: int = 0) -> FarlanthiaState:
    state = ENGINE.new_game(SMALL.to_config(), players)
    random_steps(state, random.Random(seed), 2 * placed)
    assert state.course.phase is Phase.DRAFT
    return state


def scramble_hidden(state: FarlanthiaState, viewer: int, rng: random.Random) -> FarlanthiaState:
    """A copy where the face-down tiles and hands ``viewer`` cannot see are shuffled."""
    other = state.clone()
    hidden = [
        t
        for t, by in enumerate(other.tiles.placed_by)
        if by not in (-1, viewer) and not other.tiles.revealed[t]
    ]
    kinds = [other.tiles.terrain[t] for t in hidden]
    if other.tiles.drawn_tile and other.current != viewer:
        pile = [k for k, n in enumerate(other.tiles.terrain_left) for _ in range(n)]
        swap = rng.choice(pile) if pile else other.tiles.drawn_tile
        other.tiles.terrain_left[swap] -= 1
        other.tiles.terrain_left[other.tiles.drawn_tile] += 1
        other.tiles.drawn_tile = swap
    rng.shuffle(kinds)
    for tile, kind in zip(hidden, kinds, strict=True):
        other.tiles.terrain[tile] = kind
    for seat, realm in enumerate(other.realms):
        if seat == viewer or not realm.hand:
            continue
        swappable = [c for c in other.decks.adventures if goes_to_hand(c, seat)]
        if swappable:
            card = rng.choice(swappable)
            hand = list(realm.hand)
            other.decks.adventures.remove(card)
            other.decks.adventures = sorted([*other.decks.adventures, hand.pop(0)])
            realm.hand = tuple(sorted([*hand, card]))
    return other


# -- the map seed -----------------------------------------------------------------


def test_a_map_seed_behind_the_fog_of_war_is_refused() -> None:
    """FARL-02: every seat gets the config, so a seeded hidden map could be regenerated."""
    with pytest.raises(ConfigError, match="map_seed 5 needs reveal_map"):
        ENGINE.new_game(Rules(map_seed=5).to_config(), 2)
    state = ENGINE.new_game(Rules(map_seed=5, reveal_map=True).to_config(), 2)
    assert all(state.tiles.revealed)


# -- the draft --------------------------------------------------------------------


def test_the_draft_places_each_tile_nearer_an_opponent_and_refuses_one_nearer_home() -> None:
    """FARL-35: seat 0 may not place a tile nearer its own capitol than every opponent's."""
    state = ENGINE.new_game(Rules().to_config(), 2)
    geo, (home, away) = state.geo, (state.realms[0].capitol, state.realms[1].capitol)
    assert state.course.phase is Phase.DRAFT and state.to_act() == (CHANCE,)
    state.apply(CHANCE, DrawTile(int(Terrain.LAKE)))
    assert state.to_act() == (0,)
    places = [a.tile for a in state.legal_actions(0) if isinstance(a, PlaceTile)]
    assert places and all(geo.distance(t, away) <= geo.distance(t, home) for t in places)
    near_home = next(t for t in geo.neighbours[home] if t not in places)
    from referee.errors import IllegalAction

    with pytest.raises(IllegalAction):
        state.apply(0, PlaceTile(near_home))
    state.apply(0, PlaceTile(places[0]))
    assert state.tiles.placed_by[places[0]] == 0 and state.current == 1
    assert state.observation(0).placed_terrain[places[0]] == Terrain.LAKE
    assert state.observation(1).placed_terrain[places[0]] == 0
    assert state.observation(1).terrain[places[0]] == 0


def test_with_no_place_in_its_zone_a_seat_places_as_far_from_home_as_it_can() -> None:
    """FARL-35: only the places within 2 of seat 0's capitol are empty; it must take a 2."""
    state = ENGINE.new_game(Rules().to_config(), 2)
    geo, home = state.geo, state.realms[0].capitol
    terrain = [
        kind if geo.distance(t, home) <= 2 else Terrain.FIELDS
        for t, kind in enumerate(state.tiles.terrain)
    ]
    terrain[home] = Terrain.FIELDS
    places = legal_places(terrain, 2, 6, 0)
    assert places and {geo.distance(t, home) for t in places} == {2}
    theirs = legal_places(terrain, 2, 6, 1)  # for seat 1 every open place is in its zone
    assert set(places) < set(theirs) and {geo.distance(t, home) for t in theirs} == {1, 2}


def test_the_draft_ends_with_every_place_filled_and_the_first_season_starts() -> None:
    state = ENGINE.new_game(SMALL.to_config(), 3)
    rng = random.Random(4)
    while state.course.phase is Phase.DRAFT:
        random_steps(state, rng, 1)
    assert Terrain.UNKNOWN not in state.tiles.terrain
    assert state.course.phase is Phase.LEADERSHIP and sum(state.tiles.terrain_left) == 0
    assert sum(state.observation(0).terrain_left) == len(state.tiles.terrain) - 4


# -- hidden events ------------------------------------------------------------------


def test_a_drafted_tile_is_hidden_from_all_but_its_drawer() -> None:
    state = ENGINE.new_game(Rules().to_config(), 3)
    draw = DrawTile(int(Terrain.MOUNTAIN))
    assert [state.hides(v, CHANCE, draw) for v in range(3)] == [False, True, True]
    state.apply(CHANCE, draw)
    place = state.legal_actions(0)[0]
    assert not any(state.hides(v, 0, place) for v in range(3))  # where it goes is public


def test_an_adventure_for_the_hand_is_hidden_and_one_played_at_once_is_not() -> None:
    state = ENGINE.new_game(Rules().to_config(), 3)
    state.pending.frames.append(Frame(Ask.DRAW_ADVENTURE, 1))
    held, artifact_of_2, own_artifact = Card.SCOUT_SKIRMISH, 40 + 2, 40 + 1
    assert [state.hides(v, CHANCE, DrawCard(held)) for v in range(3)] == [True, False, True]
    assert state.hides(0, CHANCE, DrawCard(artifact_of_2))
    assert not state.hides(0, CHANCE, DrawCard(own_artifact))
    assert not state.hides(0, CHANCE, DrawCard(Card.HOLD_COURT))
    state.pending.frames[-1] = Frame(Ask.DRAW_EVENT, 1)
    assert not state.hides(0, CHANCE, DrawCard(Card.TEMPEST))


# -- nothing leaks, and the forward model -------------------------------------------


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_what_a_seat_cannot_see_never_changes_its_observation(seed: int, players: int) -> None:
    """Shuffling others' face-down tiles and swapping their held cards leaves it unchanged."""
    rng = random.Random(seed)
    state = ENGINE.new_game(SMALL.to_config(), players)
    while not state.is_terminal():
        viewer = rng.randrange(players)
        scrambled = scramble_hidden(state, viewer, rng)
        assert scrambled.observation(viewer) == state.observation(viewer)
        random_steps(state, rng, rng.randrange(1, 60))


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_a_determinized_state_looks_the_same_to_its_seat(seed: int, players: int) -> None:
    """The forward model rebuilds a state whose observation and legal actions match."""
    rng = random.Random(seed)
    config = SMALL.to_config()
    state = ENGINE.new_game(config, players)
    while not state.is_terminal():
        seat = rng.randrange(players)
        observation = state.observation(seat)
        sampled = ENGINE.determinize(config, players, seat, observation, rng)
        assert sampled.observation(seat) == observation
        assert sampled.to_act() == state.to_act()
        if seat in state.to_act():
            assert sampled.legal_actions(seat) == state.legal_actions(seat)
        random_steps(state, rng, rng.randrange(1, 60))


def test_determinized_states_vary_in_what_the_seat_cannot_see() -> None:
    state = mid_draft(players=3, placed=30)
    state.realms[1].hand = (int(Card.SCOUT_SKIRMISH),)
    state.decks.adventures.remove(Card.SCOUT_SKIRMISH)
    observation = state.observation(0)
    rng = random.Random(1)
    samples = [ENGINE.determinize(SMALL.to_config(), 3, 0, observation, rng) for _ in range(8)]
    hidden = [t for t, by in enumerate(state.tiles.placed_by) if by in (1, 2)]
    assert len({tuple(s.tiles.terrain[t] for t in hidden) for s in samples}) > 1
    assert len({s.realms[1].hand for s in samples}) > 1
    assert all(s.observation(0) == observation for s in samples)
    own = [t for t, by in enumerate(state.tiles.placed_by) if by == 0]
    assert all(s.tiles.terrain[t] == state.tiles.terrain[t] for s in samples for t in own)


def test_a_determinized_state_plays_on() -> None:
    state = mid_draft(players=2, placed=10)
    sampled = ENGINE.determinize(SMALL.to_config(), 2, 1, state.observation(1), random.Random(2))
    random_steps(sampled, random.Random(3), 2_000)
    assert sampled.course.phase is not Phase.DRAFT


# -- clones ---------------------------------------------------------------------------


def test_a_clone_evolves_independently_of_its_original() -> None:
    state = ENGINE.new_game(SMALL.to_config(), 3)
    rng = random.Random(5)
    random_steps(state, rng, 120)
    assert not state.is_terminal()
    before = state.digest()
    twin = state.clone()
    assert twin.digest() == before
    random_steps(twin, rng, 100)
    assert state.digest() == before != twin.digest()
    random_steps(state, random.Random(6), 50)
    assert twin.digest() != state.digest()


class Listener(sdk.Bot):
    """Plays the first legal action and keeps every event it is told."""

    name = "listener"

    def __init__(self) -> None:
        self.events: list[sdk.Event] = []

    def decide(self, decision: sdk.Decision) -> int:
        self.events.extend(decision.events)
        return 0


@pytest.mark.slow
def test_in_a_match_each_seat_is_told_only_the_tiles_it_draws() -> None:
    """Through the referee's public events: another seat's draw arrives as hidden."""
    listeners = [Listener(), Listener()]
    play_in_process(ENGINE, listeners, seed=5, config=SMALL.to_config())
    for seat, listener in enumerate(listeners):
        draws = 0
        for event, after in itertools.pairwise(listener.events):
            if after.action is not None and after.action.WhichOneof("kind") == "place_tile":
                assert event.seat == CHANCE and event.hidden == (after.seat != seat)
                assert event.hidden or event.action.WhichOneof("kind") == "draw_tile"
                draws += 1
        assert draws > 20


def test_when_random_deals_fail_a_search_still_deals_holdable_hands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each realm gets only cards it can hold: never its own artifact (FARL-31)."""
    from referee.games.farlanthia import forward

    monkeypatch.setattr(forward, "HAND_TRIES", 0)
    state = mid_draft(players=3, placed=5)
    state.realms[1].hand = (42,)  # the artifact of seat 2
    state.realms[2].hand = (41, int(Card.SCOUT_SKIRMISH))  # seat 1's artifact
    for card in (41, 42, Card.SCOUT_SKIRMISH):
        state.decks.adventures.remove(card)
    observation = state.observation(0)
    sampled = ENGINE.determinize(SMALL.to_config(), 3, 0, observation, random.Random(0))
    assert sampled.observation(0) == observation
    for seat in (1, 2):
        hand = sampled.realms[seat].hand
        assert len(hand) == len(state.realms[seat].hand)
        assert all(goes_to_hand(card, seat) for card in hand)


def test_a_place_checked_in_one_look_agrees_with_the_legal_places() -> None:
    """FARL-35: apply checks a PlaceTile without listing the places; both must agree."""
    rng = random.Random(5)
    state = ENGINE.new_game(ENGINE.default_config(), 3)
    radius, size = state.rules.map_radius, len(state.tiles.terrain)
    while state.course.phase is Phase.DRAFT:
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
            continue
        places = legal_places(state.tiles.terrain, 3, radius, seat)
        for tile in range(-1, size + 1):
            assert may_place(state.tiles.terrain, 3, radius, seat, tile) == (tile in places)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
