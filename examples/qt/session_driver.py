"""Delivers a searchbar session's events on Qt's main thread: a QSocketNotifier watches the
session's event descriptor (readable exactly while events wait) and the queue is drained when
it fires, so the host runs no thread of its own and every event arrives where the widgets are.

With a host-clock session (searchbar.Clock.HOST) Qt also owns time: a single-shot QTimer is
armed for the session's next deadline and runs what is due (the typing delay's search, the
stall notice) on the main thread, instead of the library's timer thread."""
import math
import time

from PySide6.QtCore import QObject, QSocketNotifier, Qt, QTimer, Signal


class SessionDriver(QObject):
    """Emits `arrived` for each queued searchbar.Event, then `drained` once the queue is empty.
    `host_clock`: the session was made with Clock.HOST and this driver fires its timers."""

    arrived = Signal(object)
    drained = Signal()

    def __init__(self, session, host_clock: bool = False, parent=None):
        super().__init__(parent)
        self._session = session
        self._host_clock = host_clock
        self._notifier = QSocketNotifier(session.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self.drain)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.timeout.connect(self._run_due)

    @property
    def host_clock(self) -> bool:
        """True when Qt's loop fires the session's timers."""
        return self._host_clock

    @property
    def armed_ms(self) -> int | None:
        """Milliseconds until the QTimer runs the session's due timers; None when none is armed
        (always None with the library's clock)."""
        return self._timer.remainingTime() if self._timer.isActive() else None

    def drain(self) -> None:
        """Hands every waiting event to `arrived`, in order, then re-arms the timer."""
        for event in self._session.events(timeout=0):
            self.arrived.emit(event)
        self.schedule()
        self.drained.emit()

    def schedule(self) -> None:
        """Arms the QTimer for the session's next deadline (host clock only). Called after every
        call into the session: an edit arms the typing delay. Asking also makes the event
        descriptor unreadable again when it only signalled a timer armed on another thread."""
        if not self._host_clock:
            return
        deadline = self._session.next_deadline()
        if deadline is None:
            self._timer.stop()
        else:
            self._timer.start(max(0, math.ceil(deadline * 1000)))

    def _run_due(self) -> None:
        self._session.run_due()
        self.drain()

    def wait_for(self, predicate, timeout: float) -> bool:
        """Handles events (blocking on the queue, not spinning) until `predicate()` is true or
        `timeout` seconds passed; for the flush at exit, when the main loop no longer runs."""
        deadline = time.monotonic() + timeout
        while not predicate():
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            wait = min(left, 0.25)
            if self._host_clock:
                self._session.run_due()
                due = self._session.next_deadline()
                wait = wait if due is None else min(wait, due)
            event = self._session.next_event(timeout=wait)
            if event is not None:
                self.arrived.emit(event)
        self.drained.emit()
        return True

    def stop(self) -> None:
        """Stops watching and timing (before the session is closed)."""
        self._notifier.setEnabled(False)
        self._timer.stop()
