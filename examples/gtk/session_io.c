/* The session on GTK's main loop, and the entry's edits forwarded to it.
 *
 * Events: the session's event descriptor is readable while events wait; g_unix_fd_add() wakes
 * the GLib main loop, which drains the queue on the thread that draws. No callbacks are set,
 * so no event ever arrives on a library thread. Timers too: the session runs on SB_CLOCK_HOST,
 * and a GLib timeout set to sb_session_next_deadline() calls sb_session_run_due(), so the
 * delayed search after a keystroke is issued on the main thread as well.
 *
 * Edits: GtkText reports insertions and deletions in characters; the session counts UTF-8
 * bytes. Each edit is converted on the text *before* it applies (the signals are connected
 * ahead of GtkText's own handlers) and forwarded as sb_session_insert_text() /
 * sb_session_delete_text(). The input method's pre-edit is not in GtkText's buffer: it is
 * the session's marked text (sb_session_set_marked_text()) at the cursor, so it is searched
 * while composed, and becomes plain text (sb_session_unmark_text()) when the input method
 * commits it. */
#include "app.h"

#include <glib-unix.h>
#include <string.h>

int app_check(const char *what, sb_status status) {
    if (status == SB_OK || status >= SB_WARN_LOCALE_FALLBACK) return 0;
    g_warning("%s: %s: %s", what, sb_status_string(status), sb_last_error());
    return 1;
}

/* -- events ------------------------------------------------------------------------------------ */

static void handle_event(App *app, const sb_event *event) {
    switch (event->kind) {
    case SB_EVENT_RESULTS_READY:
        rows_refresh(app);
        chrome_show_results_count(app);
        break;
    case SB_EVENT_TEXT_DID_CHANGE:
    case SB_EVENT_CLEAR:
        session_io_pull_text(app);
        break;
    case SB_EVENT_CANCEL_BUTTON:
        session_io_pull_text(app);
        g_list_store_remove_all(app->rows);
        app->has_results = FALSE;
        chrome_set_message(app, "Search cancelled");
        break;
    case SB_EVENT_SUGGESTION_CHOSEN:
        chrome_set_message(app, "Suggestion: %s", event->text ? event->text : "");
        break;
    case SB_EVENT_BOOKMARK_BUTTON:
        /* The bookmark icon shows the recent searches again, even after Escape hid them. */
        app->popover_dismissed = FALSE;
        gtk_widget_grab_focus(app->entry);
        break;
    case SB_EVENT_SEARCH_BUTTON:
        chrome_set_message(app, "Searched for “%s”", gtk_editable_get_text(GTK_EDITABLE(app->entry)));
        break;
    case SB_EVENT_ERROR:
        chrome_set_message(app, "Error: %s", event->text ? event->text : sb_status_string(event->status));
        break;
    default:
        break;
    }
}

void session_io_drain(App *app) {
    if (!app->session || app->closing) return;
    sb_event event;
    while (sb_session_next_event(app->session, 0, &event) == SB_OK) {
        handle_event(app, &event);
        sb_free(event.text);
    }
    chrome_refresh(app);
    chrome_refresh_suggestions(app);
    session_io_schedule_timer(app);
    dump_schedule(app);
}

/* -- timers: SB_CLOCK_HOST, fired from the GLib main loop ----------------------------------------- */

static gboolean on_timer(gpointer data) {
    App *app = data;
    app->timer = 0;
    if (app->session) app_check("sb_session_run_due", sb_session_run_due(app->session));
    session_io_drain(app); /* the delayed search's events, then the next deadline */
    return G_SOURCE_REMOVE;
}

void session_io_schedule_timer(App *app) {
    int64_t ms = -1;
    if (!app->session || app_check("sb_session_next_deadline", sb_session_next_deadline(app->session, &ms))) return;
    if (app->timer) g_source_remove(app->timer);
    app->timer = 0;
    if (ms >= 0) app->timer = g_timeout_add((guint)MIN(ms, (int64_t)G_MAXINT), on_timer, app);
}

static gboolean on_event_fd(gint fd, GIOCondition condition, gpointer data) {
    (void)fd, (void)condition;
    session_io_drain(data);
    return G_SOURCE_CONTINUE;
}

void session_io_start(App *app) {
    int32_t fd = -1;
    if (app_check("sb_session_event_fd", sb_session_event_fd(app->session, &fd))) return;
    app->event_watch = g_unix_fd_add(fd, G_IO_IN, on_event_fd, app);
}

void session_io_stop(App *app) {
    if (app->event_watch) g_source_remove(app->event_watch);
    app->event_watch = 0;
    if (app->timer) g_source_remove(app->timer);
    app->timer = 0;
}

/* -- text: session -> entry --------------------------------------------------------------------- */

static char *session_text(App *app) {
    char *text = NULL;
    size_t len = 0;
    if (app_check("sb_session_get_text", sb_session_get_text(app->session, &text, &len))) return g_strdup("");
    char *copy = g_strndup(text, len);
    sb_free(text);
    return copy;
}

/* Mirrors the session's marked range (the pre-edit) in app->marked_start / marked_len. */
static void refresh_marked(App *app) {
    size_t start = 0, end = 0;
    if (sb_session_get_marked_range(app->session, &start, &end) == SB_OK && end > start) {
        app->marked_start = start;
        app->marked_len = end - start;
    } else {
        app->marked_start = 0;
        app->marked_len = 0;
    }
}

/* The session's text with the pre-edit taken out: what the entry's buffer should hold. */
static char *session_text_without_marked(App *app) {
    char *text = session_text(app);
    size_t len = strlen(text);
    refresh_marked(app);
    if (app->marked_len && app->marked_start + app->marked_len <= len)
        memmove(text + app->marked_start, text + app->marked_start + app->marked_len,
                len - app->marked_start - app->marked_len + 1);
    return text;
}

void session_io_pull_text_at(App *app, gssize cursor) {
    if (!app->session) return;
    char *wanted = session_text_without_marked(app);
    const char *shown = gtk_editable_get_text(GTK_EDITABLE(app->entry));
    if (strcmp(wanted, shown) != 0) {
        app->applying_session_text = TRUE;
        if (!app->marked_len && app->preedit[0]) {
            /* The session replaced the text itself (clear, cancel, a chosen suggestion) and
             * dropped the composition: the input method drops it too. */
            g_free(app->preedit);
            app->preedit = g_strdup("");
            gtk_entry_reset_im_context(GTK_ENTRY(app->entry));
        }
        gtk_editable_set_text(GTK_EDITABLE(app->entry), wanted);
        int position = cursor < 0 ? -1 : (int)g_utf8_pointer_to_offset(wanted, wanted + MIN((size_t)cursor, strlen(wanted)));
        gtk_editable_set_position(GTK_EDITABLE(app->entry), position);
        app->applying_session_text = FALSE;
    }
    g_free(wanted);
}

void session_io_pull_text(App *app) { session_io_pull_text_at(app, -1); }

/* -- text: entry -> session --------------------------------------------------------------------- */

/* Byte offset of character `position` (-1: the end) of `text`. */
static size_t byte_offset(const char *text, int position) {
    long chars = g_utf8_strlen(text, -1);
    if (position < 0 || position > chars) position = (int)chars;
    return (size_t)(g_utf8_offset_to_pointer(text, position) - text);
}

size_t session_io_cursor_bytes(App *app) {
    return byte_offset(gtk_editable_get_text(GTK_EDITABLE(app->text)), gtk_editable_get_position(GTK_EDITABLE(app->text)));
}

/* Checks that the session holds the entry's text with the pre-edit marked at its place;
 * repairs and counts a disagreement, which would be a bug in the edit path (the tests assert
 * there is none). */
static void verify_in_sync(App *app) {
    refresh_marked(app);
    const char *buffer = gtk_editable_get_text(GTK_EDITABLE(app->text));
    size_t at = MIN(app->marked_start, strlen(buffer));
    char *expected = g_strdup_printf("%.*s%s%s", (int)at, buffer, app->marked_len ? app->preedit : "", buffer + at);
    char *actual = session_text(app);
    gboolean marks_preedit = app->marked_len == strlen(app->preedit);
    if (strcmp(expected, actual) != 0 || !marks_preedit) {
        app->resyncs++;
        g_warning("session text \"%s\" (marked %zu bytes) differs from the entry's \"%s\" + pre-edit \"%s\": set again",
                  actual, app->marked_len, buffer, app->preedit);
        app_check("sb_session_set_text", sb_session_set_text(app->session, buffer, strlen(buffer)));
        if (app->preedit[0]) {
            size_t cursor = session_io_cursor_bytes(app);
            app_check("sb_session_set_marked_text",
                      sb_session_set_marked_text(app->session, cursor, cursor, app->preedit, strlen(app->preedit)));
        }
    }
    g_free(actual);
    g_free(expected);
}

static gboolean verify_idle(gpointer data) {
    App *app = data;
    if (app->session) verify_in_sync(app);
    return G_SOURCE_REMOVE;
}

static void edited(App *app) {
    app->popover_dismissed = FALSE;
    g_idle_add(verify_idle, app);
    session_io_schedule_timer(app); /* an edit arms the typing delay */
    dump_schedule(app);
}

/* Typing after Cancel (or into a field that had the focus all along) begins editing again. */
static void ensure_editing(App *app) {
    sb_display *display = NULL;
    if (sb_session_display(app->session, &display) != SB_OK) return;
    int32_t editing = display->is_editing;
    sb_free(display);
    if (!editing) app_check("sb_session_begin_editing", sb_session_begin_editing(app->session));
}

/* Takes the marked pre-edit out of the session (the text around it stays); returns where it was. */
static size_t unmark_and_remove(App *app) {
    size_t at = app->marked_start;
    app_check("sb_session_set_marked_text", sb_session_set_marked_text(app->session, 0, 0, "", 0));
    app->marked_len = 0;
    return at;
}

/* Puts the pre-edit back, marked, at byte `at` of the session's text. */
static void remark(App *app, size_t at) {
    if (!app->preedit[0]) return;
    app_check("sb_session_set_marked_text",
              sb_session_set_marked_text(app->session, at, at, app->preedit, strlen(app->preedit)));
    refresh_marked(app);
}

static void on_insert_text(GtkEditable *editable, const char *text, int length, int *position, App *app) {
    if (app->applying_session_text || !app->session || app->closing) return;
    ensure_editing(app);
    refresh_marked(app);
    const char *before = gtk_editable_get_text(editable);
    size_t at = byte_offset(before, *position);
    size_t len = length < 0 ? strlen(text) : (size_t)length;
    if (app->marked_len && at == app->marked_start && strlen(app->preedit) == len && memcmp(text, app->preedit, len) == 0) {
        /* The input method commits what it composed: the marked text becomes plain text
         * (the pre-edit is replaced by the committed string, not added to it). */
        app_check("sb_session_set_marked_text", sb_session_set_marked_text(app->session, 0, 0, text, len));
        app_check("sb_session_unmark_text", sb_session_unmark_text(app->session));
        g_free(app->preedit);
        app->preedit = g_strdup("");
        refresh_marked(app);
    } else if (app->marked_len) {
        /* Other text while composing (a commit of something else, a paste): it goes at its
         * place in the buffer and the composition stays at the cursor after it. */
        size_t mark = unmark_and_remove(app);
        if (app_check("sb_session_insert_text", sb_session_insert_text(app->session, at, text, len))) return;
        remark(app, at <= mark ? mark + len : mark);
    } else if (app_check("sb_session_insert_text", sb_session_insert_text(app->session, at, text, len))) {
        return;
    }
    edited(app);
}

static void on_delete_text(GtkEditable *editable, int start, int end, App *app) {
    if (app->applying_session_text || !app->session || app->closing) return;
    refresh_marked(app);
    const char *before = gtk_editable_get_text(editable);
    size_t from = byte_offset(before, start), to = byte_offset(before, end);
    if (from >= to) return;
    if (app->marked_len) {
        size_t mark = unmark_and_remove(app);
        if (app_check("sb_session_delete_text", sb_session_delete_text(app->session, from, to))) return;
        remark(app, to <= mark ? mark - (to - from) : from >= mark ? mark : from);
    } else if (app_check("sb_session_delete_text", sb_session_delete_text(app->session, from, to))) {
        return;
    }
    edited(app);
}

void session_io_set_preedit(App *app, const char *preedit) {
    if (!app->session || app->applying_session_text || app->closing) return;
    if (!preedit) preedit = "";
    if (strcmp(preedit, app->preedit) == 0) return;
    ensure_editing(app);
    refresh_marked(app);
    size_t len = strlen(preedit);
    if (app->marked_len) {
        /* Replaces the marked text; an empty pre-edit removes it. */
        if (app_check("sb_session_set_marked_text", sb_session_set_marked_text(app->session, 0, 0, preedit, len))) return;
    } else if (len) {
        /* A new composition starts at the cursor. */
        size_t cursor = session_io_cursor_bytes(app);
        if (app_check("sb_session_set_marked_text", sb_session_set_marked_text(app->session, cursor, cursor, preedit, len)))
            return;
    }
    g_free(app->preedit);
    app->preedit = g_strdup(preedit);
    refresh_marked(app);
    edited(app);
}

static void on_preedit_changed(GtkText *text, const char *preedit, App *app) {
    (void)text;
    session_io_set_preedit(app, preedit);
}

static void on_focus_enter(GtkEventControllerFocus *focus, App *app) {
    (void)focus;
    if (app->closing) return;
    if (app->session) app_check("sb_session_begin_editing", sb_session_begin_editing(app->session));
    session_io_drain(app);
}

static void on_focus_leave(GtkEventControllerFocus *focus, App *app) {
    (void)focus;
    if (!app->session || app->closing) return;
    /* Ending editing would commit marked text; the input method decides instead (it commits
     * through GtkText, or drops the composition), so the pre-edit is taken out first. */
    refresh_marked(app);
    if (app->marked_len) {
        unmark_and_remove(app);
        g_free(app->preedit);
        app->preedit = g_strdup("");
    }
    app_check("sb_session_end_editing", sb_session_end_editing(app->session));
    session_io_drain(app);
}

void session_io_connect_entry(App *app) {
    app->preedit = g_strdup("");
    /* Connected before GtkText's own handlers: the positions refer to the text before the edit. */
    g_signal_connect(app->text, "insert-text", G_CALLBACK(on_insert_text), app);
    g_signal_connect(app->text, "delete-text", G_CALLBACK(on_delete_text), app);
    g_signal_connect(app->text, "preedit-changed", G_CALLBACK(on_preedit_changed), app);
    GtkEventController *focus = gtk_event_controller_focus_new();
    g_signal_connect(focus, "enter", G_CALLBACK(on_focus_enter), app);
    g_signal_connect(focus, "leave", G_CALLBACK(on_focus_leave), app);
    gtk_widget_add_controller(app->entry, focus);
}
