"""The gate before the hello: caps per peer host, refusals counted, slowed and logged."""

from __future__ import annotations

import pytest
from structlog.testing import capture_logs

from referee.transport.gate import (
    BUSY,
    GUESTS_PER_HOST,
    LOGGED_PER_WINDOW,
    REFUSAL_DELAY_S,
    REFUSALS_PER_WINDOW,
    Gate,
    peer_host,
)


@pytest.mark.parametrize(
    ("peer", "host"),
    [
        ("ipv4:10.1.2.3:5555", "10.1.2.3"),
        ("ipv6:[::1]:5555", "::/64"),
        ("ipv6:[2001:db8:1:2:aaaa::1]:443", "2001:db8:1:2::/64"),
        ("unix:/tmp/landgrave-x/referee.sock", "unix"),
        ("unix:", "unix"),
    ],
)
def test_a_peer_is_known_by_its_host(peer: str, host: str) -> None:
    assert peer_host(peer) == host


def test_one_host_cannot_hold_more_than_its_share_of_guests() -> None:
    gate = Gate()
    for port in range(GUESTS_PER_HOST):
        assert gate.admit(f"ipv4:10.0.0.1:{port}") == ""
    assert gate.admit("ipv4:10.0.0.1:9999") == BUSY
    assert gate.admit("ipv4:10.0.0.2:1") == ""  # another host still gets in
    gate.leave("ipv4:10.0.0.1:0")
    assert gate.admit("ipv4:10.0.0.1:9999") == ""


def test_local_bots_are_not_crowded_out_by_tcp_guests() -> None:
    gate = Gate()
    for host in range(200):
        gate.admit(f"ipv4:10.0.{host}.1:1")
    assert gate.admit("unix:") == ""


def test_refusals_past_the_budget_come_late_and_are_logged_once_each_then_counted() -> None:
    gate = Gate()
    with capture_logs() as logs:
        delays = [gate.refuse("ipv4:10.0.0.9:1", "unknown token") for _ in range(30)]
    assert delays[:REFUSALS_PER_WINDOW] == [0.0] * REFUSALS_PER_WINDOW
    assert set(delays[REFUSALS_PER_WINDOW:]) == {REFUSAL_DELAY_S}
    refused = [e for e in logs if e["event"] == "bot connection refused"]
    assert len(refused) == LOGGED_PER_WINDOW
    assert gate.refuse("ipv4:10.0.0.10:1", "unknown token") == 0.0  # per host
