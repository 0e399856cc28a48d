"""One position of Farlanthia: the engine contract over the table, and the turn machine.

The data lives on the table (table.py), each part with one owner that
changes only itself: the tiles, the realms and their season flags, the
decks, the diplomacy, the course of the game and what is pending. The
rule modules read the table and ask its parts to change: seasons.py (the
season sequence), moves.py (a seat's own phase), frames.py (answers to
pending questions), combat.py and negotiation.py (what a dice battle does;
battle.py is the battle itself, pure dice), cards.py, economy.py and
draft.py. None of them imports this module, so the data flows one way:
the state asks, the rules decide, the parts change.

Who acts is, in order: the dice battle in progress, the top frame on the
stack of pending questions, else the current seat in its part of the
phase. Chance lays the map, rolls, draws and deals. After every action
``_settle`` takes the forced steps, so a seat is asked only real
questions.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import cache
from typing import Self

from referee.engine import CHANCE, SeatOutcome, State
from referee.errors import IllegalAction
from referee.games.farlanthia import cards, combat, economy, seasons
from referee.games.farlanthia.actions import (
    Done,
    DrawCard,
    DrawTile,
    FarlanthiaAction,
    LeadershipRoll,
    MapSeed,
    PlaceTile,
)
from referee.games.farlanthia.battle import sorted_roll_outcomes
from referee.games.farlanthia.course import Phase
from referee.games.farlanthia.decks import Decks
from referee.games.farlanthia.describe import describe
from referee.games.farlanthia.draft import legal_places, may_place
from referee.games.farlanthia.frames import (
    apply_chance_frame,
    apply_frame,
    frame_actions,
    frame_outcomes,
)
from referee.games.farlanthia.moves import (
    apply_phase_action,
    has_choice,
    phase_actions,
    phase_allows,
)
from referee.games.farlanthia.observation import observe
from referee.games.farlanthia.pending import CHANCE_ASKS, Ask, Frame
from referee.games.farlanthia.render import render_text
from referee.games.farlanthia.rules import MAP_SEEDS, Rules
from referee.games.farlanthia.svg import render_svg
from referee.games.farlanthia.table import Table
from referee.games.reprs import kept_reprs
from sdk.pb.landgrave.games.farlanthia.v1 import farlanthia_pb2


@cache
def _leadership_outcomes() -> tuple[tuple[FarlanthiaAction, Fraction], ...]:
    """Three leadership dice, sorted (FARL-07): the outcomes made once."""
    return tuple((LeadershipRoll(dice), p) for dice, p in sorted_roll_outcomes(3))


class FarlanthiaState(Table, State[FarlanthiaAction]):
    """A Farlanthia game."""

    not_in_canonical = frozenset({"players", "geo", "_list_reprs"})
    """The per-seat lists' length; the hexagon made from ``rules.map_radius``;
    the texts ``canonical()`` keeps of the tiles' lists (referee/games/reprs.py)."""

    def __init__(self, rules: Rules, players: int) -> None:
        events = cards.EVENT_DECK if rules.events else ()
        super().__init__(rules, players, Decks.fresh(events, cards.adventure_deck(players)))
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

    def to_act(self) -> tuple[int, ...]:
        phase = self.course.phase
        if phase is Phase.OVER:
            return ()
        if phase in (Phase.SETUP, Phase.LEADERSHIP):
            return (CHANCE,)
        if phase is Phase.DRAFT:
            return (self.current,) if self.tiles.drawn_tile else (CHANCE,)
        battle, top = self.pending.battle, self.pending.top()
        if battle is not None:
            return (battle.to_act(),)
        if top is not None:
            return (CHANCE,) if top.ask in CHANCE_ASKS else (top.seat,)
        return (self.current,)

    def chance_outcomes(self) -> list[tuple[FarlanthiaAction, Fraction]]:
        phase = self.course.phase
        if phase is Phase.SETUP:
            share = Fraction(1, MAP_SEEDS)
            return [(MapSeed(seed), share) for seed in range(1, MAP_SEEDS + 1)]
        if phase is Phase.LEADERSHIP:
            return list(_leadership_outcomes())
        if phase is Phase.DRAFT:
            return [(DrawTile(kind), share) for kind, share in self.tiles.pile_shares()]
        battle, top = self.pending.battle, self.pending.top()
        if battle is not None:
            return battle.chance_outcomes()
        if top is not None and top.ask in CHANCE_ASKS:
            return frame_outcomes(self, top)
        raise IllegalAction(f"farlanthia: chance does not act now (phase {phase.name})")

    def _allows(self, seat: int, action: FarlanthiaAction) -> bool:
        """Whether a seat that may act may take ``action``, without its whole list if possible."""
        pending = self.pending
        if self.course.phase is Phase.DRAFT and isinstance(action, PlaceTile):
            terrain, radius = self.tiles.terrain, self.rules.map_radius
            return may_place(terrain, self.players, radius, seat, action.tile)
        if self.course.phase is Phase.DRAFT or pending.battle is not None or pending.frames:
            return action in self.legal_actions(seat)
        return phase_allows(self, seat, action)

    def legal_actions(self, seat: int) -> list[FarlanthiaAction]:
        if seat == CHANCE or seat not in self.to_act():
            return []
        if self.course.phase is Phase.DRAFT:
            places = legal_places(self.tiles.terrain, self.players, self.rules.map_radius, seat)
            return [PlaceTile(tile) for tile in places]
        battle, top = self.pending.battle, self.pending.top()
        if battle is not None:
            return combat.choices(self, battle)
        if top is not None:
            return frame_actions(self, top)
        return phase_actions(self, seat)

    def apply(self, seat: int, action: FarlanthiaAction) -> None:
        self.check_can_act(seat)
        if seat == CHANCE:
            if not any(action == outcome for outcome, _ in self.chance_outcomes()):
                raise IllegalAction(f"farlanthia: {action!r} is not a chance outcome now")
            self._apply_chance(action)
        else:
            if not self._allows(seat, action):
                raise IllegalAction(
                    f"farlanthia: {action!r} is not legal for seat {seat} in phase "
                    f"{self.course.phase.name}, season {self.course.season + 1}"
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
        top = self.pending.top()
        if isinstance(action, DrawCard) and top is not None:
            return (
                top.ask is Ask.DRAW_ADVENTURE
                and viewer != top.seat
                and cards.goes_to_hand(action.card, top.seat)
            )
        return False

    def clone(self) -> Self:
        """A copy for search that shares the rules, the geometry and every tuple."""
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        other.tiles = self.tiles.copy()
        other.decks = self.decks.copy()
        other.realms = [replace(realm, resources=list(realm.resources)) for realm in self.realms]
        other.seasonal = [replace(season) for season in self.seasonal]
        other.diplomacy = self.diplomacy.copy()
        other.course = self.course.copy()
        other.pending = self.pending.copy()
        return other

    def default_action(self, seat: int) -> FarlanthiaAction:
        """Done when allowed: the choice that spends nothing."""
        legal = self.legal_actions(seat)
        return Done() if Done() in legal else legal[0]

    def observation(self, seat: int) -> farlanthia_pb2.Observation:
        return observe(self, seat)

    def is_terminal(self) -> bool:
        return self.course.phase is Phase.OVER

    def outcome(self) -> list[SeatOutcome]:
        """Living realms by renown, then valor + honor; fallen realms after, latest first."""
        keys = [self._rank_key(seat) for seat in range(self.players)]
        result = []
        for seat in range(self.players):
            rank = 1 + sum(other > keys[seat] for other in keys)
            realm = self.realms[seat]
            titles: tuple[str, ...] = () if realm.alive else ("eliminated",)
            if seat == self.course.winner:
                titles = ("last capitol standing",)
            result.append(SeatOutcome(float(realm.score()), rank, titles))
        return result

    def _rank_key(self, seat: int) -> tuple[int, int]:
        realm = self.realms[seat]
        if realm.alive:
            return (1, realm.score())
        return (0, realm.eliminated_order)

    def canonical(self) -> bytes:
        """Every part, in the order of the engine's first version (digests stay as recorded)."""
        tiles, course, pending, diplomacy = self.tiles, self.course, self.pending, self.diplomacy
        battle, kept = pending.battle, kept_reprs(self)
        fields = (
            self.rules,
            tuple(kept.of(slot, part) for slot, part in enumerate(tiles.key())),
            tiles.drawn_tile,
            tiles.terrain_left,
            [realm.key() for realm in self.realms],
            [season.key() for season in self.seasonal],
            course.season,
            int(course.phase),
            course.order,
            course.turn,
            course.to_roll,
            pending.frames,
            None if battle is None else battle.key(),
            course.ending_turn,
            (course.scout_free, course.scout_extra, course.scout_die_used, course.scout_frontier),
            course.scout_count,
            course.hero_done,
            course.produced,
            course.requisitioned,
            course.active,
            course.caravan_taken,
            diplomacy.truces,
            diplomacy.attacked,
            diplomacy.last_trade,
            diplomacy.last_legality,
            diplomacy.last_forced,
            diplomacy.attacked_before,
            diplomacy.trade_before,
            diplomacy.legality_before,
            diplomacy.forced_before,
            self.decks.key(),
            course.eliminations,
            course.winner,
        )
        return repr(fields).encode()

    def render(self) -> str:
        return render_text(self)

    def render_svg(self) -> str:
        return render_svg(self)

    def describe(self, seat: int, action: FarlanthiaAction) -> str:
        return describe(self, seat, action)

    # -- the turn machine ------------------------------------------------------

    def _apply_chance(self, action: FarlanthiaAction) -> None:
        battle = self.pending.battle
        if isinstance(action, MapSeed):
            seasons.lay_map(self, action.seed)
        elif isinstance(action, LeadershipRoll):
            seasons.leadership_roll(self, action.dice)
        elif isinstance(action, DrawTile):
            self.tiles.draw(action.terrain)
        elif battle is not None:
            battle.roll(action)
        else:
            apply_chance_frame(self, self.pending.pop(), action)

    def _apply_decision(self, seat: int, action: FarlanthiaAction) -> None:
        battle = self.pending.battle
        if isinstance(action, PlaceTile):
            seasons.place_tile(self, action.tile)
        elif battle is not None:
            combat.decide(self, battle, seat, action)
        elif self.pending.frames:
            apply_frame(self, self.pending.pop(), action)
        else:
            apply_phase_action(self, seat, action)

    def _settle(self) -> None:
        """Take every forced step, so the next question is a real one."""
        while self.course.phase not in (Phase.OVER, Phase.SETUP, Phase.LEADERSHIP, Phase.DRAFT):
            battle, top = self.pending.battle, self.pending.top()
            if battle is not None:
                stepped = combat.settle(self, battle)
            elif top is not None:
                stepped = self._settle_frame(top)
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
                apply_frame(self, self.pending.pop(), legal[0])
                return True
            lapses = not legal
        if lapses:
            self.pending.pop()
        return lapses

    def _settle_turn(self) -> bool:
        """Move on, produce, or end a turn with nothing left to choose; return whether it did."""
        course = self.course
        if course.ending_turn:
            seasons.advance(self)
        elif course.phase is Phase.REALM and not course.produced:
            self.produce(self.current)
        elif not has_choice(self, self.current):
            seasons.end_turn(self)
        else:
            return False
        return True

    def produce(self, seat: int) -> None:
        """Realm phase income, harvest and bandits' toll (economy.py)."""
        economy.produce(self.tiles, self.lord(seat))
        self.course.mark_produced()
