"""How every match of a run is played: the game and its config, the clock, the penalty
policy and the bots' limits.

``MatchOptions`` is the one set of match options that ``referee match``,
``tournament``, ``sprt`` and the arena share: the same flags
(referee/cli/options.py), the same spec keys, the same defaults, checked in
one place (its ``__post_init__``) against the one range table,
referee/bounds.py. ``MatchSettings`` is what the referee plays with: the
engine, its config, and the options turned into a time control, a penalty
policy and process limits.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from google.protobuf.message import Message

from referee import bounds
from referee.config import build_config
from referee.engine import Engine
from referee.errors import ConfigError
from referee.games import get_engine
from referee.match.clock import TimeControl
from referee.match.penalties import PenaltyPolicy
from referee.transport.environment import check_variable_names
from referee.transport.process import DEFAULT_OUTPUT_MB, Limits
from referee.transport.sandbox import require_bubblewrap


class Penalty(StrEnum):
    """What a fault (timeout, crash, illegal action, ...) costs the seat that made it."""

    FORFEIT = "forfeit"
    """The seat forfeits the match at its first fault."""
    DEFAULT_ACTION = "default-action"
    """The engine's default action is played for it and the seat gets a strike;
    ``max_strikes`` strikes forfeit the match."""


@dataclass(frozen=True)
class MatchOptions:
    """The clock, the penalty policy and the bots' limits: one set for every command."""

    decision_ms: int = 1000
    """Time per decision, in milliseconds."""
    bank_ms: int = 0
    """Time bank per seat, spent past ``decision_ms``."""
    increment_ms: int = 0
    """Added to the bank after each decision."""
    penalty: Penalty = Penalty.FORFEIT
    max_strikes: int = 3
    """With ``penalty = default-action``, strikes before a forfeit."""
    startup_timeout_s: float = 10.0
    """Seconds a bot has to connect and say hello."""
    bot_memory_mb: int = 2048
    """RLIMIT_DATA per bot process, and all its processes together."""
    bot_cpu_s: int = 0
    """RLIMIT_CPU per bot process; 0 = no limit."""
    bot_output_mb: int = DEFAULT_OUTPUT_MB
    """Stdout and stderr kept per bot process in its log; 0 = all."""
    sandbox: bool = False
    """Run bots under bubblewrap: only their own files, no network, their own pids."""
    bot_env: tuple[str, ...] = ()
    """Environment variables bots may see beyond PATH, HOME, the locale, TERM and TZ."""

    def __post_init__(self) -> None:
        """Check every value, once (ConfigError naming the key otherwise)."""
        for key in BOUNDED_OPTIONS:
            bounds.check(key, getattr(self, key))
        bounds.check_clock(self.decision_ms, self.bank_ms)
        try:
            object.__setattr__(self, "penalty", Penalty(self.penalty))
        except ValueError:
            allowed = ", ".join(p.value for p in Penalty)
            raise ConfigError(f"penalty: expected one of {allowed}, got {self.penalty!r}") from None
        wrong = check_variable_names(self.bot_env)
        if wrong:
            raise ConfigError(
                f"bot_env: expected names of environment variables (not LANDGRAVE_*), "
                f"got {wrong[0]!r}"
            )
        if self.sandbox:
            require_bubblewrap()

    def limits(self) -> Limits:
        """What each bot process may use under these options."""
        return Limits(
            data_mb=self.bot_memory_mb,
            cpu_s=self.bot_cpu_s,
            sandbox=self.sandbox,
            output_mb=self.bot_output_mb,
            env=self.bot_env,
        )

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> MatchOptions:
        """The options a spec or stored JSON names (``bot_env`` as a list or a string)."""
        values = {key: data[key] for key in OPTION_KEYS if key in data}
        env = values.get("bot_env", ())
        values["bot_env"] = tuple(env.split() if isinstance(env, str) else env)
        return cls(**values)


OPTION_KEYS = tuple(f.name for f in fields(MatchOptions))
"""Every match option, by its spec key (the flag is ``--`` and the key with hyphens)."""
BOUNDED_OPTIONS = tuple(key for key in OPTION_KEYS if key in bounds.BOUNDS)


@dataclass(frozen=True)
class MatchSettings:
    """Everything but the seed and the players that decides how a match is played."""

    engine: Engine[Any]
    config: Message
    time_control: TimeControl
    penalties: PenaltyPolicy
    limits: Limits
    options: MatchOptions

    @classmethod
    def build(cls, game: str, config: Mapping[str, Any], options: MatchOptions) -> MatchSettings:
        """The settings of ``game`` with these game options and match options.

        Raises:
            ConfigError: an unknown game or game option.
        """
        engine = get_engine(game)
        lenient = options.penalty is Penalty.DEFAULT_ACTION
        return cls(
            engine=engine,
            config=build_config(engine, config),
            time_control=TimeControl(
                options.decision_ms / 1000, options.bank_ms / 1000, options.increment_ms / 1000
            ),
            penalties=PenaltyPolicy.lenient(options.max_strikes) if lenient else PenaltyPolicy(),
            limits=options.limits(),
            options=options,
        )
