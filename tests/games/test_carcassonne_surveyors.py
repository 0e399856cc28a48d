"""The Land Surveyors: all twelve scoring tiles, the stacks and their turnover.

Worked examples follow the seed (carcassonne-land-surveyors.txt, "The scoring
tiles in detail"): its examples give only totals and pictures, so each board
here is built to reach the seed's number the way the seed describes.
Stacks are given top first; the top tile of each is active.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from referee.engine import CHANCE
from referee.games.carcassonne import ENGINE
from referee.games.carcassonne.actions import DrawTile, ShuffleStack
from referee.games.carcassonne.scoring import ScoringTile
from referee.games.carcassonne.script import play_turn, start_state
from referee.games.carcassonne.state import CarcassonneState
from referee.games.carcassonne.tiles import Kind

# A six-tile city closed on turn 5; P0 has two followers in it, P1 one.
# Three of its tiles (the start, RrC, CRr) hold only a semicircular cap.
BIG_CITY = [
    ["Ccc", 0, -1, "R180", [0, "ESW"]],
    ["RrC", 1, 0, "R0", [1, "N"]],
    ["CRr", -1, 0, "R0", [0, "N"]],
    ["Cc+", 1, -1, "R270", None],  # the one coat of arms
    ["Cc.1", -1, -1, "R180", None],
]
BIG_CITY_PLAIN = [*BIG_CITY[:3], ["Cc.1", 1, -1, "R270", None], BIG_CITY[4]]
# P0's six-tile road, closed on turn 5; two tiles show a farmhouse (the start
# tile and one RFr, by the default farmhouse copies, CARC-23).
LONG_ROAD = [
    ["RRRR", -1, 0, "R0", [0, "E"]],
    ["RFr:farmhouse", 1, 0, "R0", None],
    ["RFr:plain", 2, 0, "R0", None],
    ["RFr:plain", 3, 0, "R0", None],
    ["RRR", 4, 0, "R0", None],
]
# Turn 4 closes two three-tile roads at once: P0's and P1's.
TWO_ROADS = [
    ["RRR", -1, 0, "R0", [0, "E"]],
    ["RRR", 0, 1, "R0", [1, "E"]],
    ["Rr", 1, 1, "R90", None],
    ["RRRR", 1, 0, "R0", None],
]
# P0's monastery south of the start, surrounded on turn 8. Of the nine tiles
# four show a city (start, CRr, two CC.2) and six a road (start, CRr, RFr,
# two Rr, RRR); the monastery tile L shows neither.
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
CITY_STACK = ["CITIZENS_JURY", "BAD_NEIGHBORHOOD", "CITY_WEALTH", "CITY_POVERTY", "SIEGE"]
ROAD_STACK = ["STREET_FAIR", "HIGHWAY", "PEASANT_UPRISING", "ROAD_WEALTH"]
MONASTERY_STACK = ["HERMIT_MONASTERY", "PILGRIMAGE_ROUTE", "MONASTERY_POVERTY"]


def on_top(stack: list[str], name: str) -> list[str]:
    return [name, *(t for t in stack if t != name)]


def play(
    turns: list[list[Any]],
    city: str = "CITIZENS_JURY",
    road: str = "STREET_FAIR",
    monastery: str = "HERMIT_MONASTERY",
    **rules: Any,
) -> CarcassonneState:
    """A Land Surveyors game with the named tiles active, after the turns."""
    road_stack = ROAD_STACK
    monastery_stack = MONASTERY_STACK
    if rules.get("road_scoring_tile_is_poverty"):
        road_stack = [*ROAD_STACK[:3], "ROAD_POVERTY"]
    if rules.get("monastery_scoring_tile_is_wealth"):
        monastery_stack = [*MONASTERY_STACK[:2], "MONASTERY_WEALTH"]
    stacks = {
        "city": on_top(CITY_STACK, city),
        "road": on_top(road_stack, road),
        "monastery": on_top(monastery_stack, monastery),
    }
    state = start_state({"rules": {"land_surveyors": True, "stacks": stacks, **rules}})
    for turn in turns:
        play_turn(state, turn)
    return state


def cities(state: CarcassonneState) -> list[int]:
    return [score.city for score in state.scores]


def roads(state: CarcassonneState) -> list[int]:
    return [score.road for score in state.scores]


# -- city tiles -------------------------------------------------------------------


def test_citizens_jury_pays_every_seat_in_the_city() -> None:
    """Seed example 1: Red has the majority, Blue one follower; both score 14."""
    assert cities(play(BIG_CITY, city="CITIZENS_JURY")) == [14, 14]
    assert cities(play(BIG_CITY, city="CITY_WEALTH")) == [17, 0]  # majority as usual


def test_bad_neighborhood_leaves_out_tiles_with_only_a_cap() -> None:
    """Seed example 2: Red's city scores only 6: (6 tiles - 3 cap tiles) x 2."""
    assert cities(play(BIG_CITY_PLAIN, city="BAD_NEIGHBORHOOD")) == [6, 0]
    assert cities(play(BIG_CITY_PLAIN, city="SIEGE")) == [12, 0]


def test_bad_neighborhood_still_counts_coats_of_arms_and_followers_on_caps() -> None:
    """CARC-25: P0's followers stand on cap tiles and still win; the coat of arms counts."""
    assert cities(play(BIG_CITY, city="BAD_NEIGHBORHOOD")) == [8, 0]


def test_bad_neighborhood_makes_a_city_of_two_caps_worth_nothing() -> None:
    """The research's self-test (community example '(2 tiles - 2) x 2 = 0')."""
    state = play([["C", 0, -1, "R180", [0, "S"]]], city="BAD_NEIGHBORHOOD")
    assert cities(state) == [0, 0]
    assert state.turnovers == 1  # CARC-27: scored, for nothing, all the same


def test_city_wealth_and_poverty_add_and_take_three() -> None:
    assert cities(play(BIG_CITY, city="CITY_WEALTH")) == [17, 0]
    assert cities(play(BIG_CITY, city="CITY_POVERTY")) == [11, 0]


def test_siege_makes_each_coat_of_arms_worth_one_more() -> None:
    assert cities(play(BIG_CITY, city="SIEGE")) == [15, 0]  # 2*6 + 3*1


# -- road tiles -------------------------------------------------------------------


def test_street_fair_doubles_a_road() -> None:
    assert roads(play(LONG_ROAD, road="STREET_FAIR")) == [12, 0]


def test_highway_makes_any_road_worth_five() -> None:
    """Seed example 3: both roads closed in one turn; Red and Blue score 5 each."""
    state = play(TWO_ROADS, road="HIGHWAY")
    assert roads(state) == [5, 5]
    assert roads(play(LONG_ROAD, road="HIGHWAY")) == [5, 0]


def test_peasant_uprising_takes_a_point_per_farmhouse_tile() -> None:
    """Seed example 4: Red's six-tile road with two farmhouses scores only 4."""
    assert roads(play(LONG_ROAD, road="PEASANT_UPRISING")) == [4, 0]
    plain = [LONG_ROAD[0], ["RFr", 1, 0, "R0", None], *LONG_ROAD[2:]]
    no_farmhouses = play(plain, road="PEASANT_UPRISING", farmhouses={})
    assert roads(no_farmhouses) == [6, 0]


def test_road_wealth_adds_three() -> None:
    assert roads(play(LONG_ROAD, road="ROAD_WEALTH")) == [9, 0]


def test_road_poverty_can_take_a_score_below_zero() -> None:
    """CARC-28: a two-tile road under Poverty is worth -1, and the total goes negative."""
    short = [["LR", 0, 1, "R0", [0, "S"]], ["RRR", 0, 2, "R180", None]]
    state = play(short, road="ROAD_POVERTY", road_scoring_tile_is_poverty=True)
    assert state.scores[0].road == -1
    assert state.scores[0].total == -1
    assert state.outcome()[0].rank == 2


# -- monastery tiles ----------------------------------------------------------------


def test_hermit_monastery_takes_a_point_per_tile_with_a_city() -> None:
    """Seed example 5: Red scores 9 - 4 = 5."""
    state = play(MONASTERY, monastery="HERMIT_MONASTERY")
    assert state.scores[0].monastery == 5


def test_pilgrimage_route_adds_a_point_per_tile_with_a_road() -> None:
    """Seed example 6: Red scores 9 + 6 = 15."""
    state = play(MONASTERY, monastery="PILGRIMAGE_ROUTE")
    assert state.scores[0].monastery == 15


def test_monastery_poverty_and_wealth() -> None:
    """CARC-24: the monastery stack holds Poverty by default, Wealth by Config."""
    assert play(MONASTERY, monastery="MONASTERY_POVERTY").scores[0].monastery == 6
    wealth = play(MONASTERY, monastery="MONASTERY_WEALTH", monastery_scoring_tile_is_wealth=True)
    assert wealth.scores[0].monastery == 12


# -- stacks -------------------------------------------------------------------------


def test_after_a_scoring_turn_all_three_tiles_go_under_their_stacks() -> None:
    """CARC-27: a city scored: the next tile of every stack turns up."""
    state = play(BIG_CITY[:4])
    assert [state.active_scoring(k) for k in (Kind.CITY, Kind.ROAD, Kind.MONASTERY)] == [
        ScoringTile.CITIZENS_JURY,
        ScoringTile.STREET_FAIR,
        ScoringTile.HERMIT_MONASTERY,
    ]
    play_turn(state, BIG_CITY[4])
    assert [state.active_scoring(k) for k in (Kind.CITY, Kind.ROAD, Kind.MONASTERY)] == [
        ScoringTile.BAD_NEIGHBORHOOD,
        ScoringTile.HIGHWAY,
        ScoringTile.PILGRIMAGE_ROUTE,
    ]


def test_a_completed_feature_nobody_holds_turns_nothing_over() -> None:
    state = play([["C", 0, -1, "R180", None]])
    assert state.turnovers == 0
    assert state.active_scoring(Kind.CITY) is ScoringTile.CITIZENS_JURY


def test_two_features_scored_in_one_turn_use_the_same_tiles_and_turn_once() -> None:
    """CARC-26: both roads scored under Highway; one turnover."""
    state = play(TWO_ROADS, road="HIGHWAY")
    assert roads(state) == [5, 5]
    assert state.turnovers == 1


def test_a_stack_comes_round_again_in_its_order() -> None:
    """The active tile goes under its stack, so the order repeats (CARC-21)."""
    state = play([])
    seen = []
    for turnovers in range(6):
        state.turnovers = turnovers
        seen.append(state.active_scoring(Kind.MONASTERY))
    order = [ScoringTile.HERMIT_MONASTERY, ScoringTile.PILGRIMAGE_ROUTE]
    assert seen == [*order, ScoringTile.MONASTERY_POVERTY] * 2


def test_final_scoring_ignores_the_scoring_tiles() -> None:
    """CARC-29: unfinished cities score a point a tile and coat of arms whatever is active.

    After turn 4 the city of four tiles and a coat of arms holds one follower
    of each seat (5 each); P0 also has the lone cap at (-1, 0) (1).
    """
    for city in ("SIEGE", "CITY_WEALTH", "BAD_NEIGHBORHOOD"):
        state = play(BIG_CITY[:4], city=city)
        state.end_game()
        assert cities(state) == [5 + 1, 5]


def test_each_stack_is_shuffled_by_chance_at_the_start() -> None:
    """CARC-21: 5! city orders, then 4! road and 3! monastery orders, all equally likely."""
    state = ENGINE.new_game(ENGINE.default_config(), 2)
    sizes = []
    for kind in (Kind.CITY, Kind.ROAD, Kind.MONASTERY):
        outcomes = state.chance_outcomes()
        sizes.append(len(outcomes))
        assert {p for _, p in outcomes} == {Fraction(1, len(outcomes))}
        first = outcomes[0][0]
        assert isinstance(first, ShuffleStack)
        assert first.stack is kind
        state.apply(CHANCE, first)
    assert sizes == [120, 24, 6]
    assert all(isinstance(o, DrawTile) for o, _ in state.chance_outcomes())


def test_the_base_game_switch_leaves_out_the_stacks() -> None:
    """CARC-20: base_game_only: the first chance step is a tile draw, no scoring tiles."""
    config = ENGINE.default_config()
    config.base_game_only = True
    state = ENGINE.new_game(config, 2)
    assert all(isinstance(o, DrawTile) for o, _ in state.chance_outcomes())
    assert state.active_scoring(Kind.CITY) is None
    observation = state.observation(0)
    assert not observation.land_surveyors
    assert not observation.HasField("active_scoring")
