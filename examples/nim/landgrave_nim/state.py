"""One position of Nim, and its one kind of action."""

from __future__ import annotations

from dataclasses import dataclass

from landgrave_nim import nim_pb2
from referee.engine import SeatOutcome, State, actor, outcomes_from_scores
from referee.errors import IllegalAction


@dataclass(frozen=True, order=True)
class Take:
    """Take ``count`` stones from heap number ``heap`` (from 0)."""

    heap: int
    count: int


class NimState(State[Take]):
    """The heaps, whose turn it is, and who took last."""

    def __init__(self, heaps: list[int], misere: bool, num_players: int) -> None:
        self.heaps = heaps
        self.misere = misere
        self.players = num_players
        self.to_move = 0
        self.last_taker = -1

    @property
    def num_players(self) -> int:
        return self.players

    def to_act(self) -> tuple[int, ...]:
        return () if self.is_terminal() else (self.to_move,)

    def legal_actions(self, seat: int) -> list[Take]:
        if seat not in self.to_act():
            return []
        return [Take(h, n) for h, stones in enumerate(self.heaps) for n in range(1, stones + 1)]

    def apply(self, seat: int, action: Take) -> None:
        self.check_can_act(seat)
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"nim: expected a take from {self.heaps}, got {action}")
        self.heaps[action.heap] -= action.count
        self.last_taker = seat
        self.to_move = (seat + 1) % self.players

    def observation(self, seat: int) -> nim_pb2.Observation:
        return nim_pb2.Observation(heaps=self.heaps, to_move=self.to_move)

    def is_terminal(self) -> bool:
        return not any(self.heaps)

    def outcome(self) -> list[SeatOutcome]:
        """1 point to the winner; before the end, everyone is level."""
        if not self.is_terminal():
            return outcomes_from_scores([0] * self.players)
        last = [seat == self.last_taker for seat in range(self.players)]
        return outcomes_from_scores([int(took != self.misere) for took in last])

    def canonical(self) -> bytes:
        fields = (self.heaps, self.misere, self.players, self.to_move, self.last_taker)
        return repr(fields).encode()

    def render(self) -> str:
        rows = [f"heap {h}: {'o' * stones or '-'}" for h, stones in enumerate(self.heaps)]
        return "\n".join([*rows, f"seat {self.to_move} to move"]) + "\n"

    def describe(self, seat: int, action: Take) -> str:
        stones = "a stone" if action.count == 1 else f"{action.count} stones"
        left = self.heaps[action.heap] - action.count if action.heap < len(self.heaps) else 0
        return f"{actor(seat)} takes {stones} from heap {action.heap}, leaving {left}"
