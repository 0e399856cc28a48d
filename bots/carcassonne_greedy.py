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

from typing import Any

import sdk
from referee.games.carcassonne.board import Board, Feature, Preview, TileCopy, surrounding
from referee.games.carcassonne.scoring import BONUS, ScoringTile, feature_points, winners
from referee.games.carcassonne.tiles import Kind, Pos, TileType, find_segment, oriented

Counts = list[int]


class _View:
    """What the bot knows at one decision.

    (A plain class: the tests load this file without registering it as a
    module, which dataclasses cannot handle.)
    """

    def __init__(  # noqa: PLR0917 - a record of seven facts, built in one place
        self,
        board: Board,
        counts: dict[int, Counts],
        me: int,
        players: int,
        hand: int,
        progress: float,
        active: dict[Kind, ScoringTile | None],
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


class CarcassonneGreedyBot(sdk.Bot):
    name = "carcassonne-greedy"
    version = "1"
    games = ("carcassonne",)

    def __init__(self) -> None:
        self.boards: dict[str, Board] = {}
        self.plans: dict[str, tuple[Pos, str | None]] = {}

    def match_ended(self, match: sdk.MatchInfo, results: list[Any]) -> None:
        self.boards.pop(match.match_id, None)
        self.plans.pop(match.match_id, None)

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
            return [
                _placement_value(
                    view, (a.place_tile.x, a.place_tile.y), tile, a.place_tile.rotation
                )[0]
                for a in legal
            ]
        return _follower_gains(decision, view, (obs.placed_x, obs.placed_y))

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
            obs.tiles_remaining / 71,
            {
                Kind.CITY: ScoringTile(active.city) if active.city else None,
                Kind.ROAD: ScoringTile(active.road) if active.road else None,
                Kind.MONASTERY: ScoringTile(active.monastery) if active.monastery else None,
            },
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
        best: tuple[float, int, tuple[Pos, str | None]] = (float("-inf"), 0, ((0, 0), None))
        for index, action in enumerate(decision.legal_actions):
            place = action.place_tile
            pos = (place.x, place.y)
            value, follower = _placement_value(view, pos, tile, place.rotation)
            if value > best[0]:
                best = (value, index, (pos, follower))
        self.plans[decision.match.match_id] = best[2]
        return best[1]

    def _choose_follower(self, decision: sdk.Decision, view: _View) -> int:
        plan = self.plans.pop(decision.match.match_id, None)
        obs = decision.observation
        pos = (obs.placed_x, obs.placed_y)
        for index, action in enumerate(decision.legal_actions):
            if action.WhichOneof("kind") != "place_follower":
                continue
            if plan == (pos, action.place_follower.location):
                return index
        if plan is not None and plan[0] == pos:
            return 0  # the plan was no follower: SkipFollower comes first
        return _best_follower_now(decision, view, pos)


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


def _placement_value(
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
            gain += 1.0 if preview.complete else -_follower_price(view, preview.feature.kind)
            location = shape.segments[preview.segments[0]].location
            options.append((gain, location))
    value += _monasteries_nearby(view, pos, shape.type)
    if not options:
        return value, None
    gain, location = max(options)
    return (value + gain, location) if gain > 0 else (value, None)


def _best_follower_now(decision: sdk.Decision, view: _View, pos: Pos) -> int:
    """Without a plan: weigh each follower spot on the tile already placed."""
    best = (0.0, 0)
    for index, gain in enumerate(_follower_gains(decision, view, pos)):
        if gain > best[0]:
            best = (gain, index)
    return best[1]


def _follower_gains(decision: sdk.Decision, view: _View, pos: Pos) -> list[float]:
    """Each follower choice's gain on the tile placed at ``pos`` (no follower: 0)."""
    board = view.board
    placed = board.placed[pos]
    gains = []
    for action in decision.legal_actions:
        if action.WhichOneof("kind") != "place_follower":
            gains.append(0.0)
            continue
        node = placed.nodes[find_segment(placed.shape, action.place_follower.location)]
        feature = board.feature(node)
        complete = board.is_complete(node)
        worth = _worth(view, feature, complete)
        gains.append(worth + (1.0 if complete else -_follower_price(view, feature.kind)))
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
    return 0.8 * (counts[view.me] - (sum(counts) - counts[view.me]) / max(1, view.players - 1))


def _follower_price(view: _View, kind: Kind) -> float:
    scarce = 1.5 if view.hand <= 2 else 0.0
    if kind is Kind.FIELD:
        return 2.0 + 5.0 * view.progress + scarce
    return 0.5 + 2.5 * view.progress + scarce


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
    board, t = view.board, view.progress
    kind = feature.kind
    if complete and kind is Kind.MONASTERY:
        (pos,) = feature.tiles
        return _monastery_points(view, pos, new_pos, new_type)
    if complete:
        return float(feature_points(board, feature, True, view.active[kind]))
    if kind is Kind.ROAD:
        return len(feature.tiles) * (1.0 + 0.3 * t)
    if kind is Kind.CITY:
        size = len(feature.tiles) + feature.pennants
        return size * (1.0 + 0.8 * t) - 0.3 * max(0, feature.open_edges - 2)
    if kind is Kind.MONASTERY:
        (pos,) = feature.tiles
        around = board.neighbour_count(pos) + (1 if new_pos and new_pos != pos else 0)
        return 1.0 + around + (8 - around) * 0.8 * t
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
    return 3.0 * done + (1.2 + 0.5 * view.progress) * open_


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
        before = 1.0 + around + (8 - around) * 0.8 * view.progress
        if around + 1 == 8:
            after = _monastery_points(view, spot, pos, new_type)
            value += _returned(view, counts)
        else:
            after = 2.0 + around + (7 - around) * 0.8 * view.progress
        value += _net(view, counts, after) - _net(view, counts, before)
    return value


if __name__ == "__main__":
    sdk.run(CarcassonneGreedyBot())
