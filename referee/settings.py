"""How every match of a run is played: the game and its config, the clock, the penalty
policy and the bots' limits. Read once, from a tournament spec or from flags, and checked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
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

PENALTIES = ("forfeit", "default-action")


@dataclass(frozen=True)
class MatchSettings:
    """Everything but the seed and the players that decides how a match is played."""

    engine: Engine[Any]
    config: Message
    time_control: TimeControl
    penalties: PenaltyPolicy
    limits: Limits

    @classmethod
    def build(
        cls,
        game: str,
        options: Mapping[str, Any],
        *,
        decision_ms: int,
        bank_ms: int = 0,
        increment_ms: int = 0,
        penalty: str = "forfeit",
        max_strikes: int = 3,
        memory_mb: int = 2048,
        cpu_s: int = 0,
        sandbox: bool = False,
        bot_env: Sequence[str] = (),
        output_mb: int = DEFAULT_OUTPUT_MB,
    ) -> MatchSettings:
        """The settings these values name.

        Raises:
            ConfigError: an unknown game or game option, a value out of range,
                or a sandbox without bubblewrap.
        """
        for key, value in (
            ("decision_ms", decision_ms),
            ("bank_ms", bank_ms),
            ("increment_ms", increment_ms),
            ("max_strikes", max_strikes),
            ("bot_memory_mb", memory_mb),
            ("bot_cpu_s", cpu_s),
            ("bot_output_mb", output_mb),
        ):
            bounds.check(key, value)
        bounds.check_clock(decision_ms, bank_ms)
        if penalty not in PENALTIES:
            raise ConfigError(f"penalty: expected one of {', '.join(PENALTIES)}, got {penalty!r}")
        wrong = check_variable_names(bot_env)
        if wrong:
            raise ConfigError(
                f"bot_env: expected names of environment variables (not LANDGRAVE_*), "
                f"got {wrong[0]!r}"
            )
        if sandbox:
            require_bubblewrap()
        engine = get_engine(game)
        lenient = penalty == "default-action"
        return cls(
            engine=engine,
            config=build_config(engine, options),
            time_control=TimeControl(decision_ms / 1000, bank_ms / 1000, increment_ms / 1000),
            penalties=PenaltyPolicy.lenient(max_strikes) if lenient else PenaltyPolicy(),
            limits=Limits(
                data_mb=memory_mb,
                cpu_s=cpu_s,
                sandbox=sandbox,
                output_mb=output_mb,
                env=tuple(bot_env),
            ),
        )
