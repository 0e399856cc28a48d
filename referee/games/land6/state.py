"""One position of LAND 6 and the turn sequence of rules v1.3.

A turn is the Lord of the Dice's action (seat 0), then the Lord of the
Cubes' action, which chance plays by throwing the action die. The sea
action may come "at any moment": we offer it in every action window and
after every throw of the action die, before the throw takes effect
(LAND6-11). Decisions with a single possible answer (accept a throw when
no sea die could reroll it, the only cube to remove, the only city die to
hurt, skip when nothing is possible) are taken by the engine, so a bot is
asked only real questions.

This module is long because it is the whole turn sequence; the board is in
board.py, the options in rules.py.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import NamedTuple, Self

from referee.engine import CHANCE, SeatOutcome, State
from referee.errors import IllegalAction
from referee.games.land6.actions import (
    Accept,
    Deploy,
    Feed,
    Fight,
    HurtCityDie,
    Land6Action,
    Move,
    PlaceTile,
    RemoveCube,
    RerollDie,
    RerollThrow,
    Roll,
    Skip,
)
from referee.games.land6.board import (
    ENEMY_ROTATION,
    ENEMY_TILE,
    HOME_ROTATION,
    HOME_TILE,
    MIDDLE_SLOTS,
    MIDDLE_TILES,
    Board,
    Kind,
    Placement,
    make_board,
)
from referee.games.land6.rules import Difficulty, Rules
from sdk.pb.landgrave.games.land6.v1 import land6_pb2

MAX_VALUE = 6
"""A die's highest value; feeding stops there (LAND6-07)."""
ARMY_SIZE = 6
"""Six dice and six cubes."""
WIN_VALUE = 3
"""The least value of a die that conquers tile 6's city."""
TITLES = (
    (100, "God of Dice"),
    (80, "Lord of Dice"),
    (50, "Master of Dice"),
    (20, "Warrior of Dice"),
)


class Phase(enum.IntEnum):
    """What the game waits for; the values match the proto's Phase."""

    SETUP = 1
    """Chance lays tiles 2-5."""
    ACTION = 2
    """The Lord of the Dice chooses an action or a sea reroll."""
    THROW = 3
    """The action die was thrown: reroll it or a board die with a sea die, or accept."""
    CHOOSE_CUBE = 4
    """A fight of 4-6: the player picks the cube to remove."""
    CHOOSE_CITY_DIE = 5
    """The Lord of the Cubes hurts a city die of the player's choice."""
    ROLLING = 6
    """Chance throws a die."""
    OVER = 7


class Rolling(enum.IntEnum):
    """Which die chance is throwing in Phase.ROLLING."""

    NONE = 0
    FIGHT = 1
    """The action die, for a fight."""
    CUBES = 2
    """The action die, for the Lord of the Cubes."""
    REROLL_THROW = 3
    """The action die again, after a sea action."""
    REROLL_DIE = 4
    """A board die, after a sea action."""


class Purpose(enum.IntEnum):
    """What a thrown action die decides; the values match the proto's ThrowPurpose."""

    NONE = 0
    FIGHT = 1
    CUBES = 2


class Ending(enum.IntEnum):
    """How a game ended; the values match the proto's Ending."""

    CITY_CONQUERED = 1
    """A die of 3 or more on tile 6's city and no cube on tile 6: won."""
    CUBES_DEPLOYED = 2
    """All six cubes on the board: lost."""
    CITIES_LOST = 3
    """No die on a city at the end of a phase: lost."""
    TURN_LIMIT = 4
    """The turn limit passed (LAND6-16): lost."""


ENDING_WORDS = {
    Ending.CITY_CONQUERED: "city conquered",
    Ending.CUBES_DEPLOYED: "cubes deployed",
    Ending.CITIES_LOST: "cities lost",
    Ending.TURN_LIMIT: "turn limit",
}


@dataclass(frozen=True)
class Die:
    """An army die on the board."""

    value: int
    """1 to 6; a die that would reach 0 leaves the board."""
    rerolled: bool = False
    """Rerolled by a sea action this turn: its new value is final (LAND6-12)."""


ROLL_VALUES = (1, 2, 3, 4, 5, 6)
ROLLS: tuple[tuple[Land6Action, Fraction], ...] = tuple(
    (Roll(value), Fraction(1, 6)) for value in ROLL_VALUES
)
"""A die's outcomes, made once: chance throws one most steps of a game."""


@cache
def _tile_outcomes(
    slot: int, placed: frozenset[int], fixed: bool
) -> tuple[tuple[Land6Action, Fraction], ...]:
    """Chance's tile layings for the next middle slot, given the tiles already laid."""
    tiles = [tile for tile in MIDDLE_TILES if tile not in placed]
    rotations = (0,) if fixed else (0, 1, 2, 3)
    chance = Fraction(1, len(tiles) * len(rotations))
    return tuple((PlaceTile(slot, tile, turn), chance) for tile in tiles for turn in rotations)


SKIP = Skip()
ACCEPT = Accept()


class _Army(NamedTuple):
    """Where the dice stand, sorted: every square, then by kind of square."""

    squares: list[int]
    cities: list[int]
    seas: list[int]
    fields: list[int]
    forests: list[int]


@cache
def _deploy(payer: int, target: int) -> Deploy:
    """Shared action objects for the long legal lists: cheaper to find than to build."""
    return Deploy(payer, target)


@cache
def _move(payer: int, die: int, target: int) -> Move:
    return Move(payer, die, target)


@cache
def _reroll_die(sea: int, target: int) -> RerollDie:
    return RerollDie(sea, target)


def title_for(score: int) -> str:
    """The rule text's title for a score."""
    return next((name for least, name in TITLES if score >= least), "Child of Dice")


class Land6State(State[Land6Action]):
    """A LAND 6 game: the board, the dice, the cubes and where the turn stands."""

    not_in_canonical = frozenset({"board", "_remembered"})
    """The board is made from ``placements``; ``_remembered`` is a legal list kept
    with everything it was worked out from."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.placements: list[Placement | None] = [None] * 6
        self.placements[0] = (HOME_TILE, HOME_ROTATION)
        self.placements[5] = (ENEMY_TILE, ENEMY_ROTATION)
        self.board: Board | None = None
        self.dice: dict[int, Die] = {}
        """By square."""
        self.cubes: set[int] = set()
        """The tiles holding a cube (one at most each)."""
        self.phase = Phase.SETUP
        self.rolling = Rolling.NONE
        self.reroll_target = -1
        self.throw_purpose = Purpose.NONE
        self.throw_value = 0
        self.throw_rerolled = False
        self.fighter = -1
        """The square of the die fighting now, -1 if none (LAND6-08)."""
        self.extra_action = False
        """The current action window is the extra one of a fight of 5-6."""
        self.extra_earned = False
        """A fight of 5-6 waits for its cube choice before the extra action."""
        self.turn = 0
        self.ending: Ending | None = None
        self._remembered: tuple[tuple[object, ...], list[Land6Action]] | None = None
        """The last action window or throw choice and what it was worked out from:
        a turn asks for it up to three times (settling, the bot, the check)."""

    # -- the contract --------------------------------------------------------

    @property
    def num_players(self) -> int:
        return 1

    def to_act(self) -> tuple[int, ...]:
        if self.phase is Phase.OVER:
            return ()
        if self.phase in (Phase.SETUP, Phase.ROLLING):
            return (CHANCE,)
        return (0,)

    def chance_outcomes(self) -> list[tuple[Land6Action, Fraction]]:
        if self.phase is Phase.SETUP:
            return self._tile_outcomes()
        if self.phase is Phase.ROLLING:
            return list(ROLLS)
        raise IllegalAction(f"land6: chance does not act in phase {self.phase.name}")

    def legal_actions(self, seat: int) -> list[Land6Action]:
        if seat != 0 or self.to_act() != (0,):
            return []
        if self.phase in (Phase.ACTION, Phase.THROW):
            return list(self._choices())
        if self.phase is Phase.CHOOSE_CUBE:
            return [RemoveCube(tile) for tile in sorted(self.cubes)]
        return [HurtCityDie(square) for square in self.city_dice()]

    def apply(self, seat: int, action: Land6Action) -> None:
        self.check_can_act(seat)
        if seat == CHANCE:
            if not self._is_chance_outcome(action):
                raise IllegalAction(f"land6: {action!r} is not a chance outcome now")
            self._apply_chance(action)
        else:
            asked = self.phase in (Phase.ACTION, Phase.THROW)
            if action not in (self._choices() if asked else self.legal_actions(seat)):
                raise IllegalAction(
                    f"land6: {action!r} is not legal in phase {self.phase.name}, turn {self.turn}"
                )
            self._apply_decision(action)
        self._settle()

    def _is_chance_outcome(self, action: Land6Action) -> bool:
        """Whether ``action`` is one of ``chance_outcomes()``; a die roll in one look."""
        if self.phase is Phase.ROLLING:
            return type(action) is Roll and action.value in ROLL_VALUES
        return action in [outcome for outcome, _ in self.chance_outcomes()]

    def clone(self) -> Self:
        """A copy for search: the rules, the laid board and the dice (all frozen) shared."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.placements = list(self.placements)
        twin.dice = dict(self.dice)
        twin.cubes = set(self.cubes)
        return twin

    def default_action(self, seat: int) -> Land6Action:
        """Skip or accept when allowed: the choice that spends nothing."""
        legal = self.legal_actions(seat)
        for neutral in (Skip(), Accept()):
            if neutral in legal:
                return neutral
        return legal[0]

    def observation(self, seat: int) -> land6_pb2.Observation:
        from referee.games.land6.observation import observe

        return observe(self, seat)

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def outcome(self) -> list[SeatOutcome]:
        """Rank 1 always (one seat); the score; titles say the rank title and won or lost."""
        score = self.score()
        if self.ending is None:
            return [SeatOutcome(score, 1, (title_for(score), "in progress"))]
        result = "won" if self.ending is Ending.CITY_CONQUERED else "lost"
        return [SeatOutcome(score, 1, (title_for(score), result, ENDING_WORDS[self.ending]))]

    def canonical(self) -> bytes:
        fields = (
            self.rules,
            tuple(self.placements),
            tuple(sorted((square, die.value, die.rerolled) for square, die in self.dice.items())),
            tuple(sorted(self.cubes)),
            int(self.phase),
            int(self.rolling),
            self.reroll_target,
            int(self.throw_purpose),
            self.throw_value,
            self.throw_rerolled,
            self.fighter,
            self.extra_action,
            self.extra_earned,
            self.turn,
            0 if self.ending is None else int(self.ending),
        )
        return repr(fields).encode()

    def render(self) -> str:
        from referee.games.land6.render import render_text

        return render_text(self)

    def render_svg(self) -> str:
        from referee.games.land6.svg import render_svg

        return render_svg(self)

    def describe(self, seat: int, action: Land6Action) -> str:
        from referee.games.land6.describe import describe

        return describe(self, seat, action)

    # -- questions -----------------------------------------------------------

    @property
    def won(self) -> bool:
        return self.ending is Ending.CITY_CONQUERED

    def laid_board(self) -> Board:
        """The board; only valid after setup."""
        if self.board is None:
            raise IllegalAction("land6: the board is not laid yet")
        return self.board

    def dice_on(self, kind: Kind) -> list[int]:
        """The squares of the dice on squares of a kind, sorted."""
        if self.board is None:
            return []
        kinds = self.board.kinds
        return sorted(square for square in self.dice if kinds[square] is kind)

    def city_dice(self) -> list[int]:
        return self.dice_on(Kind.CITY)

    def score(self) -> int:
        """Sum of the city dice times their number (rule text, END OF THE GAME)."""
        values = [self.dice[square].value for square in self.city_dice()]
        return sum(values) * len(values)

    def deploy_value(self) -> int:
        """A new die's value: 6 minus the cubes on the board."""
        return MAX_VALUE - len(self.cubes)

    # -- legal lists ---------------------------------------------------------

    def _tile_outcomes(self) -> list[tuple[Land6Action, Fraction]]:
        slot = next(s for s in MIDDLE_SLOTS if self.placements[s] is None)
        placed = frozenset(p[0] for p in self.placements if p is not None)
        return list(_tile_outcomes(slot, placed, self.rules.fixed_tile_orientation))

    def _army(self) -> _Army:
        """The dice's squares, sorted, and split by the kind of square they stand on."""
        kinds = self.laid_board().kinds
        squares = sorted(self.dice)
        army = _Army(squares, [], [], [], [])
        lists = {Kind.CITY: army.cities, Kind.SEA: army.seas}
        lists |= {Kind.FIELD: army.fields, Kind.FOREST: army.forests}
        for square in squares:
            lists[kinds[square]].append(square)
        return army

    def _choices(self) -> list[Land6Action]:
        """The legal list in an action window or after a throw (do not change it).

        Worked out once per position: it is kept with every value it reads
        (compared by identity first, so an unchanged position costs a few looks),
        and anything that changes one of them, by play or by hand, misses.
        """
        inputs = (
            self.phase,
            self.extra_action,
            self.throw_rerolled,
            self.board,
            self.rules,
            tuple(self.dice.items()),
            tuple(self.cubes),
        )
        remembered = self._remembered
        if remembered is not None and remembered[0] == inputs:
            return remembered[1]
        if self.phase is Phase.ACTION:
            choices = self._action_window()
        else:
            army = self._army()
            choices = [ACCEPT, *self._throw_rerolls(army), *self._die_rerolls(army)]
        self._remembered = (inputs, choices)
        return choices

    def _action_window(self) -> list[Land6Action]:
        army = self._army()
        main = [*self._deploys(army), *self._moves(army), *self._feeds(army), *self._fights(army)]
        skip: list[Land6Action] = [SKIP] if self.extra_action or not main else []
        return [*main, *self._die_rerolls(army), *skip]

    def _deploys(self, army: _Army) -> list[Land6Action]:
        neighbours, dice, payers = self.laid_board().neighbours, self.dice, army.cities
        if len(dice) >= ARMY_SIZE or not payers:
            return []
        targets = sorted({n for city in payers for n in neighbours[city] if n not in dice})
        return [_deploy(payer, target) for payer in payers for target in targets]

    def _moves(self, army: _Army) -> list[Land6Action]:
        neighbours, dice = self.laid_board().neighbours, self.dice
        steps = sorted(
            (die, target)
            for die in army.squares
            for target in neighbours[die]
            if target not in dice
        )
        return [
            _move(payer, die, target)
            for payer in army.cities
            for die, target in steps
            if die != payer
        ]

    def _feeds(self, army: _Army) -> list[Land6Action]:
        board = self.laid_board()
        payers = army.fields
        if self.rules.difficulty is Difficulty.HARD:  # LAND6-09
            payers = [p for p in payers if board.tile(p) not in self.cubes]
        return [Feed(payer) for payer in payers]

    def _fights(self, army: _Army) -> list[Land6Action]:
        if not self.cubes:  # LAND6-06: nothing to fight
            return []
        return [Fight(payer) for payer in army.forests]

    def _die_rerolls(self, army: _Army) -> list[Land6Action]:
        dice = self.dice
        return [
            _reroll_die(sea, target)
            for sea in army.seas
            for target in army.squares
            if not dice[target].rerolled and (target != sea or dice[sea].value > 1)
        ]

    def _throw_rerolls(self, army: _Army) -> list[Land6Action]:
        if self.throw_rerolled:
            return []
        return [RerollThrow(sea) for sea in army.seas]

    # -- applying ------------------------------------------------------------

    def _apply_chance(self, action: Land6Action) -> None:
        if isinstance(action, PlaceTile):
            self._place_tile(action)
        elif isinstance(action, Roll):
            self._roll(action.value)

    def _apply_decision(self, action: Land6Action) -> None:
        match action:
            case Deploy(payer, target):
                self._lose_point(payer)
                self.dice[target] = Die(self.deploy_value())
                self._end_player_phase()
            case Move(payer, die, target):
                self._move(payer, die, target)
            case Feed(payer):
                self._feed(payer)
            case Fight(payer):
                self._lose_point(payer)
                self.fighter = payer if payer in self.dice else -1
                self._start_roll(Rolling.FIGHT)
            case RerollDie(sea, target):
                self._lose_point(sea)
                self.dice[target] = Die(self.dice[target].value, rerolled=True)
                self.reroll_target = target
                self._start_roll(Rolling.REROLL_DIE)
            case RerollThrow(sea):
                self._lose_point(sea)
                self.throw_rerolled = True
                self._start_roll(Rolling.REROLL_THROW)
            case Accept():
                self._resolve_throw()
            case Skip():
                self._end_player_phase()
            case RemoveCube(tile):
                self._remove_cube(tile)
            case HurtCityDie(square):
                self._lose_point(square)
                self._end_cubes_phase()

    def _place_tile(self, action: PlaceTile) -> None:
        self.placements[action.slot] = (action.tile, action.rotation)
        if any(p is None for p in self.placements):
            return
        placements = tuple(p for p in self.placements if p is not None)
        self.board = make_board(self.rules.layout, placements)
        self.dice[self.board.home_city] = Die(MAX_VALUE)
        if self.rules.difficulty is not Difficulty.EASY:
            self.cubes.add(ENEMY_TILE)
        self.turn = 1
        self._start_player_phase()

    def _roll(self, value: int) -> None:
        rolling, self.rolling = self.rolling, Rolling.NONE
        if rolling is Rolling.REROLL_DIE:
            self.dice[self.reroll_target] = Die(value, rerolled=True)
            self.reroll_target = -1
            self.phase = Phase.THROW if self.throw_purpose is not Purpose.NONE else Phase.ACTION
            return
        if rolling is Rolling.FIGHT:
            self.throw_purpose, self.throw_rerolled = Purpose.FIGHT, False
        elif rolling is Rolling.CUBES:
            self.throw_purpose, self.throw_rerolled = Purpose.CUBES, False
        self.throw_value = value
        self.phase = Phase.THROW

    def _start_roll(self, rolling: Rolling) -> None:
        self.rolling = rolling
        self.phase = Phase.ROLLING

    def _lose_point(self, square: int) -> None:
        """A die loses a point; at 0 it leaves the board (and may be deployed again)."""
        die = self.dice[square]
        if die.value <= 1:
            del self.dice[square]
        else:
            self.dice[square] = Die(die.value - 1, die.rerolled)

    def _move(self, payer: int, die: int, target: int) -> None:
        self._lose_point(payer)
        self.dice[target] = self.dice.pop(die)
        if len(self.city_dice()) >= 2:  # LAND6-05: counted after the move
            self._lose_point(target)
        self._end_player_phase()

    def _feed(self, payer: int) -> None:
        self._lose_point(payer)
        board = self.laid_board()
        for square, die in self.dice.items():
            if board.kind(square) is not Kind.FIELD:
                self.dice[square] = Die(min(MAX_VALUE, die.value + 1), die.rerolled)
        self._end_player_phase()

    def _remove_cube(self, tile: int) -> None:
        self.cubes.discard(tile)
        if self.extra_earned:
            self.extra_earned = False
            self.phase, self.extra_action = Phase.ACTION, True
        else:
            self._end_player_phase()

    def _resolve_throw(self) -> None:
        value, purpose = self.throw_value, self.throw_purpose
        self.throw_purpose, self.throw_value, self.throw_rerolled = Purpose.NONE, 0, False
        if purpose is Purpose.FIGHT:
            self._resolve_fight(value)
        else:
            self._resolve_cubes(value)

    def _resolve_fight(self, value: int) -> None:
        """The combat table: 5-6 remove a cube and act again, 4 remove one, 1 hurts."""
        fighter, self.fighter = self.fighter, -1
        if value >= 4:
            self.extra_earned = value >= 5
            self.phase = Phase.CHOOSE_CUBE
            return
        if value == 1 and fighter in self.dice:  # LAND6-08
            self._lose_point(fighter)
        self._end_player_phase()

    def _resolve_cubes(self, tile: int) -> None:
        """The Lord of the Cubes' action on the tile the action die names."""
        board = self.laid_board()
        if tile not in self.cubes:
            self.cubes.add(tile)
            if len(self.cubes) >= ARMY_SIZE:
                self._finish(Ending.CUBES_DEPLOYED)
                return
            self._end_cubes_phase()
            return
        hurt = [square for square in board.tile_squares(tile) if square in self.dice]
        if hurt:
            for square in hurt:
                self._lose_point(square)
        elif self.city_dice():
            self.phase = Phase.CHOOSE_CITY_DIE
            return
        self._end_cubes_phase()

    # -- phases --------------------------------------------------------------

    def _start_player_phase(self) -> None:
        self.dice = {
            square: Die(die.value) if die.rerolled else die for square, die in self.dice.items()
        }
        self.phase, self.extra_action = Phase.ACTION, False

    def _end_player_phase(self) -> None:
        self.extra_action = False
        if self._check_win():
            return
        if not self.city_dice():
            self._finish(Ending.CITIES_LOST)
            return
        self._start_roll(Rolling.CUBES)

    def _end_cubes_phase(self) -> None:
        if self._check_win():
            return
        if not self.city_dice():
            self._finish(Ending.CITIES_LOST)
            return
        self.turn += 1
        if self.rules.turn_limit and self.turn > self.rules.turn_limit:
            self._finish(Ending.TURN_LIMIT)
            return
        self._start_player_phase()

    def _check_win(self) -> bool:
        """End the game won if tile 6's city is conquered (checked after every change)."""
        if self.board is None or self.ending is not None:
            return self.ending is Ending.CITY_CONQUERED
        die = self.dice.get(self.board.enemy_city)
        if die is None or die.value < WIN_VALUE or ENEMY_TILE in self.cubes:
            return False
        self._finish(Ending.CITY_CONQUERED)
        return True

    def _finish(self, ending: Ending) -> None:
        self.ending, self.phase = ending, Phase.OVER
        self.rolling, self.throw_purpose, self.throw_value = Rolling.NONE, Purpose.NONE, 0
        self.extra_action = self.extra_earned = False

    def _settle(self) -> None:
        """Take every forced step, so the next question is a real one."""
        while not self._check_win() and self.phase is not Phase.OVER:
            if self.phase is Phase.ACTION and self._choices() == [SKIP]:
                self._end_player_phase()
            elif self.phase is Phase.THROW and self._choices() == [ACCEPT]:
                self._resolve_throw()
            elif self.phase is Phase.CHOOSE_CUBE and len(self.cubes) == 1:
                self._remove_cube(next(iter(self.cubes)))
            elif self.phase is Phase.CHOOSE_CITY_DIE and len(self.city_dice()) == 1:
                self._lose_point(self.city_dice()[0])
                self._end_cubes_phase()
            else:
                return
