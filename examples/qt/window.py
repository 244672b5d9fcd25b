"""The search window: a searchbar.Session drawn with Qt widgets. The session owns the state
(text, scope, buttons, suggestions, recents, timing, results); this class forwards what the
user does and draws what the session's display state says after every change and event."""
from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QAbstractItemView, QHBoxLayout, QLabel, QLineEdit, QListView, QListWidget,
                               QListWidgetItem, QPushButton, QSizePolicy, QVBoxLayout, QWidget)

import searchbar
import icons
from announcer import Announcer
from highlight_delegate import HighlightDelegate
from results_model import ResultsModel
from scope_bar import ScopeBar
from search_field import SearchField, edit_between
from session_driver import SessionDriver

#: The clock that lets Qt's loop fire the session's timers (None with a binding without it).
HOST_CLOCK = getattr(getattr(searchbar, "Clock", None), "HOST", None)
#: Qt's QWIDGETSIZE_MAX: no maximum size.
QWIDGETSIZE_MAX = (1 << 24) - 1
#: Results asked of the index per search (the list scrolls through them).
LIMIT = 200
#: Suggestion rows shown above the results while typing (all of them while the field is empty).
SUGGESTIONS_WHILE_TYPING = 3

STYLE = """
QWidget#window { background: palette(window); }
QLineEdit#field { padding: 6px 8px; border: 1px solid palette(mid); border-radius: 8px;
    background: palette(base); font-size: 15px; }
QLineEdit#field:focus { border: 2px solid palette(highlight); }
QLabel#heading { color: palette(placeholder-text); font-size: 11px; font-weight: bold; }
QLabel#prompt, QLabel#status { color: palette(placeholder-text); }
QListView { border: 1px solid palette(midlight); border-radius: 6px; background: palette(base); }
QListWidget::item { padding: 3px 4px; }
"""


class SearchWindow(QWidget):
    """A search bar with a scope bar, suggestions and a results list over `index`. `timers`:
    "host" (Qt's loop fires the session's timers, when the binding has Clock.HOST) or "library"
    (the library's timer thread does; events still reach Qt through the descriptor)."""

    def __init__(self, index, scope_titles, *, recents_directory=None, host_suggestions=(), prompt="",
                 locale=None, timers="host", parent=None):
        super().__init__(parent)
        self.setObjectName("window")
        self.setWindowTitle("searchbar — Qt")
        self.setStyleSheet(STYLE)
        self.resize(680, 600)
        host_clock = timers == "host" and HOST_CLOCK is not None
        options = {"clock": HOST_CLOCK} if host_clock else {}
        self.session = searchbar.Session(index, locale=locale, recents_directory=recents_directory, **options)
        self._configure(scope_titles, host_suggestions, prompt)
        self.delivered_generation = 0
        #: (text, scope) of the query whose results the list shows; None when it shows none.
        self.results_for: tuple[str, int] | None = None
        self.message = ""
        self._build()
        self.driver = SessionDriver(self.session, host_clock, self)
        self.driver.arrived.connect(self._on_event)
        self.driver.drained.connect(self.refresh)
        self.refresh()

    def _configure(self, scope_titles, host_suggestions, prompt):
        s = self.session
        s.placeholder = "Search"
        s.prompt = prompt
        s.scope_titles = scope_titles
        s.autocapitalization = "none"
        s.timing = {"delay_ms": 60}
        s.set_recents_name("qt")
        s.set_host_suggestions(list(host_suggestions), before_typing=True)
        s.set_search_options(limit=LIMIT)

    # -- widgets -----------------------------------------------------------------------------------

    def _build(self):
        layout = self._layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 12, 14, 10)
        layout.setSpacing(8)
        self.prompt_label = QLabel(self, objectName="prompt")
        self.prompt_label.setWordWrap(True)
        layout.addWidget(self.prompt_label)

        bar = QHBoxLayout()
        self.field = SearchField(self)
        self.field.setObjectName("field")
        dim = self.palette().placeholderText().color()
        self.field.addAction(icons.search_icon(dim), QLineEdit.ActionPosition.LeadingPosition)
        self.clear_action = QAction(icons.clear_icon(dim), "Clear", self.field)
        self.clear_action.setToolTip("Clear")
        self._recent_icon, self._suggestion_icon = icons.recent_icon(dim), icons.search_icon(dim)
        self.clear_action.triggered.connect(self.clear)
        self.field.addAction(self.clear_action, QLineEdit.ActionPosition.TrailingPosition)
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setAccessibleName("Cancel search")
        self.cancel_button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.cancel_button.clicked.connect(self.cancel)
        bar.addWidget(self.field, 1)
        bar.addWidget(self.cancel_button)
        layout.addLayout(bar)

        self.scope_bar = ScopeBar(self)
        self.scope_bar.scope_clicked.connect(self.select_scope)
        layout.addWidget(self.scope_bar)

        self.suggestions_heading = QLabel(self, objectName="heading")
        layout.addWidget(self.suggestions_heading)
        self.suggestions_list = QListWidget(self)
        self.suggestions_list.setAccessibleName("Suggestions")
        self.suggestions_list.setIconSize(QSize(16, 16))
        self.suggestions_list.itemActivated.connect(lambda item: self.choose_suggestion(self.suggestions_list.row(item)))
        layout.addWidget(self.suggestions_list)

        self.model = ResultsModel(self)
        self.results_view = QListView(self)
        self.results_view.setAccessibleName("Search results")
        self.results_view.setModel(self.model)
        self.results_view.setItemDelegate(HighlightDelegate(self.results_view))
        self.results_view.setUniformItemSizes(True)
        self.results_view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.results_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.results_view.activated.connect(lambda index: self.choose_result(index.row()))
        self.results_view.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        layout.addWidget(self.results_view, 1)

        self.status_label = QLabel(self, objectName="status")
        self.status_label.setAccessibleDescription("Result count")
        layout.addWidget(self.status_label)
        self.announcer = Announcer(self.results_view, self.status_label)

        self.field.edited.connect(self.edit)
        self.field.composing.connect(self.compose)
        self.field.next_scope.connect(lambda: self.step_scope(1))
        self.field.previous_scope.connect(lambda: self.step_scope(-1))
        self.field.escape.connect(self.escape)
        self.field.move_down.connect(self.enter_lists)
        self.field.submitted.connect(self.submit)
        self.field.backspace_at.connect(self.backspace)
        self.field.delete_at.connect(self.delete_forward)
        self.field.installEventFilter(self)
        self.suggestions_list.installEventFilter(self)
        self.results_view.installEventFilter(self)
        quit_action = QAction("Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        self.addAction(quit_action)
        self.field.setFocus()

    # -- what the user does --------------------------------------------------------------------------

    def edit(self, composed: str) -> None:
        """The field changed: the same change goes to the session as one replacement (str
        indexes; the binding makes them UTF-8 offsets). A vetoed or rewritten edit puts the
        session's text back in the field."""
        start, end, replacement = edit_between(self.session.text, composed)
        if start != end or replacement:
            if not self.session.display().is_editing:
                self.session.begin_editing()  # typing again after Escape dismissed the search
            self.session.replace(start, end, replacement)
        self.refresh()

    def compose(self, committed: str, at: int, preedit: str, commit: str) -> None:
        """An input method composes `preedit` at str index `at` of the field's `committed` text,
        or commits `commit`: the pre-edit becomes the session's marked text (UIKit's
        setMarkedText), searched as it is composed, and a commit replaces it and unmarks it."""
        s = self.session
        if not hasattr(s, "set_marked_text"):  # a binding without marked text: plain edits
            self.edit(committed[:at] + preedit + committed[at:])
            return
        if not s.display().is_editing:
            s.begin_editing()
        marked = s.marked_range
        if marked and commit:
            s.set_marked_text(commit)  # the commit replaces what was being composed
            s.unmark_text()
            marked = None
        text = s.text
        unmarked = text[:marked[0]] + text[marked[1]:] if marked else text
        if unmarked != committed:  # a commit with nothing composed before it, or a replacement
            if marked:
                s.set_marked_text("")
                marked = None
            start, end, replacement = edit_between(s.text, committed)
            s.replace(start, end, replacement)
        if preedit:
            if marked:
                s.set_marked_text(preedit)
            else:
                s.set_marked_text(preedit, at, at)
        elif marked:
            s.set_marked_text("")  # the input method dropped the composition
        self.refresh()

    def backspace(self, at: int) -> None:
        """Backspace at str index `at`: the session deletes the user-perceived character before
        it (a flag, an emoji sequence, a letter with its marks, an Indic conjunct: Qt alone
        would delete one code point of some of them) or, on an empty field, the last token."""
        before = self.session.text
        self.session.backspace(at=at if before else None)
        self.field.show_text(self.session.text, max(0, at - (len(before) - len(self.session.text))))
        self.refresh()

    def delete_forward(self, at: int) -> None:
        """Delete at str index `at`: the session deletes the user-perceived character after it."""
        if at < len(self.session.text):
            self.session.delete_forward(at)
        self.field.show_text(self.session.text, at)
        self.refresh()

    def step_scope(self, step: int) -> None:
        """Tab / Shift+Tab: the next or previous scope, wrapping."""
        titles = self.session.scope_titles
        if titles:
            self.select_scope((self.session.selected_scope + step) % len(titles))

    def select_scope(self, index: int) -> None:
        """The user picked scope `index` (a click or Tab); the session searches it."""
        self.session.select_scope(index)
        self.field.setFocus()
        self.refresh()

    def escape(self) -> None:
        """Escape clears the text and tokens; on an empty field it cancels the search (the
        field stays focused, so the next key starts a new search)."""
        display = self.session.display()
        if display.text or display.tokens:
            self.clear()
        else:
            self.cancel()

    def clear(self) -> None:
        """The clear button: text and tokens removed."""
        self.session.clear()
        self._clear_results()
        self.field.setFocus()
        self.refresh()

    def cancel(self) -> None:
        """The Cancel button: the search is dismissed (text, tokens and results gone)."""
        self.session.cancel()
        self._clear_results()
        self.field.setFocus()
        self.refresh()

    def submit(self) -> None:
        """Return in the field: the search is submitted and joins the recent searches."""
        self.session.submit()
        self.message = f"Searched for “{self.session.text}”"
        self.refresh()

    def choose_result(self, row: int) -> None:
        """Return or a double click on a result."""
        chosen = self.model.row(row)
        self.session.choose_result(chosen.item_id)
        self.message = f"Chose {chosen.title}"
        self.refresh()

    def choose_suggestion(self, row: int) -> None:
        """Return or a double click on a suggestion or recent search."""
        self.session.choose_suggestion(row)
        self.field.setFocus()
        self.field.end(False)
        self.refresh()

    def enter_lists(self) -> None:
        """Down from the field: the first suggestion, else the first result."""
        for view in (self.suggestions_list, self.results_view):
            if view.isVisible() and view.model().rowCount() > 0:
                view.setFocus()
                view.setCurrentIndex(view.model().index(0, 0))
                return

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        kind = event.type()
        if watched is self.field and kind == QEvent.Type.FocusIn:
            self.session.begin_editing()
            self.refresh()
        elif watched is self.field and kind == QEvent.Type.FocusOut:
            self.session.end_editing()
            self.refresh()
        elif kind == QEvent.Type.KeyPress and watched in (self.suggestions_list, self.results_view):
            return self._list_key(watched, event)
        return super().eventFilter(watched, event)

    def _list_key(self, view, event) -> bool:
        """Up from the first row goes back to the field, Down from the last suggestion to the
        results; Escape returns to the field; typing goes on in the field."""
        row = view.currentIndex().row()
        key = event.key()
        if key == Qt.Key.Key_Up and row <= 0:
            self.field.setFocus()
            return True
        if key == Qt.Key.Key_Down and view is self.suggestions_list and row == view.count() - 1 \
                and self.model.rowCount():
            self.results_view.setFocus()
            self.results_view.setCurrentIndex(self.model.index(0, 0))
            return True
        if key == Qt.Key.Key_Escape:
            self.field.setFocus()
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and row >= 0:
            if view is self.results_view:
                self.choose_result(row)
            else:
                self.choose_suggestion(row)
            return True
        if event.text() and event.text().isprintable() and not event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier:
            self.field.setFocus()
            self.field.insert(event.text())
            return True
        return False

    # -- what the session says -------------------------------------------------------------------------

    def _on_event(self, event) -> None:
        if event.kind == "results_ready":
            generation, hits = self.session.hits()
            self.delivered_generation = max(self.delivered_generation, generation)
            query = self.session.query(generation)
            if query is not None:
                self.results_for = (query.text, query.scope)
            self.model.set_hits(hits)
            if self.model.rowCount():
                self.results_view.scrollToTop()
            if self.session.text or self.session.display().tokens:
                self.announcer.announce(self._count_text(hits))
        elif event.kind in ("clear", "cancel_button"):
            self._clear_results()
        elif event.kind == "search_stalled":
            self.status_label.setText("Searching…")
        elif event.kind == "error":
            self.message = f"Error: {event.text}"

    def _clear_results(self) -> None:
        """Empties the list: the results of no query are shown."""
        self.model.clear()
        self.results_for = None

    @staticmethod
    def _count_text(hits) -> str:
        total = getattr(hits, "total", len(hits))
        exact = getattr(hits, "total_is_exact", True)
        if not hits:
            return "No results"
        return f"{total:,}{'' if exact else '+'} result{'' if total == 1 else 's'}"

    def refresh(self) -> None:
        """Draws the session's display state: text, placeholder, prompt, buttons, scope bar,
        suggestions."""
        self.driver.schedule()  # after every call into the session: an edit arms the typing delay
        d = self.session.display()
        self.field.show_text(d.text)
        self.field.setPlaceholderText(d.placeholder)
        self.prompt_label.setText(d.prompt)
        self.prompt_label.setVisible(d.shows_prompt and bool(d.prompt))
        self.clear_action.setVisible(d.shows_clear_button or bool(self.field.preedit))
        self.cancel_button.setVisible(d.shows_cancel_button)
        self.scope_bar.set_titles(d.scope_titles)
        self.scope_bar.set_selected(d.selected_scope)
        self.scope_bar.setVisible(d.shows_scope_bar and len(d.scope_titles) > 1)
        empty_field = not d.text and not d.tokens
        if empty_field and self.results_for is not None:
            self._clear_results()  # no query, no results (the field was emptied by editing)
        self._show_suggestions(empty_field)
        if empty_field:
            self.status_label.setText(self.message or "Type to search")
        elif d.is_stalled:
            self.status_label.setText("Searching…")
        elif self.results_for is None:
            self.status_label.setText("")  # until the first results of this text arrive

    def _show_suggestions(self, empty_field: bool) -> None:
        suggestions = self.session.suggestions()
        shown = suggestions if empty_field else suggestions[:SUGGESTIONS_WHILE_TYPING]
        titles = [s.title for s in shown]
        current = [self.suggestions_list.item(k).text() for k in range(self.suggestions_list.count())]
        if titles != current:
            self.suggestions_list.clear()
            for s in shown:
                item = QListWidgetItem(self._recent_icon if s.source == "recent" else self._suggestion_icon, s.title)
                item.setData(Qt.ItemDataRole.AccessibleTextRole,
                             f"{'Recent search' if s.source == 'recent' else 'Suggestion'}: {s.title}")
                self.suggestions_list.addItem(item)
        rows = self.suggestions_list.count()
        self.suggestions_heading.setText("Recent searches and suggestions" if empty_field else "Suggestions")
        self.suggestions_heading.setVisible(rows > 0)
        self.suggestions_list.setVisible(rows > 0)
        self.results_view.setVisible(not empty_field)
        layout = self._layout
        if empty_field:
            # The list fills the window, as the results will.
            self.suggestions_list.setMinimumHeight(0)
            self.suggestions_list.setMaximumHeight(QWIDGETSIZE_MAX)
            layout.setStretchFactor(self.suggestions_list, 1)
        elif rows:
            # A few rows above the results, exactly as tall as they are.
            frame = 2 * self.suggestions_list.frameWidth()
            self.suggestions_list.setFixedHeight(self.suggestions_list.sizeHintForRow(0) * rows + frame)
            layout.setStretchFactor(self.suggestions_list, 0)

    # -- closing -------------------------------------------------------------------------------------

    def flush(self, timeout: float = 30.0) -> bool:
        """Searches the current text now and waits (on the event queue) until its results are
        delivered: what --dump-rows does before writing, whatever the typing delay left."""
        if not self.session.text:
            return True
        generation = self.session.search_now()
        return self.driver.wait_for(lambda: self.delivered_generation >= generation, timeout)

    def shutdown(self) -> None:
        """Stops watching the session and frees it (the index belongs to the caller)."""
        for watched in (self.field, self.suggestions_list, self.results_view):
            watched.removeEventFilter(self)
        self.field.edited.disconnect(self.edit)
        self.field.composing.disconnect(self.compose)
        self.driver.stop()
        self.session.close()
