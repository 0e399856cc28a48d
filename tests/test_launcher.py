"""The launcher sets resource limits, then becomes the bot."""

import resource
import subprocess
import sys


def run_launcher(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "referee.transport.launcher", *args],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )


def test_limits_are_inherited_by_the_bot() -> None:
    probe = (
        "import resource as r; "
        "print(r.getrlimit(r.RLIMIT_DATA)[0], r.getrlimit(r.RLIMIT_CPU)[0], "
        "r.getrlimit(r.RLIMIT_NOFILE)[0])"
    )
    done = run_launcher(
        "--data-mb=512", "--cpu-s=7", "--nofile=64", "--", sys.executable, "-c", probe
    )
    assert done.returncode == 0, done.stderr
    data, cpu, nofile = map(int, done.stdout.split())
    assert data == 512 * 1024 * 1024
    assert cpu == 7
    assert nofile == min(64, resource.getrlimit(resource.RLIMIT_NOFILE)[1])


def test_a_missing_program_is_a_clear_error() -> None:
    done = run_launcher("--", "/no/such/bot")
    assert done.returncode != 0
    assert "cannot start bot '/no/such/bot'" in done.stdout + done.stderr
