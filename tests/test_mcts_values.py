"""The MCTS bot's estimates of a position (bots/mcts_values.py).

A rollout cut short is judged by them, so they must read the position
without changing it, agree with the game's own score where the game has
ended, and turn leads into values a search can average.
"""

from __future__ import annotations

import importlib
import random
from functools import cache
from typing import Any

import pytest

from referee.games import get_engine
from referee.games.carcassonne.tiles import Kind
from referee.testing import random_playout

VALUES: Any = importlib.import_module("landgrave_bots.mcts_values")


def players(game: str) -> int:
    return 1 if game == "land6" else 2


@cache
def history(game: str) -> list[tuple[int, Any]]:
    """A random game's moves, 2 players where it can (Landover's are thousands: played once)."""
    return random_playout(get_engine(game), players(game), 3)[1]


def position(game: str, share: float) -> Any:
    """The state a share of the way into that game."""
    engine = get_engine(game)
    state = engine.new_game(engine.default_config(), players(game))
    moves = history(game)
    for seat, action in moves[: int(len(moves) * share)]:
        state.apply(seat, action)
    return state


@pytest.mark.parametrize("game", sorted(VALUES.ESTIMATES))
@pytest.mark.parametrize("share", [0.0, 0.5, 1.0])
def test_an_estimate_reads_the_position_without_changing_it(game: str, share: float) -> None:
    state = position(game, share)
    before = state.canonical()
    values = VALUES.ESTIMATES[game].values(state, random.Random(0))
    assert len(values) == players(game) and all(0.0 <= v <= 1.0 for v in values)
    assert state.canonical() == before


def test_carcassonne_counts_unfinished_features_and_the_final_score_at_the_end() -> None:
    state = position("carcassonne", 0.5)
    now = [score.total for score in state.scores]
    points = VALUES.carcassonne_points(state)
    assert all(p >= n for p, n in zip(points, now, strict=True))
    assert points != now  # followers stand on unfinished features half way through
    ended = position("carcassonne", 1.0)
    assert ended.is_terminal()
    in_hand = [0.5 * hand for hand in ended.hands]  # no tile left to use them on
    final = [o.score + h for o, h in zip(ended.outcome(), in_hand, strict=True)]
    assert VALUES.carcassonne_points(ended) == final


def test_a_carcassonne_farmer_costs_more_than_a_follower_that_comes_back() -> None:
    """A farmer stays to the end; a knight, thief or monk mostly comes home to be used again."""
    state = position("carcassonne", 0.0)
    for seat, action in history("carcassonne"):
        kinds = {getattr(a, "kind", None) for a in state.legal_actions(seat)}
        if Kind.FIELD in kinds and kinds & {Kind.CITY, Kind.ROAD, Kind.MONASTERY}:
            break
        state.apply(seat, action)
    else:
        pytest.fail("no follower decision offered both a farm and another feature")

    def follower_term(farm: bool) -> float:
        """The points beyond the provisional score, after a follower on a farm or not."""
        action = next(
            a
            for a in state.legal_actions(seat)
            if hasattr(a, "kind") and (a.kind is Kind.FIELD) == farm
        )
        after = state.clone()
        after.apply(seat, action)
        return VALUES.carcassonne_points(after)[seat] - after.provisional_scores()[seat]

    assert follower_term(farm=True) < follower_term(farm=False)


def test_landover_counts_victory_points_first() -> None:
    state = position("landover", 0.3)
    points = VALUES.landover_points(state)
    for seat in range(2):
        assert state.victory_points(seat) <= points[seat] < state.victory_points(seat) + 10


def test_a_fallen_farlanthia_realm_is_worth_less_than_any_living_one() -> None:
    state = position("farlanthia", 0.3)
    state.realms[1].alive = False
    points = VALUES.farlanthia_points(state)
    assert points[1] < 0 <= points[0]


def test_landover_counts_culture_toward_victory_points() -> None:
    """A culture level leads to metros and perks: the estimate counts it before it scores."""
    state = position("landover", 0.3)
    before = VALUES.landover_points(state)
    state.seats[0].culture[0] += 1
    after = VALUES.landover_points(state)
    assert after[0] > before[0] and after[1] == before[1]


def test_a_farlanthia_lead_counts_for_more_as_the_seasons_run_out() -> None:
    """Renown comes late and by luck: the same lead in points is surer near the end."""
    judge = VALUES.ESTIMATES["farlanthia"].values
    state = position("farlanthia", 0.3)
    state.realms[0].renown = state.realms[1].renown + 2
    early = judge(state, random.Random(0))[0]
    state.course.season = state.rules.years * 4 - 1
    late = judge(state, random.Random(0))[0]
    assert 0.5 < early < late < 1.0


def test_leads_become_values_level_at_a_half_and_three_to_one_at_one_scale() -> None:
    assert VALUES.lead_values([7.0, 7.0], 2.0) == [0.5, 0.5]
    ahead = VALUES.lead_values([9.0, 7.0], 2.0)
    assert ahead == pytest.approx([0.75, 0.25])
    three = VALUES.lead_values([10.0, 0.0, 0.0], 10.0)
    assert three[0] == pytest.approx(0.75) and three[1] == three[2] == pytest.approx(0.375)
    assert VALUES.lead_values([1e9, 0.0], 1.0) == pytest.approx([1.0, 0.0])


def test_land6_is_judged_by_the_heuristic_bots_own_score() -> None:
    """Its position score is roughly a chance of winning in percent (bots/land6_heuristic.py)."""
    heuristic = importlib.import_module("landgrave_bots.land6_heuristic")
    judge = VALUES.ESTIMATES["land6"].values
    state = position("land6", 0.5)
    board = heuristic.Board(state.observation(0))
    dice = {square: die.value for square, die in state.dice.items()}
    score = heuristic.score_position(board, dice, frozenset(state.cubes))
    assert judge(state, random.Random(0)) == [min(1.0, max(0.0, score / 100))]
    assert judge(position("land6", 0.0), random.Random(0)) == [0.5]  # no board laid yet


def test_land_plays_the_tuned_bot_on_to_the_end_exactly_once_both_seats_hold_land() -> None:
    """Land's estimate is the plots each seat ends with when both play on as the tuned bot
    (bots/land_tuned.py): with no chance left, that bot's own game from the position,
    whatever the dice."""
    playout = VALUES.ESTIMATES["land"].values
    land_greedy: Any = importlib.import_module("landgrave_bots.land_greedy")
    greedy = land_greedy.StatePlayer(land_greedy.TUNED)
    state = position("land", 0.3)
    assert all(state.owned) and not state.is_terminal()
    played = state.clone()
    while not played.is_terminal():
        seat = played.to_act()[0]
        played.apply(seat, greedy.choose(played, seat))
    expected = [float(plots) for plots in played.scores()]
    assert playout.plots(state, random.Random(1)) == expected
    assert playout.plots(state, random.Random(2)) == expected
    assert playout(state, random.Random(0)) == VALUES.lead_values(expected, playout.scale)
    ended = position("land", 1.0)
    assert ended.is_terminal()
    assert playout.plots(ended, random.Random(0)) == [float(score) for score in ended.scores()]


def test_land_playout_gives_a_seat_without_land_a_start_by_the_dice() -> None:
    """Before a seat has rolled a start region, the playout rolls one for it with the
    search's dice, so it ends with land, and the same dice give the same end."""
    state = position("land", 0.0)
    for seat, action in history("land"):
        if not state.order or not any(state.owned) or all(state.owned):
            state.apply(seat, action)
            continue
        break
    landless = [seat for seat, plots in enumerate(state.owned) if not plots]
    assert landless, "expected a position where one seat has land and another not yet"
    playout = VALUES.ESTIMATES["land"].values
    ends = [playout.plots(state, random.Random(seed)) for seed in range(5)]
    assert all(end[seat] >= 1 for end in ends for seat in landless)
    assert len({tuple(end) for end in ends}) > 1  # where it starts is the dice's
    assert playout.plots(state, random.Random(3)) == ends[3]  # and the dice are the search's


def test_a_land_lead_keeps_counting_at_its_margins() -> None:
    """At Land's margins (dozens of plots) a bigger win is still worth more: a scale of a
    few plots would value every win alike, and search could not prefer the bigger one."""
    scale = VALUES.ESTIMATES["land"].values.scale
    by_two, by_twenty = VALUES.lead_values([34, 32], scale), VALUES.lead_values([43, 23], scale)
    assert 0.5 < by_two[0] < by_twenty[0] < 0.9
