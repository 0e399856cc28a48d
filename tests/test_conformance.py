"""The conformance check on real bot processes: each flaw fails its check with the reason."""

from __future__ import annotations

import shutil
import tarfile
from collections.abc import Sequence
from pathlib import Path

import pytest

from referee.arena.conformance import CheckReport, CheckResult, check_package, check_path
from referee.arena.package import read_package
from referee.bounds import BOUNDS
from referee.cli import main
from referee.match import starvation
from tests.helpers import BOTS, TEST_BOTS, run_referee

FAULTY = TEST_BOTS / "faulty.py"

EVERY_CHECK_ON_LAND = [
    "bot.toml",
    "game (land)",
    "handshake",
    "answers in time (land)",
    "legal moves (land)",
    "survives a penalty loss",
    "exits when told",
]

# A bot that plays index 0 and then does something after sdk.run returns.
BOT_THEN = """\
import sys, time
import sdk

class Bot(sdk.Bot):
    name = "first-choice"

    def decide(self, decision):
        return 0

sdk.run(Bot())
{after}
"""

SORE_LOSER = """\
import os
import sdk
from sdk.pb.landgrave.v1 import bot_pb2

class SoreLoser(sdk.Bot):
    name = "sore-loser"

    def decide(self, decision):
        return 0

    def match_ended(self, match, results):
        if results[match.seat].termination == bot_pb2.TERMINATION_TIMEOUT:
            os._exit(5)

sdk.run(SoreLoser())
"""


def make_package(
    folder: Path,
    command: str,
    games: Sequence[str] = ("land",),
    files: dict[str, str] | None = None,
) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    listed = ", ".join(f'"{game}"' for game in games)
    (folder / "bot.toml").write_text(
        f'name = "checked"\nversion = "1"\nauthor = "ada"\ncommand = "{command}"\n'
        f"games = [{listed}]\n"
    )
    for name, text in (files or {}).items():
        (folder / name).write_text(text)
    return folder


async def check(folder: Path, work: Path, decision_ms: int = 1000) -> dict[str, CheckResult]:
    report = await check_package(
        read_package(folder), None, work, sandbox=False, decision_ms=decision_ms
    )
    assert not report.passed
    return {result.name: result for result in report.results}


@pytest.mark.slow
def test_a_good_package_passes_every_check_in_the_sandbox_matches_use(tmp_path: Path) -> None:
    """The random bot, packaged, is what every submission is measured against."""
    folder = tmp_path / "random"
    folder.mkdir()
    shutil.copy(BOTS / "random_bot.py", folder)
    make_package(folder, "random_bot.py", games=("land", "land6"))
    report = check_path(folder, None, tmp_path / "work")
    assert report.passed, report.render()
    names = [result.name for result in report.results]
    assert names == [
        *EVERY_CHECK_ON_LAND[:2],
        "game (land6)",
        *EVERY_CHECK_ON_LAND[2:5],
        "answers in time (land6)",
        "legal moves (land6)",
        *EVERY_CHECK_ON_LAND[5:],
    ]
    lines = report.render().splitlines()
    assert all(line.startswith("PASS ") for line in lines)
    assert "protocol version 1, says it is 'random'" in lines[names.index("handshake")]
    assert "against the random bot" in lines[names.index("legal moves (land)")]
    assert "against" not in lines[names.index("legal moves (land6)")]  # solo: no opponent
    sandboxed = shutil.which("bwrap") is not None
    assert ("runs in a sandbox" in lines[0]) is sandboxed
    assert sorted(p.name for p in (tmp_path / "work" / "records").iterdir())[0].endswith(".jsonl")


@pytest.mark.slow
async def test_an_old_protocol_version_fails_the_handshake_with_the_referees_words(
    tmp_path: Path,
) -> None:
    results = await check(make_package(tmp_path / "p", f"{FAULTY} old-protocol"), tmp_path / "w")
    assert not results["handshake"].passed
    assert "protocol version 99 is not supported" in results["handshake"].reason
    for name in EVERY_CHECK_ON_LAND[3:]:
        assert results[name].reason.startswith("skipped:"), results[name]
    assert results["bot.toml"].passed and results["game (land)"].passed


@pytest.mark.slow
async def test_illegal_replies_fail_the_legal_moves_check(tmp_path: Path) -> None:
    results = await check(make_package(tmp_path / "p", f"{FAULTY} bad-index 2"), tmp_path / "w")
    legal = results["legal moves (land)"]
    assert not legal.passed
    assert "(seed 1, seat 0): illegal_action: index" in legal.reason
    assert "out of range" in legal.reason
    assert results["answers in time (land)"].passed  # it answered, at once
    assert results["handshake"].passed and results["exits when told"].passed


@pytest.mark.slow
async def test_a_failure_the_check_names_by_its_seed_plays_the_same_again(tmp_path: Path) -> None:
    """The check's matches draw their chance from the seed: an author replays the failure."""
    package = make_package(tmp_path / "p", f"{FAULTY} bad-index 2")
    runs = [await check(package, tmp_path / f"w{run}") for run in range(2)]
    assert runs[0]["legal moves (land)"].reason == runs[1]["legal moves (land)"].reason
    records = [(tmp_path / f"w{run}" / "records" / "check-land-1.jsonl") for run in range(2)]
    chance = [[ln for ln in r.read_text().splitlines() if '"chance"' in ln] for r in records]
    assert chance[0] and chance[0] == chance[1]


@pytest.mark.slow
async def test_too_slow_replies_fail_the_clock_check(tmp_path: Path) -> None:
    results = await check(
        make_package(tmp_path / "p", f"{FAULTY} sleep"), tmp_path / "w", decision_ms=300
    )
    in_time = results["answers in time (land)"]
    assert not in_time.passed
    assert "timeout: no reply within 0.300 s" in in_time.reason
    assert results["legal moves (land)"].reason.startswith("skipped: no match played to its end")
    # It is still asleep in decide() when told to go: it is killed, and that fails too.
    assert "still running" in results["exits when told"].reason


@pytest.mark.slow
async def test_a_crash_at_start_fails_the_handshake_and_skips_the_rest(tmp_path: Path) -> None:
    folder = make_package(
        tmp_path / "p", "crash.py", files={"crash.py": "raise SystemExit('no model weights')\n"}
    )
    results = await check(folder, tmp_path / "w")
    handshake = results["handshake"]
    assert not handshake.passed
    assert "exited with code 1 before saying hello: no model weights" in handshake.reason
    assert results["exits when told"].reason == "skipped: it never connected"
    assert [name for name, result in results.items() if not result.passed] == [
        *EVERY_CHECK_ON_LAND[2:]
    ]


@pytest.mark.slow
async def test_a_bot_that_gives_no_name_fails_the_handshake(tmp_path: Path) -> None:
    nameless = BOT_THEN.replace('name = "first-choice"', 'name = ""').format(after="")
    folder = make_package(tmp_path / "p", "bot.py", files={"bot.py": nameless})
    results = await check(folder, tmp_path / "w")
    assert results["handshake"].reason == "its hello gives no name (records and standings show it)"
    assert results["legal moves (land)"].reason == "skipped: the handshake failed"
    assert results["exits when told"].passed


@pytest.mark.slow
async def test_a_huge_name_in_the_hello_is_cut_short_in_the_report(tmp_path: Path) -> None:
    """What a bot says is hostile input: a report line stays a line."""
    bot = BOT_THEN.replace('name = "first-choice"', 'name = "x" * 100_000').format(after="")
    folder = make_package(tmp_path / "p", "bot.py", files={"bot.py": bot})
    report = await check_package(read_package(folder), None, tmp_path / "w", sandbox=False)
    assert report.passed, report.render()
    assert max(len(line) for line in report.render().splitlines()) < 300


@pytest.mark.slow
async def test_a_bot_that_dies_when_told_it_lost_fails_survival(tmp_path: Path) -> None:
    folder = make_package(tmp_path / "p", "loser.py", files={"loser.py": SORE_LOSER})
    results = await check(folder, tmp_path / "w")
    survival = results["survives a penalty loss"]
    assert not survival.passed
    assert "told it lost by a timeout, the next match ended: crash" in survival.reason
    assert "code 5" in survival.reason
    assert results["legal moves (land)"].passed
    assert results["exits when told"].reason == "skipped: the bot's process was already gone"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("after", "reason"),
    [
        ("time.sleep(30)", "still running 1.0 s after the referee closed its stream"),
        ("sys.exit(4)", "exited with code 4 when the referee closed its stream"),
    ],
)
async def test_a_bot_that_does_not_exit_cleanly_when_told_fails(
    tmp_path: Path, after: str, reason: str
) -> None:
    folder = make_package(tmp_path / "p", "bot.py", files={"bot.py": BOT_THEN.format(after=after)})
    results = await check(folder, tmp_path / "w")
    assert reason in results["exits when told"].reason
    assert [name for name, result in results.items() if not result.passed] == ["exits when told"]


@pytest.mark.slow
async def test_a_bot_the_machine_starves_while_it_exits_gets_more_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a busy machine a healthy bot may need more than the grace to exit: not its fault.

    The meter says every wait was the machine's (as on a congested machine), and the
    bot spends 1.5 s on a CPU after its stream closes: it passes, after two graces.
    """
    monkeypatch.setattr(starvation.DecisionMeter, "starved", lambda *_: "starved (test)")
    spin = "end = time.monotonic() + 1.5\nwhile time.monotonic() < end: pass"
    folder = make_package(tmp_path / "p", "bot.py", files={"bot.py": BOT_THEN.format(after=spin)})
    report = await check_package(read_package(folder), None, tmp_path / "w", sandbox=False)
    assert report.passed, report.render()
    assert "exited with code 0" in report.results[-1].reason


@pytest.mark.slow
async def test_games_asked_but_not_declared_or_not_installed_fail_their_line(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "random"
    folder.mkdir()
    shutil.copy(BOTS / "random_bot.py", folder)
    make_package(folder, "random_bot.py", games=("land", "chess"))
    report = await check_package(
        read_package(folder), ["land", "chess", "carcassonne"], tmp_path / "w", sandbox=False
    )
    results = {result.name: result for result in report.results}
    assert "unknown game 'chess'" in results["game (chess)"].reason
    assert results["game (carcassonne)"].reason == "not declared in bot.toml (it lists land, chess)"
    assert [name for name, result in results.items() if not result.passed] == [
        "game (chess)",
        "game (carcassonne)",
    ]
    assert "legal moves (chess)" not in results


@pytest.mark.parametrize(
    ("toml", "reason"),
    [
        (None, "no bot.toml (a bot package needs one at its top)"),
        ('name = "x"\n', "'command' must be the command line that starts the bot"),
        (
            'name = "x"\nversion = "1"\nauthor = "a"\ncommand = "bot.js"\ngames = ["land"]\n',
            "the command's program 'bot.js' is neither a file of the package nor installed",
        ),
    ],
)
def test_a_missing_or_wrong_bot_toml_fails_the_first_check(
    tmp_path: Path, toml: str | None, reason: str
) -> None:
    folder = tmp_path / "p"
    folder.mkdir()
    if toml is not None:
        (folder / "bot.toml").write_text(toml)
    report = check_path(folder, ["land"], tmp_path / "w")
    first, *rest = report.results
    assert not first.passed and first.name == "bot.toml" and reason in first.reason
    assert [r.name for r in rest] == EVERY_CHECK_ON_LAND[3:5] + EVERY_CHECK_ON_LAND[2:3] + (
        EVERY_CHECK_ON_LAND[5:]
    )
    assert all(r.reason == "skipped: no usable bot.toml" for r in rest)


def test_a_report_renders_a_line_per_check_and_passes_only_when_all_do() -> None:
    good = CheckResult("handshake", True, "protocol version 1")
    bad = CheckResult("exits when told", False, "exited with code 4")
    assert CheckReport((good, bad)).render() == (
        "PASS handshake: protocol version 1\nFAIL exits when told: exited with code 4"
    )
    assert CheckReport((good,)).passed
    assert not CheckReport((good, bad)).passed
    assert not CheckReport(()).passed


@pytest.mark.slow
def test_check_bot_exits_0_when_all_pass_1_on_a_failed_check_2_on_bad_input(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "random"
    folder.mkdir()
    shutil.copy(BOTS / "random_bot.py", folder)
    make_package(folder, "random_bot.py")
    archive = tmp_path / "random.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(folder, arcname="random")
    kept = tmp_path / "kept"
    passing = run_referee(
        "check-bot", str(archive), "--game", "land", "--no-sandbox", "--keep", str(kept)
    )
    assert passing.returncode == 0, passing.stdout + passing.stderr
    assert passing.stdout.splitlines()[-1].startswith("PASS exits when told")
    assert "seat fault" not in passing.stderr  # the forced penalty is the check's, not news
    assert (kept / "records" / "check-land-1.jsonl").is_file()
    assert (kept / "package" / "random" / "bot.toml").is_file()  # the archive, unpacked

    failing = run_referee("check-bot", str(folder), "--game", "carcassonne", "--no-sandbox")
    assert failing.returncode == 1
    assert "FAIL game (carcassonne): not declared in bot.toml" in failing.stdout

    (folder / "bot.toml").write_text((folder / "bot.toml").read_text() + "game = 1\n")
    unreadable = run_referee("check-bot", str(folder), "--no-sandbox")
    assert unreadable.returncode == 1
    lines = unreadable.stdout.splitlines()
    assert lines[0].endswith("bot.toml: unknown key 'game'; did you mean 'games'?")
    assert lines[-1] == "some checks failed; fix bot.toml first"  # no bot ran: no --keep hint

    missing = run_referee("check-bot", str(tmp_path / "nothing-here"))
    assert missing.returncode == 2
    assert missing.stderr.strip() == f"referee: error: no bot package at {tmp_path}/nothing-here"
    no_clock = run_referee("check-bot", str(folder), "--decision-ms", "0")
    assert no_clock.returncode == 2
    assert "argument --decision-ms: expected 1 to" in no_clock.stderr


@pytest.fixture
def no_check_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A refused flag must stop check-bot before it plays: a check that starts fails the test
    (and cannot run for ever)."""

    def started(*args: object, **kwargs: object) -> None:
        raise AssertionError("the check started")

    monkeypatch.setattr("referee.arena.conformance.check_path", started)


@pytest.mark.parametrize(
    ("flag", "value", "key"),
    [
        ("--startup-timeout", "nan", "startup_timeout_s"),
        ("--startup-timeout", "inf", "startup_timeout_s"),
        ("--startup-timeout", "-1", "startup_timeout_s"),
        ("--startup-timeout", "0", "startup_timeout_s"),
        ("--startup-timeout", "3601", "startup_timeout_s"),
        ("--decision-ms", "0", "decision_ms"),
        ("--decision-ms", "99999999999", "decision_ms"),
        ("--matches", "0", "check_matches"),
        ("--matches", "-3", "check_matches"),
        ("--matches", "101", "check_matches"),
        ("--matches", "99999999999999999999", "check_matches"),
    ],
)
@pytest.mark.usefixtures("no_check_starts")
def test_check_bot_refuses_a_flag_out_of_its_range_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flag: str, value: str, key: str
) -> None:
    folder = make_package(tmp_path / "p", "bot.py")
    with pytest.raises(SystemExit) as exit_info:
        main(["check-bot", str(folder), flag, value])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {flag}: expected {BOUNDS[key].describe()}, got" in err
    assert len(err.strip().splitlines()) == 1, err


def test_the_checked_bots_seat_is_judged_for_starvation_like_any_seat() -> None:
    """On a loaded machine a starved bot is asked again (docs/tournaments.md, "Congestion").

    That needs its process: the check's wrapper around the seat must pass it on,
    or a healthy bot fails "answers in time" whenever the machine is busy.
    """
    from referee.arena.conformance import _Watched
    from referee.match.player import BotIdentity, Player

    class Local(Player):
        identity = BotIdentity("local")

        @property
        def pid(self) -> int | None:
            return 4242

        async def start_match(self, start: object) -> None: ...
        async def request(self, request: object, deadline: float) -> None: ...
        async def end_match(self, end: object) -> None: ...

    assert _Watched(Local()).pid == 4242


SLOW = """\
import time
import sdk

class Slow(sdk.Bot):
    name = "slow"

    def decide(self, decision):
        time.sleep(0.8)
        return 0

sdk.run(Slow())
"""


@pytest.mark.slow
async def test_a_slow_bot_fails_only_on_time_and_leaves_no_traceback(tmp_path: Path) -> None:
    """The referee closes a late bot's stream while it still decides: the SDK's answer
    then finds nobody to take it, and the bot leaves quietly, as told."""
    folder = make_package(tmp_path / "p", "slow.py", files={"slow.py": SLOW})
    results = await check(folder, tmp_path / "w", decision_ms=300)
    assert not results["answers in time (land)"].passed
    assert results["exits when told"].passed, results["exits when told"]
    logs = [path.read_text() for path in (tmp_path / "w").rglob("*.stderr")]
    assert logs and not any("Traceback" in log for log in logs), logs
