"""Bot launches: a start that failed on a congested machine gets one more try."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from structlog.testing import capture_logs

from referee.transport import congestion
from referee.transport.fleet import BotFleet
from referee.transport.process import BotCommand
from referee.transport.server import BotServer
from tests.helpers import BOTS

pytestmark = pytest.mark.slow

RETRIED = "bot start retried on a congested machine"


def first_start_fails(tmp_path: Path) -> BotCommand:
    """A bot whose first start dies before saying hello (as one killed by a crowded machine)."""
    script = tmp_path / "first-start-fails"
    marker = tmp_path / "started-once"
    script.write_text(
        "#!/bin/sh\n"
        f'if [ ! -e "{marker}" ]; then touch "{marker}"; exit 3; fi\n'
        f'exec "{sys.executable}" "{BOTS / "random_bot.py"}"\n'
    )
    script.chmod(0o755)
    return BotCommand.parse(str(script))


@pytest.mark.parametrize("congested", [True, False])
async def test_a_failed_start_is_retried_only_when_the_machine_was_congested(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, congested: bool
) -> None:
    """Under congestion the failure may be the referee's; on a quiet machine it is the bot's."""
    monkeypatch.setattr(congestion.Watch, "congested", lambda self: congested)
    with capture_logs() as logs:
        async with BotServer() as server, BotFleet(server, tmp_path / "logs") as fleet:
            process = await fleet.launch(first_start_fails(tmp_path))
            said_hello = process.connection.hello is not None
    assert said_hello is congested
    assert [e["event"] for e in logs].count(RETRIED) == (1 if congested else 0)


async def test_a_fleet_never_writes_into_an_earlier_runs_bot_log(tmp_path: Path) -> None:
    """A resumed tournament numbers its bots from 0 again: its first bot must not append to
    the log of the first run's, or a fault's stderr tail would quote the other process."""
    logs = tmp_path / "logs"
    logs.mkdir()
    command = BotCommand.parse(str(BOTS / "random_bot.py"), "random")
    earlier = logs / "random-0.stderr"
    earlier.write_text("Traceback: an earlier run's crash\n")
    async with BotServer() as server, BotFleet(server, logs) as fleet:
        process = await fleet.launch(command)
        assert process.connection.hello is not None
        assert process.stderr_path != earlier
        assert "earlier run" not in process.stderr_tail()
    assert earlier.read_text() == "Traceback: an earlier run's crash\n"
