"""The decisions of a seat in its own part of a phase: legal lists and their effects."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.games.farlanthia import battle as fight
from referee.games.farlanthia import economy, seasons
from referee.games.farlanthia.actions import (
    Build,
    CaravanTrade,
    Continue,
    Done,
    DrawAdventure,
    FarlanthiaAction,
    Move,
    Muster,
    Propose,
    RaiseMilitia,
    Requisition,
    RevealTile,
    ScoutWithDie,
)
from referee.games.farlanthia.board import Terrain
from referee.games.farlanthia.pending import Ask, Frame
from referee.games.farlanthia.seasons import Phase
from referee.games.farlanthia.structures import (
    DOWNGRADE,
    FORTIFYING,
    MILITIA,
    MUSTER_POINTS,
    Res,
    Structure,
)

if TYPE_CHECKING:
    from referee.games.farlanthia.state import FarlanthiaState

TROOP_COST = (0, 0, 1, 2)
"""A troop: 2 gold and 1 food (Rules section, FARL-13)."""
MAX_TROOPS = 130
"""Per realm: 30 + 10 x 5 + 5 x 10 troop units in the box (FARL-13)."""
MUSTER_BATCH = 5
"""The most troops one Muster action raises (FARL-13)."""
MOVEMENT = 3
"""Each troop's movement points (FARL-12)."""


def phase_actions(state: FarlanthiaState, seat: int) -> list[FarlanthiaAction]:
    """The seat's legal actions in its part of the current phase."""
    if state.phase is Phase.SCOUT:
        return _scout(state, seat)
    if state.phase is Phase.HERO:
        if state.hero_done or not (state.decks.adventures or state.decks.adventure_discard):
            return [Done()]
        return [*(DrawAdventure(d) for d in sorted(set(state.realms[seat].dice))), Done()]
    if state.phase is Phase.REALM:
        return [*_caravan(state, seat), *_builds(state, seat), Done()]
    return _conflict(state, seat)


def _scout(state: FarlanthiaState, seat: int) -> list[FarlanthiaAction]:
    """FARL-06: one free reveal (mandatory), more with one leadership die."""
    unrevealed = [t for t in state.scout_frontier if not state.tiles.revealed[t]]
    if not unrevealed:
        return [Done()]
    options: list[FarlanthiaAction] = []
    if state.scout_free or state.scout_extra:
        options += [RevealTile(t) for t in unrevealed]
    if not state.scout_die_used:
        options += [ScoutWithDie(d) for d in sorted(set(state.realms[seat].dice))]
    if not state.scout_free:
        options.append(Done())
    return options


def _caravan(state: FarlanthiaState, seat: int) -> list[FarlanthiaAction]:
    if state.seasonal[seat].caravan_blocked:
        return []
    res = state.realms[seat].resources
    trades: list[FarlanthiaAction] = [
        CaravanTrade(give, get)
        for give in range(4)
        for get in range(4)
        if give != get and res[give] >= 2
    ]
    dice = sorted(set(state.realms[seat].dice))
    trades += [Requisition(d, r) for d in dice for r in range(4) if not state.caravan_taken[r]]
    return trades


def _builds(state: FarlanthiaState, seat: int) -> list[FarlanthiaAction]:
    return [Build(tile, int(kind)) for tile, kind in economy.builds(state.tiles, state.lord(seat))]


def stack_sizes(n: int) -> list[int]:
    """How many troops one Move may take: 1, 2, 3, half and all (FARL-12)."""
    return sorted({k for k in (1, 2, 3, n // 2, n) if 1 <= k <= n})


def _conflict(state: FarlanthiaState, seat: int) -> list[FarlanthiaAction]:
    tiles, neighbours = state.tiles, state.geo.neighbours
    options: list[FarlanthiaAction] = []
    affordable = _troops_affordable(state, seat)
    for tile in _muster_points(state, seat):
        options += [Muster(tile, n) for n in range(1, min(affordable, MUSTER_BATCH) + 1)]
    for tile, owner in enumerate(tiles.troop_owner):
        if owner != seat:
            continue
        fresh = tiles.troops[tile] - tiles.exhausted[tile]
        if fresh <= 0:
            continue
        sizes = stack_sizes(fresh)
        for target in neighbours[tile]:
            if tiles.move_cost(target) <= MOVEMENT:
                options += [Move(tile, target, n) for n in sizes]
    if state.active is not None:
        tile, _, moves = state.active
        options += [Continue(t) for t in neighbours[tile] if tiles.move_cost(t) <= moves]
    options += [RaiseMilitia(t) for t in _militia_tiles(state, seat)]
    options += _proposals(state, seat)
    options.append(Done())
    return options


def _muster_points(state: FarlanthiaState, seat: int) -> list[int]:
    return [
        tile
        for tile, kind in enumerate(state.tiles.structure)
        if state.tiles.owner[tile] == seat
        and kind in MUSTER_POINTS
        and state.tiles.troop_owner[tile] in (-1, seat)
    ]


def _troops_affordable(state: FarlanthiaState, seat: int) -> int:
    res = state.realms[seat].resources
    room = MAX_TROOPS - state.troops_of(seat)
    return max(0, min(res[Res.GOLD] // 2, res[Res.FOOD], room))


def _militia_tiles(state: FarlanthiaState, seat: int) -> list[int]:
    """FARL-16: an own village, town or city held by enemy troops alone, once a season."""
    return [
        tile
        for tile, owner in enumerate(state.tiles.owner)
        if owner == seat
        and state.tiles.structure[tile] in MILITIA
        and state.tiles.troop_owner[tile] not in (-1, seat)
        and not state.tiles.militia_raised[tile]
    ]


def _raise_militia(state: FarlanthiaState, seat: int, tile: int) -> None:
    """Militia rise and fight the occupiers, as defenders (FARL-16)."""
    kind = state.tiles.structure[tile]
    militia = MILITIA[kind]
    state.tiles.militia_raised[tile] = True
    state.tiles.set_structure(tile, DOWNGRADE[kind], seat)
    enemy = state.tiles.troop_owner[tile]
    units = state.tiles.troops[tile]
    state.tiles.remove_troops(tile, units)
    state.battle = fight.Battle(
        attacker=enemy,
        defender=seat,
        tile=tile,
        negotiation=0,
        att=units,
        dfn=militia,
        fortified=False,
    )


def _proposals(state: FarlanthiaState, seat: int) -> list[FarlanthiaAction]:
    """FARL-24: one proposal per other realm per season; forced labor alone."""
    season = state.seasonal[seat]
    if not state.rules.diplomacy or season.no_negotiations or season.forced_labor:
        return []
    options: list[FarlanthiaAction] = []
    for kind in fight.Negotiation:
        for other in state.alive_seats():
            if other == seat or other in season.proposed:
                continue
            if kind is fight.Negotiation.TRUCE and state.has_truce(seat, other):
                continue
            if kind is fight.Negotiation.LEGALITY and not state.has_truce(seat, other):
                continue
            if kind is fight.Negotiation.FORCED_LABOR and season.proposed:
                continue
            options.append(Propose(int(kind), other))
    return options


def apply_phase_action(  # noqa: PLR0912 (one case per kind of action)
    state: FarlanthiaState, seat: int, action: FarlanthiaAction
) -> None:
    """Apply a legal phase action of the current seat."""
    match action:
        case Done():
            seasons.end_turn(state)
        case RevealTile(tile):
            reveal(state, seat, tile)
        case ScoutWithDie(die):
            state.scout_die_used = True
            state.scout_extra += state.spend_die(seat, die, use_bonus=True)
        case DrawAdventure(die):
            state.spend_die(seat, die, use_bonus=False)
            state.hero_done = True
            state.frames.append(Frame(Ask.DRAW_ADVENTURE, seat))
        case CaravanTrade(give, get):
            state.realms[seat].gain(give, -2)
            state.realms[seat].gain(get, 1)
        case Requisition(die, resource):
            state.spend_die(seat, die, use_bonus=False)
            state.caravan_taken[resource] = True
            state.realms[seat].gain(resource, 1)
        case Build(tile, kind):
            for card in economy.pay_for(
                state.lord(seat), Structure(kind), state.tiles.terrain[tile]
            ):
                state.decks.discard(card)
            state.tiles.set_structure(tile, Structure(kind), seat)
            seasons.end_turn(state)  # FARL-09: building ends the realm phase
        case Muster(tile, count):
            state.active = None
            state.add_troops(seat, tile, count)
            for resource, amount in enumerate(TROOP_COST):
                state.realms[seat].gain(resource, -amount * count)
        case Move(source, target, count):
            _start_move(state, seat, source, target, count)
        case Continue(target):
            _continue(state, seat, target)
        case RaiseMilitia(tile):
            state.active = None
            _raise_militia(state, seat, tile)
        case Propose(kind, target):
            _propose(state, seat, fight.Negotiation(kind), target)


def reveal(state: FarlanthiaState, seat: int, tile: int) -> None:
    state.tiles.revealed[tile] = True
    state.tiles.revealed_season[tile] = state.season
    state.tiles.revealed_by[tile] = seat
    state.scout_count += 1
    if state.tiles.terrain[tile] is Terrain.UNKNOWN:
        state.frames.append(Frame(Ask.DEAL, seat, tile=tile))
    if state.scout_free:
        state.scout_free = False
    else:
        state.scout_extra -= 1


def _start_move(state: FarlanthiaState, seat: int, source: int, target: int, count: int) -> None:
    state.active = None  # FARL-12: the previous stack may not move again
    state.tiles.remove_troops(source, count)
    _enter(state, seat, target, count, MOVEMENT - state.tiles.move_cost(target), source=source)


def _continue(state: FarlanthiaState, seat: int, target: int) -> None:
    assert state.active is not None
    tile, units, moves = state.active
    state.active = None
    state.tiles.exhausted[tile] -= units
    state.tiles.remove_troops(tile, units)
    _enter(state, seat, target, units, moves - state.tiles.move_cost(target), source=tile)


def _enter(
    state: FarlanthiaState, seat: int, tile: int, units: int, moves_left: int, *, source: int
) -> None:
    """Troops enter a tile: a plain move, an occupation, or a battle (FARL-14, FARL-17)."""
    enemy = state.tiles.troop_owner[tile]
    owner = state.tiles.owner[tile]
    if enemy not in (-1, seat):
        state.break_truce(seat, enemy)
        state.attacked[seat][enemy] = state.season
        defenders = state.tiles.troops[tile]
        state.tiles.remove_troops(tile, defenders)
        if owner == seat:  # FARL-17: the structure's owner defends it
            attacker, defender, att, dfn = enemy, seat, defenders, units
            fortified = state.tiles.structure[tile] in FORTIFYING
        else:
            attacker, defender, att, dfn = seat, enemy, units, defenders
            fortified = state.tiles.structure[tile] in FORTIFYING and owner == enemy
        state.battle = fight.Battle(
            attacker, defender, tile, 0, att, dfn, fortified, mover=seat, source=source
        )
        return
    state.tiles.troop_owner[tile] = seat
    state.tiles.troops[tile] += units
    state.tiles.exhausted[tile] += units
    if owner not in (-1, seat):
        state.break_truce(seat, owner)
        state.attacked[seat][owner] = state.season
        return
    if moves_left > 0:
        state.active = (tile, units, moves_left)


def _propose(state: FarlanthiaState, seat: int, kind: fight.Negotiation, target: int) -> None:
    state.active = None
    season = state.seasonal[seat]
    season.proposed = (*season.proposed, target)
    strength = fight.ambassador_strength(state, kind, seat, target)  # before the history
    if kind is fight.Negotiation.TRADE:
        state.last_trade[seat] = state.season
    elif kind is fight.Negotiation.LEGALITY:
        state.last_legality[seat] = state.season
    elif kind is fight.Negotiation.FORCED_LABOR:
        season.forced_labor = True
        state.last_forced[seat] = state.season
        fight.start_negotiation(state, kind, seat, target, strength)
        return
    state.frames.append(Frame(Ask.RESPOND, target, card=int(kind), count=strength, other=seat))
