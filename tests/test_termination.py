"""The termination taxonomy and the penalty policy."""

from referee.match.penalties import PenaltyPolicy, Resolution
from referee.match.termination import Termination
from sdk.pb.landgrave.v1 import bot_pb2


def test_every_protocol_reason_has_a_member_with_the_same_value() -> None:
    proto = {
        name.removeprefix("TERMINATION_"): value
        for name, value in bot_pb2.Termination.items()
        if name != "TERMINATION_UNSPECIFIED"
    }
    assert proto == {member.name: member.value for member in Termination}


def test_labels_round_trip() -> None:
    for member in Termination:
        assert Termination.parse(member.label) is member


def test_only_the_seats_own_ends_are_faults() -> None:
    assert not Termination.NORMAL.is_fault
    assert not Termination.ADJUDICATED.is_fault
    assert not Termination.INTERRUPTED.is_fault
    assert Termination.TIMEOUT.is_fault and Termination.CRASH.is_fault


def test_default_policy_forfeits_every_fault() -> None:
    policy = PenaltyPolicy()
    for fault in Termination:
        assert policy.resolve(fault, strikes=1) is Resolution.FORFEIT


def test_lenient_policy_plays_default_actions_until_strikes_run_out() -> None:
    policy = PenaltyPolicy.lenient(max_strikes=2)
    assert policy.resolve(Termination.TIMEOUT, strikes=1) is Resolution.DEFAULT_ACTION
    assert policy.resolve(Termination.TIMEOUT, strikes=2) is Resolution.DEFAULT_ACTION
    assert policy.resolve(Termination.TIMEOUT, strikes=3) is Resolution.FORFEIT
