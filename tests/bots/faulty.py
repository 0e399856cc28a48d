"""A bot that misbehaves on purpose, for the referee's fault tests.

    python tests/bots/faulty.py MODE [AFTER]

plays legally for AFTER decisions (default 0), then does MODE:
sleep (past any deadline), exit (dies mid-match), bad-index (out of range),
negative-index (-1),
wrong-type (an action message of another type), raise (decide() raises),
fork-sleep (starts a child that would outlive it, then sleeps), probe (raises an
error that says whether it could reach the network and write the working folder).
Modes never-ready and old-protocol misbehave before the first decision.

Hostile modes report what they found in the error they raise (or, where they
play on, on stderr): env (the names of its environment variables), thief
(looks for other bots' tokens in /proc and tries them; plays on), stopper
(SIGSTOPs every other bot it can see; plays on), escape (starts children
that call setsid, double-fork and change their group), chatter (writes 3 MB
to stderr; plays on), fork-hog (three children of 150 MB each, then sleeps),
shm (leaves a file in /dev/shm), snoop (tries to read each path in the
PROBE_PATHS variable and to connect to each Unix socket in PROBE_SOCKETS).
"""

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import grpc

import sdk
from sdk.pb.landgrave.v1 import bot_pb2, bot_pb2_grpc

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
        elif MODE in HOSTILE:
            return HOSTILE[MODE]()
        return 0


def _env() -> int:
    raise RuntimeError(f"env {' '.join(sorted(os.environ))}")


def _other_bots() -> list[int]:
    """Pids of the other bot processes this one can see."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) in (os.getpid(), os.getppid()):
            continue
        try:
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if b"random_bot.py" in command:
            found.append(int(entry.name))
    return found


def _thief() -> int:
    """Every token of a bot of this referee that /proc gives away (others are of no use)."""
    ours = f"LANDGRAVE_ADDRESS={os.environ['LANDGRAVE_ADDRESS']}".encode()
    tokens = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environ = (entry / "environ").read_bytes().split(b"\0")
        except OSError:
            continue
        if ours not in environ:
            continue
        for variable in environ:
            name, _, value = variable.partition(b"=")
            if name == b"LANDGRAVE_TOKEN" and value:
                tokens.add(value.decode())
            if name == b"LANDGRAVE_TOKEN_FD" and value:  # the pipe, if it is still open
                tokens.add(_read_pipe(entry / "fd" / value.decode()))
    tokens.discard("")
    with ThreadPoolExecutor(1) as pool:  # decide() runs inside the SDK's event loop
        stolen = sum(pool.submit(asyncio.run, _try_token(t)).result() for t in tokens)
    found = " ".join(sorted(tokens))
    print(f"thief: found [{found}], {stolen} seats stolen", file=sys.stderr, flush=True)
    return 0


def _read_pipe(path: Path) -> str:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return ""
    try:
        return os.read(fd, 4096).decode(errors="replace")
    except OSError:
        return ""
    finally:
        os.close(fd)


async def _try_token(token: str) -> bool:
    async with grpc.aio.insecure_channel(os.environ["LANDGRAVE_ADDRESS"]) as channel:
        call = bot_pb2_grpc.RefereeStub(channel).Play()
        hello = bot_pb2.Hello(protocol_version=1, token=token, name="thief")
        await call.write(bot_pb2.BotMessage(hello=hello))
        first = await call.read()
        call.cancel()
        return first.WhichOneof("kind") == "welcome"


def _stopper() -> int:
    stopped, refused = 0, 0
    for pid in _other_bots():
        try:
            os.kill(pid, signal.SIGSTOP)
            stopped += 1
        except PermissionError:
            refused += 1
    print(f"stopper: {stopped} stopped, {refused} refused", file=sys.stderr, flush=True)
    return 0


ESCAPEE = (
    "import os, sys, time\n"
    "if os.fork() == 0:\n"
    "    os.setsid()\n"
    "    if os.fork() == 0:\n"
    "        print(os.getpid(), flush=True)\n"
    "        time.sleep(120)\n"
    "    os._exit(0)\n"
    "os.wait()\n"
)


def _escape() -> int:
    double = subprocess.Popen([sys.executable, "-c", ESCAPEE], stdout=subprocess.PIPE, text=True)
    assert double.stdout is not None
    pids = [int(double.stdout.readline())]
    sleeper = [sys.executable, "-c", "import time; time.sleep(120)"]
    pids.append(subprocess.Popen(sleeper, process_group=0).pid)
    pids.append(subprocess.Popen(sleeper, start_new_session=True).pid)
    raise RuntimeError(f"escaped {' '.join(map(str, pids))}")


def _chatter() -> int:
    for _ in range(3 * 1024):
        sys.stderr.write("c" * 1023 + "\n")
    sys.stderr.flush()
    return 0


def _fork_hog() -> int:
    hog = "import time; b = b'x' * (150 << 20); time.sleep(120)"
    for _ in range(3):
        subprocess.Popen([sys.executable, "-c", hog])
    time.sleep(30)
    return 0


def _shm() -> int:
    path = Path(f"/dev/shm/landgrave-probe-{os.getpid()}")
    path.write_text("left behind")
    raise RuntimeError(f"shm {path}")


def _snoop() -> int:
    seen = []
    for name in os.environ.get("PROBE_PATHS", "").split():
        try:
            Path(name).read_bytes()
            seen.append(f"read {name}")
        except OSError as error:
            seen.append(f"no {name} ({type(error).__name__})")
    for name in os.environ.get("PROBE_SOCKETS", "").split():
        try:
            with socket.socket(socket.AF_UNIX) as unix:
                unix.connect(name)
            seen.append(f"connected {name}")
        except OSError as error:
            seen.append(f"no {name} ({type(error).__name__})")
    raise RuntimeError("snoop: " + "; ".join(seen))


HOSTILE = {
    "env": _env,
    "thief": _thief,
    "stopper": _stopper,
    "escape": _escape,
    "chatter": _chatter,
    "fork-hog": _fork_hog,
    "shm": _shm,
    "snoop": _snoop,
}


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
