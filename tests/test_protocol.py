"""The bot protocol end to end: hello, refusals, health, many matches on one connection."""

from __future__ import annotations

import json
import math
import re
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import grpc
import pytest
import trio
import trio.testing
from grpc_health.v1 import health_pb2, health_pb2_grpc

from referee.errors import ConfigError
from referee.match import MatchSpec, Termination, run_match
from referee.transport.connection import Connection
from referee.transport.fleet import BotFleet
from referee.transport.process import BotCommand
from referee.transport.server import BotServer, TlsIdentity
from sdk.pb.landgrave.v1 import bot_pb2
from tests.helpers import BOTS, run_referee

RANDOM = BotCommand.parse(str(BOTS / "random_bot.py"))


@pytest.mark.slow
async def test_one_connection_plays_many_matches_at_once(land: Any, tmp_path: Path) -> None:
    async with BotServer() as server, BotFleet(server, tmp_path) as fleet:
        first, second = await fleet.launch_all([RANDOM, RANDOM])
        results = []

        async def one(seed: int) -> None:
            spec = MatchSpec(land, seed, match_id=f"m{seed}")
            results.append(await run_match(spec, [first.player, second.player]))

        async with trio.open_nursery() as nursery:
            for seed in range(4):
                nursery.start_soon(one, seed)
        # ... and more, one after another, on the same processes.
        await one(10)
    assert len(results) == 5
    for result in results:
        assert {s.termination for s in result.seats} == {Termination.NORMAL}
    assert first.player.identity.name == "random"  # the organiser's name: the built-in's
    assert first.player.identity.bot_name == "random"  # what the bot says, beside it


@pytest.mark.slow
async def test_a_wrong_token_is_refused_with_a_reason() -> None:
    async with BotServer() as server:
        done = await trio.run_process(
            [
                sys.executable,
                str(BOTS / "random_bot.py"),
                "--address",
                server.address,
                "--token",
                "guessed",
            ],
            capture_stderr=True,
            check=False,
        )
    assert done.returncode != 0
    assert b"unknown token" in done.stderr


@pytest.mark.slow
async def test_the_health_service_says_serving() -> None:
    def check(address: str) -> int:
        with grpc.insecure_channel(address) as channel:
            stub = health_pb2_grpc.HealthStub(channel)
            reply = stub.Check(
                health_pb2.HealthCheckRequest(service="landgrave.v1.Referee"), timeout=5
            )
            return int(reply.status)

    async with BotServer() as server:
        status = await trio.to_thread.run_sync(check, server.address)
    assert status == health_pb2.HealthCheckResponse.SERVING


def reply_to(match_id: str, seq: int) -> bot_pb2.BotMessage:
    return bot_pb2.BotMessage(reply=bot_pb2.Reply(match_id=match_id, seq=seq, index=0))


async def test_replies_are_matched_by_match_and_seq_and_late_ones_dropped() -> None:
    sent: list[Any] = []
    connection = Connection("token", "bot")
    connection.attach(sent.append, "test")
    request = bot_pb2.DecisionRequest(match_id="m", seq=7)
    answers: list[bot_pb2.Reply] = []

    async def ask() -> None:
        reply = await connection.request(request, math.inf)
        assert reply is not None
        answers.append(reply)

    async with trio.open_nursery() as nursery:
        nursery.start_soon(ask)
        await trio.testing.wait_all_tasks_blocked()
        connection.deliver(reply_to("m", 6))  # an earlier request's late reply
        connection.deliver(reply_to("other", 7))  # another match's
        connection.deliver(reply_to("m", 7))
    assert [a.seq for a in answers] == [7]
    assert connection.dropped_replies == 2

    late = bot_pb2.DecisionRequest(match_id="m", seq=8)
    assert await connection.request(late, trio.current_time() + 0.01) is None  # the deadline passes
    connection.deliver(reply_to("m", 8))  # ... and the reply comes too late
    assert connection.dropped_replies == 3


async def test_a_reply_received_as_the_referee_wakes_for_the_deadline_counts(
    mock_clock: trio.testing.MockClock,
) -> None:
    """A starved referee wakes late: the deadline and the reply's arrival come in one round.

    Handled in either order, the reply counts: the bot sent it while the referee
    could not run, and is not timed out for that (docs/tournaments.md, "Congestion").
    """
    connection = Connection("token", "bot")
    connection.attach(lambda message: None, "test")
    answers: list[bot_pb2.Reply | None] = []

    async def ask() -> None:
        request = bot_pb2.DecisionRequest(match_id="m", seq=1)
        answers.append(await connection.request(request, trio.current_time() + 0.2))

    async with trio.open_nursery() as nursery:
        nursery.start_soon(ask)
        await trio.testing.wait_all_tasks_blocked()
        mock_clock.jump(0.5)  # the referee could not run past the deadline ...
        await trio.lowlevel.checkpoint()  # ... and wakes: the waiting request's deadline passed,
        await trio.lowlevel.checkpoint()  # and a round later its reader reads what was there
        connection.deliver(reply_to("m", 1))
    assert [reply.seq if reply else None for reply in answers] == [1]
    assert connection.dropped_replies == 0


async def test_a_closed_stream_wakes_every_waiting_request() -> None:
    from referee.transport.connection import ConnectionGone

    connection = Connection("token", "bot")
    connection.attach(lambda message: None, "test")
    reasons: list[str] = []

    async def ask(seq: int) -> None:
        try:
            await connection.request(bot_pb2.DecisionRequest(match_id="m", seq=seq), math.inf)
        except ConnectionGone as gone:
            reasons.append(str(gone))

    async with trio.open_nursery() as nursery:
        nursery.start_soon(ask, 1)
        nursery.start_soon(ask, 2)
        await trio.testing.wait_all_tasks_blocked()
        connection.detach("process died")
    assert reasons == ["process died", "process died"]


def self_signed_certificate(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key, made with openssl."""
    cert, key = folder / "referee.pem", folder / "referee.key"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=landgrave-test",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
    )
    return cert, key


def test_tls_files_that_are_no_certificate_and_key_are_refused_before_listening(
    tmp_path: Path,
) -> None:
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    cert, key = self_signed_certificate(tmp_path / "one")
    _, other_key = self_signed_certificate(tmp_path / "two")
    assert TlsIdentity.from_files(cert, key).certificate == cert.read_bytes()
    for certificate, wrong_key in [(cert, other_key), (cert, cert), (key, key)]:
        with pytest.raises(ConfigError, match="are not a PEM certificate and its unencrypted key"):
            TlsIdentity.from_files(certificate, wrong_key)


@pytest.mark.slow
@pytest.mark.parametrize("tls", [False, True], ids=["plain", "tls"])
def test_a_remote_seat_waits_for_a_bot_given_the_address_and_token(
    tmp_path: Path, tls: bool
) -> None:
    """As a person would: start the match, read how to connect, start the bot by hand."""
    options = []
    if tls:
        cert, key = self_signed_certificate(tmp_path)
        options = ["--tls-cert", str(cert), "--tls-key", str(key)]
    match = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "referee.cli",
            "match",
            "land",
            "--bot",
            "remote:alice",
            "--bot",
            str(BOTS / "random_bot.py"),
            "--json",
            *options,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert match.stderr is not None
    line = ""
    while "Waiting for remote bot" not in line:
        line = match.stderr.readline()
        assert line, "the referee never said how to connect"
    found = re.search(r"--address (\S+) --token (\S+)", line)
    assert found is not None
    address, token = found.groups()
    assert not address.startswith("unix:")  # remote bots come over TCP
    connect = ["--address", address, "--token", token]
    if tls:
        assert f"--tls-ca {cert}" in line
        connect += ["--tls-ca", str(cert)]
    bot = subprocess.Popen([sys.executable, str(BOTS / "land_greedy.py"), *connect])
    output, _ = match.communicate(timeout=60)
    bot.wait(timeout=30)
    seats = json.loads(output)["seats"]
    assert [s["termination"] for s in seats] == ["normal", "normal"]
    remote = next(s for s in seats if s["bot"] == "alice")  # the organiser's name for it
    assert remote["bot_name"] == "land-greedy"  # what it says it is, beside


async def test_a_plain_client_cannot_talk_to_a_tls_listener(tmp_path: Path) -> None:
    cert, key = self_signed_certificate(tmp_path)
    tls = TlsIdentity.from_files(cert, key)
    async with BotServer(tcp="127.0.0.1:0", tls=tls) as server:
        assert server.tcp_address is not None
        done = await trio.run_process(
            [
                sys.executable,
                str(BOTS / "random_bot.py"),
                "--address",
                server.tcp_address,
                "--token",
                "x",
            ],
            capture_stderr=True,
            check=False,
        )
    assert done.returncode != 0


@pytest.mark.slow
def test_a_remote_bot_that_never_comes_is_a_startup_failure() -> None:
    done = run_referee(
        "match",
        "land",
        "--bot",
        str(BOTS / "random_bot.py"),
        "--bot",
        "remote:nobody",
        "--remote-timeout",
        "0.5",
        "--json",
        timeout=60,
    )
    seats = json.loads(done.stdout)["seats"]
    assert seats[1]["termination"] == "startup_failure"
    assert "no remote bot connected" in seats[1]["detail"]


async def test_a_listen_address_in_use_is_a_clear_error() -> None:
    from referee.errors import ConfigError

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:
        with pytest.raises(ConfigError, match=f"cannot serve bots on 127.0.0.1:{port}"):
            async with BotServer(tcp=f"127.0.0.1:{port}"):
                pass
    finally:
        taken.close()
