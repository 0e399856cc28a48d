"""A greedy Landover bot: builds toward victory points with a one-step look.

Every decision scores each legal action and takes the best (the first on
ties, so it is deterministic):

- setup and villages: corners with many production pips (6 and 8 count 5);
- cities first, then villages, then culture (metros, dev cards);
- roads only while no free village corner is reachable, toward the best one;
- trades of surplus cards into what the next build lacks: first one card for
  one with the other players (one offer a turn), then with the bank; it
  accepts an offer that takes only surplus for a card it lacks, unless the
  proposer is close to winning, and trades with the accepting seat that has
  the fewest points;
- military when the barbarians are near and it is the weakest;
- dev cards are played at once, choices go to the player's own good.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

import sdk


class Weights(NamedTuple):
    """The greedy bot's numbers: guesses of ours, tried in bench/tuning.py.

    An action's score is its kind's base (the best-scored action is played),
    plus, for buildings, the corner's worth in production pips.
    """

    city: float = 100
    village: float = 90
    culture: float = 60
    """Improving a culture track, plus the track's level."""
    military: float = 50
    """Military, when the barbarians are near and no other seat has less."""
    barbarians_near: float = 4
    """How far the barbarians must have come to count as near."""
    road: float = 30
    """A road, only while no free village corner is reachable, plus the best one's worth."""
    propose_trade: float = 27
    bank_trade: float = 25
    play_card: float = 20
    raid: float = 15
    wall: float = 10
    """A wall, while the hand holds more than seven cards."""
    leader_margin: float = 2
    """No offer of a seat this close to the winning points is accepted."""
    arm_at: float = 99
    """From this barbarian position on, being the strongest is the next build."""
    arm: float = 105
    """Military then, while another seat's military is as high as ours."""
    fitted_setup: float = 0
    """1: the starting corners are valued by ``OPENING_FIT`` instead of by their pips."""


WEIGHTS = Weights()
"""The greedy bot's own."""
TUNED = WEIGHTS._replace(fitted_setup=1, leader_margin=99, barbarians_near=2, arm_at=5, raid=-2)
"""Numbers tuned against ``WEIGHTS`` in games of the greedy bot against itself
(bench/tuning.py, bench/landover_openings.py; BENCHMARKS.md): the landover-tuned bot's."""

WOOD, CLAY, WOOL, WHEAT, ORE = range(5)
VILLAGE_COST = (1, 1, 1, 1, 0, 0, 0, 0)
CITY_COST = (0, 0, 0, 2, 3, 0, 0, 0)
MILITARY_COST = (0, 0, 1, 1, 1, 0, 0, 0)
ROAD_COST = (1, 1, 0, 0, 0, 0, 0, 0)
TERRAIN_RESOURCE = {
    "forest": WOOD,
    "hills": CLAY,
    "pasture": WOOL,
    "fields": WHEAT,
    "mountains": ORE,
}
CRANE, INVENTOR = 7, 8
THREE_TO_ONE = 8
OPENING_FIT = {
    "forest": 0.242,
    "hills": 0.143,
    "pasture": 0.173,
    "fields": 0.243,
    "mountains": 0.278,
    "barren": -0.073,
    "harbor_3to1": 0.365,
    "harbor_2to1": 0.026,
    "harbor_2to1_pips": 0.099,
    "kinds": 0.584,
}
"""What a seat's starting corners are worth, in the log odds of winning a 2-player game
between tuned bots: fitted by bench/landover_openings.py (8,000 games, seeds from 20000,
their starts drawn among the tuned bot's best eight corners by the fit before this one).
Mountains and fields count most a pip (a village's and a city's pips are summed: a first
fit that kept them apart found them worth about the same); each resource the start
produces at all is worth two to four pips more, a 3:1 harbor one or two."""
GIVING = ("wedding", "harbor_return", "harbor_give")


class LandoverGreedyBot(sdk.Bot):
    """Greedy one-step play for Landover."""

    name = "landover-greedy"
    version = "1"
    games = ("landover",)

    def __init__(self, weights: Weights = WEIGHTS) -> None:
        self.weights = weights

    def decide(self, decision: sdk.Decision) -> int:
        scores = self.action_scores(decision)
        return scores.index(max(scores))

    def action_scores(self, decision: sdk.Decision) -> list[float]:
        """Every legal action's score, the best highest (it plays the first of the best)."""
        view = _View(decision.observation, self.weights)
        return [view.score(action) for action in decision.legal_actions]


def pips(number: int) -> int:
    return 6 - abs(7 - number) if number else 0


def opening_features(
    tiles: Sequence[Any], vertices: Sequence[Any], corners: Iterable[int]
) -> dict[str, float]:
    """What these corners bring a seat, by ``OPENING_FIT``'s names: pips per terrain,
    tiles that produce nothing (sea, desert, gold, mystery), harbors, the pips of the
    resource of a 2:1 harbor that the corner itself produces, and resources produced."""
    features = dict.fromkeys(OPENING_FIT, 0.0)
    for vertex in corners:
        vert = vertices[vertex]
        for t in vert.tiles:
            tile = tiles[t]
            if tile.terrain in TERRAIN_RESOURCE:
                features[tile.terrain] += pips(tile.number)
            else:
                features["barren"] += 1
        if vert.harbor == THREE_TO_ONE:
            features["harbor_3to1"] += 1
        elif vert.harbor >= 0:
            features["harbor_2to1"] += 1
            features["harbor_2to1_pips"] += sum(
                pips(tiles[t].number)
                for t in vert.tiles
                if TERRAIN_RESOURCE.get(tiles[t].terrain) == vert.harbor
            )
    features["kinds"] = sum(1 for terrain in TERRAIN_RESOURCE if features[terrain] > 0)
    return features


def opening_value(features: dict[str, float]) -> float:
    return sum(OPENING_FIT[name] * value for name, value in features.items())


class _View:
    """The observation as plain lists, with the scoring rules."""

    def __init__(self, obs: Any, weights: Weights = WEIGHTS) -> None:
        self.obs = obs
        self.w = weights
        self.seat = obs.seat
        self.tiles = list(obs.tiles)
        self.vertices = list(obs.vertices)
        self.edges = list(obs.edges)
        self.hand = list(obs.hand)
        self.me = obs.players[obs.seat]
        self.ratio = list(obs.trade_ratio)
        self.network = {v for e in self.edges if e.owner == self.seat for v in (e.a, e.b)} | {
            v for v, vert in enumerate(self.vertices) if vert.owner == self.seat
        }
        self.reachable = [v for v in self.network if self.free_spot(v)]
        self.others_military = [p.military for p in obs.players if p.seat != self.seat]
        self.arming = (
            obs.barbarian_position >= weights.arm_at
            and self.me.military <= max(self.others_military)
            and self.me.military < self.me.military_cap
        )
        self.need = self.goal_cost()

    # -- board helpers -------------------------------------------------------

    def value(self, vertex: int) -> float:
        vert = self.vertices[vertex]
        total = 0.0
        kinds = set()
        for t in vert.tiles:
            tile = self.tiles[t]
            if tile.terrain in TERRAIN_RESOURCE or tile.terrain == "gold":
                total += pips(tile.number)
                kinds.add(tile.terrain)
        return total + 0.5 * len(kinds) + (0.5 if vert.harbor >= 0 else 0.0)

    def start_value(self, vertex: int) -> float:
        """What building on this corner adds to the seat's start (``OPENING_FIT``)."""
        own = [v for v, vert in enumerate(self.vertices) if vert.owner == self.seat]
        with_it = opening_features(self.tiles, self.vertices, [*own, vertex])
        return opening_value(with_it) - opening_value(
            opening_features(self.tiles, self.vertices, own)
        )

    def free_spot(self, vertex: int) -> bool:
        vert = self.vertices[vertex]
        if vert.owner >= 0 or all(self.tiles[t].terrain == "sea" for t in vert.tiles):
            return False
        return all(self.vertices[n].owner < 0 for n in vert.neighbours)

    def goal_cost(self) -> tuple[int, ...]:
        if self.arming:
            return MILITARY_COST
        if self.me.villages and self.me.cities < 4:
            return CITY_COST
        if self.reachable and self.me.villages < 5:
            return VILLAGE_COST
        return ROAD_COST

    def route_value(self, edge: int) -> float:
        e = self.edges[edge]
        far = [v for v in (e.a, e.b) if v not in self.network] or [e.a, e.b]
        best = 0.0
        for v in far:
            if self.free_spot(v):
                best = max(best, self.value(v))
            for n in self.vertices[v].neighbours:
                if self.free_spot(n):
                    best = max(best, 0.6 * self.value(n))
        return best

    def production(self, total: int) -> float:
        gain = 0.0
        for vert in self.vertices:
            if vert.owner == self.seat:
                gain += vert.building * sum(1 for t in vert.tiles if self.tiles[t].number == total)
        return gain

    # -- scoring -------------------------------------------------------------

    def score(self, action: Any) -> float:
        kind = action.WhichOneof("kind")
        inner = getattr(action, kind)
        method = getattr(self, f"_score_{kind}", None)
        return float(method(inner)) if method is not None else 0.0

    def corner_value(self, vertex: int) -> float:
        if self.obs.phase == "setup" and self.w.fitted_setup:
            return self.start_value(vertex)
        return self.value(vertex)

    def _score_build_city(self, inner: Any) -> float:
        return self.w.city + self.corner_value(inner.vertex)

    def _score_build_village(self, inner: Any) -> float:
        return self.w.village + self.corner_value(inner.vertex)

    def _score_improve_culture(self, inner: Any) -> float:
        return self.w.culture + self.me.culture[inner.track]

    def _score_buy_military(self, inner: Any) -> float:
        if self.arming:
            return self.w.arm
        if self.obs.barbarian_position >= self.w.barbarians_near and self.me.military <= min(
            self.others_military
        ):
            return self.w.military
        return -1

    def _score_build_road(self, inner: Any) -> float:
        if self.obs.phase == "setup":
            return self.route_value(inner.edge)
        if self.reachable or self.me.villages + self.me.cities >= 9:
            return -1
        return self.w.road + self.route_value(inner.edge)

    def _score_build_boat(self, inner: Any) -> float:
        return self._score_build_road(inner) - 5

    def _score_build_wall(self, inner: Any) -> float:
        return self.w.wall if sum(self.hand) > 7 else -1

    def _score_bank_trade(self, inner: Any) -> float:
        need, hand = self.need, self.hand
        if hand[inner.get] >= need[inner.get]:
            return -1
        if inner.give >= 5 and hand[inner.give] < 6:
            return -1
        if hand[inner.give] - need[inner.give] < self.ratio[inner.give]:
            return -1
        return self.w.bank_trade

    def _score_raid(self, inner: Any) -> float:
        return self.w.raid if self.me.military >= 2 or self.obs.free_raids else -1

    def _score_play_card(self, inner: Any) -> float:
        if inner.card == INVENTOR:
            return -1
        if inner.card == CRANE:
            levels = self.me.culture
            ready = any(self.hand[5 + t] >= levels[t] for t in range(3) if levels[t] < 5)
            return self.w.play_card if ready else -1
        return self.w.play_card

    def _score_roll_dice(self, inner: Any) -> float:
        return 1

    def _score_choose_dice(self, inner: Any) -> float:
        total = inner.red + inner.white
        return 0 if total == 7 else 0.5 + self.production(total)

    def _score_choose_kind(self, inner: Any) -> float:
        purpose = self.obs.pending[0].purpose if self.obs.pending else ""
        if purpose in GIVING:
            return self.hand[inner.kind] - self.need[inner.kind]
        return self.need[inner.kind] - self.hand[inner.kind] + (1 if inner.kind == ORE else 0)

    def _score_choose_player(self, inner: Any) -> float:
        return self.obs.players[inner.seat].victory_points

    def _score_choose_tile(self, inner: Any) -> float:
        return pips(self.tiles[inner.tile].number)

    def _score_choose_edge(self, inner: Any) -> float:
        return 0 if self.edges[inner.edge].owner == self.seat else 10

    def _score_skip(self, inner: Any) -> float:
        return 0

    # -- trading with the other players (LANDOVER-06) --------------------------

    def surplus(self, kind: int) -> int:
        return self.hand[kind] - self.need[kind]

    def _score_propose_trade(self, inner: Any) -> float:
        offer = self.obs.offer
        if offer.proposer == self.seat and offer.status and offer.status != "done":
            return -1  # this turn's offer found no taker: the bank is next
        lacking = any(self.surplus(k) < 0 for k in range(8))
        spare = any(self.surplus(k) > 0 for k in range(8))
        return self.w.propose_trade if lacking and spare else -1

    def _score_trade_give(self, inner: Any) -> float:
        if self.obs.offer.give:
            return -1
        return self.surplus(inner.kind) if self.surplus(inner.kind) > 0 else -1

    def _score_trade_ask(self, inner: Any) -> float:
        if self.obs.offer.get or not self.obs.offer.give:
            return -1
        return -self.surplus(inner.kind) if self.surplus(inner.kind) < 0 else -1

    def _score_send_offer(self, inner: Any) -> float:
        return 50

    def _score_cancel_trade(self, inner: Any) -> float:
        return 0

    def _score_accept_trade(self, inner: Any) -> float:
        offer = self.obs.offer
        proposer = self.obs.players[offer.proposer]
        if proposer.victory_points >= self.obs.victory_points_target - self.w.leader_margin:
            return -1
        spare = all(self.surplus(k) >= list(offer.get).count(k) for k in set(offer.get))
        wanted = any(self.surplus(k) < 0 for k in offer.give)
        return 1 if spare and wanted else -1

    def _score_decline_trade(self, inner: Any) -> float:
        return 0

    def _score_choose_partner(self, inner: Any) -> float:
        return 100 - self.obs.players[inner.seat].victory_points


if __name__ == "__main__":
    sdk.run(LandoverGreedyBot())
