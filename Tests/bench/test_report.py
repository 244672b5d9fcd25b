"""bench/report.py renders the one-shot filter rows (filter_cli.py) and the transliteration rows
(transliteration.py) into its one table and target check, with the figures of the JSON it reads
(no placeholder left where a figure belongs). The JSON here is made by hand; no benchmark runs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FILTER = [
    {"query": "lib", "lines": 300000, "matches": 188955, "runs": 5, "searchbar_ms": 943.2, "fzf_ms": 2720.8,
     "speedup": 2.88, "same_output": True},
    {"query": "python", "lines": 300000, "matches": 56199, "runs": 5, "searchbar_ms": 800.0, "fzf_ms": 400.0,
     "speedup": 0.5, "same_output": False},
]
TRANSLIT = {
    "lines": 1000000, "bytes": 45859538, "rounds": 3, "load_before": [10.33, 10.8, 8.4], "load_after": [7.92, 9.9, 8.3],
    "off": {"build_s": 10.0, "cpu_s": 5.0, "rss_growth_mb": 170.0, "hits": {}},
    "on": {"build_s": 18.0, "cpu_s": 7.0, "rss_growth_mb": 187.0, "hits": {}},
    "build_ratio": 1.8, "cpu_ratio": 1.4, "rss_ratio": 1.1,
}


def render(tmp_path: Path) -> str:
    (tmp_path / "filter.json").write_text(json.dumps(FILTER))
    (tmp_path / "transliteration.json").write_text(json.dumps(TRANSLIT))
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "report.py"), "--keystrokes", str(tmp_path / "none.json"),
         "--text", str(tmp_path / "none.json"), "--filter", str(tmp_path / "filter.json"),
         "--transliteration", str(tmp_path / "transliteration.json")],
        capture_output=True, text=True, timeout=60, check=True)
    return done.stdout


def test_one_shot_rows_against_fzf(tmp_path: Path) -> None:
    report = render(tmp_path)
    rows = [line for line in report.splitlines() if line.startswith("| paths-300k")]
    # Two rows per query: searchbar's time, then fzf's with the speed-up (fzf / searchbar).
    assert len(rows) == 4
    assert "| searchbar filter | per-process, median of 5 runs |  | 943 |" in rows[0]
    assert "| fzf --filter |" in rows[1] and "| 2,721 |" in rows[1] and "2.88x (same output)" in rows[1]
    assert "0.50x (output differs)" in rows[3]
    target = next(line for line in report.splitlines() if "one-shot per process" in line)
    assert "`lib` 2.88x (943 vs 2,721 ms)" in target
    assert "`python` 0.50x (800 vs 400 ms, output differs)" in target
    assert "(MISSED; at least as fast: MISSED)" in target


def test_transliteration_rows_and_target(tmp_path: Path) -> None:
    report = render(tmp_path)
    rows = [line for line in report.splitlines() if "index build," in line]
    assert len(rows) == 2
    assert "without transliterate" in rows[0] and "| 10.00 | 170 |" in rows[0]
    # 170 MB of growth on 45.9 MB of text: 3.9x; with the option 187 MB: 4.3x.
    assert rows[0].endswith("| 3.9 |")
    assert "transliterate=True" in rows[1] and "cost 1.40x CPU, 1.80x wall, 1.10x RSS" in rows[1]
    assert "| 18.00 | 187 | 4.3 |" in rows[1]
    target = next(line for line in report.splitlines() if "with transliterate within 1.5x" in line)
    assert "CPU time 1.40x (MET), RSS growth 1.10x (MET); wall clock 1.80x at load 10.33-7.92" in target


def test_without_the_json_nothing_is_rendered(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "report.py"), "--keystrokes", str(tmp_path / "none.json"),
         "--text", str(tmp_path / "none.json"), "--filter", str(tmp_path / "none.json"),
         "--transliteration", str(tmp_path / "none.json")],
        capture_output=True, text=True, timeout=60, check=True)
    assert "paths-300k" not in done.stdout and "index build," not in done.stdout
    assert "transliterate within" not in done.stdout
