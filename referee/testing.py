"""The engine contract suite, for our engines and third-party ones alike.

``check_engine(engine)`` plays seeded random games and checks what the
referee relies on: legal lists are deterministic and never empty for a seat
that must act, every legal action applies, illegal ones are refused without
changing the state, actions survive the protobuf codec, chance outcomes are
a distribution, digests are stable, every game ends with an outcome, every
action is described in words (never a repr), ``canonical()`` changes
when any attribute of the state changes (``check_canonical``), and
``clone()`` makes an equal copy that shares nothing that changes
(``check_clone``). ``check_determinize`` checks the forward model: states
built from a seat's observation show that seat exactly what it saw.

Call it from a test, as trio's ``check_two_way_stream`` is called.
"""

from __future__ import annotations

import copy
import enum
import gc
import random
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from google.protobuf.message import Message

from referee.engine import CHANCE, Engine, State, actor
from referee.errors import IllegalAction
from referee.match.chance import sample_outcome

DEFAULT_MAX_STEPS = 100_000


def random_playout(
    engine: Engine[Any],
    num_players: int,
    seed: int,
    config: Message | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> tuple[State[Any], list[tuple[int, Any]]]:
    """Play one game with uniformly random actions; return the end state and its history."""
    rng = random.Random(seed)
    state = engine.new_game(config or engine.default_config(), num_players)
    history: list[tuple[int, Any]] = []
    for _ in range(max_steps):
        actors = state.to_act()
        if not actors:
            return state, history
        for seat in actors:
            if seat == CHANCE:
                action = sample_outcome(state.chance_outcomes(), rng)
            else:
                action = rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
            history.append((seat, action))
    raise AssertionError(f"{engine.name}: game did not end within {max_steps} steps")


def check_engine(
    engine: Engine[Any],
    num_players: int | None = None,
    seeds: range = range(5),
    config: Message | None = None,
) -> None:
    """Run the contract checks on seeded random games; raise AssertionError on a breach."""
    players = num_players or engine.min_players
    for seed in seeds:
        state, history = random_playout(engine, players, seed, config)
        _check_end(engine, state)
        _check_replay(engine, players, seed, config, history)
    check_canonical(engine, players, seeds.start, config)
    check_clone(engine, players, seeds.start, config)


def check_canonical(
    engine: Engine[Any], num_players: int, seed: int = 0, config: Message | None = None
) -> None:
    """Check that changing any one attribute of a state changes its digest.

    The state is taken halfway through a seeded random game. Attributes the
    state's class names in ``State.not_in_canonical`` (fixed at setup and
    named once in the identity, or kept in step with others) are left out.
    The records the class names in ``State.records`` (a player's record, the
    pieces) are checked attribute by attribute (``awards.longest``).
    An attribute is changed in place of its kind: a number plus one, a flag
    flipped, an enum's next member, a container's last item changed; any
    other value is swapped for a poison that raises when used, so a
    ``canonical()`` that reads the attribute fails loudly instead of passing.
    """
    _, history = random_playout(engine, num_players, seed, config)
    state = engine.new_game(config or engine.default_config(), num_players)
    for seat, action in history[: len(history) // 2]:
        state.apply(seat, action)
    digest = state.digest()
    for name, path in _attribute_paths(state):
        if any(name == left or name.startswith(f"{left}.") for left in state.not_in_canonical):
            continue
        changed = copy.deepcopy(state)
        parent: Any = changed
        for step in path[:-1]:
            parent = parent[step] if isinstance(step, int) else getattr(parent, step)
        setattr(parent, str(path[-1]), _perturbed(getattr(parent, str(path[-1]))))
        try:
            covered = changed.digest() != digest
        except Exception:
            covered = True  # canonical() read the changed value and choked on it
        assert covered, f"{engine.name}: attribute {name!r} is not in canonical()"


def _attribute_paths(state: State[Any]) -> list[tuple[str, tuple[str | int, ...]]]:
    """Every attribute of ``state`` as (dotted name, path), those of its records one by one."""
    found: list[tuple[str, tuple[str | int, ...]]] = []
    for attribute, value in vars(state).items():
        if attribute not in state.records:
            found.append((attribute, (attribute,)))
            continue
        items = enumerate(value) if isinstance(value, list) else [(-1, value)]
        for index, record in items:
            at: tuple[str | int, ...] = (attribute, index) if index >= 0 else (attribute,)
            found += [(f"{attribute}.{name}", (*at, name)) for name in vars(record)]
    return found


def check_clone(
    engine: Engine[Any], num_players: int, seed: int = 0, config: Message | None = None
) -> None:
    """Check that ``clone()`` copies a state equal in every way and independent of it.

    The state is taken halfway through a seeded random game. The clone plays
    the game's second half step by step beside a state replayed from the
    start, with the same digest and the same legal lists at every step; the
    original must not change meanwhile, and must then play the same second
    half to the same end: an engine that shares what it should copy fails here.
    """
    _, history = random_playout(engine, num_players, seed, config)
    half = len(history) // 2

    def replayed(steps: int) -> State[Any]:
        state = engine.new_game(config or engine.default_config(), num_players)
        for seat, action in history[:steps]:
            state.apply(seat, action)
        return state

    original, witness = replayed(half), replayed(half)
    before = original.digest()
    twin = original.clone()
    assert type(twin) is type(original), f"{engine.name}: clone() gave a {type(twin).__name__}"
    for step, (seat, action) in enumerate(history[half:], start=half):
        assert twin.digest() == witness.digest(), f"{engine.name} step {step}: clone differs"
        assert twin.to_act() == witness.to_act(), f"{engine.name} step {step}: clone differs"
        if seat != CHANCE:
            assert twin.legal_actions(seat) == witness.legal_actions(seat), (
                f"{engine.name} step {step}: the clone's legal list differs"
            )
        twin.apply(seat, action)
        witness.apply(seat, action)
    assert twin.digest() == witness.digest() and twin.is_terminal()
    assert original.digest() == before, f"{engine.name}: playing a clone changed the original"
    for seat, action in history[half:]:
        original.apply(seat, action)
    assert original.digest() == twin.digest(), f"{engine.name}: the original lost its way"


def check_no_reference_cycles(
    engine: Engine[Any], num_players: int, seed: int = 0, config: Message | None = None
) -> None:
    """Check that playing, cloning and observing leave no garbage for the cycle collector.

    Search (bots/mcts_bot.py) keeps Python's cycle collector away while it
    searches, since a pass over a big tree is a pause longer than a short
    move's margin; it then relies on reference counting alone. A state that
    makes reference cycles (a nested function calling itself, an owner that
    points back at its holder) leaks there until the match ends.
    """
    _, history = random_playout(engine, num_players, seed, config)
    state = engine.new_game(config or engine.default_config(), num_players)
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        for seat, action in history:
            twin = state.clone()
            for viewer in range(num_players):
                twin.observation(viewer)
            if seat != CHANCE:
                twin.legal_actions(seat)
            else:
                twin.chance_outcomes()
            twin.outcome()
            state.apply(seat, action)
        del twin
        gc.set_debug(gc.DEBUG_SAVEALL)
        found = gc.collect()
        kinds = sorted({getattr(o, "__qualname__", type(o).__name__) for o in gc.garbage})
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if enabled:
            gc.enable()
    assert found == 0, f"{engine.name}: {found} objects in reference cycles, among them {kinds}"


def _check_end(engine: Engine[Any], state: State[Any]) -> None:
    assert state.is_terminal(), f"{engine.name}: no seat to act but not terminal"
    outcome = state.outcome()
    assert len(outcome) == state.num_players, f"{engine.name}: outcome needs one entry per seat"
    assert min(o.rank for o in outcome) == 1, f"{engine.name}: nobody ranked first"
    assert isinstance(state.render(), str)


def _check_replay(
    engine: Engine[Any],
    players: int,
    seed: int,
    config: Message | None,
    history: list[tuple[int, Any]],
) -> None:
    """Replay a history step by step, checking every contract point on the way."""
    state = engine.new_game(config or engine.default_config(), players)
    twin = engine.new_game(config or engine.default_config(), players)
    assert state.digest() == twin.digest(), f"{engine.name}: equal new games differ in digest"
    rng = random.Random(seed ^ 0x5EED)
    for step, (seat, action) in enumerate(history):
        assert seat in state.to_act(), f"{engine.name} step {step}: seat {seat} not to act"
        if seat == CHANCE:
            _check_chance(engine, state, action)
        else:
            _check_decision(engine, state, seat, action, rng)
        state.apply(seat, action)
        twin.apply(seat, action)
        assert state.digest() == twin.digest(), f"{engine.name} step {step}: digest not stable"
    assert state.is_terminal()


def _check_chance(engine: Engine[Any], state: State[Any], outcome: Any) -> None:
    outcomes = state.chance_outcomes()
    assert sum((p for _, p in outcomes), Fraction(0)) == 1, f"{engine.name}: chance sums != 1"
    assert outcome in [o for o, _ in outcomes]
    _check_codec(engine, outcome)
    check_description(engine, state, CHANCE, outcome)


REPR_PATTERN = re.compile(r"\b[A-Z]\w*\(|\w=|<\w+[.:]")
"""What a repr looks like: ``Move(``, ``source=``, ``<Kind.ROAD: 1>``."""


def check_description(engine: Engine[Any], state: State[Any], seat: int, action: Any) -> str:
    """Check that an action is described in words, starting with its actor; return the words."""
    text = state.describe(seat, action)
    assert isinstance(text, str), f"{engine.name}: describe() gave {type(text).__name__}"
    assert text.startswith(actor(seat) + " "), f"{engine.name}: {text!r} does not name the actor"
    assert text.strip() == text and "\n" not in text, f"{engine.name}: {text!r} is not one line"
    assert not REPR_PATTERN.search(text), f"{engine.name}: {text!r} reads like a repr"
    assert type(action).__name__ not in text, f"{engine.name}: {text!r} names a class"
    return text


def _check_decision(
    engine: Engine[Any], state: State[Any], seat: int, action: Any, rng: random.Random
) -> None:
    legal = state.legal_actions(seat)
    assert legal, f"{engine.name}: empty legal list for seat {seat}"
    assert legal == state.legal_actions(seat), f"{engine.name}: legal list not deterministic"
    assert len(set(legal)) == len(legal), f"{engine.name}: duplicate legal actions"
    assert action in legal
    assert isinstance(state.observation(seat), Message)
    assert isinstance(engine.action_list_to_proto(legal), Message)
    other = rng.choice(legal)
    _check_codec(engine, other)
    check_description(engine, state, seat, action)
    check_description(engine, state, seat, other)
    _check_wrong_seat_refused(engine, state, seat, action)


def _check_codec(engine: Engine[Any], action: Any) -> None:
    message = engine.action_to_proto(action)
    assert isinstance(message, engine.action_type)
    assert engine.action_from_proto(message) == action, f"{engine.name}: codec lost {action!r}"


def _check_wrong_seat_refused(
    engine: Engine[Any], state: State[Any], seat: int, action: Any
) -> None:
    others = [s for s in range(state.num_players) if s not in state.to_act()]
    if not others:
        return
    before = state.digest()
    try:
        state.apply(others[0], action)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"{engine.name}: seat {others[0]} acted out of turn")
    assert state.digest() == before, f"{engine.name}: a refused action changed the state"


class _PoisonUsed(Exception):
    """A check's poison value was read: the code under test uses the attribute."""


class _Poison:
    """A value that raises whenever it is used: compared, hashed, printed, iterated."""

    def _used(self, *args: object, **kwargs: object) -> Any:
        raise _PoisonUsed

    __eq__ = __lt__ = __gt__ = __le__ = __ge__ = __hash__ = _used
    __repr__ = __str__ = __bool__ = __iter__ = __len__ = __int__ = __index__ = _used
    __getattr__ = __getitem__ = _used


def _perturbed(value: Any) -> Any:  # noqa: PLR0911 (one return per kind of value)
    """A value of the same kind that differs from ``value``, or a poison."""
    if isinstance(value, enum.Enum):
        members = list(type(value))
        return members[(members.index(value) + 1) % len(members)] if len(members) > 1 else _Poison()
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value + 1
    if isinstance(value, str):
        return value + "~"
    if isinstance(value, bytes):
        return value + b"~"
    if isinstance(value, list | tuple):
        items = [*value[:-1], _perturbed(value[-1])] if value else [0]
        return tuple(items) if isinstance(value, tuple) else items
    if isinstance(value, set | frozenset):
        return type(value)(list(value)[1:]) if value else type(value)({0})
    if isinstance(value, dict):
        if not value:
            return {0: 0}
        last = list(value)[-1]
        return {**value, last: _perturbed(value[last])}
    return _Poison()


@dataclass(frozen=True)
class DeterminizeReport:
    """What ``check_determinize`` saw, for a test to judge the hidden parts by."""

    positions: int
    """Decision points checked."""
    varied: int
    """Decision points whose samples differed from each other (hidden parts sampled)."""
    exact: int
    """Decision points where every sample was the true state, digest for digest."""


def check_determinize(
    engine: Engine[Any],
    num_players: int,
    *,
    seeds: range = range(2),
    config: Message | None = None,
    samples: int = 4,
    positions_per_game: int = 12,
) -> DeterminizeReport:
    """Check ``Engine.determinize`` at decision points of seeded random games.

    At positions spread over each game, for a seat that must decide: every
    sample's ``observation(seat)`` equals the observation it was built from,
    it offers that seat the same legal actions as the true position, and it
    plays on (a few random steps from a clone, leaving the sample unchanged).

    Raises:
        AssertionError: a breach, naming the engine, the seed and the step.
    """
    config = config or engine.default_config()
    positions = varied = exact = 0
    for seed in seeds:
        _, history = random_playout(engine, num_players, seed, config)
        decisions = [step for step, (seat, _) in enumerate(history) if seat != CHANCE]
        every = max(1, len(decisions) // positions_per_game)
        chosen = set(decisions[::every])
        state = engine.new_game(config, num_players)
        rng = random.Random(seed ^ 0xD37E)
        for step, (seat, action) in enumerate(history):
            if step in chosen:
                where = f"{engine.name} seed {seed} step {step}"
                digests = _check_samples(
                    engine, config, state, seat, rng=rng, samples=samples, where=where
                )
                positions += 1
                varied += len(digests) > 1
                exact += digests == {state.digest()}
            state.apply(seat, action)
    return DeterminizeReport(positions, varied, exact)


def _check_samples(
    engine: Engine[Any],
    config: Message,
    state: State[Any],
    seat: int,
    *,
    rng: random.Random,
    samples: int,
    where: str,
) -> set[str]:
    """Check ``samples`` determinizations of one position; return their digests."""
    observation = state.observation(seat)
    legal = state.legal_actions(seat)
    digests: set[str] = set()
    for _ in range(samples):
        sample = engine.determinize(config, state.num_players, seat, observation, rng)
        assert sample.observation(seat) == observation, (
            f"{where}: the sample shows seat {seat} more or less than it saw"
        )
        assert sample.legal_actions(seat) == legal, f"{where}: the sample's legal actions differ"
        check_state_clone(sample, rng, where)
        digests.add(sample.digest())
    return digests


def check_state_clone(
    state: State[Any], rng: random.Random, where: str = "", steps: int = 30
) -> None:
    """Check that ``clone()`` copies: equal digest, and playing the copy leaves the original."""
    before = state.digest()
    copy_ = state.clone()
    assert copy_.digest() == before, f"{where}: clone() changed the digest"
    for _ in range(steps):
        actors = copy_.to_act()
        if not actors:
            break
        for seat in actors:
            if seat == CHANCE:
                action = sample_outcome(copy_.chance_outcomes(), rng)
            else:
                legal = copy_.legal_actions(seat)
                assert legal, f"{where}: a sampled state has no legal action for seat {seat}"
                action = rng.choice(legal)
            copy_.apply(seat, action)
    assert state.digest() == before, f"{where}: playing a clone changed the original"
