"""The actions of Farlanthia: every decision and every chance outcome.

Tiles are board indices (board.py), resources 0 wood, 1 stone, 2 food,
3 gold, structures the values of ``Structure`` in structures.py.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class RevealTile:
    """Scout phase: reveal one tile."""

    tile: int


@dataclass(frozen=True, order=True)
class ScoutWithDie:
    """Scout phase: spend a leadership die showing ``die`` to reveal that many more tiles."""

    die: int


@dataclass(frozen=True, order=True)
class Done:
    """End the current phase, or stop an optional series (swaps, substitutions)."""


@dataclass(frozen=True, order=True)
class DrawAdventure:
    """Hero phase: spend a leadership die showing ``die`` to draw an adventure card."""

    die: int


@dataclass(frozen=True, order=True)
class CaravanTrade:
    """Realm phase: two of ``give`` for one of ``get``."""

    give: int
    get: int


@dataclass(frozen=True, order=True)
class Requisition:
    """Realm phase: a leadership die takes the caravan's ``resource``."""

    die: int
    resource: int


@dataclass(frozen=True, order=True)
class Build:
    """Realm phase: build (or upgrade to) ``structure`` on ``tile``; ends the phase."""

    tile: int
    structure: int


@dataclass(frozen=True, order=True)
class Muster:
    """Conflict phase: muster ``count`` troops on a capitol, garrison or fort."""

    tile: int
    count: int


@dataclass(frozen=True, order=True)
class Move:
    """Conflict phase: ``count`` unmoved troops step from ``source`` to adjacent ``target``."""

    source: int
    target: int
    count: int


@dataclass(frozen=True, order=True)
class Continue:
    """Conflict phase: the moving stack steps on to adjacent ``target``."""

    target: int


@dataclass(frozen=True, order=True)
class RaiseMilitia:
    """Conflict phase: militia rise on an own occupied village, town or city."""

    tile: int


@dataclass(frozen=True, order=True)
class Propose:
    """Conflict phase: propose a negotiation of ``kind`` (1-4) to seat ``target``."""

    kind: int
    target: int


@dataclass(frozen=True, order=True)
class Respond:
    """A proposal's target accepts it, or resists (negotiation)."""

    accept: bool


@dataclass(frozen=True, order=True)
class Substitute:
    """In a dice battle, replace rolled die number ``slot`` by a leadership die ``die``."""

    die: int
    slot: int


@dataclass(frozen=True, order=True)
class Occupy:
    """End of conflict phase: 0 leave, 1 raze or 2 capture the enemy structure on ``tile``."""

    tile: int
    choice: int


@dataclass(frozen=True, order=True)
class Swap:
    """Trade negotiation: give one ``give`` to the partner for one of their ``get``."""

    give: int
    get: int


@dataclass(frozen=True, order=True)
class ChooseResource:
    """Take (or, for a tempest, lose) one ``resource``."""

    resource: int


@dataclass(frozen=True, order=True)
class Resolve:
    """Resolve a card with one of its options (cards.py), on ``tile`` if it places something."""

    option: int
    tile: int = -1


@dataclass(frozen=True, order=True)
class MapSeed:
    """Chance: the map seed."""

    seed: int


@dataclass(frozen=True, order=True)
class LeadershipRoll:
    """Chance: a seat's three leadership dice, sorted."""

    dice: tuple[int, ...]


@dataclass(frozen=True, order=True)
class CombatRoll:
    """Chance: one side's battle dice, highest first."""

    dice: tuple[int, ...]


@dataclass(frozen=True, order=True)
class DrawCard:
    """Chance: the card drawn (cards.py numbers)."""

    card: int


@dataclass(frozen=True, order=True)
class DieRoll:
    """Chance: one die for a card's table."""

    value: int


@dataclass(frozen=True, order=True)
class DealTerrain:
    """Chance: the terrain of a tile just revealed (FARL-02)."""

    tile: int
    terrain: int


@dataclass(frozen=True, order=True)
class DrawTile:
    """Chance, in the setup draft: the terrain of the tile the drafting seat draws (FARL-35)."""

    terrain: int


@dataclass(frozen=True, order=True)
class PlaceTile:
    """Setup draft: place the drawn tile face down on ``tile`` (FARL-35)."""

    tile: int


@dataclass(frozen=True, order=True)
class PressOn:
    """After a round of combat, the realm that moved in fights another round (FARL-15)."""


@dataclass(frozen=True, order=True)
class Withdraw:
    """After a round of combat, the realm that moved in goes back where it came from (FARL-15)."""


FarlanthiaAction = (
    RevealTile
    | ScoutWithDie
    | Done
    | DrawAdventure
    | CaravanTrade
    | Requisition
    | Build
    | Muster
    | Move
    | Continue
    | RaiseMilitia
    | Propose
    | Respond
    | Substitute
    | Occupy
    | Swap
    | ChooseResource
    | Resolve
    | MapSeed
    | LeadershipRoll
    | CombatRoll
    | DrawCard
    | DieRoll
    | DealTerrain
    | DrawTile
    | PlaceTile
    | PressOn
    | Withdraw
)
"""Every action and chance outcome of the game."""
