"""Smoke test of the end-to-end session benchmark (bench/session_latency.py and its C host) on a
tiny titles file: the harness builds, both hosts type every keystroke and get its results event.
Timing figures are not checked here (speed is measured in bench/, never in tests)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BUILD = Path(os.environ.get("SEARCHBAR_BUILD_DIR", ROOT / "build"))


def test_session_latency_harness_types_every_keystroke_in_c_and_python(tmp_path: Path) -> None:
    words = ["médecin", "лицо", "猫", "وجه", "πρόσωπο", "หน้า", "Gesicht", "кошка", "얼굴", "yüz", "corazón", "face"]
    titles = tmp_path / "titles.txt"
    titles.write_text("\n".join(f"{words[i % len(words)]} {words[(i * 7) % len(words)]} {i}" for i in range(3000)) + "\n",
                      encoding="utf-8")
    out = tmp_path / "session.json"
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "session_latency.py"), "--lib-dir", str(BUILD),
                           "--file", str(titles), "--queries", "3", "--rounds", "1", "--out-dir", str(tmp_path),
                           "--json", str(out)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    results = json.loads(out.read_text(encoding="utf-8"))
    rows = {(r["mode"], r["host"]): r for r in results["rows"]}
    assert set(rows) == {(m, h) for m in ("prefix", "contains", "fuzzy") for h in ("C", "Python (binding)")}
    # medecin, лицо, 猫: 7 + 4 + 1 keystrokes, each answered by its own results event
    for row in rows.values():
        assert [len(q) for q in row["per_query"]] == [7, 4, 1]
        assert row["final_hits"] > 0
