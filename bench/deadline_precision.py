"""How far past a bot's deadline the referee moves on, with 1 and with many matches at once.

    python bench/deadline_precision.py [--decision-ms 100] [--strikes 10] [--at-once 1 32]

In each match a bot that never answers (tests/bots/faulty.py sleep) meets
the random bot on Land; the penalty policy plays a default action for each
timeout until the strikes run out (or the game ends), so every match
yields up to that many timeouts. The referee records, for each, how long it waited (think_ms of
the referee's default action); the overshoot is that minus the decision
limit. Prints p50, p99 and max overshoot per level of concurrency.
"""

from __future__ import annotations

import argparse
import logging
import statistics
import sys
import tempfile
from pathlib import Path

import trio

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee import logs  # noqa: E402
from referee.games import get_engine  # noqa: E402
from referee.match import MatchSpec, PenaltyPolicy, TimeControl, run_match  # noqa: E402
from referee.record.format import decode_line  # noqa: E402
from referee.transport.fleet import BotFleet  # noqa: E402
from referee.transport.process import BotCommand  # noqa: E402
from referee.transport.server import BotServer  # noqa: E402

SLEEPER = BotCommand.parse(f"{ROOT / 'tests' / 'bots' / 'faulty.py'} sleep")
RANDOM = BotCommand.parse(str(ROOT / "bots" / "random_bot.py"))


async def overshoots(at_once: int, decision_ms: int, strikes: int, folder: Path) -> list[float]:
    """Milliseconds past the deadline of every timeout in ``at_once`` matches played together."""
    engine = get_engine("land")
    records = [folder / f"{at_once}-{n}.jsonl" for n in range(at_once)]
    async with BotServer() as server, BotFleet(server, folder, startup_timeout_s=60) as fleet:
        processes = await fleet.launch_all([SLEEPER, RANDOM] * at_once)

        async def play(n: int) -> None:
            spec = MatchSpec(
                engine,
                seed=n,
                time_control=TimeControl(decision_ms / 1000),
                penalties=PenaltyPolicy.lenient(max_strikes=strikes),
                match_id=f"deadline-{at_once}-{n}",
                record_path=records[n],
            )
            await run_match(spec, [p.player for p in processes[2 * n : 2 * n + 2]])

        async with trio.open_nursery() as nursery:
            for n in range(at_once):
                nursery.start_soon(play, n)
    waited = []
    for record in records:
        for text in record.read_text().splitlines():
            line = decode_line(text)
            if line.WhichOneof("kind") == "decision" and line.decision.by_referee:
                waited.append(line.decision.think_ms - decision_ms)
    return waited


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decision-ms", type=int, default=100)
    parser.add_argument("--strikes", type=int, default=10, help="timeouts per match, at most")
    parser.add_argument("--at-once", type=int, nargs="+", default=[1, 32])
    args = parser.parse_args()
    if args.decision_ms <= 0 or args.strikes <= 0 or min(args.at_once) <= 0:
        parser.error("--decision-ms, --strikes and --at-once must be positive")
    logs.configure(0)
    logging.getLogger("referee").setLevel(logging.ERROR)  # every timeout is a warning
    print(f"decision limit {args.decision_ms} ms, {args.strikes} timeouts per match")
    print(f"{'matches at once':>15} {'timeouts':>9} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    with tempfile.TemporaryDirectory(prefix="landgrave-deadline-") as tmp:
        for at_once in args.at_once:
            late = trio.run(overshoots, at_once, args.decision_ms, args.strikes, Path(tmp))
            print(
                f"{at_once:>15} {len(late):>9} {statistics.median(late):>8.2f} "
                f"{percentile(late, 0.99):>8.2f} {max(late):>8.2f}"
            )


if __name__ == "__main__":
    main()
