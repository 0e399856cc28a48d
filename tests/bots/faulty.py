"""A bot that misbehaves on purpose, for the referee's fault tests.

    python tests/bots/faulty.py MODE [AFTER]

plays legally for AFTER decisions (default 0), then does MODE:
sleep (past any deadline), exit (dies mid-match), bad-index (out of range),
negative-index (-1),
wrong-type (an action message of another type), raise (decide() raises),
fork-sleep (starts a child that would outlive it, then sleeps), probe (raises an
error that says whether it could reach the network and write the working folder).
Modes never-ready and old-protocol misbehave before the first decision.
"""

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import sdk
from sdk.pb.landgrave.v1 import bot_pb2

MODE = sys.argv[1]
AFTER = int(sys.argv[2]) if len(sys.argv) > 2 else 0


class FaultyBot(sdk.Bot):
    name = f"faulty-{MODE}"

    def __init__(self) -> None:
        self.decisions = 0

    def decide(self, decision: sdk.Decision):
        self.decisions += 1
        if self.decisions <= AFTER:
            return 0
        if MODE == "sleep":
            time.sleep(30)
        elif MODE == "exit":
            os._exit(3)
        elif MODE == "bad-index":
            return len(decision.legal_actions) + 5
        elif MODE == "negative-index":
            return -1
        elif MODE == "wrong-type":
            return bot_pb2.Hello(name="not an action")
        elif MODE == "raise":
            raise RuntimeError("my strategy has a bug")
        elif MODE == "probe":
            raise RuntimeError(f"network {_try_network()}, write {_try_write()}")
        elif MODE == "fork-sleep":
            subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
            time.sleep(30)
        return 0


def _try_network() -> str:
    try:
        socket.create_connection(("192.0.2.1", 9), timeout=0.5).close()
    except OSError as error:
        return "refused" if isinstance(error, ConnectionRefusedError) else "blocked"
    return "open"


def _try_write() -> str:
    probe = Path("landgrave-sandbox-probe")
    try:
        probe.write_text("x")
    except OSError:
        return "blocked"
    probe.unlink()
    return "open"


if MODE == "never-ready":
    time.sleep(60)
elif MODE == "old-protocol":
    import sdk.runtime

    sdk.runtime.PROTOCOL_VERSION = 99
    sdk.run(FaultyBot())
else:
    sdk.run(FaultyBot())
