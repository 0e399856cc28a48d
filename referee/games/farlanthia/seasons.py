"""Setup and the season sequence: phases, turns, and the end of the game.

Setup lays the map (FARL-02..05). A season is the leadership phase (chance
rolls each realm's three dice, FARL-07), then the scout, hero, realm and
conflict phases, each played by every living realm in the order of
leadership. The game ends after the last season (FARL-20) or when one
capitol stands (FARL-21). Where the game stands is the course's
(course.py); this module decides what comes next and asks the parts of
the table to change.
"""

from __future__ import annotations

from referee.games.farlanthia.board import Terrain, generate_map
from referee.games.farlanthia.course import Phase
from referee.games.farlanthia.pending import Ask, Frame
from referee.games.farlanthia.table import Table


def lay_map(table: Table, seed: int) -> None:
    """Deal the map from a seed (0: tiles stay face down), found the realms, start (FARL-02..05)."""
    if seed:
        table.tiles.lay(generate_map(seed, table.players, table.rules.map_radius))
    found_realms(table)
    if table.rules.reveal_map:
        table.tiles.reveal_all()
    _start_season(table)


def found_realms(table: Table) -> None:
    """The volcano and the capitols face up, each capitol with its starting troops (FARL-04, 05)."""
    table.tiles.show(table.geo.centre)
    for seat, realm in enumerate(table.realms):
        table.tiles.found(realm.capitol, seat)
        table.add_troops(seat, realm.capitol, table.rules.starting_troops)


def start_draft(table: Table) -> None:
    """The realms are founded; the face-down tiles are drafted before the first season."""
    found_realms(table)
    table.course.start_draft()


def place_tile(table: Table, tile: int) -> None:
    """The drafter's drawn tile goes face down on ``tile``; the last one starts the game."""
    table.tiles.place_drawn(tile, table.drafter())
    if Terrain.UNKNOWN not in table.tiles.terrain:
        _start_season(table)


def _start_season(table: Table) -> None:
    for season in table.seasonal:
        season.clear()
    table.tiles.new_season()
    for realm in table.realms:
        realm.start_season()
    table.course.start_season(tuple(table.alive_seats()))


def leadership_roll(table: Table, dice: tuple[int, ...]) -> None:
    """Set the next seat's dice; once all are rolled, tied totals roll again (FARL-07)."""
    course = table.course
    table.realms[course.next_to_roll()].roll(dice)
    if course.to_roll:
        return
    alive = table.alive_seats()
    totals = {s: sum(table.realms[s].dice) for s in alive}
    tied = tuple(s for s in alive if list(totals.values()).count(totals[s]) > 1)
    if tied:
        course.roll_again(tied)
        return
    course.set_order(tuple(sorted(alive, key=lambda s: totals[s])))
    _start_phase(table, Phase.SCOUT)


def _start_phase(table: Table, phase: Phase) -> None:
    table.course.start_phase(phase)
    _start_turn(table)


def _start_turn(table: Table) -> None:
    """Prepare the current seat's part of the phase, skipping fallen realms."""
    course = table.course
    while not course.is_turn_over() and not table.realms[course.seat].alive:
        course.skip()
    if course.is_turn_over():
        _next_phase(table)
        return
    seat = course.seat
    course.start_turn()
    if course.phase is Phase.SCOUT:
        course.start_scouting(_scout_frontier(table, seat))
    elif course.phase is Phase.HERO:
        course.start_hero(done=not table.rules.adventures)
    elif course.phase is Phase.REALM:
        course.start_realm()
        for card in reversed(table.realms[seat].events):
            table.pending.push(Frame(Ask.REALM_EVENT, seat, card))
    elif course.phase is Phase.CONFLICT:
        course.stop_moving()
        table.tiles.rest()
        table.diplomacy.expire(seat, course.season)


def _next_phase(table: Table) -> None:
    course = table.course
    if course.phase is Phase.CONFLICT:
        course.next_season()
        if course.season >= table.seasons_total:
            finish(table)
            return
        _start_season(table)
        return
    _start_phase(table, Phase(course.phase + 1))


def end_turn(table: Table) -> None:
    """The current seat is done with this phase: wrap it up; ``advance`` moves on."""
    course = table.course
    seat = course.seat
    if course.phase is Phase.SCOUT and course.scout_count and table.rules.events:
        table.pending.push(Frame(Ask.DRAW_EVENT, seat))
    if course.phase is Phase.CONFLICT:
        for tile in reversed(_held_by_enemies(table, seat)):  # FARL-17: on the owner's phase
            table.pending.push(Frame(Ask.OCCUPY, table.tiles.troop_owner[tile], tile=tile))
    course.end_turn()


def advance(table: Table) -> None:
    """The next seat's turn, once the frames the last turn left are answered."""
    table.course.advance()
    _start_turn(table)


def finish(table: Table, winner: int = -1) -> None:
    """The game is over: nothing is pending any more."""
    table.course.finish(winner)
    table.pending.clear()


def _connected_region(table: Table, seat: int) -> set[int]:
    """Revealed tiles connected to the seat's capitol through revealed tiles."""
    start = table.realms[seat].capitol
    revealed = table.tiles.revealed
    seen = {start}
    todo = [start]
    while todo:
        tile = todo.pop()
        for n in table.geo.neighbours[tile]:
            if n not in seen and revealed[n]:
                seen.add(n)
                todo.append(n)
    return seen


def _scout_frontier(table: Table, seat: int) -> tuple[int, ...]:
    """Unrevealed tiles next to the seat's connected revealed region (FARL-06)."""
    neighbours, revealed = table.geo.neighbours, table.tiles.revealed
    region = _connected_region(table, seat)
    return tuple(sorted({n for t in region for n in neighbours[t] if not revealed[n]}))


def _held_by_enemies(table: Table, seat: int) -> list[int]:
    """The seat's structures that enemy troops stand on (none of its own can be there)."""
    troop_owner = table.tiles.troop_owner
    return [tile for tile in table.tiles.held_by(seat) if troop_owner[tile] not in (-1, seat)]


def eliminate(table: Table, seat: int) -> None:
    """A realm whose capitol is razed leaves the game with all it has (FARL-21)."""
    table.realms[seat].fall(table.course.count_elimination())
    table.tiles.clear_realm(seat)
    table.diplomacy.forget(seat)
    alive = table.alive_seats()
    if len(alive) == 1:
        finish(table, winner=alive[0])
