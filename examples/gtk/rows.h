/* SbgRow: one result row (title, subtitle, the matched ranges as bold Pango attributes). */
#ifndef SEARCHBAR_GTK_ROWS_H
#define SEARCHBAR_GTK_ROWS_H

#include "app.h"

#define SBG_TYPE_ROW (sbg_row_get_type())
G_DECLARE_FINAL_TYPE(SbgRow, sbg_row, SBG, ROW, GObject)

uint64_t sbg_row_id(SbgRow *row);
const char *sbg_row_title(SbgRow *row);
const char *sbg_row_subtitle(SbgRow *row);
/** The attributes drawn on the title: bold over each matched byte range. */
PangoAttrList *sbg_row_title_attrs(SbgRow *row);
PangoAttrList *sbg_row_subtitle_attrs(SbgRow *row);

#endif
