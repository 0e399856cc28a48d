"""Replaying match records: verify them, step through them, branch them, draw them.

See docs/replay.md for the commands, and referee/record/reader.py for the
record's layout as the reader sees it.
"""

from referee.replay.game import Cursor, Replay
from referee.replay.verify import Divergence, Verification, verify, verify_record

__all__ = ["Cursor", "Divergence", "Replay", "Verification", "verify", "verify_record"]
