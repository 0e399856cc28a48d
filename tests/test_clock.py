"""Per-decision time with a bank and increment."""

import pytest

from referee.match.clock import SeatClock, TimeControl


def test_allowance_is_decision_time_plus_bank() -> None:
    clock = SeatClock(TimeControl(decision_s=0.5, bank_s=2.0))
    assert clock.allowance() == pytest.approx(2.5)


def test_overrun_spends_the_bank_and_increment_refills_it() -> None:
    clock = SeatClock(TimeControl(decision_s=0.5, bank_s=2.0, increment_s=0.1))
    clock.charge(1.5)  # one second past the decision time
    assert clock.bank_s == pytest.approx(1.1)
    clock.charge(0.2)  # within the decision time: only the increment
    assert clock.bank_s == pytest.approx(1.2)


def test_bank_never_goes_negative() -> None:
    clock = SeatClock(TimeControl(decision_s=0.1, bank_s=0.5))
    clock.charge(5.0)
    assert clock.bank_s == 0.0
    assert clock.allowance() == pytest.approx(0.1)


def test_nonsense_time_controls_are_refused() -> None:
    with pytest.raises(ValueError, match="time control"):
        TimeControl(decision_s=0)
