"""Farlanthia: Lords of War by Stephen Furlani (2010); see docs/rules/farlanthia.md."""

from referee.games.farlanthia.engine import FarlanthiaEngine

ENGINE = FarlanthiaEngine()

__all__ = ["ENGINE", "FarlanthiaEngine"]
