"""The forward model: a full state consistent with one seat's observation (for search).

The observation carries every public part of the state (FARL-33), so most
of the state is read back from it. What the seat cannot know is sampled:
the terrain of face-down tiles other seats placed in the draft and the tile
another seat has drawn (from the face-down mix less the seat's own tiles,
FARL-35), and the kinds of other realms' held adventure cards (from the
cards neither discarded nor in the seat's hand; the rest is the deck).
Decks are multisets drawn by chance, so they have no order to sample.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from referee.games.farlanthia import cards
from referee.games.farlanthia.battle import Battle, Stage
from referee.games.farlanthia.board import Terrain
from referee.games.farlanthia.course import Course, Phase
from referee.games.farlanthia.diplomacy import Diplomacy
from referee.games.farlanthia.pending import Ask, Frame, Pending
from referee.games.farlanthia.realm import Season
from referee.games.farlanthia.rules import Rules
from referee.games.farlanthia.state import FarlanthiaState
from referee.games.farlanthia.structures import Structure
from sdk.pb.landgrave.games.farlanthia.v1 import farlanthia_pb2

HAND_TRIES = 200
"""Random deals of the unseen adventure cards tried before a systematic search."""


def determinize(
    rules: Rules,
    players: int,
    seat: int,
    obs: farlanthia_pb2.Observation,
    rng: random.Random,
) -> FarlanthiaState:
    """A state whose ``observation(seat)`` is ``obs``, hidden parts sampled with ``rng``."""
    state = FarlanthiaState(rules, players)
    _read_board(state, obs)
    _read_realms(state, obs)
    _read_turn(state, obs)
    _sample_terrain(state, seat, obs, rng)
    _sample_hands(state, seat, obs, rng)
    return state


def _read_board(state: FarlanthiaState, obs: farlanthia_pb2.Observation) -> None:
    state.tiles = replace(
        state.tiles,
        revealed=list(obs.revealed),
        revealed_season=list(obs.revealed_season),
        revealed_by=list(obs.revealed_by),
        placed_by=list(obs.placed_by),
        terrain=[Terrain(t) for t in obs.terrain],
        structure=[Structure(s) for s in obs.structure],
        owner=list(obs.owner),
        troop_owner=list(obs.troop_owner),
        troops=list(obs.troops),
        exhausted=list(obs.exhausted),
        militia_raised=list(obs.militia_raised),
    )


def _read_realms(state: FarlanthiaState, obs: farlanthia_pb2.Observation) -> None:
    state.realms = [
        replace(
            realm,
            resources=list(player.resources),
            alive=player.alive,
            renown=player.renown,
            valor=player.valor,
            honor=player.honor,
            dice=tuple(player.dice),
            hand=tuple(player.hand),
            events=tuple(player.events),
            bonus_left=player.bonus_left,
            eliminated_order=player.eliminated_order,
        )
        for player, realm in zip(obs.players, state.realms, strict=True)
    ]
    state.seasonal = [
        Season(
            caravan_blocked=p.caravan_blocked,
            refugees=p.refugees,
            harvest=p.harvest,
            no_negotiations=p.no_negotiations,
            proposed=tuple(p.proposed),
            forced_labor=p.forced_labor,
        )
        for p in obs.players
    ]
    state.diplomacy = Diplomacy(
        truces=[(t.proposer, t.resister, t.season) for t in obs.truces],
        attacked=[list(p.attacked) for p in obs.players],
        last_trade=[p.last_trade for p in obs.players],
        last_legality=[p.last_legality for p in obs.players],
        last_forced=[p.last_forced for p in obs.players],
        attacked_before=[list(p.attacked_before) for p in obs.players],
        trade_before=[p.trade_before for p in obs.players],
        legality_before=[p.legality_before for p in obs.players],
        forced_before=[p.forced_before for p in obs.players],
    )


def _read_turn(state: FarlanthiaState, obs: farlanthia_pb2.Observation) -> None:
    frames = [Frame(Ask(f.ask), f.seat, f.card, f.count, f.other, f.tile) for f in obs.frames]
    state.pending = Pending(frames, _read_battle(obs) if obs.HasField("battle") else None)
    state.course = Course(
        season=obs.season - 1,
        phase=Phase(obs.phase),
        order=tuple(obs.order),
        turn=obs.turn,
        to_roll=tuple(obs.to_roll),
        ending_turn=obs.ending_turn,
        scout_free=obs.scout_free,
        scout_extra=obs.scout_extra,
        scout_die_used=obs.scout_die_used,
        scout_frontier=tuple(obs.scout_frontier),
        scout_count=obs.scout_count,
        hero_done=obs.hero_done,
        produced=obs.produced,
        requisitioned=obs.requisitioned,
        active=(obs.active_tile, obs.active_units, obs.active_moves)
        if obs.active_tile >= 0
        else None,
        caravan_taken=list(obs.caravan_taken),
        eliminations=sum(not p.alive for p in obs.players),
        winner=obs.winner,
    )
    _read_decks(state, obs)


def _read_battle(obs: farlanthia_pb2.Observation) -> Battle:
    b = obs.battle
    return Battle(
        b.attacker,
        b.defender,
        b.tile,
        b.negotiation,
        b.attacker_units,
        b.defender_units,
        b.fortified,
        stage=Stage(b.stage),
        att_roll=tuple(b.attacker_roll),
        def_roll=tuple(b.defender_roll),
        mover=b.mover,
        source=b.source,
    )


def _read_decks(state: FarlanthiaState, obs: farlanthia_pb2.Observation) -> None:
    state.decks.event_discard = list(obs.event_discard)
    state.decks.adventure_discard = list(obs.adventure_discard)
    lying = [card for realm in state.realms for card in realm.events]
    if state.rules.events:
        state.decks.events = sorted(
            (Counter(cards.EVENT_DECK) - Counter(state.decks.event_discard + lying)).elements()
        )
    else:
        state.decks.events = []


def _sample_terrain(
    state: FarlanthiaState, seat: int, obs: farlanthia_pb2.Observation, rng: random.Random
) -> None:
    """Others' face-down tiles and drawn tile from the face-down mix less the seat's own."""
    unknown = Counter({kind: n for kind, n in enumerate(obs.terrain_left) if n})
    for tile, kind in enumerate(obs.placed_terrain):
        if kind:
            state.tiles.terrain[tile] = Terrain(kind)
            unknown[kind] -= 1
    unknown[obs.drawn_tile] -= 1 if obs.drawn_tile else 0
    hidden = [
        tile
        for tile, by in enumerate(state.tiles.placed_by)
        if by not in (-1, seat) and not state.tiles.revealed[tile]
    ]
    pool = list(unknown.elements())
    rng.shuffle(pool)
    for tile in hidden:
        state.tiles.terrain[tile] = Terrain(pool.pop())
    state.tiles.drawn_tile = obs.drawn_tile
    if obs.tile_drawn and not obs.drawn_tile:
        state.tiles.drawn_tile = pool.pop()
    left = [0] * len(state.tiles.terrain_left)
    for kind in pool:
        left[kind] += 1
    state.tiles.terrain_left = left


def _sample_hands(
    state: FarlanthiaState, seat: int, obs: farlanthia_pb2.Observation, rng: random.Random
) -> None:
    """Deal the cards the seat has not seen to the other hands (each only what it can hold)."""
    known = Counter(state.decks.adventure_discard) + Counter(state.realms[seat].hand)
    unseen = list((Counter(cards.adventure_deck(state.players)) - known).elements())
    counts = {other: player.hand_count for other, player in enumerate(obs.players) if other != seat}
    hands = _deal_hands(unseen, counts, rng)
    for other, hand in hands.items():
        state.realms[other].hand = tuple(sorted(hand))
        for card in hand:
            unseen.remove(card)
    state.decks.adventures = sorted(unseen)


def _deal_hands(
    unseen: list[int], counts: dict[int, int], rng: random.Random
) -> dict[int, list[int]]:
    """A random deal of ``counts[s]`` holdable cards to each seat s; a search if luck fails."""
    for _ in range(HAND_TRIES):
        pool = list(unseen)
        rng.shuffle(pool)
        hands: dict[int, list[int]] = {}
        for other, count in counts.items():
            hand = [card for card in pool if cards.goes_to_hand(card, other)][:count]
            if len(hand) < count:
                break
            for card in hand:
                pool.remove(card)
            hands[other] = hand
        else:
            return hands
    found = _search_hands(list(unseen), list(counts.items()))
    if found is None:
        raise ValueError("farlanthia: no deal of the unseen cards fits the hand counts")
    return found


def _search_hands(pool: list[int], wanted: list[tuple[int, int]]) -> dict[int, list[int]] | None:
    """Depth-first: the first deal that gives every seat its count of holdable cards."""
    if not wanted:
        return {}
    (other, count), rest = wanted[0], wanted[1:]
    if count == 0:
        deal = _search_hands(pool, rest)
        return None if deal is None else {other: [], **deal}
    for i, card in enumerate(pool):
        if cards.goes_to_hand(card, other):
            deal = _search_hands(pool[:i] + pool[i + 1 :], [(other, count - 1), *rest])
            if deal is not None:
                deal[other] = [card, *deal.get(other, [])]
                return deal
    return None
