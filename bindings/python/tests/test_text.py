import unicodedata

import pytest

import searchbar


@pytest.mark.parametrize(
    "text, expected",
    [("Résumé", "resume"), ("Straße", "strasse"), ("ﬁle", "file"), ("Øresund", "oresund"), ("ΜΆΪΟΣ", "μαιοσ")],
)
def test_fold_classes(text, expected):
    assert searchbar.fold(text) == expected


def test_fold_nfc_equals_nfd():
    for word in ["Ångström", "Việt Nam", "한국어", "Ǆemal", "ﾃｽﾄ"]:
        assert searchbar.fold(unicodedata.normalize("NFD", word)) == searchbar.fold(unicodedata.normalize("NFC", word))


def test_fold_is_idempotent():
    for word in ["Schaltflächen", "ĲSSELMEER", "ｶﾞｷﾞ", "東京都", "Ελληνικά"]:
        once = searchbar.fold(word)
        assert searchbar.fold(once) == once


def test_locale_keeps_letters_distinct():
    assert searchbar.fold("Åsa", locale="sv") != searchbar.fold("asa", locale="sv")
    assert searchbar.fold("Åsa") == searchbar.fold("asa")


def test_tokens_use_python_string_indices():
    text = "Crème brûlée 東京 🇺🇸 snake_case"
    tokens = searchbar.tokenize(text, locale="fr")
    assert tokens, "no tokens"
    for token in tokens:
        assert 0 <= token.start < token.end <= len(text)
        assert token.text  # folded text of the token
    first = tokens[0]
    assert text[first.start:first.end] == "Crème"
    assert first.text == "crème"


def test_sort_numeric_and_locale():
    assert searchbar.sort(["file10", "file2", "File1"], locale="en") == ["File1", "file2", "file10"]
    assert searchbar.sort(["nube", "ñu", "oso", "nada"], locale="es") == ["nada", "nube", "ñu", "oso"]


def test_collator_key_orders_like_compare():
    collator = searchbar.Collator("de")
    words = ["Zebra", "Öl", "Apfel", "Ähre", "Ost"]
    by_key = sorted(words, key=collator.key)
    assert by_key == collator.sort(words)
    assert collator.compare("Apfel", "Zebra") == -1
    assert collator.compare("a", "a") == 0
