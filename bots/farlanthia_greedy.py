"""A greedy Farlanthia bot: build an economy, muster, march on the nearest capitol.

Each decision scores the legal actions with simple rules: scout towards the
nearest enemy capitol, adventure with the lowest die, requisition gold, build
the most productive structure, muster every troop it can afford on its
capitol and send all but a guard of three along the cheapest revealed path
to the target, attacking only when it outnumbers the defenders, and
withdrawing from a battle once it no longer does. In the setup draft it
places lakes, badlands and mountains near an enemy capitol and good land
far from them. It razes capitols, captures other structures where the
rules allow, raises militia and always swaps in a better leadership die.
It resists every proposal and proposes forced labor now and then.
Deterministic: no randomness at all.
"""

from __future__ import annotations

import functools
import heapq
import math
from typing import Any, NamedTuple

import sdk


class Weights(NamedTuple):
    """The greedy bot's numbers: guesses of ours, tried in bench/tuning.py."""

    guard: float = 3
    """Troops kept on the capitol when an army marches out of it..."""
    threat: float = 0.0
    """... or more: this share of the enemy troops within two seasons' march of it."""
    attack_margin: float = 1
    """Attack when the stack outnumbers the defenders (walls count 2) by more than this."""
    withdraw: float = 1.0
    """Withdraw from a battle once our units are no more than this times theirs."""
    scout_die: float = 4
    """The lowest leadership die spent on scouting..."""
    scout_until: float = 12
    """... up to this season."""
    keep_dice: float = 0
    """Leadership dice not spent on the caravan: kept to swap into battles and
    negotiations, where renown's bonus pips raise them (the highest are kept)."""
    propose_at: float = 0
    """Propose the negotiation our ambassador is strongest at, when that strength is at
    least this; 0: forced labor every other season, whatever the strength."""
    accept_at: float = 99
    """Accept a proposal made at this strength or more (a contested one's honor goes to
    its winner); below it, resist."""


WEIGHTS = Weights()
"""The greedy bot's own."""
TUNED = WEIGHTS._replace(propose_at=3, keep_dice=1, scout_die=7, threat=0.5)
"""Numbers tuned against ``WEIGHTS`` in games of the greedy bot against itself
(bench/tuning.py; BENCHMARKS.md): the farlanthia-tuned bot's."""

MOVE_COST = {2: 3, 3: 2, 4: 3, 5: 2, 6: 1}
BUILD_VALUE = {3: 60, 2: 50, 5: 40, 1: 30, 6: 5, 7: 4}
"""City, town, mine, village, garrison, fort; roads and walls are not worth it."""
VILLAGE_TERRAIN_BONUS = {5: 5, 4: 6, 6: 2}
HUNDRED = 100
REACH = 6
"""Movement within which enemy troops count as a threat to the capitol: two seasons' march."""
TRUCE, TRADE, LEGALITY, FORCED_LABOR = 1, 2, 3, 4
"""Negotiation kinds (Propose.kind)."""
ARTIFACT = 40
"""Realm Ancestry Artifact of seat s: card 40 + s; held against s, +1 strength."""
POOR_LAND = (2, 3, 4)
"""Lakes, badlands and mountains: worth placing near an enemy in the draft."""


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    return (abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[0] + a[1] - b[0] - b[1])) // 2


class FarlanthiaGreedyBot(sdk.Bot):
    name = "farlanthia-greedy"
    version = "1"
    games = ("farlanthia",)

    def __init__(self, weights: Weights = WEIGHTS) -> None:
        self.weights = weights

    def decide(self, decision: sdk.Decision) -> int:
        scores = self.action_scores(decision)
        return max(range(len(scores)), key=lambda i: (scores[i], -i))

    def action_scores(self, decision: sdk.Decision) -> list[float]:
        """Every legal action's score, the best highest (it plays the first of the best)."""
        view = View(decision.observation, decision.match.seat, self.weights)
        return [self.score(view, action) for action in decision.legal_actions]

    def score(self, view: View, action: Any) -> float:
        kind = action.WhichOneof("kind")
        part = getattr(action, kind)
        scorer = getattr(self, f"_{kind}", None)
        if scorer is None:
            return 0.0
        return float(scorer(view, part))

    # -- per kind of action ------------------------------------------------

    def _done(self, view: View, part: Any) -> float:
        return 1.0

    def _reveal_tile(self, view: View, part: Any) -> float:
        """Open the corridor between the capitols, from our side first."""
        here = view.coords[part.tile]
        to_target = hex_distance(here, view.coords[view.target])
        from_home = hex_distance(here, view.coords[view.me.capitol])
        return 50 - 2 * (to_target + from_home) - from_home / 10

    def _scout_with_die(self, view: View, part: Any) -> float:
        w = self.weights
        return (
            2.0 + part.die / 10 if part.die >= w.scout_die and view.season <= w.scout_until else 0.0
        )

    def _draw_adventure(self, view: View, part: Any) -> float:
        return 10 - part.die

    def _requisition(self, view: View, part: Any) -> float:
        if len(view.me.dice) <= self.weights.keep_dice:
            return -1.0  # kept for battles and negotiations
        want = {3: 6, 0: 4, 1: 3, 2: 2}[part.resource]
        return 70 + want - part.die / 10

    def _caravan_trade(self, view: View, part: Any) -> float:
        res = view.me.resources
        if part.get == 3 and res[part.give] >= 5 and res[3] < 2:
            return 3.0
        return -1.0

    def _build(self, view: View, part: Any) -> float:
        value = BUILD_VALUE.get(part.structure, -5)
        if part.structure == 1:
            value += VILLAGE_TERRAIN_BONUS.get(view.obs.terrain[part.tile], 0)
        if part.structure in (6, 7) and view.count_structures(part.structure) >= 1:
            value = -5
        return value

    def _muster(self, view: View, part: Any) -> float:
        return 20 + part.count

    def _move(self, view: View, part: Any) -> float:
        fresh = view.obs.troops[part.source] - view.obs.exhausted[part.source]
        keep = view.guard() if part.source == view.me.capitol else 0
        if part.count != max(1, fresh - keep) and part.count != fresh:
            return -10
        if view.obs.troops[part.source] - part.count < keep:
            return -10
        return self._step_value(view, part.source, part.target, part.count)

    def _continue_move(self, view: View, part: Any) -> float:
        tile = view.obs.active_tile
        return self._step_value(view, tile, part.target, view.obs.active_units) + 1

    def _step_value(self, view: View, source: int, target: int, units: int) -> float:
        gain = view.distance_to_target(source) - view.distance_to_target(target)
        enemy = view.obs.troop_owner[target]
        victim = enemy if enemy not in (-1, view.seat) else view.obs.owner[target]
        if view.in_truce(victim) and target != view.target:
            return -10  # breaking a truce costs 5 renown
        if enemy not in (-1, view.seat):
            walls = 2 if view.obs.structure[target] in (4, 7, 8) else 0
            defenders = view.obs.troops[target] + walls
            if units <= defenders + self.weights.attack_margin:
                return -10
            return 30 + gain
        if view.obs.owner[target] not in (-1, view.seat):
            return 25 + gain
        return 5 * gain if gain > 0 else -10

    def _place_tile(self, view: View, part: Any) -> float:
        """Poor land next to the enemy, good land as far from them as the draft allows."""
        near = view.enemy_distance(part.tile)
        return -near if view.obs.drawn_tile in POOR_LAND else near

    def _press_on(self, view: View, part: Any) -> float:
        return 1.0

    def _withdraw(self, view: View, part: Any) -> float:
        """Leave while the odds are no longer on our side (RISK's rule of thumb)."""
        battle = view.obs.battle
        mine, theirs = battle.attacker_units, battle.defender_units
        if battle.mover != battle.attacker:
            mine, theirs = theirs, mine
        return 2.0 if mine <= theirs * self.weights.withdraw else 0.0

    def _raise_militia(self, view: View, part: Any) -> float:
        return 40.0

    def _propose(self, view: View, part: Any) -> float:
        if self.weights.propose_at:
            strength = view.strength(part.kind, part.target)
            return 2.0 + strength / 10 if strength >= self.weights.propose_at else -1.0
        if part.kind == FORCED_LABOR and view.season % 2 == 1:
            return 2.0
        return -1.0

    def _respond(self, view: View, part: Any) -> float:
        strength = view.obs.frames[-1].count
        return float(part.accept == (strength >= self.weights.accept_at))

    def _substitute(self, view: View, part: Any) -> float:
        battle = view.obs.battle
        mine = battle.attacker_roll if battle.attacker == view.seat else battle.defender_roll
        return 5 + part.die - mine[part.slot]

    def _occupy(self, view: View, part: Any) -> float:
        if view.obs.structure[part.tile] == 4:
            return 10.0 if part.choice == 1 else 0.0
        return {0: 0.0, 1: 1.0, 2: 2.0}[part.choice]

    def _swap(self, view: View, part: Any) -> float:
        res = view.me.resources
        return 1.0 + res[part.give] / 10 if part.get == 3 and part.give != 3 else 0.0

    def _choose_resource(self, view: View, part: Any) -> float:
        res = view.me.resources
        if view.obs.pending == 4:  # losing: the most plentiful
            return res[part.resource] - (10 if part.resource == 3 else 0)
        return 3.0 if part.resource == 3 else 1.0 - res[part.resource] / 10

    def _resolve(self, view: View, part: Any) -> float:
        return {8: {2: 3, 1: 2, 0: 1}}.get(view.obs.pending, {}).get(part.option, 0.5) + (
            1.0 if view.obs.pending == 2 and part.option == 1 else 0.0
        )


class View:
    """What the bot works out from one observation."""

    def __init__(self, obs: Any, seat: int, weights: Weights = WEIGHTS) -> None:
        self.obs = obs
        self.seat = seat
        self.weights = weights
        self.me = obs.players[seat]
        self.season = obs.season
        coords = list(zip(obs.q, obs.r, strict=True))
        self.coords = coords
        self.target = self._pick_target()
        self._dist: list[float] | None = None
        self._guard: int | None = None

    def _pick_target(self) -> int:
        mine = self.coords[self.me.capitol]
        enemies = [p.capitol for p in self.obs.players if p.alive and p.seat != self.seat]
        if not enemies:
            return self.me.capitol
        return min(enemies, key=lambda t: (hex_distance(mine, self.coords[t]), t))

    def strength(self, kind: int, other: int) -> int:
        """Our ambassador's strength proposing ``kind`` to ``other`` now (FARL-26)."""
        now = self.season - 1
        last = now - 1 if now else -99
        me, them = self.me, self.obs.players[other]
        # Each history holds its latest season and the one before: both may apply.
        engaged = {
            me.attacked[other], me.attacked_before[other],
            them.attacked[self.seat], them.attacked_before[self.seat],
        }  # fmt: skip
        traded = {me.last_trade, me.trade_before}
        legalized = {me.last_legality, me.legality_before}
        forced = {me.last_forced, me.forced_before}
        if kind == TRUCE:
            options = [0] * (now in engaged) + [1] * (last in engaged)
            options = options or [3 if engaged == {-1} else 2]
        elif kind == TRADE:
            options = [0] * (now in traded) + [1] * (last in traded)
            options = options or [3 if traded == {-1} else 2]
        elif kind == LEGALITY:
            options = [0] * (now in legalized) + [1] * (last in legalized)
            options += [3] if them.attacked[self.seat] == now else []
            options = options or [2]
        else:
            options = [0] if last in forced else []
            options += [2] if forced == {-1} else []
            options += [3] if not any(me.resources) else []
            options = options or [1]
        return max(options) + (ARTIFACT + other in me.hand)

    def enemy_distance(self, tile: int) -> int:
        """Hex distance from a tile to the nearest enemy capitol."""
        here = self.coords[tile]
        enemies = [p.capitol for p in self.obs.players if p.seat != self.seat]
        return min(hex_distance(here, self.coords[c]) for c in enemies)

    def in_truce(self, other: int) -> bool:
        return other not in (-1, self.seat) and any(
            {t.proposer, t.resister} == {self.seat, other} for t in self.obs.truces
        )

    def count_structures(self, kind: int) -> int:
        return sum(
            1
            for s, o in zip(self.obs.structure, self.obs.owner, strict=True)
            if s == kind and o == self.seat
        )

    def guard(self) -> int:
        """How many troops stay on the capitol when an army leaves it."""
        if self._guard is None:
            guard = self.weights.guard
            if self.weights.threat:
                home = self._dijkstra(self.me.capitol)
                near = sum(
                    troops
                    for tile, (troops, owner) in enumerate(
                        zip(self.obs.troops, self.obs.troop_owner, strict=True)
                    )
                    if owner not in (-1, self.seat) and home[tile] <= REACH
                )
                guard = max(guard, self.weights.threat * near)
            self._guard = math.ceil(guard)
        return self._guard

    def distance_to_target(self, tile: int) -> float:
        """Movement cost from a tile to the target over revealed tiles (hex distance if cut off)."""
        if self._dist is None:
            self._dist = self._dijkstra(self.target)
        known = self._dist[tile]
        if known < HUNDRED:
            return known
        return HUNDRED + hex_distance(self.coords[tile], self.coords[self.target])

    def _costs(self) -> list[int]:
        """Each tile's cost to enter (99: it cannot be entered)."""
        return [
            1 if structure == 9 else 3 if structure == 8 else MOVE_COST.get(terrain, 99)
            for structure, terrain in zip(self.obs.structure, self.obs.terrain, strict=True)
        ]

    def _dijkstra(self, goal: int) -> list[float]:
        """Each tile's movement cost to ``goal`` over revealed tiles (a thousand if none)."""
        costs = self._costs()
        neighbours = _neighbours(tuple(self.coords))
        dist = [float(HUNDRED * 10)] * len(costs)
        dist[goal] = 0
        heap = [(0.0, goal)]
        while heap:
            d, tile = heapq.heappop(heap)
            cost = costs[tile]  # entering ``tile`` from a neighbour
            if d > dist[tile] or cost >= 99:
                continue
            for n in neighbours[tile]:
                if costs[n] < 99 and d + cost < dist[n]:
                    dist[n] = d + cost
                    heapq.heappush(heap, (d + cost, n))
        return dist


@functools.cache
def _neighbours(coords: tuple[tuple[int, int], ...]) -> list[list[int]]:
    """Each tile's neighbours on a map (maps are few: cached by their tiles' coordinates)."""
    where = {c: i for i, c in enumerate(coords)}
    steps = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    return [[where[n] for dq, dr in steps if (n := (q + dq, r + dr)) in where] for q, r in coords]


if __name__ == "__main__":
    sdk.run(FarlanthiaGreedyBot())
