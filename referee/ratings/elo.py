"""Incremental Elo ratings for a live ladder.

Elo is a running score: after each game every player's rating moves by K
times (what they scored minus what their rating predicted). A player who
beats an equal gains K/2; a player who beats someone 400 points stronger
gains about 10/11 of K.

>>> update({"ada": 1500.0, "bob": 1500.0}, GameResult({"ada": 1, "bob": 2}))
{'ada': 1516.0, 'bob': 1484.0}

Multiplayer games count as pairwise results by rank (results.py): each
player's change is the sum over opponents of K/(N-1) * (score - expected).
The 1/(N-1) makes an N-player game move a rating about as far as one
two-player game: a sole winner against equals gains K/2, as in a duel,
and not (N-1) * K/2. Without it, ratings in a 6-player game would swing
five times as hard as in chess and never settle.

Every change is computed from the ratings before the game, so the changes
of one game sum to zero: Elo only moves points between players.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from referee.ratings.results import GameResult

INITIAL_RATING = 1500.0
"""A new player's rating: the conventional Elo starting point."""

K_FACTOR = 32.0
"""Points at stake in a game between equals, before the 1/(N-1) scaling.

32 is the classic club value (FIDE uses 40 for new players, 20 and 10 for
established ones). Bots do not improve between games, so a smaller K would
suit a long-lived ladder; 32 settles quickly in short tournaments.
"""


def expected_score(rating: float, opponent: float) -> float:
    """The score a player rated ``rating`` expects against ``opponent``, in [0, 1].

    This is the logistic curve on the Elo scale: 400 points of difference
    means odds of 10 to 1.
    """
    return 1.0 / (1.0 + math.pow(10.0, (opponent - rating) / 400.0))


def changes(
    ratings: Mapping[str, float],
    result: GameResult,
    *,
    k: float = K_FACTOR,
    initial: float = INITIAL_RATING,
) -> dict[str, float]:
    """How far one game moves each of its players' ratings.

    Args:
        ratings: Current ratings; a player missing here starts at ``initial``.
        result: The game's ranks.
        k: Points at stake between equals (scaled by 1/(N-1) for N players).
        initial: Rating of a player not yet in ``ratings``.

    Returns:
        The change per player of the game; the changes sum to zero.
    """
    before = {player: ratings.get(player, initial) for player in result.players}
    delta = dict.fromkeys(result.players, 0.0)
    for pair in result.comparisons():
        expected = expected_score(before[pair.first], before[pair.second])
        step = k * pair.weight * (pair.score - expected)
        delta[pair.first] += step
        delta[pair.second] -= step
    return delta


def update(
    ratings: Mapping[str, float],
    result: GameResult,
    *,
    k: float = K_FACTOR,
    initial: float = INITIAL_RATING,
) -> dict[str, float]:
    """Ratings after one game: a new dict, ``ratings`` is not changed.

    Players of the game who were missing from ``ratings`` join it, rated
    ``initial`` plus their change. See ``changes`` for the arguments.
    """
    return _apply(ratings, changes(ratings, result, k=k, initial=initial), initial)


def update_period(
    ratings: Mapping[str, float],
    results: Iterable[GameResult],
    *,
    k: float = K_FACTOR,
    initial: float = INITIAL_RATING,
) -> dict[str, float]:
    """Ratings after a rating period: every game judged by the ratings at its start.

    This is how FIDE rates a tournament: the opponents' ratings are frozen
    for the event and the changes added at the end, so the order of the
    games does not matter. ``update`` game by game gives slightly different
    numbers, because each game then sees the ratings the previous one left.
    """
    total: dict[str, float] = {}
    for result in results:
        for player, delta in changes(ratings, result, k=k, initial=initial).items():
            total[player] = total.get(player, 0.0) + delta
    return _apply(ratings, total, initial)


def _apply(
    ratings: Mapping[str, float], delta: Mapping[str, float], initial: float
) -> dict[str, float]:
    """Add changes to ratings, starting new players at ``initial``."""
    after = dict(ratings)
    for player, change in delta.items():
        after[player] = after.get(player, initial) + change
    return after
