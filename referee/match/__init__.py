"""Running one match: the runner, players, clocks, penalties and results."""

from referee.match.clock import TimeControl
from referee.match.penalties import PenaltyPolicy, Resolution
from referee.match.player import BotIdentity, Player, SeatGone
from referee.match.result import MatchResult, SeatResult
from referee.match.runner import MatchSpec, Prefix, play_in_process, run_match
from referee.match.termination import Termination

__all__ = [
    "BotIdentity",
    "MatchResult",
    "MatchSpec",
    "PenaltyPolicy",
    "Player",
    "Prefix",
    "Resolution",
    "SeatGone",
    "SeatResult",
    "Termination",
    "TimeControl",
    "play_in_process",
    "run_match",
]
