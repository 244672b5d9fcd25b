/* searchbar-gtk: a GTK 4 search window driven by a searchbar session (the shared state).
 *
 * The session owns the search bar's behaviour (text, scope, timing, results, suggestions,
 * recents, which buttons show); GTK draws it. The files split the host by concern:
 *   main.c        arguments, the window's widgets, loading the built-in dataset;
 *   session_io.c  the session's events on the GLib main loop, and the entry's edits and
 *                 input-method pre-edit forwarded to the session (characters -> bytes);
 *   chrome.c      what the session's display state says: buttons, scope bar, status, popover;
 *   rows.c        the results list: one row object per hit, matched ranges in bold (Pango);
 *   dump.c        --dump-rows: the visible state as JSON, for tests. */
#ifndef SEARCHBAR_GTK_APP_H
#define SEARCHBAR_GTK_APP_H

#include <gtk/gtk.h>
#include <searchbar.h>

/** Everything the window's handlers share; one per window. */
typedef struct App {
    GtkApplication *application;
    GtkWidget *window;
    GtkWidget *entry;         /* GtkEntry: the search field */
    GtkWidget *text;          /* the entry's GtkText delegate: edits and pre-edit come from it */
    GtkWidget *cancel_button; /* the session's Cancel button */
    GtkWidget *scope_bar;     /* a linked box of toggle buttons, one per scope title */
    GPtrArray *scope_buttons; /* GtkToggleButton*, in scope order */
    GtkWidget *status;        /* "12 results": a live status label (accessible role STATUS) */
    GtkWidget *list_view;     /* GtkListView of the results */
    GListStore *rows;         /* SbgRow items shown by list_view */
    GtkWidget *popover;       /* recents and suggestions */
    GtkWidget *suggestion_list; /* GtkListBox inside the popover */
    size_t suggestion_count;
    gboolean popover_dismissed; /* Escape hid it: stays hidden until the text changes */

    sb_session *session;      /* NULL until the dataset is indexed */
    guint event_watch;        /* g_unix_fd_add source of the session's event descriptor */
    guint timer;              /* g_timeout_add source for the session's next deadline */

    /* Editing state: the session's text is the entry's buffer with the input method's
     * pre-edit inserted at the cursor as marked text: [marked_start, + marked_len) in bytes,
     * mirrored from sb_session_get_marked_range(). */
    gboolean applying_session_text; /* true while the entry is set from the session */
    char *preedit;            /* the pre-edit being composed ("" when none) */
    size_t marked_start;      /* byte offset of the pre-edit in the session's text */
    size_t marked_len;        /* its length in bytes */
    unsigned resyncs;         /* times the edit path disagreed with the session (should be 0) */

    uint64_t generation;      /* the results shown */
    size_t result_total;
    gboolean result_total_exact;
    gboolean has_results;
    char *message;            /* last action, shown in the status line */

    gboolean closing;         /* the window is being destroyed */
    char *dump_path;          /* --dump-rows FILE, or NULL */
    gboolean dump_pending;    /* write the dump after the next frame */
    gboolean dump_clock_connected;
    char *state_dir;          /* --state-dir DIR for the recents file, or NULL */
} App;

/* main.c */
void app_attach_session(App *app, sb_index *index);

/* session_io.c */
void session_io_start(App *app);
void session_io_stop(App *app);
void session_io_connect_entry(App *app);
void session_io_drain(App *app);
/** Puts the session's text into the entry without echoing it back as edits; the cursor goes
 * to the end, or to byte `cursor` of the text with session_io_pull_text_at(). */
void session_io_pull_text(App *app);
void session_io_pull_text_at(App *app, gssize cursor);
/** The entry's cursor as a byte offset of its text. */
size_t session_io_cursor_bytes(App *app);
/** Sets the GLib timeout that fires the session's next due timer (SB_CLOCK_HOST). */
void session_io_schedule_timer(App *app);
/** Sets a pre-edit string (what GtkText's preedit-changed reports) on the session. */
void session_io_set_preedit(App *app, const char *preedit);
/** Logs a failed call; returns 1 when `status` is an error. */
int app_check(const char *what, sb_status status);

/* chrome.c */
GtkWidget *chrome_create_popover(App *app);
void chrome_build_scope_bar(App *app);
void chrome_refresh(App *app);
void chrome_refresh_suggestions(App *app);
void chrome_show_results_count(App *app);
void chrome_set_message(App *app, const char *format, ...) G_GNUC_PRINTF(2, 3);
gboolean chrome_suggestion_key(App *app, guint keyval);

/* rows.c */
GtkWidget *rows_create_view(App *app);
void rows_refresh(App *app);

/* dump.c */
void dump_schedule(App *app);
void dump_write(App *app);

#endif
