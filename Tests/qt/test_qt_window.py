"""The Qt example used as a person uses it: keys typed into the real window (QTest key clicks
through pytest-qt), an input method composing Hangul, clicks on the scope bar; each test checks
the rows the list shows (the same data --dump-rows writes) and keeps a screenshot."""
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QInputMethodEvent, QTextCharFormat
from PySide6.QtWidgets import QApplication, QToolButton

from announcer import ANNOUNCEMENT_EVENT
from conftest import WAIT_MS
from row_dump import visible_rows
from screenshots import save


def rows(window):
    return visible_rows(window.results_view)


def titles(window):
    return [row["title"] for row in rows(window)]


def settled(window, text, scope=None):
    """True once the list shows the results of `text` in `scope` (default: the selected one)."""
    scope = window.session.selected_scope if scope is None else scope
    return window.results_for == (text, scope)


def type_and_wait(qtbot, window, text, until):
    """Types `text` key by key and waits for its results; `until(rows)` must then hold."""
    qtbot.keyClicks(window.field, text)
    qtbot.waitUntil(lambda: settled(window, window.field.text()), timeout=WAIT_MS)
    shown = rows(window)
    assert until(shown), shown
    return shown


def shows_zurich(shown):
    return any(row["title"] == "Zürich" for row in shown)


@pytest.mark.parametrize("timers", ["host", "library"], indirect=True)
def test_typing_zur_shows_zurich_with_zur_in_bold(qtbot, window, timers):
    assert window.driver.host_clock == (timers == "host")
    shown = type_and_wait(qtbot, window, "zur", shows_zurich)
    assert window.field.text() == "zur" and window.session.text == "zur"
    # The first row is Zürich with "Zür" bold: among equal hits the sample data ranks the name
    # most locales use first (Zürich in eight, Zurich in four).
    zurich = shown[0]
    assert zurich["title"] == "Zürich", shown[:5]
    assert zurich["title_bold"] == [[0, 3]] and zurich["title_bold_text"] == ["Zür"]
    # The subtitle's match (Europe/Zurich) is bold too.
    assert "Zur" in zurich["detail_bold_text"], zurich
    assert len(shown) >= 5, "the list shows several rows at this window size"
    assert window.announcer.spoken[-1].endswith("results"), window.announcer.spoken
    assert ANNOUNCEMENT_EVENT is not None, "PySide6 6.8+ announces through QAccessibleAnnouncementEvent"
    assert window.status_label.text() == window.announcer.spoken[-1]
    assert window.cancel_button.isVisible() and window.clear_action.isVisible()
    save(window, f"typed-zur-{timers}-timers")


def test_qt_fires_the_typing_delay_with_a_host_clock(qtbot, window):
    """With Clock.HOST the search after the typing delay waits on Qt's QTimer, and runs (with
    its events) on the main thread when it fires; nothing is armed once it has."""
    assert window.driver.host_clock and window.driver.armed_ms is None
    qtbot.keyClick(window.field, "z")
    armed = window.driver.armed_ms
    assert armed is not None and 0 <= armed <= window.session.timing["delay_ms"]
    qtbot.waitUntil(lambda: settled(window, "z"), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: window.driver.armed_ms is None, timeout=WAIT_MS)
    assert window.model.rowCount() > 0


def test_tab_and_a_click_change_the_scope_and_the_rows(qtbot, window):
    everything = type_and_wait(qtbot, window, "zur", shows_zurich)
    everything_count = window.model.rowCount()
    assert window.scope_bar.button(0).isChecked()
    qtbot.keyClick(window.field, Qt.Key.Key_Tab)  # All -> Characters
    qtbot.waitUntil(lambda: settled(window, "zur", 1), timeout=WAIT_MS)
    assert rows(window) != everything
    assert window.scope_bar.button(1).isChecked()
    assert window.field.hasFocus() and window.field.text() == "zur"
    assert not shows_zurich(rows(window)), "Zürich is a time zone, not a character"
    qtbot.keyClick(window.field, Qt.Key.Key_Backtab)  # back to All
    qtbot.waitUntil(lambda: settled(window, "zur", 0), timeout=WAIT_MS)
    assert rows(window) == everything

    time_zones = window.scope_bar.titles().index("Time zones")
    qtbot.mouseClick(window.scope_bar.button(time_zones), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: settled(window, "zur", time_zones), timeout=WAIT_MS)
    assert rows(window) and all("/Zurich" in row["detail"] for row in rows(window)), rows(window)
    assert window.scope_bar.button(time_zones).isChecked() and window.field.hasFocus()
    # The same first rows (All's best are time zones), but only the time zones among all matches.
    assert 0 < window.model.rowCount() < everything_count
    save(window, "scope-time-zones")


def test_escape_clears_then_cancels(qtbot, window):
    type_and_wait(qtbot, window, "zur", shows_zurich)
    qtbot.keyClick(window.field, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: window.session.text == "" and window.model.rowCount() == 0, timeout=WAIT_MS)
    assert window.field.text() == "" and window.field.hasFocus()
    assert not window.clear_action.isVisible()
    # The empty field offers recent searches and suggestions again.
    assert window.suggestions_list.isVisible() and window.suggestions_list.count() > 0
    assert not window.results_view.isVisible()
    # Where the results were, the list of recent searches and suggestions fills the window.
    qtbot.waitUntil(lambda: window.suggestions_list.height() > window.height() // 2, timeout=WAIT_MS)
    save(window, "escape-cleared")
    qtbot.keyClick(window.field, Qt.Key.Key_Escape)  # on the empty field: the search is dismissed
    qtbot.waitUntil(lambda: not window.session.display().is_active, timeout=WAIT_MS)
    assert not window.cancel_button.isVisible() and not window.scope_bar.isVisible()
    type_and_wait(qtbot, window, "zur", shows_zurich)  # the next key starts a new search
    assert window.session.display().is_active and window.cancel_button.isVisible()


def compose(window, preedit="", commit=""):
    """What an input method sends while composing (`preedit`) or when it commits."""
    attributes = []
    if preedit:
        underline = QTextCharFormat()
        underline.setFontUnderline(True)
        attributes.append(QInputMethodEvent.Attribute(QInputMethodEvent.AttributeType.TextFormat, 0, len(preedit),
                                                      underline))
        attributes.append(QInputMethodEvent.Attribute(QInputMethodEvent.AttributeType.Cursor, len(preedit), 1))
    event = QInputMethodEvent(preedit, attributes)
    if commit:
        event.setCommitString(commit)
    QApplication.sendEvent(window.field, event)


def test_hangul_being_composed_is_searched(qtbot, window):
    korean = lambda shown: any(row["title"] == "한국어" for row in shown)  # noqa: E731
    for step in ("ㅎ", "하", "한"):  # the jamo, then the syllable growing as keys are pressed
        compose(window, preedit=step)
        qtbot.waitUntil(lambda step=step: window.session.text == step, timeout=WAIT_MS)
        assert window.field.text() == "" and window.field.preedit == step
        assert window.session.marked_range == (0, 1)  # the session's marked text (setMarkedText)
    qtbot.waitUntil(lambda: settled(window, "한"), timeout=WAIT_MS)
    assert korean(rows(window)), rows(window)
    row = next(r for r in rows(window) if r["title"] == "한국어")
    assert row["title_bold_text"] == ["한"]
    save(window, "hangul-composing")
    compose(window, commit="한")
    assert window.field.text() == "한" and window.field.preedit == "" and window.session.text == "한"
    assert window.session.marked_range is None
    qtbot.waitUntil(lambda: settled(window, "한"), timeout=WAIT_MS)
    assert korean(rows(window)), rows(window)


def test_hangul_commit_and_next_syllable_in_one_event(qtbot, window):
    """ㄱ after 한 cannot join it: a Korean input method commits 한 and starts composing ㄱ in
    the same event; the next syllable then grows in the marked text after the committed one."""
    compose(window, preedit="한")
    compose(window, preedit="ㄱ", commit="한")
    assert window.field.text() == "한" and window.field.preedit == "ㄱ"
    assert window.session.text == "한ㄱ" and window.session.marked_range == (1, 2)
    for step in ("구", "국"):
        compose(window, preedit=step)
        assert window.session.text == "한" + step and window.session.marked_range == (1, 2)
    qtbot.waitUntil(lambda: settled(window, "한국"), timeout=WAIT_MS)
    assert any(row["title"] == "한국어" for row in rows(window)), rows(window)
    save(window, "hangul-second-syllable")
    compose(window, commit="국")
    assert window.field.text() == "한국" and window.session.text == "한국" and window.session.marked_range is None


def test_positions_are_utf16_for_qt(qtbot, window):
    """An emoji before the match is two UTF-16 units: the bold range starts after it."""
    shown = type_and_wait(qtbot, window, "grinning", lambda r: any(x["title"] == "😀 Grinning Face" for x in r))
    row = next(x for x in shown if x["title"] == "😀 Grinning Face")
    assert row["title_bold"] == [[3, 11]] and row["title_bold_text"] == ["Grinning"]
    # The cursor stays at the end after the session rewrites nothing (Qt counts 2 for 😀).
    window.field.setText("")
    window.field.insert("😀")  # as a paste or an emoji picker does (QTest cannot type beyond the BMP)
    qtbot.keyClicks(window.field, " g")
    qtbot.waitUntil(lambda: settled(window, "😀 g"), timeout=WAIT_MS)
    assert window.field.cursorPosition() == 4
    shown = rows(window)
    assert shown and all(row["title"].startswith("😀") for row in shown), shown
    save(window, "emoji-query")


def test_keyboard_only_and_accessible_names(qtbot, window, tmp_path):
    assert QAccessible.queryAccessibleInterface(window.field).text(QAccessible.Text.Name) == "Search"
    assert QAccessible.queryAccessibleInterface(window.results_view).text(QAccessible.Text.Name) == "Search results"
    # Before typing, Down goes to the suggestions; Return on one searches it.
    qtbot.keyClick(window.field, Qt.Key.Key_Down)
    assert window.suggestions_list.hasFocus() and window.suggestions_list.currentRow() == 0
    qtbot.keyClick(window.suggestions_list, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: settled(window, "Zürich"), timeout=WAIT_MS)
    assert shows_zurich(rows(window))
    assert window.field.hasFocus()
    # Down from the field into the results (past the suggestions), Return chooses a result.
    qtbot.keyClick(window.field, Qt.Key.Key_Down)
    while not window.results_view.hasFocus():
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down)
    qtbot.keyClick(window.results_view, Qt.Key.Key_Down)
    assert window.results_view.currentIndex().row() == 1
    qtbot.keyClick(window.results_view, Qt.Key.Key_Return)
    assert window.message.startswith("Chose ")
    # Up from the first row returns to the field; typing in the list goes on in the field.
    qtbot.keyClick(window.results_view, Qt.Key.Key_Up)
    qtbot.keyClick(window.results_view, Qt.Key.Key_Up)
    assert window.field.hasFocus()
    qtbot.keyClick(window.field, Qt.Key.Key_Return)  # submitted: joins the recent searches
    assert window.session.recents[0] == "Zürich"
    save(window, "keyboard-only")


def test_backspace_and_delete_remove_what_the_user_sees_as_one_character(qtbot, window):
    """A flag is two code points (four UTF-16 units) and क्ष three: Backspace and Delete remove
    each whole, by the library's grapheme rules, wherever the cursor is."""
    window.field.insert("zur🇨🇭")
    qtbot.waitUntil(lambda: window.session.text == "zur🇨🇭", timeout=WAIT_MS)
    qtbot.keyClick(window.field, Qt.Key.Key_Backspace)
    assert window.session.text == "zur" and window.field.text() == "zur"
    assert window.field.cursorPosition() == 3
    window.field.insert("🇨🇭क्षa")
    window.field.setCursorPosition(7)  # after the flag: 3 + 4 UTF-16 units
    qtbot.keyClick(window.field, Qt.Key.Key_Delete)  # the conjunct after the cursor
    assert window.session.text == "zur🇨🇭a" and window.field.cursorPosition() == 7
    qtbot.keyClick(window.field, Qt.Key.Key_Backspace)  # the flag before it
    assert window.session.text == "zura" and window.field.text() == "zura"
    assert window.field.cursorPosition() == 3
    qtbot.keyClick(window.field, Qt.Key.Key_Left)
    qtbot.keyClick(window.field, Qt.Key.Key_Backspace)  # "zu|ra" -> "z|ra"
    assert window.field.text() == "zra" and window.session.text == "zra" and window.field.cursorPosition() == 1
    qtbot.waitUntil(lambda: settled(window, "zra"), timeout=WAIT_MS)


def test_clear_and_cancel_buttons_follow_the_display_state(qtbot, window):
    """The clear button shows while there is text and clears on a click; Cancel shows while the
    search is active and dismisses it on a click."""
    assert not window.clear_action.isVisible() and window.cancel_button.isVisible()
    type_and_wait(qtbot, window, "zur", shows_zurich)
    clear = next(b for b in window.field.findChildren(QToolButton) if b.defaultAction() is window.clear_action)
    assert clear.isVisible()
    qtbot.mouseClick(clear, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.session.text == "" and not clear.isVisible(), timeout=WAIT_MS)
    assert window.field.text() == "" and window.model.rowCount() == 0
    type_and_wait(qtbot, window, "zur", shows_zurich)
    qtbot.mouseClick(window.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.session.display().is_active, timeout=WAIT_MS)
    assert window.field.text() == "" and window.model.rowCount() == 0 and not window.cancel_button.isVisible()
    # A double click on a result chooses it.
    type_and_wait(qtbot, window, "zur", shows_zurich)
    second = window.results_view.visualRect(window.model.index(1, 0)).center()
    qtbot.mouseClick(window.results_view.viewport(), Qt.MouseButton.LeftButton, pos=second)  # as a mouse does:
    qtbot.mouseDClick(window.results_view.viewport(), Qt.MouseButton.LeftButton, pos=second)  # press, then double
    qtbot.waitUntil(lambda: window.message.startswith("Chose "), timeout=WAIT_MS)
    assert window.message == f"Chose {window.model.row(1).title}"
