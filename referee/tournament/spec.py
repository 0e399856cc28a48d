"""A tournament's specification: from a TOML file or flags, checked once, then frozen.

Every error names the key and says what was expected, so an organiser can
fix a spec without reading code. The embedded default (``default_spec``)
is what ``referee tournament`` runs with no spec: a round robin on Land.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from referee import bounds
from referee.entrant import Entrant, name_from_command
from referee.errors import ConfigError
from referee.settings import OPTION_KEYS, MatchOptions


class Format(StrEnum):
    """How a tournament's tables are drawn."""

    ROUND_ROBIN = "round-robin"
    """Every table of ``table_size`` bots plays."""
    GAUNTLET = "gauntlet"
    """Every table seats the ``challenger``."""
    SWISS = "swiss"
    """Rounds of pairs of close score who have not met, each paired when the last ends."""


class Rotation(StrEnum):
    """The seat orders each seed of a table is played in."""

    ALL = "all"
    """Every permutation: each bot in each seat, and each order of opponents."""
    CYCLIC = "cyclic"
    """One shift per seat: each bot in each seat once (for large tables)."""
    NONE = "none"
    """The table's own order only."""


class Rating(StrEnum):
    """The persistent ladder's rating a tournament feeds."""

    ELO = "elo"
    """Incremental Elo, multiplayer games as pairwise results."""
    OPENSKILL = "openskill"
    """Plackett-Luce skill (mu, sigma), for multiplayer games."""


MAP_OPTION = "map"
"""The game option ``maps`` sets (Land's and Landover's board)."""
BOUNDED_KEYS = (
    "games_per_table",
    "table_size",
    "seed",
    "swiss_rounds",
    "concurrency",
    "workers",
    "max_fault_rate",
)
"""The spec's own numbers, each checked against its range in referee/bounds.py (the match
options' numbers are ``MatchOptions``')."""
ENUMS: dict[str, type[StrEnum]] = {"format": Format, "rotation": Rotation, "rating": Rating}


@dataclass(frozen=True)
class TournamentSpec:
    """Everything that decides a tournament's schedule and how its matches run."""

    game: str
    entrants: tuple[Entrant, ...]
    name: str = "tournament"
    format: Format = Format.ROUND_ROBIN
    config: Mapping[str, Any] = field(default_factory=dict)
    """Game options over the engine's defaults (see ``referee games``)."""
    table_size: int = 0
    """Players per match; 0 means the game's minimum (1 for solo games, 2 for duels)."""
    games_per_table: int = 2
    """Seeds per table; each seed is played in every seat order of the rotation."""
    rotation: Rotation = Rotation.ALL
    """Seat orders per seed: every order (``all``), one shift per seat (``cyclic``), or one."""
    seed: int = 1
    """The base seed; every match's seed derives from it and the table."""
    seeds: tuple[int, ...] = ()
    """Seeds to cycle through, as an openings book: seed group ``g`` of every table plays
    ``seeds[g % len(seeds)]``, in every seat order. Empty: seeds derived from ``seed``."""
    maps: tuple[str, ...] = ()
    """Maps to cycle through: seed group ``g`` sets the game's ``map`` option to
    ``maps[g % len(maps)]``. Empty: the ``map`` of ``config`` (or the game's default)."""
    challenger: str = ""
    """Gauntlet: the bot that meets every other bot."""
    swiss_rounds: int = 0
    """Swiss: rounds to play; 0 means ceil(log2(entrants)) + 1."""
    concurrency: int = 4
    """Matches at once per worker."""
    workers: int = 1
    """Worker processes; more than one uses more cores for CPU-bound engines."""
    reuse_bots: bool = True
    """Keep a bot's process for its next match (a fresh one always follows a fault)."""
    max_fault_rate: float = 0.5
    """A bot with more faults per match than this (after 4 matches) is quarantined."""
    dask_scheduler: str = ""
    """Play on a Dask cluster: ``local`` (``workers`` processes here) or a scheduler address."""
    rating: Rating = Rating.ELO
    """The ladder's rating: ``elo``, or ``openskill`` (Plackett-Luce) for multiplayer."""
    match: MatchOptions = field(default_factory=MatchOptions)
    """The clock, penalties and bots' limits: in a TOML spec, top-level keys
    (``decision_ms = 500``), as for every other command (referee/settings.py)."""
    chance_secret_file: str = ""
    """A file with the secret every match's chance key derives from; empty: a random
    secret, kept in the tournament's folder (referee/tournament/keys.py)."""
    sign_key_file: str = ""
    """A file with the organiser's key to sign every record with (HMAC-SHA256)."""

    def __post_init__(self) -> None:
        for key, kind in ENUMS.items():  # a string from TOML or JSON becomes its member
            value = getattr(self, key)
            try:
                object.__setattr__(self, key, kind(value))
            except ValueError:
                allowed = ", ".join(member.value for member in kind)
                raise ConfigError(f"{key}: expected one of {allowed}, got {value!r}") from None
        _check_spec(self)

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> TournamentSpec:
        """The spec a tournament database stored.

        Raises:
            ConfigError: it was written by an incompatible version.
        """
        try:
            data = json.loads(text)
            data["entrants"] = tuple(Entrant(**e) for e in data["entrants"])
            for key in ("seeds", "maps"):  # JSON lists; absent in specs stored before them
                data[key] = tuple(data.get(key, ()))
            # Specs stored before MatchOptions kept its keys at the top level.
            flat = {key: data.pop(key) for key in OPTION_KEYS if key in data}
            data["match"] = MatchOptions.from_mapping(data.get("match", flat))
            return cls(**data)
        except (ValueError, TypeError, KeyError) as error:
            raise ConfigError(f"the stored tournament spec does not read: {error}") from None

    def entrant(self, name: str) -> Entrant:
        return next(e for e in self.entrants if e.name == name)

    def options_for(self, group: int) -> Mapping[str, Any]:
        """The game options of seed group ``group``: ``config``, with its map from ``maps``."""
        if not self.maps:
            return self.config
        return {**self.config, MAP_OPTION: self.maps[group % len(self.maps)]}


def _check_spec(spec: TournamentSpec) -> None:
    names = [e.name for e in spec.entrants]
    if len(set(names)) != len(names):
        raise ConfigError(f"bots: names must be unique, got {names}")
    for name in names:  # a name is also a file name: its bot logs are logs/NAME-N.stderr
        _check_file_name("bots", name)
    _check_file_name("name", spec.name)  # it names the folder: tournaments/NAME-TIME
    for key in BOUNDED_KEYS:
        bounds.check(key, getattr(spec, key))
    for seed in spec.seeds:
        bounds.check("seed", seed)
    if spec.format is Format.GAUNTLET and spec.challenger not in names:
        raise ConfigError(f"challenger: expected one of the bots {names}, got {spec.challenger!r}")
    # A key another format reads would be ignored without a word: refused instead.
    if spec.challenger and spec.format is not Format.GAUNTLET:
        raise ConfigError(f'challenger: only a gauntlet has one; format is "{spec.format}"')
    if spec.swiss_rounds and spec.format is not Format.SWISS:
        raise ConfigError(
            f'swiss_rounds: only a Swiss tournament has rounds; format is "{spec.format}"'
        )


def _check_file_name(key: str, name: str) -> None:
    if not name or "/" in name or "\0" in name or name in (".", ".."):
        raise ConfigError(f"{key}: expected a name without '/', got {name!r}")


def parse_spec(data: Mapping[str, Any], where: str = "spec") -> TournamentSpec:
    """A spec from a TOML-shaped mapping.

    Raises:
        ConfigError: a missing or unknown key, or a value of the wrong type.
    """
    data = _read_list_files(dict(data), where)
    own = set(TournamentSpec.__dataclass_fields__) - {"entrants", "match"}
    known = own | set(OPTION_KEYS) | {"bots"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ConfigError(f"{where}: unknown key {unknown[0]!r}; known keys: {sorted(known)}")
    for key in ("game", "bots"):
        if key not in data:
            raise ConfigError(f"{where}: missing key {key!r}")
    bots = data.pop("bots")
    if not isinstance(bots, list):
        raise ConfigError(f"{where}: bots: expected a list of bots, got {bots!r}")
    entrants = tuple(_parse_entrant(bot, i, where) for i, bot in enumerate(bots))
    types = {
        **{k: f.type for k, f in MatchOptions.__dataclass_fields__.items()},
        **{k: f.type for k, f in TournamentSpec.__dataclass_fields__.items()},
    }
    for key, value in data.items():
        _check_type(key, value, types[key], where)
        if isinstance(value, list):
            data[key] = tuple(value)
    match = MatchOptions.from_mapping({k: data.pop(k) for k in OPTION_KEYS if k in data})
    return TournamentSpec(entrants=entrants, match=match, **data)


LIST_FILES = {"seeds_file": "seeds", "maps_file": "maps"}
"""Spec keys naming a file whose lines are the list of another key."""


def _read_list_files(data: dict[str, Any], where: str) -> dict[str, Any]:
    """``seeds_file`` and ``maps_file`` replaced by the lists they hold (kept in the spec,
    so a resumed tournament does not depend on the file)."""
    for file_key, key in LIST_FILES.items():
        if file_key not in data:
            continue
        if key in data:
            raise ConfigError(f"{where}: give {key} or {file_key}, not both")
        path = data.pop(file_key)
        if not isinstance(path, str):
            raise ConfigError(f"{where}: {file_key}: expected a file name, got {path!r}")
        data[key] = read_list_file(Path(path), key)
    return data


def read_list_file(path: Path, key: str) -> list[Any]:
    """The lines of a seed list (integers) or map list (names); blank lines and ``#``
    comments skipped, every other line kept, repeats too.

    Raises:
        ConfigError: the file cannot be read, or a seed line is not an integer.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"cannot read the {key} list {path}: {error}") from None
    items: list[Any] = []
    for number, line in enumerate(text.splitlines(), start=1):
        word = line.partition("#")[0].strip()
        if not word:
            continue
        if key == "seeds":
            if not word.isdigit():
                raise ConfigError(
                    f"{path}: line {number}: expected a seed (0 or more), got {word!r}"
                )
            items.append(int(word))
        else:
            items.append(word)
    if not items:
        raise ConfigError(f"{path}: no {key} in it")
    return items


def _parse_entrant(bot: Any, index: int, where: str) -> Entrant:
    if isinstance(bot, str):
        return Entrant.parse(bot)
    if isinstance(bot, Mapping) and isinstance(bot.get("command"), str):
        extra = sorted(set(bot) - {"name", "command"})
        if extra:
            raise ConfigError(f"{where}: bots[{index}]: unknown key {extra[0]!r}")
        return Entrant(str(bot.get("name") or name_from_command(bot["command"])), bot["command"])
    raise ConfigError(
        f"{where}: bots[{index}]: expected a command string or "
        f"{{name = ..., command = ...}}, got {bot!r}"
    )


_TYPES: dict[str, type | tuple[type, ...]] = {
    "str": str,
    "int": int,
    "float": (int, float),
    "bool": bool,
    "Format": str,
    "Rotation": str,
    "Rating": str,
    "Penalty": str,
}
_LISTS: dict[str, type] = {"tuple[int, ...]": int, "tuple[str, ...]": str}
"""List-valued keys (``seeds``, ``maps``) by annotation: the type of their items."""


def _check_type(key: str, value: Any, annotation: Any, where: str) -> None:
    if key == "bot_env" and isinstance(value, str):  # names separated by spaces, or a list
        return
    item = _LISTS.get(str(annotation))
    if item is not None:
        good = isinstance(value, list) and value
        if not good or any(isinstance(v, bool) or not isinstance(v, item) for v in value):
            kind = "integers" if item is int else "strings"
            raise ConfigError(f"{where}: {key}: expected a non-empty list of {kind}, got {value!r}")
        return
    expected = _TYPES.get(str(annotation))
    if expected is None:  # config: a table of game options
        if not isinstance(value, Mapping):
            raise ConfigError(f"{where}: {key}: expected a table, got {value!r}")
        return
    wrong_bool = isinstance(value, bool) and annotation != "bool"
    if wrong_bool or not isinstance(value, expected):
        raise ConfigError(f"{where}: {key}: expected {annotation}, got {value!r}")


def load_spec(path: Path) -> TournamentSpec:
    """A spec from a TOML file.

    Raises:
        ConfigError: the file is missing, is not TOML, or the spec is wrong.
    """
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ConfigError(f"cannot read tournament spec {path}: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise ConfigError(f"{path}: not UTF-8 text: {error.reason} at byte {error.start}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: not valid TOML: {error}") from None
    return parse_spec(data, where=str(path))


def default_spec(bots_dir: Path) -> TournamentSpec:
    """The embedded default: a round robin on Land between the built-in Land bots.

    Named after their files, as ``--bot bots/land_greedy.py`` names them: one bot, one name.
    """
    return TournamentSpec(
        game="land",
        name="land-round-robin",
        entrants=tuple(
            Entrant.parse(str(bots_dir / file))
            for file in ("land_greedy.py", "land_frontier.py", "random_bot.py")
        ),
        games_per_table=4,
    )
