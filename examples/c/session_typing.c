/* session_typing: a C host driving a searchbar session through a typed sequence, the way a
 * toolkit's key handler would: focus, type "zur" one key at a time, pick up results from the
 * event queue, switch scope, submit, clear. Uses a manual clock so timing is exact.
 * Build: gcc session_typing.c $(pkg-config --cflags --libs searchbar) */
#include <searchbar.h>
#include <stdio.h>
#include <string.h>

#define TRY(call)                                                                          \
    do {                                                                                   \
        sb_status status_ = (call);                                                        \
        if (status_ != SB_OK) {                                                            \
            fprintf(stderr, "%s: %s: %s\n", #call, sb_status_string(status_), sb_last_error()); \
            return 1;                                                                      \
        }                                                                                  \
    } while (0)


/* Prints queued events; waits up to `wait_ms` for results when a search is running. */
static int drain(sb_session *session, int32_t wait_ms, size_t *results_seen) {
    sb_event event;
    while (sb_session_next_event(session, wait_ms, &event) == SB_OK) {
        printf("  %-31s gen=%llu %s\n", sb_event_kind_string(event.kind), (unsigned long long)event.generation,
               event.text ? event.text : "");
        if (event.kind == SB_EVENT_RESULTS_READY) {
            sb_results *results = NULL;
            uint64_t generation = 0;
            if (sb_session_copy_results(session, &generation, &results) != SB_OK) return 1;
            size_t count = 0;
            if (sb_results_count(results, &count) != SB_OK) return 1;
            for (size_t i = 0; i < count && i < 3; i++) {
                sb_hit hit;
                if (sb_results_get(results, i, &hit) == SB_OK)
                    printf("    hit id=%llu highlights=%zu\n", (unsigned long long)hit.id, hit.highlight_count);
            }
            *results_seen += count;
            sb_results_free(results);
            wait_ms = 0;
        }
        sb_free(event.text);
    }
    return 0;
}

int main(void) {
    const char *titles[] = {"Zürich Hauptbahnhof", "Zurich Airport", "Zug", "Bern"};
    const char *scopes[] = {"All", "Trains", "Planes"};
    sb_item items[4];
    sb_index *index = NULL;
    sb_session *session = NULL;
    sb_session_options options = SB_SESSION_OPTIONS_INIT;
    size_t results_seen = 0;

    memset(items, 0, sizeof items);
    for (size_t i = 0; i < 4; i++) {
        items[i].id = i + 1;
        items[i].title = titles[i];
        items[i].title_len = strlen(titles[i]);
        items[i].scope = i == 1 ? 2 : 1;
    }
    sb_index_options index_options = SB_INDEX_OPTIONS_INIT;
    index_options.locale = "de";
    TRY(sb_index_new(&index_options, &index));
    TRY(sb_index_add(index, items, 4));

    options.clock = SB_CLOCK_MANUAL;
    TRY(sb_session_new(index, &options, &session));
    sb_index_free(index); /* the session keeps the index alive */
    TRY(sb_session_set_scope_titles(session, scopes, NULL, 3));
    TRY(sb_session_begin_editing(session));
    for (const char *key = "zur"; *key; key++) {
        char *text = NULL;
        size_t length = 0;
        TRY(sb_session_get_text(session, &text, &length));
        sb_free(text);
        printf("type '%c'\n", *key);
        TRY(sb_session_insert_text(session, length, key, 1));
        TRY(sb_session_advance_clock(session, 200)); /* past the 150 ms typing delay */
        if (drain(session, 2000, &results_seen)) return 1;
    }
    printf("tap scope 'Trains'\n");
    TRY(sb_session_select_scope(session, 1));
    if (drain(session, 2000, &results_seen)) return 1;
    printf("submit\n");
    TRY(sb_session_submit(session));
    if (drain(session, 2000, &results_seen)) return 1;
    printf("clear\n");
    TRY(sb_session_clear(session));
    if (drain(session, 2000, &results_seen)) return 1;
    TRY(sb_session_free(session));
    if (results_seen == 0) {
        fprintf(stderr, "no results were delivered\n");
        return 1;
    }
    printf("ok: %zu results seen\n", results_seen);
    return 0;
}
