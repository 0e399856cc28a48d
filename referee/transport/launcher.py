"""Start a bot under its limits and stay its parent until all it started is gone.

``python -m referee.transport.launcher [limits] -- BOT COMMAND`` forks the
bot and supervises it. It uses the standard library only: the referee runs
this file with ``python -I -S``, which spares every spawn site's start-up.

- The referee is multi-threaded (gRPC), so limits cannot be set between
  fork and exec with ``preexec_fn``: the launcher, single-threaded, forks
  and sets them in the child before it execs the bot. RLIMIT_DATA, not
  RLIMIT_AS: an address-space limit makes gRPC's thread stacks and arenas
  fail far below the memory really used.
- It is a child subreaper (``PR_SET_CHILD_SUBREAPER``): a process the bot
  starts that calls ``setsid``, double-forks or changes its process group is
  re-parented to the launcher, not to init, so when the bot ends the
  launcher finds and kills every descendant left, whatever its group.
- The bot's stdout and stderr pass through a pipe the launcher copies into
  the log file, up to a cap; the cut is marked in the log and the rest is
  drained unread, so a chatty bot fills no disk and never blocks.
- Run as root, it can give the bot its own user id (``--uid``: no other bot
  can signal it, trace it or read its ``/proc`` files) and a private
  ``/dev/shm`` (``--private-shm``: files left there vanish with the bot).

SIGTERM asks the bot to stop; after ``--term-grace-s`` the launcher kills
everything it started. It exits as the bot did (the same code, or the same
signal), so the referee reads the bot's end from the launcher's.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import os
import resource
import signal
import sys
import threading
import time
from pathlib import Path

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
CLONE_NEWNS = 0x00020000
MS_NOSUID, MS_NODEV, MS_REC, MS_PRIVATE = 0x2, 0x4, 0x4000, 0x40000
CUT_MARK = "\n[landgrave: output cut here after {cap} bytes; the rest was dropped]\n"
CHUNK = 65536
SUPERVISED = {signal.SIGCHLD, signal.SIGTERM, signal.SIGINT, signal.SIGHUP}
CLEANUP_ROUNDS = 200
"""Rounds of kill-and-reap before giving up on a descendant (a fork bomb needs a few)."""

_libc = ctypes.CDLL(None, use_errno=True)


def main(argv: list[str] | None = None) -> None:
    args = _parse(argv)
    _prctl(PR_SET_CHILD_SUBREAPER, 1)
    read_end, write_end = os.pipe()
    signal.pthread_sigmask(signal.SIG_BLOCK, SUPERVISED)
    bot = os.fork()
    if bot == 0:
        _become_bot(args, read_end, write_end)
    os.close(write_end)
    for fd in args.close_fd:  # the token pipe: only the bot holds it from now on
        with contextlib.suppress(OSError):
            os.close(fd)
    pump = threading.Thread(target=_pump, args=(read_end, args.output_bytes), daemon=True)
    pump.start()
    status = _supervise(bot, args.term_grace_s)
    end_descendants(os.getpid())
    pump.join(timeout=2.0)
    _exit_as(status)


def _parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="referee.transport.launcher")
    parser.add_argument("--data-mb", type=int, default=0, help="heap limit (RLIMIT_DATA)")
    parser.add_argument("--cpu-s", type=int, default=0, help="CPU seconds (RLIMIT_CPU)")
    parser.add_argument("--nofile", type=int, default=0, help="open files (RLIMIT_NOFILE)")
    parser.add_argument("--nproc", type=int, default=0, help="processes of --uid (RLIMIT_NPROC)")
    parser.add_argument("--uid", type=int, default=-1, help="run the bot as this user and group")
    parser.add_argument("--private-shm", action="store_true", help="a /dev/shm of its own")
    parser.add_argument("--output-bytes", type=int, default=0, help="log cap, 0 for none")
    parser.add_argument("--close-fd", type=int, action="append", default=[], help="the bot's alone")
    parser.add_argument("--term-grace-s", type=float, default=0.5, help="SIGTERM to SIGKILL")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- the bot's command line")
    args = parser.parse_args(argv)
    args.command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not args.command:
        parser.error("no bot command after --")
    return args


# -- in the child ---------------------------------------------------------------


def _become_bot(args: argparse.Namespace, read_end: int, write_end: int) -> None:
    """Wire the output pipe, set limits and identity, and exec the bot; never returns."""
    try:
        signal.pthread_sigmask(signal.SIG_SETMASK, set())
        os.dup2(write_end, 1)
        os.dup2(write_end, 2)
        os.close(write_end)
        os.close(read_end)
        _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)  # the launcher gone: the bot goes too
        if args.private_shm:
            try:
                _private_shm()
            except OSError as error:  # a container may forbid mounts: go on without
                os.write(2, f"landgrave: no private /dev/shm for this bot: {error}\n".encode())
        _set_limits(args)
        if args.uid >= 0:
            os.setgroups([])
            os.setgid(args.uid)
            os.setuid(args.uid)
        os.execvp(args.command[0], args.command)
    except OSError as error:
        detail = error.strerror or str(error)
        os.write(2, f"cannot start bot {args.command[0]!r}: {detail}\n".encode())
    os._exit(127)


def _set_limits(args: argparse.Namespace) -> None:
    _limit(resource.RLIMIT_CORE, 0)  # no core files in the organiser's folders
    if args.data_mb:
        _limit(resource.RLIMIT_DATA, args.data_mb * 1024 * 1024)
    if args.cpu_s:
        # The soft limit sends SIGXCPU (reported as a resource limit); the hard one kills.
        resource.setrlimit(resource.RLIMIT_CPU, (args.cpu_s, args.cpu_s + 1))
    if args.nofile:
        _limit(resource.RLIMIT_NOFILE, args.nofile)
    if args.nproc:
        _limit(resource.RLIMIT_NPROC, args.nproc)


def _limit(kind: int, value: int) -> None:
    _, hard = resource.getrlimit(kind)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    resource.setrlimit(kind, (value, value))


def _private_shm() -> None:
    """A mount namespace whose /dev/shm is a fresh tmpfs, gone with the bot's last process."""
    _call(_libc.unshare(CLONE_NEWNS), "unshare")
    _call(_libc.mount(b"none", b"/", None, MS_REC | MS_PRIVATE, None), "mount --make-rprivate")
    options = b"mode=1777"
    _call(_libc.mount(b"tmpfs", b"/dev/shm", b"tmpfs", MS_NOSUID | MS_NODEV, options), "mount")


def _prctl(option: int, value: int) -> None:
    _call(_libc.prctl(option, value, 0, 0, 0), "prctl")


def _call(result: int, what: str) -> None:
    if result != 0:
        code = ctypes.get_errno()
        raise OSError(code, f"{what}: {os.strerror(code)}")


# -- in the launcher ------------------------------------------------------------


def _pump(read_end: int, cap: int) -> None:
    """Copy the bot's output to our stdout (the log file) up to ``cap`` bytes, then drain."""
    written = 0
    with open(read_end, "rb", buffering=0) as source:
        while chunk := source.read(CHUNK):
            if cap and written >= cap:
                continue
            keep = chunk if not cap else chunk[: cap - written]
            _write_all(1, keep)
            written += len(keep)
            if cap and written >= cap:
                _write_all(1, CUT_MARK.format(cap=cap).encode())


def _write_all(fd: int, data: bytes) -> None:
    with contextlib.suppress(OSError):  # a full disk costs the log, never the match
        while data:
            data = data[os.write(fd, data) :]


def _supervise(bot: int, term_grace_s: float) -> int:
    """Wait for the bot to end; on SIGTERM pass it on, and kill all after the grace."""
    kill_at: float | None = None
    while True:
        timeout = None if kill_at is None else max(0.0, kill_at - time.monotonic())
        info = (
            signal.sigwaitinfo(SUPERVISED)
            if timeout is None
            else signal.sigtimedwait(SUPERVISED, timeout)
        )
        if info is None:  # the grace is over
            _kill_all(descendants(os.getpid()))
            kill_at = None
        elif info.si_signo == signal.SIGCHLD:
            status = _reap(bot)
            if status is not None:
                return status
        else:
            with contextlib.suppress(ProcessLookupError):
                os.kill(bot, signal.SIGTERM)
            kill_at = time.monotonic() + term_grace_s


def _reap(bot: int) -> int | None:
    """Reap every ended child; the bot's wait status once it is among them."""
    found = None
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return found
        if pid == 0:
            return found
        if pid == bot:
            found = status


def end_descendants(root: int) -> None:
    """Kill every process below ``root`` (its children are its to reap) until none is left."""
    for _ in range(CLEANUP_ROUNDS):
        left = descendants(root)
        if not left:
            break
        _kill_all(left)
        time.sleep(0.005)
        if root == os.getpid():
            _reap(-1)


def _kill_all(pids: list[int]) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)


def descendants(root: int) -> list[int]:
    """Every live process below ``root``, from one pass over /proc."""
    return below(root, children_of(process_table()))


def children_of(table: list[tuple[int, int, str, int]]) -> dict[int, list[int]]:
    """Each parent's live children, from a process table."""
    children: dict[int, list[int]] = {}
    for pid, ppid, state, _ in table:
        if state != "Z":
            children.setdefault(ppid, []).append(pid)
    return children


def below(root: int, children: dict[int, list[int]]) -> list[int]:
    """Every process below ``root`` in a parent-to-children map."""
    found: list[int] = []
    frontier = [root]
    while frontier:
        under = children.get(frontier.pop(), [])
        found += under
        frontier += under
    return found


def process_table() -> list[tuple[int, int, str, int]]:
    """(pid, ppid, state, resident pages) of every process, read from /proc/PID/stat."""
    table = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            text = Path(entry.path, "stat").read_text()
        except OSError:
            continue  # it ended while we looked
        # Fields after the parenthesised name: state ppid pgrp ... (rss is field 24).
        fields = text.rpartition(")")[2].split()
        table.append((int(entry.name), int(fields[1]), fields[0], int(fields[21])))
    return table


def _exit_as(status: int) -> None:
    """End the launcher the way the bot ended."""
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        _limit(resource.RLIMIT_CORE, 0)
        signal.signal(number, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {number})
        os.kill(os.getpid(), number)
        os._exit(128 + number)
    sys.stdout.flush()
    os._exit(os.waitstatus_to_exitcode(status))


if __name__ == "__main__":
    main()
