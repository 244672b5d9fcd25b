"""bench/ingest.py renders its runs as markdown: one table of every ingestion scenario, with
each scenario's time over its engine's one batch and each peer's (tantivy, SQLite FTS5) over
searchbar's in the same scenario, wall and CPU; then the typing rows. The JSON here is made by
hand; no benchmark runs."""

from __future__ import annotations

from pathlib import Path

from markdown_rows import cells, markdown_of


def added(add: float, merged: float, cpu: float, batches: int, **binding: float) -> dict[str, float]:
    return {"add": add, "merged": merged, "cpu": cpu, "batches": batches, **binding}


def latencies(p95: float, median: float, n: int) -> dict[str, float]:
    return {"n": n, "median": median, "p95": p95, "max": p95 * 2}


REPORT = {
    "count": 1_000_000, "data": "titles-1m.txt", "load_before": ["7.00", "7.50", "8.00"],
    "load_after": ["8.00", "7.00", "7.50"],
    "scenarios": ["one", "batches", "typing", "tantivy-one", "tantivy-batches", "fts5-one", "fts5-batches"],
    "runs": {
        # Three runs each; the medians are the middle values.
        "one": [added(8.0, 8.0, 4.0, 1, pack=1.0, c=7.0), added(9.0, 9.0, 4.5, 1, pack=1.1, c=7.9),
                added(7.0, 7.0, 3.5, 1, pack=0.9, c=6.1)],
        "batches": [added(12.0, 16.0, 8.0, 100, pack=1.0, c=11.0)] * 3,
        "tantivy-one": [added(15.0, 16.0, 12.0, 1)] * 3,
        "tantivy-batches": [added(40.0, 48.0, 40.0, 100)] * 3,
        "fts5-one": [added(40.0, 40.0, 38.0, 1)] * 3,
        "fts5-batches": [added(44.0, 44.0, 41.0, 100)] * 3,
        "typing": [{"quiet": latencies(1.5, 0.8, 467), "busy": latencies(2.0, 0.9, 467),
                    "quiet_longer": latencies(1.25, 0.7, 322), "busy_longer": latencies(2.5, 0.8, 322),
                    "writes_per_s": 998.0}] * 3,
    },
}


def test_peers_beside_searchbar_with_ratios(tmp_path: Path) -> None:
    lines = markdown_of(tmp_path, "ingest.py", REPORT)
    assert lines[0].startswith("1,000,000 lines of titles-1m.txt, median of 3 run(s); load average 7.00 7.50 8.00 "
                               "before, 8.00 7.00 7.50 after.")
    rows = [cells(line) for line in lines if line.split("|")[1:2] and cells(line)[0] in
            ("searchbar", "tantivy", "fts5-unicode61")]
    assert [row[:2] for row in rows] == [
        ["searchbar", "one (1 call)"], ["searchbar", "batches (100 calls)"], ["tantivy", "one (1 commit)"],
        ["tantivy", "batches (100 commits)"], ["fts5-unicode61", "one (1 transaction)"],
        ["fts5-unicode61", "batches (100 transactions)"]]
    # Runs without memory figures (written before ingest.py measured them) leave those cells empty.
    assert rows[0][2:] == ["8.00", "8.00", "4.00", "1.00", "7.00", "1.00x", "", "", ""]
    assert rows[1][2:] == ["12.00", "16.00", "8.00", "1.00", "11.00", "2.00x", "", "", ""]
    # tantivy against searchbar in the same scenario: 16 / 8 wall, 12 / 4 CPU; 48 / 16, 40 / 8.
    assert rows[2][2:] == ["15.00", "16.00", "12.00", "", "", "1.00x", "2.00x, 3.00x", "", ""]
    assert rows[3][7:] == ["3.00x", "3.00x, 5.00x", "", ""]
    assert rows[5][7:] == ["1.10x", "2.75x, 5.12x", "", ""]


def test_memory_growth_in_mebibytes_and_over_the_text(tmp_path: Path) -> None:
    mib = 2**20
    def grown(rss: float, anonymous: float) -> dict[str, float]:
        return {"rss_growth": rss * mib, "anonymous_growth": anonymous * mib}
    runs = {"one": [{**added(8.0, 8.0, 4.0, 1, pack=1.0, c=7.0), **grown(r, r - 4)} for r in (120, 100, 110)],
            "tantivy-one": [{**added(15.0, 16.0, 12.0, 1), **grown(180, 179)}] * 3}
    report = dict(REPORT, bytes=44 * mib, scenarios=["one", "tantivy-one"], runs=runs)
    rows = [cells(line) for line in markdown_of(tmp_path, "ingest.py", report)
            if line.startswith(("| searchbar", "| tantivy"))]
    # Medians: 110 MiB of growth, 2.50x the 44 MiB of text, 106 MiB of it anonymous.
    assert rows[0][-2:] == ["110.0 (2.50x)", "106.0"]
    assert rows[1][-2:] == ["180.0 (4.09x)", "179.0"]


def test_typing_rows(tmp_path: Path) -> None:
    lines = markdown_of(tmp_path, "ingest.py", REPORT)
    rows = [cells(line) for line in lines if line.startswith(("| all", "| past"))]
    assert rows == [["all (467)", "1.50", "2.00", "+33%", "0.80 / 0.90"],
                    ["past the second character (322)", "1.25", "2.50", "+100%", "0.70 / 0.80"]]


def test_loaded_typing_has_its_own_table_with_the_load(tmp_path: Path) -> None:
    loaded = [{"hogs": 2, "load": [11.0, 13.0], "quiet": latencies(1.4, 0.7, 467), "busy": latencies(2.8, 0.9, 467),
               "quiet_longer": latencies(1.2, 0.7, 322), "busy_longer": latencies(1.8, 0.8, 322),
               "writes_per_s": 997.0}] * 3
    report = dict(REPORT, scenarios=["typing-loaded"], runs={"typing-loaded": loaded})
    lines = markdown_of(tmp_path, "ingest.py", report)
    # No ingestion scenario ran: no empty ingestion table.
    assert not any(line.startswith("| engine") for line in lines)
    titles = [line for line in lines if line.startswith("Typing while")]
    assert len(titles) == 1
    assert "beside 2 busy-loop processes" in titles[0] and "load average 13.0" in titles[0]
    rows = [cells(line) for line in lines if line.startswith(("| all", "| past"))]
    assert rows == [["all (467)", "1.40", "2.80", "+100%", "0.70 / 0.90"],
                    ["past the second character (322)", "1.20", "1.80", "+50%", "0.70 / 0.80"]]


def test_a_peer_without_searchbar_has_no_ratio(tmp_path: Path) -> None:
    report = dict(REPORT, scenarios=["tantivy-one", "tantivy-batches"])
    rows = [cells(line) for line in markdown_of(tmp_path, "ingest.py", report) if line.startswith("| tantivy")]
    assert [row[7:9] for row in rows] == [["1.00x", ""], ["3.00x", ""]]
