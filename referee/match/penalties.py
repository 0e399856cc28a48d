"""What a seat's fault costs: forfeit the match, or the engine's default action with a strike."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from referee.match.termination import Termination


class Resolution(enum.Enum):
    """What the referee does about one fault."""

    FORFEIT = "forfeit"
    """The seat loses the match now; the others are ranked by the standings."""
    DEFAULT_ACTION = "default_action"
    """The referee plays the engine's default action for the seat and counts a strike."""


# A seat whose bot is gone cannot answer again: under the default-action
# policy the referee plays for it until the match ends.
GONE = frozenset({Termination.CRASH, Termination.RESOURCE_LIMIT, Termination.STARTUP_FAILURE})


@dataclass(frozen=True)
class PenaltyPolicy:
    """A tournament's rule for faults. The default forfeits on any fault."""

    resolutions: Mapping[Termination, Resolution] = field(default_factory=dict)
    """Per fault, what to do; a fault not named here forfeits."""
    max_strikes: int = 3
    """Under DEFAULT_ACTION, the fault that exceeds this many strikes forfeits."""

    def resolve(self, fault: Termination, strikes: int) -> Resolution:
        """The resolution of a seat's fault, given its strikes including this one."""
        resolution = self.resolutions.get(fault, Resolution.FORFEIT)
        if resolution is Resolution.DEFAULT_ACTION and strikes > self.max_strikes:
            return Resolution.FORFEIT
        return resolution

    @classmethod
    def lenient(cls, max_strikes: int = 3) -> PenaltyPolicy:
        """Default actions with strikes for every fault a seat can commit."""
        faults = [t for t in Termination if t.is_fault and t is not Termination.STALL]
        return cls(dict.fromkeys(faults, Resolution.DEFAULT_ACTION), max_strikes)
