"""A tournament's chance secret: made once, kept from others, the same on resume."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.entrant import Entrant
from referee.errors import ConfigError
from referee.match import play_in_process
from referee.match.chance import match_key
from referee.match.runner import IN_PROCESS_SECRET
from referee.replay import Replay
from referee.replay.branch import branch_spec
from referee.tournament.coordinator import open_tournament
from referee.tournament.keys import SECRET_NAME, MatchKeys
from referee.tournament.spec import TournamentSpec
from referee.tournament.store import DATABASE_NAME
from tests.helpers import BOTS, load_bot


def spec(**options: Any) -> TournamentSpec:
    bot = str(BOTS / "random_bot.py")
    return TournamentSpec(game="land", entrants=(Entrant("a", bot), Entrant("b", bot)), **options)


def test_a_new_tournament_makes_a_secret_only_its_owner_can_read(tmp_path: Path) -> None:
    folder = tmp_path / "t"
    store, made = open_tournament(folder, spec())
    secret_file = folder / SECRET_NAME
    assert secret_file.stat().st_mode & 0o777 == 0o600
    keys = MatchKeys.of_tournament(store, made)
    store.close()
    assert keys.chance_secret.hex() == secret_file.read_text()
    assert keys.chance_key(5) == match_key(keys.chance_secret, 5) != keys.chance_key(6)
    # Resuming finds the same secret; a changed one is refused before any match runs.
    store, _ = open_tournament(folder, None)
    assert MatchKeys.of_tournament(store, made) == keys
    store.close()
    secret_file.write_text("ab" * 32)
    with pytest.raises(ConfigError, match="not the one this tournament began with"):
        open_tournament(folder, None)


def test_a_resume_whose_secret_is_gone_is_refused_and_makes_none(tmp_path: Path) -> None:
    """A new secret would draw other chance than the finished matches drew."""
    folder = tmp_path / "t"
    store, _ = open_tournament(folder, spec())
    store.close()
    (folder / SECRET_NAME).unlink()
    with pytest.raises(ConfigError, match=r"chance\.secret is missing: restore it from a copy"):
        open_tournament(folder, None)
    assert not (folder / SECRET_NAME).exists()


def test_an_organiser_secret_is_used_and_not_copied(tmp_path: Path) -> None:
    given = tmp_path / "organiser.secret"
    given.write_text("the organiser's own secret\n")
    store, made = open_tournament(tmp_path / "t", spec(chance_secret_file=str(given)))
    assert not (tmp_path / "t" / SECRET_NAME).exists()
    keys = MatchKeys.of_tournament(store, made)
    store.close()
    assert keys.chance_key(9) == match_key(b"the organiser's own secret", 9)


@pytest.mark.parametrize("key", ["chance_secret_file", "sign_key_file"])
def test_a_missing_key_file_is_refused_before_anything_is_written(tmp_path: Path, key: str) -> None:
    with pytest.raises(ConfigError, match=f"{key}: cannot read key file"):
        open_tournament(tmp_path / "t", spec(**{key: str(tmp_path / "missing")}))
    assert not (tmp_path / "t" / DATABASE_NAME).exists()


def test_a_branch_refuses_a_chance_secret_the_record_did_not_commit_to(
    land: Any, tmp_path: Path
) -> None:
    """Continuing an interrupted match with another secret would draw other chance: refused."""
    path = tmp_path / "m.jsonl"
    bots = [load_bot("random_bot.py", "RandomBot") for _ in range(2)]
    play_in_process(land, bots, 4, record_path=path)
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:-1]))  # no footer: the key was never revealed
    replay = Replay.from_path(path)
    with pytest.raises(ConfigError, match="not the one this match used"):
        branch_spec(replay, 3, 2, chance_secret=b"a secret that is not the one")
    spec_ = branch_spec(replay, 3, 2, chance_secret=IN_PROCESS_SECRET)
    assert spec_.chance_key == match_key(IN_PROCESS_SECRET, 4)
