"""Index.save / Index.open: round trip, edits after open, hostile files."""
import os

import pytest

import searchbar
from searchbar.errors import CorruptFile, NotFound


ITEMS = [
    {"id": 1, "title": "Zürich Hauptbahnhof", "subtitle": "Bahnhof", "scope": 1, "weight": 5,
     "attributes": {"kind": "station", "year": 1871}},
    {"id": 2, "title": "Zurich Airport", "scope": 2, "attributes": {"kind": "airport", "year": 1948}},
    (3, "Schaltflächen Übersicht", "", "ui buttons"),
    (4, "Straßenbahn Museum"),
    (5, "München", "Bayern"),
    (6, "東京タワー"),
    (7, "Ελληνικά γράμματα"),
]
QUERIES = ["zur", "zurich", "bahn", "strasse", "munchen", "東京", "γραμ", "ubersicht", "mus", "hbf", "x"]


def answers(index):
    return [[(h.id, h.score, h.highlights) for h in index.search(q, mode=mode)]
            for mode in ("prefix", "contains", "fuzzy") for q in QUERIES]


@pytest.fixture()
def saved(tmp_path):
    index = searchbar.Index(locale="de", mode="contains")
    index.add(ITEMS)
    index.remove([4])
    path = tmp_path / "cities.sbindex"
    index.save(path)
    yield index, path
    index.close()


def test_round_trip(saved):
    index, path = saved
    opened = searchbar.Index.open(path)
    try:
        assert len(opened) == len(index) == 6
        assert opened.locale == "de" and opened.mode == "contains"
        assert answers(opened) == answers(index)
        assert opened.get(1) == index.get(1)
        assert 4 not in opened
    finally:
        opened.close()


def test_open_options_and_str_path(saved):
    _, path = saved
    with searchbar.Index.open(str(path), mode="fuzzy", threads=1) as opened:
        assert opened.mode == "fuzzy"
        assert [h.id for h in opened.search("mnchn")] == [5]


def test_edits_after_open_stay_in_memory_until_saved(saved, tmp_path):
    _, path = saved
    with searchbar.Index.open(path) as opened:
        opened.add([(100, "Basel Badischer Bahnhof")])
        opened.remove([1])
        assert [h.id for h in opened.search("basel")] == [100]
        with searchbar.Index.open(path) as again:
            assert 100 not in again and 1 in again
        opened.save(path)
    with searchbar.Index.open(path) as third:
        assert 100 in third and 1 not in third


def test_hostile_files_raise(saved, tmp_path):
    _, path = saved
    data = path.read_bytes()
    bad = tmp_path / "bad"
    for content in (b"", b"not an index", data[: len(data) // 2], data[:-1], data + b"\0",
                    data[:400] + bytes([data[400] ^ 1]) + data[401:]):
        bad.write_bytes(content)
        with pytest.raises(CorruptFile):
            searchbar.Index.open(bad)
    with pytest.raises(NotFound):
        searchbar.Index.open(tmp_path / "missing")
    with pytest.raises(OSError):
        searchbar.Index.open(tmp_path)
    with pytest.raises(ValueError):
        searchbar.Index.open("")
    with pytest.raises(TypeError):
        searchbar.Index.open(42)  # type: ignore[arg-type]


def test_save_errors(saved, tmp_path):
    index, _ = saved
    with pytest.raises(OSError):
        index.save(tmp_path / "missing" / "x")
    with pytest.raises(ValueError):
        index.save("a\0b")
    assert not [name for name in os.listdir(tmp_path) if ".tmp-" in name]


def test_verify_finds_damage_the_default_open_leaves_unread(saved, tmp_path):
    index, path = saved
    data = bytearray(path.read_bytes())
    sections = int.from_bytes(data[24:28], "little")
    entries = [data[320 + 32 * k: 352 + 32 * k] for k in range(sections)]
    # The folded titles of the first segment (kind 6): change one ASCII letter to another, so
    # every bound still holds and only the checksum can tell.
    titles = next(e for e in entries if int.from_bytes(e[0:4], "little") == 6 and int.from_bytes(e[16:24], "little"))
    start = int.from_bytes(titles[8:16], "little")
    at = next(k for k in range(start, start + int.from_bytes(titles[16:24], "little")) if data[k] == ord("z"))
    data[at] = ord("q")
    bad = tmp_path / "damaged"
    bad.write_bytes(bytes(data))
    with searchbar.Index.open(bad) as opened:
        assert len(opened) == len(index)
        answers(opened)  # safe to search; the damaged title may answer differently
    with pytest.raises(CorruptFile, match="checksum"):
        searchbar.Index.open(bad, verify=True)
    with searchbar.Index.open(path, verify=True) as verified:
        assert answers(verified) == answers(index)
    with pytest.raises(TypeError):
        searchbar.Index.open(path, verify=1)  # type: ignore[arg-type]
