from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Config(_message.Message):
    __slots__ = ("years", "map_seed", "events", "adventures", "diplomacy", "starting_troops", "starting_resources", "reveal_map", "allow_capture", "renown_bonus", "map_radius", "draft", "single_requisition", "requisition_blocks_trade", "peaceful_reinforcement")
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
    DRAFT_FIELD_NUMBER: _ClassVar[int]
    SINGLE_REQUISITION_FIELD_NUMBER: _ClassVar[int]
    REQUISITION_BLOCKS_TRADE_FIELD_NUMBER: _ClassVar[int]
    PEACEFUL_REINFORCEMENT_FIELD_NUMBER: _ClassVar[int]
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
    draft: bool
    single_requisition: bool
    requisition_blocks_trade: bool
    peaceful_reinforcement: bool
    def __init__(self, years: _Optional[int] = ..., map_seed: _Optional[int] = ..., events: _Optional[bool] = ..., adventures: _Optional[bool] = ..., diplomacy: _Optional[bool] = ..., starting_troops: _Optional[int] = ..., starting_resources: _Optional[int] = ..., reveal_map: _Optional[bool] = ..., allow_capture: _Optional[bool] = ..., renown_bonus: _Optional[bool] = ..., map_radius: _Optional[int] = ..., draft: _Optional[bool] = ..., single_requisition: _Optional[bool] = ..., requisition_blocks_trade: _Optional[bool] = ..., peaceful_reinforcement: _Optional[bool] = ...) -> None: ...

class Player(_message.Message):
    __slots__ = ("seat", "alive", "renown", "valor", "honor", "resources", "dice", "capitol", "troops", "hand", "hand_count", "events", "bonus_left", "score", "caravan_blocked", "refugees", "harvest", "no_negotiations", "proposed", "forced_labor", "eliminated_order", "attacked", "last_trade", "last_legality", "last_forced", "attacked_before", "trade_before", "legality_before", "forced_before")
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
    CARAVAN_BLOCKED_FIELD_NUMBER: _ClassVar[int]
    REFUGEES_FIELD_NUMBER: _ClassVar[int]
    HARVEST_FIELD_NUMBER: _ClassVar[int]
    NO_NEGOTIATIONS_FIELD_NUMBER: _ClassVar[int]
    PROPOSED_FIELD_NUMBER: _ClassVar[int]
    FORCED_LABOR_FIELD_NUMBER: _ClassVar[int]
    ELIMINATED_ORDER_FIELD_NUMBER: _ClassVar[int]
    ATTACKED_FIELD_NUMBER: _ClassVar[int]
    LAST_TRADE_FIELD_NUMBER: _ClassVar[int]
    LAST_LEGALITY_FIELD_NUMBER: _ClassVar[int]
    LAST_FORCED_FIELD_NUMBER: _ClassVar[int]
    ATTACKED_BEFORE_FIELD_NUMBER: _ClassVar[int]
    TRADE_BEFORE_FIELD_NUMBER: _ClassVar[int]
    LEGALITY_BEFORE_FIELD_NUMBER: _ClassVar[int]
    FORCED_BEFORE_FIELD_NUMBER: _ClassVar[int]
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
    caravan_blocked: bool
    refugees: bool
    harvest: int
    no_negotiations: bool
    proposed: _containers.RepeatedScalarFieldContainer[int]
    forced_labor: bool
    eliminated_order: int
    attacked: _containers.RepeatedScalarFieldContainer[int]
    last_trade: int
    last_legality: int
    last_forced: int
    attacked_before: _containers.RepeatedScalarFieldContainer[int]
    trade_before: int
    legality_before: int
    forced_before: int
    def __init__(self, seat: _Optional[int] = ..., alive: _Optional[bool] = ..., renown: _Optional[int] = ..., valor: _Optional[int] = ..., honor: _Optional[int] = ..., resources: _Optional[_Iterable[int]] = ..., dice: _Optional[_Iterable[int]] = ..., capitol: _Optional[int] = ..., troops: _Optional[int] = ..., hand: _Optional[_Iterable[int]] = ..., hand_count: _Optional[int] = ..., events: _Optional[_Iterable[int]] = ..., bonus_left: _Optional[int] = ..., score: _Optional[int] = ..., caravan_blocked: _Optional[bool] = ..., refugees: _Optional[bool] = ..., harvest: _Optional[int] = ..., no_negotiations: _Optional[bool] = ..., proposed: _Optional[_Iterable[int]] = ..., forced_labor: _Optional[bool] = ..., eliminated_order: _Optional[int] = ..., attacked: _Optional[_Iterable[int]] = ..., last_trade: _Optional[int] = ..., last_legality: _Optional[int] = ..., last_forced: _Optional[int] = ..., attacked_before: _Optional[_Iterable[int]] = ..., trade_before: _Optional[int] = ..., legality_before: _Optional[int] = ..., forced_before: _Optional[int] = ...) -> None: ...

class Truce(_message.Message):
    __slots__ = ("proposer", "resister", "season")
    PROPOSER_FIELD_NUMBER: _ClassVar[int]
    RESISTER_FIELD_NUMBER: _ClassVar[int]
    SEASON_FIELD_NUMBER: _ClassVar[int]
    proposer: int
    resister: int
    season: int
    def __init__(self, proposer: _Optional[int] = ..., resister: _Optional[int] = ..., season: _Optional[int] = ...) -> None: ...

class Battle(_message.Message):
    __slots__ = ("attacker", "defender", "tile", "negotiation", "attacker_units", "defender_units", "attacker_roll", "defender_roll", "fortified", "stage", "mover", "source")
    ATTACKER_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_FIELD_NUMBER: _ClassVar[int]
    TILE_FIELD_NUMBER: _ClassVar[int]
    NEGOTIATION_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_UNITS_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_UNITS_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_ROLL_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_ROLL_FIELD_NUMBER: _ClassVar[int]
    FORTIFIED_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    MOVER_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    attacker: int
    defender: int
    tile: int
    negotiation: int
    attacker_units: int
    defender_units: int
    attacker_roll: _containers.RepeatedScalarFieldContainer[int]
    defender_roll: _containers.RepeatedScalarFieldContainer[int]
    fortified: bool
    stage: int
    mover: int
    source: int
    def __init__(self, attacker: _Optional[int] = ..., defender: _Optional[int] = ..., tile: _Optional[int] = ..., negotiation: _Optional[int] = ..., attacker_units: _Optional[int] = ..., defender_units: _Optional[int] = ..., attacker_roll: _Optional[_Iterable[int]] = ..., defender_roll: _Optional[_Iterable[int]] = ..., fortified: _Optional[bool] = ..., stage: _Optional[int] = ..., mover: _Optional[int] = ..., source: _Optional[int] = ...) -> None: ...

class Frame(_message.Message):
    __slots__ = ("ask", "seat", "card", "count", "other", "tile")
    ASK_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    OTHER_FIELD_NUMBER: _ClassVar[int]
    TILE_FIELD_NUMBER: _ClassVar[int]
    ask: int
    seat: int
    card: int
    count: int
    other: int
    tile: int
    def __init__(self, ask: _Optional[int] = ..., seat: _Optional[int] = ..., card: _Optional[int] = ..., count: _Optional[int] = ..., other: _Optional[int] = ..., tile: _Optional[int] = ...) -> None: ...

class Observation(_message.Message):
    __slots__ = ("config", "seat", "num_players", "season", "seasons_total", "phase", "current", "order", "q", "r", "terrain", "structure", "owner", "troop_owner", "troops", "exhausted", "players", "truces", "caravan_taken", "battle", "active_tile", "active_units", "active_moves", "pending", "pending_card", "winner", "event_deck_left", "adventure_deck_left", "terrain_left", "revealed", "revealed_season", "revealed_by", "militia_raised", "turn", "to_roll", "frames", "ending_turn", "scout_free", "scout_extra", "scout_die_used", "scout_frontier", "scout_count", "hero_done", "produced", "event_discard", "adventure_discard", "placed_by", "placed_terrain", "drawn_tile", "tile_drawn", "requisitioned")
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
    REVEALED_FIELD_NUMBER: _ClassVar[int]
    REVEALED_SEASON_FIELD_NUMBER: _ClassVar[int]
    REVEALED_BY_FIELD_NUMBER: _ClassVar[int]
    MILITIA_RAISED_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    TO_ROLL_FIELD_NUMBER: _ClassVar[int]
    FRAMES_FIELD_NUMBER: _ClassVar[int]
    ENDING_TURN_FIELD_NUMBER: _ClassVar[int]
    SCOUT_FREE_FIELD_NUMBER: _ClassVar[int]
    SCOUT_EXTRA_FIELD_NUMBER: _ClassVar[int]
    SCOUT_DIE_USED_FIELD_NUMBER: _ClassVar[int]
    SCOUT_FRONTIER_FIELD_NUMBER: _ClassVar[int]
    SCOUT_COUNT_FIELD_NUMBER: _ClassVar[int]
    HERO_DONE_FIELD_NUMBER: _ClassVar[int]
    PRODUCED_FIELD_NUMBER: _ClassVar[int]
    EVENT_DISCARD_FIELD_NUMBER: _ClassVar[int]
    ADVENTURE_DISCARD_FIELD_NUMBER: _ClassVar[int]
    PLACED_BY_FIELD_NUMBER: _ClassVar[int]
    PLACED_TERRAIN_FIELD_NUMBER: _ClassVar[int]
    DRAWN_TILE_FIELD_NUMBER: _ClassVar[int]
    TILE_DRAWN_FIELD_NUMBER: _ClassVar[int]
    REQUISITIONED_FIELD_NUMBER: _ClassVar[int]
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
    revealed: _containers.RepeatedScalarFieldContainer[bool]
    revealed_season: _containers.RepeatedScalarFieldContainer[int]
    revealed_by: _containers.RepeatedScalarFieldContainer[int]
    militia_raised: _containers.RepeatedScalarFieldContainer[bool]
    turn: int
    to_roll: _containers.RepeatedScalarFieldContainer[int]
    frames: _containers.RepeatedCompositeFieldContainer[Frame]
    ending_turn: bool
    scout_free: bool
    scout_extra: int
    scout_die_used: bool
    scout_frontier: _containers.RepeatedScalarFieldContainer[int]
    scout_count: int
    hero_done: bool
    produced: bool
    event_discard: _containers.RepeatedScalarFieldContainer[int]
    adventure_discard: _containers.RepeatedScalarFieldContainer[int]
    placed_by: _containers.RepeatedScalarFieldContainer[int]
    placed_terrain: _containers.RepeatedScalarFieldContainer[int]
    drawn_tile: int
    tile_drawn: bool
    requisitioned: bool
    def __init__(self, config: _Optional[_Union[Config, _Mapping]] = ..., seat: _Optional[int] = ..., num_players: _Optional[int] = ..., season: _Optional[int] = ..., seasons_total: _Optional[int] = ..., phase: _Optional[int] = ..., current: _Optional[int] = ..., order: _Optional[_Iterable[int]] = ..., q: _Optional[_Iterable[int]] = ..., r: _Optional[_Iterable[int]] = ..., terrain: _Optional[_Iterable[int]] = ..., structure: _Optional[_Iterable[int]] = ..., owner: _Optional[_Iterable[int]] = ..., troop_owner: _Optional[_Iterable[int]] = ..., troops: _Optional[_Iterable[int]] = ..., exhausted: _Optional[_Iterable[int]] = ..., players: _Optional[_Iterable[_Union[Player, _Mapping]]] = ..., truces: _Optional[_Iterable[_Union[Truce, _Mapping]]] = ..., caravan_taken: _Optional[_Iterable[bool]] = ..., battle: _Optional[_Union[Battle, _Mapping]] = ..., active_tile: _Optional[int] = ..., active_units: _Optional[int] = ..., active_moves: _Optional[int] = ..., pending: _Optional[int] = ..., pending_card: _Optional[int] = ..., winner: _Optional[int] = ..., event_deck_left: _Optional[int] = ..., adventure_deck_left: _Optional[int] = ..., terrain_left: _Optional[_Iterable[int]] = ..., revealed: _Optional[_Iterable[bool]] = ..., revealed_season: _Optional[_Iterable[int]] = ..., revealed_by: _Optional[_Iterable[int]] = ..., militia_raised: _Optional[_Iterable[bool]] = ..., turn: _Optional[int] = ..., to_roll: _Optional[_Iterable[int]] = ..., frames: _Optional[_Iterable[_Union[Frame, _Mapping]]] = ..., ending_turn: _Optional[bool] = ..., scout_free: _Optional[bool] = ..., scout_extra: _Optional[int] = ..., scout_die_used: _Optional[bool] = ..., scout_frontier: _Optional[_Iterable[int]] = ..., scout_count: _Optional[int] = ..., hero_done: _Optional[bool] = ..., produced: _Optional[bool] = ..., event_discard: _Optional[_Iterable[int]] = ..., adventure_discard: _Optional[_Iterable[int]] = ..., placed_by: _Optional[_Iterable[int]] = ..., placed_terrain: _Optional[_Iterable[int]] = ..., drawn_tile: _Optional[int] = ..., tile_drawn: _Optional[bool] = ..., requisitioned: _Optional[bool] = ...) -> None: ...

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

class DrawTile(_message.Message):
    __slots__ = ("terrain",)
    TERRAIN_FIELD_NUMBER: _ClassVar[int]
    terrain: int
    def __init__(self, terrain: _Optional[int] = ...) -> None: ...

class PlaceTile(_message.Message):
    __slots__ = ("tile",)
    TILE_FIELD_NUMBER: _ClassVar[int]
    tile: int
    def __init__(self, tile: _Optional[int] = ...) -> None: ...

class PressOn(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Withdraw(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Action(_message.Message):
    __slots__ = ("reveal_tile", "scout_with_die", "done", "draw_adventure", "caravan_trade", "requisition", "build", "muster", "move", "continue_move", "raise_militia", "propose", "respond", "substitute", "occupy", "swap", "choose_resource", "resolve", "map_seed", "leadership_roll", "combat_roll", "draw_card", "die_roll", "deal_terrain", "draw_tile", "place_tile", "press_on", "withdraw")
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
    DRAW_TILE_FIELD_NUMBER: _ClassVar[int]
    PLACE_TILE_FIELD_NUMBER: _ClassVar[int]
    PRESS_ON_FIELD_NUMBER: _ClassVar[int]
    WITHDRAW_FIELD_NUMBER: _ClassVar[int]
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
    draw_tile: DrawTile
    place_tile: PlaceTile
    press_on: PressOn
    withdraw: Withdraw
    def __init__(self, reveal_tile: _Optional[_Union[RevealTile, _Mapping]] = ..., scout_with_die: _Optional[_Union[ScoutWithDie, _Mapping]] = ..., done: _Optional[_Union[Done, _Mapping]] = ..., draw_adventure: _Optional[_Union[DrawAdventure, _Mapping]] = ..., caravan_trade: _Optional[_Union[CaravanTrade, _Mapping]] = ..., requisition: _Optional[_Union[Requisition, _Mapping]] = ..., build: _Optional[_Union[Build, _Mapping]] = ..., muster: _Optional[_Union[Muster, _Mapping]] = ..., move: _Optional[_Union[Move, _Mapping]] = ..., continue_move: _Optional[_Union[Continue, _Mapping]] = ..., raise_militia: _Optional[_Union[RaiseMilitia, _Mapping]] = ..., propose: _Optional[_Union[Propose, _Mapping]] = ..., respond: _Optional[_Union[Respond, _Mapping]] = ..., substitute: _Optional[_Union[Substitute, _Mapping]] = ..., occupy: _Optional[_Union[Occupy, _Mapping]] = ..., swap: _Optional[_Union[Swap, _Mapping]] = ..., choose_resource: _Optional[_Union[ChooseResource, _Mapping]] = ..., resolve: _Optional[_Union[Resolve, _Mapping]] = ..., map_seed: _Optional[_Union[MapSeed, _Mapping]] = ..., leadership_roll: _Optional[_Union[LeadershipRoll, _Mapping]] = ..., combat_roll: _Optional[_Union[CombatRoll, _Mapping]] = ..., draw_card: _Optional[_Union[DrawCard, _Mapping]] = ..., die_roll: _Optional[_Union[DieRoll, _Mapping]] = ..., deal_terrain: _Optional[_Union[DealTerrain, _Mapping]] = ..., draw_tile: _Optional[_Union[DrawTile, _Mapping]] = ..., place_tile: _Optional[_Union[PlaceTile, _Mapping]] = ..., press_on: _Optional[_Union[PressOn, _Mapping]] = ..., withdraw: _Optional[_Union[Withdraw, _Mapping]] = ...) -> None: ...

class ActionList(_message.Message):
    __slots__ = ("actions",)
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    actions: _containers.RepeatedCompositeFieldContainer[Action]
    def __init__(self, actions: _Optional[_Iterable[_Union[Action, _Mapping]]] = ...) -> None: ...
