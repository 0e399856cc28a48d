"""LAND 6, a solo dice game by Santiago Eximeno (rules v1.3); see docs/rules/land6.md."""

from referee.games.land6.engine import ENGINE

__all__ = ["ENGINE"]
