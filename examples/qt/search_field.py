"""The search field: a QLineEdit whose every change, input-method pre-edit included, becomes an
edit of the session's text, and whose keys drive the bar (Tab / Shift+Tab scope, Escape clear
then cancel, Down into the lists, Return submit, Backspace and Delete as the session deletes)."""
from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import QLineEdit

from searchbar.utf16 import from_utf16, to_utf16


def edit_between(old: str, new: str) -> tuple[int, int, str]:
    """The one replacement turning `old` into `new`: (start, end) str indexes of `old` and the
    text that replaces them, found from the common prefix and suffix."""
    start = 0
    limit = min(len(old), len(new))
    while start < limit and old[start] == new[start]:
        start += 1
    end_old, end_new = len(old), len(new)
    while end_old > start and end_new > start and old[end_old - 1] == new[end_new - 1]:
        end_old -= 1
        end_new -= 1
    return start, end_old, new[start:end_new]


class SearchField(QLineEdit):
    """Emits `edited(text)` with the field's text after each change the user makes with keys,
    the mouse or the clipboard, `composing(...)` for each input-method event (pre-edit and
    commit), and a signal per bar key."""

    edited = Signal(str)
    #: An input-method event: (committed text, cursor as a str index, pre-edit, commit string).
    composing = Signal(str, int, str, str)
    next_scope = Signal()
    previous_scope = Signal()
    escape = Signal()
    move_down = Signal()
    submitted = Signal()
    #: Backspace or Delete with nothing selected, at the cursor (a str index): the session
    #: deletes a whole grapheme cluster (Backspace on an empty field: the last token).
    backspace_at = Signal(int)
    delete_at = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setAccessibleName("Search")
        self.setAccessibleDescription("Type to search; Tab changes the scope, Down moves to the results, "
                                      "Escape clears")
        self.setAttribute(Qt.WidgetAttribute.WA_InputMethodEnabled, True)
        self._preedit = ""
        self._programmatic = False
        self.textChanged.connect(self._text_changed)

    # -- the text the session sees ---------------------------------------------------------------

    @property
    def preedit(self) -> str:
        """The input method's text being composed ("" when none)."""
        return self._preedit

    def composed_text(self) -> str:
        """The committed text with the pre-edit inserted at the cursor: what the user sees and
        what is searched."""
        text = self.text()
        if not self._preedit:
            return text
        at = from_utf16(text, self.cursorPosition())
        return text[:at] + self._preedit + text[at:]

    def show_text(self, text: str, cursor: int | None = None) -> None:
        """Shows the session's text (after a clear, a chosen suggestion or a change the session
        made) with the cursor at str index `cursor`, by default where it was when it still fits.
        Left alone while composing: the input method owns the field then."""
        if self._preedit or (text == self.text() and cursor is None):
            return
        if cursor is None:
            cursor = from_utf16(self.text(), self.cursorPosition())
            cursor = len(text) if cursor == len(self.text()) else min(cursor, len(text))
        self._programmatic = True
        try:
            if text != self.text():
                self.setText(text)
            self.setCursorPosition(to_utf16(text, cursor))
        finally:
            self._programmatic = False

    def _text_changed(self, _text: str) -> None:
        if not self._programmatic:
            self.edited.emit(self.composed_text())

    def inputMethodEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """An input method composed or committed: `composing` says so once the field has taken
        the event (its text change is not reported as a plain edit)."""
        self._programmatic = True
        try:
            super().inputMethodEvent(event)
        finally:
            self._programmatic = False
        self._preedit = event.preeditString()
        committed = self.text()
        self.composing.emit(committed, from_utf16(committed, self.cursorPosition()), self._preedit,
                            event.commitString())

    # -- keys --------------------------------------------------------------------------------------

    def event(self, event) -> bool:
        # Tab and Shift+Tab change the scope (QLineEdit would move the focus before keyPressEvent).
        if event.type() == QEvent.Type.KeyPress and not self._preedit:
            if event.key() == Qt.Key.Key_Tab and not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
                self.next_scope.emit()
                return True
            if event.key() == Qt.Key.Key_Backtab:
                self.previous_scope.emit()
                return True
        return super().event(event)

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        key = event.key()
        if self._preedit:
            super().keyPressEvent(event)
        elif key == Qt.Key.Key_Escape:
            self.escape.emit()
        elif key == Qt.Key.Key_Down:
            self.move_down.emit()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.submitted.emit()
        elif key in (Qt.Key.Key_Backspace, Qt.Key.Key_Delete) and not event.modifiers() \
                and not self.hasSelectedText():
            at = from_utf16(self.text(), self.cursorPosition())
            (self.backspace_at if key == Qt.Key.Key_Backspace else self.delete_at).emit(at)
        else:
            super().keyPressEvent(event)
