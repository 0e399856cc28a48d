"""What features are worth: base-game values and The Land Surveyors' scoring tiles.

Completed features score during play, changed by the active scoring tile of
their kind; incomplete ones and farms score at the end by the base rules
alone (CARC-29). The formulas, with T tiles and P coats of arms:

- road: T; Street Fair 2T; Highway 5; Peasant Uprising T minus farmhouse tiles.
- city: 2T + 2P; Bad Neighborhood leaves out cap-only tiles; Siege 2T + 3P.
- monastery: 9; Hermit Monastery minus tiles of the nine with a city;
  Pilgrimage Route plus tiles of the nine with a road.
- Wealth +3, Poverty -3 on top.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from referee.games.carcassonne.board import Board, Feature, surrounding
from referee.games.carcassonne.tiles import Kind, Pos


class ScoringTile(IntEnum):
    """The twelve Land Surveyors tiles (values as in the ScoringTile message)."""

    CITIZENS_JURY = 1
    """City: every seat with a follower in the city scores, not just the majority."""
    BAD_NEIGHBORHOOD = 2
    """City: tiles whose part of the city is a semicircular cap do not count."""
    CITY_WEALTH = 3
    """City: +3 points."""
    CITY_POVERTY = 4
    """City: -3 points."""
    SIEGE = 5
    """City: each coat of arms is worth 1 more."""
    STREET_FAIR = 6
    """Road: twice the points."""
    HIGHWAY = 7
    """Road: 5 points whatever its length."""
    PEASANT_UPRISING = 8
    """Road: 1 point less per tile with a farmhouse."""
    ROAD_WEALTH = 9
    """Road: +3 points (default, CARC-24)."""
    ROAD_POVERTY = 10
    """Road: -3 points (by Config, CARC-24)."""
    HERMIT_MONASTERY = 11
    """Monastery: 1 point less per tile of the nine showing a city."""
    PILGRIMAGE_ROUTE = 12
    """Monastery: 1 point more per tile of the nine showing a road."""
    MONASTERY_WEALTH = 13
    """Monastery: +3 points (by Config, CARC-24)."""
    MONASTERY_POVERTY = 14
    """Monastery: -3 points (default, CARC-24)."""


BONUS = {
    ScoringTile.CITY_WEALTH: 3,
    ScoringTile.CITY_POVERTY: -3,
    ScoringTile.ROAD_WEALTH: 3,
    ScoringTile.ROAD_POVERTY: -3,
    ScoringTile.MONASTERY_WEALTH: 3,
    ScoringTile.MONASTERY_POVERTY: -3,
}

STACK_KINDS = (Kind.CITY, Kind.ROAD, Kind.MONASTERY)
"""The three stacks, in the order chance shuffles them."""


def stack_tiles(kind: Kind, road_poverty: bool, monastery_wealth: bool) -> tuple[ScoringTile, ...]:
    """The scoring tiles of one stack, unshuffled."""
    if kind is Kind.CITY:
        return (
            ScoringTile.CITIZENS_JURY,
            ScoringTile.BAD_NEIGHBORHOOD,
            ScoringTile.CITY_WEALTH,
            ScoringTile.CITY_POVERTY,
            ScoringTile.SIEGE,
        )
    if kind is Kind.ROAD:
        bonus = ScoringTile.ROAD_POVERTY if road_poverty else ScoringTile.ROAD_WEALTH
        return (ScoringTile.STREET_FAIR, ScoringTile.HIGHWAY, ScoringTile.PEASANT_UPRISING, bonus)
    bonus = ScoringTile.MONASTERY_WEALTH if monastery_wealth else ScoringTile.MONASTERY_POVERTY
    return (ScoringTile.HERMIT_MONASTERY, ScoringTile.PILGRIMAGE_ROUTE, bonus)


@dataclass
class Score:
    """One seat's points by where they came from."""

    road: int = 0
    city: int = 0
    monastery: int = 0
    farm: int = 0

    @property
    def total(self) -> int:
        return self.road + self.city + self.monastery + self.farm

    def add(self, kind: Kind, points: int) -> None:
        if kind is Kind.ROAD:
            self.road += points
        elif kind is Kind.CITY:
            self.city += points
        elif kind is Kind.MONASTERY:
            self.monastery += points
        else:
            self.farm += points

    def as_dict(self) -> dict[str, int]:
        return {
            "total": self.total,
            "road": self.road,
            "city": self.city,
            "monastery": self.monastery,
            "farm": self.farm,
        }


def _bonus(active: ScoringTile | None) -> int:
    return BONUS.get(active, 0) if active else 0


def winners(counts: list[int], everyone: bool = False) -> list[int]:
    """The seats that score a feature: the most followers, ties all (CARC-13).

    With ``everyone`` (Citizens' Jury) every seat with a follower there scores.
    """
    most = max(counts)
    if most == 0:
        return []
    return [seat for seat, n in enumerate(counts) if (n > 0 if everyone else n == most)]


def road_points(feature: Feature, active: ScoringTile | None = None) -> int:
    """A road's value: completed with the active tile, or at the end with ``None``."""
    tiles = len(feature.tiles)
    if active is ScoringTile.STREET_FAIR:
        points = 2 * tiles
    elif active is ScoringTile.HIGHWAY:
        points = 5
    elif active is ScoringTile.PEASANT_UPRISING:
        points = tiles - len(feature.farmhouse_tiles)
    else:
        points = tiles
    return points + _bonus(active)


def city_points(feature: Feature, complete: bool, active: ScoringTile | None = None) -> int:
    """A city's value: 2 a tile and coat of arms when complete (CARC-11), 1 at the end."""
    if not complete:
        return len(feature.tiles) + feature.pennants
    tiles = len(feature.tiles)
    if active is ScoringTile.BAD_NEIGHBORHOOD:
        tiles = len(feature.full_tiles)
    per_pennant = 3 if active is ScoringTile.SIEGE else 2
    return 2 * tiles + per_pennant * feature.pennants + _bonus(active)


def monastery_points(
    board: Board, pos: Pos, complete: bool, active: ScoringTile | None = None
) -> int:
    """A monastery's value: 9 when surrounded, else 1 plus its neighbours at the end."""
    if not complete:
        return 1 + board.neighbour_count(pos)
    nine = [board.placed[p].shape.type for p in (pos, *surrounding(pos))]
    points = 9
    if active is ScoringTile.HERMIT_MONASTERY:
        points -= sum(t.has_city for t in nine)
    elif active is ScoringTile.PILGRIMAGE_ROUTE:
        points += sum(t.has_road for t in nine)
    return points + _bonus(active)


def farm_points(board: Board, feature: Feature) -> int:
    """A field's value at the end: 3 for each completed city it borders (CARC-15)."""
    cities = {board.root(node) for node in feature.cities}
    return 3 * sum(board.is_complete(root) for root in cities)


def feature_points(
    board: Board, feature: Feature, complete: bool, active: ScoringTile | None = None
) -> int:
    """The value of any feature, completed during play or at the end."""
    if feature.kind is Kind.ROAD:
        return road_points(feature, active if complete else None)
    if feature.kind is Kind.CITY:
        return city_points(feature, complete, active if complete else None)
    if feature.kind is Kind.MONASTERY:
        (pos,) = feature.tiles
        return monastery_points(board, pos, complete, active if complete else None)
    return farm_points(board, feature)
