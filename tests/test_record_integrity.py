"""Records that cannot be forged quietly: results recounted, chance keys and signatures checked."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import trio

import sdk
from referee.cli import main
from referee.match import MatchSpec, PenaltyPolicy, play_in_process, run_match
from referee.match.chance import match_key
from referee.match.inprocess import InProcessPlayer
from referee.match.runner import IN_PROCESS_SECRET
from referee.record.reader import read_record, read_summary
from referee.replay import Replay, verify
from tests.helpers import BOTS, load_bot, run_referee

KEY = b"the organiser's signing key, kept off the bots' machine"


def random_bot() -> Any:
    return load_bot("random_bot.py", "RandomBot")


class FailingBot(sdk.Bot):
    """Plays a few moves, then its code breaks: a crash, penalised."""

    name = "failing"

    def __init__(self) -> None:
        self.left = 5

    def decide(self, decision: sdk.Decision) -> int:
        self.left -= 1
        if self.left < 0:
            raise RuntimeError("broken on purpose")
        return 0


def play(
    land: Any,
    path: Path,
    *,
    signing_key: bytes | None = None,
    failing: bool = False,
    lenient: bool = False,
) -> Path:
    bots = [FailingBot() if failing else random_bot(), random_bot()]
    spec = MatchSpec(
        land,
        4,
        penalties=PenaltyPolicy.lenient() if lenient else PenaltyPolicy(),
        record_path=path,
        signing_key=signing_key,
        chance_key=match_key(IN_PROCESS_SECRET, 4),  # the same, long enough game every time
    )
    trio.run(run_match, spec, [InProcessPlayer(bot) for bot in bots])
    return path


def edit_line(path: Path, kind: str, change: Callable[[dict[str, Any]], None]) -> None:
    """Change the first line of a kind in place, as someone with a text editor would."""
    lines = path.read_text().splitlines(keepends=True)
    for index, text in enumerate(lines):
        line = json.loads(text)
        if kind in line:
            change(line[kind])
            lines[index] = json.dumps(line) + "\n"
            path.write_text("".join(lines))
            return
    raise AssertionError(f"no {kind} line")


def divergence_of(path: Path, key: bytes | None = None) -> Any:
    found = verify(Replay.from_path(path), key).divergence
    assert found is not None, "the edited record verified"
    return found


def test_an_edited_footer_rank_fails_and_names_the_seat_and_field(
    land: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ranks are recounted from the replayed game, never taken from the footer."""
    path = play(land, tmp_path / "m.jsonl")
    results = read_record(path).footer.results  # type: ignore[union-attr]
    played = {r.seat: r.rank for r in results}
    # The last seat made the winner: a win flips both ranks, a draw (a starved random bot
    # may choose otherwise on a loaded machine) changes the other seat's.
    claimed = {seat: 1 if seat == max(played, key=lambda s: (played[s], s)) else 2
               for seat in played}  # fmt: skip

    def swap(footer: dict[str, Any]) -> None:
        for seat in footer["results"]:
            seat["rank"] = claimed[seat["seat"]]

    edit_line(path, "footer", swap)
    divergence = divergence_of(path)
    first_edited = min(seat for seat in played if claimed[seat] != played[seat])
    assert divergence.what == f"footer seat {first_edited} rank"
    assert main(["replay", str(path), "--verify"]) == 1
    out = capsys.readouterr().out
    assert (
        "footer seat" in out and "rank differs" in out and "footer:" in out and "replayed:" in out
    )


@pytest.mark.parametrize(
    ("field", "value", "shown"),
    [
        ("termination", "TERMINATION_TIMEOUT", "timeout"),
        ("score", 999.0, "999.0"),
        ("faults", ["TERMINATION_CRASH"], "[crash]"),
        ("titles", ["God of Dice"], "['God of Dice']"),
    ],
)
def test_any_edited_footer_field_fails(
    land: Any, tmp_path: Path, field: str, value: Any, shown: str
) -> None:
    path = play(land, tmp_path / "m.jsonl")
    edit_line(path, "footer", lambda footer: footer["results"][1].__setitem__(field, value))
    divergence = divergence_of(path)
    assert divergence.what == f"footer seat 1 {field}" and divergence.expected == shown


@pytest.mark.parametrize("lenient", [False, True])
def test_a_faulty_match_is_recounted_from_its_penalties(
    land: Any, tmp_path: Path, lenient: bool
) -> None:
    """A forfeit, or a bot gone while the referee played on, recounts to the recorded result;
    dropping the penalty line (to clear a bot's name) is caught."""
    path = play(land, tmp_path / "m.jsonl", failing=True, lenient=lenient)
    assert verify(Replay.from_path(path)).ok
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(line for line in lines if '"penalty"' not in line))
    divergence = divergence_of(path)
    assert divergence.what in ("footer seat 0 rank", "footer seat 0 termination")


def test_a_penalty_with_a_wrong_strike_count_is_reported(land: Any, tmp_path: Path) -> None:
    path = play(land, tmp_path / "m.jsonl", failing=True)
    edit_line(path, "penalty", lambda penalty: penalty.__setitem__("strikes", 3))
    divergence = divergence_of(path)
    assert divergence.what == "penalties" and "counts 3 strikes, not 1" in divergence.got


def test_a_revealed_key_that_is_not_the_committed_one_fails(land: Any, tmp_path: Path) -> None:
    """Swapping the key for one that draws what someone wanted is caught by the commitment."""
    path = play(land, tmp_path / "m.jsonl")
    edit_line(path, "footer", lambda footer: footer.__setitem__("chanceKey", "ab" * 32))
    divergence = divergence_of(path)
    assert divergence.what == "chance key"
    assert divergence.labels == ("header commitment", "footer")
    assert "diverged: chance key differs" in divergence.describe()

    path = play(land, tmp_path / "n.jsonl")
    edit_line(path, "header", lambda header: header.__setitem__("chanceCommitment", "00" * 32))
    assert divergence_of(path).what == "chance key"


def test_a_format_1_record_without_a_key_still_verifies(land: Any, tmp_path: Path) -> None:
    """Records written before chance keys existed verify as before; chance is not checked."""
    path = play(land, tmp_path / "m.jsonl")
    edit_line(path, "header", lambda h: h.update(formatVersion=1, chanceCommitment=""))
    edit_line(path, "footer", lambda footer: footer.__setitem__("chanceKey", ""))
    verification = verify(Replay.from_path(path))
    assert verification.ok
    assert "chance: not checked (a format 1 record has no chance key)" in verification.describe()


def test_a_signed_record_verifies_with_the_key_and_an_edited_header_does_not(
    land: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The header is no part of the replay: only the signature catches a renamed bot."""
    path = play(land, tmp_path / "m.jsonl", signing_key=KEY)
    assert read_record(path).signature is not None
    assert read_summary(path).footer == read_record(path).footer  # listings see past the signature
    assert verify(Replay.from_path(path), KEY).ok
    assert "signature: checks with key" in verify(Replay.from_path(path), KEY).describe()
    assert "not checked (no key given)" in verify(Replay.from_path(path)).describe()

    edit_line(path, "header", lambda h: h["seats"][0].__setitem__("botName", "champion"))
    assert verify(Replay.from_path(path)).ok  # without the key, nothing can tell
    divergence = divergence_of(path, KEY)
    assert divergence.what == "signature" and "changed, added or removed" in divergence.got

    key_file = tmp_path / "organiser.key"
    key_file.write_bytes(KEY)
    assert main(["replay", str(path), "--verify", "--sign-key", str(key_file)]) == 1
    assert "signature differs" in capsys.readouterr().out


def test_a_wrong_key_or_an_unsigned_record_fails_the_signature_check(
    land: Any, tmp_path: Path
) -> None:
    signed = play(land, tmp_path / "s.jsonl", signing_key=KEY)
    divergence = divergence_of(signed, b"another key of at least sixteen bytes")
    assert "signed with key" in divergence.got
    unsigned = play_in_process(land, [random_bot(), random_bot()], 4, record_path=tmp_path / "u")
    assert unsigned.record_path is not None
    assert "not signed" in divergence_of(unsigned.record_path, KEY).got


def test_a_signing_key_file_that_is_too_short_is_a_clean_error(
    land: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = play(land, tmp_path / "m.jsonl")
    short = tmp_path / "short.key"
    short.write_text("abc")
    assert main(["replay", str(path), "--verify", "--sign-key", str(short)]) == 2
    assert "holds 3 bytes, expected a key of 16 or more" in capsys.readouterr().err


def test_a_record_cut_inside_its_first_line_is_incomplete_in_one_line(tmp_path: Path) -> None:
    """A referee killed while writing the header: one line, no traceback, non-zero exit."""
    path = tmp_path / "m.jsonl"
    path.write_text('{"header": {"formatVersion": 2, "ga')
    done = run_referee("replay", str(path), "--verify")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"referee: error: {path}: incomplete: its first line was cut off mid-write"
    ]


@pytest.mark.slow
def test_a_match_of_bot_processes_is_signed_and_its_cut_record_fails_verification(
    tmp_path: Path,
) -> None:
    """`referee match --sign-key` signs; `referee replay --verify` checks it; cut, it fails."""
    key_file = tmp_path / "organiser.key"
    key_file.write_bytes(KEY)
    path = tmp_path / "m.jsonl"
    bot = str(BOTS / "random_bot.py")
    played = run_referee(
        "match",
        "land",
        "--bot",
        bot,
        "--bot",
        bot,
        "--record",
        str(path),
        "--sign-key",
        str(key_file),
    )
    assert played.returncode == 0, played.stderr
    checked = run_referee("replay", str(path), "--verify", "--sign-key", str(key_file))
    assert checked.returncode == 0, checked.stdout
    assert "signature: checks with key" in checked.stdout
    assert "chance: every outcome is what the revealed key draws" in checked.stdout

    text = path.read_text()
    # Cut inside a line, as a referee killed mid-write leaves it (halfway could fall just
    # after a newline: an interrupted record, not a cut one).
    inside_a_line = text.index("\n", len(text) // 2) + 5
    path.write_text(text[:inside_a_line])
    cut = run_referee("replay", str(path), "--verify")
    assert cut.returncode == 1 and "Traceback" not in cut.stderr
    assert len(cut.stdout.strip().splitlines()) == 1 and "incomplete" in cut.stdout
