"""Farlanthia's actions in words, for the stepper, the viewer and the logs.

Tiles are named by number, axial place and what stands there:
"tile 41 at (2, -1) (forest, seat 1's village)".
"""

from __future__ import annotations

from referee.engine import actor
from referee.games.farlanthia import actions as a
from referee.games.farlanthia.board import Terrain
from referee.games.farlanthia.cards import card_name
from referee.games.farlanthia.diplomacy import Negotiation
from referee.games.farlanthia.structures import RESOURCE_NAMES, STRUCTURE_NAMES, Structure
from referee.games.farlanthia.table import Table

OCCUPATION = ("leaves", "razes", "captures")
"""Occupy.choice 0, 1 and 2."""


def describe(state: Table, seat: int, action: a.FarlanthiaAction) -> str:
    """One sentence: "seat 0 moves 3 troops from tile 41 ... to tile 40 ..."."""
    return f"{actor(seat)} {_predicate(state, action)}"


def _predicate(state: Table, action: a.FarlanthiaAction) -> str:  # noqa: PLR0911, PLR0912
    # One case per action kind: a long but flat table.
    match action:
        case a.RevealTile(tile):
            return f"reveals {_tile(state, tile)}"
        case a.ScoutWithDie(die):
            return f"spends a leadership {die} to scout {die} more tiles"
        case a.Done():
            return "is done"
        case a.DrawAdventure(die):
            return f"spends a leadership {die} to draw an adventure card"
        case a.CaravanTrade(give, get):
            return f"trades 2 {_resource(give)} with the caravan for 1 {_resource(get)}"
        case a.Requisition(die, resource):
            return f"spends a leadership {die} to requisition the caravan's {_resource(resource)}"
        case a.Build(tile, structure):
            return f"builds a {_structure(structure)} on {_tile(state, tile)}"
        case a.Muster(tile, count):
            return f"musters {_troops(count)} on {_tile(state, tile)}"
        case a.Move(source, target, count):
            return f"moves {_troops(count)} from {_tile(state, source)} to {_tile(state, target)}"
        case a.Continue(target):
            return f"moves the stack on to {_tile(state, target)}"
        case a.RaiseMilitia(tile):
            return f"raises militia on {_tile(state, tile)}"
        case a.Propose(kind, target):
            return f"proposes {_negotiation(kind)} to seat {target}"
        case a.Respond(accept):
            return "accepts the proposal" if accept else "resists the proposal"
        case a.Substitute(die, slot):
            return f"replaces rolled die {slot + 1} with a leadership {die}"
        case a.Occupy(tile, choice):
            verb = OCCUPATION[choice] if 0 <= choice < len(OCCUPATION) else f"chooses {choice} for"
            return f"{verb} the enemy structure on {_tile(state, tile)}"
        case a.Swap(give, get):
            return f"swaps 1 {_resource(give)} for the partner's 1 {_resource(get)}"
        case a.ChooseResource(resource):
            return f"chooses {_resource(resource)}"
        case a.Resolve(option, tile):
            where = f" on {_tile(state, tile)}" if tile >= 0 else ""
            return f"answers {_card_asked(state)} with option {option}{where}"
        case a.MapSeed(seed):
            return f"sets the map seed {seed}"
        case a.LeadershipRoll(dice):
            return f"rolls leadership dice {_dice(dice)}"
        case a.CombatRoll(dice):
            return f"rolls battle dice {_dice(dice)}"
        case a.DrawCard(card):
            return f"draws the {card_name(card)} card"
        case a.DieRoll(value):
            return f"rolls {value} for {_card_asked(state)}"
        case a.DealTerrain(tile, terrain):
            return f"deals {_terrain(terrain)} to tile {tile}"
        case a.DrawTile(terrain):
            return f"deals a {_terrain(terrain)} tile to the drafting seat"
        case a.PlaceTile(tile):
            return f"places its drawn tile face down on {_tile(state, tile)}"
        case a.PressOn():
            return "presses on with the attack"
        case a.Withdraw():
            return "withdraws to the tile it came from"
    raise TypeError(f"expected a Farlanthia action, got {type(action).__name__}")


def _tile(state: Table, tile: int) -> str:
    if not 0 <= tile < len(state.tiles.terrain):
        return f"tile {tile}"
    q, r = state.geo.coords[tile]
    what = [_terrain(state.tiles.terrain[tile]) if state.tiles.revealed[tile] else "unrevealed"]
    if state.tiles.structure[tile] is not Structure.NONE:
        what.append(f"seat {state.tiles.owner[tile]}'s {_structure(state.tiles.structure[tile])}")
    return f"tile {tile} at ({q}, {r}) ({', '.join(what)})"


def _terrain(terrain: int) -> str:
    try:
        return Terrain(terrain).name.lower()
    except ValueError:
        return f"terrain {terrain}"


def _structure(structure: int) -> str:
    return STRUCTURE_NAMES[structure] if 0 < structure < len(STRUCTURE_NAMES) else "structure"


def _resource(resource: int) -> str:
    return RESOURCE_NAMES[resource] if 0 <= resource < len(RESOURCE_NAMES) else "resource"


def _troops(count: int) -> str:
    return f"{count} troop{'' if count == 1 else 's'}"


def _negotiation(kind: int) -> str:
    try:
        return f"a {Negotiation(kind).name.lower().replace('_', ' ')} negotiation"
    except ValueError:
        return f"negotiation {kind}"


def _dice(dice: tuple[int, ...]) -> str:
    return ", ".join(str(d) for d in dice) or "none"


def _card_asked(state: Table) -> str:
    """The card of the question waiting now, if one is."""
    frame = state.pending.frames[-1] if state.pending.frames else None
    if frame is None or frame.card < 0:
        return "the question"
    return f"the {card_name(frame.card)} card"
