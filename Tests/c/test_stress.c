/* Concurrency stress: 8 threads add, remove and search one index while 4 sessions type, submit
 * and cancel, for SB_STRESS_SECONDS (default 8) seconds. Checks:
 *  - snapshot consistency: items are added and removed in batches of 10 ids (group g holds ids
 *    10g..10g+9, every title has the word "grp"); a search for "grp" must return every id of a
 *    group or none of it (a search sees the index before or after a batch, never a part);
 *  - every hit id is one the test could have added; no duplicates;
 *  - sessions: SB_EVENT_RESULTS_READY only for the newest issued generation (no stale
 *    delivery), generations strictly increase, delivered ids are valid;
 *  - session latency under the write and search flood: a typist that asks for a search waits
 *    for its results; every such round must get them within ROUND_LIMIT_S, and the median round
 *    within MEDIAN_LIMIT_MS. The searcher threads fire asynchronous searches far faster than
 *    the pool runs them, so a session queued behind them (one FIFO for all) waited seconds, its
 *    wait growing with the backlog; on a lane of its own it waits a few searches. Medians seen
 *    on a loaded 2-core machine: 8-12 ms in a release build, 69 ms under ASan, 97 ms under
 *    TSan (8 s before, 0.3-0.8 s with only the lock fixed); the limits leave ten times the
 *    sanitizers' figure and are still far below what starvation gives;
 *  - a watchdog fails the test when no thread makes progress for 20 s (deadlock). */
#define _GNU_SOURCE
#include <searchbar.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "check.h"

#define GROUPS 64
#define PER_GROUP 10
#define MAX_ID (GROUPS * PER_GROUP)
#define ROUND_LIMIT_S 15.0
#define MEDIAN_LIMIT_MS 1000.0
#define MAX_ROUNDS 100000

static sb_index *g_index;
static atomic_int g_stop;
static atomic_long g_progress;
static atomic_long g_failures;
static atomic_long g_searches, g_async_done, g_writes, g_session_results, g_session_ops;
static const char *WORDS[] = {"alpha", "bravo", "charlie", "delta", "echo"};

#define FAIL(...) do { fprintf(stderr, __VA_ARGS__); atomic_fetch_add(&g_failures, 1); } while (0)

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void title_of(uint64_t id, char *out, size_t size) {
    snprintf(out, size, "grp %s n%llu", WORDS[id % 5], (unsigned long long)id);
}

static void add_group(int group) {
    sb_item items[PER_GROUP];
    char titles[PER_GROUP][64];
    memset(items, 0, sizeof items);
    for (int i = 0; i < PER_GROUP; i++) {
        uint64_t id = (uint64_t)(group * PER_GROUP + i);
        title_of(id, titles[i], sizeof titles[i]);
        items[i].id = id;
        items[i].title = titles[i];
        items[i].title_len = strlen(titles[i]);
        items[i].weight = (double)(id % 7);
    }
    if (sb_index_add(g_index, items, PER_GROUP) != SB_OK) FAIL("add: %s\n", sb_last_error());
}

static void remove_group(int group) {
    uint64_t ids[PER_GROUP];
    for (int i = 0; i < PER_GROUP; i++) ids[i] = (uint64_t)(group * PER_GROUP + i);
    if (sb_index_remove(g_index, ids, PER_GROUP) != SB_OK) FAIL("remove: %s\n", sb_last_error());
}

/* Checks one result set of "grp": whole groups only, valid ids, no duplicates. */
static void check_grp_results(sb_results *results, const char *who) {
    unsigned char seen[MAX_ID];
    int per_group[GROUPS];
    memset(seen, 0, sizeof seen);
    memset(per_group, 0, sizeof per_group);
    size_t count = results_count(results);
    for (size_t i = 0; i < count; i++) {
        sb_hit hit;
        if (sb_results_get(results, i, &hit) != SB_OK) { FAIL("%s: get failed\n", who); return; }
        if (hit.id >= MAX_ID) { FAIL("%s: unknown id %llu\n", who, (unsigned long long)hit.id); return; }
        if (seen[hit.id]++) { FAIL("%s: duplicate id %llu\n", who, (unsigned long long)hit.id); return; }
        per_group[hit.id / PER_GROUP]++;
    }
    for (int g = 0; g < GROUPS; g++) {
        if (per_group[g] != 0 && per_group[g] != PER_GROUP) {
            FAIL("%s: group %d has %d of %d items: not a snapshot\n", who, g, per_group[g], PER_GROUP);
            return;
        }
    }
}

static void *writer(void *arg) {
    unsigned seed = (unsigned)(uintptr_t)arg;
    int adder = (int)((uintptr_t)arg % 2 == 0);
    while (!atomic_load(&g_stop)) {
        int group = (int)(rand_r(&seed) % GROUPS);
        if (adder || rand_r(&seed) % 3 == 0) add_group(group); else remove_group(group);
        atomic_fetch_add(&g_writes, 1);
        atomic_fetch_add(&g_progress, 1);
    }
    return NULL;
}

static void async_done(void *context, uint64_t ticket, sb_status status, sb_results *results) {
    (void)context;
    (void)ticket;
    if (status == SB_OK) {
        check_grp_results(results, "async");
        sb_results_free(results);
    } else if (status != SB_ECANCELED) {
        FAIL("async: status %d\n", status);
    }
    atomic_fetch_add(&g_async_done, 1);
    atomic_fetch_add(&g_progress, 1);
}

static void *searcher(void *arg) {
    unsigned seed = (unsigned)(uintptr_t)arg;
    sb_search_options options = SB_SEARCH_OPTIONS_INIT;
    options.limit = 10000;
    long issued = 0;
    while (!atomic_load(&g_stop)) {
        if (rand_r(&seed) % 2) {
            sb_results *results = NULL;
            if (sb_index_search(g_index, "grp", 3, &options, &results) != SB_OK) FAIL("search: %s\n", sb_last_error());
            check_grp_results(results, "sync");
            sb_results_free(results);
        } else {
            uint64_t ticket = 0;
            if (sb_index_search_async(g_index, "grp", 3, &options, async_done, NULL, &ticket) != SB_OK) {
                FAIL("async start: %s\n", sb_last_error());
            } else {
                issued++;
                if (rand_r(&seed) % 2) sb_index_cancel(g_index, ticket);
            }
        }
        atomic_fetch_add(&g_searches, 1);
        atomic_fetch_add(&g_progress, 1);
    }
    return (void *)issued;
}

typedef struct {
    sb_session *session;
    uint64_t newest_issued;  /* only touched in the callback: callbacks never run two at once */
    uint64_t last_ready;
    atomic_long ready;
    double *latencies;  /* seconds from sb_session_search_now to its results, per round */
    size_t rounds, late;
} session_state;

static void on_event(void *user, const sb_event *event) {
    session_state *state = user;
    if (event->kind == SB_EVENT_UPDATE_SEARCH_RESULTS) {
        if (event->generation <= state->newest_issued) FAIL("session: generation %llu after %llu\n",
            (unsigned long long)event->generation, (unsigned long long)state->newest_issued);
        state->newest_issued = event->generation;
    } else if (event->kind == SB_EVENT_RESULTS_READY) {
        if (event->generation != state->newest_issued)
            FAIL("session: stale results for generation %llu, newest is %llu\n",
                 (unsigned long long)event->generation, (unsigned long long)state->newest_issued);
        if (event->generation <= state->last_ready && state->last_ready != 0)
            FAIL("session: results twice for generation %llu\n", (unsigned long long)event->generation);
        state->last_ready = event->generation;
        uint64_t generation = 0, *ids = NULL;
        size_t count = 0;
        if (sb_session_results(state->session, &generation, &ids, &count) != SB_OK) FAIL("session results\n");
        for (size_t i = 0; i < count; i++) {
            if (ids[i] >= MAX_ID) FAIL("session: unknown id %llu\n", (unsigned long long)ids[i]);
        }
        sb_free(ids);
        atomic_fetch_add(&state->ready, 1);
        atomic_fetch_add(&g_session_results, 1);
    }
    atomic_fetch_add(&g_progress, 1);
}

static void *typist(void *arg) {
    session_state *state = arg;
    sb_session *s = state->session;
    unsigned seed = (unsigned)(uintptr_t)s;
    sb_search_timing timing = SB_SEARCH_TIMING_INIT;
    sb_session_get_timing(s, &timing);
    timing.delay_ms = 2;
    timing.stall_ms = 5;
    sb_session_set_timing(s, &timing);
    while (!atomic_load(&g_stop)) {
        sb_session_begin_editing(s);
        const char *word = WORDS[rand_r(&seed) % 5];
        size_t len = 1 + rand_r(&seed) % strlen(word);
        for (size_t i = 0; i < len && !atomic_load(&g_stop); i++) {
            char *text = NULL;
            size_t text_len = 0;
            sb_session_get_text(s, &text, &text_len);
            sb_status st = sb_session_insert_text(s, text_len, word + i, 1);
            sb_free(text);
            if (st != SB_OK) FAIL("insert: %d %s\n", st, sb_last_error());
            if (rand_r(&seed) % 3 == 0) usleep(1000 + rand_r(&seed) % 3000);
        }
        switch (rand_r(&seed) % 4) {
        case 0: sb_session_submit(s); break;
        case 1: sb_session_cancel(s); break;
        case 2: sb_session_clear(s); break;
        default: {
            /* ask for a search and wait for its results (however long: ROUND_LIMIT_S decides) */
            sb_session_set_text(s, "grp", 3);
            long before = atomic_load(&state->ready);
            double start = now();
            sb_session_search_now(s, NULL);
            while (atomic_load(&state->ready) == before && now() - start < ROUND_LIMIT_S) usleep(200);
            double waited = now() - start;
            if (atomic_load(&state->ready) == before) {
                state->late++;
                FAIL("session: no results %.1f s after sb_session_search_now\n", waited);
            } else if (state->rounds < MAX_ROUNDS) {
                state->latencies[state->rounds++] = waited;
            }
            break;
        }
        }
        sb_event event;
        while (sb_session_next_event(s, 0, &event) == SB_OK) sb_free(event.text);
        atomic_fetch_add(&g_session_ops, 1);
        atomic_fetch_add(&g_progress, 1);
    }
    return NULL;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void *watchdog(void *arg) {
    double limit = *(double *)arg;
    long last = -1;
    double last_change = now();
    for (;;) {
        sleep(1);
        long p = atomic_load(&g_progress);
        if (p != last) { last = p; last_change = now(); }
        if (now() - last_change > 20 || now() > limit) {
            fprintf(stderr, "watchdog: no progress for %.0f s (or over the time limit): deadlock\n",
                    now() - last_change);
            _exit(3);
        }
    }
    return NULL;
}

int main(void) {
    double seconds = getenv("SB_STRESS_SECONDS") ? atof(getenv("SB_STRESS_SECONDS")) : 8;
    double limit = now() + seconds + 60;
    pthread_t dog;
    pthread_create(&dog, NULL, watchdog, &limit);
    CHECK_STATUS(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, SB_MODE_PREFIX, 0, NULL, 2, 0, 0}, &g_index), SB_OK);
    for (int g = 0; g < GROUPS; g += 2) add_group(g);

    session_state states[4];
    pthread_t typists[4], workers[8];
    for (int i = 0; i < 4; i++) {
        memset(&states[i], 0, sizeof states[i]);
        states[i].latencies = calloc(MAX_ROUNDS, sizeof(double));
        CHECK_STATUS(sb_session_new(g_index, NULL, &states[i].session), SB_OK);
        sb_session_set_callbacks(states[i].session, NULL, on_event, &states[i]);
    }
    for (int i = 0; i < 8; i++) {
        void *(*fn)(void *) = i < 4 ? writer : searcher;
        pthread_create(&workers[i], NULL, fn, (void *)(uintptr_t)(i + 1));
    }
    for (int i = 0; i < 4; i++) pthread_create(&typists[i], NULL, typist, &states[i]);
    usleep((useconds_t)(seconds * 1e6));
    atomic_store(&g_stop, 1);
    long issued = 0;
    for (int i = 0; i < 8; i++) {
        void *r = NULL;
        pthread_join(workers[i], &r);
        issued += (long)(intptr_t)r;
    }
    for (int i = 0; i < 4; i++) pthread_join(typists[i], NULL);
    for (int i = 0; i < 4; i++) CHECK_STATUS(sb_session_free(states[i].session), SB_OK);
    sb_index_free(g_index); /* waits for the pending async callbacks */
    CHECK(atomic_load(&g_async_done) == issued);
    long ready = 0;
    size_t rounds = 0, late = 0;
    for (int i = 0; i < 4; i++) {
        ready += atomic_load(&states[i].ready);
        rounds += states[i].rounds;
        late += states[i].late;
    }
    double *latencies = calloc(rounds + 1, sizeof(double));
    for (int i = 0, k = 0; i < 4; i++) {
        memcpy(latencies + k, states[i].latencies, states[i].rounds * sizeof(double));
        k += (int)states[i].rounds;
        free(states[i].latencies);
    }
    qsort(latencies, rounds, sizeof(double), by_value);
    double median_ms = rounds ? latencies[rounds / 2] * 1e3 : 0;
    double p95_ms = rounds ? latencies[rounds * 95 / 100] * 1e3 : 0;
    double max_ms = rounds ? latencies[rounds - 1] * 1e3 : 0;
    printf("stress: %ld searches (%ld async, all completed), %ld batch writes, %ld session rounds, "
           "%ld session results\n", atomic_load(&g_searches), issued, atomic_load(&g_writes),
           atomic_load(&g_session_ops), ready);
    printf("session search under load: %zu waited rounds, %zu late; median %.1f ms, p95 %.1f ms, "
           "max %.1f ms\n", rounds, late, median_ms, p95_ms, max_ms);
    free(latencies);
    CHECK(atomic_load(&g_failures) == 0);
    CHECK(atomic_load(&g_searches) > 0 && atomic_load(&g_writes) > 0 && ready > 0);
    CHECK(late == 0);
    CHECK(rounds >= 4);  /* the latency bound measured something */
    CHECK(median_ms <= MEDIAN_LIMIT_MS);
    return check_report();
}
