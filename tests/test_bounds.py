"""Out-of-range numbers in a spec or a flag: one line naming the key and its range."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import bounds
from referee.cli import main
from referee.errors import ConfigError
from referee.settings import BOUNDED_OPTIONS, MatchOptions, MatchSettings
from referee.tournament.spec import BOUNDED_KEYS, load_spec
from tests.helpers import BOTS

BOT = str(BOTS / "random_bot.py")

TOO_BIG = 2**32 + 5


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("decision_ms", TOO_BIG),
        ("decision_ms", 0),
        ("bank_ms", TOO_BIG),
        ("bank_ms", -1),
        ("increment_ms", TOO_BIG),
        ("increment_ms", -1),
        ("max_strikes", -1),
        ("startup_timeout_s", -1.0),
        ("startup_timeout_s", 0),
        ("startup_timeout_s", "nan"),
        ("bot_memory_mb", -1),
        ("bot_memory_mb", 0),
        ("bot_cpu_s", -1),
        ("concurrency", 0),
        ("concurrency", 100_000),
        ("workers", 0),
        ("workers", 10_000),
        ("games_per_table", 0),
        ("games_per_table", 10**13),
        ("table_size", -1),
        ("table_size", 1000),
        ("seed", -1),
        ("swiss_rounds", -2),
        ("max_fault_rate", 1.5),
    ],
)
def test_an_out_of_range_spec_value_is_refused_naming_key_and_range(
    tmp_path: Path, key: str, value: object
) -> None:
    """A typo in a spec is the organiser's: refused before anything runs, never a bot's fault."""
    spec = tmp_path / "spec.toml"
    spec.write_text(f'game = "land"\nbots = ["a={BOT}", "b={BOT}"]\n{key} = {value}\n')
    with pytest.raises(ConfigError) as error:
        load_spec(spec)
    message = str(error.value)
    assert message.startswith(f"{key}: expected {bounds.BOUNDS[key].describe()}, got ")
    assert "\n" not in message


def test_every_numeric_spec_key_has_a_bound() -> None:
    """A new number in the spec cannot slip in unchecked."""
    from referee.tournament.spec import TournamentSpec

    numeric = {
        name
        for name, f in TournamentSpec.__dataclass_fields__.items()
        if f.type in ("int", "float")
    }
    assert numeric == set(BOUNDED_KEYS)


@pytest.mark.parametrize(
    ("argv", "flag", "key"),
    [
        (
            ["match", "land", "--bot", BOT, "--decision-ms", str(TOO_BIG)],
            "--decision-ms",
            "decision_ms",
        ),
        (["match", "land", "--bot", BOT, "--bank-ms", str(TOO_BIG)], "--bank-ms", "bank_ms"),
        (["match", "land", "--bot", BOT, "--increment-ms", "-1"], "--increment-ms", "increment_ms"),
        (
            ["match", "land", "--bot", BOT, "--startup-timeout", "-1"],
            "--startup-timeout",
            "startup_timeout_s",
        ),
        (
            ["match", "land", "--bot", BOT, "--bot-memory-mb", "-1"],
            "--bot-memory-mb",
            "bot_memory_mb",
        ),
        (["match", "land", "--bot", BOT, "--bot-cpu-s", "-1"], "--bot-cpu-s", "bot_cpu_s"),
        (["match", "land", "--bot", BOT, "--max-strikes", "-3"], "--max-strikes", "max_strikes"),
        (["match", "land", "--bot", BOT, "--seed", "-1"], "--seed", "seed"),
        (
            ["tournament", "--game", "land", "--bot", BOT, "--bot", BOT, "--games", "0"],
            "--games",
            "games_per_table",
        ),
        (
            ["tournament", "--game", "land", "--bot", BOT, "--bot", BOT, "--concurrency", "0"],
            "--concurrency",
            "concurrency",
        ),
        (
            ["tournament", "--game", "land", "--bot", BOT, "--bot", BOT, "--workers", "-1"],
            "--workers",
            "workers",
        ),
        (
            ["tournament", "--game", "land", "--bot", BOT, "--bot", BOT, "--table-size", "-2"],
            "--table-size",
            "table_size",
        ),
        (
            ["tournament", "--game", "land", "--bot", BOT, "--bot", BOT, "--decision-ms", "0"],
            "--decision-ms",
            "decision_ms",
        ),
        (
            ["sprt", "land", "--bot", BOT, "--bot", BOT, "--max-games", "-5"],
            "--max-games",
            "max_games",
        ),
        (
            ["sprt", "land", "--bot", BOT, "--bot", BOT, "--concurrency", "5000"],
            "--concurrency",
            "concurrency",
        ),
        (
            ["replay", "x.jsonl", "--from", "3", "--decision-ms", str(TOO_BIG)],
            "--decision-ms",
            "decision_ms",
        ),
        (
            ["replay", "x.jsonl", "--from", "3", "--startup-timeout", "-1"],
            "--startup-timeout",
            "startup_timeout_s",
        ),
        (["arena", "run", "a", "--matches", "0"], "--matches", "max_games"),
        (["arena", "run", "a", "--concurrency", "99999"], "--concurrency", "concurrency"),
    ],
)
def test_an_out_of_range_flag_is_a_one_line_error_naming_flag_and_range(
    argv: list[str], flag: str, key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same ranges hold on the command line, and nothing is started."""
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {flag}: expected {bounds.BOUNDS[key].describe()}, got" in err
    assert len(err.strip().splitlines()) == 1, err


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("decision_ms", TOO_BIG),
        ("bank_ms", TOO_BIG),
        ("bot_memory_mb", -1),
        ("bot_cpu_s", -1),
        ("startup_timeout_s", 0),
    ],
)
def test_match_options_refuse_what_flags_and_specs_refuse(key: str, value: int) -> None:
    """Library callers (the arena, Dask workers) get the same check as the command line."""
    with pytest.raises(ConfigError, match=f"^{key}: expected"):
        MatchOptions(**{key: value})  # type: ignore[arg-type]


def test_every_numeric_match_option_has_a_bound() -> None:
    numeric = {
        name for name, f in MatchOptions.__dataclass_fields__.items() if f.type in ("int", "float")
    }
    assert numeric == set(BOUNDED_OPTIONS)


def test_a_clock_whose_allowance_overflows_the_protocol_is_refused() -> None:
    """Decision time plus bank is what a request states, in uint32 milliseconds."""
    with pytest.raises(ConfigError, match="decision_ms \\+ bank_ms: expected at most"):
        MatchOptions(decision_ms=bounds.UINT32_MAX, bank_ms=1)


def test_the_largest_clock_plays_and_increments_stop_at_the_protocol_limit() -> None:
    """The top of the range plays a whole match: no request states more than uint32 ms."""
    from referee.match import play_in_process
    from tests.helpers import load_bot

    options = MatchOptions(decision_ms=1000, bank_ms=bounds.UINT32_MAX - 1000, increment_ms=10**9)
    settings = MatchSettings.build("land", {}, options)
    bots = [load_bot("random_bot.py", "RandomBot") for _ in range(2)]
    result = play_in_process(settings.engine, bots, seed=3, time_control=settings.time_control)
    assert all(seat.termination.label == "normal" for seat in result.seats)
