from google.protobuf import any_pb2 as _any_pb2
from google.protobuf import descriptor_pb2 as _descriptor_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Termination(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TERMINATION_UNSPECIFIED: _ClassVar[Termination]
    TERMINATION_NORMAL: _ClassVar[Termination]
    TERMINATION_TIMEOUT: _ClassVar[Termination]
    TERMINATION_ILLEGAL_ACTION: _ClassVar[Termination]
    TERMINATION_CRASH: _ClassVar[Termination]
    TERMINATION_PROTOCOL_ERROR: _ClassVar[Termination]
    TERMINATION_STALL: _ClassVar[Termination]
    TERMINATION_RESOURCE_LIMIT: _ClassVar[Termination]
    TERMINATION_STARTUP_FAILURE: _ClassVar[Termination]
    TERMINATION_INTERRUPTED: _ClassVar[Termination]
    TERMINATION_ADJUDICATED: _ClassVar[Termination]
TERMINATION_UNSPECIFIED: Termination
TERMINATION_NORMAL: Termination
TERMINATION_TIMEOUT: Termination
TERMINATION_ILLEGAL_ACTION: Termination
TERMINATION_CRASH: Termination
TERMINATION_PROTOCOL_ERROR: Termination
TERMINATION_STALL: Termination
TERMINATION_RESOURCE_LIMIT: Termination
TERMINATION_STARTUP_FAILURE: Termination
TERMINATION_INTERRUPTED: Termination
TERMINATION_ADJUDICATED: Termination

class BotMessage(_message.Message):
    __slots__ = ("hello", "reply", "log")
    HELLO_FIELD_NUMBER: _ClassVar[int]
    REPLY_FIELD_NUMBER: _ClassVar[int]
    LOG_FIELD_NUMBER: _ClassVar[int]
    hello: Hello
    reply: Reply
    log: LogLine
    def __init__(self, hello: _Optional[_Union[Hello, _Mapping]] = ..., reply: _Optional[_Union[Reply, _Mapping]] = ..., log: _Optional[_Union[LogLine, _Mapping]] = ...) -> None: ...

class RefereeMessage(_message.Message):
    __slots__ = ("welcome", "match_start", "decision", "match_end", "error")
    WELCOME_FIELD_NUMBER: _ClassVar[int]
    MATCH_START_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    MATCH_END_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    welcome: Welcome
    match_start: MatchStart
    decision: DecisionRequest
    match_end: MatchEnd
    error: ProtocolError
    def __init__(self, welcome: _Optional[_Union[Welcome, _Mapping]] = ..., match_start: _Optional[_Union[MatchStart, _Mapping]] = ..., decision: _Optional[_Union[DecisionRequest, _Mapping]] = ..., match_end: _Optional[_Union[MatchEnd, _Mapping]] = ..., error: _Optional[_Union[ProtocolError, _Mapping]] = ...) -> None: ...

class Hello(_message.Message):
    __slots__ = ("protocol_version", "token", "name", "version", "games")
    PROTOCOL_VERSION_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    protocol_version: int
    token: str
    name: str
    version: str
    games: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, protocol_version: _Optional[int] = ..., token: _Optional[str] = ..., name: _Optional[str] = ..., version: _Optional[str] = ..., games: _Optional[_Iterable[str]] = ...) -> None: ...

class Welcome(_message.Message):
    __slots__ = ("protocol_version", "bot_id", "referee_version")
    PROTOCOL_VERSION_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    REFEREE_VERSION_FIELD_NUMBER: _ClassVar[int]
    protocol_version: int
    bot_id: str
    referee_version: str
    def __init__(self, protocol_version: _Optional[int] = ..., bot_id: _Optional[str] = ..., referee_version: _Optional[str] = ...) -> None: ...

class TimeControl(_message.Message):
    __slots__ = ("decision_ms", "bank_ms", "increment_ms")
    DECISION_MS_FIELD_NUMBER: _ClassVar[int]
    BANK_MS_FIELD_NUMBER: _ClassVar[int]
    INCREMENT_MS_FIELD_NUMBER: _ClassVar[int]
    decision_ms: int
    bank_ms: int
    increment_ms: int
    def __init__(self, decision_ms: _Optional[int] = ..., bank_ms: _Optional[int] = ..., increment_ms: _Optional[int] = ...) -> None: ...

class PlayerInfo(_message.Message):
    __slots__ = ("seat", "name")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    seat: int
    name: str
    def __init__(self, seat: _Optional[int] = ..., name: _Optional[str] = ...) -> None: ...

class MatchStart(_message.Message):
    __slots__ = ("match_id", "game", "engine_version", "config", "seat", "players", "time_control", "game_files")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    ENGINE_VERSION_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    GAME_FILES_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    game: str
    engine_version: str
    config: _any_pb2.Any
    seat: int
    players: _containers.RepeatedCompositeFieldContainer[PlayerInfo]
    time_control: TimeControl
    game_files: _descriptor_pb2.FileDescriptorSet
    def __init__(self, match_id: _Optional[str] = ..., game: _Optional[str] = ..., engine_version: _Optional[str] = ..., config: _Optional[_Union[_any_pb2.Any, _Mapping]] = ..., seat: _Optional[int] = ..., players: _Optional[_Iterable[_Union[PlayerInfo, _Mapping]]] = ..., time_control: _Optional[_Union[TimeControl, _Mapping]] = ..., game_files: _Optional[_Union[_descriptor_pb2.FileDescriptorSet, _Mapping]] = ...) -> None: ...

class Clock(_message.Message):
    __slots__ = ("deadline_unix_ns", "remaining_ms", "bank_ms")
    DEADLINE_UNIX_NS_FIELD_NUMBER: _ClassVar[int]
    REMAINING_MS_FIELD_NUMBER: _ClassVar[int]
    BANK_MS_FIELD_NUMBER: _ClassVar[int]
    deadline_unix_ns: int
    remaining_ms: int
    bank_ms: int
    def __init__(self, deadline_unix_ns: _Optional[int] = ..., remaining_ms: _Optional[int] = ..., bank_ms: _Optional[int] = ...) -> None: ...

class DecisionRequest(_message.Message):
    __slots__ = ("match_id", "seq", "observation", "legal_actions", "clock", "events")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    SEQ_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    seq: int
    observation: _any_pb2.Any
    legal_actions: _any_pb2.Any
    clock: Clock
    events: _containers.RepeatedCompositeFieldContainer[Event]
    def __init__(self, match_id: _Optional[str] = ..., seq: _Optional[int] = ..., observation: _Optional[_Union[_any_pb2.Any, _Mapping]] = ..., legal_actions: _Optional[_Union[_any_pb2.Any, _Mapping]] = ..., clock: _Optional[_Union[Clock, _Mapping]] = ..., events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("step", "seat", "action", "hidden", "by_referee")
    STEP_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    HIDDEN_FIELD_NUMBER: _ClassVar[int]
    BY_REFEREE_FIELD_NUMBER: _ClassVar[int]
    step: int
    seat: int
    action: _any_pb2.Any
    hidden: bool
    by_referee: bool
    def __init__(self, step: _Optional[int] = ..., seat: _Optional[int] = ..., action: _Optional[_Union[_any_pb2.Any, _Mapping]] = ..., hidden: _Optional[bool] = ..., by_referee: _Optional[bool] = ...) -> None: ...

class Reply(_message.Message):
    __slots__ = ("match_id", "seq", "index", "action", "error")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    SEQ_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    seq: int
    index: int
    action: _any_pb2.Any
    error: str
    def __init__(self, match_id: _Optional[str] = ..., seq: _Optional[int] = ..., index: _Optional[int] = ..., action: _Optional[_Union[_any_pb2.Any, _Mapping]] = ..., error: _Optional[str] = ...) -> None: ...

class LogLine(_message.Message):
    __slots__ = ("match_id", "text")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    text: str
    def __init__(self, match_id: _Optional[str] = ..., text: _Optional[str] = ...) -> None: ...

class SeatResult(_message.Message):
    __slots__ = ("seat", "score", "rank", "termination", "titles", "detail", "faults")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    TERMINATION_FIELD_NUMBER: _ClassVar[int]
    TITLES_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    FAULTS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    score: float
    rank: int
    termination: Termination
    titles: _containers.RepeatedScalarFieldContainer[str]
    detail: str
    faults: _containers.RepeatedScalarFieldContainer[Termination]
    def __init__(self, seat: _Optional[int] = ..., score: _Optional[float] = ..., rank: _Optional[int] = ..., termination: _Optional[_Union[Termination, str]] = ..., titles: _Optional[_Iterable[str]] = ..., detail: _Optional[str] = ..., faults: _Optional[_Iterable[_Union[Termination, str]]] = ...) -> None: ...

class MatchEnd(_message.Message):
    __slots__ = ("match_id", "results")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    results: _containers.RepeatedCompositeFieldContainer[SeatResult]
    def __init__(self, match_id: _Optional[str] = ..., results: _Optional[_Iterable[_Union[SeatResult, _Mapping]]] = ...) -> None: ...

class ProtocolError(_message.Message):
    __slots__ = ("match_id", "message")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    message: str
    def __init__(self, match_id: _Optional[str] = ..., message: _Optional[str] = ...) -> None: ...
