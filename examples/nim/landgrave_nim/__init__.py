"""Nim for Landgrave: the engine the tutorial in docs/engines.md builds."""

from landgrave_nim.engine import ENGINE

__all__ = ["ENGINE"]
