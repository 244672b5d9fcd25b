/*
 * End-to-end keystroke latency of a search-bar session, from a C host's view.
 *
 * Builds an index of the first --count lines of a titles file (one sb_index_add_packed() batch),
 * binds a session to it with a zero typing delay, and types each query of --queries one code
 * point at a time at the end of the field, as a keyboard does. Each keystroke is timed from the
 * sb_session_insert_text() call to the moment its SB_EVENT_RESULTS_READY is taken from the queue
 * after poll() reported the session's event descriptor readable: the latency a host's main
 * loop sees, with the library's executor, its result hand-over and the descriptor's wake-up in
 * it. Between queries the field is cleared and the events that follow are drained.
 *
 * Prints one JSON object on stdout, in the shape bench/keystrokes.py's workers print:
 *   {"build_s": S, "rss_growth": null, "modes": {MODE: {"per_query": [[ms, ...], ...],
 *    "final_hits": N}, ...}}
 *
 * Usage: session_latency --file TITLES --queries QUERIES [--count N] [--modes prefix,contains,fuzzy]
 * Built and run by bench/session_latency.py (bench/run.sh); needs libsearchbar.so and
 * include/searchbar.h.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "searchbar.h"

/* A keystroke's results not arriving in this long is a failure, not a measurement. */
#define RESULT_TIMEOUT_MS 30000
/* After clearing the field: events stop when none arrives for this long. */
#define QUIET_MS 100
#define LIMIT 50

static void fail(const char *what, sb_status status) {
    fprintf(stderr, "session_latency: %s failed: status %d: %s\n", what, (int)status, sb_last_error());
    exit(1);
}

#define CHECK(call)                                                                               \
    do {                                                                                          \
        sb_status status_ = (call);                                                               \
        if (status_ != SB_OK && status_ != SB_WARN_LOCALE_FALLBACK) fail(#call, status_);         \
    } while (0)

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1000.0 + (double)t.tv_nsec / 1e6;
}

/* The whole file, NUL-terminated. */
static char *read_file(const char *path, size_t *out_len) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(1);
    }
    size_t capacity = 1 << 20, len = 0;
    char *data = malloc(capacity);
    for (;;) {
        if (len + (1 << 20) + 1 > capacity) {
            capacity *= 2;
            data = realloc(data, capacity);
        }
        size_t got = fread(data + len, 1, capacity - len - 1, f);
        if (got == 0) break;
        len += got;
    }
    fclose(f);
    if (!data) exit(1);
    data[len] = 0;
    *out_len = len;
    return data;
}

/* The lines of `data` (newlines replaced by NULs): offsets for sb_packed_items without the
 * newlines. Returns the number of lines kept (at most `limit`, 0 = all). */
static size_t split_lines(char *data, size_t len, size_t limit, char **out_texts, size_t **out_offsets) {
    size_t count = 0;
    for (size_t i = 0; i < len; i++) count += data[i] == '\n';
    if (len && data[len - 1] != '\n') count++;
    if (limit && count > limit) count = limit;
    char *texts = malloc(len + 1);
    size_t *offsets = malloc((count + 1) * sizeof *offsets);
    size_t n = 0, out = 0, start = 0;
    offsets[0] = 0;
    for (size_t i = 0; i <= len && n < count; i++) {
        if (i == len || data[i] == '\n') {
            memcpy(texts + out, data + start, i - start);
            out += i - start;
            offsets[++n] = out;
            start = i + 1;
        }
    }
    *out_texts = texts;
    *out_offsets = offsets;
    return n;
}

/* Waits on the event descriptor and takes events until `want` says stop; returns the
 * RESULTS_READY event's count through `out_count`. `generation` tracks the newest query issued
 * (SB_EVENT_UPDATE_SEARCH_RESULTS); the wait ends at the results of that query. */
static int wait_for_results(sb_session *session, int fd, uint64_t *generation, uint64_t *out_count) {
    double deadline = now_ms() + RESULT_TIMEOUT_MS;
    for (;;) {
        sb_event event;
        sb_status status;
        while ((status = sb_session_next_event(session, 0, &event)) == SB_OK) {
            int done = 0;
            if (event.kind == SB_EVENT_UPDATE_SEARCH_RESULTS) *generation = event.generation;
            if (event.kind == SB_EVENT_RESULTS_READY && event.generation == *generation && *generation) {
                *out_count = event.count;
                done = 1;
            }
            if (event.kind == SB_EVENT_ERROR) fprintf(stderr, "session_latency: error event: %s\n", event.text);
            sb_free(event.text);
            if (done) return 1;
        }
        if (status != SB_EMPTY) fail("sb_session_next_event", status);
        double left = deadline - now_ms();
        if (left <= 0) return 0;
        struct pollfd p = {.fd = fd, .events = POLLIN};
        int ready = poll(&p, 1, (int)left + 1);
        if (ready < 0 && errno != EINTR) {
            perror("poll");
            exit(1);
        }
    }
}

/* Drains events until none arrives for QUIET_MS (after clearing the field). */
static void drain(sb_session *session) {
    sb_event event;
    while (sb_session_next_event(session, QUIET_MS, &event) == SB_OK) sb_free(event.text);
}

/* Length in bytes of the UTF-8 sequence starting with byte `b`. */
static size_t utf8_length(unsigned char b) {
    return b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
}

/* Types `query` one code point at a time into an empty field; appends each keystroke's
 * milliseconds to `out` (JSON). Returns the number of hits of the last keystroke. */
static uint64_t type_query(sb_session *session, int fd, const char *query, FILE *out) {
    size_t len = strlen(query), offset = 0;
    uint64_t generation = 0, count = 0;
    int first = 1;
    fputc('[', out);
    while (offset < len) {
        size_t step = utf8_length((unsigned char)query[offset]);
        if (offset + step > len) step = len - offset;
        generation = 0;  /* wait for the query this keystroke issues */
        double start = now_ms();
        CHECK(sb_session_insert_text(session, offset, query + offset, step));
        int space_only = 1;  /* a text of spaces is not searched (as bench/keystrokes.py skips it) */
        for (size_t i = 0; i < offset + step; i++) space_only &= query[i] == ' ';
        offset += step;
        if (space_only) continue;
        if (!wait_for_results(session, fd, &generation, &count)) {
            fprintf(stderr, "session_latency: no results for \"%.*s\" within %d ms\n", (int)offset, query,
                    RESULT_TIMEOUT_MS);
            exit(1);
        }
        double elapsed = now_ms() - start;
        fprintf(out, "%s%.4f", first ? "" : ", ", elapsed);
        first = 0;
    }
    fputc(']', out);
    CHECK(sb_session_set_text(session, "", 0));
    drain(session);
    return count;
}

static uint32_t mode_value(const char *name) {
    if (!strcmp(name, "prefix")) return SB_MODE_PREFIX;
    if (!strcmp(name, "contains")) return SB_MODE_CONTAINS;
    if (!strcmp(name, "fuzzy")) return SB_MODE_FUZZY;
    fprintf(stderr, "session_latency: unknown mode %s\n", name);
    exit(2);
}

int main(int argc, char **argv) {
    const char *file = NULL, *queries_path = NULL, *modes = "prefix,contains,fuzzy";
    size_t count = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--file")) file = argv[i + 1];
        else if (!strcmp(argv[i], "--queries")) queries_path = argv[i + 1];
        else if (!strcmp(argv[i], "--count")) count = strtoull(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "--modes")) modes = argv[i + 1];
        else {
            fprintf(stderr, "usage: session_latency --file TITLES --queries FILE [--count N] [--modes m,...]\n");
            return 2;
        }
    }
    if (!file || !queries_path) {
        fprintf(stderr, "usage: session_latency --file TITLES --queries FILE [--count N] [--modes m,...]\n");
        return 2;
    }

    size_t raw_len, query_len;
    char *raw = read_file(file, &raw_len);
    char *texts;
    size_t *offsets;
    size_t n = split_lines(raw, raw_len, count, &texts, &offsets);
    free(raw);
    uint64_t *ids = malloc(n * sizeof *ids);
    for (size_t i = 0; i < n; i++) ids[i] = i;

    char *query_text = read_file(queries_path, &query_len);
    char *queries[1024];
    size_t query_count = 0;
    for (char *line = strtok(query_text, "\n"); line && query_count < 1024; line = strtok(NULL, "\n"))
        queries[query_count++] = line;

    sb_index *index;
    CHECK(sb_index_new(NULL, &index));
    sb_packed_items items;
    CHECK(sb_packed_items_init(&items, SB_PACKED_ITEMS_VERSION));
    items.count = n;
    items.ids = ids;
    items.titles = texts;
    items.title_offsets = offsets;
    double start = now_ms();
    CHECK(sb_index_add_packed(index, &items));
    double build_s = (now_ms() - start) / 1000.0;
    free(texts);
    free(offsets);
    free(ids);

    printf("{\"build_s\": %.4f, \"rss_growth\": null, \"items\": %zu, \"modes\": {", build_s, n);
    char *mode_list = strdup(modes);
    int first_mode = 1;
    for (char *mode = strtok(mode_list, ","); mode; mode = strtok(NULL, ",")) {
        sb_session *session;
        CHECK(sb_session_new(index, NULL, &session));
        sb_search_timing timing;
        CHECK(sb_search_timing_init(&timing, SB_SEARCH_TIMING_VERSION));
        timing.delay_ms = 0;  /* search at every keystroke, at once */
        timing.stall_ms = 0;  /* no stall notices in the queue */
        CHECK(sb_session_set_timing(session, &timing));
        sb_search_options options = SB_SEARCH_OPTIONS_INIT;
        options.mode = mode_value(mode);
        options.limit = LIMIT;
        CHECK(sb_session_set_search_options(session, &options));
        CHECK(sb_session_set_active(session, 1));
        CHECK(sb_session_begin_editing(session));
        int fd;
        CHECK(sb_session_event_fd(session, &fd));
        drain(session);

        /* warm-up: a query sharing no prefix with the real ones, as bench/keystrokes.py does */
        FILE *sink = fopen("/dev/null", "w");
        type_query(session, fd, "zqxj", sink);
        fclose(sink);

        printf("%s\"%s\": {\"per_query\": [", first_mode ? "" : ", ", mode);
        first_mode = 0;
        uint64_t hits = 0;
        for (size_t q = 0; q < query_count; q++) {
            if (q) printf(", ");
            hits += type_query(session, fd, queries[q], stdout);
        }
        printf("], \"final_hits\": %llu}", (unsigned long long)hits);
        fflush(stdout);
        CHECK(sb_session_free(session));
    }
    printf("}}\n");
    free(mode_list);
    free(query_text);
    CHECK(sb_index_free(index));
    return 0;
}
