from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Difficulty(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DIFFICULTY_UNSPECIFIED: _ClassVar[Difficulty]
    DIFFICULTY_EASY: _ClassVar[Difficulty]
    DIFFICULTY_NORMAL: _ClassVar[Difficulty]
    DIFFICULTY_HARD: _ClassVar[Difficulty]

class Layout(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LAYOUT_UNSPECIFIED: _ClassVar[Layout]
    LAYOUT_GRID: _ClassVar[Layout]
    LAYOUT_STRIP: _ClassVar[Layout]

class SquareKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SQUARE_KIND_UNSPECIFIED: _ClassVar[SquareKind]
    SQUARE_KIND_CITY: _ClassVar[SquareKind]
    SQUARE_KIND_SEA: _ClassVar[SquareKind]
    SQUARE_KIND_FOREST: _ClassVar[SquareKind]
    SQUARE_KIND_FIELD: _ClassVar[SquareKind]

class Phase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PHASE_UNSPECIFIED: _ClassVar[Phase]
    PHASE_SETUP: _ClassVar[Phase]
    PHASE_ACTION: _ClassVar[Phase]
    PHASE_THROW: _ClassVar[Phase]
    PHASE_CHOOSE_CUBE: _ClassVar[Phase]
    PHASE_CHOOSE_CITY_DIE: _ClassVar[Phase]
    PHASE_ROLLING: _ClassVar[Phase]
    PHASE_OVER: _ClassVar[Phase]

class ThrowPurpose(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    THROW_PURPOSE_UNSPECIFIED: _ClassVar[ThrowPurpose]
    THROW_PURPOSE_FIGHT: _ClassVar[ThrowPurpose]
    THROW_PURPOSE_CUBES: _ClassVar[ThrowPurpose]

class Ending(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ENDING_UNSPECIFIED: _ClassVar[Ending]
    ENDING_CITY_CONQUERED: _ClassVar[Ending]
    ENDING_CUBES_DEPLOYED: _ClassVar[Ending]
    ENDING_CITIES_LOST: _ClassVar[Ending]
    ENDING_TURN_LIMIT: _ClassVar[Ending]
DIFFICULTY_UNSPECIFIED: Difficulty
DIFFICULTY_EASY: Difficulty
DIFFICULTY_NORMAL: Difficulty
DIFFICULTY_HARD: Difficulty
LAYOUT_UNSPECIFIED: Layout
LAYOUT_GRID: Layout
LAYOUT_STRIP: Layout
SQUARE_KIND_UNSPECIFIED: SquareKind
SQUARE_KIND_CITY: SquareKind
SQUARE_KIND_SEA: SquareKind
SQUARE_KIND_FOREST: SquareKind
SQUARE_KIND_FIELD: SquareKind
PHASE_UNSPECIFIED: Phase
PHASE_SETUP: Phase
PHASE_ACTION: Phase
PHASE_THROW: Phase
PHASE_CHOOSE_CUBE: Phase
PHASE_CHOOSE_CITY_DIE: Phase
PHASE_ROLLING: Phase
PHASE_OVER: Phase
THROW_PURPOSE_UNSPECIFIED: ThrowPurpose
THROW_PURPOSE_FIGHT: ThrowPurpose
THROW_PURPOSE_CUBES: ThrowPurpose
ENDING_UNSPECIFIED: Ending
ENDING_CITY_CONQUERED: Ending
ENDING_CUBES_DEPLOYED: Ending
ENDING_CITIES_LOST: Ending
ENDING_TURN_LIMIT: Ending

class Config(_message.Message):
    __slots__ = ("difficulty", "layout", "fixed_tile_orientation", "turn_limit")
    DIFFICULTY_FIELD_NUMBER: _ClassVar[int]
    LAYOUT_FIELD_NUMBER: _ClassVar[int]
    FIXED_TILE_ORIENTATION_FIELD_NUMBER: _ClassVar[int]
    TURN_LIMIT_FIELD_NUMBER: _ClassVar[int]
    difficulty: Difficulty
    layout: Layout
    fixed_tile_orientation: bool
    turn_limit: int
    def __init__(self, difficulty: _Optional[_Union[Difficulty, str]] = ..., layout: _Optional[_Union[Layout, str]] = ..., fixed_tile_orientation: _Optional[bool] = ..., turn_limit: _Optional[int] = ...) -> None: ...

class Square(_message.Message):
    __slots__ = ("index", "x", "y", "tile", "kind")
    INDEX_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    TILE_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    index: int
    x: int
    y: int
    tile: int
    kind: SquareKind
    def __init__(self, index: _Optional[int] = ..., x: _Optional[int] = ..., y: _Optional[int] = ..., tile: _Optional[int] = ..., kind: _Optional[_Union[SquareKind, str]] = ...) -> None: ...

class TilePlacement(_message.Message):
    __slots__ = ("slot", "tile", "rotation", "x", "y")
    SLOT_FIELD_NUMBER: _ClassVar[int]
    TILE_FIELD_NUMBER: _ClassVar[int]
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    slot: int
    tile: int
    rotation: int
    x: int
    y: int
    def __init__(self, slot: _Optional[int] = ..., tile: _Optional[int] = ..., rotation: _Optional[int] = ..., x: _Optional[int] = ..., y: _Optional[int] = ...) -> None: ...

class Die(_message.Message):
    __slots__ = ("square", "value", "rerolled_this_turn")
    SQUARE_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    REROLLED_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    square: int
    value: int
    rerolled_this_turn: bool
    def __init__(self, square: _Optional[int] = ..., value: _Optional[int] = ..., rerolled_this_turn: _Optional[bool] = ...) -> None: ...

class Throw(_message.Message):
    __slots__ = ("purpose", "value", "rerolled")
    PURPOSE_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    REROLLED_FIELD_NUMBER: _ClassVar[int]
    purpose: ThrowPurpose
    value: int
    rerolled: bool
    def __init__(self, purpose: _Optional[_Union[ThrowPurpose, str]] = ..., value: _Optional[int] = ..., rerolled: _Optional[bool] = ...) -> None: ...

class Observation(_message.Message):
    __slots__ = ("config", "width", "height", "squares", "tiles", "dice", "cube_tiles", "cubes_in_supply", "dice_in_supply", "deploy_value", "home_city", "enemy_city", "phase", "turn", "extra_action", "throw", "fighter_square", "score", "title", "ending", "won", "extra_earned")
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    WIDTH_FIELD_NUMBER: _ClassVar[int]
    HEIGHT_FIELD_NUMBER: _ClassVar[int]
    SQUARES_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    CUBE_TILES_FIELD_NUMBER: _ClassVar[int]
    CUBES_IN_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    DICE_IN_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    DEPLOY_VALUE_FIELD_NUMBER: _ClassVar[int]
    HOME_CITY_FIELD_NUMBER: _ClassVar[int]
    ENEMY_CITY_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    EXTRA_ACTION_FIELD_NUMBER: _ClassVar[int]
    THROW_FIELD_NUMBER: _ClassVar[int]
    FIGHTER_SQUARE_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    ENDING_FIELD_NUMBER: _ClassVar[int]
    WON_FIELD_NUMBER: _ClassVar[int]
    EXTRA_EARNED_FIELD_NUMBER: _ClassVar[int]
    config: Config
    width: int
    height: int
    squares: _containers.RepeatedCompositeFieldContainer[Square]
    tiles: _containers.RepeatedCompositeFieldContainer[TilePlacement]
    dice: _containers.RepeatedCompositeFieldContainer[Die]
    cube_tiles: _containers.RepeatedScalarFieldContainer[int]
    cubes_in_supply: int
    dice_in_supply: int
    deploy_value: int
    home_city: int
    enemy_city: int
    phase: Phase
    turn: int
    extra_action: bool
    throw: Throw
    fighter_square: int
    score: int
    title: str
    ending: Ending
    won: bool
    extra_earned: bool
    def __init__(self, config: _Optional[_Union[Config, _Mapping]] = ..., width: _Optional[int] = ..., height: _Optional[int] = ..., squares: _Optional[_Iterable[_Union[Square, _Mapping]]] = ..., tiles: _Optional[_Iterable[_Union[TilePlacement, _Mapping]]] = ..., dice: _Optional[_Iterable[_Union[Die, _Mapping]]] = ..., cube_tiles: _Optional[_Iterable[int]] = ..., cubes_in_supply: _Optional[int] = ..., dice_in_supply: _Optional[int] = ..., deploy_value: _Optional[int] = ..., home_city: _Optional[int] = ..., enemy_city: _Optional[int] = ..., phase: _Optional[_Union[Phase, str]] = ..., turn: _Optional[int] = ..., extra_action: _Optional[bool] = ..., throw: _Optional[_Union[Throw, _Mapping]] = ..., fighter_square: _Optional[int] = ..., score: _Optional[int] = ..., title: _Optional[str] = ..., ending: _Optional[_Union[Ending, str]] = ..., won: _Optional[bool] = ..., extra_earned: _Optional[bool] = ...) -> None: ...

class Deploy(_message.Message):
    __slots__ = ("payer", "target")
    PAYER_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    payer: int
    target: int
    def __init__(self, payer: _Optional[int] = ..., target: _Optional[int] = ...) -> None: ...

class Move(_message.Message):
    __slots__ = ("payer", "die", "target")
    PAYER_FIELD_NUMBER: _ClassVar[int]
    DIE_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    payer: int
    die: int
    target: int
    def __init__(self, payer: _Optional[int] = ..., die: _Optional[int] = ..., target: _Optional[int] = ...) -> None: ...

class Feed(_message.Message):
    __slots__ = ("payer",)
    PAYER_FIELD_NUMBER: _ClassVar[int]
    payer: int
    def __init__(self, payer: _Optional[int] = ...) -> None: ...

class Fight(_message.Message):
    __slots__ = ("payer",)
    PAYER_FIELD_NUMBER: _ClassVar[int]
    payer: int
    def __init__(self, payer: _Optional[int] = ...) -> None: ...

class RerollDie(_message.Message):
    __slots__ = ("sea", "target")
    SEA_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    sea: int
    target: int
    def __init__(self, sea: _Optional[int] = ..., target: _Optional[int] = ...) -> None: ...

class RerollThrow(_message.Message):
    __slots__ = ("sea",)
    SEA_FIELD_NUMBER: _ClassVar[int]
    sea: int
    def __init__(self, sea: _Optional[int] = ...) -> None: ...

class Accept(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Skip(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RemoveCube(_message.Message):
    __slots__ = ("tile",)
    TILE_FIELD_NUMBER: _ClassVar[int]
    tile: int
    def __init__(self, tile: _Optional[int] = ...) -> None: ...

class HurtCityDie(_message.Message):
    __slots__ = ("square",)
    SQUARE_FIELD_NUMBER: _ClassVar[int]
    square: int
    def __init__(self, square: _Optional[int] = ...) -> None: ...

class Roll(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: int
    def __init__(self, value: _Optional[int] = ...) -> None: ...

class PlaceTile(_message.Message):
    __slots__ = ("slot", "tile", "rotation")
    SLOT_FIELD_NUMBER: _ClassVar[int]
    TILE_FIELD_NUMBER: _ClassVar[int]
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    slot: int
    tile: int
    rotation: int
    def __init__(self, slot: _Optional[int] = ..., tile: _Optional[int] = ..., rotation: _Optional[int] = ...) -> None: ...

class Action(_message.Message):
    __slots__ = ("deploy", "move", "feed", "fight", "reroll_die", "reroll_throw", "accept", "skip", "remove_cube", "hurt_city_die", "roll", "place_tile")
    DEPLOY_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    FEED_FIELD_NUMBER: _ClassVar[int]
    FIGHT_FIELD_NUMBER: _ClassVar[int]
    REROLL_DIE_FIELD_NUMBER: _ClassVar[int]
    REROLL_THROW_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_FIELD_NUMBER: _ClassVar[int]
    SKIP_FIELD_NUMBER: _ClassVar[int]
    REMOVE_CUBE_FIELD_NUMBER: _ClassVar[int]
    HURT_CITY_DIE_FIELD_NUMBER: _ClassVar[int]
    ROLL_FIELD_NUMBER: _ClassVar[int]
    PLACE_TILE_FIELD_NUMBER: _ClassVar[int]
    deploy: Deploy
    move: Move
    feed: Feed
    fight: Fight
    reroll_die: RerollDie
    reroll_throw: RerollThrow
    accept: Accept
    skip: Skip
    remove_cube: RemoveCube
    hurt_city_die: HurtCityDie
    roll: Roll
    place_tile: PlaceTile
    def __init__(self, deploy: _Optional[_Union[Deploy, _Mapping]] = ..., move: _Optional[_Union[Move, _Mapping]] = ..., feed: _Optional[_Union[Feed, _Mapping]] = ..., fight: _Optional[_Union[Fight, _Mapping]] = ..., reroll_die: _Optional[_Union[RerollDie, _Mapping]] = ..., reroll_throw: _Optional[_Union[RerollThrow, _Mapping]] = ..., accept: _Optional[_Union[Accept, _Mapping]] = ..., skip: _Optional[_Union[Skip, _Mapping]] = ..., remove_cube: _Optional[_Union[RemoveCube, _Mapping]] = ..., hurt_city_die: _Optional[_Union[HurtCityDie, _Mapping]] = ..., roll: _Optional[_Union[Roll, _Mapping]] = ..., place_tile: _Optional[_Union[PlaceTile, _Mapping]] = ...) -> None: ...

class ActionList(_message.Message):
    __slots__ = ("actions",)
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    actions: _containers.RepeatedCompositeFieldContainer[Action]
    def __init__(self, actions: _Optional[_Iterable[_Union[Action, _Mapping]]] = ...) -> None: ...
