/* Shared by the session and results C tests: a prefix-mode index for a locale, the three-item
 * index of fruit, and a session on a manual clock (over an index, or host-searched with NULL)
 * keeping its recents in a given directory. */
#ifndef SB_FRUIT_FIXTURE_H
#define SB_FRUIT_FIXTURE_H
#include <searchbar.h>
#include <stdint.h>
#include <string.h>
#include "check.h"

/* A new empty index: prefix mode, every field, `locale` (NULL for none), two threads. */
static inline sb_index *prefix_index(const char *locale) {
    sb_index *index = NULL;
    CHECK_STATUS(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, SB_MODE_PREFIX, 0, locale, 2, 0, 0}, &index), SB_OK);
    return index;
}

/* Adds `count` items titled `titles` with ids 1..count, in `scopes` (NULL: scope 0). */
static inline void add_titled(sb_index *index, const char *const *titles, const uint32_t *scopes, size_t count) {
    sb_item items[16];
    CHECK(count <= 16);
    memset(items, 0, sizeof items);
    for (size_t i = 0; i < count; i++) {
        items[i].id = (uint64_t)(i + 1);
        items[i].title = titles[i];
        items[i].title_len = strlen(titles[i]);
        items[i].scope = scopes ? scopes[i] : 0;
    }
    CHECK_STATUS(sb_index_add(index, items, count), SB_OK);
}

static inline void add_fruit(sb_index *index) {
    /* Three titles matching "ap", one with a subtitle match, in scope 1. */
    static const char *titles[] = {"apple", "apricot", "grape"};
    static const char *subtitles[] = {"", "", "a vine fruit, apt to ferment"};
    sb_item items[3];
    memset(items, 0, sizeof items);
    for (int i = 0; i < 3; i++) {
        items[i].id = (uint64_t)(i + 1);
        items[i].title = titles[i];
        items[i].title_len = strlen(titles[i]);
        items[i].subtitle = subtitles[i];
        items[i].subtitle_len = strlen(subtitles[i]);
        items[i].scope = 1;
    }
    CHECK_STATUS(sb_index_add(index, items, 3), SB_OK);
}

/* The fruit index: an English prefix-mode index holding add_fruit()'s three items. */
static inline sb_index *fruit_index(void) {
    sb_index *index = prefix_index("en");
    add_fruit(index);
    return index;
}

/* Waits (up to 30 s, a bound that holds on a loaded machine) for the results of `generation`;
 * returns their count, or -1. */
static inline long wait_results(sb_session *session, uint64_t generation) {
    for (int i = 0; i < 3000; i++) {
        sb_event event;
        sb_status status = sb_session_next_event(session, 10, &event);
        if (status == SB_OK) {
            sb_free(event.text);
            if (event.kind == SB_EVENT_RESULTS_READY && event.generation == generation) return (long)event.count;
        }
    }
    return -1;
}

static inline sb_session *index_session(sb_index *index, const char *dir) {
    sb_session_options options = SB_SESSION_OPTIONS_INIT;
    options.clock = SB_CLOCK_MANUAL;
    options.recents_directory = dir;
    sb_session *session = NULL;
    CHECK_STATUS(sb_session_new(index, &options, &session), SB_OK);
    return session;
}
#endif
