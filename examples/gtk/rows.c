/* The results list: one SbgRow per hit (title, subtitle and their Pango attributes), shown by a
 * GtkListView whose rows are two labels. The session's highlight ranges are UTF-8 byte ranges
 * of each field, and Pango's attribute indices are UTF-8 byte indices too: no conversion. */
#include "rows.h"

struct _SbgRow {
    GObject parent;
    uint64_t id;
    char *title;
    char *subtitle;
    PangoAttrList *title_attrs;
    PangoAttrList *subtitle_attrs;
};

G_DEFINE_TYPE(SbgRow, sbg_row, G_TYPE_OBJECT)

static void sbg_row_finalize(GObject *object) {
    SbgRow *row = SBG_ROW(object);
    g_free(row->title);
    g_free(row->subtitle);
    pango_attr_list_unref(row->title_attrs);
    pango_attr_list_unref(row->subtitle_attrs);
    G_OBJECT_CLASS(sbg_row_parent_class)->finalize(object);
}

static void sbg_row_class_init(SbgRowClass *klass) { G_OBJECT_CLASS(klass)->finalize = sbg_row_finalize; }
static void sbg_row_init(SbgRow *row) { (void)row; }

uint64_t sbg_row_id(SbgRow *row) { return row->id; }
const char *sbg_row_title(SbgRow *row) { return row->title; }
const char *sbg_row_subtitle(SbgRow *row) { return row->subtitle; }
PangoAttrList *sbg_row_title_attrs(SbgRow *row) { return row->title_attrs; }
PangoAttrList *sbg_row_subtitle_attrs(SbgRow *row) { return row->subtitle_attrs; }

/* Bold attributes for the byte ranges the query matched in a field of `len` bytes. */
static PangoAttrList *bold_ranges(const sb_range *ranges, size_t count, size_t len) {
    PangoAttrList *attrs = pango_attr_list_new();
    for (size_t i = 0; i < count; i++) {
        if (ranges[i].start >= ranges[i].end || ranges[i].end > len) continue;
        PangoAttribute *bold = pango_attr_weight_new(PANGO_WEIGHT_BOLD);
        bold->start_index = (guint)ranges[i].start;
        bold->end_index = (guint)ranges[i].end;
        pango_attr_list_insert(attrs, bold);
    }
    return attrs;
}

static SbgRow *row_from_results(sb_results *results, int64_t i) {
    SbgRow *row = g_object_new(SBG_TYPE_ROW, NULL);
    sb_hit hit;
    if (sb_results_get(results, i, &hit) == SB_OK) row->id = hit.id;
    const char *text = NULL;
    size_t len = 0, count = 0;
    const sb_range *ranges = NULL;
    if (sb_results_field(results, i, SB_FIELD_TITLE, &text, &len, &ranges, &count) != SB_OK) {
        text = "", len = 0, ranges = NULL, count = 0;
    }
    row->title = g_strndup(text, len);
    row->title_attrs = bold_ranges(ranges, count, len);
    if (sb_results_field(results, i, SB_FIELD_SUBTITLE, &text, &len, &ranges, &count) != SB_OK) {
        text = "", len = 0, ranges = NULL, count = 0;
    }
    row->subtitle = g_strndup(text, len);
    row->subtitle_attrs = bold_ranges(ranges, count, len);
    return row;
}

void rows_refresh(App *app) {
    sb_results *results = NULL;
    uint64_t generation = 0;
    if (app_check("sb_session_copy_results", sb_session_copy_results(app->session, &generation, &results))) return;
    size_t count = 0, total = 0;
    int32_t exact = 1;
    if (results) {
        sb_results_count(results, &count);
        sb_results_total(results, &total, &exact);
    }
    GPtrArray *fresh = g_ptr_array_new_with_free_func(g_object_unref);
    for (size_t i = 0; i < count; i++) g_ptr_array_add(fresh, row_from_results(results, (int64_t)i));
    /* One splice: the list view sees a single items-changed. */
    g_list_store_splice(app->rows, 0, g_list_model_get_n_items(G_LIST_MODEL(app->rows)), fresh->pdata, fresh->len);
    g_ptr_array_unref(fresh);
    sb_results_free(results);
    app->generation = generation;
    app->result_total = total;
    app->result_total_exact = exact != 0;
    app->has_results = results != NULL;
    /* New results start at the top (GTK 4.8 has no gtk_list_view_scroll_to). */
    GtkAdjustment *scroll = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(app->list_view));
    if (scroll) gtk_adjustment_set_value(scroll, 0);
}

static void setup_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory, (void)data;
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    gtk_widget_add_css_class(box, "result-row");
    GtkWidget *title = gtk_label_new(NULL);
    GtkWidget *subtitle = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(title), 0);
    gtk_label_set_xalign(GTK_LABEL(subtitle), 0);
    gtk_label_set_ellipsize(GTK_LABEL(title), PANGO_ELLIPSIZE_END);
    gtk_label_set_ellipsize(GTK_LABEL(subtitle), PANGO_ELLIPSIZE_END);
    gtk_widget_add_css_class(title, "result-title");
    gtk_widget_add_css_class(subtitle, "dim-label");
    gtk_widget_add_css_class(subtitle, "caption");
    gtk_box_append(GTK_BOX(box), title);
    gtk_box_append(GTK_BOX(box), subtitle);
    gtk_list_item_set_child(item, box);
}

static void bind_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory, (void)data;
    SbgRow *row = SBG_ROW(gtk_list_item_get_item(item));
    GtkWidget *box = gtk_list_item_get_child(item);
    GtkWidget *title = gtk_widget_get_first_child(box);
    GtkWidget *subtitle = gtk_widget_get_next_sibling(title);
    gtk_label_set_text(GTK_LABEL(title), row->title);
    gtk_label_set_attributes(GTK_LABEL(title), row->title_attrs);
    gtk_label_set_text(GTK_LABEL(subtitle), row->subtitle);
    gtk_label_set_attributes(GTK_LABEL(subtitle), row->subtitle_attrs);
    gtk_widget_set_visible(subtitle, row->subtitle[0] != '\0');
    g_object_set_data_full(G_OBJECT(box), "row", g_object_ref(row), g_object_unref); /* for --dump-rows */
    /* A screen reader reads the row as "title, subtitle". */
    char *name = row->subtitle[0] ? g_strdup_printf("%s, %s", row->title, row->subtitle) : g_strdup(row->title);
    gtk_accessible_update_property(GTK_ACCESSIBLE(box), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    g_free(name);
}

static void unbind_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory, (void)data;
    g_object_set_data(G_OBJECT(gtk_list_item_get_child(item)), "row", NULL);
}

/* Enter or a double click on a row: the user chose that result. */
static void activate_row(GtkListView *view, guint position, App *app) {
    (void)view;
    SbgRow *row = g_list_model_get_item(G_LIST_MODEL(app->rows), position);
    if (!row) return;
    if (!app_check("sb_session_choose_result", sb_session_choose_result(app->session, row->id)))
        chrome_set_message(app, "Chose %s", row->title);
    g_object_unref(row);
}

GtkWidget *rows_create_view(App *app) {
    app->rows = g_list_store_new(SBG_TYPE_ROW);
    GtkSingleSelection *selection = gtk_single_selection_new(G_LIST_MODEL(g_object_ref(app->rows)));
    gtk_single_selection_set_autoselect(selection, FALSE);
    gtk_single_selection_set_can_unselect(selection, TRUE);
    gtk_single_selection_set_selected(selection, GTK_INVALID_LIST_POSITION);
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_row), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_row), NULL);
    g_signal_connect(factory, "unbind", G_CALLBACK(unbind_row), NULL);
    GtkWidget *view = gtk_list_view_new(GTK_SELECTION_MODEL(selection), factory);
    gtk_list_view_set_single_click_activate(GTK_LIST_VIEW(view), FALSE);
    g_signal_connect(view, "activate", G_CALLBACK(activate_row), app);
    gtk_accessible_update_property(GTK_ACCESSIBLE(view), GTK_ACCESSIBLE_PROPERTY_LABEL, "Search results", -1);
    return view;
}
