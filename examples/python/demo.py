#!/usr/bin/env python3
"""searchbar demo: an interactive terminal search bar over a built-in multilingual dataset.

A real host of the library: it uses only the public Python binding (searchbar.Index,
searchbar.Session, searchbar.sample_items), the way a GTK, Qt or game UI would.

The dataset is built on first run from data ICU itself carries (Unicode character names and
emoji, language and country names in ~100 locales, time-zone cities, currency names) and
cached; --file uses your own items instead (one per line, or TSV: title, subtitle, scope,
keywords, weight; a larger weight ranks first among equal hits).

Keys: type to search · Tab / Shift-Tab scope · Up/Down select · Enter submit or choose ·
Esc cancel · Ctrl-U clear · F2 / Ctrl-T match mode · F3 / Ctrl-L locale · Ctrl-C quit.
F3 rebuilds the index for the next locale on a thread: typing keeps searching the current index
until the new one replaces it.

    python3 examples/python/demo.py [--file ITEMS] [--locale L] [--state-dir DIR]
"""
import argparse
import curses
import locale as system_locale
import math
import os
import selectors
import signal
import sys
import tempfile
import threading
import time
import unicodedata

import searchbar

MODES = ["prefix", "contains", "fuzzy"]
LOCALES = ["und", "en", "de", "sv", "tr", "es", "ja", "zh", "ko", "ar", "ru"]
# The queries the prompt suggests; the README's suggestions and Tests/demo check what each finds.
PROMPT = "Try zur, 東京, weiss — search characters, emoji, languages, countries, time zones, currencies"
# Offered before typing: each finds itself in the built-in dataset (Tests/demo checks).
HOST_SUGGESTIONS = ["Zürich", "東京", "São Paulo", "Ελλάδα", "😀"]
BATCH = 20000


# -- text measurement on a terminal --------------------------------------------------------------

def char_width(ch):
    """Columns a character takes: 0 for combining marks and format characters, 2 for wide."""
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def clip(text, columns):
    """The longest prefix of `text` fitting in `columns`, and its width."""
    used = 0
    for i, ch in enumerate(text):
        w = char_width(ch)
        if used + w > columns:
            return text[:i], used
        used += w
    return text, used


def previous_grapheme(text, index):
    """Start of the character before `index`, keeping combining marks with their base."""
    i = max(0, index - 1)
    while i > 0 and char_width(text[i]) == 0:
        i -= 1
    return i


def next_grapheme(text, index):
    i = min(len(text), index + 1)
    while i < len(text) and char_width(text[i]) == 0:
        i += 1
    return i


# -- the dataset -------------------------------------------------------------------------------------

def cache_path():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    # "-2": the second layout of the file, with the weight column.
    return os.path.join(base, "searchbar", f"demo-items-2-{searchbar.version}.tsv")


def write_atomically(path, lines):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".demo-items-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.writelines(lines)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def clean(field):
    return field.replace("\t", " ").replace("\n", " ")


def builtin_items():
    """The ICU-derived dataset, built on first run and cached (scope + 1: bar index 0 is All)."""
    path = cache_path()
    if not os.path.exists(path):
        items = searchbar.sample_items()
        write_atomically(path, (f"{clean(i['title'])}\t{clean(i['subtitle'])}\t{i['scope']}\t{clean(i['keywords'])}"
                                f"\t{i['weight']:g}\n" for i in items))
    return read_items(path), ["All"] + searchbar.SAMPLE_SCOPES


def read_items(path):
    """Items from a file: one title per line, or TSV title, subtitle, scope[, keywords[, weight]]."""
    items = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            fields = line.rstrip("\n").split("\t")
            if not fields[0]:
                continue
            scope = int(fields[2]) + 1 if len(fields) > 2 and fields[2].isdigit() else 0
            items.append({"id": number, "title": fields[0], "subtitle": fields[1] if len(fields) > 1 else "",
                          "scope": scope, "keywords": fields[3] if len(fields) > 3 else "",
                          "weight": weight(fields[4]) if len(fields) > 4 else 0.0})
    return items


def weight(field):
    """A weight column's value; 0 where it is not a finite number."""
    try:
        value = float(field)
    except ValueError:
        return 0.0
    return value if math.isfinite(value) else 0.0


def build_index(items, locale, cancelled=lambda: False, pause=0.0):
    """An index of `items` for `locale` ("und": none), added in batches with `pause` seconds
    between them; None when `cancelled()` turns true between two batches."""
    index = searchbar.Index(locale=None if locale == "und" else locale)
    for start in range(0, len(items), BATCH):
        if start and pause:
            time.sleep(pause)
        if cancelled():
            index.close()
            return None
        index.add(items[start:start + BATCH])
    return index


class Rebuild:
    """One index build on a thread of its own, so the terminal keeps answering keys. When it
    ends it writes a byte to `wake_fd`, which the event loop waits on."""

    def __init__(self, items, locale, wake_fd, pause=0.0):
        self.locale = locale
        self.pause = pause
        self.index = None
        self.error = None
        self.started = time.perf_counter()
        self.milliseconds = 0.0
        self._cancel = threading.Event()
        self._finished = threading.Event()
        self._wake_fd = wake_fd
        self._thread = threading.Thread(target=self._run, args=(items,), name="demo-index-build", daemon=True)
        self._thread.start()

    def _run(self, items):
        try:
            self.index = build_index(items, LOCALES[self.locale], self._cancel.is_set, self.pause)
        except Exception as error:  # noqa: BLE001 (reported on the status line)
            self.error = error
        self.milliseconds = (time.perf_counter() - self.started) * 1000
        self._finished.set()  # before the wake-up: the loop may look as soon as the byte arrives
        try:
            os.write(self._wake_fd, b"x")
        except OSError:
            pass

    def done(self):
        """True once the index (or the error) is ready to take."""
        return self._finished.is_set()

    def cancel(self):
        """Stops after the batch being added (at most BATCH items) and frees what was built."""
        self._cancel.set()
        self._thread.join()
        if self.index is not None:
            self.index.close()
            self.index = None


# -- the application -------------------------------------------------------------------------------

class Demo:
    def __init__(self, screen, items, scope_titles, locale, state_dir, prompt=PROMPT, rebuild_pause=0.0):
        self.screen = screen
        self.rebuild_pause = rebuild_pause
        self.items = items
        self.subtitles = {item["id"]: item["subtitle"] for item in items}
        self.scope_titles = scope_titles
        self.state_dir = state_dir
        self.prompt = prompt
        self.mode = 0
        self.locale = LOCALES.index(locale) if locale in LOCALES else 0
        self.cursor = 0
        self.selected = -1  # -1: the text field; 0..: suggestions then results
        self.hits = []
        self.generation = 0
        self.issued_at = {}
        self.latency_ms = None
        self.message = ""
        self.index = None
        self.session = None
        self.index_locale = self.locale  # the locale of the index being searched
        self.rebuild = None  # a Rebuild while F3's new index is being built
        self.drawn_size = None
        self.selector = selectors.DefaultSelector()
        self.wake_read, self.wake_write = os.pipe()
        os.set_blocking(self.wake_read, False)
        self.selector.register(self.wake_read, selectors.EVENT_READ, "rebuilt")
        # The first index is built before the first screen: there is nothing to search yet.
        self.status(f"Indexing {len(self.items):,} items for locale {LOCALES[self.locale]} ...")
        started = time.perf_counter()
        index = build_index(self.items, LOCALES[self.locale])
        self.attach(index, self.locale, (time.perf_counter() - started) * 1000)

    # -- index and session ---------------------------------------------------------------------

    def attach(self, index, locale, build_ms):
        """Searches `index` (built for LOCALES[locale]) from now on: a new session on it takes
        over the text, cursor and scope, and the previous session and index are freed."""
        text = self.session.text if self.session else ""
        scope = self.session.selected_scope if self.session else 0
        old_session, old_index = self.session, self.index
        if old_session:
            self.selector.unregister(old_session.fileno())
            old_session.close()
        if old_index:
            old_index.close()
        name = LOCALES[locale]
        self.index, self.index_locale = index, locale
        self.session = searchbar.Session(self.index, locale=None if name == "und" else name,
                                         recents_directory=self.state_dir)
        self.session.placeholder = "Search"
        self.session.prompt = self.prompt
        self.session.scope_titles = self.scope_titles
        self.session.selected_scope = scope
        self.session.timing = {"delay_ms": 60}
        self.session.set_recents_name("demo")
        self.session.set_host_suggestions(HOST_SUGGESTIONS, before_typing=True)
        self.session.set_search_options(mode=MODES[self.mode], limit=200)
        self.session.begin_editing()
        if text:
            self.session.text = text
        self.cursor = min(self.cursor, len(text))
        self.issued_at = {}
        self.selector.register(self.session.fileno(), selectors.EVENT_READ, "events")
        self.message = f"indexed {len(self.index):,} items for locale {name} in {build_ms:,.0f} ms"

    def switch_locale(self):
        """F3: the next locale. Its index is built on a thread; until it is ready the current
        index keeps answering. Pressing F3 again meanwhile picks the locale after that one."""
        self.locale = (self.locale + 1) % len(LOCALES)
        if self.rebuild is None:
            self.rebuild = Rebuild(self.items, self.locale, self.wake_write, self.rebuild_pause)

    def rebuilt(self):
        """The build thread has finished: use its index, or build again if F3 moved on."""
        try:
            while os.read(self.wake_read, 64):
                pass
        except BlockingIOError:
            pass
        rebuild = self.rebuild
        if rebuild is None or not rebuild.done():
            return
        self.rebuild = None
        if rebuild.error is not None:
            self.message = f"error: indexing for locale {LOCALES[rebuild.locale]} failed: {rebuild.error}"
            self.locale = self.index_locale
        elif rebuild.locale != self.locale:
            rebuild.index.close()
            self.rebuild = Rebuild(self.items, self.locale, self.wake_write, self.rebuild_pause)
        else:
            self.attach(rebuild.index, rebuild.locale, rebuild.milliseconds)

    def close(self):
        if self.rebuild is not None:
            self.rebuild.cancel()
            self.rebuild = None
        if self.session:
            self.session.close()
        if self.index:
            self.index.close()
        self.selector.close()
        os.close(self.wake_read)
        os.close(self.wake_write)

    # -- input -----------------------------------------------------------------------------------

    def entries(self):
        """What Up/Down moves through: suggestions first, then results."""
        return [("suggestion", s) for s in self.suggestions[:5]] + [("hit", h) for h in self.hits]

    def key(self, key):
        s = self.session
        text = s.text
        self.cursor = min(self.cursor, len(text))
        if isinstance(key, str) and key in ("\n", "\r"):
            self.enter()
        elif key == "\x1b":
            s.cancel()
            self.cursor, self.selected, self.hits = 0, -1, []
            s.begin_editing()
        elif key == "\t":
            s.select_scope((s.selected_scope + 1) % len(self.scope_titles))
        elif key == curses.KEY_BTAB:
            s.select_scope((s.selected_scope - 1) % len(self.scope_titles))
        elif key in (curses.KEY_BACKSPACE, "\x7f", "\b"):
            if self.cursor > 0:
                start = previous_grapheme(text, self.cursor)
                s.delete(start, self.cursor)
                self.cursor = start
            else:
                s.backspace()
        elif key == curses.KEY_DC:
            if self.cursor < len(text):
                s.delete(self.cursor, next_grapheme(text, self.cursor))
        elif key == curses.KEY_LEFT:
            self.cursor = previous_grapheme(text, self.cursor)
        elif key == curses.KEY_RIGHT:
            self.cursor = next_grapheme(text, self.cursor)
        elif key in (curses.KEY_HOME, "\x01"):
            self.cursor = 0
        elif key in (curses.KEY_END, "\x05"):
            self.cursor = len(text)
        elif key == curses.KEY_UP:
            self.selected = max(-1, self.selected - 1)
        elif key == curses.KEY_DOWN:
            self.selected = min(len(self.entries()) - 1, self.selected + 1)
        elif key == "\x15":
            s.clear()
            self.cursor, self.selected = 0, -1
        elif key in (curses.KEY_F2, "\x14"):
            self.mode = (self.mode + 1) % len(MODES)
            s.set_search_options(mode=MODES[self.mode], limit=200)
        elif key in (curses.KEY_F3, "\x0c"):
            self.switch_locale()
        elif key == curses.KEY_RESIZE:
            self.drawn_size = None  # draw() repaints the whole screen at the new size
        elif isinstance(key, str) and key.isprintable():
            if s.insert(key, at=self.cursor):
                self.cursor += len(key)
            self.selected = -1

    def enter(self):
        entries = self.entries()
        if 0 <= self.selected < len(entries):
            kind, value = entries[self.selected]
            if kind == "suggestion":
                self.session.choose_suggestion(self.selected)
                self.cursor = len(self.session.text)
            else:
                self.session.choose_result(value.id)
                self.message = f"chose {value.title}"
            self.selected = -1
        else:
            self.session.submit()
            self.message = f"submitted {self.session.text!r}"

    def drain_events(self):
        for event in self.session.events(timeout=0):
            if event.kind == "update_search_results":
                self.issued_at[event.generation] = time.perf_counter()
            elif event.kind == "results_ready":
                self.generation, self.hits = self.session.hits()
                issued = self.issued_at.pop(event.generation, None)
                if issued is not None:
                    self.latency_ms = (time.perf_counter() - issued) * 1000
                self.selected = min(self.selected, len(self.entries()) - 1)
            elif event.kind in ("clear", "cancel_button"):
                self.hits = []
            elif event.kind == "error":
                self.message = f"error: {event.text}"

    # -- drawing -----------------------------------------------------------------------------------

    def put(self, y, x, text, attr=0, width=None):
        rows, cols = self.screen.getmaxyx()
        if y >= rows or x >= cols:
            return 0
        room = (cols - x - 1) if width is None else min(width, cols - x - 1)
        shown, used = clip(text, room)
        try:
            self.screen.addstr(y, x, shown, attr)
        except curses.error:
            pass
        return used

    def put_highlighted(self, y, x, text, ranges, attr=0):
        """Draws `text` with the matched ranges in reverse video."""
        _rows, cols = self.screen.getmaxyx()
        marks = [False] * len(text)
        for start, end in ranges:
            for k in range(max(0, start), min(end, len(text))):
                marks[k] = True
        k = 0
        while k < len(text) and x < cols - 1:
            j = k
            while j < len(text) and marks[j] == marks[k]:
                j += 1
            x += self.put(y, x, text[k:j], attr | (curses.A_REVERSE if marks[k] else 0))
            k = j
        return x

    def status(self, text):
        rows, _ = self.screen.getmaxyx()
        self.screen.erase()
        self.put(rows - 1, 0, text, curses.A_BOLD)
        self.screen.refresh()

    def follow_terminal_size(self):
        """Takes the terminal's size from the terminal itself, so a resize is followed even where
        SIGWINCH does not reach curses (a blocked or ignored signal)."""
        try:
            size = os.get_terminal_size(sys.stdout.fileno())
        except OSError:
            return
        if (size.lines, size.columns) != self.screen.getmaxyx():
            curses.resizeterm(size.lines, size.columns)

    def draw(self):
        scr = self.screen
        self.follow_terminal_size()
        rows, cols = scr.getmaxyx()
        if (rows, cols) != self.drawn_size:
            # After a resize the terminal may have reflowed what it showed: repaint every cell.
            scr.clear()
            self.drawn_size = (rows, cols)
        else:
            scr.erase()
        d = self.session.display()
        self.suggestions = self.session.suggestions()
        if d.shows_prompt:
            self.put(0, 0, d.prompt, curses.A_DIM)
        # The field: tokens, text or placeholder, clear indicator, Cancel.
        x = self.put(1, 0, "🔍 ")
        for token in d.tokens:
            x += self.put(1, x, f"[{token.label}] ", curses.A_BOLD)
        field_x = x
        if d.shows_placeholder:
            self.put(1, x, d.placeholder, curses.A_DIM)
        else:
            self.put(1, x, d.text, curses.A_UNDERLINE)
        right = []
        if d.shows_clear_button:
            right.append("⊗")
        for item in d.trailing_items:
            right.append(item.title)
        right_text = "  ".join(right)
        self.put(1, max(x + 1, cols - 2 - sum(char_width(c) for c in right_text)), right_text, curses.A_BOLD)
        if d.shows_scope_bar:
            self.draw_scope_bar(2, cols, d.scope_titles, d.selected_scope)
        # Suggestions (recents before typing), then results, above the message and status lines.
        last_row = rows - 2
        y = 4
        entries = self.entries()
        heading = "Recent searches and suggestions" if not d.text and not d.tokens else "Suggestions"
        if self.suggestions:
            self.put(y - 1, 0, heading, curses.A_DIM)
        for n, (kind, value) in enumerate(entries):
            if y >= last_row:
                break
            attr = curses.A_STANDOUT if n == self.selected else 0
            if kind == "suggestion":
                self.put(y, 2, f"↳ {value.title}  ({value.source})", attr)
                y += 1
                if n + 1 < len(entries) and entries[n + 1][0] == "hit":
                    y += 1
            else:
                self.draw_hit(y, value, attr, n == self.selected)
                y += 1
        if d.text and not self.hits and not d.is_searching and y < last_row:
            self.put(y, 2, "No results", curses.A_DIM)
        if self.message:
            self.put(rows - 2, 0, " " + self.message, curses.A_DIM)
        self.put(rows - 1, 0, self.status_text(d, cols), curses.A_REVERSE)
        # The cursor in the field.
        before = d.text[:self.cursor] if not d.shows_placeholder else ""
        cursor_x = field_x + sum(char_width(c) for c in before)
        try:
            scr.move(1, min(cursor_x, cols - 1))
        except curses.error:
            pass
        scr.refresh()

    def draw_hit(self, y, hit, attr, selected):
        """A result row: the title, then the matched subtitle or keywords (or else the item's
        subtitle), each with its matched ranges in reverse video."""
        x = self.put(y, 2, "› " if selected else "  ", attr)
        x = self.put_highlighted(y, 2 + x, hit.title, hit.highlights if hit.field == "title" else [], attr)
        if hit.field != "title":
            self.put_highlighted(y, x + 2, hit.text, hit.highlights, curses.A_DIM)
        else:
            self.put(y, x + 2, self.index_subtitle(hit.id), curses.A_DIM)

    def draw_scope_bar(self, y, cols, titles, selected):
        """The scope titles in one row; when they do not fit, the row scrolls so the selected
        one shows, with ‹ and › where titles are hidden."""
        labels = [f" {title} " for title in titles]
        widths = [sum(char_width(c) for c in label) + 1 for label in labels]  # + the gap after it
        end = cols - 1
        x = first = 0
        if sum(widths) - 1 > end:
            end -= 2  # room for " ›"
            first = selected
            while first > 0 and sum(widths[first - 1:selected + 1]) - 1 <= end - 2:  # and for "‹ "
                first -= 1
            if first > 0:
                x = self.put(y, 0, "‹ ", curses.A_DIM)
        shown = first
        for i in range(first, len(labels)):
            if x + widths[i] - 1 > end:
                break
            x += self.put(y, x, labels[i], curses.A_REVERSE if i == selected else 0) + 1
            shown = i + 1
        if shown < len(labels):
            self.put(y, end + 1, "›", curses.A_DIM)

    def status_text(self, d, cols):
        """The status line, fitted to `cols`: the result count, state, mode and locale always,
        the rest while it fits."""
        latency = f"{self.latency_ms:.1f} ms" if self.latency_ms is not None else "-"
        state = []
        if self.rebuild is not None:
            state.append(f"indexing {LOCALES[self.locale]}…")
        elif d.is_stalled:
            state.append("searching…")
        mode, locale = MODES[self.mode], LOCALES[self.index_locale]
        fits = lambda parts: sum(char_width(c) for c in " " + " · ".join(parts)) <= cols - 1  # noqa: E731
        count = f"{d.result_count} result{'' if d.result_count == 1 else 's'}"
        for essential in ([count, *state, latency, f"mode {mode} (F2)", f"locale {locale} (F3)"],
                          [count, *state, latency, f"{mode} F2", f"{locale} F3"],
                          [count, *state, f"{mode} F2", f"{locale} F3"]):
            if fits(essential):
                break
        parts = list(essential)
        for extra in (f"gen {d.generation}", "Tab scope", "Enter submit", "Esc cancel"):
            if fits(parts + [extra]):
                parts.append(extra)
        return " " + " · ".join(parts)

    def index_subtitle(self, item_id):
        return self.subtitles.get(item_id, "")

    # -- the loop -----------------------------------------------------------------------------------

    def run(self):
        self.selector.register(sys.stdin, selectors.EVENT_READ, "keys")
        self.screen.nodelay(True)
        self.draw()
        try:
            while True:
                for key, _ in self.selector.select(timeout=0.5):
                    if key.data == "keys":
                        while True:
                            try:
                                ch = self.screen.get_wch()
                            except curses.error:
                                break
                            self.key(ch)
                    elif key.data == "rebuilt":
                        self.rebuilt()
                self.drain_events()
                self.draw()
        finally:
            self.close()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", help="items to search instead of the built-in dataset")
    parser.add_argument("--locale", default="und", help="initial locale (F3 switches)")
    parser.add_argument("--state-dir", help="where recent searches are kept (default: ~/.local/state/searchbar)")
    parser.add_argument("--rebuild-pause", type=float, default=0.0, metavar="SECONDS",
                        help="pause between the batches of an F3 rebuild, to watch typing go on while a "
                             "long rebuild runs (the tests use it to make the rebuild outlast any load)")
    args = parser.parse_args(argv)
    system_locale.setlocale(system_locale.LC_ALL, "")
    os.environ.setdefault("ESCDELAY", "25")
    # F3's build thread packs items in Python and holds the interpreter lock between library
    # calls; the UI thread gives the lock up in each library call it makes and waits up to one
    # switch interval to get it back. At the default 5 ms a frame drawn during a rebuild took
    # hundreds of milliseconds; at 0.5 ms typing stays prompt.
    sys.setswitchinterval(0.0005)
    prompt = PROMPT
    if args.file:
        items = read_items(args.file)
        titles = ["All"] + [f"Scope {n}" for n in range(max((i["scope"] for i in items), default=0))]
        prompt = f"Search {os.path.basename(args.file)} ({len(items):,} items)"
    else:
        print("searchbar demo: preparing the built-in dataset (first run builds it from ICU data)...", file=sys.stderr)
        items, titles = builtin_items()
    state_dir = os.path.abspath(args.state_dir) if args.state_dir else None

    def run(screen):
        curses.use_default_colors()
        Demo(screen, items, titles, args.locale, state_dir, prompt, args.rebuild_pause).run()

    # SIGTERM and SIGHUP unwind like Ctrl-C, so curses.wrapper restores the terminal.
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        curses.wrapper(run)  # restores the terminal on any exit, exceptions included
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
