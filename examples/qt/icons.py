"""The window's few icons, from the desktop's icon theme when it has them, else drawn here, so
the example looks the same on a bare machine (no theme, no emoji font)."""
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPen, QPixmap

SIZE = 32


def _drawn(paint) -> QIcon:
    pixmap = QPixmap(SIZE, SIZE)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint(painter)
    painter.end()
    return QIcon(pixmap)


def _pen(color: QColor) -> QPen:
    pen = QPen(color, 3.0)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    return pen


def search_icon(color: QColor) -> QIcon:
    """A magnifying glass."""
    def paint(p):
        p.setPen(_pen(color))
        p.drawEllipse(QRectF(5, 5, 16, 16))
        p.drawLine(QPointF(19, 19), QPointF(27, 27))
    theme = QIcon.fromTheme("system-search")
    return theme if not theme.isNull() else _drawn(paint)


def clear_icon(color: QColor) -> QIcon:
    """A cross in a filled circle."""
    def paint(p):
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(color)
        p.drawEllipse(QRectF(4, 4, 24, 24))
        p.setPen(_pen(QColor("white")))
        p.drawLine(QPointF(11, 11), QPointF(21, 21))
        p.drawLine(QPointF(21, 11), QPointF(11, 21))
    theme = QIcon.fromTheme("edit-clear")
    return theme if not theme.isNull() else _drawn(paint)


def recent_icon(color: QColor) -> QIcon:
    """A clock face, for recent searches."""
    def paint(p):
        p.setPen(_pen(color))
        p.drawEllipse(QRectF(5, 5, 22, 22))
        p.drawLine(QPointF(16, 16), QPointF(16, 9))
        p.drawLine(QPointF(16, 16), QPointF(21, 19))
    theme = QIcon.fromTheme("document-open-recent")
    return theme if not theme.isNull() else _drawn(paint)
