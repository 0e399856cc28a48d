"""The Nim engine: its facts, its options, and new games from a Config."""

from __future__ import annotations

import random
from dataclasses import dataclass

from landgrave_nim import nim_pb2
from landgrave_nim.determinize import state_from_observation
from landgrave_nim.state import NimState, Take
from referee.codec import OneofCodec
from referee.engine import Engine
from referee.errors import ConfigError


@dataclass(frozen=True)
class NimEngine(Engine[Take]):
    """Take stones from heaps; whoever takes the last stone wins (or loses, misère)."""

    name: str = "nim"
    version: str = "1"
    min_players: int = 2
    max_players: int = 4
    description: str = "Nim: take stones from heaps; whoever takes the last stone wins"
    codec = OneofCodec(nim_pb2.Action, nim_pb2.ActionList, [Take])

    def default_config(self) -> nim_pb2.Config:
        return nim_pb2.Config(heaps=[3, 4, 5])

    def setup(self, config: nim_pb2.Config, num_players: int) -> NimState:
        heaps = list(config.heaps)
        if not 1 <= len(heaps) <= 10 or not all(1 <= stones <= 100 for stones in heaps):
            raise ConfigError(f"nim heaps: expected 1 to 10 heaps of 1..100 stones, got {heaps}")
        return NimState(heaps, config.misere, num_players)

    def determinize(
        self,
        config: nim_pb2.Config,
        num_players: int,
        seat: int,
        observation: nim_pb2.Observation,
        rng: random.Random,
    ) -> NimState:
        return state_from_observation(self.setup(config, num_players), observation)


ENGINE = NimEngine()
