"""Paints a result row: the title with its matched ranges in bold, and below it the detail line
(subtitle or keywords) smaller and dimmer, its matched ranges in bold too. Ranges come from the
model in UTF-16 code units and go to QTextLayout as they are."""
from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPalette, QTextCharFormat, QTextLayout, QTextOption
from PySide6.QtWidgets import QStyle, QStyledItemDelegate

from results_model import DETAIL_BOLD_ROLE, DETAIL_ROLE, TITLE_BOLD_ROLE, TITLE_ROLE

PADDING_X = 12
PADDING_Y = 7
LINE_GAP = 2


def _layout(text: str, font: QFont, bold_ranges, width: float) -> QTextLayout:
    """A one-line layout of `text` with `bold_ranges` (UTF-16) bold, elided by clipping."""
    layout = QTextLayout(text, font)
    bold = QTextCharFormat()
    bold.setFontWeight(QFont.Weight.Bold)
    formats = []
    for start, end in bold_ranges:
        if end > start:
            span = QTextLayout.FormatRange()
            span.start, span.length, span.format = start, end - start, bold
            formats.append(span)
    layout.setFormats(formats)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.NoWrap)
    layout.setTextOption(option)
    layout.beginLayout()
    line = layout.createLine()
    if line.isValid():
        line.setLineWidth(width)
    layout.endLayout()
    return layout


class HighlightDelegate(QStyledItemDelegate):
    """Two-line rows with bold matched ranges."""

    def _fonts(self, option):
        title = QFont(option.font)
        detail = QFont(option.font)
        detail.setPointSizeF(max(6.0, option.font.pointSizeF() * 0.85))
        return title, detail

    def sizeHint(self, option, index) -> QSize:  # noqa: N802 (Qt's name)
        title, detail = self._fonts(option)
        # Line spacing, not height: fallback fonts (CJK, Thai) stand taller than the main font.
        height = QFontMetrics(title).lineSpacing() + LINE_GAP + QFontMetrics(detail).lineSpacing() + 2 * PADDING_Y
        return QSize(1, height)  # as wide as the view: rows clip, the list never scrolls sideways

    def paint(self, painter, option, index) -> None:
        painter.save()
        style = option.widget.style() if option.widget else None
        if style is not None:
            # The row's background, selection and focus frame as the style draws them.
            self.initStyleOption(option, index)
            option.text = ""
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, option, painter, option.widget)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        group = QPalette.ColorGroup.Active if option.state & QStyle.StateFlag.State_Active else QPalette.ColorGroup.Inactive
        text_role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        title_font, detail_font = self._fonts(option)
        width = option.rect.width() - 2 * PADDING_X
        top = QPointF(option.rect.left() + PADDING_X, option.rect.top() + PADDING_Y)
        painter.setClipRect(QRectF(option.rect))

        painter.setPen(option.palette.color(group, text_role))
        title = _layout(index.data(TITLE_ROLE) or "", title_font, index.data(TITLE_BOLD_ROLE) or [], width)
        title.draw(painter, top)
        detail_text = index.data(DETAIL_ROLE) or ""
        if detail_text:
            dim = option.palette.color(group, text_role)
            if not selected:
                dim = option.palette.color(group, QPalette.ColorRole.PlaceholderText)
            painter.setPen(dim)
            detail = _layout(detail_text, detail_font, index.data(DETAIL_BOLD_ROLE) or [], width)
            # At the same offset in every row, whatever fonts the title fell back to.
            detail.draw(painter, top + QPointF(0, QFontMetrics(title_font).lineSpacing() + LINE_GAP))
        painter.restore()
