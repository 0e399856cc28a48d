"""Land's rules, one behaviour per test, on small maps (docs/rules/land.md)."""

from __future__ import annotations

import textwrap
from fractions import Fraction
from typing import Any

import pytest

from referee.engine import CHANCE
from referee.errors import ConfigError, IllegalAction
from referee.games.land import ENGINE
from referee.games.land.actions import (
    ChooseStart,
    ColumnRoll,
    EndTurn,
    OrderRoll,
    PlaceCow,
    RowRoll,
)
from referee.games.land.state import LandState, Phase

GRASS_5X5 = """
    region = 5x5
    .....
    .....
    .....
    .....
    .....
"""


def land_game(map_text: str, players: int = 2, **options: Any) -> LandState:
    """A new game on a map given as text, with Config options set by name."""
    config = ENGINE.default_config()
    config.map_text = textwrap.dedent(map_text)
    for name, value in options.items():
        setattr(config, name, value)
    return ENGINE.new_game(config, players)


def roll_order(state: LandState, *rolls: int) -> None:
    """Apply turn-order rolls, in the order chance makes them."""
    for value in rolls:
        state.apply(CHANCE, OrderRoll(value))


def start(state: LandState, column: int, row: int, xy: tuple[int, int] | None = None) -> None:
    """Roll a region for the landless seat to move and, if given, claim a plot there."""
    seat = state.seat_to_move
    state.apply(CHANCE, ColumnRoll(column))
    state.apply(CHANCE, RowRoll(row))
    if xy is not None:
        state.apply(seat, ChooseStart(*xy))


def two_started(map_text: str, first: tuple[int, int], second: tuple[int, int], **options: Any):
    """A 2-player game on a one-region map, seat 0 first, both seats started."""
    state = land_game(map_text, **options)
    roll_order(state, 6, 1)
    start(state, 1, 1, first)
    start(state, 1, 1, second)
    return state


def place(state: LandState, *plots: tuple[int, int]) -> None:
    for xy in plots:
        state.apply(state.seat_to_move, PlaceCow(*xy))


def refused(state: LandState, seat: int, action: Any) -> str:
    """Apply an action that must be refused; check the state is unchanged; return the message."""
    before = state.digest()
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, action)
    assert state.digest() == before
    return str(caught.value)


# -- LAND-01 turn order ------------------------------------------------------


def test_order_follows_rolls_highest_first() -> None:
    """land.txt: J rolls 4, L 5, S 2 -> L, J, S."""
    state = land_game(GRASS_5X5, players=3)
    roll_order(state, 4, 5, 2)
    assert state.order == (1, 0, 2)
    assert state.phase is Phase.COLUMN and state.seat_to_move == 1


def test_tied_players_reroll_among_themselves_only() -> None:
    """land.txt: J 4, L 5, S 4; J re-rolls 6 and S 2 -> L, J, S; L never rolls again."""
    state = land_game(GRASS_5X5, players=3)
    rolling = []
    for value in (4, 5, 4, 6, 2):
        rolling.append(state.rolling_seat)
        state.apply(CHANCE, OrderRoll(value))
    assert rolling == [0, 1, 2, 0, 2]
    assert state.order == (1, 0, 2)


def test_reroll_ties_do_not_move_other_players() -> None:
    """A low re-roll of the top tied pair still places both above the seats that rolled lower."""
    state = land_game(GRASS_5X5, players=4)
    rolling = []
    for value in (6, 3, 3, 6, 1, 2, 5, 5, 4, 6):
        rolling.append(state.rolling_seat)
        state.apply(CHANCE, OrderRoll(value))
    # (0, 3) tied on 6 roll first: 1 and 2 -> 3 before 0. Then (1, 2) tie twice: 5, 5 then 4, 6.
    assert rolling == [0, 1, 2, 3, 0, 3, 1, 2, 1, 2]
    assert state.order == (3, 0, 2, 1)


def test_order_rolls_are_fair_d6() -> None:
    state = land_game(GRASS_5X5)
    outcomes = state.chance_outcomes()
    assert [o for o, _ in outcomes] == [OrderRoll(v) for v in range(1, 7)]
    assert {p for _, p in outcomes} == {Fraction(1, 6)}
    assert "1..6" in refused(state, CHANCE, OrderRoll(7))


# -- LAND-02, LAND-04, LAND-05 first round -------------------------------------


def test_region_dice_have_one_face_per_region() -> None:
    state = land_game("region = 1x2\n...\n...\n...\n...\n")  # 3 columns, 2 rows of regions
    roll_order(state, 2, 1)
    assert [o for o, _ in state.chance_outcomes()] == [ColumnRoll(v) for v in (1, 2, 3)]
    state.apply(CHANCE, ColumnRoll(3))
    assert [o for o, _ in state.chance_outcomes()] == [RowRoll(1), RowRoll(2)]


def test_start_offers_free_grass_of_the_rolled_region_only() -> None:
    """Mountains, water and taken plots are not starting plots (LAND-04)."""
    state = land_game("""
        region = 2x2
        .^ ..
        ~c ::
    """)
    roll_order(state, 6, 1)
    start(state, 1, 1)
    assert state.legal_actions(0) == [ChooseStart(0, 0), ChooseStart(1, 1)]
    state.apply(0, ChooseStart(1, 1))
    start(state, 1, 1)
    assert state.legal_actions(1) == [ChooseStart(0, 0)]
    assert "free grass" in refused(state, 1, ChooseStart(1, 0))


def test_player_without_free_land_in_region_waits_and_rolls_next_round() -> None:
    state = land_game("region = 1x1\n.~.~\n")
    roll_order(state, 6, 1)
    start(state, 2, 1)  # water: seat 0 waits
    assert state.seat_to_move == 1 and state.phase is Phase.COLUMN
    start(state, 1, 1, (0, 0))
    assert state.round == 2 and state.seat_to_move == 0 and state.phase is Phase.COLUMN
    start(state, 1, 1)  # taken by seat 1: seat 0 waits again; seat 1 is boxed in
    assert state.round == 3 and state.seat_to_move == 0 and state.phase is Phase.COLUMN
    start(state, 3, 1, (2, 0))
    assert state.scores() == [1, 1]


def test_landless_player_is_skipped_when_no_grass_is_left() -> None:
    state = land_game("region = 1x1\n.~\n")
    roll_order(state, 6, 1)
    start(state, 2, 1)
    start(state, 1, 1, (0, 0))
    assert state.is_terminal()
    assert [o.rank for o in state.outcome()] == [2, 1]


# -- LAND-06 cows per turn ---------------------------------------------------------


def test_cows_per_turn_equal_plots_owned() -> None:
    state = two_started(GRASS_5X5, (0, 0), (4, 4))
    assert state.phase is Phase.PLACE and state.seat_to_move == 0 and state.cows_left == 1
    place(state, (1, 0))
    assert state.seat_to_move == 1 and state.cows_left == 1
    place(state, (3, 4))
    assert state.seat_to_move == 0 and state.cows_left == 2
    place(state, (0, 1), (2, 0))
    assert state.seat_to_move == 1


def test_each_cow_is_a_separate_decision() -> None:
    state = two_started(GRASS_5X5, (0, 0), (4, 4))
    place(state, (1, 0))
    place(state, (3, 4))
    place(state, (0, 1))
    assert state.seat_to_move == 0 and state.cows_left == 1 and state.scores() == [3, 2]


# -- LAND-07 adjacency ----------------------------------------------------------


def test_cows_go_north_south_east_or_west_only() -> None:
    state = two_started(GRASS_5X5, (2, 2), (0, 0))
    places = [a for a in state.legal_actions(0) if isinstance(a, PlaceCow)]
    assert places == [PlaceCow(1, 2), PlaceCow(2, 1), PlaceCow(2, 3), PlaceCow(3, 2)]
    assert "north, south, east or west" in refused(state, 0, PlaceCow(1, 1))
    assert "north, south, east or west" in refused(state, 0, PlaceCow(4, 2))


def test_plots_claimed_this_turn_do_not_extend_adjacency_by_default() -> None:
    state = two_started(GRASS_5X5, (0, 0), (4, 4))
    place(state, (1, 0), (3, 4))
    place(state, (2, 0))
    assert PlaceCow(3, 0) not in state.legal_actions(0)
    refused(state, 0, PlaceCow(3, 0))


def test_option_lets_plots_claimed_this_turn_extend_adjacency() -> None:
    state = two_started(GRASS_5X5, (0, 0), (4, 4), adjacency_extends_this_turn=True)
    place(state, (1, 0), (3, 4))
    place(state, (2, 0))
    assert PlaceCow(3, 0) in state.legal_actions(0)
    place(state, (3, 0))
    assert state.scores()[0] == 4


def test_owned_land_cannot_be_claimed_again() -> None:
    state = two_started(GRASS_5X5, (0, 0), (1, 0))
    assert "seat 1 owns it" in refused(state, 0, PlaceCow(1, 0))
    assert PlaceCow(1, 0) not in state.legal_actions(0)


# -- LAND-03 unusable land -----------------------------------------------------------


def test_water_coast_and_islets_are_refused() -> None:
    state = two_started(
        """
        region = 3x3
        .~.
        :.*
        ...
        """,
        (1, 1),
        (0, 0),
    )
    assert state.legal_actions(0) == [PlaceCow(1, 2), EndTurn()]
    assert "water is unusable" in refused(state, 0, PlaceCow(1, 0))
    assert "coast is unusable" in refused(state, 0, PlaceCow(0, 1))
    assert "islet is unusable" in refused(state, 0, PlaceCow(2, 1))


# -- LAND-08 mountains ------------------------------------------------------------


def test_mountain_needs_two_cows_which_may_come_in_two_turns() -> None:
    state = two_started("region = 3x1\n.^.\n", (0, 0), (2, 0))
    place(state, (1, 0))
    assert state.half[1] == 0 and state.owner[1] == -1 and state.scores() == [1, 1]
    # Seat 1 cannot use the mountain seat 0 stands on, so its turn is skipped.
    assert state.seat_to_move == 0 and state.round == 3
    place(state, (1, 0))
    assert state.owner[1] == 0 and state.half[1] == -1 and state.scores() == [2, 1]
    assert state.is_terminal()


def test_another_player_may_not_use_a_half_claimed_mountain() -> None:
    state = two_started("region = 4x1\n.^..\n", (0, 0), (3, 0))
    place(state, (1, 0))
    place(state, (2, 0))  # seat 1 moves next to the mountain
    place(state, (1, 0))  # seat 0 completes it
    assert state.scores() == [2, 2]
    state = two_started("region = 4x1\n.^..\n", (0, 0), (2, 0))
    place(state, (1, 0))
    assert state.seat_to_move == 1
    assert "seat 0 has a cow on this mountain" in refused(state, 1, PlaceCow(1, 0))


def test_option_mountain_same_turn_needs_two_cows_at_once() -> None:
    # Seat 0 starts on a resident cow, so it has 2 cows next turn; seat 1 only 1.
    state = two_started("region = 4x1\nc^^.\n", (0, 0), (3, 0), mountain_same_turn=True)
    assert state.cows_left == 2
    place(state, (1, 0))
    assert state.legal_actions(0) == [PlaceCow(1, 0)]
    assert "second cow" in refused(state, 0, EndTurn())
    place(state, (1, 0))
    assert state.scores() == [2, 1]
    # Seat 1's one cow cannot start the mountain next to it: its turn is skipped.
    assert state.seat_to_move == 0 and state.round == 3
    assert state.legal_actions(0) == [PlaceCow(2, 0), EndTurn()]


def test_option_mountain_same_turn_skips_a_player_with_one_cow() -> None:
    state = two_started("region = 3x1\n.^.\n", (0, 0), (2, 0), mountain_same_turn=True)
    assert state.is_terminal()


# -- LAND-09 resident cows -----------------------------------------------------------


def test_resident_cow_gives_one_extra_cow_next_turn_only() -> None:
    state = two_started(
        """
        region = 5x5
        .c...
        .....
        .....
        .....
        .....
        """,
        (0, 0),
        (4, 4),
    )
    place(state, (1, 0))
    assert state.bonus[0] == 1
    place(state, (3, 4))
    assert state.cows_left == 3  # 2 plots + 1 resident cow
    place(state, (0, 1), (2, 0), (1, 1))
    place(state, (2, 4), (4, 3))
    assert state.seat_to_move == 0 and state.cows_left == 5


def test_starting_on_a_resident_cow_gives_the_bonus() -> None:
    state = two_started("region = 5x1\nc....\n", (0, 0), (4, 0))
    assert state.cows_left == 2


# -- LAND-10, LAND-11 ending a turn, unused cows -----------------------------------------


def test_player_may_end_turn_early_and_unused_cows_are_lost() -> None:
    state = two_started(GRASS_5X5, (0, 0), (4, 4))
    place(state, (1, 0), (3, 4))
    place(state, (0, 1))
    state.apply(0, EndTurn())
    place(state, (2, 4), (4, 3))
    assert state.seat_to_move == 0 and state.cows_left == 3


def test_option_keep_unused_cows_carries_them_over() -> None:
    state = two_started(GRASS_5X5, (0, 0), (4, 4), keep_unused_cows=True)
    place(state, (1, 0), (3, 4))
    place(state, (0, 1))
    state.apply(0, EndTurn())
    assert state.saved[0] == 1
    place(state, (2, 4), (4, 3))
    assert state.seat_to_move == 0 and state.cows_left == 4


def test_option_must_place_all_removes_end_turn() -> None:
    state = two_started(GRASS_5X5, (0, 0), (4, 4), must_place_all=True)
    assert EndTurn() not in state.legal_actions(0)
    assert "must place" in refused(state, 0, EndTurn())


# -- LAND-12, LAND-13 the end --------------------------------------------------------


def test_boxed_in_player_is_skipped_while_others_play_on() -> None:
    state = land_game("region = 1x1\n.~...\n")
    roll_order(state, 6, 1)
    start(state, 1, 1, (0, 0))
    start(state, 3, 1, (2, 0))
    assert state.seat_to_move == 1 and state.round == 2
    place(state, (3, 0))
    assert state.seat_to_move == 1 and state.round == 3
    place(state, (4, 0))
    assert state.is_terminal() and state.to_act() == ()
    assert state.scores() == [1, 3]


def test_game_ends_when_the_board_is_full() -> None:
    state = two_started("region = 2x1\n..\n", (0, 0), (1, 0))
    assert state.is_terminal()
    assert state.legal_actions(0) == [] and state.legal_actions(1) == []


def test_game_ends_after_a_full_round_of_idle_turns() -> None:
    """Everybody passing ends the game, even with free land left (LAND-13)."""
    state = two_started(GRASS_5X5, (0, 0), (4, 4))
    state.apply(0, EndTurn())
    assert not state.is_terminal()
    state.apply(1, EndTurn())
    assert state.is_terminal()


def test_one_pass_does_not_end_the_game() -> None:
    state = two_started(GRASS_5X5, (0, 0), (4, 4))
    state.apply(0, EndTurn())
    place(state, (3, 4))
    state.apply(0, EndTurn())
    assert not state.is_terminal() and state.seat_to_move == 1


def test_seats_with_equal_plots_share_the_win() -> None:
    state = two_started("region = 2x1\n..\n", (0, 0), (1, 0))
    assert [(o.score, o.rank) for o in state.outcome()] == [(1, 1), (1, 1)]


def test_three_way_standings_skip_ranks_after_a_tie() -> None:
    state = land_game("region = 1x1\n.~.~.\n", players=3)
    roll_order(state, 6, 5, 4)
    start(state, 1, 1, (0, 0))
    start(state, 3, 1, (2, 0))
    start(state, 2, 1)
    assert state.seat_to_move == 2 and state.phase is Phase.COLUMN
    assert [o.rank for o in state.outcome()] == [1, 1, 3]


# -- LAND-15 players ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 6])
def test_two_and_six_players_can_play(players: int) -> None:
    state = ENGINE.new_game(ENGINE.default_config(), players)
    roll_order(state, *range(players, 0, -1))
    assert state.order == tuple(range(players))
    assert len(state.outcome()) == players


@pytest.mark.parametrize("players", [1, 7])
def test_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(ConfigError, match=f"expected 2 to 6 players, got {players}"):
        ENGINE.new_game(ENGINE.default_config(), players)


# -- contract details -------------------------------------------------------------------


def test_actions_out_of_phase_or_turn_are_refused() -> None:
    state = two_started(GRASS_5X5, (0, 0), (4, 4))
    refused(state, 1, PlaceCow(4, 3))
    refused(state, CHANCE, OrderRoll(3))
    refused(state, 0, ChooseStart(1, 0))
    assert "within 5x5" in refused(state, 0, PlaceCow(9, 0))


def test_default_action_ends_the_turn() -> None:
    state = two_started(GRASS_5X5, (0, 0), (4, 4))
    assert state.default_action(0) == EndTurn()
