/* sb_tokenize, sb_index_add and sb_index_search grow linearly with the text, on the texts where
 * the bytes alone show no grapheme boundary: runs of flags, emoji with skin tones, black flags
 * with tag sequences, and accented words between flags (a fold patch edit between any two
 * occurrences). Each check times a text of N bytes and one of 8N, best of three runs each
 * taken in turn (six when over the bound): linear paths take about 8 times as long, quadratic
 * ones 64 times. Time is the process's CPU time (every thread of it, the pool's included), not
 * the wall clock: on a busy 2-core machine the wall clock also counts the time other processes
 * held the cores, which put linear paths at 33 to 70 times under a load of 11. */
#define _POSIX_C_SOURCE 200809L
#include <searchbar.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "check.h"

#define N 8192
#define BOUND 32.0

static const struct {
    const char *name;
    const char *unit;
} units[] = {
    {"flags", "\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7"},                      /* FR */
    {"regional indicators", "\xF0\x9F\x87\xAB"},                         /* a lone F, odd runs */
    {"skin tones", "\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD"},                  /* thumbs up, medium */
    {"black flag and tags", "\xF0\x9F\x8F\xB4\xF3\xA0\x81\xA7\xF3\xA0\x81\xA2\xF3\xA0\x81\xB3"
                            "\xF3\xA0\x81\xA3\xF3\xA0\x81\xB4\xF3\xA0\x81\xBF"}, /* Scotland */
    {"accented words and flags", "Caf\xC3\xA9 na\xC3\xAFve \xF0\x9F\x87\xAB\xF0\x9F\x87\xB7 "},
};

/* `unit` repeated to at most `bytes` bytes (at least once); *len receives the length. */
static char *repeat(const char *unit, size_t bytes, size_t *len) {
    size_t u = strlen(unit), k = bytes / u ? bytes / u : 1;
    char *s = malloc(k * u + 1);
    if (!s) return NULL;
    for (size_t i = 0; i < k; i++) memcpy(s + i * u, unit, u);
    s[k * u] = 0;
    *len = k * u;
    return s;
}

/* CPU seconds used by this process so far, over all its threads. */
static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

enum op { TOKENIZE, ADD, SEARCH };
static const char *op_names[] = {"sb_tokenize", "sb_index_add", "sb_index_search"};

/* Seconds one run of `op` takes on `unit` repeated to `bytes` bytes (the index of ADD and SEARCH
 * is made outside the timing; SEARCH searches a fresh index, so no result is cached); a negative
 * time when a call fails. */
static double run(enum op op, const char *unit, size_t bytes, sb_match_mode mode) {
    size_t len = 0;
    char *text = repeat(unit, bytes, &len);
    double elapsed = -1;
    if (!text) return -1;
    if (op == TOKENIZE) {
        sb_token *tokens = NULL;
        size_t count = 0;
        double start = now();
        sb_status status = sb_tokenize("en", text, len, &tokens, &count);
        elapsed = now() - start;
        if (status != SB_OK || count == 0) elapsed = -1;
        sb_free(tokens);
    } else {
        sb_index *index = NULL;
        if (sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, mode, 0, "en", 1, 0, 0}, &index) == SB_OK) {
            sb_item items[2] = {{.id = 1, .title = text, .title_len = len},
                                {.id = 2, .title = unit, .title_len = strlen(unit)}};
            double start = now();
            sb_status status = sb_index_add(index, items, 2);
            elapsed = now() - start;
            if (status != SB_OK) elapsed = -1;
            if (op == SEARCH && status == SB_OK) {
                /* The unit without its trailing space, as typed. */
                size_t qlen = strlen(unit);
                while (qlen > 0 && unit[qlen - 1] == ' ') qlen--;
                sb_results *results = NULL;
                start = now();
                status = sb_index_search(index, unit, qlen, NULL, &results);
                elapsed = now() - start;
                int highlighted = 0;
                sb_hit hit;
                for (size_t i = 0; status == SB_OK && i < results_count(results); i++) {
                    if (sb_results_get(results, i, &hit) == SB_OK && hit.id == 1 && hit.highlight_count > 0)
                        highlighted = 1;
                }
                if (status != SB_OK || !highlighted) elapsed = -1;
                sb_results_free(results);
            }
            sb_index_free(index);
        }
    }
    free(text);
    return elapsed;
}

/* The time of `op` on 8N bytes over that on N bytes (negative when a call failed). */
static double growth(enum op op, const char *unit, sb_match_mode mode) {
    double small = 1e9, large = 1e9;
    if (run(op, unit, N, mode) < 0) return -1; /* warm up */
    for (int round = 0; round < 6; round++) {
        if (round == 3 && large / small < BOUND) break;
        double a = run(op, unit, N, mode), b = run(op, unit, 8 * N, mode);
        if (a < 0 || b < 0) return -1;
        if (a < small) small = a;
        if (b < large) large = b;
    }
    return large / (small > 1e-7 ? small : 1e-7);
}

int main(void) {
    /* A quadratic path on 8N bytes takes minutes: fail instead of hanging the test run. */
    alarm(600);
    for (size_t u = 0; u < sizeof units / sizeof units[0]; u++) {
        for (int op = TOKENIZE; op <= SEARCH; op++) {
            sb_match_mode modes[] = {SB_MODE_PREFIX, SB_MODE_CONTAINS, SB_MODE_FUZZY};
            int mode_count = op == SEARCH ? 3 : 1;
            for (int m = 0; m < mode_count; m++) {
                double ratio = growth((enum op)op, units[u].unit, modes[m]);
                int ok = ratio > 0 && ratio < BOUND;
                CHECK(ok);
                if (!ok)
                    fprintf(stderr, "%s, %s (mode %d): 8N took %.1f times as long as N\n", units[u].name,
                            op_names[op], (int)modes[m], ratio);
            }
        }
    }
    return check_report();
}
