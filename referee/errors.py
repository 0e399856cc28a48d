"""The referee's exceptions.

``LandgraveError`` is the base of every error a user can cause (a bad
config, a corrupt record, a wrong flag): the CLI prints its message on one
line and exits 2. Anything else is a bug and keeps its traceback.

A misbehaving bot is not an exception: the match runner turns it into a
termination reason and records it (referee/match/faults.py).
"""

from __future__ import annotations


class LandgraveError(Exception):
    """An error in what the user gave us; its message says what and where."""


class ConfigError(LandgraveError, ValueError):
    """A game config, tournament spec or command-line option is not valid."""


class RecordError(LandgraveError, ValueError):
    """A match record cannot be read: corrupt, truncated mid-line, or of an unknown format."""


class UnknownGameError(LandgraveError, LookupError):
    """No registered engine has the requested name."""


class IllegalAction(ValueError):
    """The action is well formed but the rules forbid it here.

    Compare ``MalformedAction``: the action could not even be read.
    """


class MalformedAction(ValueError):
    """An action message does not describe any action of the game.

    Compare ``IllegalAction``: a well-formed action the rules forbid.
    """
