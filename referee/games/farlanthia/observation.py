"""What one seat may see: the revealed map, every realm's public state, its own hand.

Unrevealed tiles show terrain 0 (FARL-03); a seat also sees the face-down
tiles it placed in the draft and the tile it drew (FARL-35). Held adventure
cards are listed for their owner only; others see the count (FARL-33).
Everything else in the state is public and shown, so a seat can rebuild a
full state from its observation by sampling only what is hidden (forward.py).
"""

from __future__ import annotations

from referee.games.farlanthia.board import Geometry, Terrain
from referee.games.farlanthia.course import Phase
from referee.games.farlanthia.table import Table
from referee.games.fieldbytes import FieldBytes
from referee.games.kept import Kept
from sdk.pb.landgrave.games.farlanthia.v1 import farlanthia_pb2

_BOARD_FIELDS = FieldBytes(farlanthia_pb2.Observation)
"""Per-hex lists: set from their kept bytes, as they change on few steps."""


_COORDS: Kept[bytes] = Kept(64)
"""Each hexagon's ``q`` and ``r`` lists as bytes, by its (shared) geometry: one per map
radius, few."""


def _coords(geo: Geometry) -> bytes:
    return _COORDS.get(id(geo), geo, lambda: _coords_bytes(geo))


def _coords_bytes(geo: Geometry) -> bytes:
    coords = farlanthia_pb2.Observation(q=[q for q, _ in geo.coords], r=[r for _, r in geo.coords])
    return coords.SerializeToString()


def observe(state: Table, seat: int) -> farlanthia_pb2.Observation:
    """The Observation message of a state for a seat."""
    geo = state.geo
    terrain = [
        int(t) if shown else 0
        for t, shown in zip(state.tiles.terrain, state.tiles.revealed, strict=True)
    ]
    top = state.pending.frames[-1] if state.pending.frames else None
    face_down = list(state.tiles.terrain_left)
    if state.tiles.drawn_tile:
        face_down[state.tiles.drawn_tile] += 1
    for kind, shown in zip(state.tiles.terrain, state.tiles.revealed, strict=True):
        if not shown and kind is not Terrain.UNKNOWN:
            face_down[kind] += 1
    drafting = state.course.phase is Phase.DRAFT and state.current == seat
    message = farlanthia_pb2.Observation(
        config=state.rules.to_config(),
        seat=seat,
        num_players=state.players,
        season=state.course.season + 1,
        seasons_total=state.seasons_total,
        phase=int(state.course.phase),
        current=state.current,
        order=state.course.order,
        caravan_taken=state.course.caravan_taken,
        active_tile=-1 if state.course.active is None else state.course.active[0],
        active_units=0 if state.course.active is None else state.course.active[1],
        active_moves=0 if state.course.active is None else state.course.active[2],
        pending=0 if top is None else int(top.ask),
        pending_card=-1 if top is None else top.card,
        winner=state.course.winner,
        event_deck_left=len(state.decks.events),
        adventure_deck_left=len(state.decks.adventures),
        terrain_left=face_down,
        turn=state.course.turn,
        to_roll=state.course.to_roll,
        ending_turn=state.course.ending_turn,
        scout_free=state.course.scout_free,
        scout_extra=state.course.scout_extra,
        scout_die_used=state.course.scout_die_used,
        scout_frontier=state.course.scout_frontier,
        scout_count=state.course.scout_count,
        hero_done=state.course.hero_done,
        produced=state.course.produced,
        requisitioned=state.course.requisitioned,
        event_discard=state.decks.event_discard,
        adventure_discard=state.decks.adventure_discard,
        drawn_tile=state.tiles.drawn_tile if drafting else 0,
        tile_drawn=state.tiles.drawn_tile > 0,
    )
    tiles = state.tiles
    message.MergeFromString(_coords(geo))
    _BOARD_FIELDS.merge(
        message,
        [
            ("terrain", terrain),
            ("structure", tiles.structure),
            ("owner", tiles.owner),
            ("troop_owner", tiles.troop_owner),
            ("troops", tiles.troops),
            ("exhausted", tiles.exhausted),
            ("revealed", tiles.revealed),
            ("revealed_season", tiles.revealed_season),
            ("revealed_by", tiles.revealed_by),
            ("militia_raised", tiles.militia_raised),
            ("placed_by", tiles.placed_by),
            ("placed_terrain", _placed_terrain(state, seat)),
        ],
    )
    for frame in state.pending.frames:
        message.frames.add(
            ask=int(frame.ask),
            seat=frame.seat,
            card=frame.card,
            count=frame.count,
            other=frame.other,
            tile=frame.tile,
        )
    for other, realm in enumerate(state.realms):
        flags = state.seasonal[other]
        message.players.add(
            seat=other,
            alive=realm.alive,
            renown=realm.renown,
            valor=realm.valor,
            honor=realm.honor,
            resources=realm.resources,
            dice=realm.dice,
            capitol=realm.capitol,
            troops=state.troops_of(other),
            hand=realm.hand if other == seat else (),
            hand_count=len(realm.hand),
            events=realm.events,
            bonus_left=realm.bonus_left,
            score=state.realms[other].score(),
            caravan_blocked=flags.caravan_blocked,
            refugees=flags.refugees,
            harvest=flags.harvest,
            no_negotiations=flags.no_negotiations,
            proposed=flags.proposed,
            forced_labor=flags.forced_labor,
            eliminated_order=realm.eliminated_order,
            attacked=state.diplomacy.attacked[other],
            last_trade=state.diplomacy.last_trade[other],
            last_legality=state.diplomacy.last_legality[other],
            last_forced=state.diplomacy.last_forced[other],
            attacked_before=state.diplomacy.attacked_before[other],
            trade_before=state.diplomacy.trade_before[other],
            legality_before=state.diplomacy.legality_before[other],
            forced_before=state.diplomacy.forced_before[other],
        )
    for proposer, resister, made in state.diplomacy.truces:
        message.truces.add(proposer=proposer, resister=resister, season=made)
    if state.pending.battle is not None:
        b = state.pending.battle
        message.battle.CopyFrom(
            farlanthia_pb2.Battle(
                attacker=b.attacker,
                defender=b.defender,
                tile=b.tile,
                negotiation=b.negotiation,
                attacker_units=b.att,
                defender_units=b.dfn,
                attacker_roll=b.att_roll,
                defender_roll=b.def_roll,
                fortified=b.fortified,
                stage=int(b.stage),
                mover=b.mover,
                source=b.source,
            )
        )
    return message


def _placed_terrain(state: Table, seat: int) -> list[int]:
    """The face-down tiles this seat placed, which it alone knows (FARL-35)."""
    tiles = state.tiles
    return [
        int(kind) if by == seat and not shown else 0
        for kind, by, shown in zip(tiles.terrain, tiles.placed_by, tiles.revealed, strict=True)
    ]
