"""The results list's model: one row per search hit, holding the texts a row shows and their
matched ranges in UTF-16 code units (what QTextLayout takes). The delegate paints from these
roles and --dump-rows writes them, so the test checks what is drawn."""
from dataclasses import dataclass, field

from PySide6.QtCore import QAbstractListModel, QModelIndex, Qt

from searchbar.utf16 import ranges_to_utf16

#: The roles the delegate and the row dump read.
TITLE_ROLE = Qt.ItemDataRole.UserRole + 1
TITLE_BOLD_ROLE = Qt.ItemDataRole.UserRole + 2
DETAIL_ROLE = Qt.ItemDataRole.UserRole + 3
DETAIL_BOLD_ROLE = Qt.ItemDataRole.UserRole + 4
ITEM_ID_ROLE = Qt.ItemDataRole.UserRole + 5


@dataclass(frozen=True)
class Row:
    """One result as shown: the title and a detail line (the subtitle, or the keywords when
    they matched), each with its bold ranges as UTF-16 (start, end)."""

    item_id: int
    title: str
    detail: str
    title_bold: list[tuple[int, int]] = field(default_factory=list)
    detail_bold: list[tuple[int, int]] = field(default_factory=list)


def row_from_hit(hit) -> Row:
    """The row of a searchbar.Hit: its title's highlights and those of the subtitle (or of the
    keywords, shown instead of the subtitle when the match is only there)."""
    detail_field = "keywords" if hit.field == "keywords" else "subtitle"
    detail = hit.keywords if detail_field == "keywords" else hit.subtitle
    return Row(hit.id, hit.title, detail,
               ranges_to_utf16(hit.title, hit.highlights_in("title")),
               ranges_to_utf16(detail, hit.highlights_in(detail_field)))


class ResultsModel(QAbstractListModel):
    """The hits of the newest delivered search, best first."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._rows: list[Row] = []

    def set_hits(self, hits) -> None:
        """Replaces every row with those of `hits` (searchbar.Hit objects)."""
        self.beginResetModel()
        self._rows = [row_from_hit(hit) for hit in hits]
        self.endResetModel()

    def clear(self) -> None:
        """Removes every row."""
        self.set_hits([])

    def row(self, number: int) -> Row:
        """The Row at `number`."""
        return self._rows[number]

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, TITLE_ROLE):
            return row.title
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return f"{row.title}, {row.detail}" if row.detail else row.title
        if role == TITLE_BOLD_ROLE:
            return row.title_bold
        if role == DETAIL_ROLE:
            return row.detail
        if role == DETAIL_BOLD_ROLE:
            return row.detail_bold
        if role == ITEM_ID_ROLE:
            return row.item_id
        return None
