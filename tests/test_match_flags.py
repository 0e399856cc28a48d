"""One set of match flags for match, tournament, sprt and arena init, checked in one place."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from referee.arena.spec import DEFAULT_MATCH, ArenaSpec
from referee.cli import build_parser, main
from referee.cli.options import FLAGS
from referee.cli.tournament import build_spec
from referee.errors import ConfigError
from referee.settings import MatchOptions, Penalty
from referee.tournament.spec import Format, Rotation, TournamentSpec, load_spec
from tests.helpers import BOTS

BOT = str(BOTS / "random_bot.py")
GIVEN = [
    "--decision-ms", "700", "--bank-ms", "5000", "--increment-ms", "50",
    "--penalty", "default-action", "--max-strikes", "2", "--startup-timeout", "4.5",
    "--bot-memory-mb", "512", "--bot-cpu-s", "30", "--bot-output-mb", "1",
    "--bot-env", "OMP_NUM_THREADS",
]  # fmt: skip
EXPECTED = MatchOptions(
    decision_ms=700,
    bank_ms=5000,
    increment_ms=50,
    penalty=Penalty.DEFAULT_ACTION,
    max_strikes=2,
    startup_timeout_s=4.5,
    bot_memory_mb=512,
    bot_cpu_s=30,
    bot_output_mb=1,
    bot_env=("OMP_NUM_THREADS",),
)


def parse(argv: list[str]) -> argparse.Namespace:
    return build_parser().parse_args(argv)


@pytest.mark.parametrize(
    "command",
    [
        ["match", "land", "--bot", BOT],
        ["tournament", "--game", "land", "--bot", BOT, "--bot", BOT],
        ["sprt", "land", "--bot", BOT, "--bot", BOT],
        ["arena", "init", "dir", "--game", "land"],
    ],
)
def test_every_command_that_plays_takes_every_match_flag(command: list[str]) -> None:
    """The same flags, the same names, the same parsing, wherever matches are played."""
    from referee.cli.options import match_options

    assert match_options(parse([*command, *GIVEN])) == EXPECTED
    assert set(FLAGS) == set(MatchOptions.__dataclass_fields__)


def test_a_match_flag_overrides_the_specs_key_and_leaves_the_rest(tmp_path: Path) -> None:
    spec_path = tmp_path / "spec.toml"
    spec_path.write_text(
        f'game = "land"\nbots = ["a={BOT}", "b={BOT}"]\nbank_ms = 900\nbot_env = "HOME_X A_B"\n'
        'rotation = "cyclic"\n[config]\nmap = "cove"\n'
    )
    args = parse(["tournament", str(spec_path), "--decision-ms", "300", "--config", "map_seed=3"])
    spec = build_spec(args)
    assert (spec.match.decision_ms, spec.match.bank_ms) == (300, 900)
    assert spec.match.bot_env == ("HOME_X", "A_B")
    assert dict(spec.config) == {"map": "cove", "map_seed": 3}
    assert spec.rotation is Rotation.CYCLIC and spec.format is Format.ROUND_ROBIN
    assert TournamentSpec.from_json(spec.to_json()) == spec


def test_a_spec_stored_before_match_options_still_reads() -> None:
    """A tournament begun by an older referee resumes: its flat keys become its options."""
    old = (
        '{"game": "land", "entrants": [{"name": "a", "command": "a.py"}, '
        '{"name": "b", "command": "b.py"}], "decision_ms": 250, "bot_env": "X", '
        '"penalty": "forfeit", "format": "swiss"}'
    )
    spec = TournamentSpec.from_json(old)
    assert spec.match == MatchOptions(decision_ms=250, bot_env=("X",))
    assert spec.format is Format.SWISS
    arena = ArenaSpec.from_json('{"games": ["land"], "decision_ms": 400, "bot_memory_mb": 900}')
    assert arena.match == MatchOptions(decision_ms=400, bot_memory_mb=900)


def test_the_arena_keeps_its_own_defaults_under_the_shared_flags(tmp_path: Path) -> None:
    assert main(["arena", "init", str(tmp_path / "a"), "--game", "land", "--bank-ms", "10"]) == 0
    from referee.arena.registry import arena_spec
    from referee.arena.store import ArenaStore

    store = ArenaStore(tmp_path / "a")
    try:
        match = arena_spec(store).match
    finally:
        store.close()
    assert match == MatchOptions(bank_ms=10, bot_memory_mb=DEFAULT_MATCH.bot_memory_mb)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('penalty = "lose"', "penalty: expected one of forfeit, default-action, got 'lose'"),
        ('format = "league"', "format: expected one of round-robin, gauntlet, swiss"),
        ('bot_env = "LANDGRAVE_X"', "bot_env: expected names of environment variables"),
        ("decision_ms = 0", "decision_ms: expected 1 to"),
    ],
)
def test_a_wrong_match_option_in_a_spec_is_one_line(
    tmp_path: Path, line: str, message: str
) -> None:
    spec_path = tmp_path / "spec.toml"
    spec_path.write_text(f'game = "land"\nbots = ["a={BOT}", "b={BOT}"]\n{line}\n')
    with pytest.raises(ConfigError, match=message):
        load_spec(spec_path)
