"""Who may try to say hello: caps on unauthenticated streams and refused attempts, per peer.

Anyone who reaches the TCP listener can open streams; only a hello with a
valid token makes one a bot's. Until then a stream is a guest, and guests
are bounded: a few per peer host at once and a bounded number in all; a
stream over the bound is told ``busy:`` at once (the SDK tries again). A
valid token always gets in, but a host whose tokens keep being refused gets
each further refusal only after REFUSAL_DELAY_S: guessing is slowed to a
crawl (and a 192-bit token is not guessed anyway). Local bots reach the
referee on the Unix socket, which has its own, larger budget, so a flood
over TCP never keeps the referee's own bots out. Every refusal is logged,
without flooding the log: the first few of each window per host, then one
line with the count.

Runs on the gRPC thread only (no lock needed).
"""

from __future__ import annotations

import contextlib
import ipaddress
import time
from dataclasses import dataclass

import structlog

logger = structlog.get_logger("referee.transport")

LOCAL = "unix"
"""The peer name of every stream on the Unix socket."""
GUESTS_PER_HOST = 16
"""Streams one TCP host may have waiting for their hello at once."""
TCP_GUESTS = 128
"""Streams all TCP hosts together may have waiting for their hello at once."""
LOCAL_GUESTS = 1024
"""Streams on the Unix socket waiting for their hello (every local bot starts this way)."""
REFUSALS_PER_WINDOW = 20
"""Refusals a host gets at once in a window; later ones wait REFUSAL_DELAY_S."""
WINDOW_S = 10.0
REFUSAL_DELAY_S = 1.0
BUSY = "busy: too many connections waiting for their hello; try again"
LOGGED_PER_WINDOW = 3
"""Refusals of one host logged one by one in a window; the rest are counted."""
MAX_HOSTS = 10_000
"""Hosts remembered at once; past it, hosts with no guest are forgotten (their counts too)."""


@dataclass
class _Host:
    guests: int = 0
    window_start: float = 0.0
    refused: int = 0


class Gate:
    """Admits guests (streams before their hello) and remembers refusals, per peer host."""

    def __init__(self) -> None:
        self._hosts: dict[str, _Host] = {}
        self._tcp_guests = 0

    def admit(self, peer: str) -> str:
        """Let a new stream from ``peer`` wait for its hello: '' if it may, else why not.

        A refusal is for the caller to ``refuse``, which counts it.
        """
        host_name = peer_host(peer)
        host = self._host(host_name)
        if self._is_crowded(host_name, host):
            return BUSY
        host.guests += 1
        if host_name != LOCAL:
            self._tcp_guests += 1
        return ""

    def leave(self, peer: str) -> None:
        """The stream said its hello, or ended: it is no guest any more."""
        host_name = peer_host(peer)
        host = self._host(host_name)
        host.guests -= 1
        if host_name != LOCAL:
            self._tcp_guests -= 1
        if host.guests == 0 and host.refused == 0:
            del self._hosts[host_name]

    def refuse(self, peer: str, why: str) -> float:
        """Count and log a refused attempt; how long to wait before saying so."""
        host = self._host(peer_host(peer))
        host.refused += 1
        if host.refused <= LOGGED_PER_WINDOW:
            logger.warning("bot connection refused", peer=peer, reason=why)
        elif host.refused == LOGGED_PER_WINDOW + 1:
            logger.warning("more refusals from this host are counted, not logged", peer=peer)
        return REFUSAL_DELAY_S if host.refused > REFUSALS_PER_WINDOW else 0.0

    def _is_crowded(self, host_name: str, host: _Host) -> bool:
        if host_name == LOCAL:
            return host.guests >= LOCAL_GUESTS
        return host.guests >= GUESTS_PER_HOST or self._tcp_guests >= TCP_GUESTS

    def _host(self, name: str) -> _Host:
        if name not in self._hosts and len(self._hosts) >= MAX_HOSTS:
            self._hosts = {n: h for n, h in self._hosts.items() if h.guests}
        host = self._hosts.setdefault(name, _Host(window_start=time.monotonic()))
        now = time.monotonic()
        if now - host.window_start >= WINDOW_S:
            if host.refused > LOGGED_PER_WINDOW:
                logger.warning(
                    "bot connections refused", host=name, count=host.refused, seconds=WINDOW_S
                )
            host.window_start, host.refused = now, 0
        return host


def peer_host(peer: str) -> str:
    """The host a gRPC peer string names: ``ipv4:1.2.3.4:5`` -> ``1.2.3.4``; Unix -> 'unix'.

    IPv6 peers are known by their /64 network: one machine is given a whole /64,
    and would otherwise have 2**64 budgets.
    """
    kind, _, rest = peer.partition(":")
    if kind == "unix" or not rest:
        return LOCAL
    if kind == "ipv6":
        address = rest.rpartition("]")[0].lstrip("[")
        with contextlib.suppress(ValueError):
            return str(ipaddress.IPv6Network(f"{address}/64", strict=False))
        return address
    return rest.rpartition(":")[0] or rest
