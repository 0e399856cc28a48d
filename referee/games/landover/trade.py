"""Trading between players (LANDOVER-06): bounded offers, answered at once.

On its turn after the roll the current player may start up to
``trade_offers`` offers. Each is put together card by card (``TradeGive``,
``TradeAsk``: at most ``trade_cards`` a side, giving only held cards, never
the same kind on both sides), so every legal list stays short, then sent.
Every other seat answers at the same time: accept or decline; a seat that
cannot pay may only decline, and the referee's default is a decline. The
proposer then trades with one seat that accepted, or cancels.

An offer is a frozen value: each step makes a new one, and the state only
swaps its reference (a clone shares it).
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.games.landover import rules as R
from referee.games.landover.actions import (
    AcceptTrade,
    CancelTrade,
    ChoosePartner,
    DeclineTrade,
    LandoverAction,
    SendOffer,
    TradeAsk,
    TradeGive,
)
from referee.games.landover.records import Player

PROPOSER, WAITING, ACCEPTED, DECLINED = -1, 0, 1, 2
"""Values of ``Offer.answers``, as in the Observation's TradeOffer."""
DRAFTING, ANSWERING, CHOOSING = "drafting", "answering", "choosing"
"""An offer waiting for a seat: the proposer adds cards, the others answer, the proposer picks."""
DONE, CANCELLED, DECLINED_BY_ALL = "done", "cancelled", "declined"
"""A closed offer, shown until the next one or the end of the turn."""


@dataclass(frozen=True)
class Offer:
    """One offer between players and how it stands."""

    proposer: int
    give: tuple[int, ...] = ()
    """Kinds the proposer gives, one entry per card, sorted."""
    get: tuple[int, ...] = ()
    """Kinds the proposer asks for, one entry per card, sorted."""
    answers: tuple[int, ...] = ()
    """Per seat: PROPOSER, WAITING, ACCEPTED or DECLINED (empty while drafting)."""
    status: str = DRAFTING
    partner: int = -1

    @property
    def is_open(self) -> bool:
        return self.status in (DRAFTING, ANSWERING, CHOOSING)

    def to_act(self) -> tuple[int, ...]:
        """Who acts on an open offer: the seats still to answer, or else the proposer."""
        waiting = tuple(s for s, a in enumerate(self.answers) if a == WAITING)
        return waiting or (self.proposer,)


# The actions of an offer, made once: random and searched games list them at many steps.
_GIVES = tuple(TradeGive(kind) for kind in range(R.KINDS))
_ASKS = tuple(TradeAsk(kind) for kind in range(R.KINDS))


def _holds(hand: list[int], kinds: tuple[int, ...]) -> bool:
    return all(hand[k] >= kinds.count(k) for k in set(kinds))


def options(offer: Offer, seat: int, hand: list[int], most: int) -> list[LandoverAction]:
    """The legal actions of ``seat`` (which must act) on the open offer."""
    if offer.status == ANSWERING:
        return [AcceptTrade(), DeclineTrade()] if _holds(hand, offer.get) else [DeclineTrade()]
    if offer.status == CHOOSING:
        accepted = [s for s, a in enumerate(offer.answers) if a == ACCEPTED]
        return [CancelTrade(), *(ChoosePartner(s) for s in accepted)]
    result: list[LandoverAction] = [CancelTrade()]
    if offer.give and offer.get:
        result.append(SendOffer())
    if len(offer.give) < most:
        result += [
            _GIVES[k]
            for k in range(R.KINDS)
            if hand[k] > offer.give.count(k) and k not in offer.get
        ]
    if len(offer.get) < most:
        result += [_ASKS[k] for k in range(R.KINDS) if k not in offer.give]
    return result


def step(offer: Offer, seat: int, action: LandoverAction, seats: list[Player]) -> Offer:
    """The offer after a legal action of ``seat``; a trade moves the two players' cards."""
    match action:
        case TradeGive(kind):
            return _changed(offer, give=tuple(sorted((*offer.give, kind))))
        case TradeAsk(kind):
            return _changed(offer, get=tuple(sorted((*offer.get, kind))))
        case SendOffer():
            answers = tuple(PROPOSER if s == offer.proposer else WAITING for s in range(len(seats)))
            return _changed(offer, answers=answers, status=ANSWERING)
        case AcceptTrade() | DeclineTrade():
            return _answer(offer, seat, isinstance(action, AcceptTrade))
        case ChoosePartner(partner):
            _swap(seats[offer.proposer], seats[partner], offer)
            return _changed(offer, status=DONE, partner=partner)
    return _changed(offer, status=CANCELLED)


def _changed(
    offer: Offer,
    *,
    give: tuple[int, ...] | None = None,
    get: tuple[int, ...] | None = None,
    answers: tuple[int, ...] | None = None,
    status: str | None = None,
    partner: int | None = None,
) -> Offer:
    """``dataclasses.replace`` for an Offer, without its look at the fields (half the cost):
    every step of an offer makes one."""
    return Offer(
        offer.proposer,
        offer.give if give is None else give,
        offer.get if get is None else get,
        offer.answers if answers is None else answers,
        offer.status if status is None else status,
        offer.partner if partner is None else partner,
    )


def _answer(offer: Offer, seat: int, accept: bool) -> Offer:
    """Record one answer; after the last, the proposer chooses, or nobody accepted."""
    answers = list(offer.answers)
    answers[seat] = ACCEPTED if accept else DECLINED
    if WAITING in answers:
        return _changed(offer, answers=tuple(answers))
    status = CHOOSING if ACCEPTED in answers else DECLINED_BY_ALL
    return _changed(offer, answers=tuple(answers), status=status)


def _swap(proposer: Player, partner: Player, offer: Offer) -> None:
    for kind in offer.give:
        partner.gain(kind, proposer.lose(kind))
    for kind in offer.get:
        proposer.gain(kind, partner.lose(kind))
