"""The decisions of a seat in its own part of a phase: legal lists and their effects.

The lists read the table; the effects ask its parts to change (table.py)
and start what the action leads to: a battle, a negotiation, a question.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from itertools import chain

from referee.games.farlanthia import economy, negotiation, seasons
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
from referee.games.farlanthia.battle import Battle
from referee.games.farlanthia.board import Terrain
from referee.games.farlanthia.course import Phase
from referee.games.farlanthia.diplomacy import Negotiation
from referee.games.farlanthia.pending import Ask, Frame
from referee.games.farlanthia.structures import (
    DOWNGRADE,
    FORTIFYING,
    MILITIA,
    Res,
    Structure,
)
from referee.games.farlanthia.table import Table
from referee.games.farlanthia.tiles import MAX_TROOPS, Tiles

TROOP_COST = (0, 0, 1, 2)
"""A troop: 2 gold and 1 food (Rules section, FARL-13)."""
MUSTER_BATCH = 5
"""The most troops one Muster action raises (FARL-13)."""
MOVEMENT = 3
"""Each troop's movement points (FARL-12)."""
TRUCE_PENALTY = 5
"""Renown an attack under a truce costs (FARL-25)."""
NONE_TAKEN = (False,) * 4
"""No caravan good closed to trades (FARL-22)."""


def has_choice(table: Table, seat: int) -> bool:
    """Whether the seat may do anything but Done in its part of the phase.

    In the conflict phase Done comes last, so the first option answers it:
    nothing else is worked out.
    """
    phase = table.course.phase
    if phase is Phase.CONFLICT:
        first = next(chunk for chunk in _conflict(table, seat) if chunk)
        return not isinstance(first[0], Done)
    if phase is Phase.REALM:
        return bool(_caravan(table, seat) or _builds(table, seat))
    return phase_actions(table, seat) != [Done()]


def phase_actions(table: Table, seat: int) -> list[FarlanthiaAction]:
    """The seat's legal actions in its part of the current phase."""
    if table.course.phase is Phase.SCOUT:
        return _scout(table, seat)
    if table.course.phase is Phase.HERO:
        if table.course.hero_done or not (table.decks.adventures or table.decks.adventure_discard):
            return [Done()]
        return [*(DrawAdventure(d) for d in sorted(set(table.realms[seat].dice))), Done()]
    if table.course.phase is Phase.REALM:
        return [*_caravan(table, seat), *_builds(table, seat), Done()]
    return list(chain.from_iterable(_conflict(table, seat)))


def _scout(table: Table, seat: int) -> list[FarlanthiaAction]:
    """FARL-06: one free reveal (mandatory), more with one leadership die."""
    unrevealed = [t for t in table.course.scout_frontier if not table.tiles.revealed[t]]
    if not unrevealed:
        return [Done()]
    options: list[FarlanthiaAction] = []
    if table.course.scout_free or table.course.scout_extra:
        options += [RevealTile(t) for t in unrevealed]
    if not table.course.scout_die_used:
        options += [ScoutWithDie(d) for d in sorted(set(table.realms[seat].dice))]
    if not table.course.scout_free:
        options.append(Done())
    return options


def _caravan(table: Table, seat: int) -> list[FarlanthiaAction]:
    """FARL-22: 2-for-1 trades, then the merchant's goods a leadership die may take."""
    return [*_trades(table, seat), *_requisitions(table, seat)]


def _trades(table: Table, seat: int) -> list[FarlanthiaAction]:
    """Two of a good for one of another; raiders close only these (FARL-32)."""
    if table.seasonal[seat].caravan_blocked:
        return []
    res = table.realms[seat].resources
    taken = table.course.caravan_taken if table.rules.requisition_blocks_trade else NONE_TAKEN
    return [
        CaravanTrade(give, get)
        for give in range(4)
        for get in range(4)
        if give != get and res[give] >= 2 and not taken[get]
    ]


def _requisitions(table: Table, seat: int) -> list[FarlanthiaAction]:
    """A die takes a good nobody has taken this season; one die in all with the option."""
    if table.rules.single_requisition and table.course.requisitioned:
        return []
    dice = sorted(set(table.realms[seat].dice))
    return [Requisition(d, r) for d in dice for r in range(4) if not table.course.caravan_taken[r]]


def _builds(table: Table, seat: int) -> list[FarlanthiaAction]:
    return [Build(tile, int(kind)) for tile, kind in economy.builds(table.tiles, table.lord(seat))]


@cache
def stack_sizes(n: int) -> tuple[int, ...]:
    """How many troops one Move may take: 1, 2, 3, half and all (FARL-12)."""
    return tuple(sorted({k for k in (1, 2, 3, n // 2, n) if 1 <= k <= n}))


@lru_cache(maxsize=16_384)
def _moves(source: int, target: int, fresh: int) -> tuple[Move, ...]:
    """The moves of ``fresh`` unmoved troops from source to target, made once.

    Bounded: up to 127 x 6 x 130 keys could build up in a long-lived process.
    """
    return tuple(Move(source, target, n) for n in stack_sizes(fresh))


@cache
def _musters(tile: int, most: int) -> tuple[Muster, ...]:
    return tuple(Muster(tile, n) for n in range(1, most + 1))


def _conflict(table: Table, seat: int) -> Iterator[Sequence[FarlanthiaAction]]:
    """The conflict phase's options in their order, in runs, Done last (FARL-12..16, FARL-24)."""
    tiles, neighbours = table.tiles, table.geo.neighbours
    mine = tiles.held_by(seat)
    affordable = min(_troops_affordable(table, seat), MUSTER_BATCH)
    if affordable > 0:
        for tile in tiles.muster_points(seat, mine):
            yield _musters(tile, affordable)
    troops, exhausted, move_cost = tiles.troops, tiles.exhausted, tiles.move_cost
    for tile in tiles.troops_at(seat):
        fresh = troops[tile] - exhausted[tile]
        if fresh <= 0:
            continue
        for target in neighbours[tile]:
            if move_cost(target) <= MOVEMENT:
                yield _moves(tile, target, fresh)
    if table.course.active is not None:
        tile, _, moves = table.course.active
        yield [Continue(t) for t in neighbours[tile] if move_cost(t) <= moves]
    yield [RaiseMilitia(t) for t in _militia_tiles(tiles, seat, mine)]
    yield _proposals(table, seat)
    yield (Done(),)


def phase_allows(table: Table, seat: int, action: FarlanthiaAction) -> bool:
    """Whether ``action`` is in the seat's list for its part of the phase, without the list.

    In the realm phase only a Build needs the buildings worked out; in the
    conflict phase one look settles any action (``conflict_allows``).
    """
    phase = table.course.phase
    if phase is Phase.CONFLICT:
        return conflict_allows(table, seat, action)
    if phase is Phase.REALM:
        if isinstance(action, Done):
            return True
        if isinstance(action, Build):
            return action in _builds(table, seat)
        return action in _caravan(table, seat)
    return action in phase_actions(table, seat)


def conflict_allows(table: Table, seat: int, action: FarlanthiaAction) -> bool:  # noqa: PLR0911
    """Whether ``action`` is in the seat's conflict-phase list, checked in one look.

    The same rules as ``_conflict``, asked of one action, so a bot's answer
    is checked without listing every move (tests/games/test_farlanthia_engine.py
    checks that both agree).
    """
    tiles = table.tiles
    size = len(tiles.troops)
    match action:
        case Done():
            return True
        case Move(source, target, count):
            if not 0 <= source < size or tiles.troop_owner[source] != seat:
                return False
            fresh = tiles.troops[source] - tiles.exhausted[source]
            return (
                fresh > 0
                and target in table.geo.neighbours[source]
                and tiles.move_cost(target) <= MOVEMENT
                and count in stack_sizes(fresh)
            )
        case Muster(tile, count):
            most = min(_troops_affordable(table, seat), MUSTER_BATCH)
            return 1 <= count <= most and tile in tiles.muster_points(seat)
        case Continue(target):
            if table.course.active is None:
                return False
            tile, _, moves = table.course.active
            return target in table.geo.neighbours[tile] and tiles.move_cost(target) <= moves
        case RaiseMilitia(tile):
            return tile in _militia_tiles(tiles, seat, tiles.held_by(seat))
        case Propose():
            return action in _proposals(table, seat)
    return False


def _troops_affordable(table: Table, seat: int) -> int:
    res = table.realms[seat].resources
    paid_for = min(res[Res.GOLD] // 2, res[Res.FOOD])
    if paid_for <= 0:
        return 0  # the troop count below need not be taken
    return max(0, min(paid_for, MAX_TROOPS - table.troops_of(seat)))


def _militia_tiles(tiles: Tiles, seat: int, mine: list[int]) -> list[int]:
    """FARL-16: an own village, town or city held by enemy troops alone, once a season."""
    return [
        tile
        for tile in mine
        if tiles.structure[tile] in MILITIA
        and tiles.troop_owner[tile] not in (-1, seat)
        and not tiles.militia_raised[tile]
    ]


def _raise_militia(table: Table, seat: int, tile: int) -> None:
    """Militia rise and fight the occupiers, as defenders (FARL-16)."""
    tiles = table.tiles
    kind = tiles.structure[tile]
    tiles.raise_militia(tile, DOWNGRADE[kind])
    enemy, units = tiles.troop_owner[tile], tiles.troops[tile]
    tiles.remove_troops(tile, units)
    militia = Battle(enemy, seat, tile, 0, att=units, dfn=MILITIA[kind], fortified=False)
    table.pending.start_battle(militia)


def _proposals(table: Table, seat: int) -> list[FarlanthiaAction]:
    """FARL-24: one proposal per other realm per season; forced labor alone."""
    season = table.seasonal[seat]
    if not table.rules.diplomacy or season.no_negotiations or season.forced_labor:
        return []
    others = [o for o in table.alive_seats() if o != seat and o not in season.proposed]
    allied = {o for o in others if table.diplomacy.has_truce(seat, o)}
    options: list[FarlanthiaAction] = []
    for kind in Negotiation:
        for other in others:
            if kind is Negotiation.TRUCE and other in allied:
                continue
            if kind is Negotiation.LEGALITY and other not in allied:
                continue
            if kind is Negotiation.FORCED_LABOR and season.proposed:
                continue
            options.append(_proposal(kind, other))
    return options


@cache
def _proposal(kind: Negotiation, target: int) -> Propose:
    return Propose(int(kind), target)


def apply_phase_action(  # noqa: PLR0912 (one case per kind of action)
    table: Table, seat: int, action: FarlanthiaAction
) -> None:
    """Apply a legal phase action of the current seat."""
    course, realm = table.course, table.realms[seat]
    match action:
        case Done():
            seasons.end_turn(table)
        case RevealTile(tile):
            reveal(table, seat, tile)
        case ScoutWithDie(die):
            course.scout_with_die(table.spend_die(seat, die, use_bonus=True))
        case DrawAdventure(die):
            table.spend_die(seat, die, use_bonus=False)
            course.adventured()
            table.pending.push(Frame(Ask.DRAW_ADVENTURE, seat))
        case CaravanTrade(give, get):
            realm.gain(give, -2)
            realm.gain(get, 1)
        case Requisition(die, resource):
            table.spend_die(seat, die, use_bonus=False)
            course.take_from_caravan(resource)
            realm.gain(resource, 1)
        case Build(tile, kind):
            for card in economy.pay_for(
                table.lord(seat), Structure(kind), table.tiles.terrain[tile]
            ):
                table.decks.discard(card)
            table.tiles.set_structure(tile, Structure(kind), seat)
            seasons.end_turn(table)  # FARL-09: building ends the realm phase
        case Muster(tile, count):
            course.stop_moving()
            table.add_troops(seat, tile, count)
            for resource, amount in enumerate(TROOP_COST):
                realm.gain(resource, -amount * count)
        case Move(source, target, count):
            course.stop_moving()  # FARL-12: the previous stack may not move again
            table.tiles.remove_troops(source, count)
            moves = MOVEMENT - table.tiles.move_cost(target)
            _enter(table, seat, target, count, moves, source=source)
        case Continue(target):
            _continue(table, seat, target)
        case RaiseMilitia(tile):
            course.stop_moving()
            _raise_militia(table, seat, tile)
        case Propose(kind, target):
            _propose(table, seat, Negotiation(kind), target)


def reveal(table: Table, seat: int, tile: int) -> None:
    table.tiles.reveal(tile, seat, table.course.season)
    table.course.scouted()
    if table.tiles.terrain[tile] is Terrain.UNKNOWN:
        table.pending.push(Frame(Ask.DEAL, seat, tile=tile))


def _continue(table: Table, seat: int, target: int) -> None:
    assert table.course.active is not None
    tile, units, moves = table.course.active
    table.course.stop_moving()
    table.tiles.move_on(tile, units)
    _enter(table, seat, target, units, moves - table.tiles.move_cost(target), source=tile)


def _enter(table: Table, seat: int, tile: int, units: int, moves_left: int, *, source: int) -> None:
    """Troops enter a tile: a plain move, an occupation, or a battle (FARL-14, FARL-17)."""
    tiles = table.tiles
    enemy, owner = tiles.troop_owner[tile], tiles.owner[tile]
    if enemy not in (-1, seat):
        attack(table, seat, enemy)
        defenders = tiles.troops[tile]
        tiles.remove_troops(tile, defenders)
        if owner == seat:  # FARL-17: the structure's owner defends it
            attacker, defender, att, dfn = enemy, seat, defenders, units
            fortified = tiles.structure[tile] in FORTIFYING
        else:
            attacker, defender, att, dfn = seat, enemy, units, defenders
            fortified = tiles.structure[tile] in FORTIFYING and owner == enemy
        table.pending.start_battle(
            Battle(attacker, defender, tile, 0, att, dfn, fortified, mover=seat, source=source)
        )
        return
    reinforcing = enemy == seat
    tiles.move_in(seat, tile, units)
    if owner not in (-1, seat):
        # Entering an enemy structure is an attack, joining one's own occupation
        # of it too unless the option says otherwise (FARL-25); it ends the move.
        if not (reinforcing and table.rules.peaceful_reinforcement):
            attack(table, seat, owner)
        return
    if moves_left > 0:
        table.course.keep_moving(tile, units, moves_left)


def attack(table: Table, attacker: int, victim: int) -> None:
    """An attack is remembered; under a truce it costs 5 renown and ends it (FARL-25)."""
    if table.diplomacy.has_truce(attacker, victim):
        table.realms[attacker].lose_renown(TRUCE_PENALTY)
        table.diplomacy.end_truce(attacker, victim)
    table.diplomacy.record_attack(attacker, victim, table.course.season)


def _propose(table: Table, seat: int, kind: Negotiation, target: int) -> None:
    table.course.stop_moving()
    forced_labor = kind is Negotiation.FORCED_LABOR
    table.seasonal[seat].propose_to(target, forced_labor=forced_labor)
    strength = negotiation.ambassador_strength(table, kind, seat, target)  # before the history
    table.diplomacy.record_proposal(kind, seat, table.course.season)
    if forced_labor:
        negotiation.resist(table, kind, seat, target, strength)
        return
    table.pending.push(Frame(Ask.RESPOND, target, card=int(kind), count=strength, other=seat))
