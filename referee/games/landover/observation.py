"""What one seat sees of a Landover game.

Hidden: other seats' resource and commodity cards (only their count),
other seats' dev cards (only their count) and the decks (only their size).
A seat choosing from another's cards (Master Merchant, Spy) sees them.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.games.kept import Kept
from referee.games.landover import rules as R
from referee.games.landover.board import TERRAIN_NAMES, Board
from referee.games.landover.position import Position
from sdk.pb.landgrave.games.landover.v1 import landover_pb2


def rules_config(state: Position) -> landover_pb2.Config:
    rules = state.rules
    name = state.board.name
    return landover_pb2.Config(
        victory_points=rules.victory_points,
        map="random" if name.startswith("random") else name,
        map_seed=int(name.split("-")[1]) if name.startswith("random") else 0,
        turn_limit=rules.turn_limit,
        raid_immunity_vp=rules.raid_immunity_vp,
        culture_needs_city=rules.culture_needs_city,
        trade_cards=rules.trade_cards,
        trade_offers=rules.trade_offers,
        merchant_not_on_gold=rules.merchant_not_on_gold,
        commercial_harbor_skip=rules.commercial_harbor_skip,
        setup_resources_per_hex=rules.setup_resources_per_hex,
    )


GEOMETRY_CACHE = 64
"""Boards whose geometry is kept: enough for the matches one process plays at once."""

_GEOMETRY: Kept[landover_pb2.Observation] = Kept(GEOMETRY_CACHE)
"""The board's fixed part of an Observation, made once per board geometry (a third of the cost)."""


def _geometry(board: Board) -> landover_pb2.Observation:
    """Tiles, vertices and edges with the fields that never change; the rest is filled per call.

    Corners and sides are empty here (no owner, no building, no metro), so a
    call fills in only those that hold a piece. A dealt harbor is left at -1,
    as the board's copies differ in it.
    """
    # The edges are shared by every copy of one game's board (Board.with_own_tiles).
    return _GEOMETRY.get(id(board.edges), board.edges, lambda: _make_geometry(board))


def _make_geometry(board: Board) -> landover_pb2.Observation:
    message = landover_pb2.Observation()
    dealt = {v for slot in board.harbor_deal for v in slot}
    for tile, (q, r) in enumerate(board.coords):
        message.tiles.add(q=q, r=r, island=board.island[tile], mystery=tile in board.mystery)
    for v, (x, y) in enumerate(board.vertex_xy):
        message.vertices.add(
            x=x,
            y=y,
            tiles=board.vertex_tiles[v],
            neighbours=board.vertex_neighbours[v],
            edges=board.vertex_edges[v],
            harbor=-1 if v in dealt else board.harbor[v],
            owner=-1,
            metro=-1,
        )
    for e, (a, b) in enumerate(board.edges):
        message.edges.add(a=a, b=b, kind=board.edge_kind[e], owner=-1)
    return message


def observe(state: Position, seat: int) -> landover_pb2.Observation:
    """The Observation message for one seat."""
    message = landover_pb2.Observation(
        seat=seat,
        num_players=state.players,
        config=rules_config(state),
        hand=state.seats[seat].hand,
        dev_hand=state.seats[seat].dev,
        deck_sizes=_deck_sizes(state.bank.deck),
        current_seat=state.current,
        phase=state.phase.name.lower(),
        turn=state.turn,
        barbarian_position=state.pieces.barbarian,
        barbarian_track=R.BARBARIAN_TRACK,
        last_event=state.last_roll[0],
        last_red=state.last_roll[1],
        last_white=state.last_roll[2],
        metro_owner=state.awards.metro_owner,
        longest_route_seat=state.awards.longest,
        port_authority_seat=state.awards.port,
        merchant_seat=state.awards.merchant_seat,
        merchant_tile=state.awards.merchant_tile,
        raid_immune_tiles=sorted(state.pieces.cleared),
        trade_ratio=state.trade_ratios(seat),
        raided_this_turn=state.perks.raided,
        free_raids=state.perks.free_raids,
        winner=state.winner,
        victory_points_target=state.rules.victory_points,
        setup_vertex=state.setup_vertex,
        crane_active=state.perks.crane,
        fleet_kind=state.perks.fleet,
        offers_left=max(0, state.rules.trade_offers - state.offers_made),
        mystery_terrain_left=state.bank.mystery_left[0],
        mystery_numbers_left=state.bank.mystery_left[1],
        alchemist_red=state.alchemist[0],
        alchemist_white=state.alchemist[1],
    )
    if state.offer is not None:
        offer = state.offer
        message.offer.CopyFrom(
            landover_pb2.TradeOffer(
                proposer=offer.proposer,
                give=offer.give,
                get=offer.get,
                answers=offer.answers,
                status=offer.status,
                partner=offer.partner,
            )
        )
    message.MergeFromString(_board_part(state))  # parsed in C: half the cost of MergeFrom
    tallies = state.pieces.tallies(state.players)
    for s, player in enumerate(state.seats):
        villages, cities, walls = tallies[s]
        message.players.add(
            seat=s,
            victory_points=state.victory_points(s),
            hand_size=sum(player.hand),
            dev_cards=sum(player.dev),
            culture=player.culture,
            military=player.military,
            military_cap=state.military_cap(s),
            walls=walls,
            safe_hand=state.safe_hand(s),
            catapult=player.catapult,
            route_length=state.awards.route_lengths[s],
            harbors=state.harbor_count(s),
            vp_cards=player.vp_cards,
            defender_points=player.defender,
            islands_explored=player.explored,
            villages=villages,
            cities=cities,
        )
    for task in state.tasks:
        message.pending.add(kind=task.kind, seat=task.seat, purpose=task.purpose, a=task.a)
    if state.tasks and state.tasks[0].seat == seat:
        head = state.tasks[0]
        if head.purpose == "master_take":
            message.revealed_hand.extend(state.seats[head.a].hand)
        elif head.kind == "card":
            message.revealed_dev.extend(state.seats[head.a].dev)
    return message


_DECKS = tuple(
    tuple(card for card, (_, colour, _) in enumerate(R.CARDS) if colour == deck)
    for deck in range(3)
)
"""The cards of each of the three decks."""


def _deck_sizes(deck: list[int]) -> list[int]:
    """Cards left in each of the three decks."""
    return [sum(map(deck.__getitem__, cards)) for cards in _DECKS]


_BOARDS: Kept[bytes] = Kept(GEOMETRY_CACHE)
"""Boards as observed (geometry, deals and pieces), by what decides them."""


def _board_part(state: Position) -> bytes:
    """The board's part of an Observation, serialized: made once per board as it stands.

    Pieces change on a few steps of a game and are observed on every
    decision: filling every corner and side each time made half an
    observation's cost. The key holds everything ``_fill_board`` reads;
    protobuf stores an equal value the same way (``True`` or ``1``), so
    equal keys fill equal messages.
    """
    board, pieces = state.board, state.pieces
    lists: tuple[Sequence[int], ...] = (
        board.terrain,
        board.numbers,
        board.harbor,
        pieces.owner,
        pieces.building,
        pieces.wall,
        pieces.metro_at,
        pieces.edge_owner,
        pieces.edge_piece,
    )
    # First the board this state (or the state it was cloned from) last showed:
    # comparing its lists costs a tenth of making and hashing the key.
    seen = state._board_seen
    if seen is not None and seen[0] is board.edges and seen[1] == lists:
        return seen[2]
    key = (id(board.edges), *map(tuple, lists))
    part = _BOARDS.get(key, board.edges, lambda: _board_bytes(state))
    state._board_seen = (board.edges, tuple(map(list, lists)), part)
    return part


def _board_bytes(state: Position) -> bytes:
    message = landover_pb2.Observation()
    message.MergeFrom(_geometry(state.board))
    _fill_board(message, state)
    return message.SerializeToString()


def _fill_board(message: landover_pb2.Observation, state: Position) -> None:
    """What changes on the board: hexes as dealt, dealt harbors, and the pieces."""
    board = state.board
    for tile, shown in enumerate(message.tiles):
        shown.terrain = TERRAIN_NAMES[board.terrain[tile]]
        shown.number = board.numbers[tile]
    for slot in board.harbor_deal:  # dealt by chance: not geometry (LANDOVER-02)
        for v in slot:
            message.vertices[v].harbor = board.harbor[v]
    pieces = state.pieces
    vertices, edges = message.vertices, message.edges
    for v, owner in enumerate(pieces.owner):
        if owner >= 0 or pieces.building[v] or pieces.wall[v] or pieces.metro_at[v] >= 0:
            vertex = vertices[v]  # else empty, as the geometry left it
            vertex.owner, vertex.building = owner, pieces.building[v]
            vertex.wall, vertex.metro = pieces.wall[v], pieces.metro_at[v]
    for e, (owner, piece) in enumerate(zip(pieces.edge_owner, pieces.edge_piece, strict=True)):
        if owner >= 0 or piece:  # a boat taken away by a Diplomat still shows its kind
            edges[e].owner, edges[e].piece = owner, piece
