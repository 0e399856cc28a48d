"""What a position is worth to each seat, per game, where the MCTS bot cuts a rollout short.

A rollout played to the end of a Landover or Farlanthia game is hundreds of
random steps (a noisy verdict at a high price), so the MCTS bot plays a
few steps and asks this module. In a game of several seats, the estimate
gives every seat a number of points it may expect to end with, counting
what the game's own score does not count yet (Carcassonne's unfinished
features and farms, a Landover seat's production, the plots a Land seat
ends with when both seats play greedy on), and a lead becomes a
value in [0, 1] with the game's scale: a lead of one scale is worth about
three wins in four. In LAND 6 (solo), the heuristic bot's own judgement of
a position (roughly its chance of winning, in percent) is the value. The
numbers are guesses of ours, kept few; bench/sparring.py measures whether
they help.
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from referee.engine import CHANCE
from referee.games.carcassonne.tiles import Kind
from referee.match.chance import sample_outcome

Judge = Callable[[Any, random.Random], list[float]]
"""Each seat's value in [0, 1] of a position (the state is left unchanged), drawing what
the position leaves to chance from the search's randomness (so ``--seed`` repeats it)."""

land6_heuristic = importlib.import_module("landgrave_bots.land6_heuristic")
land_greedy = importlib.import_module("landgrave_bots.land_greedy")


@dataclass(frozen=True)
class Estimate:
    """How one game's positions are judged before their end."""

    values: Judge
    rollout_steps: int
    """Steps a rollout plays before the estimate judges it (a guess per game, benched)."""


def by_lead(points: Callable[[Any], list[float]], scale: float) -> Judge:
    """Values from each seat's expected points: a lead of ``scale`` wins three in four."""
    return lambda state, rng: lead_values(points(state), scale)


def by_timed_lead(points: Callable[[Any], list[float]], scale: Callable[[Any], float]) -> Judge:
    """As ``by_lead``, with a scale that depends on the position (how far the game is)."""
    return lambda state, rng: lead_values(points(state), scale(state))


class LandPlayout:
    """Land: each seat's lead in the plots it ends with if both seats play on by the
    greedy bot's rules with ``weights`` (the tuned bot's, bots/land_tuned.py, by default).

    Once every seat holds land, Land has no chance left and that play is
    deterministic, so one playout is the exact end against a rival that plays
    so; a landless seat's start is rolled with the search's randomness, so
    ``--seed`` repeats a search whatever came before it. A seat that plays
    each action on with greedy playouts and takes the best scores 0.570
    against greedy over 400 paired seeds (``bench/land_oracle.py --clairvoyant
    400 --guesses 20``); with the tuned bot's playouts it does as well against
    greedy, and better against the tuned bot (BENCHMARKS.md, "Land: a
    heuristic that counts the race"). A search judged by a fast plan of the
    race (a seat claiming the plots a rival could take next first) was level
    with greedy. The scale is wide (``LAND_LEAD_SCALE``), so that a win by
    twenty plots counts for more than one by two: at Land's margins (the
    median greedy game goes by 18) a narrow scale values every win alike, and
    search keeps the heuristic's choice.
    """

    def __init__(self, scale: float, weights: Any = land_greedy.TUNED) -> None:
        self.scale = scale
        """Plots of lead that win three games in four."""
        self.player = land_greedy.StatePlayer(weights)

    def __call__(self, state: Any, rng: random.Random) -> list[float]:
        """Each seat's value: its lead in the plots a playout ends with."""
        return lead_values(self.plots(state, rng), self.scale)

    def plots(self, state: Any, rng: random.Random) -> list[float]:
        """The plots each seat ends with, both playing on from a copy of ``state``."""
        state = state.clone()
        while not state.is_terminal():
            seat = state.to_act()[0]
            if seat == CHANCE:
                state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
            else:
                state.apply(seat, self.player.choose(state, seat))
        return [float(points) for points in state.scores()]


LAND_LEAD_SCALE = 20.0
"""Plots of Land lead that win three games in four, for a playout and a game's end alike
(``LEAD_SCALE`` in bots/mcts_bot.py)."""


FOLLOWER_WORTH = (0.5, 2.5)
"""Points a follower in hand is worth at the end and, added, at the start of the pile
(the greedy bot's price of tying one up, bots/carcassonne_greedy.py)."""
RETURN_SHARE = 0.5
"""The part of a hand follower's worth that one on a road, city or monastery keeps: most
of those features are completed and the follower comes home to be used again."""
PILE = 71
"""Tiles dealt after the start tile."""


def carcassonne_points(state: Any) -> list[float]:
    """Carcassonne: the score if the game ended now, and what each seat's followers are worth.

    The score counts unfinished features and farms as the game's end would;
    a follower in hand is worth more while many tiles are left to use it on.
    A follower on a road, city or monastery keeps part of that worth (it
    mostly comes back), a farmer none: a farm scores only at the end, and its
    farmer is gone for the rest of the game (the greedy bot charges a farmer
    more for the same reason). Without it, a farmer cost what a knight cost,
    and search sent followers to farms that greedy keeps off them.
    """
    left = state.tiles_remaining / PILE
    worth = FOLLOWER_WORTH[0] + FOLLOWER_WORTH[1] * left
    coming_back = [0.0] * len(state.hands)
    board = state.board
    for feature in () if state.is_terminal() else board.features():
        if feature.followers and feature.kind is not Kind.FIELD:
            share = 1.0 if board.is_feature_complete(feature) else RETURN_SHARE
            for spot in feature.followers:
                coming_back[spot.seat] += share
    return [
        score + worth * (hand + back)
        for score, hand, back in zip(
            state.provisional_scores(), state.hands, coming_back, strict=True
        )
    ]


PRODUCTION_WORTH = 0.2
"""Victory points per pip of production a turn (a village on a 6 is 5 pips)."""
CARD_WORTH = 0.1
"""Victory points per card in hand: cards become buildings."""
CULTURE_WORTH = 0.5
"""Victory points per culture level: levels lead to metros (2 VP) and perks."""
MILITARY_WORTH = 0.3
"""Victory points per point of military: barbarian defences score, raids take cards."""
LANDOVER_SCALE = 3.0
"""Points of lead that win three games in four (fitted with the weights above)."""


def landover_points(state: Any) -> list[float]:
    """Landover: the victory points, and what will become points: production, cards, culture.

    The weights and ``LANDOVER_SCALE`` were fitted to who won 300 games of
    the greedy bot against itself (with some random moves), from positions
    every 40 steps: they predict the winner better than victory points
    alone (log loss 0.40 against 0.44 for the first guesses, bench notes
    in BENCHMARKS.md).
    """
    board = state.board
    pieces = state.pieces
    production = [0.0] * state.players
    for vertex, owner in enumerate(pieces.owner):
        if owner >= 0:
            pips = sum(_pips(board.numbers[tile]) for tile in board.vertex_tiles[vertex])
            production[owner] += pieces.building[vertex] * pips
    points = []
    for seat in range(state.players):
        player = state.seats[seat]
        points.append(
            state.victory_points(seat)
            + PRODUCTION_WORTH * production[seat]
            + CARD_WORTH * sum(player.hand)
            + CULTURE_WORTH * sum(player.culture)
            + MILITARY_WORTH * player.military
        )
    return points


def _pips(number: int) -> int:
    """Chances in 36 that two dice roll ``number`` (0 for a hex without one)."""
    return 6 - abs(7 - number) if 2 <= number <= 12 else 0


VIRTUE_WORTH = 0.7
"""Renown per ten valor or honor: ten make a renown, and they are not all made yet."""
TROOP_WORTH = 0.4
"""Renown per troop on the board with the whole game left: troops win battles, and valor."""
STRUCTURE_WORTH = 0.5
"""Renown per structure owned with the whole game left: income, and more troops."""
FULL_GAME = 20
"""Seasons of a game of the default length, for which the worths above are given."""
SCALE_PER_SEASON = 0.95
"""The lead that wins three in four grows as the root of the seasons left (plus
``SCALE_SEASONS``), as a random walk's spread does: this many renown for one."""
SCALE_SEASONS = 1.3
FALLEN = -100.0
"""A realm whose capitol fell: far below any living one (it ranks after them)."""


def farlanthia_points(state: Any) -> list[float]:
    """Farlanthia: renown, valor and honor, and the troops and structures that will earn more.

    Renown comes late and by luck (adventures, battles), so troops and
    structures are worth renown by the root of the share of the game left
    (nothing at its end), and ``farlanthia_scale`` makes an early lead say
    little. Fitted to who won 200 games of the greedy bot against itself,
    from positions every 40 steps: log loss 0.641, against 0.697 for the
    first guesses (renown and a tenth of valor and honor at a scale of one
    renown, no better than a coin).
    """
    tiles = state.tiles
    troops = [0] * state.players
    structures = [0] * state.players
    for owner, count in zip(tiles.troop_owner, tiles.troops, strict=True):
        if owner >= 0:
            troops[owner] += count
    for owner in tiles.owner:
        if owner >= 0:
            structures[owner] += 1
    future = math.sqrt(_seasons_left(state) / FULL_GAME)
    points = []
    for seat, realm in enumerate(state.realms):
        if not realm.alive:
            points.append(FALLEN + 0.1 * realm.eliminated_order)  # the last to fall ranks first
            continue
        virtue = VIRTUE_WORTH * (realm.valor + realm.honor) / 10
        strength = TROOP_WORTH * troops[seat] + STRUCTURE_WORTH * structures[seat]
        points.append(realm.renown + virtue + future * strength)
    return points


def farlanthia_scale(state: Any) -> float:
    """The lead in points that wins three in four: it shrinks as the seasons run out."""
    return SCALE_PER_SEASON * math.sqrt(_seasons_left(state) + SCALE_SEASONS)


def _seasons_left(state: Any) -> int:
    return max(0, state.rules.years * SEASONS_PER_YEAR - state.course.season)


SEASONS_PER_YEAR = 4


class Land6Judge:
    """LAND 6: the heuristic bot's score of the position, as a chance of winning.

    Its model of the board is made from an observation once per laid board
    (the engine shares the board between a game's states).
    """

    def __init__(self) -> None:
        self.boards: dict[int, tuple[Any, Any]] = {}

    def __call__(self, state: Any, rng: random.Random) -> list[float]:
        if state.board is None:  # tiles still being laid: chance's turn, never a seat's
            return [0.5]
        board = self.model_board(state)
        dice = {square: die.value for square, die in state.dice.items()}
        score = land6_heuristic.value(board, dice, frozenset(state.cubes))
        return [min(1.0, max(0.0, score / 100))]

    def model_board(self, state: Any) -> Any:
        known = self.boards.get(id(state.board))
        if known is None or known[0] is not state.board:
            if len(self.boards) >= 8:  # a few games at once; forget older boards
                self.boards.clear()
            known = self.boards[id(state.board)] = (state.board, self.board_of(state))
        return known[1]

    @staticmethod
    def board_of(state: Any) -> Any:
        return land6_heuristic.Board(state.observation(0))


ESTIMATES = {
    "land": Estimate(LandPlayout(scale=LAND_LEAD_SCALE), rollout_steps=0),
    "carcassonne": Estimate(by_lead(carcassonne_points, scale=10.0), rollout_steps=1),
    "landover": Estimate(by_lead(landover_points, LANDOVER_SCALE), rollout_steps=40),
    "farlanthia": Estimate(by_timed_lead(farlanthia_points, farlanthia_scale), rollout_steps=40),
    "land6": Estimate(Land6Judge(), rollout_steps=4),
}
"""The games with an estimate; any other game's rollouts are valued by its standings."""


def lead_values(points: Sequence[float], scale: float) -> list[float]:
    """Each seat's chance, in [0, 1], of finishing ahead of another seat, from estimated points.

    The mean over the other seats of a logistic in the lead over each: a seat
    ahead of everyone by much approaches 1, level seats get 1/2.
    """
    seats = len(points)
    if seats == 1:
        return [0.5]
    values = []
    for seat, mine in enumerate(points):
        ahead = sum(
            _logistic((mine - theirs) / scale)
            for other, theirs in enumerate(points)
            if other != seat
        )
        values.append(ahead / (seats - 1))
    return values


def _logistic(x: float) -> float:
    # A lead of one scale is worth 3 to 1: log(3) makes it so.
    return 1.0 / (1.0 + math.exp(-math.log(3.0) * max(-50.0, min(50.0, x))))
