"""What the Lord of the Dice sees: everything (LAND 6 hides nothing)."""

from __future__ import annotations

from referee.games.kept import Kept
from referee.games.land6.board import board_size, slot_origin
from referee.games.land6.state import ARMY_SIZE, Land6State, title_for
from sdk.pb.landgrave.games.land6.v1 import land6_pb2


def observe(state: Land6State, seat: int) -> land6_pb2.Observation:
    """What the one seat sees: the whole state."""
    rules = state.rules
    width, height = board_size(rules.layout)
    score = state.score()
    message = land6_pb2.Observation(
        config=rules.to_config(),
        width=width,
        height=height,
        cube_tiles=sorted(state.cubes),
        cubes_in_supply=ARMY_SIZE - len(state.cubes),
        dice_in_supply=ARMY_SIZE - len(state.dice),
        deploy_value=state.deploy_value(),
        home_city=-1 if state.board is None else state.board.home_city,
        enemy_city=-1 if state.board is None else state.board.enemy_city,
        phase=f"PHASE_{state.phase.name}",
        turn=state.turn,
        extra_action=state.extra_action,
        fighter_square=state.fighter,
        score=score,
        title=title_for(score),
        ending="ENDING_UNSPECIFIED" if state.ending is None else f"ENDING_{state.ending.name}",
        won=state.won,
        extra_earned=state.extra_earned,
    )
    message.MergeFromString(_tiles_part(state))  # parsed in C, cheaper than adding each
    for square, die in sorted(state.dice.items()):
        message.dice.add(square=square, value=die.value, rerolled_this_turn=die.rerolled)
    if state.throw_purpose.value:
        message.throw.CopyFrom(
            land6_pb2.Throw(
                purpose=f"THROW_PURPOSE_{state.throw_purpose.name}",
                value=state.throw_value,
                rerolled=state.throw_rerolled,
            )
        )
    return message


TILES_KEPT = 64
"""Boards kept: enough for the matches one process plays at once (a guess)."""

_TILES: Kept[bytes] = Kept(TILES_KEPT)
"""The tiles and squares of boards as observed, serialized, by what decides them."""


def _tiles_part(state: Land6State) -> bytes:
    """The placed tiles and the board's squares: they change on a few steps of a game."""
    key = (state.rules.layout, tuple(state.placements), id(state.board))
    return _TILES.get(key, state.board, lambda: _tiles_bytes(state))


def _tiles_bytes(state: Land6State) -> bytes:
    message = land6_pb2.Observation()
    _add_tiles(state, message)
    return message.SerializeToString()


def _add_tiles(state: Land6State, message: land6_pb2.Observation) -> None:
    for slot, placement in enumerate(state.placements):
        if placement is not None:
            x, y = slot_origin(state.rules.layout, slot)
            tile, rotation = placement
            message.tiles.add(slot=slot, tile=tile, rotation=rotation, x=x, y=y)
    if state.board is not None:
        for square in state.board.squares:
            message.squares.add(
                index=square.index,
                x=square.x,
                y=square.y,
                tile=square.tile,
                kind=f"SQUARE_KIND_{square.kind.name}",
            )
