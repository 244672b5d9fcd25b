/* Transliterated search through the installed library: sb_index_options.transliterate (version
 * 3), Latin queries finding Cyrillic, Greek and Hangul titles with highlights on the original
 * characters, Han as pinyin only under a zh locale, the option read back and kept by an index
 * file, an older options version (no such field) and a bad flag value. */
#define _GNU_SOURCE
#include <searchbar.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

static const char *TITLES[] = {"Москва", "Αθήνα", "서울", "北京", "Paris"};

static sb_index *make_index(const char *locale, int32_t transliterate) {
    sb_index_options options = SB_INDEX_OPTIONS_INIT;
    options.locale = locale;
    options.transliterate = transliterate;
    sb_index *index = NULL;
    CHECK_STATUS(sb_index_new(&options, &index), SB_OK);
    if (!index) return NULL;
    sb_item items[5];
    memset(items, 0, sizeof items);
    for (size_t i = 0; i < 5; i++) {
        items[i].id = i + 1;
        items[i].title = TITLES[i];
        items[i].title_len = strlen(TITLES[i]);
    }
    CHECK_STATUS(sb_index_add(index, items, 5), SB_OK);
    return index;
}

/* The id of the only hit of `query` in `mode` (0 when there is none or more than one), and
 * its highlighted text in `highlighted` (the ranges' bytes joined with '|'). */
static uint64_t only_hit(sb_index *index, const char *query, uint32_t mode, char *highlighted, size_t size) {
    sb_search_options options = SB_SEARCH_OPTIONS_INIT;
    options.mode = mode;
    sb_results *results = NULL;
    highlighted[0] = '\0';
    CHECK_STATUS(sb_index_search(index, query, strlen(query), &options, &results), SB_OK);
    uint64_t id = 0;
    if (results_count(results) == 1) {
        sb_hit hit;
        const char *text = NULL;
        size_t length = 0;
        CHECK_STATUS(sb_results_get(results, 0, &hit), SB_OK);
        CHECK_STATUS(sb_results_text(results, 0, &text, &length), SB_OK);
        id = hit.id;
        for (size_t r = 0; r < hit.highlight_count; r++) {
            size_t used = strlen(highlighted);
            snprintf(highlighted + used, size - used, "%s%.*s", r ? "|" : "",
                     (int)(hit.highlights[r].end - hit.highlights[r].start), text + hit.highlights[r].start);
        }
    }
    sb_results_free(results);
    return id;
}

static void latin_queries_find_other_scripts(void) {
    sb_index *index = make_index(NULL, 1);
    char h[256];
    CHECK(only_hit(index, "moskva", SB_MODE_PREFIX, h, sizeof h) == 1 && strcmp(h, "Москва") == 0);
    /* м о с к → m o s k: the highlight covers those four letters of the original. */
    CHECK(only_hit(index, "mosk", SB_MODE_PREFIX, h, sizeof h) == 1 && strcmp(h, "Моск") == 0);
    CHECK(only_hit(index, "athina", SB_MODE_PREFIX, h, sizeof h) == 2 && strcmp(h, "Αθήνα") == 0);
    CHECK(only_hit(index, "seoul", SB_MODE_PREFIX, h, sizeof h) == 3 && strcmp(h, "서울") == 0);
    CHECK(only_hit(index, "skva", SB_MODE_CONTAINS, h, sizeof h) == 1 && strcmp(h, "сква") == 0);
    CHECK(only_hit(index, "athn", SB_MODE_FUZZY, h, sizeof h) == 2);
    /* No zh locale: Han is not read as pinyin. The original script still finds itself. */
    CHECK(only_hit(index, "beijing", SB_MODE_PREFIX, h, sizeof h) == 0);
    CHECK(only_hit(index, "моск", SB_MODE_PREFIX, h, sizeof h) == 1 && strcmp(h, "Моск") == 0);

    sb_index_options back = SB_INDEX_OPTIONS_INIT;
    CHECK_STATUS(sb_index_get_options(index, &back), SB_OK);
    CHECK(back.transliterate == 1);
    sb_index_free(index);

    sb_index *chinese = make_index("zh", 1);
    CHECK(only_hit(chinese, "beijing", SB_MODE_PREFIX, h, sizeof h) == 4 && strcmp(h, "北京") == 0);
    sb_index_free(chinese);

    sb_index *plain = make_index(NULL, 0);
    CHECK(only_hit(plain, "moskva", SB_MODE_PREFIX, h, sizeof h) == 0);
    CHECK_STATUS(sb_index_get_options(plain, &back), SB_OK);
    CHECK(back.transliterate == 0);
    sb_index_free(plain);
}

static void options_versions_and_bad_values(void) {
    /* Version 2 has no transliterate: the default (off), and it is never read. */
    sb_index_options options;
    CHECK_STATUS(sb_index_options_init(&options, 2), SB_OK);
    sb_index *index = NULL;
    CHECK_STATUS(sb_index_new(&options, &index), SB_OK);
    sb_index_options back = SB_INDEX_OPTIONS_INIT;
    CHECK_STATUS(sb_index_get_options(index, &back), SB_OK);
    CHECK(back.version == SB_INDEX_OPTIONS_VERSION && back.transliterate == 0);
    sb_index_free(index);

    sb_index_options bad = SB_INDEX_OPTIONS_INIT;
    bad.transliterate = 2;
    index = NULL;
    CHECK_STATUS(sb_index_new(&bad, &index), SB_EINVAL);
    CHECK(index == NULL && strstr(sb_last_error(), "transliterate") != NULL);
}

static void index_files_keep_the_option(void) {
    char dir[] = "/tmp/sb-translit-XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK(!"mkdtemp");
        return;
    }
    char with[128], without[128];
    snprintf(with, sizeof with, "%s/with.sbidx", dir);
    snprintf(without, sizeof without, "%s/without.sbidx", dir);
    sb_index *index = make_index(NULL, 1);
    CHECK_STATUS(sb_index_save(index, with), SB_OK);
    sb_index_free(index);
    index = make_index(NULL, 0);
    CHECK_STATUS(sb_index_save(index, without), SB_OK);
    sb_index_free(index);

    char h[256];
    sb_index *opened = NULL;
    CHECK_STATUS(sb_index_open(with, NULL, &opened), SB_OK);
    CHECK(only_hit(opened, "mosk", SB_MODE_PREFIX, h, sizeof h) == 1 && strcmp(h, "Моск") == 0);
    sb_index_options back = SB_INDEX_OPTIONS_INIT;
    CHECK_STATUS(sb_index_get_options(opened, &back), SB_OK);
    CHECK(back.transliterate == 1);
    sb_index_free(opened);

    /* Asking for transliteration from a file saved without it is refused. */
    sb_index_options options = SB_INDEX_OPTIONS_INIT;
    options.transliterate = 1;
    opened = NULL;
    CHECK_STATUS(sb_index_open(without, &options, &opened), SB_EINVAL);
    CHECK(opened == NULL);
    CHECK_STATUS(sb_index_open(without, NULL, &opened), SB_OK);
    CHECK(only_hit(opened, "moskva", SB_MODE_PREFIX, h, sizeof h) == 0);
    sb_index_free(opened);

    unlink(with);
    unlink(without);
    rmdir(dir);
}

int main(void) {
    latin_queries_find_other_scripts();
    options_versions_and_bad_values();
    index_files_keep_the_option();
    return check_report();
}
