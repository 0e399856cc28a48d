from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Config(_message.Message):
    __slots__ = ("heaps", "misere")
    HEAPS_FIELD_NUMBER: _ClassVar[int]
    MISERE_FIELD_NUMBER: _ClassVar[int]
    heaps: _containers.RepeatedScalarFieldContainer[int]
    misere: bool
    def __init__(self, heaps: _Optional[_Iterable[int]] = ..., misere: _Optional[bool] = ...) -> None: ...

class Observation(_message.Message):
    __slots__ = ("heaps", "to_move")
    HEAPS_FIELD_NUMBER: _ClassVar[int]
    TO_MOVE_FIELD_NUMBER: _ClassVar[int]
    heaps: _containers.RepeatedScalarFieldContainer[int]
    to_move: int
    def __init__(self, heaps: _Optional[_Iterable[int]] = ..., to_move: _Optional[int] = ...) -> None: ...

class Take(_message.Message):
    __slots__ = ("heap", "count")
    HEAP_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    heap: int
    count: int
    def __init__(self, heap: _Optional[int] = ..., count: _Optional[int] = ...) -> None: ...

class Action(_message.Message):
    __slots__ = ("take",)
    TAKE_FIELD_NUMBER: _ClassVar[int]
    take: Take
    def __init__(self, take: _Optional[_Union[Take, _Mapping]] = ...) -> None: ...

class ActionList(_message.Message):
    __slots__ = ("actions",)
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    actions: _containers.RepeatedCompositeFieldContainer[Action]
    def __init__(self, actions: _Optional[_Iterable[_Union[Action, _Mapping]]] = ...) -> None: ...
