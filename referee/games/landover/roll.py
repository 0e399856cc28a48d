"""The roll and what follows it: events, barbarians, the 7, production, and chance's steps.

A roll (LANDOVER-05) queues its consequences as tasks: dev card draws for a
gate face (LANDOVER-13), the barbarians' attack (LANDOVER-19), then the 7
(LANDOVER-17) or production (LANDOVER-10, -11). The engine resolves the
last three itself; they in turn queue chance's steps (random draws, discards,
gold and razed cities), which are resolved here too, as are the steals of
raids and the discards of the Vandal.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from referee.games.landover import rules as R
from referee.games.landover.actions import (
    DealHarbor,
    DealNumber,
    DealPlace,
    DealTerrain,
    DiceRoll,
    DrawCard,
    EventRoll,
    LandoverAction,
    RandomCity,
    RandomKind,
)
from referee.games.landover.board import (
    DESERT,
    FIELDS,
    FOREST,
    GOLD,
    HILLS,
    MOUNTAINS,
    MYSTERY,
    PASTURE,
    RED_NUMBERS,
    TERRAIN_RESOURCE,
)
from referee.games.landover.position import Position
from referee.games.landover.records import CITY
from referee.games.landover.tasks import Task
from referee.match.chance import OutcomeTable

CITY_YIELD = {
    FOREST: (R.WOOD, R.PAPER),
    PASTURE: (R.WOOL, R.CLOTH),
    MOUNTAINS: (R.ORE, R.COIN),
    FIELDS: (R.WHEAT, R.WHEAT),
    HILLS: (R.CLAY, R.CLAY),
}
"""LANDOVER-10: what a city takes from each terrain (C&K yields)."""
EVENT_ODDS = (Fraction(3, 6), Fraction(1, 6), Fraction(1, 6), Fraction(1, 6))


def roll_outcomes(alchemist: tuple[int, int]) -> OutcomeTable:
    """The three dice, or only the event die when an Alchemist set the other two."""
    return _ROLLS if alchemist == (0, 0) else _EVENT_ROLLS


# Made once: building the 144 outcomes' Fractions on every roll cost a third of a game,
# and their integer shares (for the draw) a fifth of a search's time.
_EVENT_ROLLS = OutcomeTable((EventRoll(e), EVENT_ODDS[e]) for e in range(4))
_ROLLS = OutcomeTable(
    (DiceRoll(e, red, white), EVENT_ODDS[e] / 36)
    for e in range(4)
    for red in range(1, 7)
    for white in range(1, 7)
)
_EVENT_ROLL_ACTIONS = tuple(o for o, _ in _EVENT_ROLLS)
_ROLL_ACTIONS = tuple(o for o, _ in _ROLLS)


def roll_actions(alchemist: tuple[int, int]) -> tuple[LandoverAction, ...]:
    """The outcomes of ``roll_outcomes`` without their odds, the same objects."""
    return _ROLL_ACTIONS if alchemist == (0, 0) else _EVENT_ROLL_ACTIONS


def roll_tasks(state: Position, event: int, red: int, white: int) -> list[Task]:
    """Move the barbarians or open a gate, then queue the 7 or production."""
    tasks: list[Task] = []
    if event == R.EVENT_BARBARIAN:
        if state.pieces.advance_barbarians():
            tasks.append(Task("attack", -1))
    else:
        track = event - 1
        for seat in state.turn_order():
            if state.seats[seat].culture[track] >= red:
                tasks.append(Task("draw", seat, "", track))
    if red + white == 7:
        tasks.append(Task("seven", -1))
    else:
        tasks.append(Task("produce", -1, "", red + white))
    return tasks


def run_auto_task(state: Position, task: Task) -> list[Task]:
    """Resolve one of the engine's own tasks; return the tasks it sets off."""
    if task.kind == "attack":
        return _attack(state)
    if task.kind == "seven":
        return _seven(state)
    return _produce(state, task.a)


def _attack(state: Position) -> list[Task]:
    """The barbarians arrive (LANDOVER-19)."""
    strength = sum(1 for b in state.pieces.building if b == CITY)
    military = [player.military for player in state.seats]
    tasks = []
    if strength > sum(military):
        least = min(military)
        for seat in state.turn_order():
            if military[seat] == least and _razable(state, seat):
                tasks.append(Task("raze", seat))
    else:
        best = max(military)
        leaders = [s for s in state.turn_order() if military[s] == best]
        if best > 0 and len(leaders) == 1:
            state.seats[leaders[0]].win_defence()
        elif best > 0:
            tasks += [Task("draw", s, "", 3) for s in leaders]
    for player in state.seats:
        player.lose_military()
    return tasks


def _seven(state: Position) -> list[Task]:
    for player in state.seats:
        tile = player.lift_catapult()
        if tile >= 0:
            state.pieces.mark_cleared(tile)
    tasks = []
    for seat in state.turn_order():
        cards = state.hand_size(seat)
        if cards > state.safe_hand(seat):
            tasks.append(Task("discard", seat, "", cards // 2))
    return tasks


def _produce(state: Position, total: int) -> list[Task]:
    gained = [False] * state.players
    tasks = []
    catapults = {player.catapult for player in state.seats}
    owner, building = state.pieces.owner, state.pieces.building
    for tile, number in enumerate(state.board.numbers):
        if number != total or tile in catapults:
            continue
        terrain = state.board.terrain[tile]
        for v in state.board.tile_vertices[tile]:
            seat = owner[v]
            if seat < 0:
                continue
            if terrain == GOLD:
                tasks.append(Task("gold", seat, "", building[v]))
                gained[seat] = True
            elif terrain in CITY_YIELD:
                kinds = CITY_YIELD[terrain] if building[v] == CITY else (TERRAIN_RESOURCE[terrain],)
                for kind in kinds:
                    state.seats[seat].gain(kind)
                gained[seat] = True
    for seat in state.turn_order():
        if not gained[seat] and state.seats[seat].culture[R.SCIENCE] >= 3:
            tasks.append(Task("kind", seat, "aqueduct"))
    return tasks


def task_outcomes(state: Position, task: Task) -> list[tuple[LandoverAction, Fraction]]:
    """Chance's outcomes for one of its tasks, sorted, with their odds."""
    if task.kind == "draw":
        counts = _deck_counts(state, task.a)
        total = sum(counts.values())
        return [(DrawCard(c), Fraction(q, total)) for c, q in sorted(counts.items())]
    if task.kind in ("discard", "steal"):
        hand = state.seats[task.seat if task.kind == "discard" else task.a].hand
        total = sum(hand)
        return [(RandomKind(k), Fraction(q, total)) for k, q in enumerate(hand) if q]
    if task.kind == "gold":
        return [(RandomKind(k), Fraction(1, R.RESOURCES)) for k in range(R.RESOURCES)]
    if task.kind == "deal":
        return _deal_outcomes(state, task)
    cities = _razable(state, task.seat)
    return [(RandomCity(v), Fraction(1, len(cities))) for v in cities]


def _red_spots(state: Position) -> list[int]:
    """Dealt hexes that may take a 6 or 8: numberless, not desert, none red next door."""
    board = state.board
    open_tiles = [t for t in board.deal if board.numbers[t] == 0 and board.terrain[t] != DESERT]
    apart = [t for t in open_tiles if not _next_to_red(state, t)]
    return apart or open_tiles


def _next_to_red(state: Position, tile: int) -> bool:
    board = state.board
    return any(
        board.numbers[u] in RED_NUMBERS
        for v in board.tile_vertices[tile]
        for u in board.vertex_tiles[v]
    )


def _deal_outcomes(state: Position, task: Task) -> list[tuple[LandoverAction, Fraction]]:
    """A hex's terrain or number, in proportion to what its pool has left (LANDOVER-02).

    A 6 or 8 never goes next to another 6 or 8, unless nothing else is left.
    """
    if task.purpose == "red":
        spots = _red_spots(state)
        return [(DealPlace(t), Fraction(1, len(spots))) for t in spots]
    if task.purpose == "harbor":
        harbors = state.bank.harbors_left
        total = sum(harbors)
        return [(DealHarbor(h), Fraction(q, total)) for h, q in enumerate(harbors) if q]
    terrain, numbers = state.bank.pools(state.is_mystery(task.a))
    if task.purpose == "terrain":
        total = sum(terrain)
        return [(DealTerrain(t), Fraction(q, total)) for t, q in enumerate(terrain) if q]
    left = {n: q for n, q in enumerate(numbers) if q}
    if _next_to_red(state, task.a):
        cooler = {n: q for n, q in left.items() if n not in RED_NUMBERS}
        left = cooler or left
    total = sum(left.values())
    return [(DealNumber(n), Fraction(q, total)) for n, q in sorted(left.items())]


def apply_outcome(state: Position, task: Task, action: LandoverAction) -> list[Task]:
    """Apply chance's outcome for ``task``, already taken off the queue.

    Returns what must come next, before anything else waiting: the rest of a
    discard or of a gold hex's cards, one card per chance step.
    """
    if isinstance(action, DealPlace):
        _deal(state, action.tile, DealNumber(task.a))
    elif isinstance(action, DealHarbor):
        state.bank.take_harbor(action.harbor)
        state.board.deal_harbor(task.a, action.harbor)
    elif isinstance(action, DealTerrain | DealNumber):
        _deal(state, task.a, action)
    elif isinstance(action, DrawCard):
        state.bank.draw(action.card)
        if action.card in R.VP_CARDS:
            state.seats[task.seat].score_vp_card()
        else:
            state.seats[task.seat].take_dev(action.card)
    elif isinstance(action, RandomCity):
        state.pieces.raze(action.vertex)
    else:
        assert isinstance(action, RandomKind)
        seat = state.seats[task.seat]
        if task.kind == "discard":
            seat.lose(action.kind)
        elif task.kind == "steal":
            seat.gain(action.kind, state.seats[task.a].lose(action.kind))
        else:
            seat.gain(action.kind)
        if task.a > 1 and task.kind in ("discard", "gold"):
            return [Task(task.kind, task.seat, "", task.a - 1)]
    return []


def _deal(state: Position, tile: int, action: DealTerrain | DealNumber) -> None:
    """Chance's terrain or number for a hex, taken from its pool."""
    mystery = state.is_mystery(tile)
    if isinstance(action, DealTerrain):
        state.bank.take_terrain(mystery, action.terrain)
        state.board.deal_terrain(tile, action.terrain)
    else:
        state.bank.take_number(mystery, action.number)
        state.board.deal_number(tile, action.number)


def is_moot(state: Position, task: Task) -> bool:
    """Whether chance's ``task`` can have no effect, so it is dropped."""
    check = _MOOT.get(task.kind)
    return check is not None and check(state, task)


def _deal_is_moot(state: Position, task: Task) -> bool:
    """A hex or harbor already dealt (a state built by hand), or no room left for a 6 or 8."""
    board = state.board
    if task.purpose == "terrain":
        return board.terrain[task.a] != MYSTERY
    if task.purpose == "red":
        return not _red_spots(state)
    if task.purpose == "harbor":
        return board.harbor[board.harbor_deal[task.a][0]] >= 0
    return board.numbers[task.a] > 0 or board.terrain[task.a] == DESERT


# Each chance task's check, by kind (none: never moot); made once, not per call.
_MOOT: dict[str, Callable[[Position, Task], bool]] = {
    "draw": lambda state, task: (
        state.dev_hand(task.seat) >= R.DEV_HAND_LIMIT or not _deck_counts(state, task.a)
    ),
    "discard": lambda state, task: task.a <= 0 or not state.hand_size(task.seat),
    "steal": lambda state, task: not state.hand_size(task.a),
    "raze": lambda state, task: not _razable(state, task.seat),
    "deal": _deal_is_moot,
}


def _deck_counts(state: Position, deck: int) -> dict[int, int]:
    """Cards left in one deck, or in all of them for deck 3 (LANDOVER-30)."""
    return {
        c: q for c, q in enumerate(state.bank.deck) if q and (deck == 3 or R.CARDS[c][1] == deck)
    }


def _razable(state: Position, seat: int) -> list[int]:
    """The cities of ``seat`` the barbarians may raze: those without a metro."""
    pieces = state.pieces
    return [v for v in pieces.corners(seat, CITY) if pieces.metro_at[v] < 0]
