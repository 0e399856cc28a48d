"""One position of Carcassonne with The Land Surveyors.

The turn cycle, in phases: chance draws a tile (CHANCE); a tile that fits
nowhere is removed and chance draws again (CARC-06). The seat places it
(PLACE_TILE), then may place a follower on it (PLACE_FOLLOWER, skipped when
it has no choice, CARC-09). Completed features score, followers return, and
the scoring tiles turn over if anything scored (CARC-27). When the pile is
empty after a turn the game ends with the final scoring.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from enum import IntEnum
from fractions import Fraction
from functools import cache
from typing import Self

from google.protobuf.message import Message

from referee.engine import CHANCE, SeatOutcome, State, outcomes_from_scores
from referee.errors import IllegalAction
from referee.games.carcassonne.actions import (
    CarcassonneAction,
    DrawTile,
    PlaceFollower,
    PlaceTile,
    ShuffleStack,
    SkipFollower,
)
from referee.games.carcassonne.board import (
    Board,
    Feature,
    Spot,
    TileCopy,
    fits_of,
    from_placement_key,
)
from referee.games.carcassonne.rules import FOLLOWERS, Rules
from referee.games.carcassonne.scoring import (
    STACK_KINDS,
    Score,
    ScoringTile,
    feature_points,
    winners,
)
from referee.games.carcassonne.tiles import Kind, Pos, oriented, tile_types

START = (0, 0)


class Phase(IntEnum):
    """Who acts next and how (values as in the Phase message)."""

    CHANCE = 1
    """Chance shuffles a scoring stack or draws a tile."""
    PLACE_TILE = 2
    PLACE_FOLLOWER = 3
    GAME_OVER = 4


def deal(rules: Rules) -> tuple[TileCopy, dict[TileCopy, int]]:
    """The start tile and the draw pile (CARC-02, CARC-23), sorted by tile copy."""
    start, pile = _dealt(rules)
    return start, dict(pile)


@cache
def _dealt(rules: Rules) -> tuple[TileCopy, tuple[tuple[TileCopy, int], ...]]:
    pile: dict[TileCopy, int] = {}
    start = TileCopy("")
    for tile_type in tile_types().values():
        plain, marked = tile_type.count, rules.farmhouse_copies(tile_type.jcz_id)
        plain -= marked
        if tile_type.start:
            start = TileCopy(tile_type.jcz_id, marked > 0)
            marked, plain = (marked - 1, plain) if marked else (marked, plain - 1)
        for farmhouse, count in ((False, plain), (True, marked)):
            if count:
                pile[TileCopy(tile_type.jcz_id, farmhouse)] = count
    # Sorted, so the chance outcomes' sort finds the pile in order (draws keep it).
    return start, tuple(sorted(pile.items()))


class CarcassonneState(State[CarcassonneAction]):
    """A game in progress: board, pile, followers, scores and scoring stacks."""

    not_in_canonical = frozenset({"_placements", "_follower_spots"})
    """The legal moves of this position, kept from the board and the drawn tile."""

    def __init__(self, rules: Rules, num_players: int) -> None:
        self.rules = rules
        self._num_players = num_players
        self.board = Board()
        self.hands = [FOLLOWERS] * num_players
        """Followers each seat still holds."""
        self.scores = [Score() for _ in range(num_players)]
        self.current = 0
        """The seat whose turn it is."""
        self.phase = Phase.CHANCE
        self.tile: TileCopy | None = None
        """The drawn tile, until it is placed and the turn ends."""
        self.placed_at: Pos | None = None
        """Where the tile of this turn went."""
        self.discarded: list[TileCopy] = []
        self.stacks: dict[Kind, tuple[ScoringTile, ...]] = {}
        """Each scoring stack in its shuffled order; the active tile comes from ``turnovers``."""
        self.turnovers = 0
        """How often the active scoring tiles went under their stacks."""
        self._placements: list[CarcassonneAction] = []
        """The drawn tile's legal placements, sorted (replaced, never changed in place)."""
        self._follower_spots: dict[PlaceFollower, int] = {}
        """Free features of the tile just placed, sorted, each with its segment index
        (replaced, never changed in place)."""
        start, self.pile = deal(rules)
        """Tile copies left to draw, in sorted order (draws only remove entries)."""
        self.board.place(START, start, 0)

    # -- the contract ---------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self._num_players

    def to_act(self) -> tuple[int, ...]:
        if self.phase is Phase.CHANCE:
            return (CHANCE,)
        if self.phase is Phase.GAME_OVER:
            return ()
        return (self.current,)

    def legal_actions(self, seat: int) -> list[CarcassonneAction]:
        phase = self.phase
        if seat != self.current or phase is Phase.CHANCE or phase is Phase.GAME_OVER:
            return []
        if phase is Phase.PLACE_TILE:
            return list(self._placements)
        return [SKIP_FOLLOWER, *self._follower_spots]

    def chance_outcomes(self) -> list[tuple[CarcassonneAction, Fraction]]:
        if self.phase is not Phase.CHANCE:
            return []
        kind = self._stack_to_shuffle()
        if kind is not None:
            return list(_shuffle_outcomes(self.rules.stack(kind), kind))
        chances = _chances(self.tiles_remaining)
        draws = DRAW_ACTIONS
        # The pile is kept in sorted order, so its items need no sort here.
        return [(draws[tile], chances[count]) for tile, count in self.pile.items()]

    def apply(self, seat: int, action: CarcassonneAction) -> None:
        if seat == CHANCE:
            self._apply_chance(action)
            return
        phase = self.phase
        if seat != self.current or phase is Phase.CHANCE or phase is Phase.GAME_OVER:
            self.check_can_act(seat)  # raises, naming the seats that may act
        if phase is Phase.PLACE_TILE:
            self._place_tile(action)
        elif isinstance(action, SkipFollower):
            self._end_turn()
        else:
            self._place_follower(action)

    def clone(self) -> Self:
        """A copy for search: the rules and placed tiles shared, everything that changes copied."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.board = self.board.clone()
        twin.hands = list(self.hands)
        twin.scores = [replace(score) for score in self.scores]
        twin.discarded = list(self.discarded)
        twin.stacks = dict(self.stacks)
        twin.pile = dict(self.pile)
        # _placements and _follower_spots are replaced, never changed: shared.
        return twin

    def default_action(self, seat: int) -> CarcassonneAction:
        """No follower is the neutral choice; otherwise the first placement."""
        return self.legal_actions(seat)[0]

    def observation(self, seat: int) -> Message:
        from referee.games.carcassonne.observation import observe

        return observe(self, seat)

    def is_terminal(self) -> bool:
        return self.phase is Phase.GAME_OVER

    def outcome(self) -> list[SeatOutcome]:
        return outcomes_from_scores([score.total for score in self.scores])

    def canonical(self) -> bytes:
        board = sorted(
            (*pos, p.tile.jcz_id, p.tile.farmhouse, p.shape.rotation)
            for pos, p in self.board.placed.items()
        )
        rules = self.rules
        data = [
            [rules.land_surveyors, rules.road_poverty, rules.monastery_wealth, rules.farmhouses],
            self._num_players,
            int(self.phase),
            self.current,
            _tile_key(self.tile),
            self.placed_at,
            self.turnovers,
            self.hands,
            [list(score.as_dict().values()) for score in self.scores],
            board,
            sorted((*s.pos, s.segment, s.seat) for s in self.followers()),
            sorted((t.jcz_id, t.farmhouse, n) for t, n in self.pile.items()),
            [_tile_key(t) for t in self.discarded],
            sorted((int(kind), [int(t) for t in order]) for kind, order in self.stacks.items()),
        ]
        return json.dumps(data, separators=(",", ":")).encode()

    def render(self) -> str:
        from referee.games.carcassonne.render import render_text

        return render_text(self)

    def render_svg(self) -> str:
        from referee.games.carcassonne.svg import render_svg

        return render_svg(self)

    def describe(self, seat: int, action: CarcassonneAction) -> str:
        from referee.games.carcassonne.describe import describe

        return describe(self, seat, action)

    # -- queries --------------------------------------------------------------

    @property
    def tiles_remaining(self) -> int:
        return sum(self.pile.values())

    def active_scoring(self, kind: Kind) -> ScoringTile | None:
        """The face-up scoring tile of a kind, or None without The Land Surveyors."""
        order = self.stacks.get(kind)
        if not order:
            return None
        return order[self.turnovers % len(order)]

    def followers(self) -> list[Spot]:
        """Every follower on the board."""
        return [spot for feature in self.board.features() for spot in feature.followers]

    # -- chance ---------------------------------------------------------------

    def _stack_to_shuffle(self) -> Kind | None:
        if self.rules.land_surveyors and len(self.stacks) < len(STACK_KINDS):
            for kind in STACK_KINDS:
                if kind not in self.stacks:
                    return kind
        return None

    def _apply_chance(self, action: CarcassonneAction) -> None:
        if self.phase is not Phase.CHANCE:
            raise IllegalAction(f"chance may not act in phase {self.phase.name}")
        kind = self._stack_to_shuffle()
        if kind is not None:
            if not (
                isinstance(action, ShuffleStack)
                and action.stack is kind
                and sorted(action.order) == sorted(self.rules.stack(kind))
            ):
                raise IllegalAction(f"expected a shuffle of the {kind.name} stack, got {action!r}")
            self.stacks[kind] = action.order
            return
        tile = action.tile if isinstance(action, DrawTile) else None
        if tile is None or not self.pile.get(tile):
            raise IllegalAction(f"expected a draw of a tile in the pile, got {action!r}")
        self._draw(tile)

    def _draw(self, tile: TileCopy) -> None:
        self.pile[tile] -= 1
        if not self.pile[tile]:
            del self.pile[tile]
        spots = self.board.placement_keys(tile.jcz_id)
        if not spots:
            self.discarded.append(tile)  # CARC-06: out of the game, draw again
            self._next_draw()
            return
        self.tile = tile
        actions = PLACE_ACTIONS
        self._placements = [actions[spot] for spot in spots]
        self.phase = Phase.PLACE_TILE

    def _next_draw(self) -> None:
        if self.pile:
            self.phase = Phase.CHANCE
        else:
            self.end_game()

    # -- decisions ------------------------------------------------------------

    def _place_tile(self, action: CarcassonneAction) -> None:
        if not isinstance(action, PlaceTile) or not self._may_place(action):
            raise IllegalAction(
                f"seat {self.current}: {action!r} is not a legal placement of {self.tile}"
            )
        assert self.tile is not None
        pos = (action.x, action.y)
        placed = self.board.place(pos, self.tile, action.rotation)
        self.placed_at = pos
        self._placements = []
        spots: dict[PlaceFollower, int] = {}
        if self.hands[self.current]:
            feature = self.board.feature
            for follower, index in _follower_choices(self.tile.jcz_id, action.rotation):
                if not feature(placed.nodes[index]).followers:
                    spots[follower] = index
        self._follower_spots = spots
        if spots:
            self.phase = Phase.PLACE_FOLLOWER
        else:
            self._end_turn()  # CARC-09: no choice to make

    def _may_place(self, action: PlaceTile) -> bool:
        """Whether a placement is one of ``_placements``, found from the board in one look."""
        assert self.tile is not None
        need = self.board.frontier.get((action.x, action.y))
        return need is not None and action.rotation in fits_of(self.tile.jcz_id)[need]

    def _place_follower(self, action: CarcassonneAction) -> None:
        if not isinstance(action, PlaceFollower) or action not in self._follower_spots:
            raise IllegalAction(
                f"seat {self.current}: {action!r} is not a free feature of the tile just placed"
            )
        assert self.placed_at is not None
        segment = self._follower_spots[action]
        feature = self.board.feature_at(self.placed_at, segment)
        feature.followers.append(Spot(self.placed_at, segment, self.current))
        self.hands[self.current] -= 1
        self._end_turn()

    def _end_turn(self) -> None:
        assert self.placed_at is not None
        if self._score_completed(self.placed_at) and self.rules.land_surveyors:
            self.turnovers += 1  # CARC-27
        self.tile = None
        self.placed_at = None
        self._follower_spots = {}
        self.current = (self.current + 1) % self._num_players
        self._next_draw()

    # -- scoring --------------------------------------------------------------

    def _score_completed(self, pos: Pos) -> bool:
        """Score the features the tile on ``pos`` completed; whether any had followers."""
        board = self.board
        nodes = board.placed[pos].nodes
        candidates = [nodes[index] for index in _roads_and_cities(board.placed[pos].tile.jcz_id)]
        candidates += board.monasteries_around(pos)
        scored = False
        for node in candidates:
            feature = board.feature(node)
            # Only a feature with followers scores: test that before completeness.
            # (A feature met twice has no followers left the second time.)
            if feature.followers and board.is_complete(node):
                scored |= self._score(feature, complete=True)
        return scored

    def _score(self, feature: Feature, complete: bool) -> bool:
        """Give a feature's points to its winners; return followers if it was completed."""
        if not feature.followers:
            return False
        seats, points = self._award(feature, complete)
        for seat in seats:
            self.scores[seat].add(feature.kind, points)
        if complete:
            for spot in feature.followers:
                self.hands[spot.seat] += 1
            feature.followers.clear()
        return True

    def _award(self, feature: Feature, complete: bool) -> tuple[list[int], int]:
        """The seats a feature with followers scores for, and its points each."""
        active = self.active_scoring(feature.kind) if complete else None
        counts = feature.count_by_seat(self._num_players)
        points = feature_points(self.board, feature, complete, active)
        return winners(counts, everyone=active is ScoringTile.CITIZENS_JURY), points

    def provisional_scores(self) -> list[int]:
        """Each seat's total if the game ended now, for search to value a position.

        The scores so far, plus every feature with followers as the rules would
        score it next: a completed one (only while the follower of the turn is
        decided) as at the end of this turn, with the active scoring tile; the
        others and the farms as at the end of the game (CARC-14, CARC-29).
        Nothing changes. ``outcome()`` keeps to the scores so far: the referee
        adjudicates a match cut short by those.
        """
        totals = [score.total for score in self.scores]
        if self.phase is Phase.GAME_OVER:
            return totals
        board = self.board
        for feature in board.features():
            if feature.followers:
                seats, points = self._award(feature, board.is_feature_complete(feature))
                for seat in seats:
                    totals[seat] += points
        return totals

    def provisional_outcome(self) -> list[SeatOutcome]:
        """``outcome()`` ranked by ``provisional_scores`` (the final outcome at the end)."""
        return outcomes_from_scores(self.provisional_scores())

    def end_game(self) -> None:
        """Score incomplete features and farms (CARC-14, CARC-29) and end the game.

        Called when the pile runs out; game scripts call it after their last turn.
        """
        if self.phase is Phase.GAME_OVER:
            return
        for feature in list(self.board.features()):
            self._score(feature, complete=False)
        self.phase = Phase.GAME_OVER
        self.tile = None
        self.placed_at = None
        self._placements = []
        self._follower_spots = {}


SKIP_FOLLOWER = SkipFollower()


@cache
def _roads_and_cities(jcz_id: str) -> tuple[int, ...]:
    """The indexes of a tile type's road and city segments (the same in every rotation)."""
    segments = oriented(jcz_id, 0).segments
    return tuple(i for i, s in enumerate(segments) if s.kind in (Kind.ROAD, Kind.CITY))


@cache
def _follower_choices(jcz_id: str, rotation: int) -> tuple[tuple[PlaceFollower, int], ...]:
    """Per segment of a turned tile, the action that puts a follower there, in action order."""
    segments = oriented(jcz_id, rotation).segments
    return tuple(
        sorted(
            (PlaceFollower(segment.kind, segment.location), index)
            for index, segment in enumerate(segments)
        )
    )


class _PlaceActions(dict[int, PlaceTile]):
    """PlaceTile per placement key (board.placement_key), made on first use and
    shared: frozen actions cost more to build than a dict costs to look up."""

    def __missing__(self, key: int) -> PlaceTile:
        action = self[key] = PlaceTile(*from_placement_key(key))
        return action


class _DrawActions(dict[TileCopy, DrawTile]):
    """DrawTile per tile copy, made on first use and shared."""

    def __missing__(self, tile: TileCopy) -> DrawTile:
        action = self[tile] = DrawTile(tile.jcz_id, tile.farmhouse)
        return action


PLACE_ACTIONS = _PlaceActions()
DRAW_ACTIONS = _DrawActions()


@cache
def _shuffle_outcomes(
    stack: tuple[ScoringTile, ...], kind: Kind
) -> tuple[tuple[CarcassonneAction, Fraction], ...]:
    """Every order of a scoring stack, sorted, each as likely: made once per stack."""
    orders = sorted(itertools.permutations(stack))
    return tuple((ShuffleStack(kind, order), Fraction(1, len(orders))) for order in orders)


@cache
def _chances(total: int) -> tuple[Fraction, ...]:
    """``count / total`` for every count up to ``total``, made once per pile size."""
    return tuple(Fraction(count, total) for count in range(total + 1))


def _tile_key(tile: TileCopy | None) -> list[object] | None:
    return None if tile is None else [tile.jcz_id, tile.farmhouse]
