"""The framed socket: the bot protocol without gRPC, held to the same rules as the gRPC stream."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import trio
from structlog.testing import capture_logs

from referee.match import MatchSpec, Termination, TimeControl, run_match
from referee.transport import framed
from referee.transport.accounts import is_root
from referee.transport.fleet import BotFleet
from referee.transport.frames import FrameReader
from referee.transport.process import BotCommand, Limits
from referee.transport.server import BotServer
from sdk.frames import FrameBuffer, frame
from sdk.pb.landgrave.v1 import bot_pb2
from tests.helpers import BOTS, TEST_BOTS

RANDOM = BotCommand.parse(str(BOTS / "random_bot.py"))
RANDOM_OVER_GRPC = BotCommand.parse(f"{BOTS / 'random_bot.py'} --socket ''")


async def play(land: Any, tmp_path: Path, commands: list[BotCommand]) -> tuple[Any, list[str]]:
    """One match between bot processes; its result and the transport each bot came on."""
    spec = MatchSpec(land, 5, time_control=TimeControl(2.0), match_id="framed")
    async with BotServer() as server, BotFleet(server, tmp_path, startup_timeout_s=10) as fleet:
        processes = await fleet.launch_all(commands)
        result = await run_match(spec, [p.player for p in processes])
        transports = [p.connection.transport for p in processes]
    return result, transports


@pytest.mark.slow
async def test_an_sdk_bot_plays_over_the_framed_socket_beside_a_grpc_bot(
    land: Any, tmp_path: Path
) -> None:
    result, transports = await play(land, tmp_path, [RANDOM, RANDOM_OVER_GRPC])
    assert transports == ["framed", "grpc"]
    assert [s.termination for s in result.seats] == [Termination.NORMAL] * 2
    assert result.steps > 10


@pytest.mark.slow
@pytest.mark.parametrize(
    ("mode", "detail"),
    [
        ("stream-bytes", "not a BotMessage"),
        ("huge-frame", "more than 4194304"),
        ("cut-frame", "ended inside a frame"),
        ("flood", "flood"),
    ],
)
async def test_bytes_that_break_the_protocol_cost_only_that_seat(
    land: Any, tmp_path: Path, mode: str, detail: str
) -> None:
    hostile = BotCommand.parse(f"{TEST_BOTS / 'framed_raw.py'} {mode}")
    result, transports = await play(land, tmp_path, [hostile, RANDOM])
    assert transports == ["framed", "framed"]
    assert result.seats[0].termination is Termination.PROTOCOL_ERROR
    assert detail in result.seats[0].detail
    assert result.seats[1].termination is Termination.ADJUDICATED


async def converse(path: Path, *payloads: bytes) -> list[bot_pb2.RefereeMessage]:
    """Send raw frames to the framed socket; every message the referee sends until it hangs up."""
    stream = await trio.open_unix_socket(str(path))
    async with stream:
        for payload in payloads:
            await stream.send_all(frame(payload))
        reader = FrameReader(stream)
        answers = []
        with trio.fail_after(10):
            while (answer := await reader.next()) is not None:
                answers.append(bot_pb2.RefereeMessage.FromString(answer))
    return answers


def hello(token: str, version: int = 1) -> bytes:
    message = bot_pb2.BotMessage(hello=bot_pb2.Hello(protocol_version=version, token=token))
    return message.SerializeToString()


def refusal(answers: list[bot_pb2.RefereeMessage]) -> str:
    assert [a.WhichOneof("kind") for a in answers] == ["error"]
    return answers[0].error.message


async def test_hellos_are_checked_as_on_the_grpc_stream() -> None:
    async with BotServer() as server:
        path = server.framed_path
        assert "unknown token" in refusal(await converse(path, hello("guessed")))
        token = server.expect("bot").token
        assert "version 7 is not supported" in refusal(await converse(path, hello(token, 7)))
        assert "must be a hello" in refusal(await converse(path, b"\x0a\xff\xff\xff\x0f\x01"))
        log = bot_pb2.BotMessage(log=bot_pb2.LogLine(text="hi")).SerializeToString()
        assert "must be a hello" in refusal(await converse(path, log))


async def test_a_token_serves_one_stream_and_the_referee_ends_it() -> None:
    async with BotServer() as server:
        connection = server.expect("bot")
        stream = await trio.open_unix_socket(str(server.framed_path))
        async with stream:
            await stream.send_all(frame(hello(connection.token)))
            reader = FrameReader(stream)
            first = bot_pb2.RefereeMessage.FromString(await reader.next() or b"")
            assert first.welcome.bot_id == "bot"
            await connection.ready.wait()
            assert connection.transport == "framed"
            again = await converse(server.framed_path, hello(connection.token))
            assert "already connected" in refusal(again)
            server.forget(connection)
            with trio.fail_after(10):
                assert await reader.next() is None  # a clean end, from the referee's side


async def test_messages_a_bot_is_slow_to_read_arrive_whole_and_in_order() -> None:
    """Past what the socket takes, messages wait for the writer task, and so does every
    message after them, even once the socket has room again: none jumps the line."""
    ours, bots = trio.socket.socketpair()
    bots_end = socket.socket(fileno=bots.detach())
    outbox = framed._Outbox(ours.fileno())
    padding = "x" * 8192

    def error(text: str) -> bot_pb2.RefereeMessage:
        return bot_pb2.RefereeMessage(error=bot_pb2.ProtocolError(message=text))

    for number in range(100):  # 800 kB: more than the socket holds unread
        outbox.put(error(f"{number} {padding}"))
    bots_end.setblocking(True)
    head = bots_end.recv(65536)  # room in the socket ...
    outbox.put(error(f"100 {padding}"))  # ... but 100 waits behind the queued ones
    async with trio.open_nursery() as nursery:
        stream = trio.SocketStream(ours)
        nursery.start_soon(outbox.write, stream, nursery.cancel_scope)
        frames = FrameBuffer()
        frames.feed(head)
        texts: list[str] = []
        while len(texts) < 101:
            while (payload := frames.split()) is not None:
                texts.append(bot_pb2.RefereeMessage.FromString(payload).error.message)
            if len(texts) < 101:
                frames.feed(await trio.to_thread.run_sync(bots_end.recv, 65536))
        outbox.put(error("last"))  # nothing waits now: written at once
        outbox.put(framed.CLOSE)
    assert [text.split()[0] for text in texts] == [str(number) for number in range(101)]
    assert all(text.endswith(padding) for text in texts)
    last = bots_end.recv(65536)
    assert bot_pb2.RefereeMessage.FromString(last[4:]).error.message == "last"
    ours.close()
    bots_end.close()


@pytest.mark.slow
async def test_a_silent_connection_is_dropped_after_the_hello_timeout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(framed, "HELLO_TIMEOUT_S", 0.2)
    async with BotServer() as server:
        assert "no hello within" in refusal(await converse(server.framed_path))


async def start_bot(server: BotServer, token: str) -> trio.Process:
    """The random bot, started by hand (not by the referee), on the framed socket."""
    argv = [sys.executable, str(BOTS / "random_bot.py"), "--socket", str(server.framed_path)]
    return await trio.lowlevel.open_process(
        [*argv, "--token", token], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )


@pytest.mark.slow
async def test_a_token_is_refused_to_a_process_of_another_uid_and_stays_the_bots() -> None:
    """The kernel names who connected (SO_PEERCRED): a started bot's token serves only a
    process of the uid the bot runs as, and a refused one does not use the token up."""
    async with BotServer() as server:
        connection = server.expect("bot")
        connection.expected_uid = os.geteuid() + 1  # the bot runs as another user
        with capture_logs() as logs, trio.fail_after(60):
            impostor = await start_bot(server, connection.token)
            assert impostor.stderr is not None
            said = b"".join([chunk async for chunk in impostor.stderr]).decode()
            assert await impostor.wait() != 0
        why = f"started as uid {os.geteuid() + 1}, not to process {impostor.pid} of uid"
        assert why in said
        assert why in (connection.refused_peer or "")
        assert "bot_peer_refused" in {e["event"] for e in logs if e["log_level"] == "warning"}
        assert not connection.attached

        connection.expected_uid = os.geteuid()  # the bot's own uid: it gets in
        bot = await start_bot(server, connection.token)
        with trio.fail_after(60):
            await connection.ready.wait()
        assert connection.transport == "framed" and connection.gone is None
        server.forget(connection)  # the referee closes the stream: the bot exits
        with trio.fail_after(60):
            assert await bot.wait() == 0


@pytest.mark.slow
@pytest.mark.skipif(not is_root(), reason="bots get their own uids only under a root referee")
async def test_a_bot_under_its_own_uid_passes_the_peer_check_and_root_does_not(
    land: Any, tmp_path: Path
) -> None:
    """As root, a bot runs as its own uid: that uid connects, the referee's own is refused.

    Sandboxed, as a uid of its own always works there (test_seats.py).
    """
    if shutil.which("bwrap") is None:
        pytest.skip("needs bubblewrap")
    server = BotServer()
    async with server, BotFleet(server, tmp_path, Limits(sandbox=True)) as fleet:
        (bot,) = await fleet.launch_all([RANDOM])
        assert bot.uid is not None and bot.connection.expected_uid == bot.uid
        assert bot.connection.transport == "framed"
        other = server.expect("other")
        other.expected_uid = bot.uid  # as if started as the bot's uid; we are root
        answers = await converse(server.framed_path, hello(other.token))
        assert f"not to process {os.getpid()} of uid 0" in refusal(answers)
        assert not other.attached
