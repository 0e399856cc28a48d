"""One position of Farlanthia: the turn machine and the seat queries.

Who acts is, in order: the dice battle in progress (battle.py), the top
frame on the stack of pending questions (pending.py, answered in
frames.py), else the current seat in its part of the phase (moves.py).
Chance lays the map, rolls, draws and deals. After every action
``_settle`` takes the forced steps, so a seat is asked only real
questions. The season sequence is in seasons.py, income and building in
economy.py, card draws and effects in cards.py, the setup draft in draft.py.

The data has owners that change only themselves: the tiles (tiles.py:
terrain, structures, troops), the decks and discards (decks.py), and each
realm (realm.py: goods, dice, valor, honor, renown). Card effects
(cards.py), income and building (economy.py) and the draft (draft.py)
take only the owners they change and return what else is to be done, so
their data flows one way. The turn machine (seasons.py, moves.py,
frames.py, battle.py) still takes the whole state, as the state's own
steps written in separate files.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from fractions import Fraction
from typing import Self

from referee.engine import CHANCE, SeatOutcome, State
from referee.errors import IllegalAction
from referee.games.farlanthia import battle as fight
from referee.games.farlanthia import cards, economy, seasons
from referee.games.farlanthia.actions import (
    Done,
    DrawCard,
    DrawTile,
    FarlanthiaAction,
    LeadershipRoll,
    MapSeed,
    PlaceTile,
)
from referee.games.farlanthia.board import (
    capitol_tiles,
    geometry,
    undealt_mix,
)
from referee.games.farlanthia.decks import Decks
from referee.games.farlanthia.draft import legal_places
from referee.games.farlanthia.frames import (
    apply_chance_frame,
    apply_frame,
    frame_actions,
    frame_outcomes,
)
from referee.games.farlanthia.moves import MAX_TROOPS, apply_phase_action, phase_actions
from referee.games.farlanthia.pending import CHANCE_ASKS, Ask, Frame
from referee.games.farlanthia.realm import Lord, Realm, Season
from referee.games.farlanthia.rules import MAP_SEEDS, Rules
from referee.games.farlanthia.seasons import SEASONS_PER_YEAR, Phase
from referee.games.farlanthia.tiles import Tiles
from sdk.pb.landgrave.games.farlanthia.v1 import farlanthia_pb2

_LISTS = (
    "terrain_left",
    "frames",
    "caravan_taken",
    "truces",
    "last_trade",
    "last_legality",
    "last_forced",
)
"""The state's own flat lists of immutable items: a clone copies each."""
TRUCE_PENALTY = 5


class FarlanthiaState(State[FarlanthiaAction]):
    """A Farlanthia game."""

    not_in_canonical = frozenset({"players", "geo"})
    """The per-seat lists' length; the hexagon made from ``rules.map_radius``."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules = rules
        self.players = players
        self.geo = geometry(rules.map_radius)
        self.tiles = Tiles.fresh(players, rules.map_radius)
        self.terrain_left = undealt_mix(players, rules.map_radius)
        """The face-down pile by terrain value: drafted, or dealt by chance on reveal (FARL-02)."""
        self.drawn_tile = 0
        """The terrain the drafting seat drew and must place; 0 none."""
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
        events = cards.EVENT_DECK if rules.events else ()
        self.decks = Decks.fresh(events, cards.adventure_deck(players))
        self.eliminations = 0
        self.winner = -1
        if rules.reveal_map:
            if rules.map_seed:
                seasons.lay_map(self, rules.map_seed)
        elif rules.draft:
            seasons.start_draft(self)
        else:
            seasons.lay_map(self, 0)

    # -- the contract --------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def seasons_total(self) -> int:
        return self.rules.years * SEASONS_PER_YEAR

    @property
    def current(self) -> int:
        if self.phase is Phase.DRAFT:
            return seasons.drafter(self)
        return self.order[self.turn] if self.order and self.turn < len(self.order) else -1

    def to_act(self) -> tuple[int, ...]:
        if self.phase is Phase.OVER:
            return ()
        if self.phase in (Phase.SETUP, Phase.LEADERSHIP):
            return (CHANCE,)
        if self.phase is Phase.DRAFT:
            return (self.current,) if self.drawn_tile else (CHANCE,)
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
        if self.phase is Phase.DRAFT:
            left = sum(self.terrain_left)
            return [
                (DrawTile(kind), Fraction(count, left))
                for kind, count in enumerate(self.terrain_left)
                if count
            ]
        if self.battle is not None:
            return self.battle.chance_outcomes()
        if self.frames and self.frames[-1].ask in CHANCE_ASKS:
            return frame_outcomes(self, self.frames[-1])
        raise IllegalAction(f"farlanthia: chance does not act now (phase {self.phase.name})")

    def legal_actions(self, seat: int) -> list[FarlanthiaAction]:
        if seat == CHANCE or seat not in self.to_act():
            return []
        if self.phase is Phase.DRAFT:
            places = legal_places(self.tiles.terrain, self.players, self.rules.map_radius, seat)
            return [PlaceTile(tile) for tile in places]
        if self.battle is not None:
            return self.battle.legal_actions(self)
        if self.frames:
            return frame_actions(self, self.frames[-1])
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

    def hides(self, viewer: int, seat: int, action: FarlanthiaAction) -> bool:
        """Chance's face-down deals: a drafted tile, and an adventure that goes to a hand.

        The drafting seat sees the tile it draws (FARL-35); a held adventure
        card is seen by its holder only (FARL-33). Everything else is public.
        """
        if isinstance(action, DrawTile):
            return viewer != self.current
        if isinstance(action, DrawCard) and self.frames:
            top = self.frames[-1]
            return (
                top.ask is Ask.DRAW_ADVENTURE
                and viewer != top.seat
                and cards.goes_to_hand(action.card, top.seat)
            )
        return False

    def clone(self) -> Self:
        """A copy for search that shares the rules, the geometry and every tuple."""
        other = copy.copy(self)
        for name in _LISTS:
            setattr(other, name, list(getattr(self, name)))
        other.tiles = self.tiles.copy()
        other.decks = self.decks.copy()
        other.realms = [replace(realm, resources=list(realm.resources)) for realm in self.realms]
        other.seasonal = [replace(season) for season in self.seasonal]
        other.attacked = [list(row) for row in self.attacked]
        other.battle = None if self.battle is None else replace(self.battle)
        return other

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
            self.tiles.key(),
            self.drawn_tile,
            self.terrain_left,
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
            self.decks.key(),
            self.eliminations,
            self.winner,
        )
        return repr(fields).encode()

    def render(self) -> str:
        from referee.games.farlanthia.render import render_text

        return render_text(self)

    def render_svg(self) -> str:
        from referee.games.farlanthia.svg import render_svg

        return render_svg(self)

    def describe(self, seat: int, action: FarlanthiaAction) -> str:
        from referee.games.farlanthia.describe import describe

        return describe(self, seat, action)

    # -- the turn machine ------------------------------------------------------

    def _apply_chance(self, action: FarlanthiaAction) -> None:
        if isinstance(action, MapSeed):
            seasons.lay_map(self, action.seed)
        elif isinstance(action, LeadershipRoll):
            seasons.leadership_roll(self, action.dice)
        elif isinstance(action, DrawTile):
            self.terrain_left[action.terrain] -= 1
            self.drawn_tile = action.terrain
        elif self.battle is not None:
            self.battle.apply_chance(self, action)
        else:
            apply_chance_frame(self, self.frames.pop(), action)

    def _apply_decision(self, seat: int, action: FarlanthiaAction) -> None:
        if isinstance(action, PlaceTile):
            seasons.place_tile(self, action.tile)
        elif self.battle is not None:
            self.battle.apply_decision(self, seat, action)
        elif self.frames:
            apply_frame(self, self.frames.pop(), action)
        else:
            apply_phase_action(self, seat, action)

    def _settle(self) -> None:
        """Take every forced step, so the next question is a real one."""
        while self.phase not in (Phase.OVER, Phase.SETUP, Phase.LEADERSHIP, Phase.DRAFT):
            if self.battle is not None:
                stepped = self.battle.settle(self)
            elif self.frames:
                stepped = self._settle_frame(self.frames[-1])
            else:
                stepped = self._settle_turn()
            if not stepped:
                return

    def _settle_frame(self, top: Frame) -> bool:
        """Drop a frame that lapsed or take its only answer; return whether it did."""
        if not self.realms[top.seat].alive:
            lapses = True
        elif top.ask in (Ask.CARD_ROLL, Ask.DEAL):
            return False
        elif top.ask in (Ask.DRAW_EVENT, Ask.DRAW_ADVENTURE):
            lapses = not self.decks.ready(cards.DECK_OF[top.ask])
        else:
            legal = frame_actions(self, top)
            if len(legal) == 1:
                apply_frame(self, self.frames.pop(), legal[0])
                return True
            lapses = not legal
        if lapses:
            self.frames.pop()
        return lapses

    def _settle_turn(self) -> bool:
        """Move on, produce, or end a turn with nothing left to choose; return whether it did."""
        if self.ending_turn:
            seasons.advance(self)
        elif self.phase is Phase.REALM and not self.produced:
            self.produce(self.current)
        elif phase_actions(self, self.current) == [Done()]:
            seasons.end_turn(self)
        else:
            return False
        return True

    def produce(self, seat: int) -> None:
        """Realm phase income, harvest and bandits' toll (economy.py)."""
        economy.produce(self.tiles, self.lord(seat))
        self.produced = True

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

    def lord(self, seat: int) -> Lord:
        """The seat with its realm and this season's flags (economy.py, cards.py)."""
        return Lord(seat, self.realms[seat], self.seasonal[seat])

    def troops_of(self, seat: int) -> int:
        """The seat's troops on the map and in the battle being fought."""
        total = self.tiles.troops_on_map(seat)
        if self.battle is not None:
            total += self.battle.units_of(seat)
        return total

    def has_truce(self, a: int, b: int) -> bool:
        return any({p, r} == {a, b} for p, r, _ in self.truces)

    def die_bonus(self, seat: int, value: int) -> int:
        """A spent leadership die with renown pips added, up to 6 (FARL-08)."""
        if not self.rules.renown_bonus:
            return value
        return min(6, value + max(0, self.realms[seat].bonus_left))

    # -- changing the realm ----------------------------------------------------

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

    def add_troops(self, seat: int, tile: int, n: int) -> int:
        """Place up to n troops on a tile the seat holds or that is empty; return how many.

        No realm has more than MAX_TROOPS in all (FARL-13).
        """
        if self.tiles.troop_owner[tile] not in (-1, seat):
            return 0
        n = min(n, MAX_TROOPS - self.troops_of(seat))
        if n <= 0:
            return 0
        self.tiles.place_troops(seat, tile, n)
        return n

    def break_truce(self, attacker: int, victim: int) -> None:
        """Attacking under a truce costs 5 renown and ends the truce (FARL-25)."""
        if victim < 0 or not self.has_truce(attacker, victim):
            return
        self.realms[attacker].renown -= TRUCE_PENALTY
        self.truces = [t for t in self.truces if {t[0], t[1]} != {attacker, victim}]
