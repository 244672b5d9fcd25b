"""A segmented scope bar: one checkable button per scope title of the session, exclusive,
drawn as joined segments. A click asks for the scope; from the keyboard, Tab and Shift+Tab in
the search field do."""
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QPushButton, QSizePolicy, QWidget

STYLE = """
QPushButton#segment { border: 1px solid palette(mid); padding: 4px 12px; margin: 0;
    background: palette(button); border-radius: 0; }
QPushButton#segment:checked { background: palette(highlight); color: palette(highlighted-text);
    border-color: palette(highlight); }
QPushButton#segment[first="true"] { border-top-left-radius: 6px; border-bottom-left-radius: 6px; }
QPushButton#segment[last="true"] { border-top-right-radius: 6px; border-bottom-right-radius: 6px; }
"""


class ScopeBar(QWidget):
    """Emits `scope_clicked(index)` when the user picks a segment."""

    scope_clicked = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setAccessibleName("Search scope")
        self.setStyleSheet(STYLE)
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(0)
        self._group = QButtonGroup(self)
        self._group.setExclusive(True)
        self._group.idClicked.connect(self.scope_clicked)
        self._titles: list[str] = []

    def set_titles(self, titles: list[str]) -> None:
        """Rebuilds the segments when the session's titles changed."""
        if titles == self._titles:
            return
        self._titles = list(titles)
        for button in self._group.buttons():
            self._group.removeButton(button)
            button.deleteLater()
        for number, title in enumerate(titles):
            button = QPushButton(title, self)
            button.setObjectName("segment")
            button.setCheckable(True)
            button.setProperty("first", number == 0)
            button.setProperty("last", number == len(titles) - 1)
            button.setAccessibleName(f"{title} scope")
            # A click leaves the focus in the search field (no end/begin editing round trip);
            # keyboard users change scope with Tab in the field.
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            self._group.addButton(button, number)
            self._layout.addWidget(button)

    def set_selected(self, index: int) -> None:
        """Checks the segment of the session's selected scope."""
        button = self._group.button(index)
        if button is not None and not button.isChecked():
            button.setChecked(True)

    def button(self, index: int) -> QPushButton | None:
        """The segment of scope `index`."""
        return self._group.button(index)

    def titles(self) -> list[str]:
        """The titles shown."""
        return list(self._titles)
