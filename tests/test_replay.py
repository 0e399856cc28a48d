"""Reading and verifying records: clean ones verify, damaged ones say exactly where."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path
from typing import Any

import pytest
import trio
from google.protobuf import json_format

import sdk
from referee.cli import main
from referee.engine import CHANCE
from referee.errors import RecordError
from referee.games import get_engine
from referee.match import MatchSpec, PenaltyPolicy, play_in_process, run_match
from referee.match.chance import match_key
from referee.match.inprocess import InProcessPlayer
from referee.match.runner import IN_PROCESS_SECRET
from referee.record import reader
from referee.record.format import FORMAT_VERSION
from referee.record.reader import Record, read_record, read_summary
from referee.replay import Replay, verify, verify_record
from sdk.messages import pack
from tests.helpers import load_bot


def random_bot() -> Any:
    return load_bot("random_bot.py", "RandomBot")


def play(engine: Any, path: Path, seed: int = 4, seats: int = 2) -> Path:
    play_in_process(engine, [random_bot() for _ in range(seats)], seed, record_path=path)
    return path


def lines_of(path: Path) -> list[str]:
    return path.read_text().splitlines(keepends=True)


def line_of_step(lines: list[str], step: int) -> int:
    """The index in ``lines`` of the decision or chance line of a step."""
    for index, text in enumerate(lines):
        line = json.loads(text)
        kind = next(iter(line))
        if kind in ("decision", "chance") and line[kind]["step"] == step:
            return index
    raise AssertionError(f"no step {step} in the record")


def first_step_of(record: Record, kind: str) -> int:
    """The first step that is chance (``"chance"``) or a seat's decision."""
    return next(s.number for s in record.steps if (s.seat == CHANCE) == (kind == "chance"))


BUILT_IN_GAMES = ("land", "land6", "carcassonne", "landover", "farlanthia")


@pytest.mark.parametrize("game", BUILT_IN_GAMES)
def test_records_of_in_process_matches_verify(game: str, tmp_path: Path) -> None:
    """Every digest of a fresh record is reached again: the replay is exact."""
    engine = get_engine(game)
    seats = min(max(2, engine.min_players), engine.max_players)
    path = play(engine, tmp_path / "m.jsonl", seats=seats)
    verification = verify_record(path)
    assert verification.ok and not verification.interrupted
    record = read_record(path)
    assert verification.steps == len(record.steps) == record.footer.steps  # type: ignore[union-attr]
    assert verification.digests_checked == len(record.steps)


RECORDS = Path(__file__).parent / "data" / "records"


@pytest.mark.slow
@pytest.mark.parametrize("name", ["land-v1", "land6-v1", "carcassonne-v1"])
def test_records_of_the_current_engine_versions_still_verify(name: str) -> None:
    """Records a referee wrote before the engines were made fast replay to every digest.

    Speed work must not change a rule or a digest. These were recorded (random
    bots, seed 7) by the engines as they were before it; an engine whose version
    is bumped for a rule change replaces its record here.
    """
    verification = verify_record(RECORDS / f"{name}.jsonl")
    assert verification.ok and verification.digests_checked == verification.steps > 0


def test_a_gzip_record_reads_like_a_plain_one(land: Any, tmp_path: Path) -> None:
    """Records may be compressed; nothing else about them changes."""
    plain = play(land, tmp_path / "m.jsonl", seed=1)
    packed = play(land, tmp_path / "m.jsonl.gz", seed=1)
    assert packed.read_bytes()[:2] == b"\x1f\x8b"
    verify_record(packed)
    assert read_record(packed).digests == read_record(plain).digests
    # The reader looks at the bytes, not the name.
    renamed = packed.rename(tmp_path / "named-plain.jsonl")
    assert read_record(renamed).history() == read_record(plain).history()


def test_a_record_gives_steps_seats_actions_and_footer(land: Any, tmp_path: Path) -> None:
    path = play(land, tmp_path / "m.jsonl")
    record = read_record(path)
    assert record.header.game == "land" and record.num_seats == 2
    assert [s.number for s in record.steps] == list(range(len(record.steps)))
    assert record.steps[0].seat == CHANCE and record.steps[0].decision is None
    decided = [s for s in record.steps if s.seat != CHANCE]
    assert decided and all(s.decision is not None and s.decision.seat == s.seat for s in decided)
    assert all(land.action_to_proto(s.action) == land.action_to_proto(s.action) for s in decided)
    assert record.footer is not None and not record.is_interrupted
    summary = read_summary(path)
    assert summary.footer == record.footer and summary.header == record.header


def replace_action(path: Path, step: int, action: Any, engine: Any) -> None:
    """Rewrite one step's action in a record file, leaving everything else as it was."""
    lines = lines_of(path)
    index = line_of_step(lines, step)
    line = json.loads(lines[index])
    kind = next(iter(line))
    field = "outcome" if kind == "chance" else "action"
    line[kind][field] = json_format.MessageToDict(pack(engine.action_to_proto(action)))
    lines[index] = json.dumps(line) + "\n"
    path.write_text("".join(lines))


def another_legal_action(path: Path, step: int) -> Any:
    """A legal action at a step other than the recorded one."""
    replay = Replay.from_path(path)
    states = replay.states()
    for _ in range(step + 1):
        state = next(states)
    recorded = replay.record.steps[step]
    if recorded.seat == CHANCE:
        choices = [outcome for outcome, _ in state.chance_outcomes()]
    else:
        choices = state.legal_actions(recorded.seat)
    return next(action for action in choices if action != recorded.action)


@pytest.mark.parametrize("kind", ["chance", "decision"])
def test_an_edited_action_is_reported_at_exactly_its_step(
    land: Any, tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A tampered record names the step, the seat, the action and both digests."""
    path = play(land, tmp_path / "m.jsonl")
    record = read_record(path)
    # Pick a step with a choice: a chance roll, or a decision with several legal actions.
    candidates = [s.number for s in record.steps if (s.seat == CHANCE) == (kind == "chance")]
    step = next(n for n in candidates[1:] if _has_alternative(path, n))
    replace_action(path, step, another_legal_action(path, step), land)

    divergence = verify(Replay.from_path(path)).divergence
    assert divergence is not None
    assert divergence.step == step
    assert divergence.seat == record.steps[step].seat
    assert divergence.line == record.steps[step].line
    if kind == "chance":  # the revealed key's stream drew the original outcome
        assert divergence.what == "chance outcome"
        assert divergence.got == repr(record.steps[step].action) != divergence.expected
        shown = "the key draws: " + repr(record.steps[step].action)
    else:
        assert divergence.what == "digest"
        assert divergence.expected == record.digests[step] != divergence.got
        shown = "expected: " + record.digests[step]

    assert main(["replay", str(path), "--verify"]) == 1
    out = capsys.readouterr().out
    assert f"at step {step} " in out and shown in out
    with pytest.raises(AssertionError, match=f"at step {step} "):
        verify_record(path)


def _has_alternative(path: Path, step: int) -> bool:
    try:
        another_legal_action(path, step)
    except StopIteration:
        return False
    return True


def test_an_illegal_edit_is_reported_as_illegal_at_its_step(land: Any, tmp_path: Path) -> None:
    path = play(land, tmp_path / "m.jsonl")
    record = read_record(path)
    step = first_step_of(record, "chance")
    lines = lines_of(path)
    index = line_of_step(lines, step)
    lines[index] = lines[index].replace('"value": ', '"value": 9', 1)  # a die shows 1-6
    path.write_text("".join(lines))
    divergence = verify(Replay.from_path(path)).divergence
    assert divergence is not None and divergence.step == step
    assert divergence.what == "illegal action"


def truncate_inside_line(path: Path, line_index: int) -> None:
    """Cut the file in the middle of a line, as a referee killed mid-write leaves it."""
    lines = lines_of(path)
    cut = lines[line_index][: len(lines[line_index]) // 2]
    path.write_text("".join(lines[:line_index]) + cut)


def test_a_truncated_record_is_interrupted_and_replays_to_its_last_step(
    land: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A referee killed mid-line loses that line only; the rest still verifies."""
    path = play(land, tmp_path / "m.jsonl")
    lines = lines_of(path)
    truncate_inside_line(path, line_of_step(lines, 20))  # steps 0-19 remain whole

    record = read_record(path)
    assert record.is_interrupted and record.truncated
    assert len(record.steps) == 20
    verification = verify_record(path)
    assert verification.interrupted and verification.steps == 20

    # The command says it is incomplete, in one line, and fails.
    assert main(["replay", str(path), "--verify"]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert out == [
        f"{path}: incomplete: its last line was cut off mid-write "
        "(the referee was killed?); the 20 steps before it verify"
    ]
    assert main(["replay", str(path), "--step", "20"]) == 0
    shown = capsys.readouterr()
    assert "step 20/20" in shown.out and "incomplete" in shown.err
    assert main(["replay", str(path), "--step", "21"]) == 2


def test_a_truncated_gzip_record_is_interrupted_too(land: Any, tmp_path: Path) -> None:
    path = play(land, tmp_path / "m.jsonl.gz")
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    record = read_record(path)
    assert record.is_interrupted and len(record.steps) > 0
    verify_record(path)


def test_a_record_cut_after_a_whole_line_is_interrupted_not_corrupt(
    land: Any, tmp_path: Path
) -> None:
    path = play(land, tmp_path / "m.jsonl")
    lines = lines_of(path)
    path.write_text("".join(lines[: line_of_step(lines, 10) + 1]))  # step 10, but no digest
    record = read_record(path)
    assert record.is_interrupted and not record.truncated
    assert len(record.steps) == 11 and 10 not in record.digests
    assert verify_record(path).steps == 11


def test_a_corrupt_line_names_its_line_number(
    land: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Damage in the middle is not an interruption: the error says where it is."""
    path = play(land, tmp_path / "m.jsonl")
    lines = lines_of(path)
    lines[6] = lines[6][:20] + "\n"
    path.write_text("".join(lines))
    with pytest.raises(RecordError, match=r"line 7: not a record line"):
        read_record(path)
    assert main(["replay", str(path), "--verify"]) == 2
    assert "line 7" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("flaw", "message"),
    [
        ("no-header", "line 1: expected a header"),
        ("step-out-of-order", "line 4: step 5 where step 1 was expected"),
        ("line-after-footer", "after the footer"),
        ("not-gzip", "not a readable gzip file"),
        ("empty", "expected a header, got nothing"),
    ],
)
def test_records_with_flaws_are_refused_with_the_flaw_named(
    land: Any, tmp_path: Path, flaw: str, message: str
) -> None:
    path = play(land, tmp_path / "m.jsonl")
    lines = lines_of(path)
    if flaw == "no-header":
        lines = lines[1:]
    elif flaw == "step-out-of-order":
        lines[3] = lines[3].replace('"step": 1}', '"step": 5}')
    elif flaw == "line-after-footer":
        lines.append(lines[1])
    elif flaw == "not-gzip":
        path.write_bytes(gzip.compress(b"hello")[:2] + b"\x00garbage\n")
    elif flaw == "empty":
        lines = []
    if flaw != "not-gzip":
        path.write_text("".join(lines))
    with pytest.raises(RecordError, match=message):
        read_record(path)


@pytest.mark.parametrize("packed", [False, True])
def test_a_file_larger_than_any_record_is_refused_before_it_fills_memory(
    land: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, packed: bool
) -> None:
    """A gzip bomb stops at the bound while it inflates, not after."""
    path = play(land, tmp_path / "m.jsonl")
    whole = path.read_bytes()
    monkeypatch.setattr(reader, "MAX_RECORD_BYTES", len(whole) - 1)
    if packed:
        path.write_bytes(gzip.compress(whole))
    with pytest.raises(RecordError, match="is not a record: it holds more than"):
        read_record(path)
    monkeypatch.setattr(reader, "MAX_RECORD_BYTES", len(whole))
    assert len(read_record(path).steps) > 0


def test_a_device_or_a_pipe_is_no_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Read whole, /dev/zero never ends, and a pipe waits for a writer."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for path in ("/dev/zero", str(pipe)):
        assert main(["replay", path]) == 2
        assert (
            capsys.readouterr().err
            == f"referee: error: {path} is not a record: not a regular file\n"
        )


def test_a_record_of_another_engine_version_needs_force(
    land: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rules may have changed between versions: replaying is refused unless asked."""
    path = play(land, tmp_path / "m.jsonl")
    lines = lines_of(path)
    lines[0] = lines[0].replace(f'"engineVersion": "{land.version}"', '"engineVersion": "0"')
    path.write_text("".join(lines))
    assert main(["replay", str(path), "--verify"]) == 2
    assert "engine version '0'" in capsys.readouterr().err
    assert main(["replay", str(path), "--verify", "--force"]) == 0


def test_a_newer_record_format_is_refused(land: Any, tmp_path: Path) -> None:
    path = play(land, tmp_path / "m.jsonl")
    lines = lines_of(path)
    lines[0] = lines[0].replace(f'"formatVersion": {FORMAT_VERSION}', '"formatVersion": 99')
    path.write_text("".join(lines))
    with pytest.raises(RecordError, match="format version 99"):
        read_record(path)


async def test_a_match_cancelled_midway_leaves_a_record_that_verifies(
    land: Any, tmp_path: Path
) -> None:
    """A referee stopped mid-match (Ctrl-C, a tournament cancelled) leaves a usable record."""
    path = tmp_path / "m.jsonl"
    with trio.CancelScope() as scope:

        class CancellingBot(sdk.Bot):
            decisions = 0

            def decide(self, decision: sdk.Decision) -> int:
                CancellingBot.decisions += 1
                if CancellingBot.decisions == 12:
                    scope.cancel()
                return 0

        spec = MatchSpec(land, 4, record_path=path, chance_key=match_key(IN_PROCESS_SECRET, 4))
        await run_match(spec, [InProcessPlayer(CancellingBot()), InProcessPlayer(CancellingBot())])
    verification = verify_record(path)
    assert verification.interrupted and verification.steps > 12
    assert f"interrupted after step {verification.steps - 1}" in verification.describe()


def test_a_chosen_index_that_names_another_action_is_reported(land: Any, tmp_path: Path) -> None:
    """The record says which legal action a bot picked; that must be the action applied."""
    path = play(land, tmp_path / "m.jsonl")
    record = read_record(path)
    step = next(s for s in record.steps if s.decision is not None and s.decision.index >= 0)
    lines = lines_of(path)
    index = line_of_step(lines, step.number)
    lines[index] = lines[index].replace(f'"index": {step.decision.index},', '"index": 999,')  # type: ignore[union-attr]
    path.write_text("".join(lines))
    divergence = verify(Replay.from_path(path)).divergence
    assert divergence is not None and divergence.step == step.number
    assert divergence.what == "chosen index" and "out of range" in divergence.expected


@pytest.mark.parametrize("lenient", [False, True])
def test_records_of_matches_with_faults_verify(land: Any, tmp_path: Path, lenient: bool) -> None:
    """Forfeits and referee-played default actions replay like any other step."""

    class FailingBot(sdk.Bot):
        name = "failing"

        def __init__(self) -> None:
            self.left = 5

        def decide(self, decision: sdk.Decision) -> int:
            self.left -= 1
            if self.left < 0:
                raise RuntimeError("broken on purpose")
            return 0

    path = tmp_path / "m.jsonl"
    policy = PenaltyPolicy.lenient() if lenient else PenaltyPolicy()
    key = match_key(IN_PROCESS_SECRET, 4)  # a long enough game, every time
    spec = MatchSpec(land, 4, penalties=policy, record_path=path, chance_key=key)
    trio.run(run_match, spec, [InProcessPlayer(FailingBot()), InProcessPlayer(random_bot())])
    record = read_record(path)
    assert record.penalties and record.footer is not None
    assert any(s.decision.by_referee for s in record.steps if s.decision) == lenient
    assert verify_record(path).steps == record.footer.steps
