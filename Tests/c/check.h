/* A minimal test harness for the C tests: CHECK records a failure and goes on. */
#ifndef SB_CHECK_H
#define SB_CHECK_H
#include <stdio.h>
#include <string.h>

static int sb_checks_passed = 0;
static int sb_checks_failed = 0;

#define CHECK(cond)                                                                          \
    do {                                                                                     \
        if (cond) {                                                                          \
            sb_checks_passed++;                                                              \
        } else {                                                                             \
            sb_checks_failed++;                                                              \
            fprintf(stderr, "%s:%d: CHECK failed: %s (last error: %s)\n", __FILE__, __LINE__, \
                    #cond, sb_last_error());                                                 \
        }                                                                                    \
    } while (0)

#define CHECK_STATUS(call, expected) CHECK((call) == (expected))

/* The number of hits in `results`, 0 when sb_results_count() fails (the failure is checked
 * where a test means it). */
#define results_count(results) sb_checked_results_count(results)
static inline size_t sb_checked_results_count(sb_results *results) {
    size_t count = 0;
    return sb_results_count(results, &count) == SB_OK ? count : 0;
}

/* Prints the closing line and returns the process exit code. */
static int check_report(void) {
    printf("%d passed, %d failed\n", sb_checks_passed, sb_checks_failed);
    return sb_checks_failed == 0 ? 0 : 1;
}
#endif
