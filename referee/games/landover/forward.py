"""A full Landover state from what one seat knows: the forward model for search.

``determinize`` rebuilds every public part of a position from the seat's
Observation and samples the parts the seat cannot know, consistently with
what it does know (docs/rules/landover.md, "What a seat sees"):

- the other seats' resource and commodity cards: as many as each holds, of
  kinds drawn uniformly (a hand the seat is choosing from is shown, and kept);
- the dev cards nobody has shown: which VP cards were drawn, what each deck
  holds (its size is known, and an undrawn VP card is still in its deck),
  and what each other seat holds (its count is known); cards left over were
  played.

There is no deck order and no hidden mystery hex to sample: chance draws
cards in proportion to what is left and deals a mystery hex only when it is
revealed (LANDOVER-02, -13).
"""

from __future__ import annotations

import itertools
import random
from typing import TypeVar

from referee.games.landover import rules as R
from referee.games.landover.awards import route_length
from referee.games.landover.board import MYSTERY, TERRAIN_NAMES
from referee.games.landover.position import Phase, Position
from referee.games.landover.tasks import Task
from referee.games.landover.trade import Offer
from sdk.pb.landgrave.games.landover.v1 import landover_pb2

P = TypeVar("P", bound=Position)


def determinize(blank: P, seat: int, obs: landover_pb2.Observation, rng: random.Random) -> P:
    """Fill ``blank`` (a new game of the observed game's config) from ``obs`` and ``rng``."""
    state = blank
    _board(state, obs)
    _pieces(state, obs)
    _players(state, obs)
    _turn(state, obs)
    state.seats[seat].hand = list(obs.hand)
    state.seats[seat].dev = list(obs.dev_hand)
    shown = _shown_hands(state, seat, obs)
    _sample_hands(state, seat, obs, shown, rng)
    _sample_dev_cards(state, seat, obs, shown, rng)
    return state


def _board(state: Position, obs: landover_pb2.Observation) -> None:
    board = state.board
    for tile, shown in enumerate(obs.tiles):
        board.terrain[tile] = TERRAIN_NAMES.index(shown.terrain)
        board.numbers[tile] = shown.number
    terrain_left = list(board.deal_pool.terrain)
    numbers_left = list(board.deal_pool.numbers)
    for tile in board.deal:
        if board.terrain[tile] != MYSTERY:
            terrain_left[board.terrain[tile]] -= 1
        if board.numbers[tile]:
            numbers_left[board.numbers[tile]] -= 1
    harbors_left = list(board.harbor_pool)
    for slot, corners in enumerate(board.harbor_deal):
        shown_harbor = obs.vertices[corners[0]].harbor
        if shown_harbor >= 0:
            board.deal_harbor(slot, shown_harbor)
            harbors_left[shown_harbor] -= 1
    state.bank.harbors_left = harbors_left
    state.bank.deal_left = (terrain_left, numbers_left)
    state.bank.mystery_left = (list(obs.mystery_terrain_left), list(obs.mystery_numbers_left))


def _pieces(state: Position, obs: landover_pb2.Observation) -> None:
    pieces = state.pieces
    for v, vertex in enumerate(obs.vertices):
        pieces.owner[v] = vertex.owner
        pieces.building[v] = vertex.building
        pieces.wall[v] = vertex.wall
        pieces.metro_at[v] = vertex.metro
    for e, edge in enumerate(obs.edges):
        pieces.edge_owner[e] = edge.owner
        pieces.edge_piece[e] = edge.piece
    pieces.recount()
    for v, owner in enumerate(pieces.owner):
        if owner >= 0:
            state.seats[owner].islands |= state.board.vertex_islands(v)
    state.awards.route_lengths = [route_length(state, s) for s in range(state.players)]


def _players(state: Position, obs: landover_pb2.Observation) -> None:
    for shown in obs.players:
        player = state.seats[shown.seat]
        player.culture = list(shown.culture)
        player.military = shown.military
        player.vp_cards = shown.vp_cards
        player.defender = shown.defender_points
        player.explored = shown.islands_explored
        player.catapult = shown.catapult
    awards = state.awards
    awards.metro_owner = list(obs.metro_owner)
    # A metro is kept for good once its holder reaches level 5 (LANDOVER-15).
    awards.metro_locked = [
        holder >= 0 and state.seats[holder].culture[track] == 5
        for track, holder in enumerate(awards.metro_owner)
    ]
    state.pieces.cleared = set(obs.raid_immune_tiles)
    awards.merchant_seat, awards.merchant_tile = obs.merchant_seat, obs.merchant_tile
    awards.longest, awards.port = obs.longest_route_seat, obs.port_authority_seat


def _turn(state: Position, obs: landover_pb2.Observation) -> None:
    state.phase = Phase[obs.phase.upper()]
    state.setup_vertex = obs.setup_vertex
    buildings = sum(1 for owner in state.pieces.owner if owner >= 0)
    if state.phase is Phase.SETUP:
        state.setup_step = buildings - (1 if state.setup_vertex >= 0 else 0)
    else:
        state.setup_step = 2 * state.players
    state.current, state.turn = obs.current_seat, obs.turn
    state.pieces.barbarian = obs.barbarian_position
    state.tasks = [Task(p.kind, p.seat, p.purpose, p.a) for p in obs.pending]
    state.perks.raided, state.perks.free_raids = obs.raided_this_turn, obs.free_raids
    state.perks.crane, state.perks.fleet = obs.crane_active, obs.fleet_kind
    state.alchemist = (obs.alchemist_red, obs.alchemist_white)
    state.last_roll = (obs.last_event, obs.last_red, obs.last_white)
    state.winner = obs.winner
    state.offers_made = state.rules.trade_offers - obs.offers_left
    state.offer = None
    if obs.HasField("offer"):
        shown = obs.offer
        state.offer = Offer(
            shown.proposer,
            tuple(shown.give),
            tuple(shown.get),
            tuple(shown.answers),
            shown.status,
            shown.partner,
        )


def _shown_hands(state: Position, seat: int, obs: landover_pb2.Observation) -> set[int]:
    """Put in place another seat's cards that the observation shows; return those seats."""
    if not state.tasks or state.tasks[0].seat != seat:
        return set()
    head = state.tasks[0]
    if obs.revealed_hand:
        state.seats[head.a].hand = list(obs.revealed_hand)
    if obs.revealed_dev:
        state.seats[head.a].dev = list(obs.revealed_dev)
    return {head.a} if obs.revealed_hand or obs.revealed_dev else set()


def _sample_hands(
    state: Position,
    seat: int,
    obs: landover_pb2.Observation,
    shown: set[int],
    rng: random.Random,
) -> None:
    for player in obs.players:
        other = player.seat
        if other == seat or (other in shown and obs.revealed_hand):
            continue
        hand = [0] * R.KINDS
        for _ in range(player.hand_size):
            hand[rng.randrange(R.KINDS)] += 1
        state.seats[other].hand = hand


def _sample_dev_cards(
    state: Position,
    seat: int,
    obs: landover_pb2.Observation,
    shown: set[int],
    rng: random.Random,
) -> None:
    """Decks and other seats' dev cards from the cards this seat has not seen."""
    known = [seat, *(s for s in shown if obs.revealed_dev)]
    unseen = [qty for _, _, qty in R.CARDS]
    for holder in known:
        for card, count in enumerate(state.seats[holder].dev):
            unseen[card] -= count
    scored = sum(player.vp_cards for player in state.seats)
    drawn_vp = _drawn_vp_cards(unseen, scored, list(obs.deck_sizes), rng)
    for card in drawn_vp:
        unseen[card] -= 1
    pool = [c for c, q in enumerate(unseen) for _ in range(q) if c not in R.VP_CARDS]
    rng.shuffle(pool)
    deck = [0] * R.NUM_CARDS
    for colour, size in enumerate(obs.deck_sizes):
        in_deck = [c for c in R.VP_CARDS if unseen[c] and R.CARDS[c][1] == colour]
        others = [c for c in pool if R.CARDS[c][1] == colour][: size - len(in_deck)]
        for card in in_deck + others:
            deck[card] += 1
        for card in others:
            pool.remove(card)
    state.bank.deck = deck
    for player in obs.players:
        if player.seat in known:
            continue
        hand = [0] * R.NUM_CARDS
        for card in pool[: player.dev_cards]:
            hand[card] += 1
        del pool[: player.dev_cards]
        state.seats[player.seat].dev = hand


def _drawn_vp_cards(
    unseen: list[int], drawn: int, deck_sizes: list[int], rng: random.Random
) -> tuple[int, ...]:
    """Which VP cards the seats' VP count came from: any choice each deck's size allows."""

    def fits(choice: tuple[int, ...]) -> bool:
        for colour, size in enumerate(deck_sizes):
            left = sum(q - choice.count(c) for c, q in enumerate(unseen) if R.CARDS[c][1] == colour)
            undrawn_vp = sum(
                1 for c in R.VP_CARDS if R.CARDS[c][1] == colour and c not in choice and unseen[c]
            )
            if left < size or undrawn_vp > size:
                return False
        return True

    candidates = [c for c in sorted(R.VP_CARDS) if unseen[c]]
    choices = [choice for choice in itertools.combinations(candidates, drawn) if fits(choice)]
    return rng.choice(choices) if choices else ()
