"""The answers to pending questions (frames), and what each answer does.

A frame is answered by one seat (or by chance: a card draw, a card's die,
a tile's terrain). Seats answer the choices cards ask for (FARL-30..32),
occupations (FARL-17, FARL-18), proposals and trade swaps (FARL-25..28)
and resources to take or lose.
"""

from __future__ import annotations

from fractions import Fraction

from referee.games.farlanthia import economy, negotiation, seasons
from referee.games.farlanthia.actions import (
    ChooseResource,
    DealTerrain,
    DieRoll,
    Done,
    DrawCard,
    FarlanthiaAction,
    Occupy,
    Resolve,
    Respond,
    Swap,
)
from referee.games.farlanthia.board import Terrain
from referee.games.farlanthia.cards import (
    DECK_OF,
    Card,
    Played,
    adventure,
    card_roll,
    draw_outcomes,
    event,
)
from referee.games.farlanthia.diplomacy import Negotiation
from referee.games.farlanthia.pending import Ask, Frame
from referee.games.farlanthia.structures import TERRAIN_RESOURCE, TOKENS, Res, Structure
from referee.games.farlanthia.table import Table

HIRE_COST = 3
KEEP_COST = 2


class Option:
    """Resolve.option values (docs/rules/farlanthia.md, FARL-32)."""

    IGNORE = 0
    HIRE = 1
    REPENT = 2
    ATTACK = 3
    ESCORT = 1
    STONE = 0
    STOCK_KEEP = 1
    HONOR = 0
    VILLAGE = 1
    TROOP = 2
    GOLD = 0
    FORGIVE = 1


def frame_actions(  # noqa: PLR0911 (one return per kind of question)
    table: Table, frame: Frame
) -> list[FarlanthiaAction]:
    """The legal answers to a frame (empty: nothing can be done, the frame lapses)."""
    seat = frame.seat
    res = table.realms[seat].resources
    if frame.ask is Ask.GAIN:
        return [ChooseResource(r) for r in range(4)]
    if frame.ask is Ask.LOSE:
        return [ChooseResource(r) for r in range(4) if res[r] > 0]
    if frame.ask is Ask.RESPOND:
        return [Respond(False), Respond(True)]
    if frame.ask is Ask.OCCUPY:
        return _occupy_options(table, frame)
    if frame.ask is Ask.SWAPS:
        theirs = table.realms[frame.other].resources
        swaps: list[FarlanthiaAction] = [
            Swap(give, get)
            for give in range(4)
            for get in range(4)
            if give != get and res[give] > 0 and theirs[get] > 0
        ]
        return [*swaps, Done()] if swaps else []
    if frame.ask is Ask.REALM_EVENT:
        return _bandit_options(table, seat)
    if frame.ask is Ask.ADVENTURE_CHOICE:
        return _adventure_options(table, frame)
    return _event_options(table, frame)


def _occupy_options(table: Table, frame: Frame) -> list[FarlanthiaAction]:
    tile = frame.tile
    if table.tiles.troop_owner[tile] != frame.seat or table.tiles.owner[tile] in (-1, frame.seat):
        return []
    options: list[FarlanthiaAction] = [Occupy(tile, 0), Occupy(tile, 1)]
    if table.rules.allow_capture and table.tiles.structure[tile] is not Structure.CAPITOL:
        options.append(Occupy(tile, 2))
    return options


def _troop_tiles(table: Table, seat: int) -> list[int]:
    return table.tiles.troops_at(seat)


def _bandit_options(table: Table, seat: int) -> list[FarlanthiaAction]:
    options: list[FarlanthiaAction] = [Resolve(Option.IGNORE)]
    if table.realms[seat].resources[Res.GOLD] >= HIRE_COST:
        # The hired troop stands where a mustered one would; no place, no hire (FARL-32).
        options += [Resolve(Option.HIRE, t) for t in table.troop_places(seat)]
    season = table.seasonal[seat]
    if not season.proposed and not season.no_negotiations:
        options.append(Resolve(Option.REPENT))
    options += [Resolve(Option.ATTACK, t) for t in _troop_tiles(table, seat)]
    return options


def _fresh_tiles(table: Table, seat: int, kind: Structure) -> list[int]:
    """Empty tiles the seat revealed this season where ``kind`` may stand."""
    if kind in TOKENS and table.tiles.tokens_used(seat, kind) >= TOKENS[kind]:
        return []
    return [
        t
        for t in range(len(table.tiles.revealed))
        if table.tiles.revealed_by[t] == seat
        and table.tiles.revealed_season[t] == table.course.season
        and table.tiles.structure[t] is Structure.NONE
        and table.tiles.troop_owner[t] in (-1, seat)
        and table.tiles.terrain[t] is not Terrain.VOLCANO
        and not (kind is Structure.VILLAGE and table.tiles.terrain[t] is Terrain.LAKE)
    ]


def _event_options(table: Table, frame: Frame) -> list[FarlanthiaAction]:
    seat, card = frame.seat, Card(frame.card)
    if card is Card.CARAVAN_RAIDERS:
        escorts = [Resolve(Option.ESCORT, t) for t in _troop_tiles(table, seat)]
        return [Resolve(Option.IGNORE), *escorts]
    if card is Card.AVALANCHE:
        return [
            Resolve(0, t)
            for t in _troop_tiles(table, seat)
            if table.tiles.terrain[t] is Terrain.MOUNTAIN
        ]
    if card is Card.ABANDONED_KEEP:
        options: list[FarlanthiaAction] = [Resolve(Option.STONE)]
        if table.realms[seat].resources[Res.GOLD] >= KEEP_COST:
            options += [
                Resolve(Option.STOCK_KEEP, t) for t in _fresh_tiles(table, seat, Structure.FORT)
            ]
        return options
    if card is Card.HAMLET:
        villages = [
            Resolve(Option.VILLAGE, t) for t in _fresh_tiles(table, seat, Structure.VILLAGE)
        ]
        troops = [Resolve(Option.TROOP, t) for t in table.troop_places(seat)]
        return [Resolve(Option.HONOR), *villages, *troops]
    return []


def _adventure_options(table: Table, frame: Frame) -> list[FarlanthiaAction]:
    card = frame.card
    if card == Card.VASSAL_DEBT:
        return [Resolve(Option.GOLD), Resolve(Option.FORGIVE)]
    if card == Card.FORTUNE_TELLER:
        return [
            Resolve(c)
            for c in sorted(set(table.decks.adventure_discard))
            if c != Card.FORTUNE_TELLER
        ]
    return []


def apply_frame(  # noqa: PLR0912 (one branch per kind of answer)
    table: Table, frame: Frame, action: FarlanthiaAction
) -> None:
    """Answer a frame (already popped)."""
    seat = frame.seat
    match action:
        case ChooseResource(resource):
            table.realms[seat].gain(resource, 1 if frame.ask is Ask.GAIN else -1)
            if frame.count > 1:
                table.pending.push(Frame(frame.ask, seat, frame.card, frame.count - 1))
        case Respond(accepted):
            kind = Negotiation(frame.card)
            if accepted:
                negotiation.accept(table, kind, frame.other, seat, frame.count)
            else:
                negotiation.resist(table, kind, frame.other, seat, frame.count)
        case Occupy(tile, choice):
            _occupy(table, seat, tile, choice)
        case Swap(give, get):
            table.realms[seat].gain(give, -1)
            table.realms[frame.other].gain(give, 1)
            table.realms[frame.other].gain(get, -1)
            table.realms[seat].gain(get, 1)
            if frame.count > 1:
                left = frame.count - 1
                table.pending.push(Frame(Ask.SWAPS, seat, count=left, other=frame.other))
        case Done():
            pass
        case Resolve(option, tile):
            if frame.ask is Ask.REALM_EVENT:
                _resolve_bandits(table, seat, frame.card, option, tile)
            elif frame.ask is Ask.ADVENTURE_CHOICE:
                _resolve_adventure_choice(table, seat, frame.card, option)
            else:
                _resolve_event(table, seat, frame.card, option, tile)


def _occupy(table: Table, seat: int, tile: int, choice: int) -> None:
    """FARL-17, FARL-18: leave, raze (with its production as loot) or capture."""
    victim = table.tiles.owner[tile]
    if choice == 1:
        amount, gold = economy.raze_gain(table.tiles.structure[tile], table.tiles.terrain[tile])
        resource = TERRAIN_RESOURCE.get(table.tiles.terrain[tile], Res.STONE)
        table.realms[seat].gain(resource, amount)
        table.realms[seat].gain(Res.GOLD, gold)
        was_capitol = table.tiles.structure[tile] is Structure.CAPITOL
        table.tiles.set_structure(tile, Structure.NONE, -1)
        if was_capitol:
            seasons.eliminate(table, victim)  # FARL-21
    elif choice == 2:
        table.tiles.set_structure(tile, table.tiles.structure[tile], seat)


def _resolve_bandits(table: Table, seat: int, card: int, option: int, tile: int) -> None:
    realm = table.realms[seat]
    if option == Option.IGNORE:
        return
    if option == Option.HIRE:
        table.realms[seat].gain(Res.GOLD, -HIRE_COST)
        table.add_troops(seat, tile, 1)
    elif option == Option.REPENT:
        table.seasonal[seat].repent()
        table.realms[seat].add_honor(1)
    else:
        table.tiles.remove_troops(tile, 1)
        table.realms[seat].add_valor(1)
        table.realms[seat].gain(Res.GOLD, 1)
    realm.resolve_event(card)
    table.decks.discard(card)


def _resolve_event(table: Table, seat: int, card: int, option: int, tile: int) -> None:
    kind = Card(card)
    if kind is Card.CARAVAN_RAIDERS:
        if option == Option.IGNORE:
            table.seasonal[seat].block_caravan()
        else:
            table.tiles.remove_troops(tile, 1)
            table.pending.push(Frame(Ask.GAIN, seat, card, 1))
    elif kind is Card.AVALANCHE:
        table.tiles.remove_troops(tile, 1)
    elif kind is Card.ABANDONED_KEEP:
        if option == Option.STONE:
            table.realms[seat].gain(Res.STONE, 1)
        else:
            table.realms[seat].gain(Res.GOLD, -KEEP_COST)
            table.tiles.set_structure(tile, Structure.FORT, seat)
    elif kind is Card.HAMLET:
        if option == Option.HONOR:
            table.realms[seat].add_honor(2)
        elif option == Option.VILLAGE:
            table.tiles.set_structure(tile, Structure.VILLAGE, seat)
        else:
            table.add_troops(seat, tile, 1)


def _resolve_adventure_choice(table: Table, seat: int, card: int, option: int) -> None:
    if card == Card.VASSAL_DEBT:
        if option == Option.GOLD:
            table.realms[seat].gain(Res.GOLD, 2)
        else:
            table.realms[seat].add_honor(4)
        return
    table.decks.recover(option)  # the fortune teller's pick
    _adventure(table, seat, int(option))


def frame_outcomes(table: Table, frame: Frame) -> list[tuple[FarlanthiaAction, Fraction]]:
    """What chance may answer a frame with: a card's die, a tile's terrain, or a card."""
    if frame.ask is Ask.CARD_ROLL:
        return [(DieRoll(v), Fraction(1, 6)) for v in range(1, 7)]
    if frame.ask is Ask.DEAL:
        tile = frame.tile
        return [(DealTerrain(tile, kind), share) for kind, share in table.tiles.pile_shares()]
    return draw_outcomes(table.decks, frame.ask)


def apply_chance_frame(table: Table, frame: Frame, action: FarlanthiaAction) -> None:
    """A tile's terrain dealt, a card drawn or a card's die thrown."""
    if isinstance(action, DealTerrain):
        table.tiles.deal(action.tile, action.terrain)
    elif isinstance(action, DrawCard):
        _draw(table, frame.ask, frame.seat, int(action.card))  # the state keeps plain ints
    elif isinstance(action, DieRoll):
        ask = card_roll(table.lord(frame.seat), frame.card, action.value)
        if ask is not None:
            table.pending.push(ask)


def _draw(table: Table, ask: Ask, seat: int, card: int) -> None:
    """The card chance drew leaves its deck and takes effect."""
    table.decks.take(DECK_OF[ask], card)
    if ask is Ask.DRAW_EVENT:
        _carry_out(table, event(table.lord(seat), card), card)
    else:
        _adventure(table, seat, card)


def _adventure(table: Table, seat: int, card: int) -> None:
    villages = table.tiles.tokens_used(seat, Structure.VILLAGE)
    _carry_out(table, adventure(table.lord(seat), card, villages), card)


def _carry_out(table: Table, played: Played, card: int) -> None:
    """Discard a played card and ask what it asks."""
    if played.discard:
        table.decks.discard(card)
    if played.ask is not None:
        table.pending.push(played.ask)
