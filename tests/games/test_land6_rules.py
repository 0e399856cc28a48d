"""LAND 6's rules, one behaviour per test (docs/rules/land6.md).

Most tests lay the middle tiles unturned in order 2, 3, 4, 5, which gives
this grid (square numbers; C city, S sea, F forest, G growing field)::

    tile 1        tile 2        tile 3
    C0   S1   |   C2   S3   |   C4   S5
    F6   G7   |   F8   G9   |   F10  G11
    tile 4        tile 5        tile 6 (turned half round)
    C12  S13  |   C14  S15  |   G16  F17
    F18  G19  |   F20  G21  |   S22  C23

then put dice and cubes where a test needs them.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from referee.engine import CHANCE
from referee.errors import ConfigError, IllegalAction
from referee.games.land6 import ENGINE
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
from referee.games.land6.board import Kind, Layout
from referee.games.land6.rules import Difficulty, Rules
from referee.games.land6.state import Die, Ending, Land6State, Phase, title_for
from sdk.pb.landgrave.games.land6.v1 import land6_pb2

HOME, HOME_SEA, HOME_FOREST, HOME_FIELD = 0, 1, 6, 7
CITY2, CITY4, CITY5 = 2, 12, 14
FIELD5, SEA5 = 21, 15
ENEMY_FIELD, ENEMY_FOREST, ENEMY_SEA, ENEMY = 16, 17, 22, 23


def new_state(difficulty: Difficulty = Difficulty.EASY, **options: object) -> Land6State:
    rules = Rules(difficulty=difficulty, fixed_tile_orientation=True, **options)  # type: ignore[arg-type]
    return ENGINE.new_game(rules.to_config(), 1)


def laid(
    difficulty: Difficulty = Difficulty.EASY,
    dice: dict[int, int] | None = None,
    cubes: set[int] | None = None,
    **options: object,
) -> Land6State:
    """A game at turn 1's action, on the unturned board above, with the given dice and cubes."""
    state = new_state(difficulty, **options)
    for slot, tile in zip((1, 2, 3, 4), (2, 3, 4, 5), strict=True):
        state.apply(CHANCE, PlaceTile(slot, tile, 0))
    if dice is not None:
        state.dice = {square: Die(value) for square, value in dice.items()}
    if cubes is not None:
        state.cubes = set(cubes)
    assert state.phase is Phase.ACTION
    return state


def act(state: Land6State, *actions: Land6Action) -> None:
    for action in actions:
        state.apply(0, action)


def roll(state: Land6State, *values: int) -> None:
    for value in values:
        state.apply(CHANCE, Roll(value))


def values(state: Land6State) -> dict[int, int]:
    return {square: die.value for square, die in state.dice.items()}


# -- setup ---------------------------------------------------------------------


def test_setup_lays_tile_1_and_6_with_their_cities_in_opposite_corners() -> None:
    """LAND6-01/02: the two capitals are as far apart as each layout allows."""
    for layout, home, enemy in ((Layout.GRID, 0, 23), (Layout.STRIP, 0, 23)):
        state = laid(layout=layout)
        board = state.laid_board()
        assert (board.home_city, board.enemy_city) == (home, enemy)
        assert board.squares[enemy].tile == 6
        far = board.squares[enemy]
        assert (far.x, far.y) == (board.width - 1, board.height - 1)


def test_setup_shuffles_middle_tiles_with_random_quarter_turns() -> None:
    """LAND6-02: chance picks a remaining tile and a turn for each middle slot."""
    state = ENGINE.new_game(ENGINE.default_config(), 1)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 16
    assert {o for o, _ in outcomes} == {PlaceTile(1, t, r) for t in (2, 3, 4, 5) for r in range(4)}
    assert all(p == Fraction(1, 16) for _, p in outcomes)
    state.apply(CHANCE, PlaceTile(1, 4, 3))
    assert {o.tile for o, _ in state.chance_outcomes()} == {2, 3, 5}  # type: ignore[union-attr]


def test_fixed_orientation_only_shuffles_the_order() -> None:
    state = new_state()
    assert [o for o, _ in state.chance_outcomes()] == [PlaceTile(1, t, 0) for t in (2, 3, 4, 5)]


def test_a_quarter_turn_moves_the_city_clockwise() -> None:
    """LAND6-02: tile 2 in slot 1 turned once has its city top right."""
    state = ENGINE.new_game(ENGINE.default_config(), 1)
    for slot, (tile, turn) in zip((1, 2, 3, 4), ((2, 1), (3, 0), (4, 0), (5, 0)), strict=True):
        state.apply(CHANCE, PlaceTile(slot, tile, turn))
    board = state.laid_board()
    assert [board.kind(s) for s in (2, 3, 9, 8)] == [Kind.FOREST, Kind.CITY, Kind.SEA, Kind.FIELD]


def test_easy_starts_with_one_die_of_6_on_tile_1_city_and_no_cube() -> None:
    state = laid()
    assert values(state) == {HOME: 6}
    assert state.cubes == set()
    assert state.turn == 1


@pytest.mark.parametrize("difficulty", [Difficulty.NORMAL, Difficulty.HARD])
def test_normal_and_hard_start_with_a_cube_on_tile_6(difficulty: Difficulty) -> None:
    state = laid(difficulty)
    assert state.cubes == {6}
    assert state.deploy_value() == 5


# -- deploy --------------------------------------------------------------------


def test_deploy_pays_a_city_point_and_places_a_die_of_6_minus_cubes() -> None:
    state = laid(dice={HOME: 4}, cubes={2, 3})
    act(state, Deploy(HOME, HOME_FOREST))
    assert values(state) == {HOME: 3, HOME_FOREST: 4}


def test_deploy_targets_are_empty_squares_next_to_occupied_cities() -> None:
    state = laid(dice={HOME: 4, HOME_SEA: 2, CITY4: 3})
    deploys = {a for a in state.legal_actions(0) if isinstance(a, Deploy)}
    targets = {a.target for a in deploys}
    assert targets == {HOME_FOREST, 13, 18, 6}
    assert {a.payer for a in deploys} == {HOME, CITY4}
    with pytest.raises(IllegalAction):
        state.apply(0, Deploy(HOME, HOME_FIELD))


def test_deploy_needs_a_die_in_the_supply() -> None:
    six = {HOME: 3, HOME_SEA: 3, CITY2: 3, 3: 3, 4: 3, 5: 3}
    state = laid(dice=six)
    assert not any(isinstance(a, Deploy) for a in state.legal_actions(0))


def test_a_paying_die_of_1_leaves_the_board_and_can_be_deployed_again() -> None:
    state = laid(dice={HOME: 1, CITY4: 5})
    act(state, Deploy(HOME, HOME_FOREST))
    assert HOME not in state.dice
    assert state.dice[HOME_FOREST].value == 6


# -- move ----------------------------------------------------------------------


def test_move_pays_a_city_point_and_steps_another_die() -> None:
    state = laid(dice={HOME: 5, HOME_SEA: 4})
    act(state, Move(HOME, HOME_SEA, CITY2))
    assert values(state) == {HOME: 4, CITY2: 3}  # two cities now: the mover pays too


def test_move_with_one_city_costs_the_mover_nothing() -> None:
    state = laid(dice={HOME: 5, HOME_SEA: 4})
    act(state, Move(HOME, HOME_SEA, HOME_FIELD))
    assert values(state) == {HOME: 4, HOME_FIELD: 4}


def test_move_with_two_cities_costs_the_mover_a_point() -> None:
    """LAND6-05: counted after the move."""
    state = laid(dice={HOME: 5, CITY4: 3, HOME_SEA: 4})
    act(state, Move(HOME, HOME_SEA, HOME_FIELD))
    assert values(state) == {HOME: 4, CITY4: 3, HOME_FIELD: 3}


def test_move_counts_cities_after_a_payer_of_1_leaves() -> None:
    """LAND6-05: the payer that left does not count."""
    state = laid(dice={HOME: 1, CITY4: 3, 13: 4})
    act(state, Move(HOME, 13, 14))
    assert values(state) == {CITY4: 3, 14: 3}  # CITY4 and 14 are two cities


def test_move_is_one_orthogonal_step_to_an_empty_square_and_not_the_payer() -> None:
    state = laid(dice={HOME: 5, HOME_SEA: 4, CITY2: 2})
    moves = {a for a in state.legal_actions(0) if isinstance(a, Move)}
    assert Move(HOME, HOME_SEA, HOME_FIELD) in moves
    assert Move(HOME, HOME_SEA, CITY2) not in moves  # occupied
    assert Move(HOME, HOME_SEA, 8) not in moves  # diagonal
    assert not any(m.die == m.payer for m in moves)
    with pytest.raises(IllegalAction):
        state.apply(0, Move(HOME, HOME, HOME_FOREST))


# -- feed ----------------------------------------------------------------------


def test_feed_raises_every_die_not_on_a_field_up_to_6() -> None:
    """LAND6-07."""
    state = laid(dice={HOME: 5, HOME_SEA: 6, HOME_FIELD: 3, FIELD5: 2, HOME_FOREST: 1})
    act(state, Feed(HOME_FIELD))
    assert values(state) == {HOME: 6, HOME_SEA: 6, HOME_FIELD: 2, FIELD5: 2, HOME_FOREST: 2}


def test_hard_forbids_feeding_from_a_tile_with_a_cube() -> None:
    """LAND6-09."""
    dice = {HOME: 5, HOME_FIELD: 3, FIELD5: 3}
    hard = laid(Difficulty.HARD, dice=dice, cubes={1, 6})
    feeds = {a for a in hard.legal_actions(0) if isinstance(a, Feed)}
    assert feeds == {Feed(FIELD5)}
    with pytest.raises(IllegalAction):
        hard.apply(0, Feed(HOME_FIELD))
    normal = laid(Difficulty.NORMAL, dice=dice, cubes={1, 6})
    assert Feed(HOME_FIELD) in normal.legal_actions(0)


# -- fight and the combat table ------------------------------------------------


def fighting(cubes: set[int], forest: int = 4) -> Land6State:
    state = laid(dice={HOME: 5, HOME_FOREST: forest}, cubes=cubes)
    act(state, Fight(HOME_FOREST))
    assert state.phase is Phase.ROLLING
    return state


def test_fight_needs_a_cube_on_the_board() -> None:
    """LAND6-06."""
    state = laid(dice={HOME: 5, HOME_FOREST: 4})
    assert not any(isinstance(a, Fight) for a in state.legal_actions(0))


@pytest.mark.parametrize("value", [5, 6])
def test_combat_5_or_6_removes_a_cube_and_grants_an_extra_action(value: int) -> None:
    state = fighting({3})
    roll(state, value)
    assert state.cubes == set()
    assert state.phase is Phase.ACTION
    assert state.extra_action
    assert Skip() in state.legal_actions(0)
    assert state.dice[HOME_FOREST].value == 3


def test_combat_4_removes_a_cube_without_an_extra_action() -> None:
    state = fighting({3})
    roll(state, 4)
    assert state.cubes == set()
    assert state.phase is Phase.ROLLING  # the Lord of the Cubes throws next
    assert not state.extra_action


@pytest.mark.parametrize("value", [2, 3])
def test_combat_2_or_3_does_nothing(value: int) -> None:
    state = fighting({3})
    roll(state, value)
    assert state.cubes == {3}
    assert values(state) == {HOME: 5, HOME_FOREST: 3}
    assert state.phase is Phase.ROLLING


def test_combat_1_takes_another_point_from_the_fighting_die() -> None:
    """LAND6-08."""
    state = fighting({3})
    roll(state, 1)
    assert values(state) == {HOME: 5, HOME_FOREST: 2}
    assert state.cubes == {3}


def test_combat_1_after_the_fighter_left_the_board_hurts_nobody() -> None:
    """LAND6-08: a forest die of 1 pays, leaves, and the 1 finds no die."""
    state = fighting({3}, forest=1)
    roll(state, 1)
    assert values(state) == {HOME: 5}


def test_the_player_chooses_which_cube_a_won_fight_removes() -> None:
    state = fighting({2, 6})
    roll(state, 4)
    assert state.phase is Phase.CHOOSE_CUBE
    assert state.legal_actions(0) == [RemoveCube(2), RemoveCube(6)]
    act(state, RemoveCube(6))
    assert state.cubes == {2}


def test_the_extra_action_may_be_another_fight() -> None:
    """LAND6-10."""
    state = fighting({2, 3})
    roll(state, 6)
    act(state, RemoveCube(2), Fight(HOME_FOREST))
    roll(state, 5)
    assert state.cubes == set()
    assert state.extra_action
    act(state, Skip())
    assert state.phase is Phase.ROLLING


def test_skip_is_refused_for_a_regular_action_that_is_possible() -> None:
    """LAND6-15."""
    state = laid()
    assert Skip() not in state.legal_actions(0)
    with pytest.raises(IllegalAction):
        state.apply(0, Skip())


# -- the Lord of the Cubes -----------------------------------------------------


def cubes_throw(state: Land6State, value: int) -> None:
    """End the player's phase with a skip-free action and throw the cubes' die."""
    assert state.phase is Phase.ROLLING
    roll(state, value)


def test_cubes_place_a_cube_on_an_empty_tile() -> None:
    state = laid(dice={HOME: 6})
    act(state, Deploy(HOME, HOME_SEA))
    cubes_throw(state, 4)
    assert state.phase is Phase.THROW  # a sea die could reroll it
    act(state, Accept())
    assert state.cubes == {4}
    assert state.turn == 2


def test_cubes_on_a_tile_with_a_cube_hurt_every_die_there() -> None:
    state = laid(dice={HOME: 6, HOME_FOREST: 3, HOME_FIELD: 1}, cubes={1})
    act(state, Deploy(HOME, HOME_SEA))
    cubes_throw(state, 1)
    act(state, Accept())
    assert values(state) == {HOME: 4, HOME_SEA: 4, HOME_FOREST: 2}


def test_cubes_on_a_tile_with_a_cube_and_no_dice_hurt_a_city_die_of_the_players_choice() -> None:
    """LAND6-14."""
    state = laid(dice={HOME: 6, CITY5: 4}, cubes={3})
    act(state, Deploy(HOME, HOME_FOREST))
    cubes_throw(state, 3)
    assert state.phase is Phase.CHOOSE_CITY_DIE
    assert state.legal_actions(0) == [HurtCityDie(HOME), HurtCityDie(CITY5)]
    act(state, HurtCityDie(CITY5))
    assert values(state) == {HOME: 5, HOME_FOREST: 5, CITY5: 3}


def test_a_single_city_die_is_hurt_without_asking() -> None:
    """LAND6-18."""
    state = laid(dice={HOME: 6}, cubes={3})
    act(state, Deploy(HOME, HOME_FOREST))
    cubes_throw(state, 3)
    assert values(state) == {HOME: 4, HOME_FOREST: 5}
    assert state.phase is Phase.ACTION


# -- the sea action ------------------------------------------------------------


def test_sea_reroll_of_a_board_die_pays_a_sea_point_and_marks_the_die() -> None:
    """LAND6-11/12: a board die is rerolled once per turn."""
    state = laid(dice={HOME: 2, HOME_SEA: 4})
    act(state, RerollDie(HOME_SEA, HOME))
    assert state.phase is Phase.ROLLING
    roll(state, 5)
    assert values(state) == {HOME: 5, HOME_SEA: 3}
    assert state.phase is Phase.ACTION
    assert RerollDie(HOME_SEA, HOME) not in state.legal_actions(0)
    assert RerollDie(HOME_SEA, HOME_SEA) in state.legal_actions(0)


def test_the_reroll_mark_clears_at_the_next_turn() -> None:
    state = laid(dice={HOME: 2, HOME_SEA: 4})
    act(state, RerollDie(HOME_SEA, HOME))
    roll(state, 5)
    act(state, Deploy(HOME, HOME_FOREST))
    cubes_throw(state, 2)
    act(state, Accept())
    assert state.turn == 2
    assert RerollDie(HOME_SEA, HOME) in state.legal_actions(0)


def test_a_sea_die_of_1_cannot_reroll_itself() -> None:
    """LAND6-13."""
    state = laid(dice={HOME: 2, HOME_SEA: 1})
    rerolls = {a for a in state.legal_actions(0) if isinstance(a, RerollDie)}
    assert rerolls == {RerollDie(HOME_SEA, HOME)}


def test_sea_reroll_of_the_cubes_throw_is_final() -> None:
    """LAND6-12: the thrown die is rerolled once, then stands."""
    state = laid(dice={HOME: 6, HOME_SEA: 5})
    act(state, Deploy(HOME, HOME_FOREST))
    cubes_throw(state, 6)
    assert RerollThrow(HOME_SEA) in state.legal_actions(0)
    act(state, RerollThrow(HOME_SEA))
    roll(state, 2)
    assert state.throw_value == 2
    assert RerollThrow(HOME_SEA) not in state.legal_actions(0)
    act(state, Accept())
    assert state.cubes == {2}
    assert values(state) == {HOME: 5, HOME_SEA: 4, HOME_FOREST: 6}


def test_sea_reroll_of_a_fight_throw() -> None:
    state = laid(dice={HOME: 6, HOME_SEA: 5, HOME_FOREST: 3}, cubes={4})
    act(state, Fight(HOME_FOREST))
    roll(state, 1)
    assert state.legal_actions(0) == [
        Accept(),
        RerollThrow(HOME_SEA),
        RerollDie(HOME_SEA, HOME),
        RerollDie(HOME_SEA, HOME_SEA),
        RerollDie(HOME_SEA, HOME_FOREST),
    ]
    act(state, RerollThrow(HOME_SEA))
    roll(state, 4)
    act(state, Accept())
    assert state.cubes == set()


def test_a_board_die_can_be_rerolled_before_the_cubes_throw_takes_effect() -> None:
    """LAND6-11: save a die of 1 on the tile about to be hurt."""
    state = laid(dice={HOME: 6, 3: 5, HOME_FOREST: 1}, cubes={1})
    act(state, Deploy(HOME, HOME_SEA))
    cubes_throw(state, 1)
    act(state, RerollDie(3, HOME_FOREST))
    roll(state, 6)
    act(state, Accept())
    assert values(state) == {HOME: 4, HOME_SEA: 4, HOME_FOREST: 5, 3: 4}


def test_without_a_sea_die_the_throw_is_accepted_by_the_engine() -> None:
    """LAND6-18."""
    state = laid(dice={HOME: 6})
    act(state, Deploy(HOME, HOME_FOREST))
    cubes_throw(state, 5)
    assert state.cubes == {5}
    assert state.phase is Phase.ACTION


# -- endings -------------------------------------------------------------------


def test_a_die_of_3_moving_onto_tile_6_city_wins_at_once() -> None:
    state = laid(dice={HOME: 5, ENEMY_SEA: 5})
    act(state, Move(HOME, ENEMY_SEA, ENEMY))
    assert state.is_terminal()
    assert state.ending is Ending.CITY_CONQUERED
    assert values(state) == {HOME: 4, ENEMY: 4}
    assert state.outcome()[0].titles == ("Child of Dice", "won", "city conquered")
    assert state.outcome()[0].score == 16
    assert state.outcome()[0].rank == 1


def test_a_die_below_3_on_tile_6_city_does_not_win_until_fed() -> None:
    state = laid(dice={HOME: 5, ENEMY_SEA: 3, ENEMY_FIELD: 2})
    act(state, Move(HOME, ENEMY_SEA, ENEMY))
    assert not state.is_terminal()
    assert state.dice[ENEMY].value == 2
    roll(state, 1)  # the Lord of the Cubes places a cube on tile 1
    act(state, Feed(ENEMY_FIELD))
    assert state.won


def test_a_cube_on_tile_6_blocks_the_win_until_fought_off() -> None:
    state = laid(Difficulty.NORMAL, dice={HOME: 5, ENEMY: 4, ENEMY_FOREST: 3})
    assert not state.is_terminal()
    act(state, Fight(ENEMY_FOREST))
    roll(state, 4)
    assert state.won


def test_a_sea_reroll_on_tile_6_city_can_win() -> None:
    state = laid(dice={HOME: 5, ENEMY: 1, ENEMY_SEA: 3})
    act(state, RerollDie(ENEMY_SEA, ENEMY))
    roll(state, 3)
    assert state.won


def test_the_sixth_cube_loses_the_game() -> None:
    state = laid(dice={HOME: 6}, cubes={1, 2, 3, 4, 5})
    act(state, Deploy(HOME, HOME_FOREST))
    cubes_throw(state, 6)
    assert state.ending is Ending.CUBES_DEPLOYED
    assert state.outcome()[0].titles == ("Child of Dice", "lost", "cubes deployed")


def test_no_city_die_at_the_end_of_the_players_phase_loses() -> None:
    state = laid(dice={HOME: 1, HOME_SEA: 3})
    act(state, Move(HOME, HOME_SEA, HOME_FIELD))
    assert state.ending is Ending.CITIES_LOST
    assert state.outcome()[0].score == 0


def test_no_city_die_at_the_end_of_the_cubes_phase_loses() -> None:
    state = laid(dice={HOME: 2}, cubes={1})
    act(state, Deploy(HOME, HOME_FOREST))
    cubes_throw(state, 1)
    assert state.ending is Ending.CITIES_LOST


def test_the_turn_limit_ends_the_game_lost() -> None:
    """LAND6-16."""
    state = laid(dice={HOME: 6}, turn_limit=1)
    act(state, Deploy(HOME, HOME_FOREST))
    cubes_throw(state, 2)
    assert state.ending is Ending.TURN_LIMIT
    assert state.outcome()[0].titles[1:] == ("lost", "turn limit")


def test_with_no_action_possible_the_only_choice_is_to_pass() -> None:
    """LAND6-15: here a hard-mode field die on a tile with a cube, and no city die."""
    state = laid(Difficulty.HARD, dice={HOME_FIELD: 2}, cubes={1})
    assert state.legal_actions(0) == [Skip()]
    act(state, Skip())
    assert state.ending is Ending.CITIES_LOST


# -- score and titles ----------------------------------------------------------


def test_score_is_the_sum_of_city_dice_times_their_number() -> None:
    state = laid(dice={HOME: 5, CITY2: 4, CITY4: 6, HOME_SEA: 6})
    assert state.score() == (5 + 4 + 6) * 3


@pytest.mark.parametrize(
    ("score", "title"),
    [
        (0, "Child of Dice"),
        (19, "Child of Dice"),
        (20, "Warrior of Dice"),
        (49, "Warrior of Dice"),
        (50, "Master of Dice"),
        (79, "Master of Dice"),
        (80, "Lord of Dice"),
        (99, "Lord of Dice"),
        (100, "God of Dice"),
        (216, "God of Dice"),
    ],
)
def test_titles_follow_the_score_table(score: int, title: str) -> None:
    assert title_for(score) == title


def test_a_game_in_progress_has_a_provisional_outcome() -> None:
    state = laid(dice={HOME: 6, CITY2: 5})
    outcome = state.outcome()[0]
    assert (outcome.score, outcome.rank) == (22, 1)
    assert outcome.titles == ("Warrior of Dice", "in progress")


# -- config --------------------------------------------------------------------


def test_default_config_is_easy_grid_with_turned_tiles_and_a_turn_limit() -> None:
    config = ENGINE.default_config()
    assert config.difficulty == land6_pb2.DIFFICULTY_EASY
    assert config.layout == land6_pb2.LAYOUT_GRID
    assert not config.fixed_tile_orientation
    assert config.turn_limit == 100


def test_unset_difficulty_is_refused() -> None:
    expected = "expected difficulty EASY, NORMAL or HARD, got DIFFICULTY_UNSPECIFIED"
    with pytest.raises(ConfigError, match=expected):
        ENGINE.new_game(land6_pb2.Config(layout=land6_pb2.LAYOUT_GRID), 1)


def test_unknown_layout_is_refused() -> None:
    config = ENGINE.default_config()
    config.layout = 9  # type: ignore[assignment]
    with pytest.raises(ConfigError, match="expected layout GRID or STRIP, got 9"):
        ENGINE.new_game(config, 1)


def test_land6_is_for_one_player() -> None:
    with pytest.raises(ConfigError, match="expected 1 player, got 2"):
        ENGINE.new_game(ENGINE.default_config(), 2)
