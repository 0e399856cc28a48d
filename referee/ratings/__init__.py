"""Rating and ladder math for tournaments: pure functions and values, no I/O.

Pick by question:

- Who leads a live ladder, game by game? ``elo.update`` (elo.py).
- Who won a finished tournament, and how sure are we? ``bradley_terry.fit``:
  ratings with confidence intervals and a likelihood-of-superiority matrix.
- Is the new bot better than the old one? ``Sprt``, fed one pair of games at a
  time (docs/sprt.md); ``score_counts`` estimates Elo from games or pairs.
- Multiplayer skill with uncertainty? ``plackett_luce.update`` (needs openskill).
- The Landover ladder and seasons? ``Ladder`` and ``SeasonTable``
  (docs/ladder.md).

Every system reads games as ``GameResult``: a rank per player, 1 best.
Functions named alike in several systems (``update``) stay in their modules.
"""

from __future__ import annotations

from referee.ratings import bradley_terry, elo, gsprt, plackett_luce, score_counts, sprt
from referee.ratings.bradley_terry import BradleyTerryFit
from referee.ratings.landover_ladder import Ladder, LadderPlayer, LadderRules, Rank, RpChange, Tier
from referee.ratings.landover_season import (
    Badge,
    BadgeKind,
    Season,
    SeasonName,
    SeasonTable,
    season_points,
)
from referee.ratings.los import los_from_counts, los_from_normal
from referee.ratings.plackett_luce import SkillRating
from referee.ratings.results import Comparison, GameResult, tally
from referee.ratings.score_counts import EloEstimate, ScoreCounts
from referee.ratings.sprt import Sprt, SprtConfig, SprtDecision, SprtModel, SprtResult

__all__ = [
    "Badge",
    "BadgeKind",
    "BradleyTerryFit",
    "Comparison",
    "EloEstimate",
    "GameResult",
    "Ladder",
    "LadderPlayer",
    "LadderRules",
    "Rank",
    "RpChange",
    "ScoreCounts",
    "Season",
    "SeasonName",
    "SeasonTable",
    "SkillRating",
    "Sprt",
    "SprtConfig",
    "SprtDecision",
    "SprtModel",
    "SprtResult",
    "Tier",
    "bradley_terry",
    "elo",
    "gsprt",
    "los_from_counts",
    "los_from_normal",
    "plackett_luce",
    "score_counts",
    "season_points",
    "sprt",
    "tally",
]
