"""The actions of Carcassonne: two decisions per turn, and two kinds of chance outcome.

A turn is: chance draws a tile (again if it fits nowhere), the seat places
it (``PlaceTile``), then places a follower on it or not (``PlaceFollower``,
``SkipFollower``). With The Land Surveyors, chance first shuffles the three
scoring stacks (``ShuffleStack``).
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.games.carcassonne.board import TileCopy
from referee.games.carcassonne.scoring import ScoringTile
from referee.games.carcassonne.tiles import Kind


@dataclass(frozen=True, order=True)
class PlaceTile:
    """Put the drawn tile on (x, y), turned clockwise ``rotation`` quarter turns."""

    x: int
    y: int
    rotation: int


@dataclass(frozen=True, order=True)
class PlaceFollower:
    """Put a follower on a feature of the tile just placed."""

    kind: Kind
    location: str
    """The segment in the board frame: "ES", "EL.SR" or "MONASTERY" (tiles.Segment.location)."""


@dataclass(frozen=True, order=True)
class SkipFollower:
    """Place no follower this turn."""


@dataclass(frozen=True, order=True)
class DrawTile:
    """Chance: the tile drawn from the pile."""

    jcz_id: str
    farmhouse: bool = False

    @property
    def tile(self) -> TileCopy:
        return TileCopy(self.jcz_id, self.farmhouse)


@dataclass(frozen=True, order=True)
class ShuffleStack:
    """Chance: the order of one scoring stack after shuffling, top first."""

    stack: Kind
    order: tuple[ScoringTile, ...]


CarcassonneAction = PlaceTile | PlaceFollower | SkipFollower | DrawTile | ShuffleStack
