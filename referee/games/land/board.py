"""The board of Land: a grid of plots, grouped into regions that dice pick.

A ``Board`` never changes during a game; who owns what lives in the
``LandState``. Plots are numbered row by row (``y * width + x``), x from the
west and y from the north. Regions are numbered from 1, like die faces
(LAND-02).
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property


class PlotKind(enum.IntEnum):
    """What a plot is; the values match the ``PlotKind`` proto enum."""

    GRASS = 1
    """Usable land: one cow claims it."""
    MOUNTAIN = 2
    """Usable land: two cows claim it (LAND-08)."""
    WATER = 3
    """Unusable."""
    COAST = 4
    """Unusable coast or beach."""
    ISLET = 5
    """Unusable small island."""

    @property
    def is_usable(self) -> bool:
        """Whether cows may claim a plot of this kind (LAND-03)."""
        return self in (PlotKind.GRASS, PlotKind.MOUNTAIN)


@dataclass(frozen=True)
class Board:
    """A map: plot kinds, resident cows and the region grid."""

    name: str
    """The map's name, shown in renders."""
    width: int
    """Plot columns."""
    height: int
    """Plot rows."""
    region_width: int
    """Plot columns per region."""
    region_height: int
    """Plot rows per region."""
    kinds: tuple[PlotKind, ...]
    """Per plot, row by row."""
    residents: frozenset[int]
    """Grass plots where a resident cow lives (LAND-09)."""

    @property
    def columns(self) -> int:
        """Region columns: the faces of the column die."""
        return self.width // self.region_width

    @property
    def rows(self) -> int:
        """Region rows: the faces of the row die."""
        return self.height // self.region_height

    @property
    def size(self) -> int:
        """How many plots the board has."""
        return self.width * self.height

    def plot(self, x: int, y: int) -> int:
        """The number of the plot at column x, row y."""
        return y * self.width + x

    def xy(self, plot: int) -> tuple[int, int]:
        """The column and row of a plot."""
        return plot % self.width, plot // self.width

    def contains(self, x: int, y: int) -> bool:
        """Whether (x, y) is on the board."""
        return 0 <= x < self.width and 0 <= y < self.height

    def region_of(self, plot: int) -> tuple[int, int]:
        """The region (column, row), both from 1, that holds a plot."""
        x, y = self.xy(plot)
        return x // self.region_width + 1, y // self.region_height + 1

    def region_plots(self, column: int, row: int) -> tuple[int, ...]:
        """The plots of region (column, row), in plot order."""
        return self._regions[(column, row)]

    def neighbours(self, plot: int) -> tuple[int, ...]:
        """The plots north, west, east and south of a plot that are on the board."""
        return self._neighbours[plot]

    @cached_property
    def _neighbours(self) -> tuple[tuple[int, ...], ...]:
        result = []
        for plot in range(self.size):
            x, y = self.xy(plot)
            steps = ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1))
            result.append(tuple(self.plot(a, b) for a, b in steps if self.contains(a, b)))
        return tuple(result)

    @cached_property
    def _regions(self) -> dict[tuple[int, int], tuple[int, ...]]:
        regions: dict[tuple[int, int], list[int]] = {}
        for plot in range(self.size):
            regions.setdefault(self.region_of(plot), []).append(plot)
        return {key: tuple(plots) for key, plots in regions.items()}

    @cached_property
    def start_plots(self) -> tuple[int, ...]:
        """Plots that can be a starting plot: grass (LAND-04)."""
        return tuple(p for p, kind in enumerate(self.kinds) if kind is PlotKind.GRASS)

    def start_plot_values(self, per_plot: Sequence[int]) -> tuple[int, ...]:
        """The values a per-plot list holds for the start plots (picked out in C)."""
        return self._start_picker(per_plot)

    @cached_property
    def _start_picker(self) -> Callable[[Sequence[int]], tuple[int, ...]]:
        plots = self.start_plots
        if len(plots) == 1:  # itemgetter of one index gives the value, not a tuple
            return lambda values: (values[plots[0]],)
        return operator.itemgetter(*plots)

    def in_action_order(self, plots: Iterable[int]) -> list[int]:
        """Plots sorted as their actions sort: by column x, then row y."""
        return sorted(plots, key=self._action_rank.__getitem__)

    @cached_property
    def _action_rank(self) -> tuple[int, ...]:
        return tuple((p % self.width) * self.height + p // self.width for p in range(self.size))
