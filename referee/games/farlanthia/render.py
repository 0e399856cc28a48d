"""The text picture of a Farlanthia game: the hex map by rows, then the realms."""

from __future__ import annotations

from referee.games.farlanthia.board import Terrain
from referee.games.farlanthia.cards import card_name
from referee.games.farlanthia.structures import RESOURCE_NAMES, STRUCTURE_NAMES
from referee.games.farlanthia.table import Table

TERRAIN_LETTERS = {
    Terrain.UNKNOWN: "?",
    Terrain.VOLCANO: "^",
    Terrain.LAKE: "~",
    Terrain.BADLANDS: "x",
    Terrain.MOUNTAIN: "M",
    Terrain.FOREST: "f",
    Terrain.FIELDS: ".",
}
STRUCTURE_LETTERS = "-VTCKmGFWR"
SEASON_NAMES = ("spring", "summer", "autumn", "winter")


def cell(state: Table, tile: int) -> str:
    """Four characters: terrain, structure (lower case letter + owner), troops."""
    if not state.tiles.revealed[tile] or state.tiles.terrain[tile] is Terrain.UNKNOWN:
        return " ?? "
    text = TERRAIN_LETTERS[state.tiles.terrain[tile]]
    kind = state.tiles.structure[tile]
    text += f"{STRUCTURE_LETTERS[kind]}{state.tiles.owner[tile]}" if kind else "  "
    if state.tiles.troops[tile]:
        text += chr(ord("a") + state.tiles.troop_owner[tile]) + str(
            min(state.tiles.troops[tile], 99)
        )
    return f"{text:<6}"


def render_text(state: Table) -> str:
    """The map, one hex row per line, then each realm's resources and scores."""
    geo = state.geo
    season, total = state.course.season, state.seasons_total
    lines = [
        f"Farlanthia  season {min(season + 1, total)}/{total} "
        f"({SEASON_NAMES[season % 4]})  phase {state.course.phase.name.lower()}  "
        f"turn of seat {state.current}"
    ]
    radius = state.rules.map_radius
    for r in range(-radius, radius + 1):
        row = [cell(state, i) for i, (_, rr) in enumerate(geo.coords) if rr == r]
        lines.append(" " * 3 * abs(r) + " ".join(row))
    for seat, realm in enumerate(state.realms):
        goods = ", ".join(f"{n} {RESOURCE_NAMES[i]}" for i, n in enumerate(realm.resources))
        status = "" if realm.alive else " (eliminated)"
        lines.append(
            f"seat {seat}{status}: renown {realm.renown} valor {realm.valor} "
            f"honor {realm.honor} | {goods} | troops {state.troops_of(seat)} | "
            f"dice {list(realm.dice)} | hand {[card_name(c) for c in realm.hand]}"
        )
    if state.pending.battle is not None:
        b = state.pending.battle
        lines.append(f"battle: seat {b.attacker} ({b.att}) vs seat {b.defender} ({b.dfn})")
    if state.course.winner >= 0:
        lines.append(f"seat {state.course.winner} holds the last capitol")
    pairs = zip(STRUCTURE_LETTERS[1:], STRUCTURE_NAMES[1:], strict=True)
    legend = ", ".join(f"{k}={v}" for k, v in pairs)
    lines.append(f"structures: {legend}; troops: a-f = seat 0-5")
    return "\n".join(lines)
