"""Landover: a Catan-like with barbarians, culture, commodities, metros,
dev cards and catapult raids (docs/rules/landover.md)."""

from referee.games.landover.engine import OPTIONS, LandoverEngine

ENGINE = LandoverEngine(
    name="landover",
    version="1",
    min_players=2,
    max_players=4,
    description="Villages, cities and culture against barbarians and raids: first to 13 VP wins.",
    options=OPTIONS,
)

__all__ = ["ENGINE", "LandoverEngine"]
