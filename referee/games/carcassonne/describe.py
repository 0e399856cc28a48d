"""Carcassonne's actions in words, for the stepper, the viewer and the logs.

A follower is named by its role (thief, knight, monk, farmer) and its
feature by the sides or corners it touches: "the south-west field".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.engine import actor
from referee.games.carcassonne.actions import (
    CarcassonneAction,
    DrawTile,
    PlaceFollower,
    PlaceTile,
    ShuffleStack,
    SkipFollower,
)
from referee.games.carcassonne.tiles import EDGE_NAMES, HALF_NAMES, Kind, tile_types

if TYPE_CHECKING:
    from referee.games.carcassonne.state import CarcassonneState

FOLLOWERS = {Kind.ROAD: "thief", Kind.CITY: "knight", Kind.MONASTERY: "monk", Kind.FIELD: "farmer"}
SIDES = {"N": "north", "E": "east", "S": "south", "W": "west"}
HALF_CORNERS = {
    "NL": "north-west",
    "NR": "north-east",
    "EL": "north-east",
    "ER": "south-east",
    "SL": "south-east",
    "SR": "south-west",
    "WL": "south-west",
    "WR": "north-west",
}
"""The corner each half-edge lies at; a half is left or right as seen from the tile centre."""
CORNER_PAIRS = {
    frozenset({"north-west", "north-east"}): "north",
    frozenset({"north-east", "south-east"}): "east",
    frozenset({"south-east", "south-west"}): "south",
    frozenset({"south-west", "north-west"}): "west",
}


def describe(state: CarcassonneState, seat: int, action: CarcassonneAction) -> str:
    """One sentence: "seat 0 places a farmer on the south-west field"."""
    who = actor(seat)
    match action:
        case PlaceTile(x, y, rotation):
            tile = _tile_name(state.tile.jcz_id) if state.tile else "the tile"
            return f"{who} places {tile} at ({x}, {y}), turned {_quarter_turns(rotation)}"
        case PlaceFollower(kind, location):
            role = FOLLOWERS.get(kind, "follower")
            return f"{who} places a {role} on {_feature(kind, location)}"
        case SkipFollower():
            return f"{who} places no follower"
        case DrawTile(jcz_id, farmhouse):
            extra = " with a farmhouse" if farmhouse else ""
            return f"{who} draws {_tile_name(jcz_id)}{extra}"
        case ShuffleStack(stack, order):
            tiles = ", then ".join(t.name.lower().replace("_", " ") for t in order)
            return f"{who} shuffles the {stack.name.lower()} scoring stack, top first: {tiles}"
    raise TypeError(f"expected a Carcassonne action, got {type(action).__name__}")


def _tile_name(jcz_id: str) -> str:
    tile_type = tile_types().get(jcz_id)
    letter = f" {tile_type.letter}" if tile_type else ""
    return f"tile{letter} ({jcz_id})"


def _quarter_turns(rotation: int) -> str:
    return "not at all" if rotation == 0 else f"{90 * rotation} degrees clockwise"


def _feature(kind: Kind, location: str) -> str:
    """The feature at a location: "the road leaving east and south", "the north field"."""
    if kind is Kind.MONASTERY:
        return "the monastery"
    if kind is Kind.FIELD:
        return _field(location)
    sides = _and([SIDES.get(edge, edge) for edge in location if edge in EDGE_NAMES])
    if kind is Kind.ROAD:
        return f"the road leaving {sides}"
    plural = "s" if len(location) > 1 else ""
    return f"the city on the {sides} side{plural}"


def _field(location: str) -> str:
    halves = [h for h in location.split(".") if h in HALF_NAMES]
    corners = sorted({HALF_CORNERS[h] for h in halves})
    if len(corners) == 1:
        return f"the {corners[0]} field"
    side = CORNER_PAIRS.get(frozenset(corners))
    if side:
        return f"the {side} field"
    if len(corners) == 4:
        return "the field all around the tile"
    return f"the field at the {_and(corners)} corners"


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
