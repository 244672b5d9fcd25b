/* searchbar-gtk: a GTK 4 search window over searchbar's built-in multilingual dataset (Unicode
 * characters, emoji, languages, countries, time zones and currencies, from ICU's data).
 *
 *   searchbar-gtk [--dump-rows FILE] [--state-dir DIR]
 *
 * Keys: type to search (input methods too) · Down: suggestions, then the results · Return:
 * choose the suggestion or result, or submit · Escape: hide the suggestions, then clear, then
 * cancel · Backspace: one user-perceived character · Ctrl+Page Down / Ctrl+Page Up or
 * Alt+1…9: scope · Tab: the next control.
 * --dump-rows FILE writes the visible rows and their bold ranges as JSON whenever they change
 * and at exit; --state-dir DIR keeps the recent searches there (default: XDG state). */
#include "app.h"

#include <glib-unix.h>
#include <stdlib.h>
#include <string.h>

/* Offered before typing: each finds itself in the built-in dataset. */
static const char *const host_suggestions[] = {"Zürich", "東京", "São Paulo", "Ελλάδα", "😀"};

/* -- the dataset ----------------------------------------------------------------------------------- */

static void free_index(gpointer index) { sb_index_free(index); }

/* Builds the index on a worker thread (a few seconds): the window shows and answers meanwhile.
 * Scope-bar index 0 is "All"; sample scope N is item scope N + 1. */
static void build_index(GTask *task, gpointer source, gpointer data, GCancellable *cancellable) {
    (void)source, (void)data, (void)cancellable;
    sb_item *items = NULL;
    size_t count = 0;
    sb_index *index = NULL;
    if (sb_sample_items(0, &items, &count) != SB_OK || sb_index_new(NULL, &index) != SB_OK) {
        sb_free(items);
        g_task_return_new_error(task, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", sb_last_error());
        return;
    }
    for (size_t i = 0; i < count; i++) items[i].scope += 1;
    sb_status status = sb_index_add(index, items, count);
    sb_free(items);
    if (status != SB_OK) {
        sb_index_free(index);
        g_task_return_new_error(task, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", sb_last_error());
        return;
    }
    g_task_return_pointer(task, index, free_index);
}

static void index_built(GObject *source, GAsyncResult *result, gpointer data) {
    (void)source;
    App *app = data;
    GError *error = NULL;
    sb_index *index = g_task_propagate_pointer(G_TASK(result), &error);
    if (!index) {
        chrome_set_message(app, "Could not build the dataset: %s", error->message);
        g_error_free(error);
        return;
    }
    app_attach_session(app, index);
}

/* -- the session ----------------------------------------------------------------------------------- */

void app_attach_session(App *app, sb_index *index) {
    sb_session_options options = SB_SESSION_OPTIONS_INIT;
    options.recents_directory = app->state_dir;
    options.clock = SB_CLOCK_HOST; /* timers fire from the GLib main loop (session_io.c) */
    sb_session *session = NULL;
    sb_status status = sb_session_new(index, &options, &session);
    sb_index_free(index); /* the session keeps it alive */
    if (app_check("sb_session_new", status)) return;
    app->session = session;

    const char *titles[1 + 6] = {"All"};
    size_t scope_count = 1;
    for (uint32_t scope = 0; scope < 6 && sb_sample_scope_title(scope); scope++)
        titles[scope_count++] = sb_sample_scope_title(scope);
    app_check("sb_session_set_scope_titles", sb_session_set_scope_titles(session, titles, NULL, scope_count));
    const char *placeholder = "Search characters, emoji, languages, countries…";
    app_check("sb_session_set_placeholder", sb_session_set_placeholder(session, placeholder, strlen(placeholder)));
    app_check("sb_session_set_shows_bookmark_button", sb_session_set_shows_bookmark_button(session, 1));
    app_check("sb_session_set_recents_name", sb_session_set_recents_name(session, "gtk"));
    sb_suggestion suggestions[G_N_ELEMENTS(host_suggestions)];
    memset(suggestions, 0, sizeof suggestions);
    for (size_t i = 0; i < G_N_ELEMENTS(host_suggestions); i++) {
        suggestions[i].action = SB_SUGGESTION_REPLACE_TEXT;
        suggestions[i].title = host_suggestions[i];
        suggestions[i].title_len = strlen(host_suggestions[i]);
    }
    app_check("sb_session_set_host_suggestions",
              sb_session_set_host_suggestions(session, 1, suggestions, G_N_ELEMENTS(suggestions)));
    sb_search_options search = SB_SEARCH_OPTIONS_INIT;
    search.limit = 200;
    app_check("sb_session_set_search_options", sb_session_set_search_options(session, &search));

    chrome_build_scope_bar(app);
    session_io_start(app);
    gtk_widget_set_sensitive(app->entry, TRUE);
    gtk_widget_grab_focus(app->entry);
    if (gtk_widget_has_focus(app->text)) app_check("sb_session_begin_editing", sb_session_begin_editing(session));
    chrome_set_message(app, "%s", "");
    session_io_drain(app);
}

/* -- keys ------------------------------------------------------------------------------------------ */

static void select_scope_offset(App *app, int delta) {
    sb_display *d = NULL;
    if (!app->session || sb_session_display(app->session, &d) != SB_OK) return;
    int64_t count = (int64_t)d->scope_count, next = (d->selected_scope + delta + count) % (count ? count : 1);
    sb_free(d);
    if (count) app_check("sb_session_select_scope", sb_session_select_scope(app->session, next));
    session_io_drain(app);
}

/* Escape closes the innermost thing first: the suggestions, then the text, then the search
 * (Cancel: the session dismisses; typing again begins a new search). */
static void escape(App *app) {
    if (gtk_widget_get_visible(app->popover)) {
        app->popover_dismissed = TRUE;
        gtk_popover_popdown(GTK_POPOVER(app->popover));
    } else if (gtk_editable_get_text(GTK_EDITABLE(app->entry))[0]) {
        app_check("sb_session_clear", sb_session_clear(app->session));
    } else {
        app_check("sb_session_cancel", sb_session_cancel(app->session));
    }
    session_io_drain(app);
}

static gboolean on_entry_key(GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state, App *app) {
    (void)keys, (void)keycode;
    if (!app->session || app->preedit[0]) return FALSE; /* composing: the input method's keys */
    GdkModifierType mods = state & gtk_accelerator_get_default_mod_mask();
    if (mods == GDK_CONTROL_MASK && (keyval == GDK_KEY_Page_Down || keyval == GDK_KEY_Page_Up)) {
        select_scope_offset(app, keyval == GDK_KEY_Page_Down ? 1 : -1);
        return TRUE;
    }
    if (mods == GDK_ALT_MASK && keyval >= GDK_KEY_1 && keyval <= GDK_KEY_9) {
        if ((guint)(keyval - GDK_KEY_1) < app->scope_buttons->len)
            gtk_toggle_button_set_active(g_ptr_array_index(app->scope_buttons, keyval - GDK_KEY_1), TRUE);
        return TRUE;
    }
    if (mods) return FALSE;
    if (chrome_suggestion_key(app, keyval)) {
        dump_schedule(app);
        return TRUE;
    }
    switch (keyval) {
    case GDK_KEY_Escape:
        escape(app);
        return TRUE;
    case GDK_KEY_BackSpace: {
        /* The session deletes one grapheme cluster (a flag, an emoji sequence, a letter with
         * its marks), the same unit every host gets; the entry shows the result. */
        int sel_start = 0, sel_end = 0;
        if (gtk_editable_get_selection_bounds(GTK_EDITABLE(app->entry), &sel_start, &sel_end)) return FALSE;
        size_t cursor = session_io_cursor_bytes(app), moved_to = cursor;
        sb_status status = sb_session_delete_backward(app->session, cursor, &moved_to);
        if (status != SB_EMPTY && app_check("sb_session_delete_backward", status)) return FALSE;
        session_io_pull_text_at(app, (gssize)moved_to);
        session_io_drain(app);
        return TRUE;
    }
    case GDK_KEY_Down:
        if (g_list_model_get_n_items(G_LIST_MODEL(app->rows)) == 0) return FALSE;
        gtk_popover_popdown(GTK_POPOVER(app->popover));
        gtk_widget_grab_focus(app->list_view);
        return TRUE;
    default:
        return FALSE;
    }
}

static void on_entry_activate(GtkEntry *entry, App *app) {
    (void)entry;
    if (!app->session) return;
    app_check("sb_session_submit", sb_session_submit(app->session));
    session_io_drain(app);
}

static void on_entry_icon(GtkEntry *entry, GtkEntryIconPosition position, App *app) {
    (void)position;
    if (!app->session) return;
    if (g_strcmp0(gtk_entry_get_icon_name(entry, GTK_ENTRY_ICON_SECONDARY), "edit-clear-symbolic") == 0)
        app_check("sb_session_clear", sb_session_clear(app->session));
    else
        app_check("sb_session_tap_bookmark_button", sb_session_tap_bookmark_button(app->session));
    session_io_drain(app);
}

static void on_cancel(GtkButton *button, App *app) {
    (void)button;
    if (!app->session) return;
    app_check("sb_session_cancel", sb_session_cancel(app->session));
    session_io_drain(app);
}

/* -- the window ------------------------------------------------------------------------------------ */

static const char *css =
    ".result-row { padding: 6px 10px; }\n"
    ".result-title { font-size: 1.1em; }\n"
    ".search-status { padding: 0 4px; }\n";

static GtkWidget *build_window(App *app) {
    GtkWidget *window = gtk_application_window_new(app->application);
    gtk_window_set_title(GTK_WINDOW(window), "searchbar — GTK");
    gtk_window_set_default_size(GTK_WINDOW(window), 640, 520);

    GtkCssProvider *provider = gtk_css_provider_new();
    gtk_css_provider_load_from_data(provider, css, -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(provider);
    if (!gdk_display_is_composited(gdk_display_get_default())) {
        /* Without a compositor (Xvfb, bare X) a popover's shadow would be drawn opaque black. */
        GtkCssProvider *flat = gtk_css_provider_new();
        gtk_css_provider_load_from_data(flat, "popover.suggestions > contents { box-shadow: none; border-radius: 0; "
                                              "border: 1px solid alpha(black, 0.25); }", -1);
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(flat),
                                                   GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
        g_object_unref(flat);
    }

    GtkWidget *column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8);
    gtk_widget_set_margin_start(column, 12);
    gtk_widget_set_margin_end(column, 12);
    gtk_widget_set_margin_top(column, 12);
    gtk_widget_set_margin_bottom(column, 12);

    GtkWidget *bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    app->entry = g_object_new(GTK_TYPE_ENTRY, "accessible-role", GTK_ACCESSIBLE_ROLE_SEARCH_BOX, NULL);
    gtk_widget_set_hexpand(app->entry, TRUE);
    gtk_entry_set_input_purpose(GTK_ENTRY(app->entry), GTK_INPUT_PURPOSE_FREE_FORM);
    gtk_entry_set_input_hints(GTK_ENTRY(app->entry), GTK_INPUT_HINT_NO_SPELLCHECK);
    gtk_entry_set_icon_from_icon_name(GTK_ENTRY(app->entry), GTK_ENTRY_ICON_PRIMARY, "system-search-symbolic");
    gtk_entry_set_placeholder_text(GTK_ENTRY(app->entry), "Loading the dataset…");
    gtk_accessible_update_property(GTK_ACCESSIBLE(app->entry), GTK_ACCESSIBLE_PROPERTY_LABEL, "Search", -1);
    gtk_widget_set_sensitive(app->entry, FALSE);
    app->text = gtk_editable_get_delegate(GTK_EDITABLE(app->entry)) ? GTK_WIDGET(gtk_editable_get_delegate(GTK_EDITABLE(app->entry))) : app->entry;
    g_signal_connect(app->entry, "activate", G_CALLBACK(on_entry_activate), app);
    g_signal_connect(app->entry, "icon-release", G_CALLBACK(on_entry_icon), app);
    GtkEventController *keys = gtk_event_controller_key_new();
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE);
    g_signal_connect(keys, "key-pressed", G_CALLBACK(on_entry_key), app);
    gtk_widget_add_controller(app->entry, keys);
    gtk_box_append(GTK_BOX(bar), app->entry);
    app->cancel_button = gtk_button_new_with_label("Cancel");
    gtk_widget_set_visible(app->cancel_button, FALSE);
    g_signal_connect(app->cancel_button, "clicked", G_CALLBACK(on_cancel), app);
    gtk_box_append(GTK_BOX(bar), app->cancel_button);
    gtk_box_append(GTK_BOX(column), bar);

    app->scope_bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_widget_add_css_class(app->scope_bar, "linked");
    gtk_widget_set_halign(app->scope_bar, GTK_ALIGN_CENTER);
    gtk_accessible_update_property(GTK_ACCESSIBLE(app->scope_bar), GTK_ACCESSIBLE_PROPERTY_LABEL, "Search scope", -1);
    app->scope_buttons = g_ptr_array_new();
    gtk_box_append(GTK_BOX(column), app->scope_bar);

    /* A live status line: its role makes assistive technologies announce its changes. */
    app->status = g_object_new(GTK_TYPE_LABEL, "accessible-role", GTK_ACCESSIBLE_ROLE_STATUS, "xalign", 0.0f, NULL);
    gtk_widget_add_css_class(app->status, "dim-label");
    gtk_widget_add_css_class(app->status, "search-status");
    gtk_box_append(GTK_BOX(column), app->status);

    app->list_view = rows_create_view(app);
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), app->list_view);
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_widget_set_vexpand(scroller, TRUE);
    GtkWidget *frame = gtk_frame_new(NULL);
    gtk_frame_set_child(GTK_FRAME(frame), scroller);
    gtk_box_append(GTK_BOX(column), frame);

    /* The suggestions drop down from under the scope bar, so they never cover the field or
     * the scope buttons (a click on a scope must reach it); they overlay the results' top. */
    app->popover = chrome_create_popover(app);
    gtk_widget_set_parent(app->popover, app->status);
    gtk_popover_set_pointing_to(GTK_POPOVER(app->popover), &(GdkRectangle){0, 0, 1, 1});

    gtk_window_set_child(GTK_WINDOW(window), column);
    session_io_connect_entry(app);
    return window;
}

static gboolean on_close_request(GtkWindow *window, App *app) {
    (void)window;
    dump_write(app);
    session_io_stop(app);
    app->closing = TRUE; /* the widgets go away now: handlers that run meanwhile do nothing */
    if (app->popover) gtk_widget_unparent(app->popover);
    app->popover = NULL;
    app->suggestion_list = NULL;
    return FALSE;
}

static gboolean on_terminate(gpointer data) {
    App *app = data;
    gtk_window_close(GTK_WINDOW(app->window));
    return G_SOURCE_REMOVE;
}

static void activate(GtkApplication *application, App *app) {
    (void)application;
    if (app->window) {
        gtk_window_present(GTK_WINDOW(app->window));
        return;
    }
    app->window = build_window(app);
    g_signal_connect(app->window, "close-request", G_CALLBACK(on_close_request), app);
    gtk_window_present(GTK_WINDOW(app->window));
    chrome_set_message(app, "Indexing the built-in dataset…");
    dump_schedule(app);
    GTask *task = g_task_new(NULL, NULL, index_built, app);
    g_task_run_in_thread(task, build_index);
    g_object_unref(task);
}

int main(int argc, char **argv) {
    App app = {0};
    app.preedit = g_strdup("");
    int kept = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--dump-rows") == 0 && i + 1 < argc) app.dump_path = g_strdup(argv[++i]);
        else if (strcmp(argv[i], "--state-dir") == 0 && i + 1 < argc) app.state_dir = g_canonicalize_filename(argv[++i], NULL);
        else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf("usage: %s [--dump-rows FILE] [--state-dir DIR]\n", argv[0]);
            return 0;
        } else argv[kept++] = argv[i];
    }
    argc = kept;
    if (app.state_dir) g_mkdir_with_parents(app.state_dir, 0700);
    app.application = gtk_application_new("org.searchbar.GtkExample", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app.application, "activate", G_CALLBACK(activate), &app);
    /* SIGTERM/SIGINT close the window like the close button: the dump is written at exit. */
    g_unix_signal_add(SIGTERM, on_terminate, &app);
    g_unix_signal_add(SIGINT, on_terminate, &app);
    int status = g_application_run(G_APPLICATION(app.application), argc, argv);
    if (app.session) sb_session_free(app.session);
    g_object_unref(app.application);
    g_free(app.dump_path);
    g_free(app.state_dir);
    g_free(app.preedit);
    g_free(app.message);
    return status;
}
