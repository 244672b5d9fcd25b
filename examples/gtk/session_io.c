/* The session on GTK's main loop, and the entry's edits forwarded to it.
 *
 * Events: the session's event descriptor is readable while events wait; g_unix_fd_add() wakes
 * the GLib main loop, which drains the queue on the thread that draws. No callbacks are set,
 * so no event ever arrives on a library thread.
 *
 * Edits: GtkText reports insertions and deletions in characters; the session counts UTF-8
 * bytes. Each edit is converted on the text *before* it applies (the signals are connected
 * ahead of GtkText's own handlers) and forwarded as sb_session_insert_text() /
 * sb_session_delete_text(). The input method's pre-edit is not in GtkText's buffer: it is
 * kept in the session as "marked" text at the cursor, so it is searched while composed, and
 * replaced by the committed text when the input method commits. */
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
        chrome_refresh_suggestions(app);
        if (app->suggestion_count) gtk_popover_popup(GTK_POPOVER(app->popover));
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
    if (!app->session) return;
    sb_event event;
    while (sb_session_next_event(app->session, 0, &event) == SB_OK) {
        handle_event(app, &event);
        sb_free(event.text);
    }
    chrome_refresh(app);
    chrome_refresh_suggestions(app);
    dump_schedule(app);
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

/* The session's text with the pre-edit taken out: what the entry's buffer should hold. */
static char *session_text_without_marked(App *app) {
    char *text = session_text(app);
    size_t len = strlen(text);
    if (app->marked_len && app->marked_start + app->marked_len <= len)
        memmove(text + app->marked_start, text + app->marked_start + app->marked_len,
                len - app->marked_start - app->marked_len + 1);
    return text;
}

void session_io_pull_text(App *app) {
    if (!app->session) return;
    char *wanted = session_text_without_marked(app);
    const char *shown = gtk_editable_get_text(GTK_EDITABLE(app->entry));
    if (strcmp(wanted, shown) != 0) {
        /* The session changed the text itself (clear, cancel, a chosen suggestion): a pending
         * composition no longer belongs to it. */
        if (app->marked_len) {
            app->marked_len = 0;
            g_free(app->preedit);
            app->preedit = g_strdup("");
            char *text = session_text(app);
            g_free(wanted);
            wanted = text;
        }
        app->applying_session_text = TRUE;
        gtk_entry_reset_im_context(GTK_ENTRY(app->entry));
        gtk_editable_set_text(GTK_EDITABLE(app->entry), wanted);
        gtk_editable_set_position(GTK_EDITABLE(app->entry), -1);
        app->applying_session_text = FALSE;
    }
    g_free(wanted);
}

/* -- text: entry -> session --------------------------------------------------------------------- */

/* Byte offset of character `position` (-1: the end) of `text`. */
static size_t byte_offset(const char *text, int position) {
    long chars = g_utf8_strlen(text, -1);
    if (position < 0 || position > chars) position = (int)chars;
    return (size_t)(g_utf8_offset_to_pointer(text, position) - text);
}

/* Where text inserted at `buffer_offset` of the entry's buffer goes in the session's text: the
 * pre-edit sits at the cursor, and text inserted there goes before it (committed text precedes
 * what is still being composed); text after the cursor is shifted by the pre-edit. */
static size_t session_offset(App *app, size_t buffer_offset) {
    return buffer_offset > app->marked_start ? buffer_offset + app->marked_len : buffer_offset;
}

/* Checks that the session holds the entry's text (plus the pre-edit); repairs and counts a
 * disagreement, which would be a bug in the edit path (the tests assert there is none). */
static void verify_in_sync(App *app) {
    const char *buffer = gtk_editable_get_text(GTK_EDITABLE(app->text));
    char *expected = g_strdup(buffer);
    if (app->marked_len) {
        size_t at = MIN(app->marked_start, strlen(buffer));
        char *joined = g_strdup_printf("%.*s%s%s", (int)at, buffer, app->preedit, buffer + at);
        g_free(expected);
        expected = joined;
    }
    char *actual = session_text(app);
    if (strcmp(expected, actual) != 0) {
        app->resyncs++;
        g_warning("session text \"%s\" differs from the entry's \"%s\": set again", actual, expected);
        app_check("sb_session_set_text", sb_session_set_text(app->session, expected, strlen(expected)));
    }
    g_free(actual);
    g_free(expected);
}

static gboolean verify_idle(gpointer data) {
    App *app = data;
    if (app->session) verify_in_sync(app);
    return G_SOURCE_REMOVE;
}

/* Typing after Cancel (or into a field that had the focus all along) begins editing again. */
static void ensure_editing(App *app) {
    sb_display *display = NULL;
    if (sb_session_display(app->session, &display) != SB_OK) return;
    int32_t editing = display->is_editing;
    sb_free(display);
    if (!editing) app_check("sb_session_begin_editing", sb_session_begin_editing(app->session));
}

static void on_insert_text(GtkEditable *editable, const char *text, int length, int *position, App *app) {
    if (app->applying_session_text || !app->session) return;
    ensure_editing(app);
    const char *before = gtk_editable_get_text(editable);
    size_t at = byte_offset(before, *position);
    size_t len = length < 0 ? strlen(text) : (size_t)length;
    size_t offset = session_offset(app, at);
    if (app_check("sb_session_insert_text", sb_session_insert_text(app->session, offset, text, len))) return;
    app->popover_dismissed = FALSE;
    if (app->marked_len && at <= app->marked_start) app->marked_start += len;
    g_idle_add(verify_idle, app);
}

static void on_delete_text(GtkEditable *editable, int start, int end, App *app) {
    if (app->applying_session_text || !app->session) return;
    const char *before = gtk_editable_get_text(editable);
    size_t from = byte_offset(before, start), to = byte_offset(before, end);
    if (from >= to) return;
    app->popover_dismissed = FALSE;
    if (app->marked_len && from < app->marked_start && to > app->marked_start) {
        /* The deletion spans the cursor the pre-edit sits at: delete both sides of it. */
        size_t tail = to - app->marked_start;
        app_check("sb_session_delete_text", sb_session_delete_text(app->session, app->marked_start + app->marked_len,
                                                                    app->marked_start + app->marked_len + tail));
        app_check("sb_session_delete_text", sb_session_delete_text(app->session, from, app->marked_start));
        app->marked_start = from;
    } else if (app->marked_len && from >= app->marked_start) {
        /* After the cursor: past the pre-edit. */
        if (app_check("sb_session_delete_text", sb_session_delete_text(app->session, from + app->marked_len,
                                                                       to + app->marked_len)))
            return;
    } else {
        if (app_check("sb_session_delete_text", sb_session_delete_text(app->session, from, to))) return;
        if (app->marked_len) app->marked_start -= to - from;
    }
    g_idle_add(verify_idle, app);
}

void session_io_set_preedit(App *app, const char *preedit) {
    if (!app->session || app->applying_session_text) return;
    if (!preedit) preedit = "";
    if (strcmp(preedit, app->preedit) == 0) return;
    ensure_editing(app);
    if (app->marked_len == 0) {
        /* A new composition starts at the cursor. */
        const char *buffer = gtk_editable_get_text(GTK_EDITABLE(app->text));
        app->marked_start = byte_offset(buffer, gtk_editable_get_position(GTK_EDITABLE(app->text)));
    }
    size_t len = strlen(preedit);
    if (app_check("sb_session_replace_text",
                  sb_session_replace_text(app->session, app->marked_start, app->marked_start + app->marked_len,
                                          preedit, len)))
        return;
    g_free(app->preedit);
    app->preedit = g_strdup(preedit);
    app->marked_len = len;
    g_idle_add(verify_idle, app);
    dump_schedule(app);
}

static void on_preedit_changed(GtkText *text, const char *preedit, App *app) {
    (void)text;
    session_io_set_preedit(app, preedit);
}

static void on_focus_enter(GtkEventControllerFocus *focus, App *app) {
    (void)focus;
    if (app->session) app_check("sb_session_begin_editing", sb_session_begin_editing(app->session));
    session_io_drain(app);
}

static void on_focus_leave(GtkEventControllerFocus *focus, App *app) {
    (void)focus;
    if (app->session) app_check("sb_session_end_editing", sb_session_end_editing(app->session));
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
