from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class FeatureKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FEATURE_KIND_UNSPECIFIED: _ClassVar[FeatureKind]
    FEATURE_KIND_ROAD: _ClassVar[FeatureKind]
    FEATURE_KIND_CITY: _ClassVar[FeatureKind]
    FEATURE_KIND_MONASTERY: _ClassVar[FeatureKind]
    FEATURE_KIND_FIELD: _ClassVar[FeatureKind]

class ScoringTile(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SCORING_TILE_UNSPECIFIED: _ClassVar[ScoringTile]
    SCORING_TILE_CITIZENS_JURY: _ClassVar[ScoringTile]
    SCORING_TILE_BAD_NEIGHBORHOOD: _ClassVar[ScoringTile]
    SCORING_TILE_CITY_WEALTH: _ClassVar[ScoringTile]
    SCORING_TILE_CITY_POVERTY: _ClassVar[ScoringTile]
    SCORING_TILE_SIEGE: _ClassVar[ScoringTile]
    SCORING_TILE_STREET_FAIR: _ClassVar[ScoringTile]
    SCORING_TILE_HIGHWAY: _ClassVar[ScoringTile]
    SCORING_TILE_PEASANT_UPRISING: _ClassVar[ScoringTile]
    SCORING_TILE_ROAD_WEALTH: _ClassVar[ScoringTile]
    SCORING_TILE_ROAD_POVERTY: _ClassVar[ScoringTile]
    SCORING_TILE_HERMIT_MONASTERY: _ClassVar[ScoringTile]
    SCORING_TILE_PILGRIMAGE_ROUTE: _ClassVar[ScoringTile]
    SCORING_TILE_MONASTERY_WEALTH: _ClassVar[ScoringTile]
    SCORING_TILE_MONASTERY_POVERTY: _ClassVar[ScoringTile]

class Phase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PHASE_UNSPECIFIED: _ClassVar[Phase]
    PHASE_CHANCE: _ClassVar[Phase]
    PHASE_PLACE_TILE: _ClassVar[Phase]
    PHASE_PLACE_FOLLOWER: _ClassVar[Phase]
    PHASE_GAME_OVER: _ClassVar[Phase]
FEATURE_KIND_UNSPECIFIED: FeatureKind
FEATURE_KIND_ROAD: FeatureKind
FEATURE_KIND_CITY: FeatureKind
FEATURE_KIND_MONASTERY: FeatureKind
FEATURE_KIND_FIELD: FeatureKind
SCORING_TILE_UNSPECIFIED: ScoringTile
SCORING_TILE_CITIZENS_JURY: ScoringTile
SCORING_TILE_BAD_NEIGHBORHOOD: ScoringTile
SCORING_TILE_CITY_WEALTH: ScoringTile
SCORING_TILE_CITY_POVERTY: ScoringTile
SCORING_TILE_SIEGE: ScoringTile
SCORING_TILE_STREET_FAIR: ScoringTile
SCORING_TILE_HIGHWAY: ScoringTile
SCORING_TILE_PEASANT_UPRISING: ScoringTile
SCORING_TILE_ROAD_WEALTH: ScoringTile
SCORING_TILE_ROAD_POVERTY: ScoringTile
SCORING_TILE_HERMIT_MONASTERY: ScoringTile
SCORING_TILE_PILGRIMAGE_ROUTE: ScoringTile
SCORING_TILE_MONASTERY_WEALTH: ScoringTile
SCORING_TILE_MONASTERY_POVERTY: ScoringTile
PHASE_UNSPECIFIED: Phase
PHASE_CHANCE: Phase
PHASE_PLACE_TILE: Phase
PHASE_PLACE_FOLLOWER: Phase
PHASE_GAME_OVER: Phase

class Config(_message.Message):
    __slots__ = ("base_game_only", "road_scoring_tile_is_poverty", "monastery_scoring_tile_is_wealth", "farmhouses")
    BASE_GAME_ONLY_FIELD_NUMBER: _ClassVar[int]
    ROAD_SCORING_TILE_IS_POVERTY_FIELD_NUMBER: _ClassVar[int]
    MONASTERY_SCORING_TILE_IS_WEALTH_FIELD_NUMBER: _ClassVar[int]
    FARMHOUSES_FIELD_NUMBER: _ClassVar[int]
    base_game_only: bool
    road_scoring_tile_is_poverty: bool
    monastery_scoring_tile_is_wealth: bool
    farmhouses: _containers.RepeatedCompositeFieldContainer[FarmhouseCopies]
    def __init__(self, base_game_only: _Optional[bool] = ..., road_scoring_tile_is_poverty: _Optional[bool] = ..., monastery_scoring_tile_is_wealth: _Optional[bool] = ..., farmhouses: _Optional[_Iterable[_Union[FarmhouseCopies, _Mapping]]] = ...) -> None: ...

class FarmhouseCopies(_message.Message):
    __slots__ = ("tile", "copies")
    TILE_FIELD_NUMBER: _ClassVar[int]
    COPIES_FIELD_NUMBER: _ClassVar[int]
    tile: str
    copies: int
    def __init__(self, tile: _Optional[str] = ..., copies: _Optional[int] = ...) -> None: ...

class Tile(_message.Message):
    __slots__ = ("tile", "letter", "farmhouse")
    TILE_FIELD_NUMBER: _ClassVar[int]
    LETTER_FIELD_NUMBER: _ClassVar[int]
    FARMHOUSE_FIELD_NUMBER: _ClassVar[int]
    tile: str
    letter: str
    farmhouse: bool
    def __init__(self, tile: _Optional[str] = ..., letter: _Optional[str] = ..., farmhouse: _Optional[bool] = ...) -> None: ...

class PlacedTile(_message.Message):
    __slots__ = ("tile", "x", "y", "rotation")
    TILE_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    tile: Tile
    x: int
    y: int
    rotation: int
    def __init__(self, tile: _Optional[_Union[Tile, _Mapping]] = ..., x: _Optional[int] = ..., y: _Optional[int] = ..., rotation: _Optional[int] = ...) -> None: ...

class Follower(_message.Message):
    __slots__ = ("seat", "x", "y", "kind", "location")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    x: int
    y: int
    kind: FeatureKind
    location: str
    def __init__(self, seat: _Optional[int] = ..., x: _Optional[int] = ..., y: _Optional[int] = ..., kind: _Optional[_Union[FeatureKind, str]] = ..., location: _Optional[str] = ...) -> None: ...

class TileCount(_message.Message):
    __slots__ = ("tile", "count")
    TILE_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    tile: Tile
    count: int
    def __init__(self, tile: _Optional[_Union[Tile, _Mapping]] = ..., count: _Optional[int] = ...) -> None: ...

class SeatScore(_message.Message):
    __slots__ = ("total", "road", "city", "monastery", "farm")
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    ROAD_FIELD_NUMBER: _ClassVar[int]
    CITY_FIELD_NUMBER: _ClassVar[int]
    MONASTERY_FIELD_NUMBER: _ClassVar[int]
    FARM_FIELD_NUMBER: _ClassVar[int]
    total: int
    road: int
    city: int
    monastery: int
    farm: int
    def __init__(self, total: _Optional[int] = ..., road: _Optional[int] = ..., city: _Optional[int] = ..., monastery: _Optional[int] = ..., farm: _Optional[int] = ...) -> None: ...

class ActiveScoringTiles(_message.Message):
    __slots__ = ("city", "road", "monastery")
    CITY_FIELD_NUMBER: _ClassVar[int]
    ROAD_FIELD_NUMBER: _ClassVar[int]
    MONASTERY_FIELD_NUMBER: _ClassVar[int]
    city: ScoringTile
    road: ScoringTile
    monastery: ScoringTile
    def __init__(self, city: _Optional[_Union[ScoringTile, str]] = ..., road: _Optional[_Union[ScoringTile, str]] = ..., monastery: _Optional[_Union[ScoringTile, str]] = ...) -> None: ...

class Observation(_message.Message):
    __slots__ = ("seat", "num_players", "phase", "current_seat", "tile_to_place", "placed_x", "placed_y", "tiles_remaining", "remaining", "board", "followers", "scores", "followers_in_hand", "land_surveyors", "active_scoring", "discarded", "scoring_turnovers", "seen_scoring")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NUM_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    CURRENT_SEAT_FIELD_NUMBER: _ClassVar[int]
    TILE_TO_PLACE_FIELD_NUMBER: _ClassVar[int]
    PLACED_X_FIELD_NUMBER: _ClassVar[int]
    PLACED_Y_FIELD_NUMBER: _ClassVar[int]
    TILES_REMAINING_FIELD_NUMBER: _ClassVar[int]
    REMAINING_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    FOLLOWERS_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    FOLLOWERS_IN_HAND_FIELD_NUMBER: _ClassVar[int]
    LAND_SURVEYORS_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_SCORING_FIELD_NUMBER: _ClassVar[int]
    DISCARDED_FIELD_NUMBER: _ClassVar[int]
    SCORING_TURNOVERS_FIELD_NUMBER: _ClassVar[int]
    SEEN_SCORING_FIELD_NUMBER: _ClassVar[int]
    seat: int
    num_players: int
    phase: Phase
    current_seat: int
    tile_to_place: Tile
    placed_x: int
    placed_y: int
    tiles_remaining: int
    remaining: _containers.RepeatedCompositeFieldContainer[TileCount]
    board: _containers.RepeatedCompositeFieldContainer[PlacedTile]
    followers: _containers.RepeatedCompositeFieldContainer[Follower]
    scores: _containers.RepeatedCompositeFieldContainer[SeatScore]
    followers_in_hand: _containers.RepeatedScalarFieldContainer[int]
    land_surveyors: bool
    active_scoring: ActiveScoringTiles
    discarded: _containers.RepeatedCompositeFieldContainer[Tile]
    scoring_turnovers: int
    seen_scoring: SeenScoringTiles
    def __init__(self, seat: _Optional[int] = ..., num_players: _Optional[int] = ..., phase: _Optional[_Union[Phase, str]] = ..., current_seat: _Optional[int] = ..., tile_to_place: _Optional[_Union[Tile, _Mapping]] = ..., placed_x: _Optional[int] = ..., placed_y: _Optional[int] = ..., tiles_remaining: _Optional[int] = ..., remaining: _Optional[_Iterable[_Union[TileCount, _Mapping]]] = ..., board: _Optional[_Iterable[_Union[PlacedTile, _Mapping]]] = ..., followers: _Optional[_Iterable[_Union[Follower, _Mapping]]] = ..., scores: _Optional[_Iterable[_Union[SeatScore, _Mapping]]] = ..., followers_in_hand: _Optional[_Iterable[int]] = ..., land_surveyors: _Optional[bool] = ..., active_scoring: _Optional[_Union[ActiveScoringTiles, _Mapping]] = ..., discarded: _Optional[_Iterable[_Union[Tile, _Mapping]]] = ..., scoring_turnovers: _Optional[int] = ..., seen_scoring: _Optional[_Union[SeenScoringTiles, _Mapping]] = ...) -> None: ...

class SeenScoringTiles(_message.Message):
    __slots__ = ("city", "road", "monastery")
    CITY_FIELD_NUMBER: _ClassVar[int]
    ROAD_FIELD_NUMBER: _ClassVar[int]
    MONASTERY_FIELD_NUMBER: _ClassVar[int]
    city: _containers.RepeatedScalarFieldContainer[ScoringTile]
    road: _containers.RepeatedScalarFieldContainer[ScoringTile]
    monastery: _containers.RepeatedScalarFieldContainer[ScoringTile]
    def __init__(self, city: _Optional[_Iterable[_Union[ScoringTile, str]]] = ..., road: _Optional[_Iterable[_Union[ScoringTile, str]]] = ..., monastery: _Optional[_Iterable[_Union[ScoringTile, str]]] = ...) -> None: ...

class PlaceTile(_message.Message):
    __slots__ = ("x", "y", "rotation")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    x: int
    y: int
    rotation: int
    def __init__(self, x: _Optional[int] = ..., y: _Optional[int] = ..., rotation: _Optional[int] = ...) -> None: ...

class PlaceFollower(_message.Message):
    __slots__ = ("kind", "location")
    KIND_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    kind: FeatureKind
    location: str
    def __init__(self, kind: _Optional[_Union[FeatureKind, str]] = ..., location: _Optional[str] = ...) -> None: ...

class SkipFollower(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class DrawTile(_message.Message):
    __slots__ = ("tile",)
    TILE_FIELD_NUMBER: _ClassVar[int]
    tile: Tile
    def __init__(self, tile: _Optional[_Union[Tile, _Mapping]] = ...) -> None: ...

class ShuffleStack(_message.Message):
    __slots__ = ("stack", "order")
    STACK_FIELD_NUMBER: _ClassVar[int]
    ORDER_FIELD_NUMBER: _ClassVar[int]
    stack: FeatureKind
    order: _containers.RepeatedScalarFieldContainer[ScoringTile]
    def __init__(self, stack: _Optional[_Union[FeatureKind, str]] = ..., order: _Optional[_Iterable[_Union[ScoringTile, str]]] = ...) -> None: ...

class Action(_message.Message):
    __slots__ = ("place_tile", "place_follower", "skip_follower", "draw_tile", "shuffle_stack")
    PLACE_TILE_FIELD_NUMBER: _ClassVar[int]
    PLACE_FOLLOWER_FIELD_NUMBER: _ClassVar[int]
    SKIP_FOLLOWER_FIELD_NUMBER: _ClassVar[int]
    DRAW_TILE_FIELD_NUMBER: _ClassVar[int]
    SHUFFLE_STACK_FIELD_NUMBER: _ClassVar[int]
    place_tile: PlaceTile
    place_follower: PlaceFollower
    skip_follower: SkipFollower
    draw_tile: DrawTile
    shuffle_stack: ShuffleStack
    def __init__(self, place_tile: _Optional[_Union[PlaceTile, _Mapping]] = ..., place_follower: _Optional[_Union[PlaceFollower, _Mapping]] = ..., skip_follower: _Optional[_Union[SkipFollower, _Mapping]] = ..., draw_tile: _Optional[_Union[DrawTile, _Mapping]] = ..., shuffle_stack: _Optional[_Union[ShuffleStack, _Mapping]] = ...) -> None: ...

class ActionList(_message.Message):
    __slots__ = ("actions",)
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    actions: _containers.RepeatedCompositeFieldContainer[Action]
    def __init__(self, actions: _Optional[_Iterable[_Union[Action, _Mapping]]] = ...) -> None: ...
