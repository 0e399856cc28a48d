"""Land: is the MCTS bot's choice better than the greedy bot's, judged by playing on?

Usage::

    python bench/land_oracle.py [--games 4] [--iterations 3400] [--starts 0] [--mcts-args ARGS]
    python bench/land_oracle.py --margins 400
    python bench/land_oracle.py --clairvoyant 400 [--depth 1] [--guesses 20] [--jobs 2]

After both seats hold land, Land has no chance left, and the greedy bot is
deterministic: each legal action's exact worth, if both seats play greedy
from then on, is one playout. This plays greedy-vs-greedy games (seed ``i``
for chance) and, at every placement where the seat to move cannot place all the
cows it could (cows left fewer than the plots it may claim: the decisions
that choose, not order), asks a fresh MCTS bot (no reuse) and plays every
action on: it counts how often each bot's choice was the best and the plots
of final margin each lost to the best. With ``--starts N``, the starting
decisions are judged too, each action by N playouts with other dice (exact
for the second seat to start, whose rival already holds land).
The worth is "both play greedy on", not what the MCTS bot would play on.

With ``--margins N`` it plays N greedy-vs-greedy games instead and prints how
their final margins spread: the dice's share of a Land result. A bot whose
final margin is G plots better than greedy's would be in the same seat, with
the same dice, turns the seeds that greedy decides by less than G (it wins
them from either seat) and splits the rest by seat, so against greedy over
paired seeds it scores about 0.5 + share(margin < G) / 2, the figure printed
for each G: a rough guide, since a real bot's gain varies from game to game.

With ``--clairvoyant N`` it plays N seeds, each with both seatings, of a seat
that sees the future against the greedy bot: at each of its decisions it
plays every action on, both seats greedy, with the dice the game will
really roll (a copy of the game's random state), and takes the one that
ends with the best margin (the greedy bot's choice on ties). It knows what
no bot can, the dice to come and that its rival plays greedy, and improves
on greedy by a step's look ahead, so its score against greedy is a mark a
fair bot's is unlikely to pass; it prints that score and margin (over both
seatings, also its gain over greedy's own margin), and the seeds it wins
from both seats. With ``--depth D`` each action is played on with the seat
looking D - 1 steps ahead in turn, not greedy: slower by the game's length
at each step. With ``--guesses G`` it does not see the dice: while a seat
has no land (Land's only chance) it plays each action on with G dice of its
own and takes the best mean; once both hold land one playout is exact. So it
is a bot a fair player could be, if it took its rival for the greedy bot.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import random
import shlex
import statistics
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import sdk  # noqa: E402
from bench import sparring, state_duels, worker_pool  # noqa: E402
from referee.engine import CHANCE  # noqa: E402
from referee.games.land import ENGINE  # noqa: E402
from referee.match.chance import sample_outcome  # noqa: E402

land_greedy = importlib.import_module("landgrave_bots.land_greedy")
mcts_bot = importlib.import_module("landgrave_bots.mcts_bot")


GREEDY = land_greedy.StatePlayer()
"""The greedy bot's choices read from engine states (the same as from its observations)."""


def greedy_index(state: Any, seat: int) -> int:
    legal = state.legal_actions(seat)
    return legal.index(GREEDY.choose(state, seat))


def played(state: Any, rng: random.Random, choose: Callable[[Any, int], int]) -> list[int]:
    """The final scores when ``state`` (changed in place) is played to its end, chance
    drawn from ``rng`` and each seat's action by ``choose(state, seat)``, an index into
    its legal actions."""
    while not state.is_terminal():
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(seat, state.legal_actions(seat)[choose(state, seat)])
    return list(state.scores())


def play_on(state: Any, rng: random.Random) -> list[int]:
    """The final scores if both seats play greedy from ``state`` (changed in place)."""
    return played(state, rng, greedy_index)


def new_game() -> Any:
    return ENGINE.new_game(ENGINE.default_config(), 2)


def worths(state: Any, seat: int, playouts: int) -> list[float]:
    """Each legal action's mean final margin for ``seat`` over ``playouts`` greedy playouts."""
    result = []
    for action in state.legal_actions(seat):
        margins = []
        for playout in range(playouts):
            after = state.clone()
            after.apply(seat, action)
            scores = play_on(after, random.Random(playout))
            margins.append(scores[seat] - scores[1 - seat])
        result.append(statistics.mean(margins))
    return result


def mcts_index(state: Any, seat: int, options: list[str], match_id: str) -> int:
    match = sdk.MatchInfo(match_id, "land", seat, 2, ENGINE.default_config())
    decision = state_duels.decision(ENGINE, match, state, state.legal_actions(seat), 600.0)
    settings = mcts_bot.parse_settings(["--no-reuse", *options])
    return int(mcts_bot.MctsBot(settings).decide(decision))


def kind_of(state: Any, seat: int) -> str | None:
    """The kind of decision this bench judges ("place" or "start"), or None."""
    legal = state.legal_actions(seat)
    names = [type(action).__name__ for action in legal]
    if names[0] == "ChooseStart" and len(legal) > 1:
        return "start"
    if all(state.owned) and state.cows_left < names.count("PlaceCow"):
        return "place"
    return None


def judge(games: int, options: list[str], starts: int) -> dict[str, Counter[str]]:
    """Counts of the judged decisions; ``options``: the MCTS bot's (its iterations first)."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for seed in range(games):

        def greedy_judged(state: Any, seat: int, seed: int = seed) -> int:
            greedy = greedy_index(state, seat)
            kind = kind_of(state, seat)
            if kind == "place" or (kind == "start" and starts):
                worth = worths(state, seat, 1 if kind == "place" else starts)
                chosen = mcts_index(state, seat, options, f"oracle-{seed}")
                tally(counts[kind], worth, greedy, chosen)
            return greedy

        played(new_game(), random.Random(seed), greedy_judged)
    return counts


def tally(counts: Counter[str], worth: list[float], greedy: int, chosen: int) -> None:
    best = max(worth)
    counts["decisions"] += 1
    counts["greedy best"] += worth[greedy] == best
    counts["mcts best"] += worth[chosen] == best
    counts["mcts overrules"] += chosen != greedy
    counts["overrule better"] += worth[chosen] > worth[greedy]
    counts["overrule worse"] += worth[chosen] < worth[greedy]
    counts["greedy plots lost x100"] += round(100 * (best - worth[greedy]))
    counts["mcts plots lost x100"] += round(100 * (best - worth[chosen]))


def margins(games: int) -> list[int]:
    """The final margin (in plots, unsigned) of greedy-vs-greedy games, seed ``i`` for chance."""
    result = []
    for seed in range(games):
        scores = play_on(new_game(), random.Random(seed))
        result.append(abs(scores[0] - scores[1]))
    return result


def print_margins(games: int) -> None:
    spread = margins(games)
    print(f"greedy against greedy, {games} games: median margin {statistics.median(spread)} plots")
    print("margin gained G  games decided by less than G  paired score against greedy")
    for gain in (1, 2, 3, 4, 5, 6, 8, 10, 15, 20):
        share = sum(margin < gain for margin in spread) / games
        print(f"{gain:>15}  {share:>28.3f}  {0.5 + share / 2:>26.3f}")


def clairvoyant_game(seed: int, seat: int, depth: int = 1, guesses: int = 0) -> int:
    """The final margin of a foreseeing ``seat`` against greedy, seed ``seed`` for chance:
    it sees the dice to come, or with ``guesses`` it does not (see ``foreseer``)."""
    rng = random.Random(seed)
    guessing = random.Random(f"guesses-{seed}") if guesses else None
    scores = played(new_game(), rng, foreseer(seat, rng, depth, guesses, guessing))
    return scores[seat] - scores[1 - seat]


def foreseer(
    seat: int,
    rng: random.Random,
    depth: int,
    guesses: int = 0,
    guessing: random.Random | None = None,
) -> Callable[[Any, int], int]:
    """Greedy play, but ``seat`` looks ``depth`` steps ahead: at depth 0 it plays greedy
    too. It sees the dice still to come (``rng``), unless ``guesses`` is above 0: then,
    while a seat has no land (the only chance Land has), it plays each action on with
    that many dice of its own (drawn from ``guessing``) and takes the best mean; once
    every seat holds land nothing is left to chance and one playout is exact."""

    def choose(state: Any, to_act: int) -> int:
        choice = greedy_index(state, to_act)
        if depth > 0 and to_act == seat and len(state.legal_actions(to_act)) > 1:
            if guesses and not all(state.owned):
                assert guessing is not None
                dice = [random.Random(guessing.getrandbits(64)) for _ in range(guesses)]
            else:
                dice = [rng]
            choice = foreseen_best(
                state, seat, dice, choice, depth, guesses=guesses, guessing=guessing
            )
        return choice

    return choose


def foreseen_best(
    state: Any,
    seat: int,
    dice: list[random.Random],
    greedy: int,
    depth: int,
    *,
    guesses: int = 0,
    guessing: random.Random | None = None,
) -> int:
    """The action that ends best for ``seat`` on the mean over ``dice`` (each played on
    from a copy), the rival greedy and ``seat`` looking ``depth - 1`` steps ahead
    (greedy's choice on ties)."""
    legal = state.legal_actions(seat)
    best, choice = None, greedy
    for index in [greedy, *(i for i in range(len(legal)) if i != greedy)]:
        total = 0
        for source in dice:
            after, roll = state.clone(), random.Random()
            roll.setstate(source.getstate())
            after.apply(seat, legal[index])
            scores = played(after, roll, foreseer(seat, roll, depth - 1, guesses, guessing))
            total += scores[seat] - scores[1 - seat]
        if best is None or total > best:
            best, choice = total, index
    return choice


def clairvoyant_seed(seed: int, depth: int, guesses: int) -> tuple[int, int]:
    """The foreseeing seat's margins on ``seed`` from seat 0 and from seat 1."""
    return (
        clairvoyant_game(seed, 0, depth, guesses),
        clairvoyant_game(seed, 1, depth, guesses),
    )


def print_clairvoyant(seeds: int, depth: int, jobs: int, guesses: int) -> None:
    games: list[tuple[float, float]] = []
    both_won = 0
    play = functools.partial(clairvoyant_seed, depth=depth, guesses=guesses)
    for first, second in worker_pool.finished(play, range(seeds), jobs):
        won = [1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in (first, second)]
        games += [(won[0], first), (won[1], second)]
        both_won += won == [1.0, 1.0]
    # With both seatings the greedy seat's luck cancels: the mean margin is also the gain
    # over greedy's own margin from the same seat.
    standing = state_duels.Standing(games)
    sight = f"guessing the dice ({guesses} guesses)" if guesses else "seeing the dice"
    print(
        f"{sight}, {depth} step(s) ahead, against greedy, {seeds} seeds with both "
        f"seatings: {standing.summary()}"
    )
    print(f"seeds won from both seats: {both_won} of {seeds}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=3400)
    parser.add_argument(
        "--mcts-args", default="", help='more options of the MCTS bot, such as "--no-turn-sets"'
    )
    parser.add_argument("--starts", type=int, default=0, help="playouts per start action")
    parser.add_argument(
        "--margins", type=int, default=0, help="instead: the margins of this many greedy games"
    )
    parser.add_argument(
        "--clairvoyant",
        type=int,
        default=0,
        help="instead: this many seeds of a seat that sees the dice",
    )
    parser.add_argument(
        "--depth", type=int, default=1, help="with --clairvoyant: the steps it looks ahead"
    )
    parser.add_argument("--jobs", type=int, default=1, help="with --clairvoyant: seeds at once")
    parser.add_argument(
        "--guesses",
        type=int,
        default=0,
        help="with --clairvoyant: it does not see the dice, it tries this many of its own",
    )
    args = parser.parse_args()
    if min(args.games, args.iterations, args.depth, args.jobs) < 1:
        state_duels.refuse(
            "land_oracle", "--games, --iterations, --depth and --jobs must be at least 1"
        )
    if min(args.clairvoyant, args.starts, args.margins, args.guesses) < 0:
        state_duels.refuse(
            "land_oracle", "--clairvoyant, --starts, --margins and --guesses must be at least 0"
        )
    if args.clairvoyant > 0:
        with worker_pool.stops_in_one_line("land_oracle"):
            print_clairvoyant(args.clairvoyant, args.depth, args.jobs, args.guesses)
        return
    if args.margins > 0:
        print_margins(args.margins)
        return
    wrong = sparring.mcts_options_error(args.mcts_args)
    if wrong is not None:
        state_duels.refuse("land_oracle", f"--mcts-args: {wrong}")
    options = ["--iterations", str(args.iterations), *shlex.split(args.mcts_args)]
    for kind, counts in judge(args.games, options, args.starts).items():
        print(kind, dict(counts))


if __name__ == "__main__":
    main()
