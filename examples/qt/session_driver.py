"""Delivers a searchbar session's events on Qt's main thread: a QSocketNotifier watches the
session's event descriptor (readable exactly while events wait) and the queue is drained when
it fires, so the host runs no thread of its own and every event arrives where the widgets are."""
from PySide6.QtCore import QObject, QSocketNotifier, Signal


class SessionDriver(QObject):
    """Emits `event` for each queued searchbar.Event, then `drained` once the queue is empty."""

    event = Signal(object)
    drained = Signal()

    def __init__(self, session, parent=None):
        super().__init__(parent)
        self._session = session
        self._notifier = QSocketNotifier(session.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self.drain)

    def drain(self) -> None:
        """Hands every waiting event to `event`, in order."""
        for event in self._session.events(timeout=0):
            self.event.emit(event)
        self.drained.emit()

    def wait_for(self, predicate, timeout: float) -> bool:
        """Handles events (blocking on the queue, not spinning) until `predicate()` is true or
        `timeout` seconds passed; for the flush at exit, when the main loop no longer runs."""
        import time
        deadline = time.monotonic() + timeout
        while not predicate():
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            event = self._session.next_event(timeout=min(left, 0.25))
            if event is not None:
                self.event.emit(event)
        self.drained.emit()
        return True

    def stop(self) -> None:
        """Stops watching (before the session is closed)."""
        self._notifier.setEnabled(False)
