"""Land's actions and chance outcomes: one small frozen dataclass per kind.

Plots are named by column ``x`` (from the west, 0) and row ``y`` (from the
north, 0); regions by die faces from 1.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class OrderRoll:
    """Chance: a turn-order die roll for the seat whose roll is due (LAND-01)."""

    value: int


@dataclass(frozen=True, order=True)
class ColumnRoll:
    """Chance: the column die of a landless player's turn (LAND-04)."""

    value: int


@dataclass(frozen=True, order=True)
class RowRoll:
    """Chance: the row die of a landless player's turn (LAND-04)."""

    value: int


@dataclass(frozen=True, order=True)
class ChooseStart:
    """Claim a free grass plot of the rolled region as the starting plot."""

    x: int
    y: int


@dataclass(frozen=True, order=True)
class PlaceCow:
    """Place one cow: claims a grass plot, or stands on a mountain (LAND-08)."""

    x: int
    y: int


@dataclass(frozen=True, order=True)
class EndTurn:
    """Stop placing cows for this turn (LAND-11)."""


LandAction = OrderRoll | ColumnRoll | RowRoll | ChooseStart | PlaceCow | EndTurn
"""Every action and chance outcome of Land."""
