"""The Landover ranked ladder: tiers, divisions and ranked points (RP).

A ladder is a staircase that players climb one game at a time. There are
six tiers of five divisions each; a player stands in one division with
some RP. Reaching 100 RP climbs one division (from division V, into the
next tier); losing RP while standing at 0 steps down one.

>>> ladder = Ladder().record(GameResult.from_points({"ada": 10, "bob": 8}))
>>> ladder.players["ada"].rank.label
'Iron I, 21 RP'

The seed text (shared/seeds/landover.txt, "Rankings") only says that the
RP won or lost depend on the players' relative skill and the victory
points they earned. docs/ladder.md gives our formula and every other
choice, each with an id (LADDER-01 ...) that the code below cites.

Everything here is a value: ``Ladder.record`` returns a new ladder, and
``to_dict``/``from_dict`` turn one into JSON-ready data and back.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from referee.ratings import elo
from referee.ratings.results import GameResult

DIVISIONS = 5
"""Divisions per tier, numbered I (lowest) to V (LADDER-01)."""

_ROMAN = ("I", "II", "III", "IV", "V")


class Tier(enum.IntEnum):
    """The six tiers, lowest first. The seed names none; these names are ours (LADDER-01)."""

    IRON = 1
    """Where every player starts."""
    BRONZE = 2
    """Second tier."""
    SILVER = 3
    """Third tier."""
    GOLD = 4
    """Fourth tier."""
    PLATINUM = 5
    """Fifth tier."""
    DIAMOND = 6
    """The top tier; its division V has no ceiling (LADDER-03)."""


@dataclass(frozen=True, order=True)
class Rank:
    """Where a player stands: tier, division and RP. Compares lowest to highest."""

    tier: Tier = Tier.IRON
    """The tier, IRON to DIAMOND."""
    division: int = 1
    """The division inside the tier, 1 (I) to 5 (V)."""
    rp: int = 0
    """Ranked points in this division: 0 to 99, or more in Diamond V."""

    def __post_init__(self) -> None:
        if not 1 <= self.division <= DIVISIONS:
            raise ValueError(f"expected a division from 1 to {DIVISIONS}, got {self.division}")
        if self.rp < 0:
            raise ValueError(f"expected rp >= 0, got {self.rp}")

    @property
    def label(self) -> str:
        """How a person reads it: 'Gold III, 42 RP'."""
        return f"{self.tier.name.title()} {_ROMAN[self.division - 1]}, {self.rp} RP"

    def is_top(self) -> bool:
        """Whether this is the highest division of the highest tier."""
        return self.tier is Tier.DIAMOND and self.division == DIVISIONS

    def is_bottom(self) -> bool:
        """Whether this is the lowest division of the lowest tier."""
        return self.tier is Tier.IRON and self.division == 1

    @property
    def level(self) -> int:
        """How many divisions lie below this one: 0 for Iron I, 29 for Diamond V."""
        return (self.tier - 1) * DIVISIONS + (self.division - 1)

    def step(self, by: int, rp: int) -> Rank:
        """The division ``by`` steps up (or down, if negative), holding ``rp``."""
        tier, division = divmod(self.level + by, DIVISIONS)
        return Rank(Tier(tier + 1), division + 1, rp)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"tier": "gold", "division": 3, "rp": 42}``."""
        return {"tier": self.tier.name.lower(), "division": self.division, "rp": self.rp}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rank:
        """The rank a ``to_dict`` wrote."""
        return cls(Tier[str(data["tier"]).upper()], int(data["division"]), int(data["rp"]))


@dataclass(frozen=True)
class LadderRules:
    """The numbers of the ladder. Defaults are docs/ladder.md's; all are our guesses."""

    promote_at: int = 100
    """RP that climbs a division (LADDER-03, from the seed)."""
    demotion_rp: int = 75
    """RP a demoted player lands with in the lower division (LADDER-04)."""
    placement_rp: float = 40.0
    """RP for finishing a full game's worth above expectation (LADDER-05)."""
    points_rp: float = 10.0
    """RP for the most lopsided victory-point margin (LADDER-05)."""
    min_change: int = 1
    """A winner gains and a loser loses at least this much (LADDER-07)."""
    skill_k: float = elo.K_FACTOR
    """K of the hidden Elo skill that measures relative skill (LADDER-06)."""
    initial_skill: float = elo.INITIAL_RATING
    """The hidden skill of a new player (LADDER-02)."""


@dataclass(frozen=True)
class LadderPlayer:
    """One player on the ladder: visible rank and hidden skill."""

    rank: Rank = field(default_factory=Rank)
    """Tier, division and RP."""
    skill: float = elo.INITIAL_RATING
    """Hidden Elo rating, the "relative skill" the RP formula weighs (LADDER-06)."""
    games: int = 0
    """Ranked games played."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready; ``from_dict`` reads it back."""
        return {"rank": self.rank.to_dict(), "skill": self.skill, "games": self.games}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LadderPlayer:
        """The player a ``to_dict`` wrote."""
        return cls(Rank.from_dict(data["rank"]), float(data["skill"]), int(data["games"]))


@dataclass(frozen=True)
class RpChange:
    """What one game did to one player's standing."""

    delta: int
    """RP won (positive) or lost (negative) by the formula (LADDER-05)."""
    before: Rank
    """The rank before the game."""
    after: Rank
    """The rank after the game, promotion or demotion applied."""

    @property
    def promoted(self) -> bool:
        """Whether the game climbed a division."""
        return self.after.level > self.before.level

    @property
    def demoted(self) -> bool:
        """Whether the game dropped a division."""
        return self.after.level < self.before.level


def rp_deltas(
    result: GameResult, skills: Mapping[str, float], rules: LadderRules
) -> dict[str, int]:
    """The RP each player of a game wins or loses (LADDER-05, LADDER-07).

    ``raw = placement_rp * (placement - expected) + points_rp * margin``, where
    placement is the player's mean pairwise score (1 first, 0 last), expected
    is the mean Elo expectation of their hidden skill against each opponent,
    and margin is (their points - the mean points) / the largest points.
    The raw value is rounded half away from zero; then a player who finished
    in the top half gains at least ``min_change`` and one in the bottom half
    loses at least that much.
    """
    return {
        player: _bounded(_raw_delta(result, skills, player, rules), result, player, rules)
        for player in result.players
    }


def _raw_delta(
    result: GameResult, skills: Mapping[str, float], player: str, rules: LadderRules
) -> float:
    """The unrounded RP change of one player."""
    others = [p for p in result.players if p != player]
    expected = sum(elo.expected_score(skills[player], skills[o]) for o in others) / len(others)
    surprise = result.placement_score(player) - expected
    return rules.placement_rp * surprise + rules.points_rp * _points_margin(result, player)


def _points_margin(result: GameResult, player: str) -> float:
    """(points - mean points) / largest |points|, in [-1, 1]; 0 without points."""
    if not result.points:
        return 0.0
    values = list(result.points.values())
    largest = max(abs(v) for v in values)
    if largest == 0:
        return 0.0
    return (result.points[player] - sum(values) / len(values)) / largest


def _bounded(raw: float, result: GameResult, player: str, rules: LadderRules) -> int:
    """Round half away from zero; winners gain and losers lose at least min_change."""
    delta = int(math.copysign(math.floor(abs(raw) + 0.5), raw))
    placement = result.placement_score(player)
    if placement > 0.5:
        return max(delta, rules.min_change)
    if placement < 0.5:
        return min(delta, -rules.min_change)
    return delta


def apply_rp(rank: Rank, delta: int, rules: LadderRules) -> Rank:
    """The rank after an RP change: promotion at 100, demotion on a loss at 0.

    LADDER-03: reaching ``promote_at`` climbs one division, keeping the
    excess RP (never enough to climb twice); Diamond V has no ceiling.
    LADDER-04: a negative change at 0 RP drops one division, landing at
    ``demotion_rp``; otherwise RP stop at 0. Iron I never drops.
    """
    total = rank.rp + delta
    if total >= rules.promote_at and not rank.is_top():
        return rank.step(1, min(total - rules.promote_at, rules.promote_at - 1))
    if delta < 0 and rank.rp == 0 and not rank.is_bottom():
        return rank.step(-1, rules.demotion_rp)
    return Rank(rank.tier, rank.division, max(total, 0))


@dataclass(frozen=True)
class Ladder:
    """Every player's standing. ``record`` returns a new ladder; this one never changes."""

    players: Mapping[str, LadderPlayer] = field(default_factory=dict)
    """Standing per player name; a player joins at their first game (LADDER-02)."""
    rules: LadderRules = field(default_factory=LadderRules)
    """The numbers the ladder runs by."""

    def player(self, name: str) -> LadderPlayer:
        """The player's standing, or a new player's if they have not played."""
        return self.players.get(name, LadderPlayer(skill=self.rules.initial_skill))

    def changes(self, result: GameResult) -> dict[str, RpChange]:
        """What recording this game would do to each of its players."""
        skills = {p: self.player(p).skill for p in result.players}
        deltas = rp_deltas(result, skills, self.rules)
        return {
            p: RpChange(d, self.player(p).rank, apply_rp(self.player(p).rank, d, self.rules))
            for p, d in deltas.items()
        }

    def record(self, result: GameResult) -> Ladder:
        """The ladder after one ranked game."""
        skills = {p: self.player(p).skill for p in result.players}
        new_skills = elo.update(skills, result, k=self.rules.skill_k)
        players = dict(self.players)
        for name, change in self.changes(result).items():
            games = self.player(name).games + 1
            players[name] = LadderPlayer(change.after, new_skills[name], games)
        return Ladder(players, self.rules)

    def standings(self) -> list[str]:
        """Player names, highest rank first; equal ranks by hidden skill, then name."""

        def key(name: str) -> tuple[int, int, float, str]:
            player = self.players[name]
            return (-player.rank.level, -player.rank.rp, -player.skill, name)

        return sorted(self.players, key=key)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the rules and every player."""
        return {
            "rules": asdict(self.rules),
            "players": {name: p.to_dict() for name, p in self.players.items()},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ladder:
        """The ladder a ``to_dict`` wrote; missing rules take their defaults."""
        rules = LadderRules(**data.get("rules", {}))
        players = {n: LadderPlayer.from_dict(p) for n, p in data.get("players", {}).items()}
        return cls(players, rules)
