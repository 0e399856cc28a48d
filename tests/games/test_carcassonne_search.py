"""What search reads of a Carcassonne state: the score if the game ended now, and clones."""

from __future__ import annotations

import random

import pytest

from referee.engine import CHANCE
from referee.games.carcassonne import ENGINE
from referee.games.carcassonne.actions import DrawTile, PlaceTile, SkipFollower
from referee.games.carcassonne.script import play_turn, start_state
from referee.games.carcassonne.state import CarcassonneState, Phase
from referee.games.carcassonne.tiles import tile_types
from referee.match.chance import sample_outcome


def new_game(players: int, base_game: bool) -> CarcassonneState:
    config = ENGINE.default_config()
    config.base_game_only = base_game  # type: ignore[attr-defined]
    state = ENGINE.new_game(config, players)
    assert isinstance(state, CarcassonneState)
    return state


def tiles_of(state: CarcassonneState) -> dict[tuple[int, int], tuple[str, bool, int]]:
    return {
        pos: (p.tile.jcz_id, p.tile.farmhouse, p.shape.rotation)
        for pos, p in state.board.placed.items()
    }


def ended_now(state: CarcassonneState) -> list[int]:
    """The totals of ending the game here: finish the turn without a follower, score the end."""
    twin = state.clone()
    if twin.phase is Phase.PLACE_FOLLOWER:
        twin.apply(twin.current, SkipFollower())
    twin.end_game()
    return [score.total for score in twin.scores]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "base_game", "seed"), [(2, False, 1), (3, True, 2)])
def test_provisional_scores_are_the_totals_of_ending_the_game_now(
    players: int, base_game: bool, seed: int
) -> None:
    """At every step of a random game, the estimate search uses equals the rules' own end,
    and asking for it changes nothing (about 0.5 s)."""
    rng = random.Random(seed)
    state = new_game(players, base_game)
    checked_follower_phase = False
    while not state.is_terminal():
        before = state.digest()
        assert state.provisional_scores() == ended_now(state)
        assert state.digest() == before
        checked_follower_phase |= state.phase is Phase.PLACE_FOLLOWER
        (seat,) = state.to_act()
        if seat == CHANCE:
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked_follower_phase
    assert state.provisional_scores() == [score.total for score in state.scores]
    assert state.provisional_outcome() == state.outcome()


def test_a_road_closed_this_turn_counts_as_completed_before_it_scores() -> None:
    """While the follower of the turn is decided, a road the tile just closed is worth its
    completed points (with the active scoring tile), so finishing the turn keeps the estimate."""
    fair_first = ["street_fair", "highway", "peasant_uprising", "road_wealth"]
    state = start_state({"rules": {"land_surveyors": True, "stacks": {"road": fair_first}}})
    play_turn(state, ["RRR", -1, 0, "R0", [0, "E"]])  # seat 0 on the road east of the start
    play_turn(state, ["L", 0, 1, "R0", None])
    state.apply(CHANCE, DrawTile("RRR", False))
    closing = next(a for a in state.legal_actions(0) if isinstance(a, PlaceTile) and a.x == 1)
    state.apply(0, closing)  # a village east of the start tile ends the road
    assert state.phase is Phase.PLACE_FOLLOWER
    assert state.scores[0].road == 0
    provisional = state.provisional_scores()
    assert provisional[0] == 2 * 3  # Street Fair: twice the three tiles, not 3 as an open road
    assert provisional == ended_now(state)
    state.apply(0, SkipFollower())
    assert state.scores[0].road == 6
    assert state.provisional_scores() == provisional


def test_a_clone_plays_on_without_touching_the_original() -> None:
    """Search plays many futures from one position: a clone's moves never leak back."""
    rng = random.Random(4)
    state = new_game(2, base_game=False)
    for _ in range(60):
        (seat,) = state.to_act()
        if seat == CHANCE:
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    before = state.canonical()
    legal_before = {seat: state.legal_actions(seat) for seat in range(2)}
    twin = state.clone()
    while not twin.is_terminal():
        (seat,) = twin.to_act()
        if seat == CHANCE:
            twin.apply(CHANCE, sample_outcome(twin.chance_outcomes(), rng))
        else:
            twin.apply(seat, rng.choice(twin.legal_actions(seat)))
    assert state.canonical() == before
    assert {seat: state.legal_actions(seat) for seat in range(2)} == legal_before


def test_samples_of_one_observation_stay_independent_and_vary_only_in_hidden_stacks() -> None:
    """Samples of one decision share one rebuilt position: playing a sample to the end must
    not change the next, and the next must still draw the unseen stack order anew."""
    rng = random.Random(6)
    state = new_game(2, base_game=False)
    for _ in range(50):
        (seat,) = state.to_act()
        if seat == CHANCE:
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    while state.to_act() == (CHANCE,):
        state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
    seat = state.current
    observation = state.observation(seat)
    config = ENGINE.default_config()
    first = ENGINE.determinize(config, 2, seat, observation, random.Random(1))
    before = first.canonical()
    while not first.is_terminal():
        (actor,) = first.to_act()
        if actor == CHANCE:
            first.apply(CHANCE, sample_outcome(first.chance_outcomes(), rng))
        else:
            first.apply(actor, rng.choice(first.legal_actions(actor)))
    again = ENGINE.determinize(config, 2, seat, observation, random.Random(1))
    assert again.canonical() == before
    assert again.legal_actions(seat) == state.legal_actions(seat)
    orders = set()
    for seed in range(20):
        sample = ENGINE.determinize(config, 2, seat, observation, random.Random(seed))
        assert tiles_of(sample) == tiles_of(state)
        assert sample.pile == state.pile
        orders.add(tuple(sample.stacks.values()))
    assert len(orders) > 1


def test_an_observation_lists_every_placed_tile_and_the_pile_in_order() -> None:
    """Observations are assembled from cached wire bytes: what a seat reads must still be
    the board and the pile exactly, entry for entry, in position and tile order."""
    rng = random.Random(8)
    state = new_game(3, base_game=False)
    for _ in range(90):
        (seat,) = state.to_act()
        if seat == CHANCE:
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    observation = state.observation(1)
    board = [
        (t.x, t.y, t.tile.tile, t.tile.letter, t.tile.farmhouse, t.rotation)
        for t in observation.board
    ]
    types = tile_types()
    assert board == [
        (x, y, p.tile.jcz_id, types[p.tile.jcz_id].letter, p.tile.farmhouse, p.shape.rotation)
        for (x, y), p in sorted(state.board.placed.items())
    ]
    remaining = [(c.tile.tile, c.tile.farmhouse, c.count) for c in observation.remaining]
    assert remaining == [(t.jcz_id, t.farmhouse, n) for t, n in sorted(state.pile.items())]
    assert observation.tiles_remaining == state.tiles_remaining
    assert len(observation.followers) == len(state.followers())
