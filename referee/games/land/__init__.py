"""Land: a game about ownership, fairness and cows (docs/rules/land.md).

Players roll for a playing order and for a starting region, then each turn
place as many cows as they own plots, claiming land next to their own. The
most plots wins.
"""

from referee.games.land.engine import ENGINE

__all__ = ["ENGINE"]
