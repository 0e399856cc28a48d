"""Landover seasons: quarterly season points and the badges they earn.

A season is a calendar quarter. Every game played in it earns each player
season points: the victory points they earned times a multiplier that
grows with the size of the game and shrinks with their place. At the end,
the top three players get a podium badge and everyone else with at least
ten games a participation badge.

>>> season_points(21, players=3, place=1)
31.5

The seed text (shared/seeds/landover.txt, "Seasons") writes the multiplier
as ``(N / 2) * (N - place / (N - 1))``, but all six of its worked examples
use ``(N / 2) * (N - place) / (N - 1)``; we follow the examples (SEASON-02
in docs/ladder.md, with the other choices made here).
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.ratings.results import GameResult

PODIUM_PLACES = 3
"""Places that earn a podium badge (SEASON-05)."""

PARTICIPATION_GAMES = 10
"""Games that earn a participation badge (SEASON-05)."""


class SeasonName(enum.Enum):
    """The season of each quarter, by the northern-hemisphere calendar (SEASON-01)."""

    WINTER = "winter"
    """January 1 to March 31."""
    SPRING = "spring"
    """April 1 to June 30."""
    SUMMER = "summer"
    """July 1 to September 30."""
    AUTUMN = "autumn"
    """October 1 to December 31."""


@dataclass(frozen=True, order=True)
class Season:
    """One quarter of one year."""

    year: int
    """The calendar year."""
    quarter: int
    """1 (January to March) to 4 (October to December)."""

    def __post_init__(self) -> None:
        if not 1 <= self.quarter <= 4:
            raise ValueError(f"expected a quarter from 1 to 4, got {self.quarter}")

    def __str__(self) -> str:
        return f"{self.year}-Q{self.quarter}"

    @classmethod
    def from_date(cls, day: datetime.date) -> Season:
        """The season a day falls in."""
        return cls(day.year, (day.month - 1) // 3 + 1)

    @classmethod
    def parse(cls, text: str) -> Season:
        """A season from its ``str``: '2026-Q1'."""
        year, sep, quarter = text.partition("-Q")
        if not (sep and year.isdigit() and quarter.isdigit()):
            raise ValueError(f"expected a season like '2026-Q1', got {text!r}")
        return cls(int(year), int(quarter))

    @property
    def name(self) -> SeasonName:
        """Winter, spring, summer or autumn."""
        return list(SeasonName)[self.quarter - 1]

    @property
    def label(self) -> str:
        """How a person reads it: 'Winter 2026'."""
        return f"{self.name.value.title()} {self.year}"

    @property
    def first_day(self) -> datetime.date:
        """The first day of the season."""
        return datetime.date(self.year, 3 * self.quarter - 2, 1)

    @property
    def last_day(self) -> datetime.date:
        """The last day of the season (the seed's 'June 31' is June 30)."""
        return self.next().first_day - datetime.timedelta(days=1)

    def next(self) -> Season:
        """The season after this one."""
        if self.quarter == 4:
            return Season(self.year + 1, 1)
        return Season(self.year, self.quarter + 1)


def season_multiplier(players: int, place: int) -> float:
    """``(N / 2) * (N - place) / (N - 1)``: 1 for winning a duel, 0 for last place."""
    if players < 2 or not 1 <= place <= players:
        raise ValueError(f"expected 2+ players and a place from 1 to N, got {players}, {place}")
    return (players / 2) * (players - place) / (players - 1)


def season_points(points: float, players: int, place: int) -> float:
    """Season points for earning ``points`` victory points and finishing ``place``."""
    return points * season_multiplier(players, place)


class BadgeKind(enum.Enum):
    """The two badges a season awards (SEASON-05)."""

    PODIUM = "podium"
    """One of the top three players of the season; the badge carries the place."""
    PARTICIPATION = "participation"
    """Not on the podium, but played at least ten games in the season."""


@dataclass(frozen=True)
class Badge:
    """A badge one player earned in one season."""

    player: str
    """Who earned it."""
    season: Season
    """The season it belongs to: each badge is unique to its year and quarter."""
    kind: BadgeKind
    """Podium or participation."""
    place: int | None = None
    """1, 2 or 3 for a podium badge; None for participation."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready; ``from_dict`` reads it back."""
        return {
            "player": self.player,
            "season": str(self.season),
            "kind": self.kind.value,
            "place": self.place,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Badge:
        """The badge a ``to_dict`` wrote."""
        place = data.get("place")
        return cls(
            str(data["player"]),
            Season.parse(str(data["season"])),
            BadgeKind(data["kind"]),
            None if place is None else int(place),
        )


@dataclass(frozen=True)
class SeasonTable:
    """Season points and games per player in one season."""

    season: Season
    """The season being counted."""
    points: Mapping[str, float] = field(default_factory=dict)
    """Season points per player."""
    games: Mapping[str, int] = field(default_factory=dict)
    """Games played in the season per player."""

    def record(self, result: GameResult) -> SeasonTable:
        """The table after one more game; every game counts (SEASON-03, SEASON-04).

        Raises:
            ValueError: The result has no points to multiply.
        """
        if not result.points:
            raise ValueError("season points need each player's points, got a result without")
        size = len(result.ranks)
        points, games = dict(self.points), dict(self.games)
        for player, rank in result.ranks.items():
            earned = season_points(result.points[player], size, rank)
            points[player] = points.get(player, 0.0) + earned
            games[player] = games.get(player, 0) + 1
        return SeasonTable(self.season, points, games)

    def places(self) -> dict[str, int]:
        """Each player's place by season points; equal points share a place."""
        return {
            player: 1 + sum(other > mine for other in self.points.values())
            for player, mine in self.points.items()
        }

    def standings(self) -> list[str]:
        """Players by season points, most first (ties by name)."""
        return sorted(self.points, key=lambda p: (-self.points[p], p))

    def badges(self) -> list[Badge]:
        """The season's badges, in standings order (SEASON-05)."""
        places = self.places()
        awarded = []
        for player in self.standings():
            if places[player] <= PODIUM_PLACES:
                awarded.append(Badge(player, self.season, BadgeKind.PODIUM, places[player]))
            elif self.games.get(player, 0) >= PARTICIPATION_GAMES:
                awarded.append(Badge(player, self.season, BadgeKind.PARTICIPATION))
        return awarded

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready; ``from_dict`` reads it back."""
        return {"season": str(self.season), "points": dict(self.points), "games": dict(self.games)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SeasonTable:
        """The table a ``to_dict`` wrote."""
        return cls(
            Season.parse(str(data["season"])),
            {p: float(v) for p, v in data.get("points", {}).items()},
            {p: int(v) for p, v in data.get("games", {}).items()},
        )
