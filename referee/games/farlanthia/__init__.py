"""Farlanthia: Lords of War by Stephen Furlani (2010); see docs/rules/farlanthia.md."""

from referee.games.farlanthia.engine import ENGINE

__all__ = ["ENGINE"]
