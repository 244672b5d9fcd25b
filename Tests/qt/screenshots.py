"""Screenshots of the Qt example: saved as PNG under the build folder, checked for their size
and for showing something (many colours, text-dark pixels, not one flat fill)."""
import os

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication


REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
#: Where the screenshots are kept: the build folder (SEARCHBAR_BUILD_DIR, else build/).
SCREENSHOTS = os.path.join(os.environ.get("SEARCHBAR_BUILD_DIR", os.path.join(REPO, "build")), "qt-screenshots")


def save(window, name: str) -> str:
    """Saves a picture of `window` (QWidget.grab()) as SCREENSHOTS/name.png and checks it: the
    window's size in device pixels, and a real picture of it."""
    os.makedirs(SCREENSHOTS, exist_ok=True)
    path = os.path.join(SCREENSHOTS, f"{name}.png")
    QApplication.processEvents()  # the layout a change asked for, as the user sees it a moment later
    assert window.grab().toImage().save(path), path
    image = QImage(path)
    ratio = window.devicePixelRatioF()
    assert (image.width(), image.height()) == (round(window.width() * ratio), round(window.height() * ratio))
    check(image)
    return path


def check(image: QImage) -> None:
    """At least 480x360 pixels; not blank: many distinct colours and some dark (text) pixels."""
    assert not image.isNull()
    assert image.width() >= 480 and image.height() >= 360, (image.width(), image.height())
    colours = set()
    dark = 0
    samples = 0
    for y in range(0, image.height(), 3):
        for x in range(0, image.width(), 3):
            rgb = image.pixel(x, y) & 0xFFFFFF
            colours.add(rgb)
            samples += 1
            if sum((rgb >> shift) & 0xFF for shift in (0, 8, 16)) < 3 * 96:
                dark += 1
    assert len(colours) > 40, f"only {len(colours)} colours: a blank window?"
    assert dark > samples // 2000, f"{dark} dark pixels of {samples}: no text?"
