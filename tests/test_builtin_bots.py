"""The built-in bots by name: what `--bot land-greedy` starts, wherever Landgrave is installed."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from referee import builtin_bots
from referee.cli import build_parser, main
from referee.cli.tournament import build_spec
from referee.errors import ConfigError
from referee.games import registered
from referee.transport.process import BotCommand
from tests.helpers import BOTS


def test_every_script_in_bots_has_a_builtin_name() -> None:
    """A bot added to bots/ and forgotten in the table could not be named on any install.

    A bot is a script that runs itself (``sdk.run``); the other modules there
    are parts that bots import (the MCTS bot's estimates and rollout policies).
    """
    scripts = {path.name for path in BOTS.glob("*.py") if "sdk.run(" in path.read_text()}
    assert {bot.file for bot in builtin_bots.BUILTIN_BOTS} == scripts


@pytest.mark.parametrize("bot", builtin_bots.BUILTIN_BOTS, ids=lambda bot: bot.name)
def test_a_builtin_name_is_what_the_bot_calls_itself_and_its_games_are_its_own(
    bot: builtin_bots.BuiltinBot,
) -> None:
    """The table says which games a bot plays; the bot's own class must agree."""
    module = importlib.import_module(f"landgrave_bots.{bot.file.removesuffix('.py')}")
    classes = [value for value in vars(module).values() if getattr(value, "name", None) == bot.name]
    assert classes, f"no bot class named {bot.name} in {bot.file}"
    assert tuple(getattr(classes[0], "games", ())) == bot.games
    for game in bot.games:
        assert game in registered()


def test_the_installed_bots_are_the_repositorys_scripts() -> None:
    """Editable (bots/ itself) or not (tox installs a build): the same scripts either way."""
    for bot in builtin_bots.BUILTIN_BOTS:
        installed = builtin_bots.folder() / bot.file
        assert installed.read_bytes() == (BOTS / bot.file).read_bytes(), bot.file


def test_a_builtin_name_runs_its_script_with_this_python() -> None:
    command = BotCommand.parse("land-greedy")
    assert command.argv == (sys.executable, str(builtin_bots.folder() / "land_greedy.py"))


def test_a_builtin_name_keeps_its_arguments_and_other_commands_are_untouched() -> None:
    assert builtin_bots.expand(["random", "--fast"]) == [
        str(builtin_bots.folder() / "random_bot.py"),
        "--fast",
    ]
    assert builtin_bots.expand(["./random"]) == ["./random"]
    assert builtin_bots.expand(["python3", "land-greedy"]) == ["python3", "land-greedy"]
    assert builtin_bots.expand([]) == []


def test_a_name_that_is_no_builtin_bot_nor_a_program_lists_the_builtin_bots() -> None:
    """Someone who guesses `--bot greedy` learns the names there are."""
    with pytest.raises(
        ConfigError, match=r"bot program not found: greedy \(built-in bots: random, land-greedy"
    ):
        BotCommand.parse("greedy")


def test_bots_for_a_game_list_its_own_first_then_those_for_every_game() -> None:
    assert [bot.name for bot in builtin_bots.for_game("land")] == [
        "land-greedy",
        "land-tuned",
        "land-frontier",
        "random",
        "mcts",
    ]
    assert [bot.name for bot in builtin_bots.for_game("nim")] == ["random", "mcts"]


def test_without_the_package_a_builtin_name_is_a_one_line_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bare clone on PYTHONPATH (never pip-installed) says what to do, not a traceback."""
    monkeypatch.setattr(builtin_bots, "PACKAGE", "landgrave_bots_not_installed")
    assert main(["match", "land", "--bot", "land-greedy", "--bot", "random"]) == 2
    err = capsys.readouterr().err
    assert "built-in bots are not installed" in err
    assert len(err.strip().splitlines()) == 1


def test_the_default_tournament_plays_the_installed_land_bots() -> None:
    """`referee tournament` with no arguments must not depend on a clone's bots/ folder."""
    spec = build_spec(build_parser().parse_args(["tournament"]))
    scripts = [Path(BotCommand.parse(entrant.command).argv[1]) for entrant in spec.entrants]
    assert all(script.parent == builtin_bots.folder() for script in scripts)
    assert {script.name for script in scripts} == {
        "land_greedy.py",
        "land_frontier.py",
        "random_bot.py",
    }


def test_referee_games_lists_each_games_builtin_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "built-in bots: land-greedy, land-tuned, land-frontier, random" in out
    assert "built-in bots: land6-heuristic, random" in out
