"""Carcassonne (2nd edition base game) with The Land Surveyors.

Rules and every choice made where the rule text is open: docs/rules/carcassonne.md.
"""

from referee.games.carcassonne.engine import ENGINE

__all__ = ["ENGINE"]
