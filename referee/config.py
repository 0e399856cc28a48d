"""Reading a game's Config from people: ``--config key=value`` flags and TOML tables."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from google.protobuf import json_format
from google.protobuf.message import Message

from referee.engine import Engine
from referee.errors import ConfigError


def parse_assignments(pairs: list[str]) -> dict[str, Any]:
    """``["seats=3", "map=islands"]`` as a dict; values read as JSON when they are JSON.

    Raises:
        ConfigError: a pair has no ``=``.
    """
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key:
            raise ConfigError(f"--config expects key=value, got {pair!r}")
        options[key.strip()] = _json_or_text(text)
    return options


def build_config(
    engine: Engine[Any], options: Mapping[str, Any], base: Message | None = None
) -> Message:
    """The engine's defaults (or ``base``) with ``options`` laid over them (names as in the .proto).

    ``base`` is filled in place and returned.

    Raises:
        ConfigError: an option the game does not have, or a value of the wrong type.
    """
    config = engine.default_config() if base is None else base
    if not options:
        return config
    known = {f.name for f in config.DESCRIPTOR.fields}
    unknown = sorted(set(options) - known)
    if unknown:
        raise ConfigError(
            f"{engine.name} has no option {unknown[0]!r}; its options: {', '.join(sorted(known))}"
        )
    try:
        json_format.ParseDict(_lists_for_repeated(config, options), config)
    except json_format.ParseError as error:
        raise ConfigError(f"{engine.name} config: {error}") from None
    return config


def _lists_for_repeated(config: Message, options: Mapping[str, Any]) -> dict[str, Any]:
    """Options with a list field given as ``3,4,5`` (as ``referee games`` shows them) or one
    value, made lists; ``[3,4,5]`` and TOML arrays are lists already."""
    repeated = {f.name for f in config.DESCRIPTOR.fields if f.is_repeated}
    result = dict(options)
    for name in repeated & set(options):
        value = options[name]
        if isinstance(value, str):
            result[name] = [_json_or_text(part.strip()) for part in value.split(",")]
        elif not isinstance(value, list):
            result[name] = [value]
    return result


def _json_or_text(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text
