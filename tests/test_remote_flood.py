"""Remote seats under attack: a flood of idle, silent and wrong connections keeps no real bot out.

The referee runs as a user runs it (``referee match`` with a remote seat), with
its open-file limit cut to 256 so that the flood's idle connections alone
would exhaust it. Attacker and bot share the loopback host: the hardest case,
where no per-host limit may lock the bot out.
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
import subprocess
import sys
import time
from contextlib import ExitStack
from typing import Any

import grpc
import pytest

from referee.transport.gate import GUESTS_PER_HOST, REFUSAL_DELAY_S
from sdk.pb.landgrave.v1 import bot_pb2, bot_pb2_grpc
from tests.helpers import BOTS

pytestmark = pytest.mark.slow

IDLE_SOCKETS = 400
SILENT_STREAMS = 2 * GUESTS_PER_HOST
WRONG_TOKENS = 60
REFEREE_WITH_FEW_FILES = (
    "import resource, sys; resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256)); "
    "from referee.cli import main; sys.exit(main(sys.argv[1:]))"
)


def start_referee() -> tuple[subprocess.Popen[str], int, str]:
    """A referee waiting for remote bot 'alice' against the random bot: (process, port, token)."""
    referee = subprocess.Popen(
        [
            *(sys.executable, "-c", REFEREE_WITH_FEW_FILES, "match", "land"),
            *("--bot", "remote:alice", "--bot", str(BOTS / "random_bot.py")),
            *("--listen", "127.0.0.1:0", "--remote-timeout", "90", "--json"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert referee.stderr is not None
    for line in referee.stderr:
        found = re.search(r"--address \S+:(\d+) --token (\w+)", line)
        if found:
            return referee, int(found[1]), found[2]
    referee.kill()
    raise AssertionError("the referee never said where to connect")


def idle_sockets(stack: ExitStack, port: int) -> None:
    """Connections that never say anything, not even the HTTP/2 preface."""
    for _ in range(IDLE_SOCKETS):
        sock = stack.enter_context(socket.socket(socket.AF_INET))
        sock.setblocking(False)
        sock.connect_ex(("127.0.0.1", port))


async def flood_and_play(port: int, token: str, referee: subprocess.Popen[str]) -> dict[str, Any]:
    """Silent streams and wrong tokens while the real bot connects; what each got."""
    address = f"127.0.0.1:{port}"
    own_connection = [("grpc.use_local_subchannel_pool", 1)]
    silent = [grpc.aio.insecure_channel(address, own_connection) for _ in range(SILENT_STREAMS)]
    calls = [bot_pb2_grpc.RefereeStub(channel).Play() for channel in silent]
    async with grpc.aio.insecure_channel(address) as guesser:
        guesses = asyncio.gather(*(guess(guesser) for _ in range(WRONG_TOKENS)))
        bot = await asyncio.create_subprocess_exec(
            sys.executable, str(BOTS / "random_bot.py"), "--address", address, "--token", token
        )
        answers = await guesses
    await asyncio.to_thread(referee.wait, 120)
    await bot.wait()
    for call in calls:
        call.cancel()
    for channel in silent:
        await channel.close()
    return {"answers": answers, "bot_exit": bot.returncode}


async def guess(channel: grpc.aio.Channel) -> tuple[str, float]:
    """One hello with a wrong token: the referee's answer ('in' if it let us in) and its delay."""
    call = bot_pb2_grpc.RefereeStub(channel).Play()
    started = time.monotonic()
    try:
        hello = bot_pb2.Hello(protocol_version=1, token="0" * 48, name="guesser")
        await call.write(bot_pb2.BotMessage(hello=hello))
        first = await call.read()
    except grpc.aio.AioRpcError as error:  # the referee shed the connection: refused too
        return f"transport: {error.code().name}", time.monotonic() - started
    finally:
        call.cancel()
    answer = first.error.message if first.WhichOneof("kind") == "error" else "in"
    return answer, time.monotonic() - started


def test_a_flood_of_idle_silent_and_wrong_connections_keeps_no_real_bot_out() -> None:
    referee, port, token = start_referee()
    try:
        with ExitStack() as stack:
            idle_sockets(stack, port)
            seen = asyncio.run(flood_and_play(port, token, referee))
        stdout, stderr = referee.communicate(timeout=60)
    finally:
        referee.kill()
    assert referee.returncode == 0, stderr[-3000:]
    seats = json.loads(stdout)["seats"]
    assert [s["termination"] for s in seats] == ["normal", "normal"], seats
    assert seen["bot_exit"] == 0
    answers = [answer for answer, _ in seen["answers"]]
    assert "in" not in answers
    slowest = max(seconds for _, seconds in seen["answers"])
    assert slowest >= REFUSAL_DELAY_S, "refusals past a window's budget come late"
    assert "bot connection refused" in stderr  # refusals are logged, the first few one by one
