"""Negotiations: the ambassadors' strength, the dice battle they fight, and its effects.

A proposal (FARL-24) is answered by its target: accepted, it goes through
at the proposer's full strength; resisted, the ambassadors fight a dice
battle (battle.py) with their strengths as units (FARL-27). The effects of
each kind follow FARL-25..29.
"""

from __future__ import annotations

from referee.games.farlanthia.battle import Battle
from referee.games.farlanthia.cards import ARTIFACT_BASE, discard_held
from referee.games.farlanthia.diplomacy import Negotiation
from referee.games.farlanthia.pending import Ask, Frame
from referee.games.farlanthia.table import Table

RESISTER_STRENGTH = 2


def ambassador_strength(table: Table, kind: Negotiation, p: int, r: int) -> int:
    """The proposer's strength: the highest of the rule text's applicable values (FARL-26)."""
    now = table.course.season
    last = now - 1 if now else -99  # "never" is -1, not last season
    history = table.diplomacy
    # The seasons each history holds: its latest and the one before (FARL-26).
    engaged = {
        history.attacked[p][r], history.attacked_before[p][r],
        history.attacked[r][p], history.attacked_before[r][p],
    }  # fmt: skip
    traded = {history.last_trade[p], history.trade_before[p]}
    legalized = {history.last_legality[p], history.legality_before[p]}
    forced = {history.last_forced[p], history.forced_before[p]}
    options: list[int] = []
    if kind is Negotiation.TRUCE:
        options += [0] if now in engaged else []
        options += [1] if last in engaged else []
        if not options:
            options = [3] if engaged == {-1} else [2]
    elif kind is Negotiation.TRADE:
        options += [0] if now in traded else []
        options += [1] if last in traded else []
        if not options:
            options = [3] if traded == {-1} else [2]
    elif kind is Negotiation.LEGALITY:
        options += [0] if now in legalized else []
        options += [1] if last in legalized else []
        options += [3] if history.attacked[r][p] == now else []
        options = options or [2]
    else:
        options += [0] if last in forced else []
        options += [2] if forced == {-1} else []
        options += [3] if not any(table.realms[p].resources) else []
        options = options or [1]
    strength = max(options)
    if ARTIFACT_BASE + r in table.realms[p].hand:
        strength += 1  # Realm Ancestry Artifact (FARL-31)
    return strength


def resist(table: Table, kind: Negotiation, p: int, r: int, strength: int) -> None:
    """The resister resists: the ambassadors' dice battle (or no battle at strength 0)."""
    battle = Battle(p, r, -1, int(kind), strength, RESISTER_STRENGTH, fortified=False)
    if strength <= 0:
        conclude(table, battle, proposer_won=False)
        return
    table.pending.start_battle(battle)


def accept(table: Table, kind: Negotiation, p: int, r: int, strength: int) -> None:
    """The target complies: the proposal goes through with the proposer's full strength."""
    battle = Battle(
        p, r, -1, int(kind), max(1, strength), RESISTER_STRENGTH, fortified=False, contested=False
    )
    conclude(table, battle, proposer_won=True)


def conclude(table: Table, battle: Battle, proposer_won: bool) -> None:
    """A negotiation's effects (FARL-25..28)."""
    p, r = battle.attacker, battle.defender
    kind = Negotiation(battle.negotiation)
    winner, left = (p, battle.att) if proposer_won else (r, battle.dfn)
    if battle.contested:
        table.realms[winner].add_honor(1)  # FARL-27
    artifact = ARTIFACT_BASE + r
    if artifact in table.realms[p].hand:
        discard_held(table.realms[p], table.decks, artifact)
        if not proposer_won:
            table.pending.push(Frame(Ask.GAIN, r, card=artifact, count=1))
    if kind is Negotiation.TRUCE and proposer_won:
        table.diplomacy.make_truce(p, r, table.course.season)
    elif kind is Negotiation.TRADE:
        loser = r if winner == p else p
        table.pending.push(Frame(Ask.SWAPS, winner, count=left, other=loser))
    elif kind is Negotiation.LEGALITY and proposer_won:
        table.diplomacy.end_truce(p, r)
    elif kind is Negotiation.FORCED_LABOR and proposer_won:
        table.pending.push(Frame(Ask.GAIN, p, count=left))
