"""Landgrave's referee: engines, match runner, transport, records, tournaments."""

__version__ = "0.1.0"
