from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Config(_message.Message):
    __slots__ = ("years", "map_seed", "events", "adventures", "diplomacy", "starting_troops", "starting_resources", "reveal_map", "allow_capture", "renown_bonus", "map_radius")
    YEARS_FIELD_NUMBER: _ClassVar[int]
    MAP_SEED_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    ADVENTURES_FIELD_NUMBER: _ClassVar[int]
    DIPLOMACY_FIELD_NUMBER: _ClassVar[int]
    STARTING_TROOPS_FIELD_NUMBER: _ClassVar[int]
    STARTING_RESOURCES_FIELD_NUMBER: _ClassVar[int]
    REVEAL_MAP_FIELD_NUMBER: _ClassVar[int]
    ALLOW_CAPTURE_FIELD_NUMBER: _ClassVar[int]
    RENOWN_BONUS_FIELD_NUMBER: _ClassVar[int]
    MAP_RADIUS_FIELD_NUMBER: _ClassVar[int]
    years: int
    map_seed: int
    events: bool
    adventures: bool
    diplomacy: bool
    starting_troops: int
    starting_resources: int
    reveal_map: bool
    allow_capture: bool
    renown_bonus: bool
    map_radius: int
    def __init__(self, years: _Optional[int] = ..., map_seed: _Optional[int] = ..., events: _Optional[bool] = ..., adventures: _Optional[bool] = ..., diplomacy: _Optional[bool] = ..., starting_troops: _Optional[int] = ..., starting_resources: _Optional[int] = ..., reveal_map: _Optional[bool] = ..., allow_capture: _Optional[bool] = ..., renown_bonus: _Optional[bool] = ..., map_radius: _Optional[int] = ...) -> None: ...

class Player(_message.Message):
    __slots__ = ("seat", "alive", "renown", "valor", "honor", "resources", "dice", "capitol", "troops", "hand", "hand_count", "events", "bonus_left", "score")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ALIVE_FIELD_NUMBER: _ClassVar[int]
    RENOWN_FIELD_NUMBER: _ClassVar[int]
    VALOR_FIELD_NUMBER: _ClassVar[int]
    HONOR_FIELD_NUMBER: _ClassVar[int]
    RESOURCES_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    CAPITOL_FIELD_NUMBER: _ClassVar[int]
    TROOPS_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    HAND_COUNT_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    BONUS_LEFT_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    alive: bool
    renown: int
    valor: int
    honor: int
    resources: _containers.RepeatedScalarFieldContainer[int]
    dice: _containers.RepeatedScalarFieldContainer[int]
    capitol: int
    troops: int
    hand: _containers.RepeatedScalarFieldContainer[int]
    hand_count: int
    events: _containers.RepeatedScalarFieldContainer[int]
    bonus_left: int
    score: int
    def __init__(self, seat: _Optional[int] = ..., alive: _Optional[bool] = ..., renown: _Optional[int] = ..., valor: _Optional[int] = ..., honor: _Optional[int] = ..., resources: _Optional[_Iterable[int]] = ..., dice: _Optional[_Iterable[int]] = ..., capitol: _Optional[int] = ..., troops: _Optional[int] = ..., hand: _Optional[_Iterable[int]] = ..., hand_count: _Optional[int] = ..., events: _Optional[_Iterable[int]] = ..., bonus_left: _Optional[int] = ..., score: _Optional[int] = ...) -> None: ...

class Truce(_message.Message):
    __slots__ = ("proposer", "resister")
    PROPOSER_FIELD_NUMBER: _ClassVar[int]
    RESISTER_FIELD_NUMBER: _ClassVar[int]
    proposer: int
    resister: int
    def __init__(self, proposer: _Optional[int] = ..., resister: _Optional[int] = ...) -> None: ...

class Battle(_message.Message):
    __slots__ = ("attacker", "defender", "tile", "negotiation", "attacker_units", "defender_units", "attacker_roll", "defender_roll", "fortified")
    ATTACKER_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_FIELD_NUMBER: _ClassVar[int]
    TILE_FIELD_NUMBER: _ClassVar[int]
    NEGOTIATION_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_UNITS_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_UNITS_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_ROLL_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_ROLL_FIELD_NUMBER: _ClassVar[int]
    FORTIFIED_FIELD_NUMBER: _ClassVar[int]
    attacker: int
    defender: int
    tile: int
    negotiation: int
    attacker_units: int
    defender_units: int
    attacker_roll: _containers.RepeatedScalarFieldContainer[int]
    defender_roll: _containers.RepeatedScalarFieldContainer[int]
    fortified: bool
    def __init__(self, attacker: _Optional[int] = ..., defender: _Optional[int] = ..., tile: _Optional[int] = ..., negotiation: _Optional[int] = ..., attacker_units: _Optional[int] = ..., defender_units: _Optional[int] = ..., attacker_roll: _Optional[_Iterable[int]] = ..., defender_roll: _Optional[_Iterable[int]] = ..., fortified: _Optional[bool] = ...) -> None: ...

class Observation(_message.Message):
    __slots__ = ("config", "seat", "num_players", "season", "seasons_total", "phase", "current", "order", "q", "r", "terrain", "structure", "owner", "troop_owner", "troops", "exhausted", "players", "truces", "caravan_taken", "battle", "active_tile", "active_units", "active_moves", "pending", "pending_card", "winner", "event_deck_left", "adventure_deck_left", "terrain_left")
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NUM_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SEASON_FIELD_NUMBER: _ClassVar[int]
    SEASONS_TOTAL_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FIELD_NUMBER: _ClassVar[int]
    ORDER_FIELD_NUMBER: _ClassVar[int]
    Q_FIELD_NUMBER: _ClassVar[int]
    R_FIELD_NUMBER: _ClassVar[int]
    TERRAIN_FIELD_NUMBER: _ClassVar[int]
    STRUCTURE_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    TROOP_OWNER_FIELD_NUMBER: _ClassVar[int]
    TROOPS_FIELD_NUMBER: _ClassVar[int]
    EXHAUSTED_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    TRUCES_FIELD_NUMBER: _ClassVar[int]
    CARAVAN_TAKEN_FIELD_NUMBER: _ClassVar[int]
    BATTLE_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_TILE_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_UNITS_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_MOVES_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    PENDING_CARD_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    EVENT_DECK_LEFT_FIELD_NUMBER: _ClassVar[int]
    ADVENTURE_DECK_LEFT_FIELD_NUMBER: _ClassVar[int]
    TERRAIN_LEFT_FIELD_NUMBER: _ClassVar[int]
    config: Config
    seat: int
    num_players: int
    season: int
    seasons_total: int
    phase: int
    current: int
    order: _containers.RepeatedScalarFieldContainer[int]
    q: _containers.RepeatedScalarFieldContainer[int]
    r: _containers.RepeatedScalarFieldContainer[int]
    terrain: _containers.RepeatedScalarFieldContainer[int]
    structure: _containers.RepeatedScalarFieldContainer[int]
    owner: _containers.RepeatedScalarFieldContainer[int]
    troop_owner: _containers.RepeatedScalarFieldContainer[int]
    troops: _containers.RepeatedScalarFieldContainer[int]
    exhausted: _containers.RepeatedScalarFieldContainer[int]
    players: _containers.RepeatedCompositeFieldContainer[Player]
    truces: _containers.RepeatedCompositeFieldContainer[Truce]
    caravan_taken: _containers.RepeatedScalarFieldContainer[bool]
    battle: Battle
    active_tile: int
    active_units: int
    active_moves: int
    pending: int
    pending_card: int
    winner: int
    event_deck_left: int
    adventure_deck_left: int
    terrain_left: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, config: _Optional[_Union[Config, _Mapping]] = ..., seat: _Optional[int] = ..., num_players: _Optional[int] = ..., season: _Optional[int] = ..., seasons_total: _Optional[int] = ..., phase: _Optional[int] = ..., current: _Optional[int] = ..., order: _Optional[_Iterable[int]] = ..., q: _Optional[_Iterable[int]] = ..., r: _Optional[_Iterable[int]] = ..., terrain: _Optional[_Iterable[int]] = ..., structure: _Optional[_Iterable[int]] = ..., owner: _Optional[_Iterable[int]] = ..., troop_owner: _Optional[_Iterable[int]] = ..., troops: _Optional[_Iterable[int]] = ..., exhausted: _Optional[_Iterable[int]] = ..., players: _Optional[_Iterable[_Union[Player, _Mapping]]] = ..., truces: _Optional[_Iterable[_Union[Truce, _Mapping]]] = ..., caravan_taken: _Optional[_Iterable[bool]] = ..., battle: _Optional[_Union[Battle, _Mapping]] = ..., active_tile: _Optional[int] = ..., active_units: _Optional[int] = ..., active_moves: _Optional[int] = ..., pending: _Optional[int] = ..., pending_card: _Optional[int] = ..., winner: _Optional[int] = ..., event_deck_left: _Optional[int] = ..., adventure_deck_left: _Optional[int] = ..., terrain_left: _Optional[_Iterable[int]] = ...) -> None: ...

class RevealTile(_message.Message):
    __slots__ = ("tile",)
    TILE_FIELD_NUMBER: _ClassVar[int]
    tile: int
    def __init__(self, tile: _Optional[int] = ...) -> None: ...

class ScoutWithDie(_message.Message):
    __slots__ = ("die",)
    DIE_FIELD_NUMBER: _ClassVar[int]
    die: int
    def __init__(self, die: _Optional[int] = ...) -> None: ...

class Done(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class DrawAdventure(_message.Message):
    __slots__ = ("die",)
    DIE_FIELD_NUMBER: _ClassVar[int]
    die: int
    def __init__(self, die: _Optional[int] = ...) -> None: ...

class CaravanTrade(_message.Message):
    __slots__ = ("give", "get")
    GIVE_FIELD_NUMBER: _ClassVar[int]
    GET_FIELD_NUMBER: _ClassVar[int]
    give: int
    get: int
    def __init__(self, give: _Optional[int] = ..., get: _Optional[int] = ...) -> None: ...

class Requisition(_message.Message):
    __slots__ = ("die", "resource")
    DIE_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    die: int
    resource: int
    def __init__(self, die: _Optional[int] = ..., resource: _Optional[int] = ...) -> None: ...

class Build(_message.Message):
    __slots__ = ("tile", "structure")
    TILE_FIELD_NUMBER: _ClassVar[int]
    STRUCTURE_FIELD_NUMBER: _ClassVar[int]
    tile: int
    structure: int
    def __init__(self, tile: _Optional[int] = ..., structure: _Optional[int] = ...) -> None: ...

class Muster(_message.Message):
    __slots__ = ("tile", "count")
    TILE_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    tile: int
    count: int
    def __init__(self, tile: _Optional[int] = ..., count: _Optional[int] = ...) -> None: ...

class Move(_message.Message):
    __slots__ = ("source", "target", "count")
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    source: int
    target: int
    count: int
    def __init__(self, source: _Optional[int] = ..., target: _Optional[int] = ..., count: _Optional[int] = ...) -> None: ...

class Continue(_message.Message):
    __slots__ = ("target",)
    TARGET_FIELD_NUMBER: _ClassVar[int]
    target: int
    def __init__(self, target: _Optional[int] = ...) -> None: ...

class RaiseMilitia(_message.Message):
    __slots__ = ("tile",)
    TILE_FIELD_NUMBER: _ClassVar[int]
    tile: int
    def __init__(self, tile: _Optional[int] = ...) -> None: ...

class Propose(_message.Message):
    __slots__ = ("kind", "target")
    KIND_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    kind: int
    target: int
    def __init__(self, kind: _Optional[int] = ..., target: _Optional[int] = ...) -> None: ...

class Respond(_message.Message):
    __slots__ = ("accept",)
    ACCEPT_FIELD_NUMBER: _ClassVar[int]
    accept: bool
    def __init__(self, accept: _Optional[bool] = ...) -> None: ...

class Substitute(_message.Message):
    __slots__ = ("die", "slot")
    DIE_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    die: int
    slot: int
    def __init__(self, die: _Optional[int] = ..., slot: _Optional[int] = ...) -> None: ...

class Occupy(_message.Message):
    __slots__ = ("tile", "choice")
    TILE_FIELD_NUMBER: _ClassVar[int]
    CHOICE_FIELD_NUMBER: _ClassVar[int]
    tile: int
    choice: int
    def __init__(self, tile: _Optional[int] = ..., choice: _Optional[int] = ...) -> None: ...

class Swap(_message.Message):
    __slots__ = ("give", "get")
    GIVE_FIELD_NUMBER: _ClassVar[int]
    GET_FIELD_NUMBER: _ClassVar[int]
    give: int
    get: int
    def __init__(self, give: _Optional[int] = ..., get: _Optional[int] = ...) -> None: ...

class ChooseResource(_message.Message):
    __slots__ = ("resource",)
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    resource: int
    def __init__(self, resource: _Optional[int] = ...) -> None: ...

class Resolve(_message.Message):
    __slots__ = ("option", "tile")
    OPTION_FIELD_NUMBER: _ClassVar[int]
    TILE_FIELD_NUMBER: _ClassVar[int]
    option: int
    tile: int
    def __init__(self, option: _Optional[int] = ..., tile: _Optional[int] = ...) -> None: ...

class MapSeed(_message.Message):
    __slots__ = ("seed",)
    SEED_FIELD_NUMBER: _ClassVar[int]
    seed: int
    def __init__(self, seed: _Optional[int] = ...) -> None: ...

class LeadershipRoll(_message.Message):
    __slots__ = ("dice",)
    DICE_FIELD_NUMBER: _ClassVar[int]
    dice: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, dice: _Optional[_Iterable[int]] = ...) -> None: ...

class CombatRoll(_message.Message):
    __slots__ = ("dice",)
    DICE_FIELD_NUMBER: _ClassVar[int]
    dice: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, dice: _Optional[_Iterable[int]] = ...) -> None: ...

class DrawCard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: int
    def __init__(self, card: _Optional[int] = ...) -> None: ...

class DieRoll(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: int
    def __init__(self, value: _Optional[int] = ...) -> None: ...

class DealTerrain(_message.Message):
    __slots__ = ("tile", "terrain")
    TILE_FIELD_NUMBER: _ClassVar[int]
    TERRAIN_FIELD_NUMBER: _ClassVar[int]
    tile: int
    terrain: int
    def __init__(self, tile: _Optional[int] = ..., terrain: _Optional[int] = ...) -> None: ...

class Action(_message.Message):
    __slots__ = ("reveal_tile", "scout_with_die", "done", "draw_adventure", "caravan_trade", "requisition", "build", "muster", "move", "continue_move", "raise_militia", "propose", "respond", "substitute", "occupy", "swap", "choose_resource", "resolve", "map_seed", "leadership_roll", "combat_roll", "draw_card", "die_roll", "deal_terrain")
    REVEAL_TILE_FIELD_NUMBER: _ClassVar[int]
    SCOUT_WITH_DIE_FIELD_NUMBER: _ClassVar[int]
    DONE_FIELD_NUMBER: _ClassVar[int]
    DRAW_ADVENTURE_FIELD_NUMBER: _ClassVar[int]
    CARAVAN_TRADE_FIELD_NUMBER: _ClassVar[int]
    REQUISITION_FIELD_NUMBER: _ClassVar[int]
    BUILD_FIELD_NUMBER: _ClassVar[int]
    MUSTER_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    CONTINUE_MOVE_FIELD_NUMBER: _ClassVar[int]
    RAISE_MILITIA_FIELD_NUMBER: _ClassVar[int]
    PROPOSE_FIELD_NUMBER: _ClassVar[int]
    RESPOND_FIELD_NUMBER: _ClassVar[int]
    SUBSTITUTE_FIELD_NUMBER: _ClassVar[int]
    OCCUPY_FIELD_NUMBER: _ClassVar[int]
    SWAP_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_RESOURCE_FIELD_NUMBER: _ClassVar[int]
    RESOLVE_FIELD_NUMBER: _ClassVar[int]
    MAP_SEED_FIELD_NUMBER: _ClassVar[int]
    LEADERSHIP_ROLL_FIELD_NUMBER: _ClassVar[int]
    COMBAT_ROLL_FIELD_NUMBER: _ClassVar[int]
    DRAW_CARD_FIELD_NUMBER: _ClassVar[int]
    DIE_ROLL_FIELD_NUMBER: _ClassVar[int]
    DEAL_TERRAIN_FIELD_NUMBER: _ClassVar[int]
    reveal_tile: RevealTile
    scout_with_die: ScoutWithDie
    done: Done
    draw_adventure: DrawAdventure
    caravan_trade: CaravanTrade
    requisition: Requisition
    build: Build
    muster: Muster
    move: Move
    continue_move: Continue
    raise_militia: RaiseMilitia
    propose: Propose
    respond: Respond
    substitute: Substitute
    occupy: Occupy
    swap: Swap
    choose_resource: ChooseResource
    resolve: Resolve
    map_seed: MapSeed
    leadership_roll: LeadershipRoll
    combat_roll: CombatRoll
    draw_card: DrawCard
    die_roll: DieRoll
    deal_terrain: DealTerrain
    def __init__(self, reveal_tile: _Optional[_Union[RevealTile, _Mapping]] = ..., scout_with_die: _Optional[_Union[ScoutWithDie, _Mapping]] = ..., done: _Optional[_Union[Done, _Mapping]] = ..., draw_adventure: _Optional[_Union[DrawAdventure, _Mapping]] = ..., caravan_trade: _Optional[_Union[CaravanTrade, _Mapping]] = ..., requisition: _Optional[_Union[Requisition, _Mapping]] = ..., build: _Optional[_Union[Build, _Mapping]] = ..., muster: _Optional[_Union[Muster, _Mapping]] = ..., move: _Optional[_Union[Move, _Mapping]] = ..., continue_move: _Optional[_Union[Continue, _Mapping]] = ..., raise_militia: _Optional[_Union[RaiseMilitia, _Mapping]] = ..., propose: _Optional[_Union[Propose, _Mapping]] = ..., respond: _Optional[_Union[Respond, _Mapping]] = ..., substitute: _Optional[_Union[Substitute, _Mapping]] = ..., occupy: _Optional[_Union[Occupy, _Mapping]] = ..., swap: _Optional[_Union[Swap, _Mapping]] = ..., choose_resource: _Optional[_Union[ChooseResource, _Mapping]] = ..., resolve: _Optional[_Union[Resolve, _Mapping]] = ..., map_seed: _Optional[_Union[MapSeed, _Mapping]] = ..., leadership_roll: _Optional[_Union[LeadershipRoll, _Mapping]] = ..., combat_roll: _Optional[_Union[CombatRoll, _Mapping]] = ..., draw_card: _Optional[_Union[DrawCard, _Mapping]] = ..., die_roll: _Optional[_Union[DieRoll, _Mapping]] = ..., deal_terrain: _Optional[_Union[DealTerrain, _Mapping]] = ...) -> None: ...

class ActionList(_message.Message):
    __slots__ = ("actions",)
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    actions: _containers.RepeatedCompositeFieldContainer[Action]
    def __init__(self, actions: _Optional[_Iterable[_Union[Action, _Mapping]]] = ...) -> None: ...
