"""Landover's actions in words, for the stepper, the viewer and the logs.

Places are named by number and by the land they touch, as players read a
board: "vertex 25 (forest 6, pasture 9)".
"""

from __future__ import annotations

from referee.engine import actor
from referee.games.landover import actions as a
from referee.games.landover import rules as R
from referee.games.landover.board import GENERIC_HARBOR, SEA, TERRAIN_NAMES
from referee.games.landover.position import Position

TRACK_NAMES = ("science", "commerce", "politics")
CHANCE_DRAWS = {
    "discard": "picks {kind} as the card {seat} discards",
    "steal": "picks {kind} as the card stolen from {seat}",
    "gold": "picks {kind} as {seat}'s gold-field resource",
}
"""What chance's random kind means, by the task that asked for it."""


def describe(state: Position, seat: int, action: a.LandoverAction) -> str:
    """One sentence: "seat 1 builds a city on vertex 25 (forest 6, pasture 9)"."""
    return f"{actor(seat)} {_predicate(state, action)}"


def _predicate(state: Position, action: a.LandoverAction) -> str:  # noqa: PLR0911, PLR0912
    # One case per action kind: a long but flat table.
    match action:
        case a.BuildRoad(edge):
            return f"builds a road on {_edge(state, edge)}"
        case a.BuildBoat(edge):
            return f"builds a boat on {_edge(state, edge)}"
        case a.BuildVillage(vertex):
            return f"builds a village on {_vertex(state, vertex)}"
        case a.BuildCity(vertex):
            return f"builds a city on {_vertex(state, vertex)}"
        case a.BuildWall(vertex):
            return f"builds a wall around the city on {_vertex(state, vertex)}"
        case a.BuyMilitary():
            return "buys a military unit"
        case a.ImproveCulture(track):
            return f"improves {_name(TRACK_NAMES, track)} culture"
        case a.BankTrade(give, get):
            ratio = state.trade_ratio(state.current, give)
            return f"trades {ratio} {_kind(give)} with the bank for 1 {_kind(get)}"
        case a.Raid(tile, victim):
            return f"raids seat {victim} on {_tile(state, tile)}"
        case a.PlayCard(card):
            return f"plays the {_card(card)} card"
        case a.RollDice():
            return "rolls the dice without playing an Alchemist"
        case a.ChooseDice(red, white):
            return f"plays an Alchemist: red die {red}, white die {white}"
        case a.EndTurn():
            return "ends the turn"
        case a.ChooseKind(kind):
            return f"chooses {_kind(kind)}"
        case a.ChoosePlayer(chosen):
            return f"chooses seat {chosen}"
        case a.ChooseTile(tile):
            return f"chooses {_tile(state, tile)}"
        case a.ChooseVertex(vertex):
            return f"chooses {_vertex(state, vertex)}"
        case a.ChooseEdge(edge):
            return f"chooses {_edge(state, edge)}"
        case a.ChooseCard(card):
            return f"chooses the {_card(card)} card"
        case a.Skip():
            return "passes"
        case a.ProposeTrade():
            return "starts a trade offer to the other players"
        case a.TradeGive(kind):
            return f"adds 1 {_kind(kind)} to what the offer gives"
        case a.TradeAsk(kind):
            return f"adds 1 {_kind(kind)} to what the offer asks for"
        case a.SendOffer():
            offer = state.offer
            offered, asked = (offer.give, offer.get) if offer is not None else ((), ())
            return f"offers the other players {_cards(offered)} for {_cards(asked)}"
        case a.AcceptTrade():
            return "accepts the trade offer"
        case a.DeclineTrade():
            return "declines the trade offer"
        case a.ChoosePartner(partner):
            return f"trades with seat {partner}"
        case a.CancelTrade():
            return "withdraws the trade offer"
        case a.DiceRoll(event, red, white):
            return f"rolls red {red} and white {white} ({red + white}), event die {_event(event)}"
        case a.EventRoll(event):
            return f"rolls the event die: {_event(event)}"
        case a.DrawCard(card):
            return f"deals seat {_task_seat(state)} the {_card(card)} card"
        case a.RandomKind(kind):
            template = CHANCE_DRAWS.get(_task_kind(state), "picks {kind} for {seat}")
            return template.format(seat=f"seat {_task_seat(state)}", kind=_kind(kind))
        case a.RandomCity(vertex):
            return f"picks the city on {_vertex(state, vertex)} to be razed"
        case a.DealTerrain(terrain):
            return f"deals {_name(TERRAIN_NAMES, terrain)} to tile {_task_tile(state)}"
        case a.DealNumber(number):
            return f"deals number {number} to {_tile(state, _task_tile(state))}"
        case a.DealPlace(tile):
            return f"deals number {_task_tile(state)} to {_tile(state, tile)}"
        case a.DealHarbor(harbor):
            return f"deals a {_harbor(harbor)} harbor to {_harbor_place(state)}"
    raise TypeError(f"expected a Landover action, got {type(action).__name__}")


def _name(names: tuple[str, ...], number: int) -> str:
    return names[number] if 0 <= number < len(names) else f"number {number}"


def _kind(kind: int) -> str:
    return _name(R.KIND_NAMES, kind)


def _cards(kinds: tuple[int, ...]) -> str:
    """Card kinds as counted words: "2 wood and 1 ore"."""
    names = [f"{kinds.count(k)} {_kind(k)}" for k in sorted(set(kinds))]
    return " and ".join(names) or "nothing"


def _card(card: int) -> str:
    return R.CARDS[card][0] if 0 <= card < len(R.CARDS) else f"number {card}"


def _event(event: int) -> str:
    if event == R.EVENT_BARBARIAN:
        return "the barbarian ship"
    return f"the {_name(TRACK_NAMES, event - 1)} gate"


def _tile(state: Position, tile: int) -> str:
    """A hex by number, terrain and token: "tile 7 (forest 6)"."""
    board = state.board
    if not 0 <= tile < len(board.terrain):
        return f"tile {tile}"
    return f"tile {tile} ({_land(state, tile)})"


def _land(state: Position, tile: int) -> str:
    board = state.board
    terrain = TERRAIN_NAMES[board.terrain[tile]]
    number = board.numbers[tile]
    return f"{terrain} {number}" if number else terrain


def _vertex(state: Position, vertex: int) -> str:
    """A corner by number and the land around it: "vertex 25 (forest 6, pasture 9)"."""
    board = state.board
    if not 0 <= vertex < len(board.vertex_tiles):
        return f"vertex {vertex}"
    lands = [_land(state, t) for t in board.vertex_tiles[vertex] if board.terrain[t] != SEA]
    return f"vertex {vertex} ({', '.join(lands) or 'at sea'})"


def _edge(state: Position, edge: int) -> str:
    """A side by number and the hexes it parts: "edge 40 (forest 6 / sea)"."""
    board = state.board
    if not 0 <= edge < len(board.edges):
        return f"edge {edge}"
    ends = board.edges[edge]
    tiles = set(board.vertex_tiles[ends[0]]) & set(board.vertex_tiles[ends[1]])
    return f"edge {edge} ({' / '.join(_land(state, t) for t in sorted(tiles))})"


def _task_seat(state: Position) -> int:
    return state.tasks[0].seat if state.tasks else state.current


def _harbor(harbor: int) -> str:
    if harbor == GENERIC_HARBOR:
        return "3:1"
    return f"2:1 {_name(R.KIND_NAMES, harbor)}"


def _harbor_place(state: Position) -> str:
    """The corners of the harbor being dealt: "vertices 3 and 4"."""
    slot = _task_tile(state)
    slots = state.board.harbor_deal
    if not 0 <= slot < len(slots):
        return f"harbor {slot}"
    return "vertices " + " and ".join(str(v) for v in slots[slot])


def _task_tile(state: Position) -> int:
    return state.tasks[0].a if state.tasks else -1


def _task_kind(state: Position) -> str:
    return state.tasks[0].kind if state.tasks else ""
