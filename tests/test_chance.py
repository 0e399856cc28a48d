"""Chance no bot can predict: a keyed stream, committed in the header and revealed in the footer."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import trio

from referee.engine import CHANCE
from referee.games import get_engine
from referee.match import MatchSpec, run_match
from referee.match.chance import ChanceStream, OutcomeTable, match_key, sample_outcome
from referee.match.inprocess import InProcessPlayer
from referee.record.reader import read_record
from referee.replay import Replay
from tests.helpers import BOTS, load_bot, run_referee

CARCASSONNE = get_engine("carcassonne")
"""Its tiles are drawn by chance, about seventy times a match: many draws to predict."""


def play(path: Path, seed: int, chance_key: bytes | None) -> Path:
    bots = [load_bot("random_bot.py", "RandomBot") for _ in range(2)]
    spec = MatchSpec(CARCASSONNE, seed, record_path=path, chance_key=chance_key)
    trio.run(run_match, spec, [InProcessPlayer(bot) for bot in bots])
    return path


def chance_outcomes(path: Path) -> list[Any]:
    return [step.action for step in read_record(path).steps if step.seat == CHANCE]


def test_the_stream_depends_on_the_key_and_the_draw_number_only() -> None:
    """Same key, same draws (duplicate seeds, resume); a skipped draw keeps later ones in step."""
    first, again, other = ChanceStream(b"k" * 32), ChanceStream(b"k" * 32), ChanceStream(b"j" * 32)
    draws = [first.randrange(1000) for _ in range(50)]
    assert draws == [again.randrange(1000) for _ in range(50)]
    assert draws != [other.randrange(1000) for _ in range(50)]
    skipping = ChanceStream(b"k" * 32)
    skipping.skip()
    assert skipping.randrange(1000) == draws[1]


def test_a_table_made_once_draws_what_its_list_draws() -> None:
    """Dice an engine keeps as an ``OutcomeTable`` pick as the plain list would, draw for draw.

    (Records made before the table existed must replay: the same point picks the
    same outcome, zero-weight outcomes included, which are never picked.)
    """
    odds = [("never", Fraction(0)), ("a", Fraction(1, 6)), ("b", Fraction(1, 2))]
    odds += [("never again", Fraction(0)), ("c", Fraction(1, 3))]
    table = OutcomeTable(odds)
    from_table, from_list = ChanceStream(b"t" * 32), ChanceStream(b"t" * 32)
    drawn = [sample_outcome(table, from_table) for _ in range(3000)]
    assert drawn == [sample_outcome(odds, from_list) for _ in range(3000)]
    assert set(drawn) == {"a", "b", "c"}

    # Each point below the total, walked through in order: the shares 1, 3, 2 of 6.
    class Points:
        def __init__(self) -> None:
            self.next = 0

        def randrange(self, stop: int) -> int:
            assert stop == 6
            self.next += 1
            return self.next - 1

    points = Points()
    assert [sample_outcome(table, points) for _ in range(6)] == ["a", "b", "b", "b", "c", "c"]
    with pytest.raises(ValueError, match="no outcomes"):
        OutcomeTable([])


@pytest.mark.slow
def test_outcomes_come_with_their_exact_probabilities() -> None:
    """Thirds, not floats: 30,000 draws land within a few standard deviations of 1/3 and 2/3."""
    stream = ChanceStream(b"fair" * 8)
    outcomes = [("one", Fraction(1, 3)), ("two", Fraction(2, 3))]
    counts = Counter(sample_outcome(outcomes, stream) for _ in range(30_000))
    assert abs(counts["one"] - 10_000) < 400  # 4.9 standard deviations
    with pytest.raises(ValueError, match="no outcomes"):
        sample_outcome([], stream)


@pytest.mark.slow
def test_the_public_seed_alone_does_not_give_the_chance(tmp_path: Path) -> None:
    """Two matches on one seed, each with a fresh secret, draw different tiles."""
    one = play(tmp_path / "a.jsonl", 7, None)
    two = play(tmp_path / "b.jsonl", 7, None)
    assert chance_outcomes(one) != chance_outcomes(two)
    assert read_record(one).header.chance_commitment != read_record(two).header.chance_commitment


@pytest.mark.slow
def test_one_secret_and_seed_give_the_same_chance_and_another_secret_does_not(
    tmp_path: Path,
) -> None:
    """Duplicate seeds and exact resume rely on the key being a function of secret and seed."""
    key = match_key(b"organiser secret", 7)
    assert match_key(b"organiser secret", 7) == key != match_key(b"organiser secret", 8)
    same = [chance_outcomes(play(tmp_path / f"{n}.jsonl", 7, key)) for n in range(2)]
    assert same[0] == same[1]
    other = chance_outcomes(play(tmp_path / "o.jsonl", 7, match_key(b"another secret", 7)))
    assert other != same[0]


def predicted_hits(path: Path, guess: Any) -> tuple[int, float, int]:
    """How often ``guess(state, draw)`` named the next tile, against what blind luck expects.

    Returns:
        Hits, the expected hits of always naming the likeliest tile, and the draws.
    """
    replay = Replay.from_path(path)
    hits, expected, draws = 0, 0.0, 0
    for state, step in zip(replay.states(), replay.record.steps, strict=False):
        if step.seat != CHANCE:
            continue
        outcomes = state.chance_outcomes()
        hits += guess(outcomes, draws) == step.action
        expected += float(max(p for _, p in outcomes))
        draws += 1
    return hits, expected, draws


def old_scheme(seed: int) -> Any:
    """What the referee did before format 2: one ``random.Random(seed).random()`` per draw."""
    rng = random.Random(seed)

    def guess(outcomes: list[tuple[Any, Fraction]], _draw: int) -> Any:
        point, total = Fraction(rng.random()), Fraction(0)
        for outcome, probability in outcomes:
            total += probability
            if point < total:
                return outcome
        return outcomes[-1][0]

    return guess


def keyed_guess(key: bytes) -> Any:
    stream = ChanceStream(key)
    return lambda outcomes, _draw: sample_outcome(outcomes, stream)


@pytest.mark.slow
def test_a_bot_told_the_public_facts_predicts_no_better_than_luck(tmp_path: Path) -> None:
    """The seed, the match id and every earlier tile do not tell the next tile.

    The attack that worked on the old scheme (seed the RNG with the public seed)
    names every tile; against a secret key it and its variants (the seed, the
    match id or the in-process secret as the key) do no better than always
    naming the likeliest tile.
    """
    seed = 11
    path = play(tmp_path / "m.jsonl", seed, match_key(b"the organiser's secret", seed))
    match_id = read_record(path).header.match_id
    guesses = {
        "random.Random(seed)": old_scheme(seed),
        "key = seed": keyed_guess(str(seed).encode()),
        "key from an empty secret": keyed_guess(match_key(b"", seed)),
        "key from the match id": keyed_guess(match_key(match_id.encode(), seed)),
    }
    for name, guess in guesses.items():
        hits, luck, draws = predicted_hits(path, guess)
        assert draws > 50
        # Luck gives about 4 hits of ~70; 12 would be 4 standard deviations above it.
        assert hits <= luck + 4 * luck**0.5, f"{name}: {hits} of {draws} tiles, luck {luck:.1f}"

    # The same attack on a game whose tiles were drawn the old way names every one.
    state, old_draw, attack, hits, draws = (
        CARCASSONNE.new_game(CARCASSONNE.default_config(), 2),
        old_scheme(seed),
        old_scheme(seed),
        0,
        0,
    )
    while not state.is_terminal():
        actor = state.to_act()[0]
        if actor != CHANCE:
            state.apply(actor, state.legal_actions(actor)[0])
            continue
        outcomes = state.chance_outcomes()
        drawn = old_draw(outcomes, draws)
        hits += attack(outcomes, draws) == drawn
        draws += 1
        state.apply(CHANCE, drawn)
    assert hits == draws > 50


@pytest.mark.slow
def test_matches_between_bot_processes_draw_secret_chance_that_verifies(tmp_path: Path) -> None:
    """`referee match` draws from a fresh secret unless the organiser gives one; both verify.

    Given the same secret file and seed, two matches draw the same tiles
    (duplicate seeds); the default secret is fresh, so the public seed does not.
    """
    secret = tmp_path / "organiser.secret"
    secret.write_text("the organiser's chance secret")
    bot = str(BOTS / "random_bot.py")

    def tiles(name: str, *options: str) -> list[Any]:
        path = tmp_path / name
        played = run_referee(
            "match",
            "carcassonne",
            "--bot",
            bot,
            "--bot",
            bot,
            "--seed",
            "7",
            "--record",
            str(path),
            *options,
        )
        assert played.returncode == 0, played.stderr
        checked = run_referee("replay", str(path), "--verify")
        assert checked.returncode == 0, checked.stdout
        assert "chance: every outcome is what the revealed key draws" in checked.stdout
        # The first tiles: a tile no bot can place is set aside, which shifts later draws.
        return chance_outcomes(path)[:10]

    given = [tiles(f"given-{n}.jsonl", "--chance-secret", str(secret)) for n in range(2)]
    assert given[0] == given[1]
    assert tiles("fresh.jsonl") != given[0]
