"""What a fault says of a bot's stderr: the cause, not only the last lines."""

from __future__ import annotations

import pytest

from referee.transport.process import stderr_summary

NODE_WITHOUT_NPM_CI = """\
node:internal/modules/cjs/loader:1228
  throw err;
  ^

Error: Cannot find module '@grpc/grpc-js'
Require stack:
- /home/ada/bot/index.js
    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)
    at Module._load (node:internal/modules/cjs/loader:1051:27) {
  code: 'MODULE_NOT_FOUND',
  requireStack: [ '/home/ada/bot/index.js' ]
}

Node.js v20.20.2
"""

PYTHON_TRACEBACK = """\
Traceback (most recent call last):
  File "/home/ada/bot/my_bot.py", line 3, in <module>
    import numpy
ModuleNotFoundError: No module named 'numpy'
"""

RUST_PANIC = """\
thread 'main' panicked at src/main.rs:10:5:
no weights file
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace
stack backtrace:
   0: rust_begin_unwind
   1: core::panicking::panic_fmt
   2: bot::main
"""


@pytest.mark.parametrize(
    ("stderr", "summary"),
    [
        (
            NODE_WITHOUT_NPM_CI,
            "Error: Cannot find module '@grpc/grpc-js' ... "
            "requireStack: [ '/home/ada/bot/index.js' ] | } | Node.js v20.20.2",
        ),
        (
            PYTHON_TRACEBACK,
            'File "/home/ada/bot/my_bot.py", line 3, in <module> | import numpy | '
            "ModuleNotFoundError: No module named 'numpy'",
        ),
        (
            RUST_PANIC,
            "thread 'main' panicked at src/main.rs:10:5: ... "
            "0: rust_begin_unwind | 1: core::panicking::panic_fmt | 2: bot::main",
        ),
        ("loading\nready\n", "loading | ready"),
        ("", ""),
    ],
)
def test_the_line_naming_the_error_is_kept_when_the_tail_would_cut_it(
    stderr: str, summary: str
) -> None:
    assert stderr_summary(stderr) == summary


def test_a_long_stderr_stays_one_bounded_line() -> None:
    summary = stderr_summary("Error: " + "x" * 5000 + "\n" + "y" * 5000 + "\n" * 3)
    assert "\n" not in summary and len(summary) < 4 * 200
    assert summary.startswith("Error: xxx")
