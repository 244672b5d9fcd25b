"""Tells screen readers what changed without moving the focus: the result count when results
arrive, as UIKit's search controllers do. Qt 6.8+ has QAccessibleAnnouncementEvent (AT-SPI
announces it politely); with an older Qt the same text goes to the status label, whose accessible
name changes (a QAccessible NameChanged event), which screen readers read for a status bar."""
from PySide6.QtGui import QAccessible

from PySide6 import QtGui

#: QAccessibleAnnouncementEvent where this Qt has it (6.8 and later), else None.
ANNOUNCEMENT_EVENT = getattr(QtGui, "QAccessibleAnnouncementEvent", None)


class Announcer:
    """Announces texts for the widget `source` and shows them on `label`; keeps what it said
    (`spoken`) so a test can check it."""

    def __init__(self, source, label):
        self._source = source
        self._label = label
        self.spoken: list[str] = []

    def announce(self, text: str) -> None:
        """Shows `text` and has screen readers say it."""
        self._label.setText(text)
        self._label.setAccessibleName(text)
        if ANNOUNCEMENT_EVENT is not None:
            QAccessible.updateAccessibility(ANNOUNCEMENT_EVENT(self._source, text))
        self.spoken.append(text)
