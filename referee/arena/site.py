"""The arena's static site in ``DIR/site``: leaderboards, bot pages, replays.

Plain HTML files that any web server (or a browser on the folder) can
show: ``index.html`` lists the games; ``GAME.html`` is a game's
leaderboard; ``bots/ID.html`` a version's page with its recent matches;
``replays/MATCH.html`` the HTML replay viewer of one match.

Only the pages that new results changed are rendered again (their games'
boards, their bots' pages, their replays), each once per batch, and a page
whose text did not change is not rewritten. ``arena run`` does this in a
publisher process of its own (publisher.py), so replays, which cost more
CPU than the match they show, never hold up the lanes. A replay shows
chance outcomes that the other seat orders of its table share (duplicate
seeds), so it is published only once every match of its table is over:
the site is public, bots and their authors included. Written with
``html.escape`` and f-strings: the pages are small tables, not worth a
template engine.
"""

from __future__ import annotations

import os
from html import escape
from pathlib import Path

import structlog

from referee.arena.ladder import Line, leaderboard
from referee.arena.spec import ArenaSpec
from referee.arena.store import ArenaMatch, ArenaStore, Version
from referee.errors import LandgraveError
from referee.replay import Replay
from referee.replay.viewer import viewer_html

logger = structlog.get_logger("referee.arena")

PUBLISHED = "site_published_seq"
"""Meta key: the ``done_seq`` up to which the site shows results."""
RECENT_MATCHES = 30
"""Matches listed on a bot's page, newest first."""

_STYLE = """body{font:15px/1.4 system-ui,sans-serif;margin:2em auto;max-width:70em;padding:0 1em}
table{border-collapse:collapse}
td,th{padding:.25em .7em;border-bottom:1px solid #ddd;text-align:left}
th{background:#f4f4f4}.num{text-align:right;font-variant-numeric:tabular-nums}.dim{color:#888}"""


def site_folder(store: ArenaStore) -> Path:
    return store.folder / "site"


def publish_match(store: ArenaStore, spec: ArenaSpec, match: ArenaMatch) -> list[Path]:
    """Render what one finished match changed; the pages written."""
    return _publish(store, spec, [match])


def publish_since(store: ArenaStore, spec: ArenaSpec) -> list[Path]:
    """Render what the matches finished since the last call changed, each page once."""
    seen = int(store.get_meta(PUBLISHED) or 0)
    matches = store.done_since(seen)
    if not matches:
        return []
    written = _publish(store, spec, matches)
    store.set_meta(PUBLISHED, str(max(m.done_seq or 0 for m in matches)))
    return written


def _publish(store: ArenaStore, spec: ArenaSpec, matches: list[ArenaMatch]) -> list[Path]:
    written: list[Path] = []
    for table in dict.fromkeys(m.table for m in matches):
        if store.is_table_over(table):
            for match in store.table_matches(table):
                written += _replay(store, match)
    for game in dict.fromkeys(m.game for m in matches):
        written += _write(store, f"{game}.html", game_page(store, spec, game))
    for version_id in dict.fromkeys(v for m in matches for v in m.seats):
        written += _write(store, f"bots/{version_id}.html", bot_page(store, spec, version_id))
    return written


def publish_start(store: ArenaStore, spec: ArenaSpec) -> list[Path]:
    """At the start of a run: every page the first time, else what changed since the last."""
    if not (site_folder(store) / "index.html").exists():
        return publish_all(store, spec)
    return _write(store, "index.html", index_page(spec)) + publish_since(store, spec)


def publish_all(store: ArenaStore, spec: ArenaSpec) -> list[Path]:
    """Render every page (replays only where missing); the pages written."""
    written = _write(store, "index.html", index_page(spec))
    for game in spec.games:
        written += _write(store, f"{game}.html", game_page(store, spec, game))
    for version in store.versions():
        written += _write(store, f"bots/{version.id}.html", bot_page(store, spec, version.id))
    for match in store.matches("done"):
        missing = not (site_folder(store) / "replays" / f"{match.id}.html").exists()
        if missing and store.is_table_over(match.table):
            written += _replay(store, match)
    return written


def index_page(spec: ArenaSpec) -> str:
    items = "".join(f'<li><a href="{escape(g)}.html">{escape(g)}</a></li>' for g in spec.games)
    return _page("Arena", f"<h1>Arena</h1><p>Leaderboards:</p><ul>{items}</ul>")


def game_page(store: ArenaStore, spec: ArenaSpec, game: str) -> str:
    lines = leaderboard(store, game, spec.rating)
    rows = "".join(_board_row(place, line, "bots/") for place, line in enumerate(lines, 1))
    body = (
        f'<p><a href="index.html">Arena</a></p><h1>{escape(game)}: leaderboard</h1>'
        f"<p>Ranked by {escape(_rating_name(spec.rating))}.</p>"
        "<table><tr><th>#</th><th>Bot</th><th>Version</th><th>Author</th><th>Rating</th>"
        "<th>mu &plusmn; sigma</th><th>Games</th><th>W/D/L</th><th>Mean rank</th>"
        f"<th>Faults</th><th>Status</th></tr>{rows}</table>"
    )
    return _page(f"{game} leaderboard", body)


def _board_row(place: int, line: Line, bots: str) -> str:
    row, version = line.row, line.version
    return (
        f'<tr class="bot" data-bot="{escape(version.bot)}"><td class="num">{place}</td>'
        f'<td><a href="{bots}{version.id}.html">{escape(version.bot)}</a></td>'
        f"<td>{escape(version.version)}</td><td>{escape(version.author)}</td>"
        f'<td class="num rating">{line.rating:.2f}</td>'
        f'<td class="num">{row.mu:.2f} &plusmn; {row.sigma:.2f}</td>'
        f'<td class="num">{row.matches}</td>'
        f'<td class="num">{row.wins}/{row.draws}/{row.losses}</td>'
        f'<td class="num">{line.mean_rank:.2f}</td><td class="num">{row.faults}</td>'
        f"<td>{escape(line.status)}</td></tr>"
    )


def bot_page(store: ArenaStore, spec: ArenaSpec, version_id: int) -> str:
    version = store.version(version_id)
    ratings = []
    for game in version.games:
        row = store.rating(game, version_id)
        if row is not None:
            ratings.append(
                f'<li><a href="../{escape(game)}.html">{escape(game)}</a>: mu {row.mu:.2f} '
                f"&plusmn; {row.sigma:.2f}, Elo {row.elo:.0f}, {row.matches} games, "
                f"{row.faults} faults</li>"
            )
    matches = "".join(
        _match_row(store, version_id, m) for m in store.recent_matches(version_id, RECENT_MATCHES)
    )
    body = (
        f'<p><a href="../index.html">Arena</a></p><h1>{escape(version.label)}</h1>'
        f"<p>By {escape(version.author)}; {escape(version.kind)} "
        f'<span class="dim">{escape(version.content_hash[:16])}</span>; '
        f"{escape(_status(version))}.</p><ul>{''.join(ratings)}</ul><h2>Recent matches</h2>"
        "<table><tr><th>Match</th><th>Game</th><th>Seat</th><th>Rank</th><th>Score</th>"
        f"<th>End</th><th>Opponents</th><th>Replay</th></tr>{matches}</table>"
    )
    return _page(version.label, body)


def _match_row(store: ArenaStore, version_id: int, match: ArenaMatch) -> str:
    seat = match.seats.index(version_id)
    assert match.result is not None, "a bot page lists finished matches only"
    result = next(s for s in match.result.seats if s.seat == seat)
    others = ", ".join(
        f'<a href="{v}.html">{escape(store.version(v).label)}</a>'
        for v in match.seats
        if v != version_id
    )
    return (
        f'<tr><td class="num">{match.id}</td><td>{escape(match.game)}</td>'
        f'<td class="num">{seat}</td><td class="num">{result.rank}</td>'
        f'<td class="num">{result.score:g}</td><td>{escape(result.termination.label)}</td>'
        f'<td>{others}</td><td><a href="../replays/{match.id}.html">replay</a></td></tr>'
    )


def _status(version: Version) -> str:
    if version.quarantine:
        return f"quarantined: {version.quarantine}"
    return "retired" if version.retired else "current version"


def _rating_name(rating: str) -> str:
    return {
        "openskill": "openskill ordinal (mu - 3 sigma)",
        "elo": "Elo",
        "landover": "the Landover ranked ladder",
    }[rating]


def _replay(store: ArenaStore, match: ArenaMatch) -> list[Path]:
    if not match.record_path:
        return []
    try:
        html = viewer_html(Replay.from_path(Path(match.record_path)))
    except (LandgraveError, OSError) as error:  # a missing record must not stop the arena
        logger.warning("no replay page", match=match.id, reason=str(error))
        return []
    return _write(store, f"replays/{match.id}.html", html)


def _page(title: str, body: str) -> str:
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}'
        f"</title><style>{_STYLE}</style></head><body>{body}</body></html>\n"
    )


def _write(store: ArenaStore, name: str, text: str) -> list[Path]:
    """Write a page atomically if its text changed; [path] if written, else []."""
    path = site_folder(store) / name
    data = text.encode()
    if path.exists() and path.read_bytes() == data:
        return []
    path.parent.mkdir(parents=True, exist_ok=True)
    scratch = path.with_name(f".{path.name}.{os.getpid()}")
    scratch.write_bytes(data)
    scratch.replace(path)
    return [path]
