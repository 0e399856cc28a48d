"""Quarantine on a bot's own repeated faults: never on one burst, and said once."""

from __future__ import annotations

from pathlib import Path

from structlog.testing import capture_logs

from referee.entrant import Entrant
from referee.match.result import SeatResult
from referee.match.termination import Termination
from referee.tournament.coordinator import open_tournament
from referee.tournament.execute import finish_match
from referee.tournament.quarantine import Played, faulty_episodes, verdict
from referee.tournament.results import StoredResult
from referee.tournament.spec import TournamentSpec
from referee.tournament.store import ScheduledMatch
from tests.helpers import BOTS


def at(second: float) -> str:
    return f"2026-11-22T10:00:{second:09.6f}+00:00"


def test_a_burst_of_faults_at_the_start_is_one_episode_and_no_quarantine() -> None:
    """64 matches failing together on a congested machine are one event, not 64 faults."""
    burst = [Played(at(0), at(5 + i / 100), faults=1) for i in range(16)]
    later = [Played(at(10 + i), at(10.5 + i), faults=0) for i in range(8)]
    assert faulty_episodes(burst + later) == [True] + [False] * 8
    assert verdict(burst + later, max_fault_rate=0.5) is None


def test_a_bot_that_faults_again_after_faulting_is_quarantined() -> None:
    """Faults that come back in matches begun after the last one are the bot's own."""
    # Two lanes: each match overlaps the other lane's, every one crashes.
    history = [Played(at(i), at(i + 1.5), faults=1) for i in range(10)]
    episodes = faulty_episodes(history)
    assert len(episodes) >= 4 and all(episodes)
    reason = verdict(history, max_fault_rate=0.5)
    assert reason is not None and "over the limit of 50%" in reason


def test_a_bot_is_not_judged_before_four_episodes() -> None:
    history = [Played(at(2 * i), at(2 * i + 1), faults=1) for i in range(3)]
    assert verdict(history, max_fault_rate=0.0) is None


def test_a_quarantine_is_logged_once_however_many_faults_follow(tmp_path: Path) -> None:
    """Matches still running when a bot is quarantined finish with faults: no new warning."""
    spec = TournamentSpec(
        game="land",
        entrants=(
            Entrant("crasher", str(BOTS / "random_bot.py")),
            Entrant("other", str(BOTS / "random_bot.py")),
        ),
        games_per_table=20,
    )
    store, spec = open_tournament(tmp_path / "t", spec)
    crash = Termination.CRASH
    seats = StoredResult(
        match_id="m",
        steps=3,
        seats=(
            SeatResult(0, "crasher", score=0, rank=2, termination=crash, faults=(crash,)),
            SeatResult(1, "other", score=0, rank=1, termination=Termination.ADJUDICATED),
        ),
    )

    def finish(match: ScheduledMatch | None) -> None:
        assert match is not None
        finish_match(store, spec, match.id, seats, "r")

    with capture_logs() as logs:
        for _ in range(3):  # one after another: three faulty episodes
            finish(store.claim("w1"))
        still_running = [store.claim("w1") for _ in range(3)]
        finish(store.claim("w1"))  # the fourth episode: quarantined
        for match in still_running:
            finish(match)
    quarantined = store.quarantined()
    store.close()
    assert list(quarantined) == ["crasher"]
    assert [e["event"] for e in logs].count("bot quarantined") == 1
