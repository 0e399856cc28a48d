"""The engine contract suite: one parametrised run over every installed engine.

Built-in engines and third-party ones (the Nim example of examples/nim, when
installed) pass the same checks (referee.testing): legality, the codec,
chance, stable digests, ``canonical()`` covering every attribute, and moves
described in words. Every kind of action of every built-in game is described
somewhere in random games, and no description reads like a repr.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from typing import Any

import pytest

from referee.engine import CHANCE, Engine
from referee.games import registered
from referee.match.chance import sample_outcome
from referee.testing import (
    check_canonical,
    check_clone,
    check_description,
    check_engine,
    check_no_reference_cycles,
)

ENGINES = registered()
BUILT_IN = ("land", "land6", "carcassonne", "landover", "farlanthia")
SKIP: dict[str, str] = {}
"""Engines excused from the suite, with the reason: none, and it must stay so."""
NIM_INSTALLED = importlib.util.find_spec("landgrave_nim") is not None


def players(engine: Engine[Any]) -> int:
    return max(engine.min_players, min(3, engine.max_players))


def test_the_skip_list_is_empty() -> None:
    assert SKIP == {}


def test_every_built_in_engine_is_installed() -> None:
    assert set(BUILT_IN) <= set(ENGINES)


LAYOUT = {
    "": "ENGINE",
    "engine": "ENGINE",
    "codec": "CODEC",
    "rules": "Rules",
    "observation": "observe",
    "render": "render_text",
    "svg": "render_svg",
    "describe": "describe",
}
"""Land's layout (docs/engines.md): module of the game package, and the name it defines."""


@pytest.mark.parametrize("name", BUILT_IN)
def test_built_in_engines_share_lands_layout(name: str) -> None:
    package = f"referee.games.{name}"
    for module, defined in LAYOUT.items():
        loaded = importlib.import_module(f"{package}.{module}" if module else package)
        assert hasattr(loaded, defined), f"{loaded.__name__} has no {defined}"
    rules_module = importlib.import_module(f"{package}.rules")
    assert hasattr(rules_module.Rules, "from_config"), f"{package}.rules.Rules has no from_config"
    # The defaults are written once, beside the Rules that read them.
    assert ENGINES[name].default_config() == rules_module.default_config()
    for module in ("actions", "state"):
        importlib.import_module(f"{package}.{module}")
    union = f"{name.capitalize()}Action"
    assert hasattr(importlib.import_module(f"{package}.actions"), union)


@pytest.mark.skipif(not NIM_INSTALLED, reason="examples/nim is not installed (pip install -e)")
def test_the_nim_example_is_in_the_suite() -> None:
    assert "nim" in ENGINES


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(ENGINES))
def test_every_engine_keeps_the_contract(name: str) -> None:
    engine = ENGINES[name]
    check_engine(engine, players(engine), seeds=range(1))


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_canonical_covers_every_attribute_of_the_state(name: str) -> None:
    engine = ENGINES[name]
    check_canonical(engine, players(engine), seed=7)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(ENGINES))
def test_clone_is_an_equal_copy_that_shares_nothing_that_changes(name: str) -> None:
    engine = ENGINES[name]
    check_clone(engine, players(engine), seed=3)


@pytest.mark.slow
@pytest.mark.parametrize("name", BUILT_IN)
def test_play_leaves_no_reference_cycles(name: str) -> None:
    """Search runs without the cycle collector (bots/mcts_bot.py): states must not need it."""
    engine = ENGINES[name]
    check_no_reference_cycles(engine, players(engine), seed=5)


@pytest.mark.slow
@pytest.mark.parametrize("name", BUILT_IN)
def test_every_action_kind_is_described(name: str) -> None:
    """Every kind of the Action oneof gets a sentence (never a repr).

    Kinds are described where random games offer them; a kind no random game
    offered (Farlanthia's map seed, say) is described from its empty message
    at the start, so no kind goes without words.
    """
    engine = ENGINES[name]
    oneof: Any = engine.action_type.DESCRIPTOR.oneofs_by_name["kind"]
    kinds = {field.name for field in oneof.fields}
    described: set[str] = set()
    for seed in range(4):
        described |= _described_kinds(engine, seed)
    start = engine.new_game(engine.default_config(), players(engine))
    for kind in sorted(kinds - described):
        message = engine.action_type()
        getattr(message, kind).SetInParent()
        check_description(engine, start, start.to_act()[0], engine.action_from_proto(message))
        described.add(kind)
    assert described == kinds


def _described_kinds(engine: Engine[Any], seed: int) -> set[str]:
    """The Action kinds described in one random game: every legal action and outcome."""
    rng = random.Random(seed)
    seats = engine.min_players + seed % (engine.max_players - engine.min_players + 1)
    state = engine.new_game(engine.default_config(), seats)
    kinds: set[str] = set()
    while state.to_act():
        for seat in state.to_act():
            if seat == CHANCE:
                options = [outcome for outcome, _ in state.chance_outcomes()]
                action = sample_outcome(state.chance_outcomes(), rng)
            else:
                options = state.legal_actions(seat)
                action = rng.choice(options)
            for option in rng.sample(options, min(len(options), 4)):
                check_description(engine, state, seat, option)
                kinds.add(engine.action_to_proto(option).WhichOneof("kind"))
            state.apply(seat, action)
    return kinds
