"""Setup and the season sequence: phases, turns, and the end of the game.

Setup lays the map (FARL-02..05). A season is the leadership phase (chance
rolls each realm's three dice, FARL-07), then the scout, hero, realm and
conflict phases, each played by every living realm in the order of
leadership. The game ends after the last season (FARL-20) or when one
capitol stands (FARL-21).
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from referee.games.farlanthia.board import Terrain, generate_map
from referee.games.farlanthia.pending import Ask, Frame
from referee.games.farlanthia.realm import Season
from referee.games.farlanthia.structures import Structure

if TYPE_CHECKING:
    from referee.games.farlanthia.state import FarlanthiaState

SEASONS_PER_YEAR = 4


class Phase(enum.IntEnum):
    """The phase of the season; values match the Observation's."""

    SETUP = 0
    LEADERSHIP = 1
    SCOUT = 2
    HERO = 3
    REALM = 4
    CONFLICT = 5
    OVER = 6
    DRAFT = 7
    """The setup draft (FARL-35), before the first leadership phase."""


def lay_map(state: FarlanthiaState, seed: int) -> None:
    """Deal the map from a seed (0: tiles stay face down), found the realms, start (FARL-02..05)."""
    if seed:
        state.tiles.terrain = list(generate_map(seed, state.players, state.rules.map_radius))
        state.terrain_left = [0] * len(state.terrain_left)
    found_realms(state)
    if state.rules.reveal_map:
        state.tiles.revealed = [True] * len(state.tiles.revealed)
    _start_season(state)


def found_realms(state: FarlanthiaState) -> None:
    """The volcano and the capitols face up, each capitol with its starting troops (FARL-04, 05)."""
    state.tiles.revealed[state.geo.centre] = True
    for seat, realm in enumerate(state.realms):
        state.tiles.set_structure(realm.capitol, Structure.CAPITOL, seat)
        state.tiles.revealed[realm.capitol] = True
        state.tiles.revealed_by[realm.capitol] = seat
        state.add_troops(seat, realm.capitol, state.rules.starting_troops)


def start_draft(state: FarlanthiaState) -> None:
    """The realms are founded; the face-down tiles are drafted before the first season."""
    found_realms(state)
    state.phase = Phase.DRAFT


def drafter(state: FarlanthiaState) -> int:
    """The seat that draws and places the next tile: seats take turns from seat 0 (FARL-35)."""
    placed = sum(1 for seat in state.tiles.placed_by if seat >= 0)
    return placed % state.players


def place_tile(state: FarlanthiaState, tile: int) -> None:
    """The drafter's drawn tile goes face down on ``tile``; the last one starts the game."""
    state.tiles.terrain[tile] = Terrain(state.drawn_tile)
    state.tiles.placed_by[tile] = drafter(state)
    state.drawn_tile = 0
    if Terrain.UNKNOWN not in state.tiles.terrain:
        _start_season(state)


def _start_season(state: FarlanthiaState) -> None:
    state.phase = Phase.LEADERSHIP
    state.seasonal = [Season() for _ in range(state.players)]
    state.caravan_taken = [False] * 4
    state.tiles.militia_raised = [False] * len(state.tiles.militia_raised)
    for realm in state.realms:
        realm.dice = ()
        realm.bonus_left = max(0, realm.renown)
    state.to_roll = tuple(state.alive_seats())
    state.order = ()


def leadership_roll(state: FarlanthiaState, dice: tuple[int, ...]) -> None:
    """Set the next seat's dice; once all are rolled, tied totals roll again (FARL-07)."""
    seat, state.to_roll = state.to_roll[0], state.to_roll[1:]
    state.realms[seat].dice = dice
    if state.to_roll:
        return
    alive = state.alive_seats()
    totals = {s: sum(state.realms[s].dice) for s in alive}
    tied = tuple(s for s in alive if list(totals.values()).count(totals[s]) > 1)
    if tied:
        state.to_roll = tied
        return
    state.order = tuple(sorted(alive, key=lambda s: totals[s]))
    _start_phase(state, Phase.SCOUT)


def _start_phase(state: FarlanthiaState, phase: Phase) -> None:
    state.phase = phase
    state.turn = 0
    _start_turn(state)


def _start_turn(state: FarlanthiaState) -> None:
    """Prepare the current seat's part of the phase, skipping fallen realms."""
    while state.turn < len(state.order) and not state.realms[state.current].alive:
        state.turn += 1
    if state.turn >= len(state.order):
        _next_phase(state)
        return
    seat = state.current
    state.ending_turn = False
    if state.phase is Phase.SCOUT:
        state.scout_frontier = _scout_frontier(state, seat)
        state.scout_free = bool(state.scout_frontier)
        state.scout_extra, state.scout_die_used, state.scout_count = 0, False, 0
    elif state.phase is Phase.HERO:
        state.hero_done = not state.rules.adventures
    elif state.phase is Phase.REALM:
        state.produced = False
        for card in reversed(state.realms[seat].events):
            state.frames.append(Frame(Ask.REALM_EVENT, seat, card))
    elif state.phase is Phase.CONFLICT:
        state.active = None
        state.tiles.exhausted = [0] * len(state.tiles.exhausted)
        state.truces = [t for t in state.truces if not (t[0] == seat and t[2] < state.season)]


def _next_phase(state: FarlanthiaState) -> None:
    if state.phase is Phase.CONFLICT:
        state.season += 1
        if state.season >= state.seasons_total:
            finish(state)
            return
        _start_season(state)
        return
    _start_phase(state, Phase(state.phase + 1))


def end_turn(state: FarlanthiaState) -> None:
    """The current seat is done with this phase: wrap it up; ``advance`` moves on."""
    seat = state.current
    if state.phase is Phase.SCOUT and state.scout_count and state.rules.events:
        state.frames.append(Frame(Ask.DRAW_EVENT, seat))
    if state.phase is Phase.CONFLICT:
        state.active = None
        for tile in reversed(_held_by_enemies(state, seat)):  # FARL-17: on the owner's phase
            state.frames.append(Frame(Ask.OCCUPY, state.tiles.troop_owner[tile], tile=tile))
    state.ending_turn = True


def advance(state: FarlanthiaState) -> None:
    """The next seat's turn, once the frames the last turn left are answered."""
    state.ending_turn = False
    state.turn += 1
    _start_turn(state)


def finish(state: FarlanthiaState) -> None:
    """The game is over: nothing is pending any more."""
    state.phase = Phase.OVER
    state.frames = []
    state.battle = None
    state.active = None


def _connected_region(state: FarlanthiaState, seat: int) -> set[int]:
    """Revealed tiles connected to the seat's capitol through revealed tiles."""
    start = state.realms[seat].capitol
    seen = {start}
    todo = [start]
    while todo:
        tile = todo.pop()
        for n in state.geo.neighbours[tile]:
            if n not in seen and state.tiles.revealed[n]:
                seen.add(n)
                todo.append(n)
    return seen


def _scout_frontier(state: FarlanthiaState, seat: int) -> tuple[int, ...]:
    """Unrevealed tiles next to the seat's connected revealed region (FARL-06)."""
    neighbours = state.geo.neighbours
    region = _connected_region(state, seat)
    return tuple(sorted({n for t in region for n in neighbours[t] if not state.tiles.revealed[n]}))


def _held_by_enemies(state: FarlanthiaState, seat: int) -> list[int]:
    """The seat's structures that enemy troops stand on (none of its own can be there)."""
    return [
        tile
        for tile, owner in enumerate(state.tiles.owner)
        if owner == seat and state.tiles.troop_owner[tile] not in (-1, seat)
    ]


def eliminate(state: FarlanthiaState, seat: int) -> None:
    """A realm whose capitol is razed leaves the game with all it has (FARL-21)."""
    realm = state.realms[seat]
    realm.alive = False
    realm.eliminated_order = state.eliminations
    state.eliminations += 1
    for tile in range(len(state.tiles.structure)):
        if state.tiles.owner[tile] == seat:
            state.tiles.set_structure(tile, Structure.NONE, -1)
        if state.tiles.troop_owner[tile] == seat:
            state.tiles.remove_troops(tile, state.tiles.troops[tile])
    state.truces = [t for t in state.truces if seat not in (t[0], t[1])]
    realm.dice = ()
    alive = state.alive_seats()
    if len(alive) == 1:
        state.winner = alive[0]
        finish(state)
