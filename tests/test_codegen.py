"""The generated protobuf code in sdk/pb matches proto/ exactly."""

import filecmp
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_generated_code_is_up_to_date(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import codegen
    finally:
        sys.path.pop(0)
    codegen.generate(tmp_path)
    committed = ROOT / "sdk" / "pb"
    fresh = {p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file()}
    present = {
        p.relative_to(committed)
        for p in committed.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert fresh == present, "run `python tools/codegen.py`: generated files differ"
    stale = [str(p) for p in fresh if not filecmp.cmp(tmp_path / p, committed / p, shallow=False)]
    assert not stale, f"run `python tools/codegen.py`: out of date: {stale}"
