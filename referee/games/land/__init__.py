"""Land: a game about ownership, fairness and cows (docs/rules/land.md).

Players roll for a playing order and for a starting region, then each turn
place as many cows as they own plots, claiming land next to their own. The
most plots wins.
"""

from referee.games.land.engine import OPTIONS, LandEngine

ENGINE = LandEngine(
    name="land",
    version="1",
    min_players=2,
    max_players=6,
    description="Cows claiming plots on an island: the most plots wins.",
    options=OPTIONS,
)

__all__ = ["ENGINE", "LandEngine"]
