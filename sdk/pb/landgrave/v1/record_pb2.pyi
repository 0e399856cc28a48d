from google.protobuf import any_pb2 as _any_pb2
from ...landgrave.v1 import bot_pb2 as _bot_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class RecordLine(_message.Message):
    __slots__ = ("header", "decision", "chance", "penalty", "digest", "footer", "signature")
    HEADER_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    CHANCE_FIELD_NUMBER: _ClassVar[int]
    PENALTY_FIELD_NUMBER: _ClassVar[int]
    DIGEST_FIELD_NUMBER: _ClassVar[int]
    FOOTER_FIELD_NUMBER: _ClassVar[int]
    SIGNATURE_FIELD_NUMBER: _ClassVar[int]
    header: Header
    decision: Decision
    chance: Chance
    penalty: Penalty
    digest: Digest
    footer: Footer
    signature: Signature
    def __init__(self, header: _Optional[_Union[Header, _Mapping]] = ..., decision: _Optional[_Union[Decision, _Mapping]] = ..., chance: _Optional[_Union[Chance, _Mapping]] = ..., penalty: _Optional[_Union[Penalty, _Mapping]] = ..., digest: _Optional[_Union[Digest, _Mapping]] = ..., footer: _Optional[_Union[Footer, _Mapping]] = ..., signature: _Optional[_Union[Signature, _Mapping]] = ...) -> None: ...

class SeatInfo(_message.Message):
    __slots__ = ("seat", "bot_name", "bot_version", "launch", "entrant")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    BOT_NAME_FIELD_NUMBER: _ClassVar[int]
    BOT_VERSION_FIELD_NUMBER: _ClassVar[int]
    LAUNCH_FIELD_NUMBER: _ClassVar[int]
    ENTRANT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    bot_name: str
    bot_version: str
    launch: str
    entrant: str
    def __init__(self, seat: _Optional[int] = ..., bot_name: _Optional[str] = ..., bot_version: _Optional[str] = ..., launch: _Optional[str] = ..., entrant: _Optional[str] = ...) -> None: ...

class Header(_message.Message):
    __slots__ = ("format_version", "match_id", "game", "engine_version", "config", "seats", "seed", "time_control", "started_at", "parent_record", "parent_step", "initial_digest", "chance_commitment")
    FORMAT_VERSION_FIELD_NUMBER: _ClassVar[int]
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    ENGINE_VERSION_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    STARTED_AT_FIELD_NUMBER: _ClassVar[int]
    PARENT_RECORD_FIELD_NUMBER: _ClassVar[int]
    PARENT_STEP_FIELD_NUMBER: _ClassVar[int]
    INITIAL_DIGEST_FIELD_NUMBER: _ClassVar[int]
    CHANCE_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    format_version: int
    match_id: str
    game: str
    engine_version: str
    config: _any_pb2.Any
    seats: _containers.RepeatedCompositeFieldContainer[SeatInfo]
    seed: int
    time_control: _bot_pb2.TimeControl
    started_at: str
    parent_record: str
    parent_step: int
    initial_digest: str
    chance_commitment: str
    def __init__(self, format_version: _Optional[int] = ..., match_id: _Optional[str] = ..., game: _Optional[str] = ..., engine_version: _Optional[str] = ..., config: _Optional[_Union[_any_pb2.Any, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[SeatInfo, _Mapping]]] = ..., seed: _Optional[int] = ..., time_control: _Optional[_Union[_bot_pb2.TimeControl, _Mapping]] = ..., started_at: _Optional[str] = ..., parent_record: _Optional[str] = ..., parent_step: _Optional[int] = ..., initial_digest: _Optional[str] = ..., chance_commitment: _Optional[str] = ...) -> None: ...

class Decision(_message.Message):
    __slots__ = ("step", "seat", "action", "index", "think_ms", "overhead_ms", "by_referee")
    STEP_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    THINK_MS_FIELD_NUMBER: _ClassVar[int]
    OVERHEAD_MS_FIELD_NUMBER: _ClassVar[int]
    BY_REFEREE_FIELD_NUMBER: _ClassVar[int]
    step: int
    seat: int
    action: _any_pb2.Any
    index: int
    think_ms: float
    overhead_ms: float
    by_referee: bool
    def __init__(self, step: _Optional[int] = ..., seat: _Optional[int] = ..., action: _Optional[_Union[_any_pb2.Any, _Mapping]] = ..., index: _Optional[int] = ..., think_ms: _Optional[float] = ..., overhead_ms: _Optional[float] = ..., by_referee: _Optional[bool] = ...) -> None: ...

class Chance(_message.Message):
    __slots__ = ("step", "outcome")
    STEP_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    step: int
    outcome: _any_pb2.Any
    def __init__(self, step: _Optional[int] = ..., outcome: _Optional[_Union[_any_pb2.Any, _Mapping]] = ...) -> None: ...

class Penalty(_message.Message):
    __slots__ = ("step", "seat", "reason", "detail", "resolution", "strikes")
    STEP_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    RESOLUTION_FIELD_NUMBER: _ClassVar[int]
    STRIKES_FIELD_NUMBER: _ClassVar[int]
    step: int
    seat: int
    reason: _bot_pb2.Termination
    detail: str
    resolution: str
    strikes: int
    def __init__(self, step: _Optional[int] = ..., seat: _Optional[int] = ..., reason: _Optional[_Union[_bot_pb2.Termination, str]] = ..., detail: _Optional[str] = ..., resolution: _Optional[str] = ..., strikes: _Optional[int] = ...) -> None: ...

class Digest(_message.Message):
    __slots__ = ("step", "sha256")
    STEP_FIELD_NUMBER: _ClassVar[int]
    SHA256_FIELD_NUMBER: _ClassVar[int]
    step: int
    sha256: str
    def __init__(self, step: _Optional[int] = ..., sha256: _Optional[str] = ...) -> None: ...

class Footer(_message.Message):
    __slots__ = ("results", "finished_at", "steps", "final_digest", "chance_key")
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    FINISHED_AT_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    FINAL_DIGEST_FIELD_NUMBER: _ClassVar[int]
    CHANCE_KEY_FIELD_NUMBER: _ClassVar[int]
    results: _containers.RepeatedCompositeFieldContainer[_bot_pb2.SeatResult]
    finished_at: str
    steps: int
    final_digest: str
    chance_key: str
    def __init__(self, results: _Optional[_Iterable[_Union[_bot_pb2.SeatResult, _Mapping]]] = ..., finished_at: _Optional[str] = ..., steps: _Optional[int] = ..., final_digest: _Optional[str] = ..., chance_key: _Optional[str] = ...) -> None: ...

class Signature(_message.Message):
    __slots__ = ("key_id", "hmac_sha256")
    KEY_ID_FIELD_NUMBER: _ClassVar[int]
    HMAC_SHA256_FIELD_NUMBER: _ClassVar[int]
    key_id: str
    hmac_sha256: str
    def __init__(self, key_id: _Optional[str] = ..., hmac_sha256: _Optional[str] = ...) -> None: ...
