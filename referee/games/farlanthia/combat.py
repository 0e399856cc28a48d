"""What a dice battle means for the realms and the map (FARL-14..16, FARL-19, FARL-31).

The battle (battle.py) throws no dice itself and knows no realm: this
module tells it the swapper's leadership dice, spends a die a seat swaps
in, applies each round's losses (one valor per troop destroyed, a held
Scout Skirmish taking a loss instead), and when the battle ends puts the
survivors back on the map or concludes the negotiation (negotiation.py).
"""

from __future__ import annotations

from referee.games.farlanthia.actions import (
    FarlanthiaAction,
    PressOn,
    Substitute,
    Withdraw,
)
from referee.games.farlanthia.battle import Battle, Stage
from referee.games.farlanthia.cards import Card, discard_held
from referee.games.farlanthia.negotiation import conclude
from referee.games.farlanthia.table import Table


def _dice(table: Table, seat: int) -> list[tuple[int, int]]:
    """The seat's distinct leadership dice, lowest first, with the value each counts for."""
    return [(die, table.die_value(seat, die)) for die in sorted(set(table.realms[seat].dice))]


def choices(table: Table, battle: Battle) -> list[FarlanthiaAction]:
    """The legal decisions of the seat the battle waits for."""
    if battle.stage is Stage.PRESS_OR_WITHDRAW:
        return battle.choices(())
    return battle.choices(_dice(table, battle.swapper()))


def decide(table: Table, battle: Battle, seat: int, action: FarlanthiaAction) -> None:
    """Apply a legal battle decision: swap a die, stop swapping, press on or withdraw."""
    if isinstance(action, PressOn):
        battle.press_on()
    elif isinstance(action, Withdraw):
        _withdraw(table, battle)
    elif isinstance(action, Substitute):
        battle.substitute(action.slot, table.spend_die(seat, action.die, use_bonus=True))
    elif battle.pass_swap():
        _compare(table, battle)


def settle(table: Table, battle: Battle) -> bool:
    """End a battle a side has lost, skip swaps nobody can make; return whether it stepped."""
    if battle.is_rolling():
        if battle.is_over():
            _end(table, battle)
            return True
        return False
    if battle.stage is Stage.PRESS_OR_WITHDRAW:
        return False
    if battle.substitutions(_dice(table, battle.swapper())):
        return False
    if battle.pass_swap():
        _compare(table, battle)
    return True


def _compare(table: Table, battle: Battle) -> None:
    """A round's losses: valor to the side that destroyed troops, shields used (FARL-19, 31)."""
    attacker, defender = table.realms[battle.attacker], table.realms[battle.defender]
    losses = battle.compare(
        attacker_shield=Card.SCOUT_SKIRMISH in attacker.hand,
        defender_shield=Card.SCOUT_SKIRMISH in defender.hand,
    )
    if not battle.negotiation:
        if losses.attacker_shielded:
            discard_held(attacker, table.decks, Card.SCOUT_SKIRMISH)
        if losses.defender_shielded:
            discard_held(defender, table.decks, Card.SCOUT_SKIRMISH)
        if losses.defender:
            attacker.add_valor(losses.defender)
        if losses.attacker:
            defender.add_valor(losses.attacker)
    if battle.is_over():
        _end(table, battle)


def _end(table: Table, battle: Battle) -> None:
    """The survivors hold the tile, spent; or the negotiation takes effect."""
    table.pending.end_battle()
    if battle.negotiation:
        conclude(table, battle, proposer_won=battle.att > 0)
        return
    side, units = battle.survivors()
    table.add_troops(side, battle.tile, units)
    table.tiles.tire(battle.tile)


def _withdraw(table: Table, battle: Battle) -> None:
    """The mover's survivors go back to their tile, spent; the other side holds this one."""
    table.pending.end_battle()
    stay, staying, left = battle.withdrawal()
    table.add_troops(stay, battle.tile, staying)
    table.tiles.tire(battle.tile)
    table.tiles.tire(battle.source, table.add_troops(battle.mover, battle.source, left))
