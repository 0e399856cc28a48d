"""What one decision round trip costs through the referee, beside a raw Unix-socket echo.

    python bench/decision_overhead.py [--rounds N] [--at-once 1 16 64]

Both sides move the same bytes: a real Land decision request (observation
and legal actions) out, a reply back. The referee path is the real one, on
each of its transports: the framed socket (trio -> bot process with the SDK
-> back) and gRPC (trio -> grpc.aio thread -> bot process -> back); the floor is
a length-prefixed echo over a Unix socket to a process with a blocking
socket. Both run here, one after the other, in one run, so the ratio holds
on whatever machine runs it. With several bots at once, each is asked in
turn by its own task, as concurrent matches do; the referee's CPU per
decision (its process time over the decisions) shows what the loop costs.
"""

from __future__ import annotations

import argparse
import math
import statistics
import struct
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import trio

from referee.games import get_engine
from referee.testing import random_playout
from referee.transport.fleet import BotFleet
from referee.transport.process import BotCommand
from referee.transport.server import BotServer
from sdk.messages import pack
from sdk.pb.landgrave.v1 import bot_pb2

ROOT = Path(__file__).resolve().parent.parent

ECHO_BOT = """
import socket, struct, sys
sock = socket.socket(socket.AF_UNIX)
sock.connect(sys.argv[1])
def read(n):
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            sys.exit(0)
        data += chunk
    return data
while True:
    (size,) = struct.unpack("!I", read(4))
    payload = read(size)
    sock.sendall(struct.pack("!I", size) + payload)
"""


def sample_request() -> bot_pb2.DecisionRequest:
    """A decision request from the middle of a real Land game."""
    engine = get_engine("land")
    _, history = random_playout(engine, 2, seed=1)
    state = engine.new_game(engine.default_config(), 2)
    for seat, action in history[: len(history) // 2]:
        state.apply(seat, action)
    while state.to_act() == (-1,):
        state.apply(-1, state.chance_outcomes()[0][0])
    seat = state.to_act()[0]
    return bot_pb2.DecisionRequest(
        match_id="bench",
        observation=pack(state.observation(seat)),
        legal_actions=pack(engine.action_list_to_proto(state.legal_actions(seat))),
    )


TRANSPORTS = {
    "framed": BotCommand.parse(str(ROOT / "bots/random_bot.py")),
    "gRPC": BotCommand.parse(f"{ROOT / 'bots/random_bot.py'} --socket ''"),
}
"""The same SDK bot on each transport: the SDK takes the framed socket unless told not to."""


async def referee_round_trips(
    request: bot_pb2.DecisionRequest, rounds: int, at_once: int = 1, transport: str = "framed"
) -> tuple[list[float], float]:
    """Round-trip times of ``at_once`` bots asked side by side, and the referee's CPU seconds.

    The CPU is this process's (the trio loop and the gRPC thread) while the
    rounds ran, bot start-up excluded.
    """
    engine = get_engine("land")
    async with BotServer() as server:
        with tempfile.TemporaryDirectory() as logs:
            async with BotFleet(server, Path(logs), startup_timeout_s=60) as fleet:
                bots = await fleet.launch_all([TRANSPORTS[transport]] * at_once)
                times: list[float] = []

                async def ask(number: int, player: Any) -> None:
                    match_id = f"bench-{number}"
                    start = bot_pb2.MatchStart(
                        match_id=match_id,
                        game="land",
                        seat=0,
                        config=pack(engine.default_config()),
                        players=[bot_pb2.PlayerInfo(seat=0, name="bench")],
                    )
                    await player.start_match(start)
                    mine = bot_pb2.DecisionRequest()
                    mine.CopyFrom(request)
                    mine.match_id = match_id
                    for seq in range(1, rounds + 1):
                        mine.seq = seq
                        mine.clock.deadline_unix_ns = time.time_ns() + 10**9
                        began = time.perf_counter()
                        await player.request(mine, math.inf)
                        times.append(time.perf_counter() - began)

                cpu_before = time.process_time()
                async with trio.open_nursery() as nursery:
                    for number, bot in enumerate(bots):
                        nursery.start_soon(ask, number, bot.player)
                cpu = time.process_time() - cpu_before
    return times, cpu


async def raw_round_trips(payload: bytes, rounds: int) -> list[float]:
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "echo.sock")
        listener = trio.socket.socket(trio.socket.AF_UNIX)
        await listener.bind(path)
        listener.listen(1)
        echo = await trio.lowlevel.open_process([sys.executable, "-c", ECHO_BOT, path])
        sock, _ = await listener.accept()
        stream = trio.SocketStream(sock)
        framed = struct.pack("!I", len(payload)) + payload
        times = []
        for _ in range(rounds):
            began = time.perf_counter()
            await stream.send_all(framed)
            received = 0
            while received < len(framed):
                received += len(await stream.receive_some(len(framed) - received))
            times.append(time.perf_counter() - began)
        await stream.aclose()
        await echo.wait()
    return times


def summary(times: list[float], warmup: int) -> tuple[float, float]:
    measured = sorted(times[warmup:])
    median = statistics.median(measured) * 1e6
    p99 = measured[min(len(measured) - 1, int(len(measured) * 0.99))] * 1e6
    return median, p99


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3000, help="decisions per bot")
    parser.add_argument(
        "--at-once", type=int, nargs="+", default=[1, 16, 64], help="bots asked side by side"
    )
    args = parser.parse_args()
    if args.rounds <= 0 or min(args.at_once) <= 0:
        parser.error("--rounds and --at-once must be positive")
    warmup = max(100, args.rounds // 10)
    request = sample_request()
    payload = bot_pb2.RefereeMessage(decision=request).SerializeToString()
    raw = summary(await raw_round_trips(payload, args.rounds + warmup), warmup)
    print(
        f"decision round trip, {args.rounds} rounds per bot after {warmup} warm-up, "
        f"{len(payload)} bytes out; CPU is the referee process's per decision"
    )
    print(f"{'path':<38}{'median us':>11}{'p99 us':>11}{'ratio':>8}{'CPU us':>9}")
    print(f"{'raw Unix-socket echo':<38}{raw[0]:>11.0f}{raw[1]:>11.0f}{1.0:>8.1f}")
    for at_once in args.at_once:
        for transport in TRANSPORTS:
            rounds = args.rounds + warmup
            times, cpu = await referee_round_trips(request, rounds, at_once, transport)
            median, p99 = summary(times, warmup * at_once)
            label = f"referee, {transport}, {at_once} bot{'s' if at_once > 1 else ''} at once"
            print(
                f"{label:<38}{median:>11.0f}{p99:>11.0f}{median / raw[0]:>8.1f}"
                f"{cpu / len(times) * 1e6:>9.0f}"
            )


if __name__ == "__main__":
    trio.run(main)
