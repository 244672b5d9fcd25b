"""bench/index_file.py renders its run as markdown: one row per engine with the saved index's
size, the open's wall and CPU time and the memory after it, and one row per mode and engine
with the first typing pass after the open against the warm one; every peer's figure carries its
ratio to searchbar's (peer / searchbar). The JSON here is made by hand; no benchmark runs."""

from __future__ import annotations

import copy
from pathlib import Path

from markdown_rows import cells, markdown_of
RAW = 45_000_000


def passes(p95: dict[str, float], first: float) -> dict[str, dict[str, float]]:
    return {mode: {"first_ms": first, "median_ms": 0.5, "p95_ms": value, "max_ms": value * 2, "keystrokes": 63}
            for mode, value in p95.items()}


def engine(modes: list[str], size: int, open_s: float, open_cpu_s: float, anonymous_kb: float, file_kb: float,
           first: dict[str, float], warm: dict[str, float], **built: object) -> dict[str, object]:
    median = {"open_s": open_s, "open_cpu_s": open_cpu_s, "anonymous_after_open_kb": anonymous_kb,
              "file_after_open_kb": file_kb, "anonymous_after_typing_kb": anonymous_kb * 2,
              "file_after_typing_kb": file_kb, "first_pass_p95_ms": first, "warm_pass_p95_ms": warm,
              "first_keystroke_ms": {mode: 1.0 for mode in modes}}
    run = {"typing": passes(first, 1.0), "warm_typing": passes(warm, 0.5)}
    return {"modes": modes, "size_bytes": size, "runs": [run, run, run], "median": median, **built}


REPORT = {
    "items": 1_000_000, "raw_text_bytes": RAW, "verify": False, "queries": ["q"] * 13,
    "load_before": ["5.00", "4.00", "3.00"], "load_after": ["6.00", "5.00", "4.00"],
    "engines": {
        "searchbar": engine(["prefix", "contains", "fuzzy"], 160_000_000, 0.150, 0.070, 2048, 129_024,
                            {"prefix": 4.0, "contains": 1.0, "fuzzy": 20.0}, {"prefix": 2.0, "contains": 1.0,
                                                                               "fuzzy": 10.0},
                            build_s=10.0, save_s=1.0, build_save_s=11.0, rss_growth_kb=175_781,
                            built_in_memory=passes({"prefix": 3.0, "contains": 0.9, "fuzzy": 18.0}, 1.0)),
        "tantivy": engine(["prefix"], 320_000_000, 0.0015, 0.0014, 1024, 51_200, {"prefix": 30.0},
                          {"prefix": 20.0}, build_save_s=22.0, rss_growth_kb=300_000),
        "fts5-trigram": {"reused": True, **engine(["contains"], 480_000_000, 0.0004, 0.0003, 100, 0,
                                                  {"contains": 50.0}, {"contains": 40.0})},
    },
}


def test_one_row_per_engine_with_the_peers_ratios(tmp_path: Path) -> None:
    lines = markdown_of(tmp_path, "index_file.py", REPORT)
    assert "1,000,000 titles (45 MB of text), the bench's 13 queries. Medians of 3 opens" in lines[0]
    assert "Load average 5.00 4.00 3.00 before, 6.00 5.00 4.00 after." in lines[0]
    # 175,781 KB of growth on 45 MB of text: 4.00x.
    assert "searchbar: build 10.0 s through the Python binding, resident growth 172 MB (4.00x the text)" in lines[0]
    rows = {cells(line)[0]: cells(line) for line in lines if line.startswith("| ") and "MB" not in line
            and cells(line)[0] in ("searchbar", "tantivy", "fts5-trigram (reused)")}
    assert rows["searchbar"] == ["searchbar", "11.0", "160", "3.56x", "150", "70.0", "2.00", "0.047x", "126", "4.00"]
    # tantivy: twice the build, twice the size, an open 100x and 50x faster than searchbar's
    # (ratios under 0.1 keep two significant digits).
    assert rows["tantivy"][:6] == ["tantivy", "22.0 (2.00x)", "320 (2.00x)", "7.11x", "1.50 (0.01x)", "1.40 (0.02x)"]
    assert rows["tantivy"][6:] == ["1.00 (0.50x)", "0.023x", "50 (0.40x)", "2.00 (0.50x)"]
    assert rows["fts5-trigram (reused)"][4:7] == ["0.40 (0.0027x)", "0.30 (0.0043x)", "0.10 (0.049x)"]
    # A reused index has no build time; no file-backed pages give no ratio.
    reused = rows["fts5-trigram (reused)"]
    assert reused[1] == "" and reused[2] == "480 (3.00x)" and reused[8] == "0"


def test_typing_rows_per_mode_against_searchbar(tmp_path: Path) -> None:
    lines = markdown_of(tmp_path, "index_file.py", REPORT)
    rows = [cells(line) for line in lines if line.startswith(("| prefix", "| contains", "| fuzzy"))]
    assert [row[:2] for row in rows] == [["prefix", "searchbar"], ["prefix", "tantivy"], ["contains", "searchbar"],
                                         ["contains", "fts5-trigram"], ["fuzzy", "searchbar"]]
    # Without the p95 past the second character (runs that did not record it) that ratio is empty.
    assert rows[0][2:] == ["63", "1.00", "4.00", "2.00", "2.00x", "", "3.00"]
    # The first pass's p95 against searchbar's in the same mode: 30 / 4 and 50 / 1.
    assert rows[1][2:] == ["63", "1.00", "30.0 (7.50x)", "20.0", "1.50x", "", ""]
    assert rows[3][4] == "50.0 (50.0x)" and rows[3][6] == "1.25x"


def test_first_against_warm_past_the_second_character(tmp_path: Path) -> None:
    report = copy.deepcopy(REPORT)
    median = report["engines"]["searchbar"]["median"]
    median["first_pass_past_short_p95_ms"] = {"prefix": 3.0, "contains": 0.5, "fuzzy": 12.0}
    median["warm_pass_past_short_p95_ms"] = {"prefix": 2.0, "contains": 0.5, "fuzzy": 10.0}
    lines = markdown_of(tmp_path, "index_file.py", report)
    rows = {cells(line)[0]: cells(line) for line in lines if line.startswith("| ") and cells(line)[1] == "searchbar"}
    assert rows["prefix"][7] == "1.50x" and rows["contains"][7] == "1.00x" and rows["fuzzy"][7] == "1.20x"
