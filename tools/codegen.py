"""Regenerate the Python protobuf and gRPC code in sdk/pb from proto/.

Run ``python tools/codegen.py`` after editing any .proto file; the test
suite fails while sdk/pb is out of date (tests/test_codegen.py).

protoc writes absolute imports between generated modules
(``from landgrave.v1 import bot_pb2``). They would only resolve with
sdk/pb on sys.path, so we rewrite them to relative imports. (protoletariat
does this job, but it pins protobuf below 6, which our gencode cannot run on.)
"""

from __future__ import annotations

import filecmp
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROTO_DIR = ROOT / "proto"
ABSOLUTE_IMPORT = re.compile(r"^from (landgrave(?:\.\w+)*) import (\w+_pb2)", re.MULTILINE)


def generate(out_dir: Path) -> None:
    """Make out_dir hold exactly the generated package for every file under proto/.

    Files whose content is unchanged are left alone, so a process importing
    from out_dir meanwhile never sees a half-written tree.
    """
    with tempfile.TemporaryDirectory() as scratch:
        fresh = Path(scratch)
        _generate_into(fresh)
        _sync(fresh, out_dir)


def _sync(source: Path, target: Path) -> None:
    wanted = {p.relative_to(source) for p in source.rglob("*") if p.is_file()}
    for path in sorted(wanted):
        destination = target / path
        if not destination.exists() or not filecmp.cmp(source / path, destination, shallow=False):
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source / path, destination)
    for stale in sorted(target.rglob("*"), reverse=True):
        relative = stale.relative_to(target)
        if stale.is_file() and relative not in wanted:
            stale.unlink()
        elif stale.is_dir() and not any(stale.iterdir()):
            stale.rmdir()


def _generate_into(out_dir: Path) -> None:
    protos = sorted(str(p.relative_to(PROTO_DIR)) for p in PROTO_DIR.rglob("*.proto"))
    protoc = [sys.executable, "-m", "grpc_tools.protoc", f"-I{PROTO_DIR}"]
    outputs = [f"--python_out={out_dir}", f"--pyi_out={out_dir}", f"--grpc_python_out={out_dir}"]
    subprocess.run([*protoc, *outputs, *protos], check=True, cwd=PROTO_DIR)
    # Generated modules carry no comments; the options table (referee/options.py)
    # reads each game's Config comments from its compiled file with source info.
    for proto in (p for p in protos if p.startswith("landgrave/games/")):
        compiled = (out_dir / proto).with_suffix(".binpb")
        source_info = ["--include_source_info", f"--descriptor_set_out={compiled}"]
        subprocess.run([*protoc, *source_info, proto], check=True, cwd=PROTO_DIR)
    for module in sorted(out_dir.rglob("*.py*")):
        _make_imports_relative(module, out_dir)
    # sdk.messages walks this package for game messages, so it exists even with no game.
    (out_dir / "landgrave" / "games").mkdir(parents=True, exist_ok=True)
    for folder in [out_dir, *sorted(p for p in out_dir.rglob("*") if p.is_dir())]:
        (folder / "__init__.py").touch()


def _make_imports_relative(module: Path, out_dir: Path) -> None:
    depth = len(module.parent.relative_to(out_dir).parts)

    def relative(match: re.Match[str]) -> str:
        return f"from {'.' * (depth + 1)}{match[1]} import {match[2]}"

    module.write_text(ABSOLUTE_IMPORT.sub(relative, module.read_text()))


if __name__ == "__main__":
    generate(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "sdk" / "pb")
