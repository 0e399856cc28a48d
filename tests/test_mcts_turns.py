"""The MCTS bot's tree takes a Land turn's cows as a set (bots/mcts_turns.py).

Below the root a turn's placements come in one order, so each set of plots a
turn can claim has one path: every position a turn can end in is still
reached, none twice, and the tree spends nothing on orders that change
nothing.
"""

from __future__ import annotations

import dataclasses
import importlib
import math
import random
from collections import Counter
from typing import Any

from bench import state_duels
from referee.engine import CHANCE
from referee.games.land import ENGINE
from referee.match.chance import sample_outcome

TURNS: Any = importlib.import_module("landgrave_bots.mcts_turns")
land_greedy: Any = importlib.import_module("landgrave_bots.land_greedy")
MCTS_BOT: Any = importlib.import_module("landgrave_bots.mcts_bot")


def turn_that_chooses() -> tuple[Any, int]:
    """A greedy game's first turn start with three cows or more and more grass plots they
    could claim, and nothing else."""
    for seed in range(50):
        rng = random.Random(seed)
        state = ENGINE.new_game(ENGINE.default_config(), 2)
        while not state.is_terminal():
            seat = state.to_act()[0]
            if seat == CHANCE:
                state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
                continue
            legal = state.legal_actions(seat)
            cows = [a for a in legal if type(a).__name__ == "PlaceCow"]
            if (
                state.placed_this_turn == 0
                and all(state.owned)
                and 3 <= state.cows_left < len(cows) <= 6
                and all(kind(state, cow) == "GRASS" for cow in cows)
            ):
                return state, seat
            protos = [ENGINE.action_to_proto(action) for action in legal]
            state.apply(seat, legal[land_greedy.choose(state.observation(seat), protos)])
    raise AssertionError("no such turn in 50 greedy games")


def kind(state: Any, cow: Any) -> str:
    """The kind of the plot a PlaceCow names."""
    return str(state.board.kinds[cow.y * state.board.width + cow.x].name)


def turn_ends(state: Any, seat: int, narrowed: bool) -> Counter[tuple[tuple[int, ...], bool]]:
    """How many paths reach each position the turn can end in: the plots' owners and
    half-claims, and whether the turn was ended with cows still to place.

    The first placement is the root's, free; the rest go by the rule when
    ``narrowed``, else in every order.
    """
    ends: Counter[tuple[tuple[int, ...], bool]] = Counter()

    def walk(state: Any, last: Any) -> None:
        if state.is_terminal() or state.to_act()[0] != seat or state.placed_this_turn == 0:
            ends[(*state.owner, *state.half), type(last).__name__ == "EndTurn"] += 1
            return
        legal = state.legal_actions(seat)
        for action in TURNS.land_moves(state, legal, last) if narrowed else legal:
            after = state.clone()
            after.apply(seat, action)
            walk(after, action)

    for first in state.legal_actions(seat):
        if type(first).__name__ == "PlaceCow":
            after = state.clone()
            after.apply(seat, first)
            walk(after, None)
    return ends


def test_every_full_turn_is_reached_by_one_path_per_first_cow() -> None:
    state, seat = turn_that_chooses()
    cows, held = state.cows_left, len(state.owned[seat])
    every_order = turn_ends(state, seat, narrowed=False)
    one_order = turn_ends(state, seat, narrowed=True)
    full = {end for end, early in every_order if not early}
    assert full <= {end for end, _ in one_order}
    assert all(sum(o == seat for o in end[: len(state.owner)]) == held + cows for end in full)
    for end in full:
        # Once for each of its cows the root could have placed first; else in every order.
        assert one_order[end, False] == cows
        assert every_order[end, False] == math.factorial(cows)
    assert sum(one_order.values()) < sum(every_order.values()) / 2


def test_a_turn_ends_early_only_when_no_cow_is_left_to_place_in_order() -> None:
    state, seat = turn_that_chooses()
    legal = state.legal_actions(seat)
    assert type(legal[-1]).__name__ == "EndTurn"
    assert TURNS.land_moves(state, legal, None) == legal[:-1]
    grass = legal[:-1]
    first = grass[0]
    state.apply(seat, first)
    after_first = state.legal_actions(seat)
    narrowed = TURNS.land_moves(state, after_first, first)
    assert narrowed == [a for a in after_first if type(a).__name__ == "PlaceCow" and a >= first]
    state.apply(seat, grass[-1])  # the last plot in order: cows are left, but none after it
    later = state.legal_actions(seat)
    assert len(later) > 1
    assert [type(a).__name__ for a in TURNS.land_moves(state, later, grass[-1])] == ["EndTurn"]


def test_where_a_turn_s_order_matters_every_action_is_tried() -> None:
    config = ENGINE.default_config()
    config.adjacency_extends_this_turn = True
    state = ENGINE.new_game(config, 2)
    legal = ["PlaceCow", "EndTurn"]  # never looked at: the rule keeps them all
    assert TURNS.land_moves(state, legal, None) is legal


def test_where_cows_carry_over_a_turn_may_still_end_early() -> None:
    state, seat = turn_that_chooses()
    state.rules = dataclasses.replace(state.rules, keep_unused_cows=True)
    legal = state.legal_actions(seat)
    first = legal[0]
    state.apply(seat, first)
    after_first = state.legal_actions(seat)
    narrowed = TURNS.land_moves(state, after_first, first)
    assert narrowed == [a for a in after_first if type(a).__name__ == "PlaceCow" and a >= first] + [
        after_first[-1]
    ]
    assert type(after_first[-1]).__name__ == "EndTurn"


def test_the_search_tree_holds_a_turn_s_later_cows_in_order() -> None:
    """Below the root's move, each cow of a turn is at or after the one before it, and
    a turn ends early only when no cow is left in that order."""
    state, seat = turn_that_chooses()
    match = MCTS_BOT.sdk.MatchInfo("turns", "land", seat, 2, ENGINE.default_config())
    decision = state_duels.decision(ENGINE, match, state, state.legal_actions(seat), 600.0)
    options = ["--iterations", "1500", "--tree-depth", "0", "--seed", "3"]  # a tree below the root
    bot = MCTS_BOT.MctsBot(MCTS_BOT.parse_settings(options))
    bot.decide(decision)
    checked = 0

    def walk(node: Any, state: Any, last: Any) -> None:
        nonlocal checked
        for (mover, action), child in node.children.items():
            after = state.clone()
            after.apply(mover, action)
            in_turn = last is not None and state.placed_this_turn > 0
            if in_turn and type(action).__name__ == "PlaceCow":
                assert action >= last
                checked += 1
            if in_turn and type(action).__name__ == "EndTurn":
                later = [a for a in state.legal_actions(mover) if type(a).__name__ == "PlaceCow"]
                assert all(a < last for a in later)
            walk(child, after, None if mover == CHANCE else action)

    root = bot.trees["turns"]
    for (mover, action), child in root.children.items():
        after = state.clone()
        after.apply(mover, action)
        walk(child, after, None)
    assert checked > 100
