"""An arena's settings: its games and how their matches are played, fixed at ``init``.

The arena plays through the tournament machinery, so each game's settings
become a ``TournamentSpec`` (without entrants): the same time control,
penalties, rlimits, sandbox, seat rotation and duplicate seeds.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

from referee.errors import ConfigError
from referee.games import get_engine
from referee.settings import OPTION_KEYS, MatchOptions
from referee.tournament.spec import Rating, Rotation, TournamentSpec

RATINGS = ("openskill", "elo", "landover")
DEFAULT_MATCH = MatchOptions(bot_memory_mb=1024)
"""An arena's match options unless ``arena init`` says otherwise: a smaller heap than a
tournament's, since an arena keeps many bots' processes alive at once."""


@dataclass(frozen=True)
class ArenaSpec:
    """Everything an arena decides once, for all its games."""

    games: tuple[str, ...]
    table_sizes: dict[str, int] = field(default_factory=dict)
    """Players per match per game; a game not named here seats its minimum (at least 2)."""
    rating: str = "openskill"
    """What the leaderboard ranks by: ``openskill`` (mu - 3 sigma), ``elo`` or ``landover``."""
    games_per_table: int = 1
    """Seeds per table the scheduler picks; each is played in every seat order (cyclic)."""
    rotation: Rotation = Rotation.CYCLIC
    concurrency: int = 2
    """Matches at once per worker."""
    max_fault_rate: float = 0.5
    seed: int = 1
    match: MatchOptions = field(default_factory=lambda: DEFAULT_MATCH)
    """The clock, penalties and bots' limits, as every command has them (referee/settings.py)."""

    def __post_init__(self) -> None:
        if not self.games:
            raise ConfigError("an arena needs at least one --game")
        if self.rating not in RATINGS:
            raise ConfigError(f"rating: expected one of {', '.join(RATINGS)}, got {self.rating!r}")
        # A size for a game not played is a typo or a forgotten --game: say so, not ignore it.
        strays = [game for game in self.table_sizes if game not in self.games]
        if strays:
            raise ConfigError(
                f"table size: this arena plays {', '.join(self.games)}, not {', '.join(strays)}"
            )
        for game in self.games:
            engine = get_engine(game)
            size = self.table_size(game)
            if not max(2, engine.min_players) <= size <= engine.max_players:
                raise ConfigError(
                    f"table size: {game} seats {engine.min_players}-{engine.max_players} "
                    f"(an arena needs 2 or more), got {size}"
                )
        self.tournament_spec(self.games[0])  # every other value checked as tournaments do

    def table_size(self, game: str) -> int:
        return self.table_sizes.get(game) or max(2, get_engine(game).min_players)

    def tournament_spec(self, game: str) -> TournamentSpec:
        """The tournament machinery's view of one game of the arena."""
        return TournamentSpec(
            game=game,
            entrants=(),
            name=f"arena-{game}",
            games_per_table=self.games_per_table,
            rotation=self.rotation,
            concurrency=self.concurrency,
            max_fault_rate=self.max_fault_rate,
            seed=self.seed,
            rating=Rating.OPENSKILL,
            match=self.match,
        )

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> ArenaSpec:
        try:
            data = json.loads(text)
            data["games"] = tuple(data["games"])
            # Arenas made before MatchOptions kept its keys at the top level.
            flat = {key: data.pop(key) for key in OPTION_KEYS if key in data}
            data["match"] = MatchOptions.from_mapping(data.get("match", flat))
            # Arenas made before stray table sizes were refused may keep some; never used.
            sizes = dict(data.get("table_sizes", {}))
            data["table_sizes"] = {g: n for g, n in sizes.items() if g in data["games"]}
            return cls(**data)
        except (ValueError, TypeError, KeyError) as error:
            raise ConfigError(f"the stored arena settings do not read: {error}") from None
