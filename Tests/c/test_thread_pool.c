/* One executor pool per process (docs/abi.md, "Threads"):
 *  - ten indexes start one pool, not ten: the process gains at most the pool's threads, and
 *    ten more indexes add none;
 *  - the pool starts with the first index, sized by sb_configure() (set once), else by the
 *    SEARCHBAR_THREADS environment variable, else one thread per processor;
 *  - asynchronous search callbacks run on pool threads, never on the caller's;
 *  - a malformed SEARCHBAR_THREADS is SB_EINVAL naming the variable, not a crash.
 * Each case that needs a fresh process re-runs this program with an argument. */
#define _GNU_SOURCE
#include <searchbar.h>
#include <dirent.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"

/* The process's threads named "searchbar-pool" (a sanitizer's runtime may start threads of its
 * own at any time, so all threads are not counted). */
static int thread_count(void) {
    int n = 0;
    DIR *dir = opendir("/proc/self/task");
    if (!dir) return -1;
    for (struct dirent *e; (e = readdir(dir));) {
        if (e->d_name[0] == '.') continue;
        char path[300], name[32] = {0};
        snprintf(path, sizeof path, "/proc/self/task/%s/comm", e->d_name);
        FILE *f = fopen(path, "r");
        if (!f) continue;
        if (fgets(name, sizeof name, f) && strcmp(name, "searchbar-pool\n") == 0) n++;
        fclose(f);
    }
    closedir(dir);
    return n;
}

static uint32_t pool_size(void) {
    sb_config config = SB_CONFIG_INIT;
    return sb_get_config(&config) == SB_OK ? config.threads : 0;
}

/* What the search callbacks saw: a search that ran reports its hit on a pool thread; one that
 * sb_index_free() cancelled before it started reports SB_ECANCELED on the freeing thread. */
typedef struct {
    pthread_t caller;
    atomic_int done, ok, cancelled, ran_on_caller_thread;
} search_watch;

static void on_search(void *context, uint64_t ticket, sb_status status, sb_results *results) {
    (void)ticket;
    search_watch *watch = context;
    size_t count = 0;
    if (status == SB_OK) {
        if (sb_results_count(results, &count) == SB_OK && count == 1) atomic_fetch_add(&watch->ok, 1);
        if (pthread_equal(pthread_self(), watch->caller)) atomic_fetch_add(&watch->ran_on_caller_thread, 1);
    } else if (status == SB_ECANCELED) {
        atomic_fetch_add(&watch->cancelled, 1);
    }
    sb_results_free(results);
    atomic_fetch_add(&watch->done, 1);
}

static int ten_indexes_one_pool(void) {
    int before = thread_count();
    sb_index *indexes[20];
    for (int i = 0; i < 10; i++) CHECK_STATUS(sb_index_new(NULL, &indexes[i]), SB_OK);
    int after_ten = thread_count();
    uint32_t size = pool_size();
    printf("threads: %d before, %d after ten indexes; pool of %u\n", before, after_ten, size);
    CHECK(size >= 1);
    CHECK(before == 0);
    CHECK(after_ten - before >= 1 && after_ten - before <= (int)size);
    for (int i = 10; i < 20; i++) CHECK_STATUS(sb_index_new(NULL, &indexes[i]), SB_OK);
    CHECK(thread_count() == after_ten);

    /* Every index searches on the shared pool; callbacks come on pool threads. */
    search_watch watch = {.caller = pthread_self()};
    for (int i = 0; i < 20; i++) {
        sb_item item = {7, "Kiwi", 4, NULL, 0, NULL, 0, 0, 0, NULL, 0};
        CHECK_STATUS(sb_index_add(indexes[i], &item, 1), SB_OK);
        CHECK_STATUS(sb_index_search_async(indexes[i], "kiw", 3, NULL, on_search, &watch, NULL), SB_OK);
    }
    for (int i = 0; i < 20; i++) CHECK_STATUS(sb_index_free(indexes[i]), SB_OK); /* waits for callbacks */
    CHECK(atomic_load(&watch.done) == 20);
    CHECK(atomic_load(&watch.ok) + atomic_load(&watch.cancelled) == 20);
    CHECK(atomic_load(&watch.ran_on_caller_thread) == 0);
    /* The pool outlives its indexes: a new index starts no thread. */
    sb_index *again = NULL;
    CHECK_STATUS(sb_index_new(NULL, &again), SB_OK);
    CHECK(thread_count() == after_ten);

    /* The size is set once: the same size is accepted, another refused. */
    sb_config config = SB_CONFIG_INIT;
    config.threads = size;
    CHECK_STATUS(sb_configure(&config), SB_OK);
    config.threads = size + 1;
    CHECK_STATUS(sb_configure(&config), SB_EMISUSE);
    CHECK(strstr(sb_last_error(), "already") != NULL);
    config.threads = 257;
    CHECK_STATUS(sb_configure(&config), SB_EINVAL);
    CHECK_STATUS(sb_configure(NULL), SB_EINVAL);
    CHECK_STATUS(sb_index_free(again), SB_OK);
    return check_report();
}

/* Callbacks of searches that run (not cancelled by a free) are on pool threads. */
static int callbacks_on_pool_threads(void) {
    sb_index *index = NULL;
    CHECK_STATUS(sb_index_new(NULL, &index), SB_OK);
    sb_item item = {7, "Kiwi", 4, NULL, 0, NULL, 0, 0, 0, NULL, 0};
    CHECK_STATUS(sb_index_add(index, &item, 1), SB_OK);
    search_watch watch = {.caller = pthread_self()};
    CHECK_STATUS(sb_index_search_async(index, "kiw", 3, NULL, on_search, &watch, NULL), SB_OK);
    for (int i = 0; i < 6000 && atomic_load(&watch.done) == 0; i++) usleep(10000);
    CHECK(atomic_load(&watch.done) == 1 && atomic_load(&watch.ok) == 1);
    CHECK(atomic_load(&watch.ran_on_caller_thread) == 0);
    CHECK_STATUS(sb_index_free(index), SB_OK);
    return check_report();
}

/* Run with SEARCHBAR_THREADS=3 (and, with "configured", sb_configure(2) first). */
static int sized_by(int configured) {
    if (configured) {
        sb_config config = SB_CONFIG_INIT;
        config.threads = 2;
        CHECK_STATUS(sb_configure(&config), SB_OK);
        config.threads = 4;
        CHECK_STATUS(sb_configure(&config), SB_EMISUSE); /* set once, even before it starts */
    }
    uint32_t expected = configured ? 2 : 3;
    CHECK(pool_size() == expected); /* what it will start with */
    int before = thread_count();
    sb_index *a = NULL, *b = NULL;
    CHECK_STATUS(sb_index_new(NULL, &a), SB_OK);
    CHECK_STATUS(sb_index_new(NULL, &b), SB_OK);
    CHECK(thread_count() - before == (int)expected);
    CHECK(pool_size() == expected);
    sb_index_options options = SB_INDEX_OPTIONS_INIT;
    CHECK_STATUS(sb_index_get_options(a, &options), SB_OK);
    CHECK(options.max_threads == expected);
    CHECK_STATUS(sb_index_free(a), SB_OK);
    CHECK_STATUS(sb_index_free(b), SB_OK);
    return check_report();
}

static int malformed_environment(void) {
    sb_index *index = (sb_index *)1;
    CHECK_STATUS(sb_index_new(NULL, &index), SB_EINVAL);
    CHECK(index == NULL && strstr(sb_last_error(), "SEARCHBAR_THREADS") != NULL);
    return check_report();
}

static int rerun(const char *self, const char *mode, const char *environment) {
    pid_t child = fork();
    if (child == 0) {
        if (environment) setenv("SEARCHBAR_THREADS", environment, 1);
        else unsetenv("SEARCHBAR_THREADS");
        execl(self, self, mode, (char *)NULL);
        _exit(127);
    }
    int status = 0;
    waitpid(child, &status, 0);
    printf("%s (SEARCHBAR_THREADS=%s): exit %d\n", mode, environment ? environment : "unset", status);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

int main(int argc, char **argv) {
    alarm(120); /* a hang is a failure */
    if (argc > 1) {
        if (strcmp(argv[1], "ten") == 0) return ten_indexes_one_pool();
        if (strcmp(argv[1], "callbacks") == 0) return callbacks_on_pool_threads();
        if (strcmp(argv[1], "environment") == 0) return sized_by(0);
        if (strcmp(argv[1], "configured") == 0) return sized_by(1);
        if (strcmp(argv[1], "malformed") == 0) return malformed_environment();
        return 2;
    }
    CHECK(rerun("/proc/self/exe", "ten", NULL));
    CHECK(rerun("/proc/self/exe", "callbacks", NULL));
    CHECK(rerun("/proc/self/exe", "environment", "3"));
    CHECK(rerun("/proc/self/exe", "configured", "3"));
    CHECK(rerun("/proc/self/exe", "malformed", "many"));
    return check_report();
}
