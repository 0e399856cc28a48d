"""Game scripts: scripted Carcassonne games played through the engine and scored.

A script file is JSON in the format of the shared example game (JCloisterZone
conventions, docs/rules/carcassonne.md "Game scripts")::

    {"games": [{"name": "scoring.jcz", "rules": {}, "turns": [
        ["Rr", 1, 0, "R90", [0, "NW"]],
        ["CcRr+", 0, -1, "R180", [1, "SE"]],
        ["C", 1, -2, "R180", null]]}]}

Each turn names the tile drawn (a JCloisterZone id), where it goes, its
rotation in degrees clockwise, and the follower placed (seat and location in
the board frame) or null. Seats take turns from seat 0. A tile that fits
nowhere is written with null position: the engine removes it (CARC-06).
The game ends with the final scoring after the last turn, pile or no pile.
Scripts play the base game unless their ``rules`` say ``"land_surveyors": true``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from referee.engine import CHANCE
from referee.errors import IllegalAction, LandgraveError
from referee.games.carcassonne.actions import (
    DrawTile,
    PlaceFollower,
    PlaceTile,
    ShuffleStack,
    SkipFollower,
)
from referee.games.carcassonne.board import TileCopy
from referee.games.carcassonne.rules import DEFAULT_FARMHOUSES, Rules
from referee.games.carcassonne.scoring import STACK_KINDS, ScoringTile
from referee.games.carcassonne.state import CarcassonneState, Phase
from referee.games.carcassonne.tiles import find_segment, same_shape_rotation, tile_types

CATEGORIES = ("total", "road", "city", "monastery", "farm")


class ScriptError(LandgraveError, ValueError):
    """A game script cannot be read or asks for a move the rules forbid."""


def score_script_file(path: str | Path) -> dict[str, list[dict[str, int]]]:
    """Play every game of a script file; its scores per game name, per seat from 0.

    Raises:
        ScriptError: the file is not a script, or a turn is illegal (the
            message names the game and the turn).
    """
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:  # ValueError: not UTF-8, or not JSON
        raise ScriptError(f"cannot read game script {str(path)!r}: {error}") from None
    games = data.get("games", [data]) if isinstance(data, dict) else None
    if not isinstance(games, list):
        raise ScriptError(f"{path}: expected an object with a list 'games', got {type(data)}")
    scores: dict[str, list[dict[str, int]]] = {}
    for index, game in enumerate(games, start=1):
        name = str(game.get("name", f"game {index}")) if isinstance(game, dict) else str(index)
        if name in scores:
            name = f"{name} ({index})"
        state = play_script(game, name)
        scores[name] = [score.as_dict() for score in state.scores]
    return scores


def format_scores(scores: dict[str, list[dict[str, int]]]) -> str:
    """A text table of scores per game and seat, as ``score_script_file`` returns them."""
    lines = []
    for name, seats in scores.items():
        lines.append(name)
        lines.append("  seat " + "".join(f"{c:>10}" for c in CATEGORIES))
        for seat, score in enumerate(seats):
            lines.append(f"  P{seat:<3} " + "".join(f"{score[c]:>10}" for c in CATEGORIES))
    return "\n".join(lines)


def play_script(game: Any, name: str) -> CarcassonneState:
    """Play one scripted game to its final scoring.

    Raises:
        ScriptError: naming the game (and the turn) that is wrong.
    """
    if not isinstance(game, dict) or not isinstance(game.get("turns"), list):
        raise ScriptError(f"{name}: expected an object with a list 'turns'")
    try:
        state = start_state(game)
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise ScriptError(f"{name}: bad rules: {error}") from None
    for number, turn in enumerate(game["turns"], start=1):
        try:
            play_turn(state, turn)
        except (ValueError, TypeError, IndexError, KeyError) as error:
            raise ScriptError(f"{name}: turn {number} {json.dumps(turn)}: {error}") from None
    state.end_game()
    return state


def start_state(game: dict[str, Any]) -> CarcassonneState:
    """The state a scripted game starts from: its rules, players and stack orders.

    Raises:
        ValueError, KeyError, TypeError: the rules are not valid.
    """
    rules, players, stacks = _read_rules(game)
    state = CarcassonneState(rules, players)
    for kind in STACK_KINDS if rules.land_surveyors else ():
        state.apply(CHANCE, ShuffleStack(kind, stacks[kind]))
    return state


def _read_rules(game: dict[str, Any]) -> tuple[Rules, int, dict[Any, tuple[ScoringTile, ...]]]:
    raw = game.get("rules") or {}
    farmhouses = raw.get("farmhouses", dict(DEFAULT_FARMHOUSES))
    rules = Rules(
        land_surveyors=bool(raw.get("land_surveyors", False)),
        road_poverty=bool(raw.get("road_scoring_tile_is_poverty", False)),
        monastery_wealth=bool(raw.get("monastery_scoring_tile_is_wealth", False)),
        farmhouses=tuple(sorted((str(t), int(n)) for t, n in farmhouses.items() if n)),
    )
    expected = game.get("expected") or {}
    players = int(game.get("players", raw.get("players", len(expected) or 2)))
    if not 2 <= players <= 5:
        raise ValueError(f"expected 2 to 5 players, got {players}")
    stacks = {}
    for kind in STACK_KINDS:
        names = raw.get("stacks", {}).get(kind.name.lower())
        order = rules.stack(kind) if names is None else tuple(ScoringTile[n.upper()] for n in names)
        if sorted(order) != sorted(rules.stack(kind)):
            raise ValueError(f"expected the {kind.name.lower()} stack {rules.stack(kind)}")
        stacks[kind] = order
    return rules, players, stacks


def play_turn(state: CarcassonneState, turn: Any) -> None:
    """Play one scripted turn: draw the named tile, place it, place or skip the follower.

    Raises:
        ValueError, TypeError, IndexError: the turn is malformed or illegal.
    """
    tile_name, x, y, rotation, follower = turn
    if state.is_terminal():
        raise ValueError("the game is over: the pile is empty")
    state.apply(CHANCE, _draw(state, str(tile_name)))
    if state.phase is not Phase.PLACE_TILE:
        if x is not None:
            raise ValueError(f"{tile_name} fits nowhere and is removed: write null for x and y")
        return
    if x is None:
        raise ValueError(f"{tile_name} fits somewhere: expected a position")
    assert state.tile is not None
    turns = same_shape_rotation(state.tile.jcz_id, _quarter_turns(rotation))
    _apply(state, PlaceTile(int(x), int(y), turns))
    if follower is not None:
        _place_follower(state, follower)
    elif _choosing_follower(state):
        _apply(state, SkipFollower())


def _draw(state: CarcassonneState, name: str) -> DrawTile:
    """The draw of a named tile: "RFr", or "RFr:farmhouse" / "RFr:plain" for one copy."""
    jcz_id, _, variant = name.partition(":")
    if jcz_id not in tile_types():
        raise ValueError(f"unknown tile {jcz_id!r}")
    copies = [TileCopy(jcz_id, False), TileCopy(jcz_id, True)]  # plain first (CARC-33)
    if variant:
        copies = [c for c in copies if c.farmhouse == (variant == "farmhouse")]
    for copy in copies:
        if state.pile.get(copy):
            return DrawTile(copy.jcz_id, copy.farmhouse)
    raise ValueError(f"no {name} left in the pile")


def _quarter_turns(rotation: Any) -> int:
    degrees = int(str(rotation).upper().removeprefix("R"))
    if degrees not in (0, 90, 180, 270):
        raise ValueError(f"expected a rotation R0, R90, R180 or R270, got {rotation!r}")
    return degrees // 90


def _place_follower(state: CarcassonneState, follower: Any) -> None:
    seat, location = follower
    if seat != state.current:
        raise ValueError(f"it is P{state.current}'s turn, not P{seat}'s")
    if not _choosing_follower(state):
        raise ValueError(f"P{seat} cannot place a follower: none in hand or all features taken")
    assert state.placed_at is not None
    shape = state.board.placed[state.placed_at].shape
    segment = shape.segments[find_segment(shape, str(location))]
    _apply(state, PlaceFollower(segment.kind, segment.location))


def _choosing_follower(state: CarcassonneState) -> bool:
    return state.phase is Phase.PLACE_FOLLOWER


def _apply(state: CarcassonneState, action: PlaceTile | PlaceFollower | SkipFollower) -> None:
    try:
        state.apply(state.current, action)
    except IllegalAction as error:
        raise ValueError(str(error)) from None
