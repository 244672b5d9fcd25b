/* What the session's display state says, drawn with GTK widgets: the placeholder, the clear and
 * bookmark icons inside the field, the Cancel button, the scope bar, the status line (which is
 * also what a screen reader announces) and the popover of recents and suggestions. */
#include "app.h"

#include <string.h>

/* -- scope bar ----------------------------------------------------------------------------------- */

static void on_scope_toggled(GtkToggleButton *button, App *app) {
    if (!gtk_toggle_button_get_active(button) || !app->session) return;
    int64_t index = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(button), "scope"));
    sb_status status = sb_session_select_scope(app->session, index);
    if (status != SB_ECANCELED) app_check("sb_session_select_scope", status);
    session_io_drain(app);
}

void chrome_build_scope_bar(App *app) {
    sb_display *display = NULL;
    if (app_check("sb_session_display", sb_session_display(app->session, &display))) return;
    GtkToggleButton *group = NULL;
    for (size_t i = 0; i < display->scope_count; i++) {
        GtkWidget *button = gtk_toggle_button_new_with_label(display->scope_titles[i]);
        g_object_set_data(G_OBJECT(button), "scope", GINT_TO_POINTER((int)i));
        /* A click changes the scope and leaves the focus in the field, so typing goes on (as
         * a scope bar's tap does); Tab still reaches the buttons. */
        gtk_widget_set_focus_on_click(button, FALSE);
        if (group) gtk_toggle_button_set_group(GTK_TOGGLE_BUTTON(button), group);
        else group = GTK_TOGGLE_BUTTON(button);
        gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(button), (int64_t)i == display->selected_scope);
        g_signal_connect(button, "toggled", G_CALLBACK(on_scope_toggled), app);
        char *tip = i < 9 ? g_strdup_printf("Search %s (Alt+%zu)", display->scope_titles[i], i + 1) : NULL;
        if (tip) gtk_widget_set_tooltip_text(button, tip);
        g_free(tip);
        gtk_box_append(GTK_BOX(app->scope_bar), button);
        g_ptr_array_add(app->scope_buttons, button);
    }
    sb_free(display);
}

/* -- status line ---------------------------------------------------------------------------------- */

static char *count_text(App *app) {
    const char *text = gtk_editable_get_text(GTK_EDITABLE(app->entry));
    if (!app->has_results || (!text[0] && !app->preedit[0] && app->result_total == 0)) return g_strdup("");
    if (app->result_total == 0) return g_strdup("No results");
    return g_strdup_printf("%zu%s result%s", app->result_total, app->result_total_exact ? "" : "+",
                           app->result_total == 1 ? "" : "s");
}

static void set_status(App *app, const char *text) {
    if (strcmp(gtk_label_get_text(GTK_LABEL(app->status)), text) == 0) return;
    gtk_label_set_text(GTK_LABEL(app->status), text);
    /* The label's role is STATUS (a live region); its accessible label changes with it, which
     * assistive technologies read out without the focus moving. */
    gtk_accessible_update_property(GTK_ACCESSIBLE(app->status), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

void chrome_show_results_count(App *app) {
    char *count = count_text(app);
    /* GTK 4.8 has no announcement call (gtk_accessible_announce() came in 4.14) and no
     * live-region property: the count goes into the status line (role STATUS), into the
     * field's accessible description (a change on the focused object is what a screen reader
     * speaks) and into the list's, read when the list gets the focus. */
    gtk_accessible_update_property(GTK_ACCESSIBLE(app->entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, count, -1);
    gtk_accessible_update_property(GTK_ACCESSIBLE(app->list_view), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                   count[0] ? count : "No search", -1);
    g_free(app->message);
    app->message = NULL;
    set_status(app, count);
    g_free(count);
}

void chrome_set_message(App *app, const char *format, ...) {
    va_list args;
    va_start(args, format);
    g_free(app->message);
    app->message = g_strdup_vprintf(format, args);
    va_end(args);
    set_status(app, app->message);
}

/* -- buttons and field ---------------------------------------------------------------------------- */

void chrome_refresh(App *app) {
    if (!app->session) return;
    sb_display *d = NULL;
    if (app_check("sb_session_display", sb_session_display(app->session, &d))) return;
    gtk_entry_set_placeholder_text(GTK_ENTRY(app->entry), d->placeholder);
    const char *icon = d->shows_clear_button ? "edit-clear-symbolic"
                       : d->shows_bookmark_button ? "user-bookmarks-symbolic" : NULL;
    const char *tip = d->shows_clear_button ? "Clear (Escape)" : d->shows_bookmark_button ? "Recent searches" : NULL;
    GtkEntry *entry = GTK_ENTRY(app->entry);
    if (g_strcmp0(gtk_entry_get_icon_name(entry, GTK_ENTRY_ICON_SECONDARY), icon) != 0) {
        gtk_entry_set_icon_from_icon_name(entry, GTK_ENTRY_ICON_SECONDARY, icon);
        gtk_entry_set_icon_tooltip_text(entry, GTK_ENTRY_ICON_SECONDARY, tip);
    }
    gtk_widget_set_visible(app->cancel_button, d->shows_cancel_button);
    if (d->shows_cancel_button) {
        const sb_bar_item *last = d->trailing_count ? &d->trailing_items[d->trailing_count - 1] : NULL;
        if (last && last->kind == SB_BAR_ITEM_CANCEL)
            gtk_button_set_label(GTK_BUTTON(app->cancel_button), last->title);
    }
    gtk_widget_set_visible(app->scope_bar, d->shows_scope_bar);
    for (guint i = 0; i < app->scope_buttons->len; i++) {
        GtkToggleButton *button = g_ptr_array_index(app->scope_buttons, i);
        if (gtk_toggle_button_get_active(button) != ((int64_t)i == d->selected_scope)) {
            g_signal_handlers_block_matched(button, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, app);
            gtk_toggle_button_set_active(button, (int64_t)i == d->selected_scope);
            g_signal_handlers_unblock_matched(button, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, app);
        }
    }
    if (d->is_stalled) set_status(app, "Searching…");
    sb_free(d);
}

/* -- popover: recents and suggestions ------------------------------------------------------------ */

static void choose_suggestion(App *app, int index) {
    gtk_popover_popdown(GTK_POPOVER(app->popover));
    app_check("sb_session_choose_suggestion", sb_session_choose_suggestion(app->session, index));
    session_io_drain(app);
}

static void on_suggestion_activated(GtkListBox *list, GtkListBoxRow *row, App *app) {
    (void)list;
    choose_suggestion(app, gtk_list_box_row_get_index(row));
}

void chrome_refresh_suggestions(App *app) {
    if (!app->session) return;
    sb_suggestion *suggestions = NULL;
    size_t count = 0;
    if (app_check("sb_session_suggestions", sb_session_suggestions(app->session, &suggestions, &count))) return;
    GtkListBox *list = GTK_LIST_BOX(app->suggestion_list);
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(app->suggestion_list))) gtk_list_box_remove(list, child);
    for (size_t i = 0; i < count; i++) {
        static const char *icons[] = {"document-open-recent-symbolic", "edit-find-symbolic", "starred-symbolic"};
        GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
        uint32_t source = suggestions[i].source;
        gtk_box_append(GTK_BOX(box), gtk_image_new_from_icon_name(icons[source < 3 ? source : 1]));
        GtkWidget *label = gtk_label_new(suggestions[i].title);
        gtk_label_set_xalign(GTK_LABEL(label), 0);
        gtk_box_append(GTK_BOX(box), label);
        gtk_list_box_append(list, box);
        GtkWidget *row = gtk_widget_get_parent(box);
        const char *kind = source == SB_SUGGESTION_RECENT ? "Recent search" : "Suggestion";
        char *name = g_strdup_printf("%s: %s", kind, suggestions[i].title);
        gtk_accessible_update_property(GTK_ACCESSIBLE(row), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
        g_free(name);
    }
    app->suggestion_count = count;
    sb_free(suggestions);
    /* Shown while the field has the focus and there is something to offer; never while a
     * composition is under way (the input method's own candidates come first). */
    gboolean wanted = count > 0 && gtk_widget_has_focus(app->text) && !app->preedit[0] &&
                      !app->popover_dismissed;
    if (wanted && gtk_widget_get_visible(app->popover)) gtk_popover_present(GTK_POPOVER(app->popover)); /* new size */
    else if (wanted) gtk_popover_popup(GTK_POPOVER(app->popover));
    else if (!wanted && gtk_widget_get_visible(app->popover)) gtk_popover_popdown(GTK_POPOVER(app->popover));
}

/* Up/Down/Return from the field move through and choose suggestions while the popover shows.
 * Returns TRUE when the key was used. */
gboolean chrome_suggestion_key(App *app, guint keyval) {
    if (!gtk_widget_get_visible(app->popover) || app->suggestion_count == 0) return FALSE;
    GtkListBox *list = GTK_LIST_BOX(app->suggestion_list);
    GtkListBoxRow *selected = gtk_list_box_get_selected_row(list);
    int index = selected ? gtk_list_box_row_get_index(selected) : -1;
    switch (keyval) {
    case GDK_KEY_Down:
        if (index + 1 >= (int)app->suggestion_count) return FALSE; /* past the last: the results */
        gtk_list_box_select_row(list, gtk_list_box_get_row_at_index(list, index + 1));
        return TRUE;
    case GDK_KEY_Up:
        if (index < 0) return FALSE;
        if (index == 0) gtk_list_box_unselect_all(list);
        else gtk_list_box_select_row(list, gtk_list_box_get_row_at_index(list, index - 1));
        return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
        if (index < 0) return FALSE;
        choose_suggestion(app, index);
        return TRUE;
    default:
        return FALSE;
    }
}

GtkWidget *chrome_create_popover(App *app) {
    GtkWidget *popover = gtk_popover_new();
    gtk_popover_set_autohide(GTK_POPOVER(popover), FALSE);
    gtk_popover_set_has_arrow(GTK_POPOVER(popover), FALSE);
    gtk_widget_add_css_class(popover, "suggestions");
    gtk_popover_set_position(GTK_POPOVER(popover), GTK_POS_BOTTOM);
    gtk_widget_set_halign(popover, GTK_ALIGN_START);
    GtkWidget *list = gtk_list_box_new();
    gtk_list_box_set_selection_mode(GTK_LIST_BOX(list), GTK_SELECTION_SINGLE);
    gtk_list_box_set_activate_on_single_click(GTK_LIST_BOX(list), TRUE);
    gtk_widget_set_can_focus(list, FALSE);
    gtk_accessible_update_property(GTK_ACCESSIBLE(list), GTK_ACCESSIBLE_PROPERTY_LABEL, "Suggestions", -1);
    g_signal_connect(list, "row-activated", G_CALLBACK(on_suggestion_activated), app);
    gtk_widget_set_size_request(list, 260, -1);
    gtk_popover_set_child(GTK_POPOVER(popover), list);
    app->suggestion_list = list;
    return popover;
}
