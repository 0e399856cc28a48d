"""Persistent per-game ladders: every finished tournament's games feed them, once.

One JSON file per game in ``$LANDGRAVE_HOME/ladders`` (default
``~/.landgrave/ladders``), holding an incremental Elo ladder, the
Landover-style ranked ladder with its seasons, and, when asked for,
openskill (Plackett-Luce) ratings. Each tournament is applied once,
whole, in match order, under a file lock, so a resumed or re-run
tournament never counts twice and two finishing at once do not clobber.
"""

from __future__ import annotations

import contextlib
import datetime
import fcntl
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.errors import ConfigError
from referee.ratings import GameResult, Ladder, Season, SeasonTable, elo, plackett_luce
from referee.ratings.plackett_luce import SkillRating


def ladder_home() -> Path:
    return Path(os.environ.get("LANDGRAVE_HOME", Path.home() / ".landgrave")) / "ladders"


@dataclass
class GameLadder:
    """Everything one game's ladders know."""

    game: str
    elo: dict[str, float] = field(default_factory=dict)
    games: dict[str, int] = field(default_factory=dict)
    applied: list[str] = field(default_factory=list)
    """Ids of the tournaments already counted."""
    ranked: Ladder = field(default_factory=Ladder)
    seasons: dict[str, SeasonTable] = field(default_factory=dict)
    skill: dict[str, SkillRating] = field(default_factory=dict)

    def record(self, result: GameResult, day: datetime.date, with_skill: bool) -> None:
        """Count one game in every ladder."""
        self.elo = elo.update(self.elo, result)
        for name in result.players:
            self.games[name] = self.games.get(name, 0) + 1
        self.ranked = self.ranked.record(result)
        season = Season.from_date(day)
        table = self.seasons.get(str(season), SeasonTable(season))
        self.seasons[str(season)] = table.record(result)
        if with_skill:
            self.skill = plackett_luce.update(self.skill, result)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "elo": self.elo,
            "games": self.games,
            "applied": self.applied,
            "ranked": self.ranked.to_dict(),
            "seasons": {key: table.to_dict() for key, table in self.seasons.items()},
            "skill": {name: rating.to_dict() for name, rating in self.skill.items()},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameLadder:
        return cls(
            game=data["game"],
            elo=dict(data["elo"]),
            games=dict(data["games"]),
            applied=list(data["applied"]),
            ranked=Ladder.from_dict(data["ranked"]),
            seasons={k: SeasonTable.from_dict(v) for k, v in data["seasons"].items()},
            skill={k: SkillRating.from_dict(v) for k, v in data["skill"].items()},
        )


def load(game: str, home: Path | None = None) -> GameLadder:
    """A game's ladder; a new one when it has none yet.

    Raises:
        ConfigError: the ladder's file is damaged (it is left as it is).
    """
    path = (home or ladder_home()) / f"{game}.json"
    if not path.exists():
        return GameLadder(game)
    try:
        return GameLadder.from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise ConfigError(
            f"{path} is damaged ({type(error).__name__}: {error}); move it away to start "
            "that ladder afresh"
        ) from None


@contextlib.contextmanager
def updating(game: str, home: Path | None = None) -> Iterator[GameLadder]:
    """Load a game's ladder under an exclusive lock, and save it atomically on exit."""
    folder = home or ladder_home()
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / f"{game}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        ladder = load(game, folder)
        yield ladder
        scratch = folder / f"{game}.json.tmp"
        scratch.write_text(json.dumps(ladder.to_dict(), indent=1, sort_keys=True), "utf-8")
        scratch.replace(folder / f"{game}.json")
