"""LAND 6, a solo dice game by Santiago Eximeno (rules v1.3); see docs/rules/land6.md."""

from referee.games.land6.engine import Land6Engine

ENGINE = Land6Engine()

__all__ = ["ENGINE", "Land6Engine"]
