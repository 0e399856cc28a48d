"""The SDK's forward model: a bot samples the positions it may be in and plays them forward.

Search bots (bots/mcts_bot.py, and authors' own, docs/bots.md) rely on
three promises: the model comes from the game's own engine through the
registry (third-party games too), a sample offers the legal actions of the
decision in the decision's order (so an index found by search is the move
to send), and the engine's state methods step it.
"""

from __future__ import annotations

import importlib.util
import random
from typing import Any

import pytest
from google.protobuf import message_factory
from google.protobuf.empty_pb2 import Empty

import sdk
from referee.engine import CHANCE, Engine
from referee.games import get_engine
from referee.games.land.engine import LandEngine
from referee.match import play_in_process
from referee.match.chance import sample_outcome
from referee.match.termination import Termination
from sdk.messages import _learned, files_of, learn

NIM_INSTALLED = importlib.util.find_spec("landgrave_nim") is not None
PLAYOUT_STEPS = 40


class ForwardModelBot(sdk.Bot):
    """Checks the model at every decision, then plays the move a short playout liked."""

    name = "forward-model-check"

    def __init__(self) -> None:
        self.rng = random.Random(11)
        self.decisions = 0

    def decide(self, decision: sdk.Decision) -> int:
        model = decision.forward_model()
        state = model.sample(self.rng)
        seat = decision.match.seat
        legal = state.legal_actions(seat)
        sent = [a.SerializeToString() for a in decision.legal_actions]
        assert [model.to_proto(a).SerializeToString() for a in legal] == sent
        choice = self.rng.randrange(len(legal))
        trial = state.clone()
        trial.apply(seat, legal[choice])
        _play(trial, self.rng)
        assert len(trial.outcome()) == decision.match.num_players
        assert state.legal_actions(seat) == legal, "the playout changed the sample"
        self.decisions += 1
        return choice


def _play(state: Any, rng: random.Random) -> None:
    for _ in range(PLAYOUT_STEPS):
        if state.is_terminal():
            return
        for seat in state.to_act():
            if seat == CHANCE:
                state.apply(seat, sample_outcome(state.chance_outcomes(), rng))
            else:
                state.apply(seat, rng.choice(state.legal_actions(seat)))


GAMES = ["land", "land6", "carcassonne", *(["nim"] if NIM_INSTALLED else [])]


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_bot_searches_with_the_games_own_engine_through_the_referee(game: str) -> None:
    engine = get_engine(game)
    bots = [ForwardModelBot() for _ in range(engine.min_players if game == "land6" else 2)]
    result = play_in_process(engine, bots, seed=4)
    assert all(seat.termination is Termination.NORMAL for seat in result.seats), result.seats
    assert all(bot.decisions > 0 for bot in bots)


@pytest.mark.skipif(not NIM_INSTALLED, reason="examples/nim is not installed (pip install -e)")
def test_messages_decoded_from_the_referees_files_reach_the_engine_as_its_own() -> None:
    """A bot may decode a third-party game's messages before it loads the engine."""
    engine = get_engine("nim")
    state = engine.new_game(engine.default_config(), 2)
    observation = state.observation(0)
    learn(files_of(type(observation)))
    decoded = {}
    for message in (engine.default_config(), observation):
        name = message.DESCRIPTOR.full_name
        cls = message_factory.GetMessageClass(_learned.FindMessageTypeByName(name))
        decoded[name] = cls.FromString(message.SerializeToString())
        assert type(decoded[name]) is not type(message)
    config, seen = decoded.values()
    match = sdk.MatchInfo("m", "nim", seat=0, num_players=2, config=config)
    decision = sdk.Decision(match, seen, [], seconds_left=1.0)
    sample = decision.forward_model().sample(random.Random(0))
    assert sample.digest() == state.digest()


def test_a_game_that_is_not_installed_has_no_forward_model() -> None:
    match = sdk.MatchInfo("m", "no-such-game", seat=0, num_players=2, config=Empty())
    decision = sdk.Decision(match, None, [], seconds_left=1.0)
    with pytest.raises(sdk.NoForwardModel, match="no-such-game"):
        decision.forward_model()


class _NoDeterminize(LandEngine):
    determinize = Engine.determinize


def test_an_engine_without_determinization_says_so() -> None:
    engine = _NoDeterminize()
    state = engine.new_game(engine.default_config(), 2)
    match = sdk.MatchInfo("m", "land", seat=0, num_players=2, config=engine.default_config())
    model = sdk.ForwardModel(engine, match, state.observation(0), engine.default_config())
    with pytest.raises(sdk.NoForwardModel, match="cannot build a state"):
        model.sample(random.Random(0))
