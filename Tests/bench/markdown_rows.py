"""Shared by the bench rendering tests: a bench script's markdown of a hand-made JSON report,
and the cells of a markdown table row."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def markdown_of(folder: Path, script: str, report: object) -> list[str]:
    """The lines `bench/<script> --from-json` prints for `report` (written into `folder`)."""
    path = folder / (Path(script).stem + ".json")
    path.write_text(json.dumps(report))
    done = subprocess.run([sys.executable, str(ROOT / "bench" / script), "--from-json", str(path)],
                          capture_output=True, text=True, timeout=60, check=True)
    return done.stdout.splitlines()


def cells(line: str) -> list[str]:
    """The trimmed cells of one markdown table row."""
    return [cell.strip() for cell in line.strip("|").split("|")]
