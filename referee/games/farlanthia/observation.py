"""What one seat may see: the revealed map, every realm's public state, its own hand.

Unrevealed tiles show terrain 0 (FARL-03). Held adventure cards are listed
for their owner only; others see the count (FARL-33).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sdk.pb.landgrave.games.farlanthia.v1 import farlanthia_pb2

if TYPE_CHECKING:
    from referee.games.farlanthia.state import FarlanthiaState


def observe(state: FarlanthiaState, seat: int) -> farlanthia_pb2.Observation:
    """The Observation message of a state for a seat."""
    geo = state.geo
    terrain = [
        int(t) if shown else 0 for t, shown in zip(state.terrain, state.revealed, strict=True)
    ]
    top = state.frames[-1] if state.frames else None
    message = farlanthia_pb2.Observation(
        config=state.rules.to_config(),
        seat=seat,
        num_players=state.players,
        season=state.season + 1,
        seasons_total=state.seasons_total,
        phase=int(state.phase),
        current=state.current,
        order=state.order,
        q=[q for q, _ in geo.coords],
        r=[r for _, r in geo.coords],
        terrain=terrain,
        structure=[int(s) for s in state.structure],
        owner=state.owner,
        troop_owner=state.troop_owner,
        troops=state.troops,
        exhausted=state.exhausted,
        caravan_taken=state.caravan_taken,
        active_tile=-1 if state.active is None else state.active[0],
        active_units=0 if state.active is None else state.active[1],
        active_moves=0 if state.active is None else state.active[2],
        pending=0 if top is None else int(top.ask),
        pending_card=-1 if top is None else top.card,
        winner=state.winner,
        event_deck_left=len(state.event_deck),
        adventure_deck_left=len(state.adventure_deck),
        terrain_left=state.terrain_left,
    )
    for other, realm in enumerate(state.realms):
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
            score=state.score(other),
        )
    for proposer, resister, _ in state.truces:
        message.truces.add(proposer=proposer, resister=resister)
    if state.battle is not None:
        b = state.battle
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
            )
        )
    return message
