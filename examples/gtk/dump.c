/* --dump-rows FILE: the window's visible state as JSON, rewritten (atomically) whenever it
 * changes and once more at exit, so a test can wait for a state instead of sleeping. "rows"
 * are the rows on screen, top to bottom (the list's row widgets inside its visible area), with
 * their bold ranges read back from what the labels draw (the Pango attributes) in characters
 * (code points), and the bold text itself; "total_rows" counts the list's rows. Scope buttons
 * carry their centre in window (X surface) coordinates, where a test can click. */
#include "rows.h"

#include <string.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

/* A row widget shown in the list's visible area, with its top edge for sorting. */
typedef struct {
    SbgRow *row;
    float top;
} ShownRow;

static int by_top(gconstpointer a, gconstpointer b) {
    float ta = ((const ShownRow *)a)->top, tb = ((const ShownRow *)b)->top;
    return (ta > tb) - (ta < tb);
}

/* The rows on screen: each row widget of the list view whose bounds meet the visible area. */
static GArray *visible_rows(App *app) {
    GArray *shown = g_array_new(FALSE, FALSE, sizeof(ShownRow));
    GtkWidget *viewport = gtk_widget_get_parent(app->list_view); /* the scrolled window */
    graphene_rect_t area, bounds;
    if (!gtk_widget_compute_bounds(viewport, viewport, &area)) return shown;
    for (GtkWidget *child = gtk_widget_get_first_child(app->list_view); child; child = gtk_widget_get_next_sibling(child)) {
        GtkWidget *box = gtk_widget_get_first_child(child);
        SbgRow *row = box ? g_object_get_data(G_OBJECT(box), "row") : NULL;
        if (!row || !gtk_widget_get_mapped(child) || !gtk_widget_compute_bounds(child, viewport, &bounds)) continue;
        if (!graphene_rect_intersection(&area, &bounds, NULL) || bounds.size.height <= 0) continue;
        ShownRow entry = {row, bounds.origin.y};
        g_array_append_val(shown, entry);
    }
    g_array_sort(shown, by_top);
    return shown;
}

static void json_string(GString *out, const char *text) {
    g_string_append_c(out, '"');
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        switch (*p) {
        case '"': g_string_append(out, "\\\""); break;
        case '\\': g_string_append(out, "\\\\"); break;
        case '\n': g_string_append(out, "\\n"); break;
        case '\t': g_string_append(out, "\\t"); break;
        default:
            if (*p < 0x20) g_string_append_printf(out, "\\u%04x", *p);
            else g_string_append_c(out, (char)*p);
        }
    }
    g_string_append_c(out, '"');
}

/* "NAME_bold": [[start, end], ...] in characters, and "NAME_bold_text": ["Zür", ...]. */
static void bold_ranges(GString *out, const char *name, const char *text, PangoAttrList *attrs) {
    GSList *list = pango_attr_list_get_attributes(attrs);
    GString *ranges = g_string_new("["), *texts = g_string_new("[");
    size_t len = strlen(text);
    for (GSList *l = list; l; l = l->next) {
        PangoAttribute *attr = l->data;
        if (attr->klass->type != PANGO_ATTR_WEIGHT || ((PangoAttrInt *)attr)->value < PANGO_WEIGHT_BOLD) continue;
        size_t start = MIN(attr->start_index, len), end = MIN(attr->end_index, len);
        if (ranges->len > 1) g_string_append_c(ranges, ','), g_string_append_c(texts, ',');
        g_string_append_printf(ranges, "[%ld,%ld]", g_utf8_pointer_to_offset(text, text + start),
                               g_utf8_pointer_to_offset(text, text + end));
        char *bold = g_strndup(text + start, end - start);
        json_string(texts, bold);
        g_free(bold);
    }
    g_slist_free_full(list, (GDestroyNotify)pango_attribute_destroy);
    g_string_append_printf(out, ",\"%s_bold\":%s],\"%s_bold_text\":%s]", name, ranges->str, name, texts->str);
    g_string_free(ranges, TRUE);
    g_string_free(texts, TRUE);
}

static void widget_centre(App *app, GtkWidget *widget, GString *out) {
    graphene_rect_t bounds;
    double sx = 0, sy = 0;
    gtk_native_get_surface_transform(GTK_NATIVE(app->window), &sx, &sy);
    if (gtk_widget_get_mapped(widget) && gtk_widget_compute_bounds(widget, app->window, &bounds))
        g_string_append_printf(out, ",\"x\":%d,\"y\":%d", (int)(bounds.origin.x + bounds.size.width / 2 + sx),
                               (int)(bounds.origin.y + bounds.size.height / 2 + sy));
}

/* The window's X11 id (0 on other backends): where a test sends clicks and takes screenshots. */
static unsigned long window_xid(App *app) {
#ifdef GDK_WINDOWING_X11
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(app->window));
    if (surface && GDK_IS_X11_SURFACE(surface)) return (unsigned long)gdk_x11_surface_get_xid(surface);
#else
    (void)app;
#endif
    return 0;
}

static char *focus_name(App *app) {
    GtkWidget *focus = gtk_root_get_focus(GTK_ROOT(app->window));
    if (!focus) return g_strdup("none");
    if (focus == app->text || gtk_widget_is_ancestor(focus, app->entry)) return g_strdup("entry");
    if (gtk_widget_is_ancestor(focus, app->list_view)) return g_strdup("results");
    if (gtk_widget_is_ancestor(focus, app->scope_bar) || gtk_widget_get_parent(focus) == app->scope_bar)
        return g_strdup("scope");
    return g_strdup(G_OBJECT_TYPE_NAME(focus));
}

static char *render(App *app) {
    GString *out = g_string_new("{");
    g_string_append_printf(out, "\"ready\":%s,\"xid\":%lu,\"text\":", app->session ? "true" : "false", window_xid(app));
    json_string(out, gtk_editable_get_text(GTK_EDITABLE(app->entry)));
    g_string_append(out, ",\"preedit\":");
    json_string(out, app->preedit ? app->preedit : "");
    char *session_text = NULL;
    size_t session_len = 0;
    if (app->session && sb_session_get_text(app->session, &session_text, &session_len) == SB_OK) {
        g_string_append(out, ",\"session_text\":");
        char *copy = g_strndup(session_text, session_len);
        json_string(out, copy);
        g_free(copy);
        sb_free(session_text);
    }
    g_string_append_printf(out, ",\"generation\":%" G_GUINT64_FORMAT ",\"total\":%zu,\"resyncs\":%u,\"status\":",
                           app->generation, app->result_total, app->resyncs);
    json_string(out, gtk_label_get_text(GTK_LABEL(app->status)));
    char *focus = focus_name(app);
    g_string_append(out, ",\"focus\":");
    json_string(out, focus);
    g_free(focus);
    GtkEntry *entry = GTK_ENTRY(app->entry);
    const char *icon = gtk_entry_get_icon_name(entry, GTK_ENTRY_ICON_SECONDARY);
    g_string_append_printf(out, ",\"clear_button\":%s,\"bookmark_button\":%s,\"cancel_button\":%s",
                           g_strcmp0(icon, "edit-clear-symbolic") == 0 ? "true" : "false",
                           g_strcmp0(icon, "user-bookmarks-symbolic") == 0 ? "true" : "false",
                           gtk_widget_get_visible(app->cancel_button) ? "true" : "false");
    /* Where the field's trailing icon (clear or bookmark) is drawn: 16 px icon, 8 px inset. */
    graphene_rect_t field;
    double sx = 0, sy = 0;
    gtk_native_get_surface_transform(GTK_NATIVE(app->window), &sx, &sy);
    if (gtk_widget_compute_bounds(app->entry, app->window, &field))
        g_string_append_printf(out, ",\"icon\":{\"x\":%d,\"y\":%d}",
                               (int)(field.origin.x + field.size.width - 16 + sx),
                               (int)(field.origin.y + field.size.height / 2 + sy));
    g_string_append(out, ",\"scopes\":[");
    for (guint i = 0; i < app->scope_buttons->len; i++) {
        GtkWidget *button = g_ptr_array_index(app->scope_buttons, i);
        g_string_append(out, i ? ",{\"title\":" : "{\"title\":");
        json_string(out, gtk_button_get_label(GTK_BUTTON(button)));
        g_string_append_printf(out, ",\"selected\":%s",
                               gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(button)) ? "true" : "false");
        widget_centre(app, button, out);
        g_string_append_c(out, '}');
    }
    GtkListBoxRow *selected = gtk_list_box_get_selected_row(GTK_LIST_BOX(app->suggestion_list));
    g_string_append_printf(out, "],\"popover\":%s,\"suggestion_selected\":%d,\"suggestions\":[",
                           gtk_widget_get_visible(app->popover) ? "true" : "false",
                           selected ? gtk_list_box_row_get_index(selected) : -1);
    int n = 0;
    for (GtkWidget *row = gtk_widget_get_first_child(app->suggestion_list); row; row = gtk_widget_get_next_sibling(row)) {
        GtkWidget *box = gtk_list_box_row_get_child(GTK_LIST_BOX_ROW(row));
        GtkWidget *label = box ? gtk_widget_get_last_child(box) : NULL;
        if (!label || !GTK_IS_LABEL(label)) continue;
        if (n++) g_string_append_c(out, ',');
        json_string(out, gtk_label_get_text(GTK_LABEL(label)));
    }
    g_string_append_printf(out, "],\"total_rows\":%u,\"rows\":[", g_list_model_get_n_items(G_LIST_MODEL(app->rows)));
    GArray *shown = visible_rows(app);
    for (guint i = 0; i < shown->len; i++) {
        SbgRow *row = g_array_index(shown, ShownRow, i).row;
        g_string_append(out, i ? ",{\"title\":" : "{\"title\":");
        json_string(out, sbg_row_title(row));
        bold_ranges(out, "title", sbg_row_title(row), sbg_row_title_attrs(row));
        g_string_append(out, ",\"subtitle\":");
        json_string(out, sbg_row_subtitle(row));
        bold_ranges(out, "subtitle", sbg_row_subtitle(row), sbg_row_subtitle_attrs(row));
        g_string_append_c(out, '}');
    }
    g_array_unref(shown);
    g_string_append(out, "]}\n");
    return g_string_free(out, FALSE);
}

void dump_write(App *app) {
    if (!app->dump_path) return;
    char *json = render(app);
    GError *error = NULL;
    /* g_file_set_contents writes a temporary file and renames it over the old one. */
    if (!g_file_set_contents(app->dump_path, json, -1, &error)) {
        g_warning("--dump-rows %s: %s", app->dump_path, error->message);
        g_error_free(error);
    }
    g_free(json);
}

/* Written after the next frame is painted, so the rows and button positions are those on
 * screen (the list view makes its row widgets during the frame's layout). */
static void after_paint(GdkFrameClock *clock, App *app) {
    (void)clock;
    if (!app->dump_pending || app->closing) return;
    app->dump_pending = FALSE;
    dump_write(app);
}

void dump_schedule(App *app) {
    if (!app->dump_path || app->closing || !app->window) return;
    GdkFrameClock *clock = gtk_widget_get_frame_clock(app->window);
    if (!clock) return;
    if (!app->dump_clock_connected) {
        g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), app);
        app->dump_clock_connected = TRUE;
    }
    app->dump_pending = TRUE;
    gtk_widget_queue_draw(app->window); /* a frame even when nothing else changed */
}
