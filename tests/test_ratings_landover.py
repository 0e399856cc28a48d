"""The Landover ladder and seasons (referee/ratings/landover_*.py, docs/ladder.md)."""

from __future__ import annotations

import datetime
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.ratings import (
    Badge,
    BadgeKind,
    GameResult,
    Ladder,
    LadderPlayer,
    LadderRules,
    Rank,
    Season,
    SeasonName,
    SeasonTable,
    Tier,
    season_points,
)
from referee.ratings.landover_ladder import apply_rp, rp_deltas

RULES = LadderRules()


# --- season points: the six worked examples of landover.txt ("Seasons") -------------


@pytest.mark.parametrize(
    ("players", "place", "vp", "points"),
    [
        (2, 1, 15, 15.0),  # "1st place in 2 player game, earned 15 VP. Points = 15"
        (2, 2, 14, 0.0),  # "2nd Place in a 2 player game, earned 14 VP Points = 0"
        (3, 1, 21, 31.5),  # "1st place in 3 player game, earned 21 VP. Points = 21* 1.5 = 31.5"
        (3, 2, 11, 8.25),  # "2nd Place in 3 player game, earned 11 VP. ... = 8.25"
        (8, 1, 21, 84.0),  # "1st Place in 8 player game, earned 21 VP. Points = 21 * (4) = 84."
        (8, 2, 19, 65.14),  # "2nd place in 8 player game, earned 19 VP. ... = 65.14"
    ],
)
def test_season_points_reproduce_the_seed_examples(
    players: int, place: int, vp: int, points: float
) -> None:
    """SEASON-02: VP x (N/2) x (N - place) / (N - 1), as the seed's examples compute it."""
    assert round(season_points(vp, players, place), 2) == points


def test_season_points_are_kept_unrounded() -> None:
    """SEASON-02: 19 x 4 x 6/7 is 65.142857..., rounded only for display."""
    assert season_points(19, 8, 2) == pytest.approx(19 * 24 / 7)


def test_season_table_adds_up_games() -> None:
    """SEASON-03: a tie shares the better place; the table sums points and counts games."""
    table = SeasonTable(Season(2026, 1))
    table = table.record(GameResult.from_points({"ada": 15, "bob": 14}))
    table = table.record(GameResult.from_points({"ada": 9, "bob": 9, "cy": 4}))
    assert table.points == {"ada": 15 + 13.5, "bob": 13.5, "cy": 0.0}
    assert table.games == {"ada": 2, "bob": 2, "cy": 1}
    assert table.standings() == ["ada", "bob", "cy"]


def test_season_table_needs_points() -> None:
    """Season points multiply earned points; a result without them is refused."""
    with pytest.raises(ValueError, match="points"):
        SeasonTable(Season(2026, 1)).record(GameResult({"a": 1, "b": 2}))


# --- seasons and badges ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("day", "season", "name", "last"),
    [
        (datetime.date(2026, 1, 1), "2026-Q1", SeasonName.WINTER, datetime.date(2026, 3, 31)),
        (datetime.date(2026, 6, 30), "2026-Q2", SeasonName.SPRING, datetime.date(2026, 6, 30)),
        (datetime.date(2026, 7, 1), "2026-Q3", SeasonName.SUMMER, datetime.date(2026, 9, 30)),
        (datetime.date(2026, 12, 31), "2026-Q4", SeasonName.AUTUMN, datetime.date(2026, 12, 31)),
    ],
)
def test_seasons_are_calendar_quarters(
    day: datetime.date, season: str, name: SeasonName, last: datetime.date
) -> None:
    """SEASON-01: the seed's 'June 31' and 'Sept 31' are the last days of June and September."""
    found = Season.from_date(day)
    assert (str(found), found.name, found.last_day) == (season, name, last)
    assert found.first_day <= day <= found.last_day
    assert Season.parse(season) == found


def test_season_after_q4_is_next_winter() -> None:
    """The year rolls over after the autumn quarter."""
    assert Season(2026, 4).next() == Season(2027, 1)
    assert Season(2027, 1).label == "Winter 2027"


def table_with(points: dict[str, float], games: dict[str, int]) -> SeasonTable:
    """A season table with the given totals."""
    return SeasonTable(Season(2026, 2), points, games)


def test_top_three_and_participation_badges() -> None:
    """SEASON-05: places 1-3 get podium badges; others with 10+ games a participation badge."""
    table = table_with(
        {"a": 90.0, "b": 80.0, "c": 70.0, "d": 60.0, "e": 50.0},
        {"a": 3, "b": 12, "c": 10, "d": 10, "e": 9},
    )
    season = Season(2026, 2)
    assert table.badges() == [
        Badge("a", season, BadgeKind.PODIUM, 1),
        Badge("b", season, BadgeKind.PODIUM, 2),
        Badge("c", season, BadgeKind.PODIUM, 3),
        Badge("d", season, BadgeKind.PARTICIPATION),
    ]


def test_tied_points_share_a_podium_place() -> None:
    """SEASON-05: equal points share a place, so a tie for third puts four on the podium."""
    table = table_with(
        {"a": 9.0, "b": 8.0, "c": 7.0, "d": 7.0, "e": 1.0}, dict.fromkeys("abcde", 1)
    )
    places = {b.player: b.place for b in table.badges()}
    assert places == {"a": 1, "b": 2, "c": 3, "d": 3}


def test_season_table_and_badges_round_trip_through_json() -> None:
    """The tournament code stores tables and badges as JSON and reads them back unchanged."""
    table = table_with({"a": 31.5, "b": 8.25}, {"a": 10, "b": 10})
    assert SeasonTable.from_dict(json.loads(json.dumps(table.to_dict()))) == table
    for badge in table.badges():
        assert Badge.from_dict(json.loads(json.dumps(badge.to_dict()))) == badge


# --- ranked points --------------------------------------------------------------------


def test_duel_between_new_players() -> None:
    """LADDER-05 worked example: 10 VP beats 8 VP at equal skill: 40 x 0.5 + 10 x 0.1 = 21."""
    game = GameResult.from_points({"ada": 10, "bob": 8})
    assert rp_deltas(game, {"ada": 1500, "bob": 1500}, RULES) == {"ada": 21, "bob": -21}


def test_three_player_game_rounds_half_away_from_zero() -> None:
    """LADDER-05, LADDER-07: 12/9/6 VP at equal skill gives +22.5, 0, -22.5: +23, 0, -23."""
    game = GameResult.from_points({"a": 12, "b": 9, "c": 6})
    skills = dict.fromkeys("abc", 1500.0)
    assert rp_deltas(game, skills, RULES) == {"a": 23, "b": 0, "c": -23}


def test_beating_a_weaker_player_earns_less() -> None:
    """LADDER-05: skill 1700 beats 1500: expected 0.7597, so 40 x 0.2403 + 1 = 10.6: 11 RP."""
    game = GameResult.from_points({"ada": 10, "bob": 8})
    assert rp_deltas(game, {"ada": 1700, "bob": 1500}, RULES) == {"ada": 11, "bob": -11}


def test_a_win_never_costs_rp() -> None:
    """LADDER-07: a heavy favourite who wins on a tie-break with fewer VP still gains 1 RP.

    Raw: 40 x (1 - 0.99998) + 10 x (8 - 9) / 10 = -1.0, lifted to the minimum of +1.
    """
    game = GameResult({"ada": 1, "bob": 2}, points={"ada": 8, "bob": 10})
    assert rp_deltas(game, {"ada": 2900, "bob": 1000}, RULES) == {"ada": 1, "bob": -1}


def test_games_without_points_use_placement_only() -> None:
    """LADDER-05: with no victory points the margin term is 0."""
    game = GameResult({"a": 1, "b": 2})
    assert rp_deltas(game, {"a": 1500, "b": 1500}, RULES) == {"a": 20, "b": -20}


# --- promotion and demotion ---------------------------------------------------------


def test_reaching_100_promotes_keeping_the_excess() -> None:
    """LADDER-03: 90 RP + 21 in Iron I is Iron II with 11 RP."""
    assert apply_rp(Rank(Tier.IRON, 1, 90), 21, RULES) == Rank(Tier.IRON, 2, 11)


def test_division_five_promotes_into_the_next_tier() -> None:
    """LADDER-03: after division V comes division I of the next tier."""
    assert apply_rp(Rank(Tier.GOLD, 5, 95), 5, RULES) == Rank(Tier.PLATINUM, 1, 0)


def test_the_top_has_no_ceiling() -> None:
    """LADDER-03: Diamond V keeps counting past 100."""
    assert apply_rp(Rank(Tier.DIAMOND, 5, 95), 20, RULES) == Rank(Tier.DIAMOND, 5, 115)


def test_rp_stop_at_zero_before_demoting() -> None:
    """LADDER-04: the loss that reaches 0 is a warning; RP do not go negative."""
    assert apply_rp(Rank(Tier.SILVER, 3, 10), -21, RULES) == Rank(Tier.SILVER, 3, 0)


def test_a_loss_at_zero_demotes() -> None:
    """LADDER-04: losing at 0 RP drops a division, landing at 75 RP."""
    assert apply_rp(Rank(Tier.SILVER, 3, 0), -1, RULES) == Rank(Tier.SILVER, 2, 75)
    assert apply_rp(Rank(Tier.SILVER, 1, 0), -5, RULES) == Rank(Tier.BRONZE, 5, 75)


def test_a_draw_at_zero_does_not_demote() -> None:
    """LADDER-04: only a game that loses RP demotes."""
    assert apply_rp(Rank(Tier.SILVER, 3, 0), 0, RULES) == Rank(Tier.SILVER, 3, 0)


def test_the_bottom_never_drops() -> None:
    """LADDER-04: Iron I at 0 RP stays there."""
    assert apply_rp(Rank(), -20, RULES) == Rank()


def test_ladder_records_games_and_reports_changes() -> None:
    """LADDER-02, LADDER-06: new players join at Iron I; ranks, skills and counts move."""
    game = GameResult.from_points({"ada": 10, "bob": 8})
    start = Ladder({"bob": LadderPlayer(Rank(Tier.BRONZE, 2, 0), 1500.0, 40)})
    changes = start.changes(game)
    assert changes["bob"].demoted and changes["bob"].after == Rank(Tier.BRONZE, 1, 75)
    after = start.record(game)
    assert after.players["ada"] == LadderPlayer(Rank(Tier.IRON, 1, 21), 1516.0, 1)
    assert after.players["bob"] == LadderPlayer(Rank(Tier.BRONZE, 1, 75), 1484.0, 41)
    assert after.standings() == ["bob", "ada"]
    assert start.players["bob"].games == 40  # the old ladder is unchanged


def test_promotion_is_reported() -> None:
    """An RpChange says when a game climbed a division."""
    start = Ladder({"ada": LadderPlayer(Rank(Tier.IRON, 5, 95))})
    change = start.changes(GameResult({"ada": 1, "bob": 2}))["ada"]
    assert change.promoted and change.after == Rank(Tier.BRONZE, 1, 15)


def test_rank_labels() -> None:
    """LADDER-01: a standing reads like 'Gold III, 42 RP'."""
    assert Rank(Tier.GOLD, 3, 42).label == "Gold III, 42 RP"


def test_ladder_round_trips_through_json() -> None:
    """The tournament code persists the ladder as JSON, rules included."""
    ladder = Ladder(rules=LadderRules(placement_rp=30.0)).record(
        GameResult.from_points({"a": 12, "b": 9, "c": 6})
    )
    assert Ladder.from_dict(json.loads(json.dumps(ladder.to_dict()))) == ladder


@given(st.lists(st.integers(min_value=-60, max_value=60), max_size=60))
def test_any_run_of_games_keeps_a_valid_rank(deltas: list[int]) -> None:
    """Whatever happens, RP stay >= 0 and one game moves at most one division."""
    rank = Rank(Tier.SILVER, 3, 50)
    for delta in deltas:
        after = apply_rp(rank, delta, RULES)
        assert after.rp >= 0
        assert abs(after.level - rank.level) <= 1
        assert after.is_top() or after.rp < RULES.promote_at
        rank = after
