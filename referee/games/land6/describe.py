"""LAND 6's actions in words, for the stepper, the viewer and the logs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.engine import actor
from referee.games.land6.actions import (
    Accept,
    Deploy,
    Feed,
    Fight,
    HurtCityDie,
    Land6Action,
    Move,
    PlaceTile,
    RemoveCube,
    RerollDie,
    RerollThrow,
    Roll,
    Skip,
)

if TYPE_CHECKING:
    from referee.games.land6.state import Land6State

ROLLED_FOR = {1: "a fight", 2: "the Lord of the Cubes", 3: "the action die again"}
"""What chance's die decides, by ``Rolling`` value (4, a board die, is named by its square)."""


def describe(state: Land6State, seat: int, action: Land6Action) -> str:  # noqa: PLR0911
    """One sentence: "seat 0 pays 1 from the city die on square 4 (tile 1) to deploy ..."."""
    who = actor(seat)
    # One case per action kind: a long but flat table.
    match action:
        case Deploy(payer, target):
            return f"{who} pays 1 from {_die(state, payer)} to deploy a die on {_at(state, target)}"
        case Move(payer, die, target):
            return (
                f"{who} pays 1 from {_die(state, payer)} to move {_die(state, die)} "
                f"to {_at(state, target)}"
            )
        case Feed(payer):
            return f"{who} pays 1 from {_die(state, payer)} to feed every die off the fields"
        case Fight(payer):
            return f"{who} pays 1 from {_die(state, payer)} to fight"
        case RerollDie(sea, target):
            return f"{who} pays 1 from {_die(state, sea)} to reroll {_die(state, target)}"
        case RerollThrow(sea):
            return f"{who} pays 1 from {_die(state, sea)} to reroll the action die"
        case Accept():
            return f"{who} lets the action die's {state.throw_value} stand"
        case Skip():
            return f"{who} takes no action"
        case RemoveCube(tile):
            return f"{who} removes the cube on tile {tile}"
        case HurtCityDie(square):
            return f"{who} lets the Lord of the Cubes take a point from {_die(state, square)}"
        case Roll(value):
            return f"{who} throws {value} for {_roll_purpose(state)}"
        case PlaceTile(slot, tile, rotation):
            turn = f"{rotation} quarter turn{'' if rotation == 1 else 's'}"
            return f"{who} lays tile {tile} in slot {slot}, turned {turn}"
    raise TypeError(f"expected a LAND 6 action, got {type(action).__name__}")


def _at(state: Land6State, square: int) -> str:
    """A square by number, tile and kind: "square 7 (tile 2, forest)"."""
    board = state.board
    if board is None or not 0 <= square < len(board.squares):
        return f"square {square}"
    return f"square {square} (tile {board.tile(square)}, {board.kind(square).name.lower()})"


def _die(state: Land6State, square: int) -> str:
    """The die on a square, with its value: "the 4 on square 7 (tile 2, forest)"."""
    die = state.dice.get(square)
    value = f"the {die.value}" if die else "the die"
    return f"{value} on {_at(state, square)}"


def _roll_purpose(state: Land6State) -> str:
    rolling = int(state.rolling)
    if rolling in ROLLED_FOR:
        return ROLLED_FOR[rolling]
    return f"the reroll of {_die(state, state.reroll_target)}"
