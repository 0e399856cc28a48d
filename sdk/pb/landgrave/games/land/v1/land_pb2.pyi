from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class PlotKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PLOT_KIND_UNSPECIFIED: _ClassVar[PlotKind]
    PLOT_KIND_GRASS: _ClassVar[PlotKind]
    PLOT_KIND_MOUNTAIN: _ClassVar[PlotKind]
    PLOT_KIND_WATER: _ClassVar[PlotKind]
    PLOT_KIND_COAST: _ClassVar[PlotKind]
    PLOT_KIND_ISLET: _ClassVar[PlotKind]

class Phase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PHASE_UNSPECIFIED: _ClassVar[Phase]
    PHASE_ORDER: _ClassVar[Phase]
    PHASE_COLUMN: _ClassVar[Phase]
    PHASE_ROW: _ClassVar[Phase]
    PHASE_START: _ClassVar[Phase]
    PHASE_PLACE: _ClassVar[Phase]
    PHASE_OVER: _ClassVar[Phase]
PLOT_KIND_UNSPECIFIED: PlotKind
PLOT_KIND_GRASS: PlotKind
PLOT_KIND_MOUNTAIN: PlotKind
PLOT_KIND_WATER: PlotKind
PLOT_KIND_COAST: PlotKind
PLOT_KIND_ISLET: PlotKind
PHASE_UNSPECIFIED: Phase
PHASE_ORDER: Phase
PHASE_COLUMN: Phase
PHASE_ROW: Phase
PHASE_START: Phase
PHASE_PLACE: Phase
PHASE_OVER: Phase

class Config(_message.Message):
    __slots__ = ("map", "map_text", "map_seed", "map_columns", "map_rows", "region_width", "region_height", "adjacency_extends_this_turn", "mountain_same_turn", "must_place_all", "keep_unused_cows")
    MAP_FIELD_NUMBER: _ClassVar[int]
    MAP_TEXT_FIELD_NUMBER: _ClassVar[int]
    MAP_SEED_FIELD_NUMBER: _ClassVar[int]
    MAP_COLUMNS_FIELD_NUMBER: _ClassVar[int]
    MAP_ROWS_FIELD_NUMBER: _ClassVar[int]
    REGION_WIDTH_FIELD_NUMBER: _ClassVar[int]
    REGION_HEIGHT_FIELD_NUMBER: _ClassVar[int]
    ADJACENCY_EXTENDS_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    MOUNTAIN_SAME_TURN_FIELD_NUMBER: _ClassVar[int]
    MUST_PLACE_ALL_FIELD_NUMBER: _ClassVar[int]
    KEEP_UNUSED_COWS_FIELD_NUMBER: _ClassVar[int]
    map: str
    map_text: str
    map_seed: int
    map_columns: int
    map_rows: int
    region_width: int
    region_height: int
    adjacency_extends_this_turn: bool
    mountain_same_turn: bool
    must_place_all: bool
    keep_unused_cows: bool
    def __init__(self, map: _Optional[str] = ..., map_text: _Optional[str] = ..., map_seed: _Optional[int] = ..., map_columns: _Optional[int] = ..., map_rows: _Optional[int] = ..., region_width: _Optional[int] = ..., region_height: _Optional[int] = ..., adjacency_extends_this_turn: _Optional[bool] = ..., mountain_same_turn: _Optional[bool] = ..., must_place_all: _Optional[bool] = ..., keep_unused_cows: _Optional[bool] = ...) -> None: ...

class Observation(_message.Message):
    __slots__ = ("seat", "num_players", "map_name", "width", "height", "region_width", "region_height", "kinds", "resident", "owner", "half_claim", "phase", "order", "order_rolls", "rolling_seat", "turn_seat", "round", "rolled_column", "rolled_row", "cows_left", "claimed_this_turn", "pending_mountain", "plots", "bonus_cows", "saved_cows", "idle_turns", "placed_this_turn")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NUM_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MAP_NAME_FIELD_NUMBER: _ClassVar[int]
    WIDTH_FIELD_NUMBER: _ClassVar[int]
    HEIGHT_FIELD_NUMBER: _ClassVar[int]
    REGION_WIDTH_FIELD_NUMBER: _ClassVar[int]
    REGION_HEIGHT_FIELD_NUMBER: _ClassVar[int]
    KINDS_FIELD_NUMBER: _ClassVar[int]
    RESIDENT_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    HALF_CLAIM_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ORDER_FIELD_NUMBER: _ClassVar[int]
    ORDER_ROLLS_FIELD_NUMBER: _ClassVar[int]
    ROLLING_SEAT_FIELD_NUMBER: _ClassVar[int]
    TURN_SEAT_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ROLLED_COLUMN_FIELD_NUMBER: _ClassVar[int]
    ROLLED_ROW_FIELD_NUMBER: _ClassVar[int]
    COWS_LEFT_FIELD_NUMBER: _ClassVar[int]
    CLAIMED_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    PENDING_MOUNTAIN_FIELD_NUMBER: _ClassVar[int]
    PLOTS_FIELD_NUMBER: _ClassVar[int]
    BONUS_COWS_FIELD_NUMBER: _ClassVar[int]
    SAVED_COWS_FIELD_NUMBER: _ClassVar[int]
    IDLE_TURNS_FIELD_NUMBER: _ClassVar[int]
    PLACED_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    num_players: int
    map_name: str
    width: int
    height: int
    region_width: int
    region_height: int
    kinds: _containers.RepeatedScalarFieldContainer[PlotKind]
    resident: _containers.RepeatedScalarFieldContainer[bool]
    owner: _containers.RepeatedScalarFieldContainer[int]
    half_claim: _containers.RepeatedScalarFieldContainer[int]
    phase: Phase
    order: _containers.RepeatedScalarFieldContainer[int]
    order_rolls: _containers.RepeatedScalarFieldContainer[int]
    rolling_seat: int
    turn_seat: int
    round: int
    rolled_column: int
    rolled_row: int
    cows_left: int
    claimed_this_turn: _containers.RepeatedScalarFieldContainer[int]
    pending_mountain: int
    plots: _containers.RepeatedScalarFieldContainer[int]
    bonus_cows: _containers.RepeatedScalarFieldContainer[int]
    saved_cows: _containers.RepeatedScalarFieldContainer[int]
    idle_turns: int
    placed_this_turn: int
    def __init__(self, seat: _Optional[int] = ..., num_players: _Optional[int] = ..., map_name: _Optional[str] = ..., width: _Optional[int] = ..., height: _Optional[int] = ..., region_width: _Optional[int] = ..., region_height: _Optional[int] = ..., kinds: _Optional[_Iterable[_Union[PlotKind, str]]] = ..., resident: _Optional[_Iterable[bool]] = ..., owner: _Optional[_Iterable[int]] = ..., half_claim: _Optional[_Iterable[int]] = ..., phase: _Optional[_Union[Phase, str]] = ..., order: _Optional[_Iterable[int]] = ..., order_rolls: _Optional[_Iterable[int]] = ..., rolling_seat: _Optional[int] = ..., turn_seat: _Optional[int] = ..., round: _Optional[int] = ..., rolled_column: _Optional[int] = ..., rolled_row: _Optional[int] = ..., cows_left: _Optional[int] = ..., claimed_this_turn: _Optional[_Iterable[int]] = ..., pending_mountain: _Optional[int] = ..., plots: _Optional[_Iterable[int]] = ..., bonus_cows: _Optional[_Iterable[int]] = ..., saved_cows: _Optional[_Iterable[int]] = ..., idle_turns: _Optional[int] = ..., placed_this_turn: _Optional[int] = ...) -> None: ...

class OrderRoll(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: int
    def __init__(self, value: _Optional[int] = ...) -> None: ...

class ColumnRoll(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: int
    def __init__(self, value: _Optional[int] = ...) -> None: ...

class RowRoll(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: int
    def __init__(self, value: _Optional[int] = ...) -> None: ...

class ChooseStart(_message.Message):
    __slots__ = ("x", "y")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    x: int
    y: int
    def __init__(self, x: _Optional[int] = ..., y: _Optional[int] = ...) -> None: ...

class PlaceCow(_message.Message):
    __slots__ = ("x", "y")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    x: int
    y: int
    def __init__(self, x: _Optional[int] = ..., y: _Optional[int] = ...) -> None: ...

class EndTurn(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Action(_message.Message):
    __slots__ = ("order_roll", "column_roll", "row_roll", "choose_start", "place_cow", "end_turn")
    ORDER_ROLL_FIELD_NUMBER: _ClassVar[int]
    COLUMN_ROLL_FIELD_NUMBER: _ClassVar[int]
    ROW_ROLL_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_START_FIELD_NUMBER: _ClassVar[int]
    PLACE_COW_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    order_roll: OrderRoll
    column_roll: ColumnRoll
    row_roll: RowRoll
    choose_start: ChooseStart
    place_cow: PlaceCow
    end_turn: EndTurn
    def __init__(self, order_roll: _Optional[_Union[OrderRoll, _Mapping]] = ..., column_roll: _Optional[_Union[ColumnRoll, _Mapping]] = ..., row_roll: _Optional[_Union[RowRoll, _Mapping]] = ..., choose_start: _Optional[_Union[ChooseStart, _Mapping]] = ..., place_cow: _Optional[_Union[PlaceCow, _Mapping]] = ..., end_turn: _Optional[_Union[EndTurn, _Mapping]] = ...) -> None: ...

class ActionList(_message.Message):
    __slots__ = ("actions",)
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    actions: _containers.RepeatedCompositeFieldContainer[Action]
    def __init__(self, actions: _Optional[_Iterable[_Union[Action, _Mapping]]] = ...) -> None: ...
