"""The MCTS bot (bots/mcts_bot.py): search that plays every game, on time, legally.

It is the sparring partner bot authors measure themselves against, so it
must never lose a match to the clock or an illegal move, in any game, and
its search must find what search finds (a won Nim position's one winning
move). Strength against the greedy bots is measured by bench/sparring.py.
"""

from __future__ import annotations

import gc
import importlib
import importlib.util
import json
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
import trio

import sdk
from referee.engine import CHANCE, SeatOutcome
from referee.games import get_engine
from referee.match import starvation
from referee.match.chance import sample_outcome
from referee.settings import MatchOptions
from referee.testing import random_playout
from referee.tournament.coordinator import open_tournament, run_tournament
from referee.tournament.spec import Entrant, Rotation, TournamentSpec
from referee.tournament.store import DATABASE_NAME
from tests.helpers import BOTS

NIM_INSTALLED = importlib.util.find_spec("landgrave_nim") is not None


def bot_module(filename: str) -> Any:
    """A built-in bot's script (bots/FILENAME), imported from its installed package."""
    return importlib.import_module(f"landgrave_bots.{filename.removesuffix('.py')}")


MCTS = bot_module("mcts_bot.py")
SEARCH = bot_module("mcts_search.py")
VALUES = bot_module("mcts_values.py")


def mcts(*args: str) -> Any:
    return MCTS.MctsBot(MCTS.parse_settings([*args, "--seed", "1"]))


def heuristic(game: str) -> Any:
    """A fresh copy of the heuristic bot the MCTS bot asks in ``game``."""
    return MCTS.heuristic_class(game)()


def decision_at(game: str, players: int, step_share: float, seed: int = 2) -> sdk.Decision:
    """The decision of the seat to act a share of the way into a random game (60 s to think)."""
    engine = get_engine(game)
    _, history = random_playout(engine, players, seed)
    state = engine.new_game(engine.default_config(), players)
    at = int(len(history) * step_share)
    for seat, action in history[:at]:
        state.apply(seat, action)
    while state.to_act() == (-1,):
        state.apply(*history[at])
        at += 1
    seat = state.to_act()[0]
    match = sdk.MatchInfo("m", game, seat, players, engine.default_config())
    legal = [engine.action_to_proto(a) for a in state.legal_actions(seat)]
    return sdk.Decision(match, state.observation(seat), legal, seconds_left=60.0)


def test_values_rank_the_seats_share_ties_and_count_a_solo_win() -> None:
    values = SEARCH.values
    assert values([SeatOutcome(9, 1), SeatOutcome(3, 2)]) == [1.0, 0.0]
    tied = values([SeatOutcome(5, 1), SeatOutcome(5, 1), SeatOutcome(1, 3)])
    assert tied[0] == tied[1] == pytest.approx(0.9 * 0.75 + 0.1) and tied[2] == 0.0
    assert values([SeatOutcome(40, 1, ("Master of Dice", "won"))]) == [1.0]
    assert values([SeatOutcome(40, 1, ("Master of Dice", "lost"))]) == [0.0]


@pytest.mark.skipif(not NIM_INSTALLED, reason="examples/nim is not installed (pip install -e)")
def test_search_finds_the_one_winning_move_of_a_nim_position() -> None:
    """Heaps 1 and 2: only taking one stone from the second heap wins."""
    from landgrave_nim import nim_pb2

    engine = get_engine("nim")
    config = nim_pb2.Config(heaps=[1, 2])
    state = engine.new_game(config, 2)
    legal = state.legal_actions(0)
    match = sdk.MatchInfo("m", "nim", 0, 2, config)
    protos = [engine.action_to_proto(a) for a in legal]
    decision = sdk.Decision(match, state.observation(0), protos, seconds_left=5.0)
    bot = mcts("--iterations", "300", "--rollout", "random")
    assert legal[bot.decide(decision)] == type(legal[0])(heap=1, count=1)
    assert bot.last_iterations == 300


@pytest.mark.parametrize("game", ["land", "land6", "carcassonne"])
def test_greedy_rollouts_ask_the_games_own_greedy_bot(game: str) -> None:
    decision = decision_at(game, get_engine(game).min_players, 0.3)
    greedy_rollouts = ("--rollout", "greedy", "--greedy-share", "1", "--rollout-steps", "30")
    bot = mcts("--iterations", "4", *greedy_rollouts)
    choice = bot.decide(decision)
    assert 0 <= choice < len(decision.legal_actions)
    assert bot.last_iterations == 4
    assert game in bot.greedy
    assert (bot.statistics.decisions, bot.statistics.iterations) == (1, 4)
    assert bot.statistics.cpu_seconds > 0


@pytest.mark.parametrize(("args", "steps"), [((), 40), (("--rollout-steps", "0"), 0)])
def test_rollout_steps_are_the_game_s_own_unless_set_to_any_number_zero_too(
    args: tuple[str, ...], steps: int
) -> None:
    decision = decision_at("landover", 2, 0.3)
    search = SEARCH.Search(mcts(*args), decision.forward_model(), decision.match.seat, 0.0)
    assert search.rollout_steps == steps


def evidence(visits: int, mean: float, spread: float) -> Any:
    """What search saw of an action whose values had this standard deviation."""
    node = SEARCH.Node(1)
    node.visits, node.totals = visits, [mean * visits]
    node.squares = visits * (spread**2 + mean**2)
    return SEARCH.Evidence.of(node, 0)


def test_search_overrules_the_greedy_choice_only_on_evidence() -> None:
    def choose(visits: list[int], means: list[float], prior: int | None, z: float = 1.0) -> int:
        stats = [evidence(n, mean, 0.5) for n, mean in zip(visits, means, strict=True)]
        return int(SEARCH.choose(stats, prior, z))

    assert choose([5, 9, 1], [0.4, 0.6, 0.0], None) == 1
    assert choose([1, 1, 1], [0.0, 1.0, 0.0], 0) == 0  # one visit each proves nothing
    assert choose([10, 12, 1], [0.4, 0.5, 0.0], 0) == 0  # a lead within the noise
    assert choose([40, 90, 1], [0.3, 0.6, 0.0], 0) == 1  # a clear lead
    assert choose([40, 90, 1], [0.3, 0.6, 0.0], 0, 5.0) == 0  # unless asked for more


def test_the_lead_that_overrules_is_the_games_own_unless_given() -> None:
    assert mcts().overrule("farlanthia") == MCTS.OVERRULE["farlanthia"] > 1.0
    assert mcts().overrule("land") == 1.0
    assert mcts("--overrule", "2").overrule("farlanthia") == 2.0


def test_a_steady_lead_overrules_sooner_than_a_noisy_one() -> None:
    """The spread of the values seen, not the widest spread there could be, sets the bar."""
    steady = [evidence(8, 0.50, 0.05), evidence(12, 0.56, 0.05)]
    noisy = [evidence(8, 0.50, 0.45), evidence(12, 0.56, 0.45)]
    assert SEARCH.choose(steady, 0, 1.0) == 1
    assert SEARCH.choose(noisy, 0, 1.0) == 0
    unseen = SEARCH.Evidence.of(None, 0)
    assert unseen.visits == 0 and unseen.variance == SEARCH.PRIOR_SPREAD**2


@pytest.mark.parametrize("game", ["land", "carcassonne"])
def test_a_search_too_thin_to_judge_plays_the_greedy_choice(game: str) -> None:
    """One iteration proves nothing: the bot must not play worse than the greedy bot."""
    decision = decision_at(game, 2, 0.4)
    greedy = heuristic(game)
    bot = mcts("--iterations", "1")
    assert bot.decide(decision) == greedy.decide(decision)
    assert bot.last_iterations == 1
    assert (bot.statistics.decisions, bot.statistics.overruled) == (1, 0)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["land", "carcassonne", "landover", "farlanthia"])
def test_the_greedy_ranking_puts_the_greedy_choice_first(game: str) -> None:
    """The MCTS bot's root candidates come from the greedy bot's own scores of every action."""
    for share in (0.1, 0.4, 0.7):
        decision = decision_at(game, 2, share)
        greedy = heuristic(game)
        scores = greedy.action_scores(decision)
        assert len(scores) == len(decision.legal_actions)
        if game != "carcassonne" or decision.legal_actions[0].WhichOneof("kind") == "place_tile":
            # (A Carcassonne follower is played by the plan its tile made, not its score.)
            assert scores.index(max(scores)) == greedy.decide(decision)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["land", "carcassonne"])
def test_search_chooses_among_the_greedy_bots_best_few(game: str) -> None:
    for share in (0.3, 0.6):
        decision = decision_at(game, 2, share)
        greedy = heuristic(game)
        scores = greedy.action_scores(decision)
        best_two = sorted(range(len(scores)), key=lambda i: (-scores[i], i))[:2]
        allowed = {*best_two, greedy.decide(decision)}
        bot = mcts("--iterations", "200", "--candidates", "2", "--overrule", "0")
        assert bot.decide(decision) in allowed
        root_seat = decision.match.seat
        root = bot.trees["m"]
        legal = decision.forward_model().sample(random.Random(0)).legal_actions(root_seat)
        assert {action for (_, action) in root.children} <= {legal[i] for i in allowed}


def test_below_the_root_the_tree_tries_only_the_heuristics_best_few() -> None:
    """``--tree-candidates 1`` (Carcassonne's default): every seat's decision below the root
    is the heuristic's best (the rival replies as a player would); chance still branches."""

    def widest_below_root(root: Any) -> tuple[int, int]:
        """The most moves, and the most chance outcomes, tried at one node below the root."""
        moves = outcomes = 0
        nodes = list(root.children.values())
        while nodes:
            node = nodes.pop()
            tried = [key for key in node.children if key[0] != CHANCE]
            moves = max(moves, len(tried))
            outcomes = max(outcomes, len(node.children) - len(tried))
            nodes.extend(node.children.values())
        return moves, outcomes

    narrow = mcts("--iterations", "300")  # Carcassonne's own: TREE_CANDIDATES
    assert narrow.tree_candidates("carcassonne") == 1
    narrow.decide(decision_at("carcassonne", 2, 0.5))
    moves, outcomes = widest_below_root(narrow.trees["m"])
    assert moves == 1 and outcomes > 1
    wide = mcts("--iterations", "300", "--tree-candidates", "0")
    wide.decide(decision_at("carcassonne", 2, 0.5))
    assert widest_below_root(wide.trees["m"])[0] > 1


def test_the_budget_keeps_a_margin_and_spends_a_little_of_the_bank() -> None:
    match = sdk.MatchInfo("m", "land", 0, 2, None)
    plain = sdk.Decision(match, None, [], seconds_left=0.2)
    banked = sdk.Decision(match, None, [], seconds_left=10.2, bank_seconds=10.0)
    bot = mcts()
    assert bot.budget(plain) == pytest.approx(0.2 - 0.06 - 0.15 * 0.2)
    assert bot.budget(banked) == pytest.approx(0.7 - 0.06 - 0.15 * 0.7)
    assert mcts("--move-time", "0.1").budget(banked) == pytest.approx(0.1)  # its own think time
    assert mcts("--move-time", "5").budget(banked) == pytest.approx(0.7 - 0.06 - 0.15 * 0.7)
    assert bot.budget(sdk.Decision(match, None, [], seconds_left=0.01)) == 0.0


def test_a_game_without_a_forward_model_is_played_without_search() -> None:
    match = sdk.MatchInfo("m", "no-such-game", 0, 2, None)
    decision = sdk.Decision(match, None, [object(), object(), object()], seconds_left=1.0)
    bot = mcts()
    assert 0 <= bot.decide(decision) < 3
    assert bot.last_iterations == 0


SHORT_GAMES = {
    "land": {"map": "random", "map_columns": 2, "map_rows": 2},
    "land6": {"turn_limit": 4},
    "carcassonne": {},
    "landover": {"turn_limit": 12},
    "farlanthia": {"years": 1, "map_radius": 4},
}
"""Every game, cut short where it has an option for that (Carcassonne has none)."""


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(SHORT_GAMES))
def test_mcts_never_times_out_or_plays_illegally_at_200_ms_per_move(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Real bot processes through the real referee: the clock is the referee's.

    A decision the referee finds the machine to blame for (the bot starved of CPU,
    or the referee itself waking late: docs/tournaments.md, "Congestion") is asked
    again as often as it takes, not twice: on a loaded test machine that is load,
    not the bot's time management. A bot that computes past its time is not excused.
    """
    monkeypatch.setattr(starvation, "MAX_REGRANTS", 1000)
    entrants = (
        Entrant("mcts", str(BOTS / "mcts_bot.py")),
        Entrant("random", str(BOTS / "random_bot.py")),
    )
    spec = TournamentSpec(
        game=game,
        name=f"mcts-{game}",
        entrants=entrants,
        config=SHORT_GAMES[game],
        games_per_table=1 if game == "carcassonne" else 2,
        rotation=Rotation.NONE if game == "carcassonne" else Rotation.ALL,
        match=MatchOptions(decision_ms=200),
        concurrency=1,
    )
    store, spec = open_tournament(tmp_path / "t", spec)
    trio.run(run_tournament, store, spec)
    store.close()
    with sqlite3.connect(tmp_path / "t" / DATABASE_NAME) as db:
        rows = db.execute("SELECT status, result FROM matches").fetchall()
    assert rows and all(status == "done" for status, _ in rows)
    seats = [s for _, result in rows for s in json.loads(result)["seats"] if s["name"] == "mcts"]
    assert len(seats) == (len(rows) // 2 if get_engine(game).max_players == 1 else len(rows))
    # The MCTS bot's own seat: no fault. (On a loaded machine the random bot may be the
    # late one; the MCTS bot then wins by adjudication, which is no fault of its own.)
    ended = {"normal", "adjudicated"}
    assert all(s["termination"] in ended and not s.get("faults") for s in seats), seats


def test_a_move_samples_its_positions_once_and_clones_them_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Sampling builds a state from an observation; a clone is far cheaper (docs/bots.md)."""
    sampled = 0
    sample = sdk.ForwardModel.sample

    def counted(model: sdk.ForwardModel, rng: Any) -> Any:
        nonlocal sampled
        sampled += 1
        return sample(model, rng)

    monkeypatch.setattr(sdk.ForwardModel, "sample", counted)
    # (No heuristic asked: the Carcassonne one samples the pile once for itself.)
    bot = mcts("--iterations", "40", "--samples", "4", "--no-prior", "--candidates", "0")
    decision = decision_at("carcassonne", 2, 0.3)
    assert 0 <= bot.decide(decision) < len(decision.legal_actions)
    assert bot.last_iterations == 40
    assert sampled == 4


def placed_tile(bot: Any) -> tuple[sdk.Decision, Any, Any]:
    """The bot's Carcassonne tile decision, decided: the decision, a state after it, the tile."""
    place = decision_at("carcassonne", 2, 0.3)
    choice = bot.decide(place)
    seat = place.match.seat
    state = place.forward_model().sample(random.Random(1))
    action = state.legal_actions(seat)[choice]
    state.apply(seat, action)
    assert state.to_act() == (seat,)  # the follower choice comes next
    return place, state, action


def decision_after(place: sdk.Decision, state: Any, *events: sdk.Event) -> sdk.Decision:
    """The seat's next decision in ``state``, with ``events`` since its last."""
    engine = get_engine("carcassonne")
    seat = place.match.seat
    legal = [engine.action_to_proto(a) for a in state.legal_actions(seat)]
    observation = state.observation(seat)
    return sdk.Decision(place.match, observation, legal, seconds_left=60.0, events=list(events))


def test_the_next_search_starts_from_the_subtree_its_events_lead_to() -> None:
    """A Carcassonne follower choice follows the seat's own placement: that subtree is kept."""
    bot = mcts("--iterations", "60")
    place, state, action = placed_tile(bot)
    assert bot.statistics.reused_visits == 0
    seat = place.match.seat
    visited = bot.trees["m"].children[(seat, action)].visits
    placed = sdk.Event(step=1, seat=seat, action=get_engine("carcassonne").action_to_proto(action))
    bot.decide(decision_after(place, state, placed))
    assert bot.statistics.reused_visits == visited > 0

    unknown = sdk.Event(step=2, seat=CHANCE, action=None)
    bot.decide(decision_after(place, state, unknown))
    assert bot.statistics.reused_visits == visited  # a hidden step: a fresh tree


def test_a_decision_without_events_is_searched_afresh() -> None:
    """No events, not even the seat's own step: the last root is not this position's."""
    bot = mcts("--iterations", "60")
    place, state, _ = placed_tile(bot)
    bot.decide(decision_after(place, state))
    assert bot.statistics.reused_visits == 0
    assert bot.trees["m"].visits == 60


def test_a_decision_not_searched_ends_the_reuse_of_the_last_tree() -> None:
    """The next decision's events start after the unsearched one, not at the tree's root."""
    bot = mcts("--iterations", "60")
    place, state, action = placed_tile(bot)
    follower = decision_after(place, state)
    only = sdk.Decision(place.match, follower.observation, follower.legal_actions[:1], 60.0)
    assert bot.decide(only) == 0
    seat = place.match.seat
    placed = sdk.Event(step=1, seat=seat, action=get_engine("carcassonne").action_to_proto(action))
    bot.decide(decision_after(place, state, placed))
    assert bot.statistics.reused_visits == 0


def landover_decision(wanted: Any) -> sdk.Decision:
    """The first decision of a random 2-player Landover game that ``wanted`` accepts."""
    engine = get_engine("landover")
    _, history = random_playout(engine, 2, 3)
    state = engine.new_game(engine.default_config(), 2)
    for seat, action in history:
        if seat != CHANCE and len(state.legal_actions(seat)) > 1:
            legal = [engine.action_to_proto(a) for a in state.legal_actions(seat)]
            match = sdk.MatchInfo("m", "landover", seat, 2, engine.default_config())
            decision = sdk.Decision(match, state.observation(seat), legal, seconds_left=60.0)
            if wanted(decision):
                return decision
        state.apply(seat, action)
    raise AssertionError("no such decision in this random game")


def kinds(decision: sdk.Decision) -> list[str]:
    return [action.WhichOneof("kind") for action in decision.legal_actions]


def test_a_landover_offer_is_the_greedy_bots_choice_unsearched() -> None:
    """Rollouts never trade, so search cannot judge an offer: the heuristic makes it."""
    offer = {"trade_give", "trade_ask", "send_offer", "cancel_trade"}
    decision = landover_decision(lambda d: set(kinds(d)) <= offer)
    bot = mcts("--iterations", "50")
    assert bot.decide(decision) == heuristic("landover").decide(decision)
    assert bot.statistics.decisions == 0
    searching = mcts("--iterations", "50", "--no-greedy-menus")
    searching.decide(decision)
    assert (searching.statistics.decisions, searching.last_iterations) == (1, 50)


def heuristic_proposes(decision: sdk.Decision) -> bool:
    return kinds(decision)[heuristic("landover").decide(decision)] == "propose_trade"


def test_a_landover_trade_the_heuristic_proposes_is_made_unsearched() -> None:
    decision = landover_decision(heuristic_proposes)
    bot = mcts("--iterations", "50")
    assert kinds(decision)[bot.decide(decision)] == "propose_trade"
    assert bot.statistics.decisions == 0


def test_search_never_proposes_a_landover_trade_in_the_heuristics_place() -> None:
    """Where the heuristic does something else, a proposal is not even searched."""
    decision = landover_decision(
        lambda d: (
            "propose_trade" in kinds(d) and len(set(kinds(d))) > 2 and not heuristic_proposes(d)
        )
    )
    for flag, searched in (("--greedy-menus", False), ("--no-greedy-menus", True)):
        bot = mcts("--iterations", "200", flag)
        bot.decide(decision)
        assert bot.statistics.decisions == 1
        tried = {type(action).__name__ for _, action in bot.trees["m"].children}
        assert ("ProposeTrade" in tried) == searched, flag


def test_a_landover_starting_corner_is_the_heuristics_choice_unsearched() -> None:
    """The heuristic values a start by a fit of who wins, which the search's estimate
    does not know: its starting village is the MCTS bot's, and no search is made."""
    engine = get_engine("landover")
    state = engine.new_game(engine.default_config(), 2)
    rng = random.Random(4)
    while state.to_act() == (CHANCE,):  # the map is dealt
        state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
    legal = [engine.action_to_proto(a) for a in state.legal_actions(0)]
    assert {proto.WhichOneof("kind") for proto in legal} == {"build_village"}
    match = sdk.MatchInfo("m", "landover", 0, 2, engine.default_config())
    decision = sdk.Decision(match, state.observation(0), legal, seconds_left=60.0)
    bot = mcts("--iterations", "50")
    assert bot.decide(decision) == heuristic("landover").decide(decision)
    assert bot.statistics.decisions == 0


def test_a_seeded_search_repeats_itself_whatever_was_searched_before() -> None:
    """--seed repeats a search: Land's playouts roll a landless seat's start with its dice."""
    engine = get_engine("land")
    _, history = random_playout(engine, 2, 2)
    state = engine.new_game(engine.default_config(), 2)
    for seat, action in history:
        if seat != CHANCE and len(state.legal_actions(seat)) > 1 and not all(state.owned):
            break  # a start chosen while the rival has no land yet: a playout rolls for it
        state.apply(seat, action)
    match = sdk.MatchInfo("m", "land", seat, 2, engine.default_config())
    legal = [engine.action_to_proto(a) for a in state.legal_actions(seat)]
    decision = sdk.Decision(match, state.observation(seat), legal, seconds_left=60.0)

    def root_values(bot: Any) -> list[list[float]]:
        bot.decide(decision)
        return [child.totals for child in bot.trees["m"].children.values()]

    first = root_values(mcts("--iterations", "300", "--no-prior"))
    root_values(mcts("--iterations", "300", "--no-prior"))  # a search between, its dice spent
    assert root_values(mcts("--iterations", "300", "--no-prior")) == first


def test_a_search_holds_the_cycle_collector_off_and_the_match_end_lets_it_back() -> None:
    """A collector pass over a big tree is a pause the clock cannot see coming."""
    passes = 0

    def count(phase: str, info: dict[str, int]) -> None:
        nonlocal passes
        passes += phase == "start"

    # (This decision puts an offer together: searched only with --no-greedy-menus.)
    bot = mcts("--iterations", "300", "--no-greedy-menus")
    decision = decision_at("landover", 2, 0.3)
    gc.callbacks.append(count)
    try:
        assert 0 <= bot.decide(decision) < len(decision.legal_actions)
    finally:
        gc.callbacks.remove(count)
    assert bot.last_iterations == 300
    assert passes == 0, "the collector ran during the search"
    assert gc.isenabled() and gc.get_freeze_count() > 0
    bot.match_ended(decision.match, [])
    assert gc.get_freeze_count() == 0


def decisions_below(node: Any) -> int:
    """The most decisions (chance outcomes not counted) on a path below ``node``."""
    deepest = 0
    for (mover, _), child in node.children.items():
        deepest = max(deepest, (mover != CHANCE) + decisions_below(child))
    return deepest


@pytest.mark.parametrize("depth", [1, 2])
def test_a_tree_depth_bounds_the_decisions_an_iteration_walks(depth: int) -> None:
    """--tree-depth 1 searches the root's actions alone, each judged by its rollouts;
    the tree grows below them with no bound (0), and only so far with one."""
    decision = decision_at("land", 2, 0.3)
    for bound, deepest in ((depth, lambda d: d == depth), (0, lambda d: d > 2)):
        bot = mcts("--iterations", "400", "--tree-depth", str(bound), "--no-reuse")
        bot.decide(decision)
        assert deepest(decisions_below(bot.trees["m"]))


def test_a_lead_scale_values_a_finished_game_by_its_margin() -> None:
    """With --lead-scale a rollout played to the end tells a big win from a small one
    (Land's margins run to dozens of plots); without it, only places count."""
    decision = decision_at("land", 2, 0.5)
    model = decision.forward_model()
    state = model.sample(random.Random(0))
    rng = random.Random(1)
    while not state.is_terminal():
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    scores = [seat.score for seat in state.outcome()]
    assert scores[0] != scores[1]
    assert mcts().lead_scale("land") == 20.0  # the game's own, by its margins
    assert mcts().lead_scale("carcassonne") == 0.0  # by places
    by_places = mcts("--rollout-steps", "0", "--lead-scale", "0")
    by_lead = mcts("--rollout-steps", "0", "--lead-scale", "20")
    deadline = time.monotonic() + 60
    places = SEARCH.Search(by_places, model, 0, deadline).rollout(state.clone())
    lead = SEARCH.Search(by_lead, model, 0, deadline).rollout(state.clone())
    assert places == SEARCH.values(state.outcome())
    assert lead == VALUES.lead_values(scores, 20.0) != places
    assert 0.5 < max(lead) < 0.999
