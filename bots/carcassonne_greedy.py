"""A greedy Carcassonne bot: one turn of lookahead, judged by a points estimate.

It mirrors the board from its observations with the engine's public board
geometry (referee.games.carcassonne.board: tile shapes and feature joining,
no hidden state), then tries every legal placement and every follower
choice on it. Each choice is worth the change it makes to an estimate of
the points on the board: completed features at their real value (with the
active Land Surveyors tile), unfinished ones at a guess that shrinks as the
pile runs out, for this seat minus for the others, less a price for the
follower it ties up. Ties go to the first legal action, so it is
deterministic.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import sdk
from referee.games.carcassonne.actions import PlaceFollower, PlaceTile
from referee.games.carcassonne.board import Board, Feature, Preview, TileCopy, surrounding
from referee.games.carcassonne.scoring import BONUS, ScoringTile, feature_points, winners
from referee.games.carcassonne.tiles import Kind, Pos, TileType, find_segment, oriented

Counts = list[int]


class Weights(NamedTuple):
    """The numbers of the points estimate: guesses of ours, tried in bench/carcassonne_tuning.py.

    A "pile" weight is multiplied by the share of the pile still to come
    (1 at the start, 0 at the end).
    """

    follower: float = 0.5
    """The price of tying up a follower on a road, city or monastery..."""
    follower_pile: float = 2.5
    """... and more while many tiles are left to use it on."""
    farmer: float = 2.0
    """The price of a farmer: it never comes home..."""
    farmer_pile: float = 5.0
    scarce: float = 1.5
    """Added to either price with two followers or fewer in hand."""
    completed: float = 1.0
    """A follower on a feature the tile completes: it scores and comes home at once."""
    returned: float = 0.8
    """A follower coming home: mine plus, theirs minus."""
    road_pile: float = 0.3
    """An unfinished road's worth per tile: 1, plus this while the pile is full."""
    city_pile: float = 0.8
    """An unfinished city's worth per tile or pennant: 1, plus this."""
    city_open: float = 0.3
    """Taken off a city for each open edge past two: it may never be finished."""
    monastery_pile: float = 0.8
    """An unfinished monastery's worth per empty square around it, while the pile is full."""
    farm_city: float = 3.0
    """A farm's worth per completed city it supplies (the rules' 3 points)..."""
    farm_open: float = 1.2
    """... and per unfinished one, plus ``farm_open_pile``."""
    farm_open_pile: float = 0.5


WEIGHTS = Weights()
"""The greedy bot's own."""
TUNED = WEIGHTS._replace(
    follower=0.25, farmer_pile=2.5, scarce=2.25, road_pile=0.45, farm_open_pile=0.25
)
"""Weights tuned against ``WEIGHTS`` in games of the greedy bot against itself
(bench/carcassonne_tuning.py, BENCHMARKS.md): bots/carcassonne_lookahead.py's."""
PILE = 71
"""Tiles dealt after the start tile."""


class _View:
    """What the bot knows at one decision.

    (A plain class: the tests load this file without registering it as a
    module, which dataclasses cannot handle.)
    """

    def __init__(  # noqa: PLR0917 - a record of eight facts, built in one place
        self,
        board: Board,
        counts: dict[int, Counts],
        me: int,
        players: int,
        hand: int,
        progress: float,
        active: dict[Kind, ScoringTile | None],
        weights: Weights = WEIGHTS,
    ) -> None:
        self.board = board
        self.counts = counts
        """Followers per seat on each feature, by root node."""
        self.me = me
        self.players = players
        self.hand = hand
        self.progress = progress
        """The share of the pile still to come, 1 at the start and 0 at the end."""
        self.active = active
        self.weights = weights


class CarcassonneGreedyBot(sdk.Bot):
    name = "carcassonne-greedy"
    version = "1"
    games = ("carcassonne",)

    def __init__(self, weights: Weights = WEIGHTS) -> None:
        self.weights = weights
        self.boards: dict[str, Board] = {}
        self.plans: dict[str, tuple[Pos, str | None]] = {}

    def match_ended(self, match: sdk.MatchInfo, results: list[Any]) -> None:
        self.boards.pop(match.match_id, None)
        self.plans.pop(match.match_id, None)

    def state_player(self) -> StatePlayer:
        """This bot's play from engine states, for a search bot's rollouts."""
        return StatePlayer(self.weights)

    def state_scores(self, state: Any, seat: int) -> list[float]:
        """This bot's scores of an engine state's legal actions, for a search bot's tree."""
        return state_scores(state, seat, self.weights)

    def decide(self, decision: sdk.Decision) -> int:
        obs = decision.observation
        view = self._view(decision.match.match_id, obs, decision.match.seat)
        first = decision.legal_actions[0]
        if first.WhichOneof("kind") == "place_tile":
            return self._choose_tile(decision, view)
        return self._choose_follower(decision, view)

    def action_scores(self, decision: sdk.Decision) -> list[float]:
        """Every legal action's estimated gain, the best highest (a search bot ranks by it).

        A tile's placements are scored as ``decide`` scores them (it plays the
        first of the best). A follower is scored as if no plan were made: the
        planned spot, which ``decide`` plays, may rank below another.
        """
        obs = decision.observation
        view = self._view(decision.match.match_id, obs, decision.match.seat)
        legal = decision.legal_actions
        if legal[0].WhichOneof("kind") == "place_tile":
            tile = TileCopy(obs.tile_to_place.tile, obs.tile_to_place.farmhouse)
            return _placement_values(view, tile, _placements(legal))
        return _follower_gains(view, (obs.placed_x, obs.placed_y), _locations(legal))

    # -- the mirror -----------------------------------------------------------

    def _view(self, match_id: str, obs: Any, me: int) -> _View:
        board = self._mirror(match_id, obs)
        counts: dict[int, Counts] = {}
        for follower in obs.followers:
            shape = board.placed[(follower.x, follower.y)].shape
            node = board.placed[(follower.x, follower.y)].nodes[
                find_segment(shape, follower.location)
            ]
            counts.setdefault(board.root(node), [0] * obs.num_players)[follower.seat] += 1
        active = obs.active_scoring
        return _View(
            board,
            counts,
            me,
            obs.num_players,
            obs.followers_in_hand[me],
            obs.tiles_remaining / PILE,
            {
                Kind.CITY: ScoringTile(active.city) if active.city else None,
                Kind.ROAD: ScoringTile(active.road) if active.road else None,
                Kind.MONASTERY: ScoringTile(active.monastery) if active.monastery else None,
            },
            self.weights,
        )

    def _mirror(self, match_id: str, obs: Any) -> Board:
        """The board of this match, brought up to the observation.

        The mirror is kept only while every tile on it lies in the observation
        as mirrored: an id seen again for another game (a bot kept between
        matches, a search bot's rollouts) starts a fresh one, plan dropped.
        """
        shown = {(p.x, p.y): p for p in obs.board}
        board = self.boards.get(match_id)
        if board is None or not _mirrors(board, shown):
            board = self.boards[match_id] = Board()
            self.plans.pop(match_id, None)
        for pos, placed in shown.items():
            if pos not in board.placed:
                board.place(pos, TileCopy(placed.tile.tile, placed.tile.farmhouse), placed.rotation)
        return board

    # -- choices --------------------------------------------------------------

    def _choose_tile(self, decision: sdk.Decision, view: _View) -> int:
        tile_msg = decision.observation.tile_to_place
        tile = TileCopy(tile_msg.tile, tile_msg.farmhouse)
        index, plan = _best_placement(view, tile, _placements(decision.legal_actions))
        self.plans[decision.match.match_id] = plan
        return index

    def _choose_follower(self, decision: sdk.Decision, view: _View) -> int:
        plan = self.plans.pop(decision.match.match_id, None)
        obs = decision.observation
        pos = (obs.placed_x, obs.placed_y)
        return _follower_choice(view, pos, _locations(decision.legal_actions), plan)


def _placements(legal: list[Any]) -> list[tuple[Pos, int]]:
    """Where and how each legal ``place_tile`` action puts the tile."""
    return [((a.place_tile.x, a.place_tile.y), a.place_tile.rotation) for a in legal]


def _locations(legal: list[Any]) -> list[str | None]:
    """The feature each legal follower action takes (None: no follower)."""
    return [
        a.place_follower.location if a.WhichOneof("kind") == "place_follower" else None
        for a in legal
    ]


Plan = tuple[Pos, str | None]
"""Where the chosen tile went and the follower location chosen with it (None: none)."""


def _best_placement(
    view: _View, tile: TileCopy, placements: list[tuple[Pos, int]]
) -> tuple[int, Plan]:
    """The index of the first best placement, and its plan for the follower."""
    best: tuple[float, int, Plan] = (float("-inf"), 0, ((0, 0), None))
    for index, (pos, rotation) in enumerate(placements):
        value, follower = placement_value(view, pos, tile, rotation)
        if value > best[0]:
            best = (value, index, (pos, follower))
    return best[1], best[2]


def _placement_values(
    view: _View, tile: TileCopy, placements: list[tuple[Pos, int]]
) -> list[float]:
    return [placement_value(view, pos, tile, rotation)[0] for pos, rotation in placements]


def _follower_choice(view: _View, pos: Pos, locations: list[str | None], plan: Plan | None) -> int:
    """The planned follower if the plan was made for the tile at ``pos``, else the best now."""
    if plan is not None and plan[0] == pos:
        # A plan of no follower is SkipFollower, always the first choice.
        return locations.index(plan[1]) if plan[1] in locations else 0
    best = (0.0, 0)
    for index, gain in enumerate(_follower_gains(view, pos, locations)):
        if gain > best[0]:
            best = (gain, index)
    return best[1]


def _mirrors(board: Board, shown: dict[Pos, Any]) -> bool:
    """Whether every tile of ``board`` lies in ``shown`` (observed tiles by position)."""
    for pos, placed in board.placed.items():
        tile = shown.get(pos)
        if (
            tile is None
            or tile.tile.tile != placed.tile.jcz_id
            or tile.tile.farmhouse != placed.tile.farmhouse
            or tile.rotation != placed.shape.rotation
        ):
            return False
    return True


def placement_value(
    view: _View, pos: Pos, tile: TileCopy, rotation: int
) -> tuple[float, str | None]:
    """The estimated gain of a placement and the follower location that goes with it."""
    board = view.board
    previews = board.preview(pos, tile, rotation)
    shape = oriented(tile.jcz_id, rotation)
    completed_cities = _completed_cities(previews)
    value = 0.0
    options: list[tuple[float, str]] = []
    for preview in previews:
        counts = _merged_counts(view, preview)
        after = _worth(
            view,
            preview.feature,
            preview.complete,
            new_pos=pos,
            new_type=shape.type,
            completed_cities=completed_cities,
        )
        before = sum(
            _net(view, view.counts.get(root, [0] * view.players), _root_worth(view, root))
            for root in preview.roots
        )
        value += _net(view, counts, after) - before
        if preview.complete:
            value += _returned(view, counts)
        if view.hand and not any(counts):
            mine = list(counts)
            mine[view.me] += 1
            gain = _net(view, mine, after) - _net(view, counts, after)
            gain += (
                view.weights.completed
                if preview.complete
                else -_follower_price(view, preview.feature.kind)
            )
            location = shape.segments[preview.segments[0]].location
            options.append((gain, location))
    value += _monasteries_nearby(view, pos, shape.type)
    if not options:
        return value, None
    gain, location = max(options)
    return (value + gain, location) if gain > 0 else (value, None)


def _follower_gains(view: _View, pos: Pos, locations: list[str | None]) -> list[float]:
    """Each follower choice's gain on the tile placed at ``pos`` (no follower: 0)."""
    board = view.board
    placed = board.placed[pos]
    gains = []
    for location in locations:
        if location is None:
            gains.append(0.0)
            continue
        node = placed.nodes[find_segment(placed.shape, location)]
        feature = board.feature(node)
        complete = board.is_complete(node)
        worth = _worth(view, feature, complete)
        price = view.weights.completed if complete else -_follower_price(view, feature.kind)
        gains.append(worth + price)
    return gains


# -- estimates ----------------------------------------------------------------


def _net(view: _View, counts: Counts, worth: float) -> float:
    """What a feature worth ``worth`` to its winners means to this seat: mine minus theirs."""
    scorers = winners(counts)
    mine = worth if view.me in scorers else 0.0
    theirs = worth * sum(1 for s in scorers if s != view.me)
    return mine - theirs / max(1, view.players - 1)


def _returned(view: _View, counts: Counts) -> float:
    """Followers coming home are worth a little: mine plus, theirs minus."""
    theirs = (sum(counts) - counts[view.me]) / max(1, view.players - 1)
    return view.weights.returned * (counts[view.me] - theirs)


def _follower_price(view: _View, kind: Kind) -> float:
    w = view.weights
    scarce = w.scarce if view.hand <= 2 else 0.0
    if kind is Kind.FIELD:
        return w.farmer + w.farmer_pile * view.progress + scarce
    return w.follower + w.follower_pile * view.progress + scarce


def _merged_counts(view: _View, preview: Preview) -> Counts:
    counts = [0] * view.players
    for root in preview.roots:
        for seat, n in enumerate(view.counts.get(root, ())):
            counts[seat] += n
    return counts


def _root_worth(view: _View, root: int) -> float:
    feature = view.board.feature(root)
    return _worth(view, feature, view.board.is_complete(root))


def _worth(
    view: _View,
    feature: Feature,
    complete: bool,
    *,
    new_pos: Pos | None = None,
    new_type: TileType | None = None,
    completed_cities: frozenset[int] | set[int] = frozenset(),
) -> float:
    """Points a feature is expected to bring its winners (``new_type`` goes on ``new_pos``)."""
    board, t, w = view.board, view.progress, view.weights
    kind = feature.kind
    if complete and kind is Kind.MONASTERY:
        (pos,) = feature.tiles
        return _monastery_points(view, pos, new_pos, new_type)
    if complete:
        return float(feature_points(board, feature, True, view.active[kind]))
    if kind is Kind.ROAD:
        return len(feature.tiles) * (1.0 + w.road_pile * t)
    if kind is Kind.CITY:
        size = len(feature.tiles) + feature.pennants
        return size * (1.0 + w.city_pile * t) - w.city_open * max(0, feature.open_edges - 2)
    if kind is Kind.MONASTERY:
        (pos,) = feature.tiles
        around = board.neighbour_count(pos) + (1 if new_pos and new_pos != pos else 0)
        return 1.0 + around + (8 - around) * w.monastery_pile * t
    return _farm_worth(view, feature, completed_cities)


def _monastery_points(
    view: _View, pos: Pos, new_pos: Pos | None, new_type: TileType | None
) -> float:
    """A surrounded monastery's points under the active tile, the new tile counted."""
    active = view.active[Kind.MONASTERY]
    nine = [
        new_type if spot == new_pos else view.board.placed[spot].shape.type
        for spot in (pos, *surrounding(pos))
    ]
    points = 9
    if active is ScoringTile.HERMIT_MONASTERY:
        points -= sum(t is not None and t.has_city for t in nine)
    elif active is ScoringTile.PILGRIMAGE_ROUTE:
        points += sum(t is not None and t.has_road for t in nine)
    return points + BONUS.get(active, 0) if active else float(points)


def _farm_worth(
    view: _View, feature: Feature, completed_cities: frozenset[int] | set[int]
) -> float:
    board = view.board
    done = open_ = 0
    for root in {board.root(node) for node in feature.cities}:
        if board.is_complete(root) or root in completed_cities:
            done += 1
        else:
            open_ += 1
    w = view.weights
    return w.farm_city * done + (w.farm_open + w.farm_open_pile * view.progress) * open_


def _completed_cities(previews: list[Preview]) -> set[int]:
    """Board cities that a placement would complete (their roots)."""
    done: set[int] = set()
    for preview in previews:
        if preview.feature.kind is Kind.CITY and preview.complete:
            done |= preview.roots
    return done


def _monasteries_nearby(view: _View, pos: Pos, new_type: TileType) -> float:
    """The gain from filling a gap around monasteries already on the board."""
    board = view.board
    value = 0.0
    for spot in surrounding(pos):
        placed = board.placed.get(spot)
        if placed is None or placed.shape.segments[0].kind is not Kind.MONASTERY:
            continue
        root = board.root(placed.nodes[0])
        counts = view.counts.get(root)
        if not counts:
            continue
        around = board.neighbour_count(spot)
        pile = view.weights.monastery_pile * view.progress
        before = 1.0 + around + (8 - around) * pile
        if around + 1 == 8:
            after = _monastery_points(view, spot, pos, new_type)
            value += _returned(view, counts)
        else:
            after = 2.0 + around + (7 - around) * pile
        value += _net(view, counts, after) - _net(view, counts, before)
    return value


# -- play from an engine state -------------------------------------------------


class StatePlayer:
    """The greedy bot's play read straight from an engine state: no observation, no mirror.

    The same choices as ``CarcassonneGreedyBot`` with the same weights, some
    twenty times faster: for search bots and bench/carcassonne_tuning.py.
    """

    def __init__(self, weights: Weights = WEIGHTS) -> None:
        self.weights = weights
        self.plan: Plan | None = None

    def choose(self, state: Any, seat: int) -> Any:
        """The action of ``state.legal_actions(seat)`` the greedy bot plays."""
        legal = state.legal_actions(seat)
        view = state_view(state, seat, self.weights)
        if isinstance(legal[0], PlaceTile):
            index, self.plan = _best_placement(view, state.tile, _state_placements(legal))
        else:
            plan, self.plan = self.plan, None
            index = _follower_choice(view, state.placed_at, _state_locations(legal), plan)
        return legal[index]


def state_scores(state: Any, seat: int, weights: Weights = WEIGHTS) -> list[float]:
    """Each of ``state.legal_actions(seat)``'s gains, as ``action_scores`` gives them."""
    legal = state.legal_actions(seat)
    view = state_view(state, seat, weights)
    if isinstance(legal[0], PlaceTile):
        return _placement_values(view, state.tile, _state_placements(legal))
    return _follower_gains(view, state.placed_at, _state_locations(legal))


def state_view(state: Any, seat: int, weights: Weights = WEIGHTS) -> _View:
    """What ``seat`` knows of an engine state, as the greedy bot reads it from an observation."""
    board = state.board
    players = state.num_players
    counts: dict[int, Counts] = {}
    for feature in board.features():
        for spot in feature.followers:
            root = board.root(board.placed[spot.pos].nodes[spot.segment])
            counts.setdefault(root, [0] * players)[spot.seat] += 1
    active = {kind: state.active_scoring(kind) for kind in (Kind.CITY, Kind.ROAD, Kind.MONASTERY)}
    progress = state.tiles_remaining / PILE
    return _View(board, counts, seat, players, state.hands[seat], progress, active, weights)


def _state_placements(legal: list[Any]) -> list[tuple[Pos, int]]:
    return [((a.x, a.y), a.rotation) for a in legal]


def _state_locations(legal: list[Any]) -> list[str | None]:
    return [a.location if isinstance(a, PlaceFollower) else None for a in legal]


if __name__ == "__main__":
    sdk.run(CarcassonneGreedyBot())
