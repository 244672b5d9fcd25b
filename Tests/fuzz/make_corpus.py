#!/usr/bin/env python3
"""Writes the committed seed corpus of the libFuzzer harnesses into Tests/fuzz/corpus/<harness>/:
the i18n cases (Tests/Fixtures/i18n-cases.json) as text, item and query seeds, extended-syntax
queries, typical session edit sequences, and valid and broken recents files and snapshots.
Run it again after changing a harness's input format. Usage: python3 Tests/fuzz/make_corpus.py"""
import hashlib
import json
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def write(harness, data):
    folder = os.path.join(HERE, "corpus", harness)
    os.makedirs(folder, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def u(s):
    return s.encode("utf-8")


with open(os.path.join(ROOT, "Tests", "Fixtures", "i18n-cases.json"), encoding="utf-8") as f:
    cases = json.load(f)

EXTENDED = ["'exact ^pre suf$ !not a | b", "scope:1 kind:fruit", "price>=3 price<10 !x",
            "^東京 | ^istanbul", "'straße$", "a | b | c | d", "name:value 'quoted thing"]

# fuzz_text: locale NUL text
for case in cases:
    for text in (case.get("item"), case.get("query")):
        if text:
            write("fuzz_text", u(case.get("locale") or "") + b"\0" + u(text))
for extra in ["tr\0İSTANBUL ıi", "de\0Straße STRASSE", "ja\0ｶﾀｶﾅ カタカナ ひらがな", "und\0👨‍👩‍👧‍👦🇯🇵 e\u0301",
              "en-u-co-phonebk\0Müller", "zh-Hant\0臺灣", "\0snake_case_words and-hyphens", "sr-Latn\0Ђорђе"]:
    write("fuzz_text", u(extra))

# fuzz_search: control byte, item text NUL query (bit 4 adds the item)
for case in cases:
    item, query = case.get("item") or "", case.get("query") or ""
    for control in (0x11, 0x12, 0x13, 0x15):
        write("fuzz_search", bytes([control]) + u(item) + b"\0" + u(query))
for q in EXTENDED:
    for control in (0x04, 0x25, 0x36, 0xA7):
        write("fuzz_search", bytes([control]) + b"fruit salad\nsubtitle\nkeywords\0" + u(q))

# fuzz_session: opcodes (see fuzz_session.c): 0 set_text, 1 insert, 2 delete, 4 begin, 6 submit,
# 7 cancel, 9 select_scope, 10 titles, 11 token, 13 clock, 15 suggestion, 16 recent, 22 drain,
# 23 snapshot/restore, 31 marked text, 32 unmark, 33 marked range, 34 backspace, 35 forward
# delete, 36 next deadline + run due (a host clock when the input's size has bit 2 set)
def text_op(op, s, extra=b""):
    b = u(s)
    return bytes([op]) + extra + bytes([len(b)]) + b

sequences = [
    bytes([4]) + text_op(1, "ap", b"\0") + bytes([13, 20]) + text_op(1, "p", b"\2") + bytes([13, 20, 22, 6, 22]),
    bytes([10, 3, 4, 9, 2]) + text_op(0, "Résumé") + bytes([13, 50, 15, 1, 22, 7, 22]),
    bytes([4, 11, 1]) + bytes([1]) + b"1" + bytes([1]) + b"1" + text_op(0, "cherry") + bytes([13, 30, 12, 0, 22, 23]),
    bytes([4]) + text_op(16, "apple") + text_op(16, "banana") + bytes([15, 0, 17, 1, 18, 22]),
    bytes([19, 1, 4]) + text_op(0, "東京") + bytes([20, 3, 20, 2, 21, 8, 22, 5, 14, 0]),
    bytes([4]) + text_op(0, "straße") + bytes([2, 6, 3, 0x21]) + bytes([2]) + u("ss") + bytes([24, 1, 25, 1, 22]),
    bytes([4]) + text_op(31, "ㅎ", b"\0") + text_op(31, "하", b"\0") + text_op(31, "한", b"\0")
    + bytes([33, 36, 22, 32, 33]) + text_op(0, "aक्ष🇩🇪") + bytes([34, 17, 35, 0, 22, 36, 6, 22]),
]
for i, seq in enumerate(sequences):
    write("fuzz_session", seq)
    write("fuzz_session", seq + seq[::-1])

# fuzz_persist: byte 0 even = snapshot, odd = recents file
recents = {"format": "searchbar-recents", "version": 1,
           "lists": {"": [{"text": "blue whale", "time": 1700000000000}, {"text": "東京", "time": 1700000001000}]}}
write("fuzz_persist", b"\1" + u(json.dumps(recents)))
write("fuzz_persist", b"\1" + u(json.dumps(recents))[:40])
write("fuzz_persist", b"\1\x89PNG\r\n\x1a\n")
write("fuzz_persist", b"\1")
snapshots_dir = os.path.join(HERE, "seeds")
if os.path.isdir(snapshots_dir):
    for name in sorted(os.listdir(snapshots_dir)):
        with open(os.path.join(snapshots_dir, name), "rb") as f:
            data = f.read()
        write("fuzz_persist", (b"\0" if name.startswith("snapshot") else b"\1") + data)
write("fuzz_persist", b"\0{\"version\":1")
write("fuzz_persist", b"\0[]")

# fuzz_abi: operations (see fuzz_abi.c): 0 packed columns, 1 items and results, 2 a session.
# An integer operand is one byte below 32 (an index into the harness's EDGES: 0->0, 1->1, 2->2,
# 10->2^32-1, 13->2^63, 15->SIZE_MAX, 17->SIZE_MAX-5, 22->2^26+1) or eight little-endian bytes.
def blob(s):
    b = u(s)
    return bytes([len(b)]) + b

def ids_and_scopes():
    return b"".join(bytes([i, 1]) for i in range(8))

PACKED_VALID = bytes([0]) + blob("pearapple") + bytes([2, 0, 20, 25, 0]) + ids_and_scopes() + bytes([1, 0])
PACKED_HUGE = bytes([0]) + blob("apple") + bytes([1, 4, 17, 4, 15, 1, 4, 13, 4, 13]) + ids_and_scopes() + bytes([1, 0])
PACKED_COUNT = bytes([0]) + blob("apple") + bytes([13, 0, 0]) + ids_and_scopes() + bytes([1, 0])
ITEMS = (bytes([1]) + blob("apple pie") + bytes([3, 9, 1, 1, 1, 4, 1, 2, 0, 0, 100, 1, 0, 1, 0]) + blob("ap")
         + bytes([3, 0, 0, 1, 15, 15, 2, 13, 13, 13, 1]))
ITEMS_HUGE = (bytes([1]) + blob("x") + bytes([0, 15, 0, 15, 22, 0, 0, 22, 0, 0, 15, 15, 1, 15, 15, 0, 0]) + blob("x")
              + bytes([15, 15, 15, 15, 13, 13, 13, 10]))
SESSION = (bytes([2, 1, 0, 1]) + bytes([0]) + blob("ap") + bytes([1, 15]) + blob("x") + bytes([2, 13, 15]) + blob("y")
           + bytes([3, 17, 15, 4, 13, 5, 12, 6, 10]) + blob("tok") + bytes([0, 13, 7, 15, 11, 10, 13, 22, 14, 1, 10, 15, 10,
           15, 0, 16, 10, 17, 0, 18, 10, 19, 1, 2, 22, 3, 20, 10, 10, 21, 1]) + blob("b") + bytes([22, 0, 22, 23, 0, 0, 0,
           15, 22, 1, 24, 10]))
SESSION_HOST = bytes([2, 1, 0, 0]) + bytes([0]) + blob("ap") + bytes([22, 19, 0, 0, 2, 1]) + bytes([19, 1, 1, 15, 1])
for seed in (PACKED_VALID, PACKED_HUGE, PACKED_COUNT, ITEMS, ITEMS_HUGE, SESSION, SESSION_HOST):
    write("fuzz_abi", seed)
write("fuzz_abi", PACKED_VALID + ITEMS + SESSION)
write("fuzz_abi", PACKED_HUGE + PACKED_COUNT + ITEMS_HUGE + SESSION_HOST)

# fuzz_open: control byte (bit 0: reseal the checksums) then an index file. Needs the Python
# binding and its library (pip install -e . or PYTHONPATH=bindings/python with the built
# library); without them the committed seeds are kept as they are. One segment each: libFuzzer
# runs fuzz_open with -max_len=8192.
try:
    import tempfile

    import searchbar

    def index_file(locale, mode, items, remove=()):
        with tempfile.TemporaryDirectory() as folder, searchbar.Index(locale=locale, mode=mode) as index:
            index.add(items)
            if remove:
                index.remove(remove)
            path = os.path.join(folder, "seed.sbindex")
            index.save(path)
            with open(path, "rb") as f:
                return f.read()

    def crafted(data):
        """Variants of an index file whose texts and text offsets an open without `verify`
        does not check (their readers clamp and repair): offsets past the bytes and descending,
        malformed UTF-8 in a folded title, an edit and the vocabulary, posting streams of set
        bits (their cursors end a list instead of leaving the segment). Written with control
        byte 1 (resealed) and 3 (resealed, verified)."""
        def section(kind):  # (offset, length) of section `kind` of segment 0
            return struct.unpack_from("<QQ", data, 320 + (kind - 1) * 32 + 8)

        if struct.unpack_from("<I", data, 28)[0] == 0:  # no segment
            return
        title, title_offsets, title_patches, vocabulary = 6, 7, 12, 20
        edits = []
        offset, length = section(title_offsets)
        if length >= 12:
            edits.append([(offset + 4, struct.pack("<I", 0x7FFFFFFF))])
            edits.append([(offset + 8, struct.pack("<I", 0))])
        offset, length = section(title)
        if length >= 4:
            edits.append([(offset, bytes([0xF7, 0xBF, 0xBF, 0xBF]))])
            edits.append([(offset + length - 1, bytes([0xF0])), (offset + 1, bytes([0x80]))])
        for kind in (title_patches, vocabulary):
            offset, length = section(kind)
            if length:
                edits.append([(offset + length - 1, bytes([0xC3]))])
        # Posting streams (read only by their cursors): a wide first block, all bits set.
        postings = 23
        offset, length = section(postings)
        if length > 8:
            edits.append([(offset, bytes([0xFF] * (length - 8)))])
        for edit in edits:
            variant = bytearray(data)
            for at, value in edit:
                variant[at:at + len(value)] = value
            yield bytes(variant)

    for data in (
        index_file(None, "prefix", []),
        index_file(None, "prefix", [(1, "apple pie"), (2, "Apfelstrudel", "dessert", "sweet")]),
        index_file("de", "contains", [
            {"id": 3, "title": "Straße", "scope": 2, "weight": 1.5, "attributes": {"kind": "x", "n": 4}},
            (9, "東京タワー"), (12, "x1 y10 👍🏽"), (13, "Ελληνικά")], remove=[13]),
    ):
        write("fuzz_open", bytes([0]) + data)
        write("fuzz_open", bytes([1]) + data)
        for variant in crafted(data):
            write("fuzz_open", bytes([1]) + variant)
            write("fuzz_open", bytes([3]) + variant)
except ImportError as error:
    print(f"fuzz_open seeds skipped: {error}")
