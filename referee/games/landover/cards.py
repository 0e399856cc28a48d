"""Dev cards: when each may be played, its effect, and the choices it asks for (LANDOVER-32..36).

A card whose effect needs a choice queues a seat task (tasks.py) and acts
when the choice comes. Two choices of the same kinds come from culture, not
from cards: a new metro's city (culture.py) and the Aqueduct's resource
(roll.py); their options and effects are here with the rest.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.errors import IllegalAction
from referee.games.landover import rules as R
from referee.games.landover.actions import (
    BuildBoat,
    BuildRoad,
    ChooseCard,
    ChooseEdge,
    ChooseKind,
    ChoosePlayer,
    ChooseTile,
    ChooseVertex,
    LandoverAction,
    Skip,
)
from referee.games.landover.awards import update_awards
from referee.games.landover.board import FIELDS, GOLD, MOUNTAINS
from referee.games.landover.building import (
    is_producing,
    place_route,
    raid_tiles,
    route_spots,
    tile_seats,
    tiles_near,
)
from referee.games.landover.culture import metro_spots
from referee.games.landover.position import Position
from referee.games.landover.records import BOAT, CITY, ROAD, VILLAGE
from referee.games.landover.tasks import Task

PROTECTED_NUMBERS = (2, 12, 6, 8)
"""Inventor cannot move these numbers (LANDOVER-36)."""
FIXED_KIND_CHOICES = {
    "aqueduct": range(R.RESOURCES),
    "resource_monopoly": range(R.RESOURCES),
    "commodity_monopoly": range(R.RESOURCES, R.KINDS),
    "fleet": range(R.KINDS),
}
CARD_TASKS = {
    R.MASTER_MERCHANT: ("player", "master_merchant", -1),
    R.MERCHANT: ("tile", "merchant", -1),
    R.MERCHANT_FLEET: ("kind", "fleet", -1),
    R.RESOURCE_MONOPOLY: ("kind", "resource_monopoly", -1),
    R.COMMODITY_MONOPOLY: ("kind", "commodity_monopoly", -1),
    R.INVENTOR: ("tile", "inventor", -1),
    R.MEDICINE: ("vertex", "medicine", -1),
    R.ROAD_CARD: ("route", "road", 2),
    R.BISHOP: ("tile", "bishop", -1),
    R.DESERTER: ("player", "deserter", -1),
    R.DIPLOMAT: ("edge", "diplomat", -1),
    R.RAZE: ("player", "raze", -1),
    R.SPY: ("player", "spy", -1),
}
"""Dev cards whose whole effect waits for one choice of the player (LANDOVER-33..)."""

# -- playing a card ------------------------------------------------------------


def can_play(state: Position, seat: int, card: int) -> bool:
    """Whether playing ``card`` now can have an effect (LANDOVER-32).

    Judged only on what ``seat`` may know: its own cards, the board, and the
    other seats' public counts, so the offer never reveals a hidden hand
    (LANDOVER-33: the Commercial Harbor asks for a card, not a commodity).
    """
    check = _PLAYABLE.get(card)
    return True if check is None else check(state, seat)


def _any_hand(state: Position, seat: int) -> bool:
    return any(state.hand_size(o) for o in state.opponents(seat))


def _any_military(state: Position, seat: int) -> bool:
    return any(state.seats[o].military for o in state.opponents(seat))


def _vandal_targets(state: Position, seat: int) -> bool:
    mine = state.victory_points(seat)
    return any(
        state.victory_points(o) >= mine and state.hand_size(o) >= 2 for o in state.opponents(seat)
    )


def _wedding_givers(state: Position, seat: int) -> bool:
    mine = state.victory_points(seat)
    return any(state.victory_points(o) > mine and state.hand_size(o) for o in state.opponents(seat))


# Each card's check, by card (none: always playable). A table made once, not per call:
# the main phase asks it for every dev card held, at every step.
_PLAYABLE: dict[int, Callable[[Position, int], bool]] = {
    R.ALCHEMIST: lambda state, seat: False,
    R.COMMERCIAL_HARBOR: lambda state, seat: (
        sum(state.seats[seat].hand[: R.RESOURCES]) > 0 and _any_hand(state, seat)
    ),
    R.MASTER_MERCHANT: lambda state, seat: bool(_master_targets(state, seat)),
    R.MERCHANT: lambda state, seat: bool(_merchant_tiles(state, seat)),
    R.RESOURCE_MONOPOLY: _any_hand,
    R.COMMODITY_MONOPOLY: _any_hand,
    R.CRANE: lambda state, seat: not state.perks.crane and _could_improve(state, seat),
    R.INVENTOR: lambda state, seat: len(_inventor_tiles(state)) >= 2,
    R.IRRIGATION: lambda state, seat: bool(_terrain_tiles(state, seat, FIELDS)),
    R.MINING: lambda state, seat: bool(_terrain_tiles(state, seat, MOUNTAINS)),
    R.MEDICINE: lambda state, seat: bool(_medicine_spots(state, seat)),
    R.ROAD_CARD: lambda state, seat: bool(route_spots(state, seat)),
    R.MILITARY: lambda state, seat: state.seats[seat].military < state.military_cap(seat),
    R.SIEGE: lambda state, seat: bool(raid_tiles(state, seat)),
    R.BISHOP: lambda state, seat: bool(raid_tiles(state, seat)),
    R.DESERTER: _any_military,
    R.RAZE: _any_military,
    R.DIPLOMAT: lambda state, seat: bool(_open_edges(state)),
    R.SPY: lambda state, seat: any(state.dev_hand(o) for o in state.opponents(seat)),
    R.VANDAL: _vandal_targets,
    R.WEDDING: _wedding_givers,
}


def _could_improve(state: Position, seat: int) -> bool:
    """Some culture track could still rise this turn (the Crane's only use)."""
    if state.rules.culture_needs_city and not state.pieces.count_buildings(seat, CITY):
        return False
    return any(level < 5 for level in state.seats[seat].culture)


def _terrain_tiles(state: Position, seat: int, terrain: int) -> list[int]:
    """Tiles of ``terrain`` next to a building of ``seat`` (Irrigation, Mining)."""
    board_terrain = state.board.terrain
    return [tile for tile in tiles_near(state, (seat,)) if board_terrain[tile] == terrain]


def play(state: Position, seat: int, card: int) -> list[Task]:
    """Play a dev card (already spent): its effect; return the choices it asks for, to queue."""
    follow_up = CARD_TASKS.get(card)
    if follow_up is not None:
        return [Task(follow_up[0], seat, follow_up[1], follow_up[2])]
    opponents = state.opponents(seat)
    mine = state.victory_points(seat)
    player = state.seats[seat]
    if card == R.COMMERCIAL_HARBOR:
        return [Task("kind", seat, "harbor_give", o) for o in opponents]
    if card == R.VANDAL:
        return [
            Task("discard", o, "", state.hand_size(o) // 2)
            for o in opponents
            if state.victory_points(o) >= mine
        ]
    if card == R.WEDDING:
        return [
            task
            for o in opponents
            if state.victory_points(o) > mine
            for task in [Task("kind", o, "wedding", seat)] * 2
        ]
    if card == R.CRANE:
        state.perks.start_crane()
    elif card in (R.IRRIGATION, R.MINING):
        terrain, kind = (FIELDS, R.WHEAT) if card == R.IRRIGATION else (MOUNTAINS, R.ORE)
        player.gain(kind, 2 * len(_terrain_tiles(state, seat, terrain)))
    elif card == R.MILITARY:
        player.add_military(2, state.military_cap(seat))
    else:  # siege
        state.perks.grant_raid()
    return []


def _master_targets(state: Position, seat: int) -> list[int]:
    mine = state.victory_points(seat)
    return [
        o
        for o in state.opponents(seat)
        if state.victory_points(o) > mine and state.hand_size(o) > 0
    ]


def _medicine_spots(state: Position, seat: int) -> list[int]:
    if not state.seats[seat].can_pay(R.MEDICINE_COST):
        return []
    if state.pieces.count_buildings(seat, CITY) >= R.MAX_CITIES:
        return []
    return state.pieces.corners(seat, VILLAGE)


def _merchant_tiles(state: Position, seat: int) -> list[int]:
    """Producing hexes next to a building of ``seat``; gold unless barred (LANDOVER-23)."""
    barred = GOLD if state.rules.merchant_not_on_gold else None
    terrain = state.board.terrain
    return [
        t for t in tiles_near(state, (seat,)) if terrain[t] != barred and is_producing(state, t)
    ]


def _inventor_tiles(state: Position, exclude: int = -1) -> list[int]:
    return [
        t
        for t, n in enumerate(state.board.numbers)
        if n and n not in PROTECTED_NUMBERS and t != exclude
    ]


def _open_edges(state: Position) -> list[int]:
    """Roads and boats with an end touching nothing else of their owner (Diplomat)."""
    pieces = state.pieces
    result = []
    for e in sorted(e for laid in pieces.laid for e in laid):  # the sides with a piece
        owner = pieces.edge_owner[e]
        for v in state.board.edges[e]:
            if pieces.owner[v] == owner:
                continue
            if not any(
                o != e and pieces.edge_owner[o] == owner for o in state.board.vertex_edges[v]
            ):
                result.append(e)
                break
    return result


# -- the choices a card asks for -----------------------------------------------


def task_options(state: Position, task: Task) -> list[LandoverAction]:
    """The legal answers to a seat's task; none makes the task moot."""
    if task.kind == "kind":
        kinds: list[LandoverAction] = [ChooseKind(k) for k in _kind_options(state, task)]
        if kinds and task.purpose == "harbor_give" and state.rules.commercial_harbor_skip:
            kinds.append(Skip())  # pass over this opponent (LANDOVER-33 option)
        return kinds
    if task.kind in ("player", "tile"):
        return _choice_options(state, task)
    seat = task.seat
    options: list[LandoverAction]
    if task.kind == "vertex":
        if task.purpose == "metro":
            spots = metro_spots(state, seat)
        else:
            spots = _medicine_spots(state, seat)
        options = [ChooseVertex(v) for v in spots]
    elif task.kind == "edge":
        options = [ChooseEdge(e) for e in _open_edges(state)]
    elif task.kind == "card":
        options = [ChooseCard(c) for c, q in enumerate(state.seats[task.a].dev) if q]
    else:  # route: free roads or boats, or stop
        routes = route_spots(state, seat)
        options = [*routes, Skip()] if routes else []
    return options


def _choice_options(state: Position, task: Task) -> list[LandoverAction]:
    seat, purpose = task.seat, task.purpose
    if task.kind == "player":
        if purpose == "master_merchant":
            targets = _master_targets(state, seat)
        elif purpose == "spy":
            targets = [o for o in state.opponents(seat) if state.dev_hand(o)]
        else:
            targets = [o for o in state.opponents(seat) if state.seats[o].military]
        return [ChoosePlayer(o) for o in sorted(targets)]
    if purpose == "merchant":
        tiles = _merchant_tiles(state, seat)
    elif purpose == "inventor":
        tiles = _inventor_tiles(state, task.a)
    else:
        tiles = [t for t, _ in raid_tiles(state, seat)]
    return [ChooseTile(t) for t in tiles]


def _kind_options(state: Position, task: Task) -> list[int]:
    seat, purpose = task.seat, task.purpose
    fixed = FIXED_KIND_CHOICES.get(purpose)
    if fixed is not None:
        return list(fixed)
    hand = state.seats[seat].hand
    if purpose == "harbor_give":  # every opponent is asked: leaving one out would reveal its hand
        return [k for k in range(R.RESOURCES) if hand[k]]
    if purpose == "harbor_return":
        return [k for k in range(R.RESOURCES, R.KINDS) if hand[k]]
    holder = seat if purpose == "wedding" else task.a  # else master_take
    return [k for k in range(R.KINDS) if state.seats[holder].hand[k]]


def apply_choice(state: Position, task: Task, action: LandoverAction) -> list[Task]:
    """Carry out a seat's answer to ``task``, already taken off the queue.

    Returns the steps that must come next, before anything else waiting.
    """
    seat, purpose = task.seat, task.purpose
    match action:
        case ChooseKind(kind):
            return _apply_kind(state, task, kind)
        case ChoosePlayer(other):
            return _apply_player(state, task, other)
        case ChooseTile(tile):
            return _apply_tile(state, task, tile)
        case ChooseVertex(vertex) if purpose == "metro":
            state.pieces.put_metro(vertex, task.a)
        case ChooseVertex(vertex):
            state.seats[seat].pay(R.MEDICINE_COST)
            state.pieces.upgrade(vertex)
        case ChooseEdge(edge):
            owner = state.pieces.edge_owner[edge]
            state.pieces.lift(edge)
            update_awards(state, route_of=owner)
            if owner == seat:
                return [Task("route", seat, "diplomat", 1)]
        case ChooseCard(card):
            state.seats[task.a].spend_dev(card)
            state.seats[seat].take_dev(card)
        case BuildRoad(edge) | BuildBoat(edge):
            rest = [Task("route", seat, purpose, task.a - 1)] if task.a > 1 else []
            # A hex this route reveals is dealt before the next free route.
            piece = BOAT if isinstance(action, BuildBoat) else ROAD
            return place_route(state, seat, edge, piece) + rest
        case Skip():
            pass
        case _:
            raise IllegalAction(f"landover: unexpected {action!r}")
    return []


def _apply_player(state: Position, task: Task, other: int) -> list[Task]:
    seat, purpose = task.seat, task.purpose
    if purpose == "master_merchant":
        return [Task("kind", seat, "master_take", other)] * 2
    if purpose == "spy":
        return [Task("card", seat, "spy", other)]
    state.seats[other].lose_military()
    if purpose == "deserter":
        state.seats[seat].add_military(1, state.military_cap(seat))
    return []


def _apply_kind(state: Position, task: Task, kind: int) -> list[Task]:
    seat, purpose = task.seat, task.purpose
    player = state.seats[seat]
    if purpose == "aqueduct":
        player.gain(kind)
    elif purpose in ("resource_monopoly", "commodity_monopoly"):
        count = 2 if purpose == "resource_monopoly" else 1
        for o in state.opponents(seat):
            player.gain(kind, state.seats[o].lose(kind, count))
    elif purpose == "fleet":
        state.perks.hire_fleet(kind)
    elif purpose == "harbor_give" and sum(state.seats[task.a].hand[R.RESOURCES :]) > 0:
        state.seats[task.a].gain(kind, player.lose(kind))
        return [Task("kind", task.a, "harbor_return", seat)]
    elif purpose == "harbor_give":
        pass  # no commodity to give back: the resource stays with its owner (LANDOVER-33)
    elif purpose in ("harbor_return", "wedding"):
        state.seats[task.a].gain(kind, player.lose(kind))
    else:  # master_take
        player.gain(kind, state.seats[task.a].lose(kind))
    return []


def _apply_tile(state: Position, task: Task, tile: int) -> list[Task]:
    seat, purpose = task.seat, task.purpose
    if purpose == "merchant":
        state.awards.move_merchant(seat, tile)
    elif purpose == "inventor" and task.a < 0:
        return [Task("tile", seat, "inventor", tile)]
    elif purpose == "inventor":
        state.board.swap_numbers(tile, task.a)
    else:  # bishop
        state.seats[seat].place_catapult(tile)
        victims = sorted(tile_seats(state, tile) - {seat})
        return [Task("steal", seat, "", v) for v in victims]
    return []
