from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Config(_message.Message):
    __slots__ = ("victory_points", "map", "map_seed", "turn_limit", "raid_immunity_vp", "culture_needs_city", "trade_cards", "trade_offers", "merchant_not_on_gold", "commercial_harbor_skip", "setup_resources_per_hex")
    VICTORY_POINTS_FIELD_NUMBER: _ClassVar[int]
    MAP_FIELD_NUMBER: _ClassVar[int]
    MAP_SEED_FIELD_NUMBER: _ClassVar[int]
    TURN_LIMIT_FIELD_NUMBER: _ClassVar[int]
    RAID_IMMUNITY_VP_FIELD_NUMBER: _ClassVar[int]
    CULTURE_NEEDS_CITY_FIELD_NUMBER: _ClassVar[int]
    TRADE_CARDS_FIELD_NUMBER: _ClassVar[int]
    TRADE_OFFERS_FIELD_NUMBER: _ClassVar[int]
    MERCHANT_NOT_ON_GOLD_FIELD_NUMBER: _ClassVar[int]
    COMMERCIAL_HARBOR_SKIP_FIELD_NUMBER: _ClassVar[int]
    SETUP_RESOURCES_PER_HEX_FIELD_NUMBER: _ClassVar[int]
    victory_points: int
    map: str
    map_seed: int
    turn_limit: int
    raid_immunity_vp: int
    culture_needs_city: bool
    trade_cards: int
    trade_offers: int
    merchant_not_on_gold: bool
    commercial_harbor_skip: bool
    setup_resources_per_hex: bool
    def __init__(self, victory_points: _Optional[int] = ..., map: _Optional[str] = ..., map_seed: _Optional[int] = ..., turn_limit: _Optional[int] = ..., raid_immunity_vp: _Optional[int] = ..., culture_needs_city: _Optional[bool] = ..., trade_cards: _Optional[int] = ..., trade_offers: _Optional[int] = ..., merchant_not_on_gold: _Optional[bool] = ..., commercial_harbor_skip: _Optional[bool] = ..., setup_resources_per_hex: _Optional[bool] = ...) -> None: ...

class Tile(_message.Message):
    __slots__ = ("q", "r", "terrain", "number", "island", "mystery")
    Q_FIELD_NUMBER: _ClassVar[int]
    R_FIELD_NUMBER: _ClassVar[int]
    TERRAIN_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    ISLAND_FIELD_NUMBER: _ClassVar[int]
    MYSTERY_FIELD_NUMBER: _ClassVar[int]
    q: int
    r: int
    terrain: str
    number: int
    island: int
    mystery: bool
    def __init__(self, q: _Optional[int] = ..., r: _Optional[int] = ..., terrain: _Optional[str] = ..., number: _Optional[int] = ..., island: _Optional[int] = ..., mystery: _Optional[bool] = ...) -> None: ...

class Vertex(_message.Message):
    __slots__ = ("x", "y", "tiles", "neighbours", "edges", "harbor", "owner", "building", "wall", "metro")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    NEIGHBOURS_FIELD_NUMBER: _ClassVar[int]
    EDGES_FIELD_NUMBER: _ClassVar[int]
    HARBOR_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    BUILDING_FIELD_NUMBER: _ClassVar[int]
    WALL_FIELD_NUMBER: _ClassVar[int]
    METRO_FIELD_NUMBER: _ClassVar[int]
    x: int
    y: int
    tiles: _containers.RepeatedScalarFieldContainer[int]
    neighbours: _containers.RepeatedScalarFieldContainer[int]
    edges: _containers.RepeatedScalarFieldContainer[int]
    harbor: int
    owner: int
    building: int
    wall: bool
    metro: int
    def __init__(self, x: _Optional[int] = ..., y: _Optional[int] = ..., tiles: _Optional[_Iterable[int]] = ..., neighbours: _Optional[_Iterable[int]] = ..., edges: _Optional[_Iterable[int]] = ..., harbor: _Optional[int] = ..., owner: _Optional[int] = ..., building: _Optional[int] = ..., wall: _Optional[bool] = ..., metro: _Optional[int] = ...) -> None: ...

class Edge(_message.Message):
    __slots__ = ("a", "b", "kind", "owner", "piece")
    A_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    PIECE_FIELD_NUMBER: _ClassVar[int]
    a: int
    b: int
    kind: int
    owner: int
    piece: int
    def __init__(self, a: _Optional[int] = ..., b: _Optional[int] = ..., kind: _Optional[int] = ..., owner: _Optional[int] = ..., piece: _Optional[int] = ...) -> None: ...

class Player(_message.Message):
    __slots__ = ("seat", "victory_points", "hand_size", "dev_cards", "culture", "military", "military_cap", "walls", "safe_hand", "catapult", "route_length", "harbors", "vp_cards", "defender_points", "islands_explored", "villages", "cities")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VICTORY_POINTS_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
    DEV_CARDS_FIELD_NUMBER: _ClassVar[int]
    CULTURE_FIELD_NUMBER: _ClassVar[int]
    MILITARY_FIELD_NUMBER: _ClassVar[int]
    MILITARY_CAP_FIELD_NUMBER: _ClassVar[int]
    WALLS_FIELD_NUMBER: _ClassVar[int]
    SAFE_HAND_FIELD_NUMBER: _ClassVar[int]
    CATAPULT_FIELD_NUMBER: _ClassVar[int]
    ROUTE_LENGTH_FIELD_NUMBER: _ClassVar[int]
    HARBORS_FIELD_NUMBER: _ClassVar[int]
    VP_CARDS_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_POINTS_FIELD_NUMBER: _ClassVar[int]
    ISLANDS_EXPLORED_FIELD_NUMBER: _ClassVar[int]
    VILLAGES_FIELD_NUMBER: _ClassVar[int]
    CITIES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    victory_points: int
    hand_size: int
    dev_cards: int
    culture: _containers.RepeatedScalarFieldContainer[int]
    military: int
    military_cap: int
    walls: int
    safe_hand: int
    catapult: int
    route_length: int
    harbors: int
    vp_cards: int
    defender_points: int
    islands_explored: int
    villages: int
    cities: int
    def __init__(self, seat: _Optional[int] = ..., victory_points: _Optional[int] = ..., hand_size: _Optional[int] = ..., dev_cards: _Optional[int] = ..., culture: _Optional[_Iterable[int]] = ..., military: _Optional[int] = ..., military_cap: _Optional[int] = ..., walls: _Optional[int] = ..., safe_hand: _Optional[int] = ..., catapult: _Optional[int] = ..., route_length: _Optional[int] = ..., harbors: _Optional[int] = ..., vp_cards: _Optional[int] = ..., defender_points: _Optional[int] = ..., islands_explored: _Optional[int] = ..., villages: _Optional[int] = ..., cities: _Optional[int] = ...) -> None: ...

class TradeOffer(_message.Message):
    __slots__ = ("proposer", "give", "get", "answers", "status", "partner")
    PROPOSER_FIELD_NUMBER: _ClassVar[int]
    GIVE_FIELD_NUMBER: _ClassVar[int]
    GET_FIELD_NUMBER: _ClassVar[int]
    ANSWERS_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PARTNER_FIELD_NUMBER: _ClassVar[int]
    proposer: int
    give: _containers.RepeatedScalarFieldContainer[int]
    get: _containers.RepeatedScalarFieldContainer[int]
    answers: _containers.RepeatedScalarFieldContainer[int]
    status: str
    partner: int
    def __init__(self, proposer: _Optional[int] = ..., give: _Optional[_Iterable[int]] = ..., get: _Optional[_Iterable[int]] = ..., answers: _Optional[_Iterable[int]] = ..., status: _Optional[str] = ..., partner: _Optional[int] = ...) -> None: ...

class Pending(_message.Message):
    __slots__ = ("kind", "seat", "purpose", "a")
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PURPOSE_FIELD_NUMBER: _ClassVar[int]
    A_FIELD_NUMBER: _ClassVar[int]
    kind: str
    seat: int
    purpose: str
    a: int
    def __init__(self, kind: _Optional[str] = ..., seat: _Optional[int] = ..., purpose: _Optional[str] = ..., a: _Optional[int] = ...) -> None: ...

class Observation(_message.Message):
    __slots__ = ("seat", "num_players", "config", "tiles", "vertices", "edges", "players", "hand", "dev_hand", "deck_sizes", "current_seat", "phase", "turn", "barbarian_position", "barbarian_track", "last_event", "last_red", "last_white", "metro_owner", "longest_route_seat", "port_authority_seat", "merchant_seat", "merchant_tile", "raid_immune_tiles", "trade_ratio", "raided_this_turn", "free_raids", "pending", "revealed_hand", "revealed_dev", "winner", "victory_points_target", "setup_vertex", "crane_active", "fleet_kind", "offer", "offers_left", "mystery_terrain_left", "mystery_numbers_left", "alchemist_red", "alchemist_white")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NUM_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    VERTICES_FIELD_NUMBER: _ClassVar[int]
    EDGES_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    DEV_HAND_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZES_FIELD_NUMBER: _ClassVar[int]
    CURRENT_SEAT_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    BARBARIAN_POSITION_FIELD_NUMBER: _ClassVar[int]
    BARBARIAN_TRACK_FIELD_NUMBER: _ClassVar[int]
    LAST_EVENT_FIELD_NUMBER: _ClassVar[int]
    LAST_RED_FIELD_NUMBER: _ClassVar[int]
    LAST_WHITE_FIELD_NUMBER: _ClassVar[int]
    METRO_OWNER_FIELD_NUMBER: _ClassVar[int]
    LONGEST_ROUTE_SEAT_FIELD_NUMBER: _ClassVar[int]
    PORT_AUTHORITY_SEAT_FIELD_NUMBER: _ClassVar[int]
    MERCHANT_SEAT_FIELD_NUMBER: _ClassVar[int]
    MERCHANT_TILE_FIELD_NUMBER: _ClassVar[int]
    RAID_IMMUNE_TILES_FIELD_NUMBER: _ClassVar[int]
    TRADE_RATIO_FIELD_NUMBER: _ClassVar[int]
    RAIDED_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    FREE_RAIDS_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    REVEALED_HAND_FIELD_NUMBER: _ClassVar[int]
    REVEALED_DEV_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    VICTORY_POINTS_TARGET_FIELD_NUMBER: _ClassVar[int]
    SETUP_VERTEX_FIELD_NUMBER: _ClassVar[int]
    CRANE_ACTIVE_FIELD_NUMBER: _ClassVar[int]
    FLEET_KIND_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    OFFERS_LEFT_FIELD_NUMBER: _ClassVar[int]
    MYSTERY_TERRAIN_LEFT_FIELD_NUMBER: _ClassVar[int]
    MYSTERY_NUMBERS_LEFT_FIELD_NUMBER: _ClassVar[int]
    ALCHEMIST_RED_FIELD_NUMBER: _ClassVar[int]
    ALCHEMIST_WHITE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    num_players: int
    config: Config
    tiles: _containers.RepeatedCompositeFieldContainer[Tile]
    vertices: _containers.RepeatedCompositeFieldContainer[Vertex]
    edges: _containers.RepeatedCompositeFieldContainer[Edge]
    players: _containers.RepeatedCompositeFieldContainer[Player]
    hand: _containers.RepeatedScalarFieldContainer[int]
    dev_hand: _containers.RepeatedScalarFieldContainer[int]
    deck_sizes: _containers.RepeatedScalarFieldContainer[int]
    current_seat: int
    phase: str
    turn: int
    barbarian_position: int
    barbarian_track: int
    last_event: int
    last_red: int
    last_white: int
    metro_owner: _containers.RepeatedScalarFieldContainer[int]
    longest_route_seat: int
    port_authority_seat: int
    merchant_seat: int
    merchant_tile: int
    raid_immune_tiles: _containers.RepeatedScalarFieldContainer[int]
    trade_ratio: _containers.RepeatedScalarFieldContainer[int]
    raided_this_turn: bool
    free_raids: int
    pending: _containers.RepeatedCompositeFieldContainer[Pending]
    revealed_hand: _containers.RepeatedScalarFieldContainer[int]
    revealed_dev: _containers.RepeatedScalarFieldContainer[int]
    winner: int
    victory_points_target: int
    setup_vertex: int
    crane_active: bool
    fleet_kind: int
    offer: TradeOffer
    offers_left: int
    mystery_terrain_left: _containers.RepeatedScalarFieldContainer[int]
    mystery_numbers_left: _containers.RepeatedScalarFieldContainer[int]
    alchemist_red: int
    alchemist_white: int
    def __init__(self, seat: _Optional[int] = ..., num_players: _Optional[int] = ..., config: _Optional[_Union[Config, _Mapping]] = ..., tiles: _Optional[_Iterable[_Union[Tile, _Mapping]]] = ..., vertices: _Optional[_Iterable[_Union[Vertex, _Mapping]]] = ..., edges: _Optional[_Iterable[_Union[Edge, _Mapping]]] = ..., players: _Optional[_Iterable[_Union[Player, _Mapping]]] = ..., hand: _Optional[_Iterable[int]] = ..., dev_hand: _Optional[_Iterable[int]] = ..., deck_sizes: _Optional[_Iterable[int]] = ..., current_seat: _Optional[int] = ..., phase: _Optional[str] = ..., turn: _Optional[int] = ..., barbarian_position: _Optional[int] = ..., barbarian_track: _Optional[int] = ..., last_event: _Optional[int] = ..., last_red: _Optional[int] = ..., last_white: _Optional[int] = ..., metro_owner: _Optional[_Iterable[int]] = ..., longest_route_seat: _Optional[int] = ..., port_authority_seat: _Optional[int] = ..., merchant_seat: _Optional[int] = ..., merchant_tile: _Optional[int] = ..., raid_immune_tiles: _Optional[_Iterable[int]] = ..., trade_ratio: _Optional[_Iterable[int]] = ..., raided_this_turn: _Optional[bool] = ..., free_raids: _Optional[int] = ..., pending: _Optional[_Iterable[_Union[Pending, _Mapping]]] = ..., revealed_hand: _Optional[_Iterable[int]] = ..., revealed_dev: _Optional[_Iterable[int]] = ..., winner: _Optional[int] = ..., victory_points_target: _Optional[int] = ..., setup_vertex: _Optional[int] = ..., crane_active: _Optional[bool] = ..., fleet_kind: _Optional[int] = ..., offer: _Optional[_Union[TradeOffer, _Mapping]] = ..., offers_left: _Optional[int] = ..., mystery_terrain_left: _Optional[_Iterable[int]] = ..., mystery_numbers_left: _Optional[_Iterable[int]] = ..., alchemist_red: _Optional[int] = ..., alchemist_white: _Optional[int] = ...) -> None: ...

class BuildRoad(_message.Message):
    __slots__ = ("edge",)
    EDGE_FIELD_NUMBER: _ClassVar[int]
    edge: int
    def __init__(self, edge: _Optional[int] = ...) -> None: ...

class BuildBoat(_message.Message):
    __slots__ = ("edge",)
    EDGE_FIELD_NUMBER: _ClassVar[int]
    edge: int
    def __init__(self, edge: _Optional[int] = ...) -> None: ...

class BuildVillage(_message.Message):
    __slots__ = ("vertex",)
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    def __init__(self, vertex: _Optional[int] = ...) -> None: ...

class BuildCity(_message.Message):
    __slots__ = ("vertex",)
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    def __init__(self, vertex: _Optional[int] = ...) -> None: ...

class BuildWall(_message.Message):
    __slots__ = ("vertex",)
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    def __init__(self, vertex: _Optional[int] = ...) -> None: ...

class BuyMilitary(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ImproveCulture(_message.Message):
    __slots__ = ("track",)
    TRACK_FIELD_NUMBER: _ClassVar[int]
    track: int
    def __init__(self, track: _Optional[int] = ...) -> None: ...

class BankTrade(_message.Message):
    __slots__ = ("give", "get")
    GIVE_FIELD_NUMBER: _ClassVar[int]
    GET_FIELD_NUMBER: _ClassVar[int]
    give: int
    get: int
    def __init__(self, give: _Optional[int] = ..., get: _Optional[int] = ...) -> None: ...

class Raid(_message.Message):
    __slots__ = ("tile", "victim")
    TILE_FIELD_NUMBER: _ClassVar[int]
    VICTIM_FIELD_NUMBER: _ClassVar[int]
    tile: int
    victim: int
    def __init__(self, tile: _Optional[int] = ..., victim: _Optional[int] = ...) -> None: ...

class PlayCard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: int
    def __init__(self, card: _Optional[int] = ...) -> None: ...

class RollDice(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ChooseDice(_message.Message):
    __slots__ = ("red", "white")
    RED_FIELD_NUMBER: _ClassVar[int]
    WHITE_FIELD_NUMBER: _ClassVar[int]
    red: int
    white: int
    def __init__(self, red: _Optional[int] = ..., white: _Optional[int] = ...) -> None: ...

class EndTurn(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ChooseKind(_message.Message):
    __slots__ = ("kind",)
    KIND_FIELD_NUMBER: _ClassVar[int]
    kind: int
    def __init__(self, kind: _Optional[int] = ...) -> None: ...

class ChoosePlayer(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class ChooseTile(_message.Message):
    __slots__ = ("tile",)
    TILE_FIELD_NUMBER: _ClassVar[int]
    tile: int
    def __init__(self, tile: _Optional[int] = ...) -> None: ...

class ChooseVertex(_message.Message):
    __slots__ = ("vertex",)
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    def __init__(self, vertex: _Optional[int] = ...) -> None: ...

class ChooseEdge(_message.Message):
    __slots__ = ("edge",)
    EDGE_FIELD_NUMBER: _ClassVar[int]
    edge: int
    def __init__(self, edge: _Optional[int] = ...) -> None: ...

class ChooseCard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: int
    def __init__(self, card: _Optional[int] = ...) -> None: ...

class Skip(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ProposeTrade(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class TradeGive(_message.Message):
    __slots__ = ("kind",)
    KIND_FIELD_NUMBER: _ClassVar[int]
    kind: int
    def __init__(self, kind: _Optional[int] = ...) -> None: ...

class TradeAsk(_message.Message):
    __slots__ = ("kind",)
    KIND_FIELD_NUMBER: _ClassVar[int]
    kind: int
    def __init__(self, kind: _Optional[int] = ...) -> None: ...

class SendOffer(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class AcceptTrade(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class DeclineTrade(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ChoosePartner(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class CancelTrade(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class DiceRoll(_message.Message):
    __slots__ = ("event", "red", "white")
    EVENT_FIELD_NUMBER: _ClassVar[int]
    RED_FIELD_NUMBER: _ClassVar[int]
    WHITE_FIELD_NUMBER: _ClassVar[int]
    event: int
    red: int
    white: int
    def __init__(self, event: _Optional[int] = ..., red: _Optional[int] = ..., white: _Optional[int] = ...) -> None: ...

class EventRoll(_message.Message):
    __slots__ = ("event",)
    EVENT_FIELD_NUMBER: _ClassVar[int]
    event: int
    def __init__(self, event: _Optional[int] = ...) -> None: ...

class DrawCard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: int
    def __init__(self, card: _Optional[int] = ...) -> None: ...

class RandomKind(_message.Message):
    __slots__ = ("kind",)
    KIND_FIELD_NUMBER: _ClassVar[int]
    kind: int
    def __init__(self, kind: _Optional[int] = ...) -> None: ...

class RandomCity(_message.Message):
    __slots__ = ("vertex",)
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    def __init__(self, vertex: _Optional[int] = ...) -> None: ...

class DealTerrain(_message.Message):
    __slots__ = ("terrain",)
    TERRAIN_FIELD_NUMBER: _ClassVar[int]
    terrain: int
    def __init__(self, terrain: _Optional[int] = ...) -> None: ...

class DealNumber(_message.Message):
    __slots__ = ("number",)
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    number: int
    def __init__(self, number: _Optional[int] = ...) -> None: ...

class DealPlace(_message.Message):
    __slots__ = ("tile",)
    TILE_FIELD_NUMBER: _ClassVar[int]
    tile: int
    def __init__(self, tile: _Optional[int] = ...) -> None: ...

class DealHarbor(_message.Message):
    __slots__ = ("harbor",)
    HARBOR_FIELD_NUMBER: _ClassVar[int]
    harbor: int
    def __init__(self, harbor: _Optional[int] = ...) -> None: ...

class Action(_message.Message):
    __slots__ = ("build_road", "build_boat", "build_village", "build_city", "build_wall", "buy_military", "improve_culture", "bank_trade", "raid", "play_card", "roll_dice", "choose_dice", "end_turn", "choose_kind", "choose_player", "choose_tile", "choose_vertex", "choose_edge", "choose_card", "skip", "dice_roll", "event_roll", "draw_card", "random_kind", "random_city", "propose_trade", "trade_give", "trade_ask", "send_offer", "accept_trade", "decline_trade", "choose_partner", "cancel_trade", "deal_terrain", "deal_number", "deal_place", "deal_harbor")
    BUILD_ROAD_FIELD_NUMBER: _ClassVar[int]
    BUILD_BOAT_FIELD_NUMBER: _ClassVar[int]
    BUILD_VILLAGE_FIELD_NUMBER: _ClassVar[int]
    BUILD_CITY_FIELD_NUMBER: _ClassVar[int]
    BUILD_WALL_FIELD_NUMBER: _ClassVar[int]
    BUY_MILITARY_FIELD_NUMBER: _ClassVar[int]
    IMPROVE_CULTURE_FIELD_NUMBER: _ClassVar[int]
    BANK_TRADE_FIELD_NUMBER: _ClassVar[int]
    RAID_FIELD_NUMBER: _ClassVar[int]
    PLAY_CARD_FIELD_NUMBER: _ClassVar[int]
    ROLL_DICE_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_DICE_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_KIND_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_PLAYER_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_TILE_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_VERTEX_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_EDGE_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_CARD_FIELD_NUMBER: _ClassVar[int]
    SKIP_FIELD_NUMBER: _ClassVar[int]
    DICE_ROLL_FIELD_NUMBER: _ClassVar[int]
    EVENT_ROLL_FIELD_NUMBER: _ClassVar[int]
    DRAW_CARD_FIELD_NUMBER: _ClassVar[int]
    RANDOM_KIND_FIELD_NUMBER: _ClassVar[int]
    RANDOM_CITY_FIELD_NUMBER: _ClassVar[int]
    PROPOSE_TRADE_FIELD_NUMBER: _ClassVar[int]
    TRADE_GIVE_FIELD_NUMBER: _ClassVar[int]
    TRADE_ASK_FIELD_NUMBER: _ClassVar[int]
    SEND_OFFER_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_TRADE_FIELD_NUMBER: _ClassVar[int]
    DECLINE_TRADE_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_PARTNER_FIELD_NUMBER: _ClassVar[int]
    CANCEL_TRADE_FIELD_NUMBER: _ClassVar[int]
    DEAL_TERRAIN_FIELD_NUMBER: _ClassVar[int]
    DEAL_NUMBER_FIELD_NUMBER: _ClassVar[int]
    DEAL_PLACE_FIELD_NUMBER: _ClassVar[int]
    DEAL_HARBOR_FIELD_NUMBER: _ClassVar[int]
    build_road: BuildRoad
    build_boat: BuildBoat
    build_village: BuildVillage
    build_city: BuildCity
    build_wall: BuildWall
    buy_military: BuyMilitary
    improve_culture: ImproveCulture
    bank_trade: BankTrade
    raid: Raid
    play_card: PlayCard
    roll_dice: RollDice
    choose_dice: ChooseDice
    end_turn: EndTurn
    choose_kind: ChooseKind
    choose_player: ChoosePlayer
    choose_tile: ChooseTile
    choose_vertex: ChooseVertex
    choose_edge: ChooseEdge
    choose_card: ChooseCard
    skip: Skip
    dice_roll: DiceRoll
    event_roll: EventRoll
    draw_card: DrawCard
    random_kind: RandomKind
    random_city: RandomCity
    propose_trade: ProposeTrade
    trade_give: TradeGive
    trade_ask: TradeAsk
    send_offer: SendOffer
    accept_trade: AcceptTrade
    decline_trade: DeclineTrade
    choose_partner: ChoosePartner
    cancel_trade: CancelTrade
    deal_terrain: DealTerrain
    deal_number: DealNumber
    deal_place: DealPlace
    deal_harbor: DealHarbor
    def __init__(self, build_road: _Optional[_Union[BuildRoad, _Mapping]] = ..., build_boat: _Optional[_Union[BuildBoat, _Mapping]] = ..., build_village: _Optional[_Union[BuildVillage, _Mapping]] = ..., build_city: _Optional[_Union[BuildCity, _Mapping]] = ..., build_wall: _Optional[_Union[BuildWall, _Mapping]] = ..., buy_military: _Optional[_Union[BuyMilitary, _Mapping]] = ..., improve_culture: _Optional[_Union[ImproveCulture, _Mapping]] = ..., bank_trade: _Optional[_Union[BankTrade, _Mapping]] = ..., raid: _Optional[_Union[Raid, _Mapping]] = ..., play_card: _Optional[_Union[PlayCard, _Mapping]] = ..., roll_dice: _Optional[_Union[RollDice, _Mapping]] = ..., choose_dice: _Optional[_Union[ChooseDice, _Mapping]] = ..., end_turn: _Optional[_Union[EndTurn, _Mapping]] = ..., choose_kind: _Optional[_Union[ChooseKind, _Mapping]] = ..., choose_player: _Optional[_Union[ChoosePlayer, _Mapping]] = ..., choose_tile: _Optional[_Union[ChooseTile, _Mapping]] = ..., choose_vertex: _Optional[_Union[ChooseVertex, _Mapping]] = ..., choose_edge: _Optional[_Union[ChooseEdge, _Mapping]] = ..., choose_card: _Optional[_Union[ChooseCard, _Mapping]] = ..., skip: _Optional[_Union[Skip, _Mapping]] = ..., dice_roll: _Optional[_Union[DiceRoll, _Mapping]] = ..., event_roll: _Optional[_Union[EventRoll, _Mapping]] = ..., draw_card: _Optional[_Union[DrawCard, _Mapping]] = ..., random_kind: _Optional[_Union[RandomKind, _Mapping]] = ..., random_city: _Optional[_Union[RandomCity, _Mapping]] = ..., propose_trade: _Optional[_Union[ProposeTrade, _Mapping]] = ..., trade_give: _Optional[_Union[TradeGive, _Mapping]] = ..., trade_ask: _Optional[_Union[TradeAsk, _Mapping]] = ..., send_offer: _Optional[_Union[SendOffer, _Mapping]] = ..., accept_trade: _Optional[_Union[AcceptTrade, _Mapping]] = ..., decline_trade: _Optional[_Union[DeclineTrade, _Mapping]] = ..., choose_partner: _Optional[_Union[ChoosePartner, _Mapping]] = ..., cancel_trade: _Optional[_Union[CancelTrade, _Mapping]] = ..., deal_terrain: _Optional[_Union[DealTerrain, _Mapping]] = ..., deal_number: _Optional[_Union[DealNumber, _Mapping]] = ..., deal_place: _Optional[_Union[DealPlace, _Mapping]] = ..., deal_harbor: _Optional[_Union[DealHarbor, _Mapping]] = ...) -> None: ...

class ActionList(_message.Message):
    __slots__ = ("actions",)
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    actions: _containers.RepeatedCompositeFieldContainer[Action]
    def __init__(self, actions: _Optional[_Iterable[_Union[Action, _Mapping]]] = ...) -> None: ...
