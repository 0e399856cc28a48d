"""Base-game rules: placement, followers, completion, end scoring, farms, ties.

Positions are built by playing scripted turns (referee.games.carcassonne.script)
in the JCloisterZone conventions: x east, y south, the start tile RCr (city
cap north, road west-east) at (0, 0). Scripts play the base game.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.engine import CHANCE
from referee.errors import IllegalAction
from referee.games.carcassonne.actions import DrawTile, PlaceFollower, PlaceTile, SkipFollower
from referee.games.carcassonne.board import Board, Spot, TileCopy
from referee.games.carcassonne.script import play_turn, start_state
from referee.games.carcassonne.state import CarcassonneState, Phase
from referee.games.carcassonne.tiles import Kind, oriented

# A six-tile city, closed on turn 5: P0 holds two followers in it, P1 one.
# (Cc+ carries a coat of arms: 2*6 + 2*1 = 14 points.)
BIG_CITY = [
    ["Ccc", 0, -1, "R180", [0, "ESW"]],
    ["RrC", 1, 0, "R0", [1, "N"]],
    ["CRr", -1, 0, "R0", [0, "N"]],
    ["Cc+", 1, -1, "R270", None],
    ["Cc.1", -1, -1, "R180", None],
]
# A road of three tiles from village to village through the start tile.
SHORT_ROAD = [
    ["RRR", -1, 0, "R0", [0, "E"]],
    ["RRR", 1, 0, "R180", None],
]
# A monastery south of the start tile, surrounded on turn 8.
MONASTERY = [
    ["L", 0, 1, "R0", [0, "MONASTERY"]],
    ["CRr", -1, 0, "R0", None],
    ["RFr", 1, 0, "R0", None],
    ["Rr", 0, 2, "R0", None],
    ["Rr", -1, 1, "R90", None],
    ["CC.2", 1, 1, "R180", None],
    ["CC.2", 1, 2, "R90", None],
    ["RRR", -1, 2, "R0", None],
]


def play(turns: list[list[Any]], players: int = 2, **rules: Any) -> CarcassonneState:
    state = start_state({"rules": rules, "players": players})
    for turn in turns:
        play_turn(state, turn)
    return state


def totals(state: CarcassonneState) -> list[int]:
    return [score.total for score in state.scores]


def draw(state: CarcassonneState, jcz_id: str, farmhouse: bool = False) -> None:
    state.apply(CHANCE, DrawTile(jcz_id, farmhouse))


# -- placement ------------------------------------------------------------------


def test_a_four_sided_city_fits_only_on_the_start_tiles_city_edge() -> None:
    """CARC-03: every touching edge must match, so Cccc+ goes north of the start only."""
    state = play([])
    draw(state, "Cccc+")
    assert state.legal_actions(0) == [PlaceTile(0, -1, 0)]


def test_placements_are_exactly_the_touching_matching_ones() -> None:
    """CARC-03: checked against every empty position near the board and every rotation."""
    state = play(SHORT_ROAD)
    draw(state, "Rr")
    placed = state.board.placed
    steps = ((0, -1), (1, 0), (0, 1), (-1, 0))
    expected = []
    for x in range(-3, 4):
        for y in range(-3, 4):
            for rotation in range(4):
                edges = oriented("Rr", rotation).edges
                touching = [
                    placed[(x + dx, y + dy)].shape.edges[(edge + 2) % 4] == edges[edge]
                    for edge, (dx, dy) in enumerate(steps)
                    if (x + dx, y + dy) in placed
                ]
                if (x, y) not in placed and touching and all(touching):
                    expected.append(PlaceTile(x, y, rotation))
    assert state.legal_actions(0) == sorted(expected)
    assert PlaceTile(1, 1, 0) in expected  # below the village: field edge up
    assert not any((a.x, a.y) == (2, 1) for a in expected)  # corner contact only


def test_an_illegal_placement_is_refused_and_changes_nothing() -> None:
    state = play([])
    draw(state, "Cccc+")
    before = state.digest()
    for action in (PlaceTile(0, 1, 0), PlaceTile(5, 5, 0), PlaceTile(0, 0, 0), SkipFollower()):
        with pytest.raises(IllegalAction):
            state.apply(0, action)
    with pytest.raises(IllegalAction):
        state.apply(1, PlaceTile(0, -1, 0))
    assert state.digest() == before


def test_legal_placements_come_from_the_frontier_of_open_positions() -> None:
    """The frontier is every empty position next to a tile, and nothing else."""
    state = play(BIG_CITY)
    board = state.board
    expected = {
        (x + dx, y + dy)
        for (x, y) in board.placed
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))
        if (x + dx, y + dy) not in board.placed
    }
    assert set(board.frontier) == expected
    for (x, y), need in board.frontier.items():
        # Each open position needs, per edge, what the neighbour across shows there.
        for edge, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0))):
            other = board.placed.get((x + dx, y + dy))
            assert need[edge] == ("." if other is None else other.shape.edges[(edge + 2) % 4])


# -- the unplaceable tile -------------------------------------------------------


def city_island() -> CarcassonneState:
    """A base game whose board is one four-sided city: only city edges are open."""
    state = play([])
    state.board = Board()
    state.board.place((0, 0), TileCopy("Cccc+"), 0)
    return state


def test_a_tile_that_fits_nowhere_is_removed_and_another_drawn() -> None:
    """CARC-06: the same seat draws again; the removed tile is out of the game."""
    state = city_island()
    before = state.tiles_remaining
    draw(state, "L")  # a monastery has no city edge
    assert state.discarded == [TileCopy("L")]
    assert state.phase is Phase.CHANCE
    assert state.current == 0
    assert state.tiles_remaining == before - 1
    draw(state, "C")
    assert state.phase is Phase.PLACE_TILE
    assert state.current == 0


def test_removing_the_last_tile_ends_the_game() -> None:
    state = city_island()
    state.pile = {TileCopy("L"): 1}
    draw(state, "L")
    assert state.is_terminal()
    assert state.discarded == [TileCopy("L")]


def test_a_script_writes_a_removed_tile_with_a_null_position() -> None:
    state = city_island()
    play_turn(state, ["RRRR", None, None, None, None])
    assert state.discarded == [TileCopy("RRRR")]
    with pytest.raises(ValueError, match="fits nowhere"):
        play_turn(state, ["L", 0, 1, "R0", None])


# -- followers --------------------------------------------------------------------


def test_a_follower_goes_only_on_a_free_feature_of_the_new_tile() -> None:
    """CARC-10: the road joining P0's road is taken; the fields and the city are free."""
    state = play(SHORT_ROAD[:1])
    draw(state, "RFr")
    state.apply(1, PlaceTile(1, 0, 0))
    assert state.legal_actions(1) == [
        SkipFollower(),
        PlaceFollower(Kind.FIELD, "ER.SL.SR.WL"),
        PlaceFollower(Kind.FIELD, "NL.NR.EL.WR"),
    ]
    with pytest.raises(IllegalAction):
        state.apply(1, PlaceFollower(Kind.ROAD, "EW"))


def test_without_followers_in_hand_the_follower_decision_is_skipped() -> None:
    """CARC-09: a seat with no choice is not asked."""
    state = play([])
    state.hands[0] = 0
    draw(state, "RFr")
    state.apply(0, PlaceTile(1, 0, 0))
    assert state.phase is Phase.CHANCE
    assert state.current == 1


def test_followers_in_hand_and_on_the_board_make_seven() -> None:
    state = play(BIG_CITY[:3])
    on_board = [sum(s.seat == seat for s in state.followers()) for seat in (0, 1)]
    assert on_board == [2, 1]
    assert state.hands == [5, 6]


# -- completed features -------------------------------------------------------


def test_a_completed_road_scores_a_point_a_tile_and_returns_its_follower() -> None:
    state = play(SHORT_ROAD)
    assert totals(state) == [3, 0]
    assert state.scores[0].road == 3
    assert state.hands == [7, 7]
    assert state.followers() == []


def test_a_road_through_one_tile_twice_counts_that_tile_once() -> None:
    """CARC-16: a loop out of a village and back in is four tiles, not five."""
    state = play(
        [
            ["CRRR", 0, -1, "R180", [0, "E"]],
            ["Rr", 1, -1, "R90", None],
            ["Rr", 1, -2, "R0", None],
            ["Rr", 0, -2, "R270", None],
        ]
    )
    assert state.scores[0].road == 4
    assert state.hands[0] == 7


def test_a_completed_city_pays_the_majority_two_a_tile_and_a_coat_of_arms() -> None:
    """CARC-11, CARC-13: P0 has two followers to P1's one and scores 2*6 + 2*1 alone."""
    state = play(BIG_CITY)
    assert state.scores[0].city == 14
    assert state.scores[1].city == 0
    assert state.hands == [7, 7]


def test_a_two_tile_city_scores_four() -> None:
    """CARC-11: 2nd edition rule, no 1st-edition halving."""
    state = play([["C", 0, -1, "R180", [0, "S"]]])
    assert state.scores[0].city == 4


def test_a_completed_monastery_scores_nine() -> None:
    state = play(MONASTERY)
    assert state.scores[0].monastery == 9
    assert state.hands[0] == 7


def test_a_follower_on_a_feature_its_tile_completes_scores_at_once() -> None:
    state = play([["RRR", -1, 0, "R0", None], ["RRR", 1, 0, "R180", [1, "W"]]])
    assert state.scores[1].road == 3
    assert state.hands == [7, 7]


def test_a_completed_feature_without_followers_scores_nothing() -> None:
    state = play([["RRR", -1, 0, "R0", None], ["RRR", 1, 0, "R180", None]])
    assert totals(state) == [0, 0]


def test_tied_followers_all_score_in_full() -> None:
    """CARC-13: one follower each on a five-tile road: 5 points to both."""
    state = play(
        [
            ["RRR", -1, 0, "R0", [0, "E"]],
            ["RRR", 0, 1, "R0", [1, "E"]],
            ["Rr", 1, 1, "R90", None],
            ["Rr", 1, 0, "R0", None],
        ]
    )
    assert totals(state) == [5, 5]
    assert state.hands == [7, 7]


# -- the end --------------------------------------------------------------------


def test_final_scoring_counts_unfinished_roads_cities_and_monasteries() -> None:
    """CARC-14: road 1 a tile, city 1 a tile and coat of arms, monastery 1 + neighbours."""
    state = play(
        [
            ["CFc+", 0, -1, "R90", [0, "NS"]],  # city: start, this (coat of arms): 2 + 1
            ["RFr", 1, 0, "R0", [1, "EW"]],  # road: start, this: 2
            ["L", 0, 1, "R0", [0, "MONASTERY"]],  # neighbours: start, (1, 0): 1 + 2
        ]
    )
    state.end_game()
    assert state.scores[0].as_dict() == {
        "total": 6,
        "road": 0,
        "city": 3,
        "monastery": 3,
        "farm": 0,
    }
    assert state.scores[1].road == 2
    assert state.is_terminal()


def test_a_farm_scores_three_per_completed_city_and_ties_share() -> None:
    """CARC-15: two farmers of different seats joined into one field by a monastery tile."""
    state = play(
        [
            ["C", 0, -1, "R180", [0, "NL.NR.EL.ER.WL.WR"]],  # closes the start city
            ["RFr", 1, 0, "R0", [1, "NL.NR.EL.WR"]],  # the field north of the road
            ["L", 1, -1, "R0", None],  # joins both fields
        ]
    )
    state.end_game()
    assert [s.farm for s in state.scores] == [3, 3]


def test_a_farm_goes_to_the_majority_and_counts_each_city_once() -> None:
    """CARC-15: two farmers beat one; a city bordering the field twice still gives 3."""
    state = play([["C", 0, -1, "R180", None], ["RFr", 1, 0, "R0", None]])
    north_field = state.board.feature_at((0, 0), 2)
    assert north_field.kind is Kind.FIELD
    north_field.followers += [Spot((0, 0), 2, 0), Spot((1, 0), 1, 0), Spot((1, 0), 1, 1)]
    state.end_game()
    assert [s.farm for s in state.scores] == [3, 0]


def test_a_farm_next_to_an_unfinished_city_scores_nothing() -> None:
    state = play([["RFr", 1, 0, "R0", None]])
    state.board.feature_at((0, 0), 2).followers.append(Spot((0, 0), 2, 0))
    state.end_game()
    assert state.scores[0].farm == 0


def test_the_game_ends_when_the_pile_is_empty() -> None:
    state = play([])
    state.pile = {TileCopy("RFr"): 1}
    draw(state, "RFr")
    state.apply(0, PlaceTile(1, 0, 0))
    state.apply(0, PlaceFollower(Kind.ROAD, "EW"))
    assert state.is_terminal()
    assert state.scores[0].road == 2  # scored as unfinished at the end
    assert state.to_act() == ()
