/* libFuzzer harness: items and queries. Byte 0: mode (bits 0-1), extended (bit 2), no typos
 * (bit 3), add the item (bit 4), with a filter (bit 5), remove (bit 6). The rest splits at the
 * first NUL: item text (title, then subtitle and keywords at '\n'), then the query. One index
 * lives across runs, holding at most 64 fuzzed items besides a fixed set. */
#include <searchbar.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static sb_index *g_index;
static uint64_t g_next;

static void setup(void) {
    if (g_index) return;
    sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, 0, 0, "en", 1, 0, 0}, &g_index);
    static const char *titles[] = {"Résumé", "video", "Straße", "東京都", "İstanbul", "naïve café",
                                   "snake_case_name", "📱 phone", "Ελληνικά", "مرحبا بالعالم", "ไทย", "한국어"};
    sb_item items[12];
    sb_attribute attrs[2];
    memset(items, 0, sizeof items);
    memset(attrs, 0, sizeof attrs);
    attrs[0].name = "kind"; attrs[0].name_len = 4; attrs[0].text = "fruit"; attrs[0].text_len = 5;
    attrs[1].name = "price"; attrs[1].name_len = 5; attrs[1].number = 3.5;
    for (int i = 0; i < 12; i++) {
        items[i].id = 1000 + (uint64_t)i;
        items[i].title = titles[i];
        items[i].title_len = strlen(titles[i]);
        items[i].scope = (uint32_t)(i % 3);
        items[i].attributes = attrs;
        items[i].attribute_count = 2;
    }
    sb_index_add(g_index, items, 12);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    setup();
    if (size < 1) return 0;
    uint8_t control = data[0];
    data++;
    size--;
    const uint8_t *nul = memchr(data, 0, size);
    size_t item_len = nul ? (size_t)(nul - data) : 0;
    const char *query = nul ? (const char *)nul + 1 : (const char *)data;
    size_t query_len = nul ? size - item_len - 1 : size;

    if (control & 0x10) {
        const char *text = (const char *)data;
        const char *nl1 = memchr(text, '\n', item_len);
        const char *nl2 = nl1 ? memchr(nl1 + 1, '\n', item_len - (size_t)(nl1 + 1 - text)) : NULL;
        sb_item item;
        sb_attribute attr;
        memset(&item, 0, sizeof item);
        memset(&attr, 0, sizeof attr);
        item.id = g_next++ % 64;
        item.title = text;
        item.title_len = nl1 ? (size_t)(nl1 - text) : item_len;
        if (nl1) {
            item.subtitle = nl1 + 1;
            item.subtitle_len = nl2 ? (size_t)(nl2 - nl1 - 1) : item_len - (size_t)(nl1 + 1 - text);
        }
        if (nl2) {
            item.keywords = nl2 + 1;
            item.keywords_len = item_len - (size_t)(nl2 + 1 - text);
        }
        attr.name = "kind"; attr.name_len = 4; attr.text = item.title; attr.text_len = item.title_len;
        item.attributes = &attr;
        item.attribute_count = 1;
        item.scope = control & 3;
        sb_index_add(g_index, &item, 1);
    }
    if (control & 0x40) {
        uint64_t id = control % 64;
        sb_index_remove(g_index, &id, 1);
    }
    sb_search_options options = SB_SEARCH_OPTIONS_INIT;
    sb_filter filter;
    memset(&filter, 0, sizeof filter);
    options.mode = control & 3;
    options.flags = ((control & 4) ? SB_SEARCH_EXTENDED : 0) | ((control & 8) ? SB_SEARCH_NO_TYPOS : 0);
    options.limit = 20;
    if (control & 0x20) {
        filter.attribute = "kind";
        filter.attribute_len = 4;
        filter.kind = (control & 0x80) ? SB_FILTER_RANGE : SB_FILTER_EQUALS;
        filter.text = query;
        filter.text_len = query_len < 16 ? query_len : 16;
        filter.min = -1;
        filter.max = (double)query_len;
        options.filters = &filter;
        options.filter_count = 1;
    }
    sb_results *results = NULL;
    if (sb_index_search(g_index, query, query_len, &options, &results) == SB_OK) {
        size_t count = 0;
        (void)sb_results_count(results, &count);
        for (size_t i = 0; i < count; i++) {
            sb_hit hit;
            if (sb_results_get(results, i, &hit) != SB_OK) abort();
            for (size_t k = 0; k < hit.highlight_count; k++) {
                if (hit.highlights[k].start >= hit.highlights[k].end) abort();
                if (k && hit.highlights[k].start < hit.highlights[k - 1].end) abort();
            }
        }
        sb_results_free(results);
    } else if (results != NULL) {
        abort();
    }
    return 0;
}
