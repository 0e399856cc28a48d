"""A LAND 6 bot that looks one turn ahead and scores positions by how close they are to a win.

For each action it may take, it plays the action out on its own model of
the rules (dice, cubes, the combat table), averages over the six faces of
the Lord of the Cubes' throw, and scores the results with ``value``: a
runner close to tile 6's city with enough pips, city dice able to pay for
the moves, few cubes, no cube on tile 6. Sea rerolls are taken when the
average after the reroll beats keeping the die by more than the sea point
they cost.

The model reads only the Observation message; it is deterministic.
"""

from __future__ import annotations

import math
from collections import deque
from typing import Any

import sdk

CITY, SEA, FOREST, FIELD = 1, 2, 3, 4
PHASE_ACTION, PHASE_THROW, PHASE_CHOOSE_CUBE = 2, 3, 4
PURPOSE_FIGHT = 1
ENEMY_TILE = 6

WIN = 1000.0
LOSS = -1000.0
EXTRA_ACTION_BONUS = 4.0
"""What a spare action is worth, in the units of ``value`` (a guess, tuned by bench)."""
MEMO_SIZE = 100_000
"""Scored positions kept per board before the memo starts afresh."""
REROLL_MARGIN = 0.3
"""How much a reroll must gain before it beats acting now (a guess, tuned by bench)."""

# The weights of ``score_position``, in its units (about a percent of winning
# chance). Guesses first, then tuned on 300-game runs of bench/land6_winrates.py.
TURN_COST = 4.0
"""Per turn the best plan still needs."""
PIP_COST = 3.0
"""Per pip the best plan lacks (to pay for its moves, or on the runner)."""
SPARE_PIP = 1.0
"""Per pip on the board: any pip can be spent later."""
LAST_CITY_DANGER = 8.0
"""Per pip short of 3 when a single city die is left (one hit from losing)."""
SEA_PIP, SEA_CAP = 3.0, 8
"""Per pip on sea squares, up to the cap: rerolls are the best source of pips."""
FIELD_PIP, FIELD_CAP = 0.5, 3
"""Per pip on field squares, up to the cap: feeding."""

Dice = dict[int, int]
Cubes = frozenset[int]


class Board:
    """The static board: what each square is, and how far it lies from tile 6's city.

    A plain class, not a dataclass, so the bot also loads from a file path
    without being registered in ``sys.modules``.
    """

    def __init__(self, obs: Any) -> None:
        width, height = obs.width, obs.height
        squares = sorted(obs.squares, key=lambda s: s.index)
        self.neighbours = tuple(
            tuple(
                (s.y + dy) * width + s.x + dx
                for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))
                if 0 <= s.x + dx < width and 0 <= s.y + dy < height
            )
            for s in squares
        )
        self.kinds = tuple(s.kind for s in squares)
        self.tiles = tuple(s.tile for s in squares)
        self.distance = _distances(self.neighbours, obs.enemy_city)
        """Steps from each square to tile 6's city, ignoring dice in the way."""
        self.tile_squares = {
            t: tuple(i for i, x in enumerate(self.tiles) if x == t) for t in range(1, 7)
        }
        self.cities = tuple(s.index for s in squares if s.kind == CITY)
        self.enemy_city: int = obs.enemy_city
        self.memo: dict[tuple[tuple[tuple[int, int], ...], Cubes], float] = {}
        """Positions already scored: a decision scores the same ones many times over."""


def _distances(neighbours: tuple[tuple[int, ...], ...], goal: int) -> tuple[int, ...]:
    distance = [len(neighbours)] * len(neighbours)
    distance[goal] = 0
    queue = deque([goal])
    while queue:
        square = queue.popleft()
        for n in neighbours[square]:
            if distance[n] > distance[square] + 1:
                distance[n] = distance[square] + 1
                queue.append(n)
    return tuple(distance)


# -- the rules, as the bot models them -----------------------------------------


def lose(dice: Dice, square: int, points: int = 1) -> None:
    """A die loses points; at 0 it leaves the board."""
    value = dice.get(square, 0) - points
    if value <= 0:
        dice.pop(square, None)
    else:
        dice[square] = value


def city_dice(board: Board, dice: Dice) -> list[int]:
    return [s for s in board.cities if s in dice]


def is_won(board: Board, dice: Dice, cubes: Cubes) -> bool:
    return dice.get(board.enemy_city, 0) >= 3 and ENEMY_TILE not in cubes


def after_main(
    board: Board, dice: Dice, cubes: Cubes, action: tuple[Any, ...]
) -> list[tuple[float, Dice, Cubes, bool]]:
    """The (chance, dice, cubes, extra action) an action of ours leads to."""
    kind, args = action[0], action[1:]
    new = dict(dice)
    if kind == "deploy":
        payer, target = args
        lose(new, payer)
        new[target] = 6 - len(cubes)
        return [(1.0, new, cubes, False)]
    if kind == "move":
        payer, die, target = args
        lose(new, payer)
        new[target] = new.pop(die)
        if len(city_dice(board, new)) >= 2:
            lose(new, target)
        return [(1.0, new, cubes, False)]
    if kind == "feed":
        lose(new, args[0])
        for square, pips in list(new.items()):
            if board.kinds[square] != FIELD:
                new[square] = min(6, pips + 1)
        return [(1.0, new, cubes, False)]
    if kind == "fight":
        return fight_outcomes(board, new, cubes, args[0])
    return [(1.0, new, cubes, False)]  # skip


def fight_outcomes(
    board: Board, dice: Dice, cubes: Cubes, payer: int
) -> list[tuple[float, Dice, Cubes, bool]]:
    lose(dice, payer)
    hurt = dict(dice)
    if payer in hurt:
        lose(hurt, payer)
    removed = best_removal(board, dice, cubes)
    return [
        (1 / 3, dice, removed, True),
        (1 / 6, dice, removed, False),
        (1 / 3, dice, cubes, False),
        (1 / 6, hurt, cubes, False),
    ]


def fight_result(board: Board, dice: Dice, cubes: Cubes, fighter: int, roll: int) -> float:
    """The value of a fight's throw, as it stands."""
    if roll >= 4:
        bonus = EXTRA_ACTION_BONUS if roll >= 5 else 0.0
        return value(board, dice, best_removal(board, dice, cubes)) + bonus
    if roll == 1 and fighter in dice:
        hurt = dict(dice)
        lose(hurt, fighter)
        return value(board, hurt, cubes)
    return value(board, dice, cubes)


def best_removal(board: Board, dice: Dice, cubes: Cubes) -> Cubes:
    if not cubes:
        return cubes
    return max((cubes - {t} for t in sorted(cubes)), key=lambda c: value(board, dice, c))


def cubes_result(board: Board, dice: Dice, cubes: Cubes, tile: int) -> float:
    """The value after the Lord of the Cubes' throw shows ``tile`` (our choices made well)."""
    if tile not in cubes:
        placed = cubes | {tile}
        return LOSS if len(placed) >= 6 else value(board, dice, placed)
    on_tile = [s for s in board.tile_squares[tile] if s in dice]
    if on_tile:
        new = dict(dice)
        for square in on_tile:
            lose(new, square)
        return value(board, new, cubes)
    options = []
    for square in city_dice(board, dice):
        new = dict(dice)
        lose(new, square)
        options.append(value(board, new, cubes))
    return max(options, default=value(board, dice, cubes))


def after_turn(board: Board, dice: Dice, cubes: Cubes) -> float:
    """The value at the end of our phase, averaged over the Lord of the Cubes' throw."""
    if is_won(board, dice, cubes):
        return WIN
    if not city_dice(board, dice):
        return LOSS
    return sum(cubes_result(board, dice, cubes, tile) for tile in range(1, 7)) / 6


# -- the score of a position -----------------------------------------------------


def _cube_risks(horizon: int = 40) -> tuple[tuple[float, ...], ...]:
    """RISK[c][t]: the chance that c cubes grow to six within t turns, with no fights."""
    risk = [[1.0 if c >= 6 else 0.0 for c in range(7)]]
    for _ in range(horizon):
        last = risk[-1]
        risk.append(
            [1.0 if c >= 6 else (c / 6) * last[c] + (1 - c / 6) * last[c + 1] for c in range(7)]
        )
    return tuple(tuple(row[c] for row in risk) for c in range(7))


RISK = _cube_risks()


def value(board: Board, dice: Dice, cubes: Cubes) -> float:
    """How good a position is (memoized: see ``score_position``)."""
    key = (tuple(sorted(dice.items())), cubes)
    known = board.memo.get(key)
    if known is None:
        if len(board.memo) > MEMO_SIZE:
            board.memo.clear()
        known = board.memo[key] = score_position(board, dice, cubes)
    return known


def score_position(board: Board, dice: Dice, cubes: Cubes) -> float:
    """How good a position is: a win is WIN, a loss LOSS, the rest in between.

    Roughly a chance of winning in percent: the chance the cubes do not all
    come out before the best plan ends, less what the plan lacks in pips.
    """
    if is_won(board, dice, cubes):
        return WIN
    cities = city_dice(board, dice)
    if not cities or len(cubes) >= 6:
        return LOSS
    turns, lacking = best_plan(board, dice, cubes, cities)
    risk = RISK[len(cubes)][min(turns, len(RISK[0]) - 1)]
    score = 100.0 * (1.0 - risk) - TURN_COST * turns - PIP_COST * lacking
    city_pips = sum(dice[s] for s in cities)
    score += SPARE_PIP * sum(dice.values())
    score += SEA_PIP * min(SEA_CAP, _pips_on(board, dice, SEA))
    score += FIELD_PIP * min(FIELD_CAP, _pips_on(board, dice, FIELD))
    if len(cities) == 1 and city_pips <= 2:
        score -= LAST_CITY_DANGER * (3 - city_pips)
    return score


def _pips_on(board: Board, dice: Dice, kind: int) -> int:
    return sum(v for s, v in dice.items() if board.kinds[s] == kind)


def best_plan(board: Board, dice: Dice, cubes: Cubes, cities: list[int]) -> tuple[int, float]:
    """The (turns, missing pips) of the quickest way to put a die of 3 on tile 6's city."""
    blocked = 2 if ENEMY_TILE in cubes else 0  # about two fights to clear tile 6
    drain = sum(1 for t in cubes if not any(s in dice for s in board.tile_squares[t])) / 6
    city_pips = sum(dice[s] for s in cities)
    best: tuple[float, int, float] = (math.inf, 0, 0.0)
    for runner, pips in dice.items():
        payers = [s for s in cities if s != runner]
        payer_pips = city_pips - (pips if runner in cities else 0)
        plan = _plan_cost(board, runner, pips, payers, payer_pips, drain=drain, blocked=blocked)
        best = min(best, plan)
    spots = [n for c in cities if dice[c] >= 2 for n in board.neighbours[c] if n not in dice]
    if spots and len(dice) < 6:  # deploy a fresh die on the nearest free spot, then run
        spot = min(spots, key=lambda n: board.distance[n])
        fresh = 6 - len(cubes)
        plan = _plan_cost(board, spot, fresh, cities, city_pips - 1, drain=drain, blocked=blocked)
        turns, lacking = plan[1] + 1, plan[2]
        best = min(best, (TURN_COST * turns + PIP_COST * lacking, turns, lacking))
    return best[1], best[2]


def _plan_cost(
    board: Board,
    runner: int,
    pips: int,
    payers: list[int],
    payer_pips: int,
    *,
    drain: float,
    blocked: int,
) -> tuple[float, int, float]:
    """(cost, turns, missing pips) of running one die to tile 6's city.

    ``drain`` is the city points the cubes take per turn, ``blocked`` the
    turns a cube on tile 6 adds.
    """
    steps = board.distance[runner]
    turns = steps + blocked
    if steps == 0:
        short = float(max(0, 3 - pips))
        turns += 1 if short else 0
        return TURN_COST * turns + PIP_COST * short, turns, short
    penalty = (steps - 1 if len(payers) >= 2 else 0) + (1 if payers else 0)
    arrival = pips - penalty
    need = steps + drain * turns
    lacking = max(0.0, need - payer_pips) + max(0, 3 - arrival)
    if not payers:
        lacking += 3  # a city die must first be found to pay
    return TURN_COST * turns + PIP_COST * lacking, turns, lacking


def expected_turn(board: Board, dice: Dice, cubes: Cubes, action: tuple[Any, ...]) -> float:
    """The average value of a main action (or a skip) after the Lord of the Cubes' throw."""
    return sum(
        chance * (EXTRA_ACTION_BONUS + value(board, d, c) if extra else after_turn(board, d, c))
        for chance, d, c, extra in after_main(board, dice, cubes, action)
    )


def reroll_average(board: Board, dice: Dice, cubes: Cubes, sea: int, target: int) -> float:
    """The average value after a sea die pays to reroll a board die."""
    new = dict(dice)
    lose(new, sea)
    if target not in new:
        return value(board, new, cubes)
    total = 0.0
    for face in range(1, 7):
        new[target] = face
        total += value(board, new, cubes)
    return total / 6


def hurt(dice: Dice, square: int) -> Dice:
    new = dict(dice)
    lose(new, square)
    return new


# -- the bot ---------------------------------------------------------------------


def as_tuple(action: Any) -> tuple[Any, ...]:
    """An Action message as a plain tuple: ("move", payer, die, target) and so on."""
    kind = action.WhichOneof("kind")
    body = getattr(action, kind)
    return (kind, *(getattr(body, f.name) for f in body.DESCRIPTOR.fields))


class Land6HeuristicBot(sdk.Bot):
    name = "land6-heuristic"
    version = "1"
    games = ("land6",)

    def __init__(self) -> None:
        self._boards: dict[tuple[Any, ...], Board] = {}

    def board(self, obs: Any) -> Board:
        key = (
            obs.config.SerializeToString(),
            tuple((t.slot, t.tile, t.rotation) for t in obs.tiles),
        )
        if key not in self._boards:
            if len(self._boards) >= 8:  # a few matches at once; forget older boards
                self._boards.clear()
            self._boards[key] = Board(obs)
        return self._boards[key]

    def decide(self, decision: sdk.Decision) -> int:
        obs = decision.observation
        board = self.board(obs)
        dice = {d.square: d.value for d in obs.dice}
        cubes = frozenset(obs.cube_tiles)
        actions = [as_tuple(a) for a in decision.legal_actions]
        if obs.phase == PHASE_ACTION:
            scores = self.action_scores(board, dice, cubes, actions)
        elif obs.phase == PHASE_THROW:
            scores = [self.throw_choice(board, dice, cubes, obs, a) for a in actions]
        elif obs.phase == PHASE_CHOOSE_CUBE:
            scores = [value(board, dice, cubes - {a[1]}) for a in actions]
        else:
            scores = [value(board, hurt(dice, a[1]), cubes) for a in actions]
        return max(range(len(actions)), key=lambda i: (scores[i], -i))

    def action_scores(
        self, board: Board, dice: Dice, cubes: Cubes, actions: list[tuple[Any, ...]]
    ) -> list[float]:
        """Score main actions by a turn of lookahead; a reroll by what it adds to the best."""
        scores = [
            -math.inf if a[0] == "reroll_die" else expected_turn(board, dice, cubes, a)
            for a in actions
        ]
        best = max(scores)
        now = value(board, dice, cubes)
        for i, action in enumerate(actions):
            if action[0] == "reroll_die":
                gain = reroll_average(board, dice, cubes, action[1], action[2]) - now
                scores[i] = best + gain - REROLL_MARGIN
        return scores

    def throw_choice(
        self, board: Board, dice: Dice, cubes: Cubes, obs: Any, action: tuple[Any, ...]
    ) -> float:
        """Accept the throw, or reroll it or a board die with a sea die."""
        fight = obs.throw.purpose == PURPOSE_FIGHT

        def resolve(d: Dice, roll: int) -> float:
            if fight:
                return fight_result(board, d, cubes, obs.fighter_square, roll)
            return cubes_result(board, d, cubes, roll)

        roll = obs.throw.value
        if action[0] == "accept":
            return resolve(dice, roll)
        new = dict(dice)
        lose(new, action[1])
        if action[0] == "reroll_throw":
            return sum(resolve(new, face) for face in range(1, 7)) / 6
        target = action[2]
        if target not in new:
            return resolve(new, roll)
        total = 0.0
        for face in range(1, 7):
            new[target] = face
            total += WIN if is_won(board, new, cubes) else resolve(new, roll)
        return total / 6


if __name__ == "__main__":
    sdk.run(Land6HeuristicBot())
