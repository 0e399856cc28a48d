"""Record lines: the short cut for a step's lines writes exactly protobuf's canonical JSON."""

from __future__ import annotations

from pathlib import Path

import pytest
from google.protobuf import json_format

from referee.games import registered
from referee.match import play_in_process
from referee.record.format import decode_line, encode_line, step_line
from sdk.messages import pack
from sdk.pb.landgrave.v1 import bot_pb2, record_pb2
from tests.helpers import load_bot


def protobuf_text(line: record_pb2.RecordLine) -> str:
    """How every record line was written before the short cut."""
    return json_format.MessageToJson(
        line, indent=None, sort_keys=True, always_print_fields_with_no_presence=True
    )


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(registered()))
def test_every_line_of_a_played_record_is_protobufs_own_text(game: str, tmp_path: Path) -> None:
    engine = registered()[game]
    record = tmp_path / "r.jsonl"
    bots = [load_bot("random_bot.py", "RandomBot") for _ in range(engine.min_players)]
    play_in_process(engine, bots, seed=7, record_path=record)
    lines = record.read_text().splitlines()
    kinds = {decode_line(text).WhichOneof("kind") for text in lines}
    assert {"header", "digest", "decision", "footer"} <= kinds
    for text in lines:
        assert protobuf_text(decode_line(text)) == text


@pytest.mark.parametrize(
    "think_ms", [0.0, -0.0, 1.5, 1e-7, 123456789.125, 1e300, float("inf"), float("nan")]
)
def test_a_decision_line_is_protobufs_text_for_any_time_and_payload(think_ms: float) -> None:
    action = pack(bot_pb2.Hello(name='Gräfin \u2654 "x"\n', games=["land"]))
    decision = record_pb2.Decision(
        step=2**32 - 1, seat=3, action=action, index=-1, think_ms=think_ms, by_referee=True
    )
    line = record_pb2.RecordLine(decision=decision)
    assert encode_line(line) == protobuf_text(line)
    assert encode_line(line) == encode_line(line)  # the cached payload is not spoilt


@pytest.mark.parametrize(
    "think_ms", [0, 0.0, -0.0, 1.5, 1e-7, 123456789.125, 1e300, float("inf"), float("nan")]
)
def test_a_step_line_from_its_values_is_the_text_of_the_message_holding_them(
    think_ms: float,
) -> None:
    """The runner writes a step's lines from their values, never making the messages."""
    action = pack(bot_pb2.Hello(name='Gräfin \u2654 "x"\n', games=["land"]))
    values = {"step": 2**32 - 1, "seat": 3, "action": action, "index": -1, "think_ms": think_ms}
    for line_values in (values, {**values, "by_referee": True}, {"step": 7}, {}):
        line = record_pb2.RecordLine(decision=record_pb2.Decision(**line_values))
        assert step_line("decision", **line_values) == protobuf_text(line)
    for kind, message in (("chance", record_pb2.Chance), ("digest", record_pb2.Digest)):
        for line_values in ({}, {"step": 4}):
            line = record_pb2.RecordLine(**{kind: message(**line_values)})
            assert step_line(kind, **line_values) == protobuf_text(line)
    assert step_line("chance", step=1, outcome=action) == protobuf_text(
        record_pb2.RecordLine(chance=record_pb2.Chance(step=1, outcome=action))
    )
    assert step_line("digest", step=0, sha256="ab") == protobuf_text(
        record_pb2.RecordLine(digest=record_pb2.Digest(step=0, sha256="ab"))
    )


def test_lines_without_a_payload_or_of_other_kinds_are_protobufs_text() -> None:
    lines = [
        record_pb2.RecordLine(decision=record_pb2.Decision(step=1)),
        record_pb2.RecordLine(decision=record_pb2.Decision(action=record_pb2.Decision().action)),
        record_pb2.RecordLine(chance=record_pb2.Chance(step=4)),
        record_pb2.RecordLine(digest=record_pb2.Digest(step=0, sha256="ab")),
        record_pb2.RecordLine(penalty=record_pb2.Penalty(step=1, detail="late")),
        record_pb2.RecordLine(
            penalty=record_pb2.Penalty(
                seat=2**31 - 1, detail='Gräfin \u2654 "x"\n\t\x00\\ \U0001f600'
            )
        ),
        record_pb2.RecordLine(),
    ]
    lines[1].decision.action.SetInParent()  # set, but empty
    for line in lines:
        assert encode_line(line) == protobuf_text(line)


@pytest.mark.parametrize("name", ["land-v1", "land6-v1", "carcassonne-v1"])
def test_the_lines_of_stored_records_are_written_again_byte_for_byte(name: str) -> None:
    """A step's lines in records written before the short cut come out of it unchanged.

    (Their headers predate fields added since, which protobuf's printer now writes.)
    """
    stored = Path(__file__).parent / "data" / "records" / f"{name}.jsonl"
    texts = stored.read_text(encoding="utf-8").splitlines()
    steps = [(decode_line(text), text) for text in texts]
    steps = [(line, text) for line, text in steps if _is_step(line)]
    assert len(steps) > 10
    for line, text in steps:
        assert encode_line(line) == text
        kind = line.WhichOneof("kind")
        if kind != "penalty":
            message = getattr(line, kind)
            values = {field.name: value for field, value in message.ListFields()}
            assert step_line(kind, **values) == text


def _is_step(line: record_pb2.RecordLine) -> bool:
    return line.WhichOneof("kind") in {"digest", "chance", "decision", "penalty"}
