"""The Farlanthia bots through the real referee loop; the greedy one beats the random one."""

from __future__ import annotations

import random

import pytest

import sdk
from referee.engine import CHANCE
from referee.games.farlanthia import ENGINE
from referee.games.farlanthia.actions import CombatRoll, Done, Move, Occupy, PressOn, Withdraw
from referee.games.farlanthia.rules import Rules
from referee.games.farlanthia.structures import Structure
from referee.match import play_in_process
from referee.match.chance import sample_outcome
from referee.replay.verify import verify_record
from tests.games.test_farlanthia_rules import (
    AWAY,
    battle_setup,
    clear,
    game,
    neighbour,
    to_conflict,
)
from tests.helpers import duel_wins, load_bot, load_bot_module


def greedy() -> sdk.Bot:
    bot: sdk.Bot = load_bot("farlanthia_greedy.py", "FarlanthiaGreedyBot")
    return bot


def choose(bot: sdk.Bot, state: object, seat: int) -> object:
    from referee.games.farlanthia.state import FarlanthiaState

    assert isinstance(state, FarlanthiaState)
    legal = state.legal_actions(seat)
    match = sdk.MatchInfo("m", "farlanthia", seat, state.num_players, state.rules.to_config())
    messages = list(ENGINE.action_list_to_proto(legal).actions)
    index = bot.decide(sdk.Decision(match, state.observation(seat), messages, 1.0))
    assert isinstance(index, int)
    return legal[index]


@pytest.mark.slow
def test_greedy_bot_beats_random_bot_in_80_percent_of_40_games() -> None:
    """Default config (five years); seats alternate; a shared first place is no win."""
    rand = load_bot("random_bot.py", "RandomBot")
    assert duel_wins(ENGINE, greedy(), rand, games=40) >= 32


@pytest.mark.slow
def test_greedy_bot_beats_two_random_bots_in_80_percent_of_3_player_games() -> None:
    """Default config with the draft, retreat and razing on the owner's phase; seats rotate."""
    games = 15
    wins = 0
    for seed in range(games):
        seat = seed % 3
        bots = [load_bot("random_bot.py", "RandomBot") for _ in range(3)]
        bots[seat] = greedy()
        result = play_in_process(ENGINE, bots, seed=seed)
        ranks = [s.rank for s in result.seats]
        wins += ranks[seat] == 1 and ranks.count(1) == 1
    assert wins >= 0.8 * games


@pytest.mark.slow
def test_random_bots_play_six_seats_and_the_record_verifies(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    record = tmp_path / "farlanthia.jsonl"
    bots = [load_bot("random_bot.py", "RandomBot") for _ in range(6)]
    config = ENGINE.default_config()
    config.years = 1
    result = play_in_process(ENGINE, bots, seed=3, config=config, record_path=record)
    assert sorted(seat.rank for seat in result.seats)[0] == 1
    verify_record(record)


def test_greedy_bot_razes_an_enemy_capitol_it_holds() -> None:
    state = game()
    to_conflict(state)
    state.tiles.remove_troops(AWAY, state.tiles.troops[AWAY])
    start = clear(state, neighbour(AWAY))
    state.add_troops(0, start, 3)
    state.apply(0, Move(start, AWAY, 3))
    state.apply(0, Done())
    state.apply(1, Done())  # FARL-17: the raze comes at the end of the owner's phase
    assert state.tiles.structure[AWAY] is Structure.CAPITOL
    assert choose(greedy(), state, 0) == Occupy(AWAY, 1)


def test_greedy_bot_withdraws_once_it_no_longer_outnumbers_the_defenders() -> None:
    state, target = battle_setup(defenders=2, attackers=3)
    state.realms[0].dice, state.realms[1].dice = (), ()
    state.apply(0, Move(state.tiles.troop_owner.index(0), target, 3))
    state.apply(CHANCE, CombatRoll((6, 5, 1)))
    state.apply(CHANCE, CombatRoll((6, 6)))
    assert choose(greedy(), state, 0) == Withdraw()  # 1 against 2


def test_greedy_bot_presses_on_while_it_outnumbers_the_defenders() -> None:
    state, target = battle_setup(defenders=2, attackers=5)
    state.realms[0].dice, state.realms[1].dice = (), ()
    state.apply(0, Move(state.tiles.troop_owner.index(0), target, 5))
    state.apply(CHANCE, CombatRoll((6, 5, 1)))
    state.apply(CHANCE, CombatRoll((6, 4)))
    assert choose(greedy(), state, 0) == PressOn()  # 4 against 1


def test_greedy_bot_drafts_poor_land_towards_the_enemy() -> None:
    from referee.games.farlanthia.actions import DrawTile, PlaceTile
    from referee.games.farlanthia.board import Terrain, geometry
    from referee.games.farlanthia.rules import Rules

    state = ENGINE.new_game(Rules().to_config(), 2)
    state.apply(CHANCE, DrawTile(int(Terrain.LAKE)))
    lake = choose(greedy(), state, 0)
    geo = geometry()
    assert isinstance(lake, PlaceTile)
    places = [a.tile for a in state.legal_actions(0) if isinstance(a, PlaceTile)]
    assert geo.distance(lake.tile, AWAY) == min(geo.distance(t, AWAY) for t in places)


def test_the_greedy_bot_reads_its_ambassadors_strength_as_the_engine_counts_it() -> None:
    """``View.strength`` (from the observation) against ``ambassador_strength`` (the
    engine's own) for every proposal legal in conflict phases of mostly random games."""
    import random

    from referee.games.farlanthia.actions import Propose
    from referee.games.farlanthia.diplomacy import Negotiation
    from referee.games.farlanthia.negotiation import ambassador_strength
    from referee.games.farlanthia.rules import Rules
    from referee.match.chance import sample_outcome

    view_class = load_bot_module("farlanthia_greedy.py").View
    checked: set[int] = set()
    for seed in range(4):
        rng = random.Random(seed)
        state = ENGINE.new_game(Rules(years=2, map_radius=4).to_config(), 2)
        while not state.is_terminal():
            for seat in state.to_act():
                if seat == CHANCE:
                    state.apply(seat, sample_outcome(state.chance_outcomes(), rng))
                    continue
                legal = state.legal_actions(seat)
                view = view_class(state.observation(seat), seat)
                for action in legal:
                    if isinstance(action, Propose):
                        kind = Negotiation(action.kind)
                        expected = ambassador_strength(state, kind, seat, action.target)
                        assert view.strength(action.kind, action.target) == expected
                        checked.add(expected)
                state.apply(seat, rng.choice(legal))
    assert {0, 1, 2, 3} <= checked  # every rule of FARL-26 was met


@pytest.mark.parametrize(("accept_at", "accepts"), [(99, False), (3, True)])
def test_the_greedy_bot_accepts_a_proposal_only_at_the_strength_it_is_told(
    accept_at: float, accepts: bool
) -> None:
    """A truce proposed at strength 3 (never engaged): resisted by default, accepted
    with ``accept_at=3``."""
    from referee.games.farlanthia.actions import Propose, Respond

    module = load_bot_module("farlanthia_greedy.py")
    bot = module.FarlanthiaGreedyBot(module.WEIGHTS._replace(accept_at=accept_at))
    state = game()
    to_conflict(state)
    state.apply(0, Propose(1, 1))
    assert state.observation(1).frames[-1].count == 3
    assert choose(bot, state, 1) == Respond(accepts)


@pytest.mark.parametrize(("keep_dice", "requisitions"), [(0, True), (1, False)])
def test_the_greedy_bot_keeps_its_last_die_from_the_caravan_when_told(
    keep_dice: float, requisitions: bool
) -> None:
    """In the realm phase with one leadership die left: spent at the caravan by default,
    kept for battles and negotiations with ``keep_dice=1``."""
    from referee.games.farlanthia.actions import Requisition

    module = load_bot_module("farlanthia_greedy.py")
    bot = module.FarlanthiaGreedyBot(module.WEIGHTS._replace(keep_dice=keep_dice))
    state = game()
    state.realms[0].dice = (5,)
    assert any(isinstance(a, Requisition) for a in state.legal_actions(0))
    assert isinstance(choose(bot, state, 0), Requisition) == requisitions


@pytest.mark.parametrize("seed", range(3))
def test_with_the_caravan_and_truce_options_on_bots_and_the_forward_model_stay_legal(
    seed: int,
) -> None:
    """single_requisition, requisition_blocks_trade and peaceful_reinforcement change what
    is legal: the greedy bot (seat 0, against random play) picks from the legal list, and
    a state rebuilt from each deciding seat's observation lists the same actions."""
    options = Rules(
        years=2,
        map_radius=4,
        single_requisition=True,
        requisition_blocks_trade=True,
        peaceful_reinforcement=True,
    )
    config = options.to_config()
    rng = random.Random(seed)
    bot = greedy()
    state = ENGINE.new_game(config, 2)
    while not state.is_terminal():
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply(seat, sample_outcome(state.chance_outcomes(), rng))
            continue
        legal, observation = state.legal_actions(seat), state.observation(seat)
        sampled = ENGINE.determinize(config, 2, seat, observation, rng)
        assert sampled.observation(seat) == observation
        assert sampled.legal_actions(seat) == legal
        action = choose(bot, state, seat) if seat == 0 else rng.choice(legal)
        assert action in legal
        state.apply(seat, action)
