"""When a bot is quarantined: on its own faults, repeated, never on one burst.

Matches that run at the same time share the machine's weather: when it is
congested at the start of a tournament, every match then running may
fault at once, and that is one event, not many. So a bot's finished
matches are grouped into *episodes*: an episode opens with the first match
to finish after the last episode's opener, and every match that was
already running when that opener finished joins it. An episode is faulty
when a match in it faulted. A bot is quarantined when, after
``MIN_EPISODES`` episodes, more than ``max_fault_rate`` of them are faulty:
its faults came back in matches started after it had already faulted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

MIN_EPISODES = 4
"""A bot's fault rate is judged only after this many episodes."""


@dataclass(frozen=True)
class Played:
    """One finished match of a bot, as its quarantine judge sees it."""

    started_at: str
    """ISO time the match was claimed (sorts as it reads)."""
    finished_at: str
    faults: int
    """The bot's faults in the match."""


def faulty_episodes(history: Sequence[Played]) -> list[bool]:
    """Per episode, in order, whether it holds a fault (``history`` in any order)."""
    episodes: list[bool] = []
    opener_finished = ""
    for match in sorted(history, key=lambda m: (m.finished_at, m.started_at)):
        if not episodes or match.started_at >= opener_finished:
            episodes.append(match.faults > 0)
            opener_finished = match.finished_at
        elif match.faults:
            episodes[-1] = True
    return episodes


def verdict(history: Sequence[Played], max_fault_rate: float) -> str | None:
    """The reason to quarantine a bot with this history, or None to let it play on."""
    episodes = faulty_episodes(history)
    faulty = sum(episodes)
    if len(episodes) < MIN_EPISODES or faulty / len(episodes) <= max_fault_rate:
        return None
    faults = sum(m.faults for m in history)
    return (
        f"faults in {faulty} of {len(episodes)} episodes ({faulty / len(episodes):.0%}, "
        f"{faults} faults in {len(history)} matches) is over the limit of {max_fault_rate:.0%}"
    )
