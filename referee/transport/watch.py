"""Memory per bot, all its processes together, where the kernel limits only each process.

RLIMIT_DATA caps each process; a bot that forks three children of 1000 MB
each passes a 2048 MB limit that way. Twice a second the watch reads every
process's parent and resident size from /proc in one pass (a few
milliseconds on a busy machine, shared by all bots), sums each launcher's
tree, and ends the bots over their limit: their seat's fault is
``resource_limit``. Memory that grows and is freed between two looks goes
unseen, and copy-on-write pages shared by forked children count once per
process (a forking bot is charged on the safe side); see docs/security.md.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable

import trio

from referee.transport.launcher import below, children_of, process_table
from referee.transport.process import BotProcess

INTERVAL_S = 0.5
"""Between two looks: a guess that keeps the cost (one /proc pass) well under 1% of a core."""
PAGE = os.sysconf("SC_PAGE_SIZE")


async def watch_memory(bots: Callable[[], Iterable[BotProcess]]) -> None:
    """Every INTERVAL_S, end each bot whose processes together pass its memory limit."""
    while True:
        await trio.sleep(INTERVAL_S)
        watched = [b for b in bots() if b.alive and b.limits.data_mb and b.pid is not None]
        if watched:
            try:
                table = await trio.to_thread.run_sync(process_table)
            except OSError:  # out of file descriptors, say: look again next time
                continue
            check(watched, table)


def check(bots: Iterable[BotProcess], table: list[tuple[int, int, str, int]]) -> None:
    """End the bots over their limit, given a process table (pid, ppid, state, rss pages)."""
    children = children_of(table)
    resident = {pid: pages * PAGE for pid, _, state, pages in table if state != "Z"}
    for bot in bots:
        assert bot.pid is not None
        tree = below(bot.pid, children)
        used_mb = sum(resident.get(pid, 0) for pid in tree) // (1024 * 1024)
        if used_mb > bot.limits.data_mb:
            reason = (
                f"memory: its {len(tree)} processes together held {used_mb} MB, "
                f"over its limit of {bot.limits.data_mb} MB"
            )
            bot.breach(reason, tree)
