"""Landover: a Catan-like with barbarians, culture, commodities, metros,
dev cards and catapult raids (docs/rules/landover.md)."""

from referee.games.landover.engine import ENGINE

__all__ = ["ENGINE"]
