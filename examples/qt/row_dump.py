"""--dump-rows: the rows the results list shows, with their bold ranges, as JSON. The ranges are
the ones the delegate paints (the model's roles), in UTF-16 code units, with the bold text
spelled out so a reader need not count units."""
import json
import os
import tempfile

from PySide6.QtCore import QPoint

from results_model import DETAIL_BOLD_ROLE, DETAIL_ROLE, TITLE_BOLD_ROLE, TITLE_ROLE
from searchbar.utf16 import slice_utf16


def visible_rows(view) -> list[dict]:
    """The rows inside `view`'s viewport, top to bottom."""
    view.doItemsLayout()
    model = view.model()
    height = view.viewport().height()
    first = view.indexAt(QPoint(1, 1))
    rows = []
    number = first.row() if first.isValid() else 0
    while number < model.rowCount():
        index = model.index(number, 0)
        rect = view.visualRect(index)
        if rect.top() >= height:
            break
        title, detail = index.data(TITLE_ROLE), index.data(DETAIL_ROLE)
        title_bold, detail_bold = index.data(TITLE_BOLD_ROLE), index.data(DETAIL_BOLD_ROLE)
        rows.append({
            "title": title, "detail": detail,
            "title_bold": [list(r) for r in title_bold], "detail_bold": [list(r) for r in detail_bold],
            "title_bold_text": [slice_utf16(title, s, e) for s, e in title_bold],
            "detail_bold_text": [slice_utf16(detail, s, e) for s, e in detail_bold],
        })
        number += 1
    return rows


def write_rows(path: str, window) -> None:
    """Writes the window's state and visible rows to `path`, atomically."""
    display = window.session.display()
    document = {
        "unit": "utf16",
        "text": display.text,
        "scope": display.scope_titles[display.selected_scope] if display.scope_titles else None,
        "result_count": window.model.rowCount(),
        "announced": window.announcer.spoken[-1] if window.announcer.spoken else None,
        "rows": visible_rows(window.results_view),
    }
    directory = os.path.dirname(os.path.abspath(path))
    fd, temporary = tempfile.mkstemp(dir=directory, prefix=".rows-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(document, f, ensure_ascii=False, indent=1)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
