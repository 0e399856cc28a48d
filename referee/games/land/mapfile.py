"""The plain-text ``.map`` format of Land boards (docs/rules/land.md, LAND-16).

Example::

    # comments start with '#'
    name = Tiny
    region = 2x1

    ~. .^
    c. :*

Header lines ``key = value`` come first (``region`` is required, ``name``
optional). Then the grid: one character per plot, one line per plot row.
Spaces and blank lines inside the grid are ignored, so regions can be set
apart for the eye.
"""

from __future__ import annotations

import re
from importlib import resources

from referee.errors import ConfigError
from referee.games.land.board import Board, PlotKind

PLOT_CHARS: dict[str, tuple[PlotKind, bool]] = {
    ".": (PlotKind.GRASS, False),
    "c": (PlotKind.GRASS, True),
    "^": (PlotKind.MOUNTAIN, False),
    "~": (PlotKind.WATER, False),
    ":": (PlotKind.COAST, False),
    "*": (PlotKind.ISLET, False),
}
"""Each plot character: its kind and whether a resident cow lives there."""

MAX_REGIONS = 12
"""Most region columns or rows: dice beyond d12 are rare at a table."""
MAX_REGION_SIDE = 6
"""Most plot columns or rows in one region: more would not be "a few plots"."""

_REGION = re.compile(r"^(\d+)\s*x\s*(\d+)$")
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def parse_map(text: str, source: str = "map_text") -> Board:
    """Read a map in the ``.map`` format.

    Args:
        text: the whole file.
        source: where the text came from, named in error messages.

    Raises:
        ConfigError: the text is not a valid map; the message names the line.
    """
    return _Parser(source).parse(text)


def format_map(board: Board) -> str:
    """Write a board in the ``.map`` format; ``parse_map`` reads it back equal."""
    chars = {value: char for char, value in PLOT_CHARS.items()}
    lines = [f"name = {board.name}", f"region = {board.region_width}x{board.region_height}"]
    for y in range(board.height):
        if y % board.region_height == 0:
            lines.append("")
        row = ""
        for x in range(board.width):
            plot = board.plot(x, y)
            if x and x % board.region_width == 0:
                row += " "
            row += chars[(board.kinds[plot], plot in board.residents)]
        lines.append(row)
    return "\n".join(lines) + "\n"


def builtin_maps() -> list[str]:
    """Names of the maps shipped in ``referee/games/land/data``."""
    folder = resources.files("referee.games.land") / "data"
    return sorted(p.name.removesuffix(".map") for p in folder.iterdir() if p.name.endswith(".map"))


def load_builtin(name: str) -> Board:
    """The built-in map ``data/NAME.map``.

    Raises:
        ConfigError: there is no such map.
    """
    known = builtin_maps()
    if not _NAME.match(name) or name not in known:
        raise ConfigError(f"map: expected one of {[*known, 'random']}, got {name!r}")
    path = resources.files("referee.games.land") / "data" / f"{name}.map"
    return parse_map(path.read_text(encoding="utf-8"), f"{name}.map")


class _Parser:
    """One pass over a map text, remembering where each part was found."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.headers: dict[str, str] = {}
        self.rows: list[str] = []
        self.first_row_line = 0
        self.region_line = 0

    def fail(self, line: int, message: str) -> ConfigError:
        where = f"{self.source} line {line}" if line else self.source
        return ConfigError(f"{where}: {message}")

    def parse(self, text: str) -> Board:
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if "=" in line and not self.rows:
                self.read_header(number, line)
            else:
                self.read_row(number, line)
        return self.build()

    def read_header(self, number: int, line: str) -> None:
        key, _, value = (part.strip() for part in line.partition("="))
        if key not in ("name", "region"):
            raise self.fail(number, f"expected a header 'name' or 'region', got {key!r}")
        if key in self.headers:
            raise self.fail(number, f"expected one {key!r} header, got a second")
        self.headers[key] = value
        if key == "region":
            self.region_line = number

    def read_row(self, number: int, line: str) -> None:
        row = line.replace(" ", "").replace("\t", "")
        for column, char in enumerate(row, start=1):
            if char not in PLOT_CHARS:
                expected = " ".join(PLOT_CHARS)
                raise self.fail(number, f"plot {column}: expected one of {expected}, got {char!r}")
        if self.rows and len(row) != len(self.rows[0]):
            raise self.fail(
                number,
                f"expected {len(self.rows[0])} plots as in line {self.first_row_line}, "
                f"got {len(row)}",
            )
        if not self.rows:
            self.first_row_line = number
        self.rows.append(row)

    def region_size(self) -> tuple[int, int]:
        if "region" not in self.headers:
            raise self.fail(0, "expected a 'region = WxH' header before the grid, got none")
        match = _REGION.match(self.headers["region"])
        width, height = (int(match[1]), int(match[2])) if match else (0, 0)
        if not (1 <= width <= MAX_REGION_SIDE and 1 <= height <= MAX_REGION_SIDE):
            raise self.fail(
                self.region_line,
                f"region: expected WxH with sides 1..{MAX_REGION_SIDE}, "
                f"got {self.headers['region']!r}",
            )
        return width, height

    def build(self) -> Board:
        region_width, region_height = self.region_size()
        if not self.rows:
            raise self.fail(0, "expected a grid of plots after the headers, got none")
        width, height = len(self.rows[0]), len(self.rows)
        self.check_fit("columns", width, region_width)
        self.check_fit("rows", height, region_height)
        kinds = tuple(PLOT_CHARS[c][0] for row in self.rows for c in row)
        residents = frozenset(
            i for i, c in enumerate(c for row in self.rows for c in row) if PLOT_CHARS[c][1]
        )
        if PlotKind.GRASS not in kinds:
            raise self.fail(0, "expected at least one grass plot ('.' or 'c'), got none")
        name = self.headers.get("name") or self.source.removesuffix(".map")
        return Board(name, width, height, region_width, region_height, kinds, residents)

    def check_fit(self, what: str, plots: int, side: int) -> None:
        regions, rest = divmod(plots, side)
        if rest or not 1 <= regions <= MAX_REGIONS:
            raise self.fail(
                self.first_row_line,
                f"expected plot {what} to make 1..{MAX_REGIONS} whole regions of {side}, "
                f"got {plots}",
            )
