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


def title_for(score: int) -> str:
    """The rule text's title for a score."""
    return next((name for least, name in TITLES if score >= least), "Child of Dice")


class Land6State(State[Land6Action]):
    """A LAND 6 game: the board, the dice, the cubes and where the turn stands."""

    not_in_canonical = frozenset({"board"})
    """The board is made from ``placements``."""

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
            return [(Roll(value), Fraction(1, 6)) for value in range(1, 7)]
        raise IllegalAction(f"land6: chance does not act in phase {self.phase.name}")

    def legal_actions(self, seat: int) -> list[Land6Action]:
        if seat != 0 or self.to_act() != (0,):
            return []
        if self.phase is Phase.ACTION:
            return self._action_window()
        if self.phase is Phase.THROW:
            return [Accept(), *self._throw_rerolls(), *self._die_rerolls()]
        if self.phase is Phase.CHOOSE_CUBE:
            return [RemoveCube(tile) for tile in sorted(self.cubes)]
        return [HurtCityDie(square) for square in self.city_dice()]

    def apply(self, seat: int, action: Land6Action) -> None:
        self.check_can_act(seat)
        if seat == CHANCE:
            if action not in [outcome for outcome, _ in self.chance_outcomes()]:
                raise IllegalAction(f"land6: {action!r} is not a chance outcome now")
            self._apply_chance(action)
        else:
            if action not in self.legal_actions(seat):
                raise IllegalAction(
                    f"land6: {action!r} is not legal in phase {self.phase.name}, turn {self.turn}"
                )
            self._apply_decision(action)
        self._settle()

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
        board = self.board
        return sorted(square for square in self.dice if board.kind(square) is kind)

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
        placed = {p[0] for p in self.placements if p is not None}
        tiles = [tile for tile in MIDDLE_TILES if tile not in placed]
        rotations = (0,) if self.rules.fixed_tile_orientation else (0, 1, 2, 3)
        chance = Fraction(1, len(tiles) * len(rotations))
        return [(PlaceTile(slot, tile, turn), chance) for tile in tiles for turn in rotations]

    def _action_window(self) -> list[Land6Action]:
        main = [*self._deploys(), *self._moves(), *self._feeds(), *self._fights()]
        skip: list[Land6Action] = [Skip()] if self.extra_action or not main else []
        return [*main, *self._die_rerolls(), *skip]

    def _deploys(self) -> list[Land6Action]:
        board = self.laid_board()
        payers = self.city_dice()
        if len(self.dice) >= ARMY_SIZE or not payers:
            return []
        targets = sorted(
            {n for city in payers for n in board.neighbours[city] if n not in self.dice}
        )
        return [Deploy(payer, target) for payer in payers for target in targets]

    def _moves(self) -> list[Land6Action]:
        board = self.laid_board()
        steps = [
            (die, target)
            for die in sorted(self.dice)
            for target in board.neighbours[die]
            if target not in self.dice
        ]
        return [
            Move(payer, die, target)
            for payer in self.city_dice()
            for die, target in sorted(steps)
            if die != payer
        ]

    def _feeds(self) -> list[Land6Action]:
        board = self.laid_board()
        payers = self.dice_on(Kind.FIELD)
        if self.rules.difficulty is Difficulty.HARD:  # LAND6-09
            payers = [p for p in payers if board.tile(p) not in self.cubes]
        return [Feed(payer) for payer in payers]

    def _fights(self) -> list[Land6Action]:
        if not self.cubes:  # LAND6-06: nothing to fight
            return []
        return [Fight(payer) for payer in self.dice_on(Kind.FOREST)]

    def _die_rerolls(self) -> list[Land6Action]:
        return [
            RerollDie(sea, target)
            for sea in self.dice_on(Kind.SEA)
            for target in sorted(self.dice)
            if not self.dice[target].rerolled and (target != sea or self.dice[sea].value > 1)
        ]

    def _throw_rerolls(self) -> list[Land6Action]:
        if self.throw_rerolled:
            return []
        return [RerollThrow(sea) for sea in self.dice_on(Kind.SEA)]

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
        self.dice = {square: Die(die.value) for square, die in self.dice.items()}
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
            if self.phase is Phase.ACTION and self._action_window() == [Skip()]:
                self._end_player_phase()
            elif self.phase is Phase.THROW and self.legal_actions(0) == [Accept()]:
                self._resolve_throw()
            elif self.phase is Phase.CHOOSE_CUBE and len(self.cubes) == 1:
                self._remove_cube(next(iter(self.cubes)))
            elif self.phase is Phase.CHOOSE_CITY_DIE and len(self.city_dice()) == 1:
                self._lose_point(self.city_dice()[0])
                self._end_cubes_phase()
            else:
                return
