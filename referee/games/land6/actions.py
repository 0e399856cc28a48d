"""The actions of LAND 6: the Lord of the Dice's decisions and chance's outcomes.

Squares are board indices (``y * width + x``); tiles are numbered 1 to 6.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Deploy:
    """Pay 1 from the city die on ``payer``; a new die goes on ``target``."""

    payer: int
    target: int


@dataclass(frozen=True, order=True)
class Move:
    """Pay 1 from the city die on ``payer``; the die on ``die`` steps to ``target``."""

    payer: int
    die: int
    target: int


@dataclass(frozen=True, order=True)
class Feed:
    """Pay 1 from the field die on ``payer``; every die not on a field gains 1."""

    payer: int


@dataclass(frozen=True, order=True)
class Fight:
    """Pay 1 from the forest die on ``payer`` and throw on the combat table."""

    payer: int


@dataclass(frozen=True, order=True)
class RerollDie:
    """Sea action: pay 1 from the sea die on ``sea``; reroll the die on ``target``."""

    sea: int
    target: int


@dataclass(frozen=True, order=True)
class RerollThrow:
    """Sea action: pay 1 from the sea die on ``sea``; reroll the thrown action die."""

    sea: int


@dataclass(frozen=True, order=True)
class Accept:
    """Let the thrown action die stand."""


@dataclass(frozen=True, order=True)
class Skip:
    """Take no action (the extra action, or when nothing is possible)."""


@dataclass(frozen=True, order=True)
class RemoveCube:
    """Remove the cube on ``tile`` after a fight of 4 or more."""

    tile: int


@dataclass(frozen=True, order=True)
class HurtCityDie:
    """The city die on ``square`` loses the point the Lord of the Cubes takes."""

    square: int


@dataclass(frozen=True, order=True)
class Roll:
    """Chance: a die shows ``value`` (1-6)."""

    value: int


@dataclass(frozen=True, order=True)
class PlaceTile:
    """Chance: ``tile`` lies in middle ``slot`` turned ``rotation`` quarter turns."""

    slot: int
    tile: int
    rotation: int


Land6Action = (
    Deploy
    | Move
    | Feed
    | Fight
    | RerollDie
    | RerollThrow
    | Accept
    | Skip
    | RemoveCube
    | HurtCityDie
    | Roll
    | PlaceTile
)
"""Every action and chance outcome of the game."""
