"""Trading between players (docs/rules/landover.md LANDOVER-06)."""

from __future__ import annotations

from pathlib import Path

import pytest
from google.protobuf.any_pb2 import Any as AnyMessage

from referee.engine import CHANCE
from referee.errors import ConfigError, IllegalAction
from referee.games.landover import ENGINE
from referee.games.landover import rules as R
from referee.games.landover.actions import (
    AcceptTrade,
    CancelTrade,
    ChoosePartner,
    DeclineTrade,
    EndTurn,
    LandoverAction,
    ProposeTrade,
    SendOffer,
    TradeAsk,
    TradeGive,
)
from referee.games.landover.state import LandoverState
from referee.games.landover.trade import DECLINED
from referee.match import PenaltyPolicy
from referee.match.termination import Termination
from referee.record.format import decode_line
from referee.replay.verify import verify_record
from referee.transport.process import BotCommand
from sdk.pb.landgrave.games.landover.v1 import landover_pb2
from tests.games.test_landover_rules import blank, config, give
from tests.helpers import TEST_BOTS, play_processes


def offer(state: LandoverState, give: tuple[int, ...], get: tuple[int, ...]) -> None:
    """Seat 0 puts together and sends an offer."""
    state.apply(0, ProposeTrade())
    for kind in give:
        state.apply(0, TradeGive(kind))
    for kind in get:
        state.apply(0, TradeAsk(kind))
    state.apply(0, SendOffer())


def offered(players: int = 3, **changes: object) -> LandoverState:
    """Seat 0 holds 2 wood and offers 1 wood for 1 ore; the others hold ore."""
    state = blank(players, **changes)
    give(state, 0, wood=2)
    for seat in range(1, players):
        give(state, seat, ore=1)
    offer(state, (R.WOOD,), (R.ORE,))
    return state


def test_an_offer_is_put_together_within_the_hand_and_the_card_limit() -> None:
    """LANDOVER-06: up to trade_cards a side, giving only held cards, asking for other kinds."""
    state = blank(3)
    give(state, 0, wood=2, ore=1)
    assert ProposeTrade() in state.legal_actions(0)
    state.apply(0, ProposeTrade())
    assert state.to_act() == (0,)
    draft = state.legal_actions(0)
    assert draft == [CancelTrade(), TradeGive(R.WOOD), TradeGive(R.ORE)] + [
        TradeAsk(k) for k in range(R.KINDS)
    ]
    state.apply(0, TradeGive(R.WOOD))
    state.apply(0, TradeAsk(R.CLAY))
    assert SendOffer() in state.legal_actions(0)
    assert TradeAsk(R.WOOD) not in state.legal_actions(0)  # never a kind on both sides
    assert TradeGive(R.CLAY) not in state.legal_actions(0)
    state.apply(0, TradeGive(R.WOOD))
    legal = state.legal_actions(0)
    assert not any(isinstance(a, TradeGive) for a in legal)  # two a side at most
    state.apply(0, TradeAsk(R.COIN))
    assert state.legal_actions(0) == [CancelTrade(), SendOffer()]
    shown = state.observation(1).offer
    assert (list(shown.give), list(shown.get), shown.status) == (
        [R.WOOD, R.WOOD],
        [R.CLAY, R.COIN],
        "drafting",
    )
    off = blank(3, trade_cards=0)
    give(off, 0, wood=2)
    assert ProposeTrade() not in off.legal_actions(0)


def test_the_others_answer_at_once_and_the_proposer_picks_a_partner() -> None:
    """LANDOVER-06: simultaneous answers, then the proposer's choice swaps the cards."""
    state = offered(players=4)
    give(state, 3, ore=0, wool=1)
    assert state.to_act() == (1, 2, 3)
    assert state.legal_actions(1) == [AcceptTrade(), DeclineTrade()]
    assert state.legal_actions(3) == [DeclineTrade()]  # holds no ore
    state.apply(1, AcceptTrade())
    assert state.to_act() == (2, 3)
    state.apply(2, AcceptTrade())
    state.apply(3, DeclineTrade())
    assert state.to_act() == (0,)
    assert state.legal_actions(0) == [CancelTrade(), ChoosePartner(1), ChoosePartner(2)]
    for seat in range(4):
        shown = state.observation(seat).offer
        assert (list(shown.give), list(shown.get), list(shown.answers)) == (
            [R.WOOD],
            [R.ORE],
            [-1, 1, 1, 2],
        )
        assert shown.status == "choosing"
    state.apply(0, ChoosePartner(2))
    assert state.seats[0].hand[R.WOOD] == 1 and state.seats[0].hand[R.ORE] == 1
    assert state.seats[2].hand[R.WOOD] == 1 and state.seats[2].hand[R.ORE] == 0
    assert state.seats[1].hand[R.ORE] == 1
    assert state.to_act() == (0,) and EndTurn() in state.legal_actions(0)
    shown = state.observation(1).offer
    assert (shown.status, shown.partner) == ("done", 2)
    assert state.observation(1).offers_left == 2


def test_declined_by_all_closes_the_offer_and_cancel_keeps_the_cards() -> None:
    """LANDOVER-06: no partner, no choice; a cancelled offer moves no card."""
    state = offered()
    state.apply(1, DeclineTrade())
    state.apply(2, DeclineTrade())
    assert state.to_act() == (0,) and state.observation(0).offer.status == "declined"
    offer(state, (R.WOOD,), (R.ORE,))
    state.apply(1, AcceptTrade())
    state.apply(2, DeclineTrade())
    state.apply(0, CancelTrade())
    assert state.seats[0].hand[R.WOOD] == 2 and state.seats[1].hand[R.ORE] == 1
    assert state.observation(2).offer.status == "cancelled"


def test_offers_per_turn_are_limited_and_reset_next_turn() -> None:
    """LANDOVER-06: trade_offers per turn; a withdrawn draft counts."""
    state = blank(2, trade_offers=1)
    give(state, 0, wood=2)
    state.apply(0, ProposeTrade())
    state.apply(0, CancelTrade())
    assert ProposeTrade() not in state.legal_actions(0)
    with pytest.raises(IllegalAction):
        state.apply(0, ProposeTrade())
    state.apply(0, EndTurn())
    assert state.offer is None and state.offers_made == 0


def test_a_responder_cannot_accept_without_the_cards_nor_answer_twice() -> None:
    state = offered()
    state.seats[2].hand[R.ORE] = 0
    with pytest.raises(IllegalAction):
        state.apply(2, AcceptTrade())
    state.apply(1, DeclineTrade())
    with pytest.raises(IllegalAction):
        state.apply(1, AcceptTrade())
    assert state.default_action(2) == DeclineTrade()


def test_trade_options_are_checked() -> None:
    with pytest.raises(ConfigError, match=r"trade_cards: expected 0\.\.3, got 4"):
        ENGINE.new_game(config(trade_cards=4), 2)
    with pytest.raises(ConfigError, match=r"trade_offers: expected 0\.\.10, got 11"):
        ENGINE.new_game(config(trade_offers=11), 2)


def trader(*mode: str) -> BotCommand:
    return BotCommand.parse(" ".join([str(TEST_BOTS / "landover_trader.py"), *mode]))


@pytest.mark.slow
async def test_a_seat_that_times_out_on_an_offer_declines_it(tmp_path: Path) -> None:
    """LANDOVER-06: with real bot processes, a late answer is the referee's decline."""
    record = tmp_path / "trade.jsonl"
    game_config = config(turn_limit=6, trade_offers=1)
    result, _ = await play_processes(
        ENGINE,
        tmp_path,
        [trader(), trader(), trader("slow-answer")],
        decision_s=0.4,
        config=game_config,
        penalties=PenaltyPolicy.lenient(max_strikes=50),
        record_path=record,
    )
    assert all(seat.termination is Termination.NORMAL for seat in result.seats)
    state = ENGINE.new_game(game_config, 3)
    assert isinstance(state, LandoverState)
    declined_for_seat_2 = 0
    for text in record.read_text().splitlines():
        line = decode_line(text)
        if line.HasField("chance"):
            state.apply(CHANCE, _action(line.chance.outcome))
        elif line.HasField("decision"):
            decision = line.decision
            action = _action(decision.action)
            state.apply(decision.seat, action)
            if decision.by_referee and isinstance(action, DeclineTrade):
                # Seat 2 always; on a busy machine another seat may be late too.
                assert state.offer is not None
                assert state.offer.answers[decision.seat] == DECLINED  # it went on without it
                declined_for_seat_2 += decision.seat == 2
            assert not (decision.by_referee and isinstance(action, AcceptTrade))
    assert declined_for_seat_2
    verify_record(record)


def _action(payload: AnyMessage) -> LandoverAction:
    message = landover_pb2.Action()
    assert payload.Unpack(message)
    return ENGINE.action_from_proto(message)
