"""Turns the MCTS bot's tree tries as sets, not sequences (``--turn-sets``).

A Land turn places its cows one decision at a time, but where they go, not
in what order, is what the turn does: a cow may go only next to what the
seat held when the turn began (LAND-07), so every order of the same plots
ends in the same position. A tree that tries every order spends its
iterations on copies: five cows among eight plots are 6,720 sequences and
56 sets, and a search of a few thousand iterations never saw past the turn
it was in. Here the tree takes a turn's placements after the first in one
order (each at or after the last), so each set has one path per first cow
(280 there) and search reaches the rival's reply. The first is free: the
root's choice is any cow of the set it judges best. Ending a turn while a
cow can still go down is left out too: a cow not placed is lost (LAND-10),
and a plot claimed never lowers a score. Under the options, a turn's claims
that open more plots at once keep every order, and cows that carry over
keep the early end.

A game's rule gets a state, the legal actions of the seat to act, and the
tree's action before this one in the iteration (None right after the root's
or a chance outcome), and returns the actions to try. Rollouts and the
root's own choices are untouched.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

TreeMoves = Callable[[Any, Sequence[Any], Any], Sequence[Any]]
"""(state, legal actions, the tree's action before this one or None) -> the actions to try."""


def land_moves(state: Any, legal: Sequence[Any], last: Any) -> Sequence[Any]:
    """A Land turn's cows in one order, and no early end while a cow can go down."""
    rules = state.rules
    if rules.adjacency_extends_this_turn:
        return legal  # a cow claimed this turn opens more: the order matters
    if state.placed_this_turn == 0 or not _is_cow(last):
        last = None  # a new turn: the last placement was another turn's
    placements = [
        action for action in legal if _is_cow(action) and (last is None or action >= last)
    ]
    # A mountain's second cow is the same plot as its first: ``>=`` keeps it.
    ends = [action for action in legal if not _is_cow(action)]
    if placements and not rules.keep_unused_cows:
        return placements  # a cow kept back is lost (LAND-10)
    return [*placements, *ends] or legal


def _is_cow(action: Any) -> bool:
    return type(action).__name__ == "PlaceCow"


TREE_MOVES: dict[str, TreeMoves] = {"land": land_moves}
"""The games whose tree narrows a decision's actions (``--turn-sets``); others try them all."""
