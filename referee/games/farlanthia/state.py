"""One position of Farlanthia and the season sequence.

A season is the leadership phase (chance rolls each realm's three dice),
then the scout, hero, realm and conflict phases, each played by every realm
in the order of leadership. Interruptions (a card to resolve, a proposal to
answer, resources to choose) are frames on a stack; a dice battle (combat
or negotiation) is ``battle``. Forced steps are taken by ``_settle`` so a
seat is asked only real questions.

This module is long because it is the whole turn sequence; the map is in
board.py, the numbers in structures.py and cards.py, the dice battles and
diplomacy in battle.py.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from referee.engine import CHANCE, SeatOutcome, State
from referee.errors import IllegalAction
from referee.games.farlanthia import battle as fight
from referee.games.farlanthia import cards as deck
from referee.games.farlanthia.actions import (
    DealTerrain,
    DieRoll,
    Done,
    DrawCard,
    FarlanthiaAction,
    LeadershipRoll,
    MapSeed,
)
from referee.games.farlanthia.board import (
    MOVE_COST,
    Terrain,
    capitol_tiles,
    generate_map,
    geometry,
    starting_terrain,
    undealt_mix,
)
from referee.games.farlanthia.cards import Card
from referee.games.farlanthia.rules import MAP_SEEDS, Rules
from referee.games.farlanthia.structures import (
    CIVILIZATIONS,
    COST,
    DOWNGRADE,
    MILITIA,
    MUSTER_POINTS,
    NOT_ON_LAKES,
    PRODUCTION,
    TERRAIN_RESOURCE,
    TOKENS,
    UPGRADES,
    Res,
    Structure,
)
from sdk.pb.landgrave.games.farlanthia.v1 import farlanthia_pb2

SEASONS_PER_YEAR = 4
MOVEMENT = 3
MAX_TROOPS = 130
"""Per realm: 30 + 10 x 5 + 5 x 10 troop units in the box (FARL-13)."""
MUSTER_BATCH = 5
"""The most troops one Muster action raises (FARL-13)."""
TRUCE_PENALTY = 5
POINTS_FOR_RENOWN = 10


class Phase(enum.IntEnum):
    """The phase of the season; values match the Observation's."""

    SETUP = 0
    LEADERSHIP = 1
    SCOUT = 2
    HERO = 3
    REALM = 4
    CONFLICT = 5
    OVER = 6


class Ask(enum.IntEnum):
    """What a frame waits for; values are the Observation's ``pending``."""

    NONE = 0
    EVENT_CHOICE = 1
    ADVENTURE_CHOICE = 2
    GAIN = 3
    LOSE = 4
    RESPOND = 5
    OCCUPY = 6
    SWAPS = 7
    REALM_EVENT = 8
    DRAW_EVENT = 9
    DRAW_ADVENTURE = 10
    CARD_ROLL = 11
    DEAL = 12


CHANCE_ASKS = frozenset({Ask.DRAW_EVENT, Ask.DRAW_ADVENTURE, Ask.CARD_ROLL, Ask.DEAL})


@dataclass(frozen=True)
class Frame:
    """One pending question: who answers, and about what."""

    ask: Ask
    seat: int
    card: int = -1
    count: int = 0
    other: int = -1
    tile: int = -1


@dataclass
class Realm:
    """One seat's realm and hero."""

    resources: list[int]
    capitol: int
    alive: bool = True
    renown: int = 0
    valor: int = 0
    honor: int = 0
    dice: tuple[int, ...] = ()
    hand: tuple[int, ...] = ()
    events: tuple[int, ...] = ()
    bonus_left: int = 0
    eliminated_order: int = -1

    def key(self) -> tuple[object, ...]:
        return (
            tuple(self.resources),
            self.capitol,
            self.alive,
            self.renown,
            self.valor,
            self.honor,
            self.dice,
            self.hand,
            self.events,
            self.bonus_left,
            self.eliminated_order,
        )


@dataclass
class Season:
    """Per-season flags of one realm, cleared when a season starts."""

    caravan_blocked: bool = False
    refugees: bool = False
    harvest: int = 0
    no_negotiations: bool = False
    proposed: tuple[int, ...] = ()
    forced_labor: bool = False

    def key(self) -> tuple[object, ...]:
        return (
            self.caravan_blocked,
            self.refugees,
            self.harvest,
            self.no_negotiations,
            self.proposed,
            self.forced_labor,
        )


class FarlanthiaState(State[FarlanthiaAction]):
    """A Farlanthia game."""

    def __init__(self, rules: Rules, players: int) -> None:  # noqa: PLR0915 (the whole state)
        self.rules = rules
        self.players = players
        self.geo = geometry(rules.map_radius)
        size = len(self.geo.coords)
        self.map_seed = 0
        self.terrain = starting_terrain(players, rules.map_radius)
        self.terrain_left = undealt_mix(players, rules.map_radius)
        """Face-down tiles by terrain value, dealt by chance on reveal (FARL-02)."""
        self.revealed = [False] * size
        self.revealed_season = [-1] * size
        self.revealed_by = [-1] * size
        self.structure = [Structure.NONE] * size
        self.owner = [-1] * size
        self.troop_owner = [-1] * size
        self.troops = [0] * size
        self.exhausted = [0] * size
        self.militia_raised = [False] * size
        capitols = capitol_tiles(players, rules.map_radius)
        start = rules.starting_resources
        self.realms = [Realm([start] * 4, capitols[s]) for s in range(players)]
        self.seasonal = [Season() for _ in range(players)]
        self.season = 0
        self.phase = Phase.SETUP
        self.order: tuple[int, ...] = ()
        self.turn = 0
        self.to_roll: tuple[int, ...] = ()
        self.frames: list[Frame] = []
        self.battle: fight.Battle | None = None
        self.ending_turn = False
        self.scout_free = False
        self.scout_extra = 0
        self.scout_die_used = False
        self.scout_frontier: tuple[int, ...] = ()
        self.scout_count = 0
        self.hero_done = False
        self.produced = False
        self.active: tuple[int, int, int] | None = None
        """The moving stack: tile, units, movement left."""
        self.caravan_taken = [False] * 4
        self.truces: list[tuple[int, int, int]] = []
        """(proposer, resister, season made)."""
        self.attacked = [[-1] * players for _ in range(players)]
        """attacked[a][b]: the last season a attacked b (-1 never)."""
        self.last_trade = [-1] * players
        self.last_legality = [-1] * players
        self.last_forced = [-1] * players
        self.event_deck: list[int] = list(deck.EVENT_DECK) if rules.events else []
        self.event_discard: list[int] = []
        self.adventure_deck: list[int] = list(deck.adventure_deck(players))
        self.adventure_discard: list[int] = []
        self.eliminations = 0
        self.winner = -1
        if rules.map_seed or not rules.reveal_map:
            self._lay_map(rules.map_seed)

    # -- the contract --------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def seasons_total(self) -> int:
        return self.rules.years * SEASONS_PER_YEAR

    @property
    def current(self) -> int:
        return self.order[self.turn] if self.order and self.turn < len(self.order) else -1

    def to_act(self) -> tuple[int, ...]:
        if self.phase is Phase.OVER:
            return ()
        if self.phase in (Phase.SETUP, Phase.LEADERSHIP):
            return (CHANCE,)
        if self.battle is not None:
            seat = self.battle.to_act()
            return (seat,)
        if self.frames:
            top = self.frames[-1]
            return (CHANCE,) if top.ask in CHANCE_ASKS else (top.seat,)
        return (self.current,)

    def chance_outcomes(self) -> list[tuple[FarlanthiaAction, Fraction]]:
        if self.phase is Phase.SETUP:
            share = Fraction(1, MAP_SEEDS)
            return [(MapSeed(seed), share) for seed in range(1, MAP_SEEDS + 1)]
        if self.phase is Phase.LEADERSHIP:
            return [(LeadershipRoll(dice), p) for dice, p in fight.sorted_roll_outcomes(3)]
        if self.battle is not None:
            return self.battle.chance_outcomes()
        if self.frames and self.frames[-1].ask in CHANCE_ASKS:
            top = self.frames[-1]
            if top.ask is Ask.CARD_ROLL:
                return [(DieRoll(v), Fraction(1, 6)) for v in range(1, 7)]
            if top.ask is Ask.DEAL:
                left = sum(self.terrain_left)
                return [
                    (DealTerrain(top.tile, kind), Fraction(count, left))
                    for kind, count in enumerate(self.terrain_left)
                    if count
                ]
            cards = self.event_deck if top.ask is Ask.DRAW_EVENT else self.adventure_deck
            return [
                (DrawCard(card), Fraction(cards.count(card), len(cards)))
                for card in sorted(set(cards))
            ]
        raise IllegalAction(f"farlanthia: chance does not act now (phase {self.phase.name})")

    def legal_actions(self, seat: int) -> list[FarlanthiaAction]:
        if seat == CHANCE or seat not in self.to_act():
            return []
        if self.battle is not None:
            return self.battle.legal_actions(self)
        if self.frames:
            from referee.games.farlanthia.frames import frame_actions

            return frame_actions(self, self.frames[-1])
        from referee.games.farlanthia.moves import phase_actions

        return phase_actions(self, seat)

    def apply(self, seat: int, action: FarlanthiaAction) -> None:
        self.check_can_act(seat)
        if seat == CHANCE:
            if action not in [outcome for outcome, _ in self.chance_outcomes()]:
                raise IllegalAction(f"farlanthia: {action!r} is not a chance outcome now")
            self._apply_chance(action)
        else:
            if action not in self.legal_actions(seat):
                raise IllegalAction(
                    f"farlanthia: {action!r} is not legal for seat {seat} in phase "
                    f"{self.phase.name}, season {self.season + 1}"
                )
            self._apply_decision(seat, action)
        self._settle()

    def default_action(self, seat: int) -> FarlanthiaAction:
        """Done when allowed: the choice that spends nothing."""
        legal = self.legal_actions(seat)
        return Done() if Done() in legal else legal[0]

    def observation(self, seat: int) -> farlanthia_pb2.Observation:
        from referee.games.farlanthia.observation import observe

        return observe(self, seat)

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def outcome(self) -> list[SeatOutcome]:
        """Living realms by renown, then valor + honor; fallen realms after, latest first."""
        keys = [self._rank_key(seat) for seat in range(self.players)]
        result = []
        for seat in range(self.players):
            rank = 1 + sum(other > keys[seat] for other in keys)
            realm = self.realms[seat]
            titles: tuple[str, ...] = () if realm.alive else ("eliminated",)
            if seat == self.winner:
                titles = ("last capitol standing",)
            result.append(SeatOutcome(float(self.score(seat)), rank, titles))
        return result

    def canonical(self) -> bytes:
        fields = (
            self.rules,
            self.map_seed,
            [int(t) for t in self.terrain],
            self.terrain_left,
            self.revealed,
            self.revealed_season,
            self.revealed_by,
            [int(s) for s in self.structure],
            self.owner,
            self.troop_owner,
            self.troops,
            self.exhausted,
            self.militia_raised,
            [realm.key() for realm in self.realms],
            [season.key() for season in self.seasonal],
            self.season,
            int(self.phase),
            self.order,
            self.turn,
            self.to_roll,
            self.frames,
            None if self.battle is None else self.battle.key(),
            self.ending_turn,
            (self.scout_free, self.scout_extra, self.scout_die_used, self.scout_frontier),
            self.scout_count,
            self.hero_done,
            self.produced,
            self.active,
            self.caravan_taken,
            self.truces,
            self.attacked,
            self.last_trade,
            self.last_legality,
            self.last_forced,
            self.event_deck,
            self.event_discard,
            self.adventure_deck,
            self.adventure_discard,
            self.eliminations,
            self.winner,
        )
        return repr(fields).encode()

    def render(self) -> str:
        from referee.games.farlanthia.render import render_text

        return render_text(self)

    # -- questions -----------------------------------------------------------

    def score(self, seat: int) -> int:
        """Renown first, then valor + honor (FARL-20): renown x 100 + valor + honor."""
        realm = self.realms[seat]
        return realm.renown * 100 + realm.valor + realm.honor

    def _rank_key(self, seat: int) -> tuple[int, int]:
        realm = self.realms[seat]
        if realm.alive:
            return (1, self.score(seat))
        return (0, realm.eliminated_order)

    def alive_seats(self) -> list[int]:
        return [s for s in range(self.players) if self.realms[s].alive]

    def move_cost(self, tile: int) -> int:
        """Movement points to enter a tile; 99 if it cannot be entered (FARL-12)."""
        if not self.revealed[tile] or self.terrain[tile] is Terrain.VOLCANO:
            return 99
        if self.structure[tile] is Structure.ROAD:
            return 1
        if self.structure[tile] is Structure.WALL:
            return 3
        return MOVE_COST[self.terrain[tile]]

    def troops_of(self, seat: int) -> int:
        total = sum(n for o, n in zip(self.troop_owner, self.troops, strict=True) if o == seat)
        if self.battle is not None:
            total += self.battle.units_of(seat)
        return total

    def tokens_used(self, seat: int, kind: Structure) -> int:
        return sum(
            1 for s, o in zip(self.structure, self.owner, strict=True) if o == seat and s is kind
        )

    def connected_region(self, seat: int) -> set[int]:
        """Revealed tiles connected to the seat's capitol through revealed tiles."""
        geo = self.geo
        start = self.realms[seat].capitol
        seen = {start}
        todo = [start]
        while todo:
            tile = todo.pop()
            for n in geo.neighbours[tile]:
                if n not in seen and self.revealed[n]:
                    seen.add(n)
                    todo.append(n)
        return seen

    def scout_candidates(self, seat: int) -> tuple[int, ...]:
        """Unrevealed tiles next to the seat's connected revealed region (FARL-06)."""
        geo = self.geo
        region = self.connected_region(seat)
        return tuple(sorted({n for t in region for n in geo.neighbours[t] if not self.revealed[n]}))

    def has_truce(self, a: int, b: int) -> bool:
        return any({p, r} == {a, b} for p, r, _ in self.truces)

    def die_bonus(self, seat: int, value: int) -> int:
        """A spent leadership die with renown pips added, up to 6 (FARL-08)."""
        if not self.rules.renown_bonus:
            return value
        return min(6, value + max(0, self.realms[seat].bonus_left))

    def spend_die(self, seat: int, value: int, use_bonus: bool) -> int:
        """Remove a leadership die; return its value with any renown pips it takes."""
        realm = self.realms[seat]
        dice = list(realm.dice)
        dice.remove(value)
        realm.dice = tuple(dice)
        if not use_bonus:
            return value
        boosted = self.die_bonus(seat, value)
        realm.bonus_left -= boosted - value
        return boosted

    # -- changing the realm ----------------------------------------------------

    def gain(self, seat: int, resource: int, n: int = 1) -> None:
        res = self.realms[seat].resources
        res[resource] = max(0, res[resource] + n)

    def add_valor(self, seat: int, n: int) -> None:
        realm = self.realms[seat]
        realm.valor = max(0, realm.valor + n)
        while realm.valor >= POINTS_FOR_RENOWN:  # FARL-19
            realm.valor -= POINTS_FOR_RENOWN
            realm.renown += 1

    def add_honor(self, seat: int, n: int) -> None:
        realm = self.realms[seat]
        realm.honor = max(0, realm.honor + n)
        while realm.honor >= POINTS_FOR_RENOWN:
            realm.honor -= POINTS_FOR_RENOWN
            realm.renown += 1

    def add_troops(self, seat: int, tile: int, n: int) -> int:
        """Place up to n troops on a tile the seat holds or that is empty; return how many."""
        if self.troop_owner[tile] not in (-1, seat):
            return 0
        n = min(n, MAX_TROOPS - self.troops_of(seat))
        if n <= 0:
            return 0
        self.troop_owner[tile] = seat
        self.troops[tile] += n
        return n

    def remove_troops(self, tile: int, n: int) -> None:
        n = min(n, self.troops[tile])
        self.troops[tile] -= n
        self.exhausted[tile] = min(self.exhausted[tile], self.troops[tile])
        if self.troops[tile] == 0:
            self.troop_owner[tile] = -1
            self.exhausted[tile] = 0

    def set_structure(self, tile: int, kind: Structure, owner: int) -> None:
        self.structure[tile] = kind
        self.owner[tile] = owner if kind is not Structure.NONE else -1

    def break_truce(self, attacker: int, victim: int) -> None:
        """Attacking under a truce costs 5 renown and ends the truce (FARL-25)."""
        if victim < 0 or not self.has_truce(attacker, victim):
            return
        self.realms[attacker].renown -= TRUCE_PENALTY
        self.truces = [t for t in self.truces if {t[0], t[1]} != {attacker, victim}]

    def eliminate(self, seat: int) -> None:
        """A realm whose capitol is razed leaves the game with all it has (FARL-21)."""
        realm = self.realms[seat]
        realm.alive = False
        realm.eliminated_order = self.eliminations
        self.eliminations += 1
        for tile in range(len(self.structure)):
            if self.owner[tile] == seat:
                self.set_structure(tile, Structure.NONE, -1)
            if self.troop_owner[tile] == seat:
                self.remove_troops(tile, self.troops[tile])
        self.truces = [t for t in self.truces if seat not in (t[0], t[1])]
        realm.dice = ()
        alive = self.alive_seats()
        if len(alive) == 1:
            self.winner = alive[0]
            self._finish()

    # -- applying --------------------------------------------------------------

    def _apply_chance(self, action: FarlanthiaAction) -> None:
        if isinstance(action, MapSeed):
            self._lay_map(action.seed)
        elif isinstance(action, LeadershipRoll):
            self._leadership_roll(action.dice)
        elif self.battle is not None:
            self.battle.apply_chance(self, action)
        else:
            from referee.games.farlanthia.frames import apply_chance_frame

            apply_chance_frame(self, self.frames.pop(), action)

    def _apply_decision(self, seat: int, action: FarlanthiaAction) -> None:
        if self.battle is not None:
            self.battle.apply_decision(self, seat, action)
        elif self.frames:
            from referee.games.farlanthia.frames import apply_frame

            apply_frame(self, self.frames.pop(), action)
        else:
            from referee.games.farlanthia.moves import apply_phase_action

            apply_phase_action(self, seat, action)

    def _lay_map(self, seed: int) -> None:
        """Deal the map, place capitols and the starting troops (FARL-02..05)."""
        self.map_seed = seed
        if seed:
            self.terrain = list(generate_map(seed, self.players, self.rules.map_radius))
            self.terrain_left = [0] * len(self.terrain_left)
        geo = self.geo
        self.revealed[geo.centre] = True
        for seat, realm in enumerate(self.realms):
            self.set_structure(realm.capitol, Structure.CAPITOL, seat)
            self.revealed[realm.capitol] = True
            self.revealed_by[realm.capitol] = seat
            self.add_troops(seat, realm.capitol, self.rules.starting_troops)
        if self.rules.reveal_map:
            self.revealed = [True] * len(self.revealed)
        self._start_season()

    def _start_season(self) -> None:
        self.phase = Phase.LEADERSHIP
        self.seasonal = [Season() for _ in range(self.players)]
        self.caravan_taken = [False] * 4
        self.militia_raised = [False] * len(self.militia_raised)
        for realm in self.realms:
            realm.dice = ()
            realm.bonus_left = max(0, realm.renown)
        self.to_roll = tuple(self.alive_seats())
        self.order = ()

    def _leadership_roll(self, dice: tuple[int, ...]) -> None:
        """Set the next seat's dice; once all are rolled, tied totals roll again (FARL-07)."""
        seat, self.to_roll = self.to_roll[0], self.to_roll[1:]
        self.realms[seat].dice = dice
        if self.to_roll:
            return
        alive = self.alive_seats()
        totals = {s: sum(self.realms[s].dice) for s in alive}
        tied = tuple(s for s in alive if list(totals.values()).count(totals[s]) > 1)
        if tied:
            self.to_roll = tied
            return
        self.order = tuple(sorted(alive, key=lambda s: totals[s]))
        self._start_phase(Phase.SCOUT)

    def _start_phase(self, phase: Phase) -> None:
        self.phase = phase
        self.turn = 0
        self._start_turn()

    def _start_turn(self) -> None:
        """Prepare the current seat's part of the phase, skipping fallen realms."""
        while self.turn < len(self.order) and not self.realms[self.current].alive:
            self.turn += 1
        if self.turn >= len(self.order):
            self._next_phase()
            return
        seat = self.current
        self.ending_turn = False
        if self.phase is Phase.SCOUT:
            self.scout_frontier = self.scout_candidates(seat)
            self.scout_free = bool(self.scout_frontier)
            self.scout_extra, self.scout_die_used, self.scout_count = 0, False, 0
        elif self.phase is Phase.HERO:
            self.hero_done = not self.rules.adventures
        elif self.phase is Phase.REALM:
            self.produced = False
            for card in reversed(self.realms[seat].events):
                self.frames.append(Frame(Ask.REALM_EVENT, seat, card))
        elif self.phase is Phase.CONFLICT:
            self.active = None
            self.exhausted = [0] * len(self.exhausted)
            self.truces = [t for t in self.truces if not (t[0] == seat and t[2] < self.season)]

    def _next_phase(self) -> None:
        if self.phase is Phase.CONFLICT:
            self.season += 1
            if self.season >= self.seasons_total:
                self._finish()
                return
            self._start_season()
            return
        self._start_phase(Phase(self.phase + 1))

    def end_turn(self) -> None:
        """The current seat is done with this phase: wrap it up, then the next seat."""
        seat = self.current
        if self.phase is Phase.SCOUT and self.scout_count and self.rules.events:
            self.frames.append(Frame(Ask.DRAW_EVENT, seat))
        if self.phase is Phase.CONFLICT:
            self.active = None
            for tile in reversed(self.occupied_by(seat)):
                self.frames.append(Frame(Ask.OCCUPY, seat, tile=tile))
        self.ending_turn = True

    def occupied_by(self, seat: int) -> list[int]:
        """Enemy structures the seat's troops stand on."""
        return [
            tile
            for tile in range(len(self.owner))
            if self.troop_owner[tile] == seat and self.owner[tile] not in (-1, seat)
        ]

    def _advance(self) -> None:
        self.ending_turn = False
        self.turn += 1
        self._start_turn()

    def produce(self, seat: int) -> None:
        """Realm phase income (FARL-11), harvest, and unresolved bandits' toll (FARL-32)."""
        for tile, owner in enumerate(self.owner):
            if owner != seat or self.troop_owner[tile] not in (-1, seat):
                continue
            kind = self.structure[tile]
            if kind not in PRODUCTION:
                continue
            amount, gold = PRODUCTION[kind]
            resource = TERRAIN_RESOURCE.get(self.terrain[tile])
            if resource is not None and kind in CIVILIZATIONS:
                self.gain(seat, resource, amount)
            self.gain(seat, Res.GOLD, gold)
        season = self.seasonal[seat]
        self.gain(seat, Res.FOOD, season.harvest)
        season.harvest = 0
        resources = self.realms[seat].resources
        for card in self.realms[seat].events:
            lost = deck.BANDITS[Card(card)]
            self.gain(seat, lost if resources[lost] else Res.GOLD, -1)
        self.produced = True

    def raze_gain(self, tile: int) -> tuple[int, int]:
        """(terrain resources, gold) razing gives: the structure's production (FARL-17)."""
        kind = self.structure[tile]
        if kind not in PRODUCTION:
            return (0, 0)
        amount, gold = PRODUCTION[kind]
        if kind not in CIVILIZATIONS or self.terrain[tile] not in TERRAIN_RESOURCE:
            amount = 0
        return amount, gold

    def _finish(self) -> None:
        self.phase = Phase.OVER
        self.frames = []
        self.battle = None
        self.active = None

    def _settle(self) -> None:  # noqa: PLR0912 (one branch per forced step)
        """Take every forced step, so the next question is a real one."""
        from referee.games.farlanthia.frames import frame_actions
        from referee.games.farlanthia.moves import phase_actions

        while self.phase not in (Phase.OVER, Phase.SETUP, Phase.LEADERSHIP):
            if self.battle is not None:
                if not self.battle.settle(self):
                    return
                continue
            if self.frames:
                top = self.frames[-1]
                if not self.realms[top.seat].alive:
                    self.frames.pop()
                    continue
                if top.ask in (Ask.DRAW_EVENT, Ask.DRAW_ADVENTURE):
                    if not self._ready_deck(top.ask):
                        self.frames.pop()
                        continue
                    return
                if top.ask in (Ask.CARD_ROLL, Ask.DEAL):
                    return
                legal = frame_actions(self, top)
                if len(legal) == 1:
                    from referee.games.farlanthia.frames import apply_frame

                    apply_frame(self, self.frames.pop(), legal[0])
                    continue
                if not legal:
                    self.frames.pop()
                    continue
                return
            if self.ending_turn:
                self._advance()
                continue
            if self.phase is Phase.REALM and not self.produced:
                self.produce(self.current)
                continue
            if phase_actions(self, self.current) == [Done()]:
                self.end_turn()
                continue
            return

    def _ready_deck(self, ask: Ask) -> bool:
        """Whether a card can be drawn; reshuffle the discards into an empty deck."""
        if ask is Ask.DRAW_EVENT:
            if not self.event_deck:
                self.event_deck, self.event_discard = sorted(self.event_discard), []
            return bool(self.event_deck)
        if not self.adventure_deck:
            self.adventure_deck, self.adventure_discard = sorted(self.adventure_discard), []
        return bool(self.adventure_deck)

    # -- helpers used by moves.py --------------------------------------------

    def can_build(  # noqa: PLR0911 (one return per rule)
        self, seat: int, tile: int, kind: Structure
    ) -> bool:
        """Whether ``seat`` may build or upgrade to ``kind`` on ``tile`` now (FARL-09, 10)."""
        if not self.revealed[tile] or self.terrain[tile] is Terrain.VOLCANO:
            return False
        if self.troop_owner[tile] not in (-1, seat):
            return False
        current = self.structure[tile]
        if kind in UPGRADES:
            if current is not UPGRADES[kind] or self.owner[tile] != seat:
                return False
        elif current is not Structure.NONE or not self._next_to_own(seat, tile):
            return False
        if kind is Structure.MINE and self.terrain[tile] is not Terrain.MOUNTAIN:
            return False
        if self.terrain[tile] is Terrain.LAKE and kind in NOT_ON_LAKES:
            blueprints = Card.STRANGE_BLUEPRINTS in self.realms[seat].hand
            if not (blueprints and kind in (Structure.VILLAGE, Structure.TOWN, Structure.CITY)):
                return False
        if kind in TOKENS and self.tokens_used(seat, kind) >= TOKENS[kind]:
            return False
        return self.can_afford(seat, self.build_cost(seat, kind))

    def build_cost(self, seat: int, kind: Structure) -> tuple[int, int, int, int]:
        wood, stone, food, gold = COST[kind]
        if self.seasonal[seat].refugees and kind in (
            Structure.VILLAGE,
            Structure.TOWN,
            Structure.CITY,
        ):
            food = 0  # Refugees (FARL-32)
        return (wood, stone, food, gold)

    def can_afford(self, seat: int, cost: tuple[int, int, int, int]) -> bool:
        have = self.realms[seat].resources
        return all(h >= n for h, n in zip(have, cost, strict=True))

    def _next_to_own(self, seat: int, tile: int) -> bool:
        return any(self.owner[n] == seat for n in self.geo.neighbours[tile])

    def build(self, seat: int, tile: int, kind: Structure) -> None:
        cost = self.build_cost(seat, kind)
        for resource, amount in enumerate(cost):
            self.gain(seat, resource, -amount)
        if self.seasonal[seat].refugees and cost[2] != COST[kind][2]:
            self.seasonal[seat].refugees = False
        if self.terrain[tile] is Terrain.LAKE and kind in NOT_ON_LAKES:
            self.discard_held(seat, Card.STRANGE_BLUEPRINTS)
        self.set_structure(tile, kind, seat)

    def discard_held(self, seat: int, card: int) -> None:
        hand = list(self.realms[seat].hand)
        hand.remove(card)
        self.realms[seat].hand = tuple(hand)
        self.adventure_discard.append(int(card))

    def raise_militia(self, seat: int, tile: int) -> None:
        """Militia rise and fight the occupiers, as defenders (FARL-16)."""
        kind = self.structure[tile]
        militia = MILITIA[kind]
        self.militia_raised[tile] = True
        self.set_structure(tile, DOWNGRADE[kind], seat)
        enemy = self.troop_owner[tile]
        units = self.troops[tile]
        self.remove_troops(tile, units)
        self.battle = fight.Battle(
            attacker=enemy,
            defender=seat,
            tile=tile,
            negotiation=0,
            att=units,
            dfn=militia,
            fortified=False,
        )

    def muster_points(self, seat: int) -> list[int]:
        return [
            tile
            for tile, kind in enumerate(self.structure)
            if self.owner[tile] == seat
            and kind in MUSTER_POINTS
            and self.troop_owner[tile] in (-1, seat)
        ]
