"""openskill Plackett-Luce ratings (referee/ratings/plackett_luce.py)."""

from __future__ import annotations

import sys

import pytest

from referee.ratings import GameResult, SkillRating, plackett_luce


def test_a_new_player_has_openskills_prior() -> None:
    """mu 25, sigma 25/3, so the ordinal mu - 3 sigma starts at 0 (openskill's defaults)."""
    assert SkillRating() == SkillRating(25.0, 25.0 / 3.0)
    assert SkillRating().ordinal == pytest.approx(0.0)


def test_update_matches_openskill_directly() -> None:
    """Our wrapper gives exactly what openskill's own PlackettLuce.rate gives."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    teams = [[model.rating()], [model.rating()], [model.rating()]]
    direct = model.rate(teams, ranks=[1.0, 2.0, 3.0])
    ours = plackett_luce.update({}, GameResult({"a": 1, "b": 2, "c": 3}))
    for name, (rated,) in zip("abc", direct, strict=True):
        assert ours[name].mu == pytest.approx(rated.mu)
        assert ours[name].sigma == pytest.approx(rated.sigma)


def test_winners_rise_and_everyone_grows_surer() -> None:
    """After a 4-player game the order follows the ranks and every sigma shrinks."""
    ratings = plackett_luce.update({}, GameResult({"a": 1, "b": 2, "c": 3, "d": 4}))
    assert plackett_luce.leaderboard(ratings) == ["a", "b", "c", "d"]
    assert all(r.sigma < SkillRating().sigma for r in ratings.values())


def test_ties_rate_alike() -> None:
    """Two players sharing a rank from equal priors end with equal ratings."""
    ratings = plackett_luce.update({}, GameResult({"a": 1, "b": 1, "c": 3}))
    assert ratings["a"].mu == pytest.approx(ratings["b"].mu)


def test_input_is_not_changed_and_others_are_kept() -> None:
    """``update`` returns a new dict holding players who were not in the game too."""
    before = {"idle": SkillRating(30.0, 2.0)}
    after = plackett_luce.update(before, GameResult({"a": 1, "b": 2}))
    assert before == {"idle": SkillRating(30.0, 2.0)}
    assert after["idle"] == SkillRating(30.0, 2.0)


def test_win_probabilities_favour_the_stronger() -> None:
    """Probabilities of winning sum to 1 and order by skill."""
    ratings = {"strong": SkillRating(35.0, 2.0), "weak": SkillRating(15.0, 2.0)}
    chances = plackett_luce.win_probabilities(ratings, ["strong", "weak"])
    assert sum(chances.values()) == pytest.approx(1.0)
    assert chances["strong"] > chances["weak"]


def test_round_trip_through_a_dict() -> None:
    """A rating survives to_dict and from_dict."""
    rating = SkillRating(27.5, 4.25)
    assert SkillRating.from_dict(rating.to_dict()) == rating


def test_missing_openskill_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without openskill only this module fails, with the command that fixes it."""
    monkeypatch.setitem(sys.modules, "openskill.models", None)
    plackett_luce._model.cache_clear()
    try:
        with pytest.raises(ImportError, match="pip install"):
            plackett_luce.update({}, GameResult({"a": 1, "b": 2}))
    finally:
        plackett_luce._model.cache_clear()
