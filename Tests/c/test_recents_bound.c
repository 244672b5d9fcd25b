/* What the library writes, it reads back: the recents files never grow past the reader's
 * 4 MiB limit, however large or escape-heavy the searches. 254 searches of 4 KiB of control
 * characters (24 KiB each once escaped as \u00XX) keep the newest that fit, in order, and the
 * list loads again with SB_OK; searches of 1 MiB are not remembered at all, and the list
 * still loads. Prints the time of the 254 additions. */
#define _GNU_SOURCE
#include <searchbar.h>
#include "check.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define READ_LIMIT (4 << 20)

static char g_dir[64];

static sb_session *open_session(void) {
    sb_session_options options = SB_SESSION_OPTIONS_INIT;
    options.clock = SB_CLOCK_MANUAL;
    options.recents_directory = g_dir;
    sb_session *s = NULL;
    CHECK_STATUS(sb_session_new(NULL, &options, &s), SB_OK);
    sb_recents_policy policy = {SB_RECENTS_POLICY_VERSION, 254, 0, 0, 0};
    CHECK_STATUS(sb_session_set_recents_policy(s, &policy), SB_OK);
    return s;
}

static long long size_of(const char *name) {
    char path[160];
    struct stat info;
    snprintf(path, sizeof path, "%s/%s", g_dir, name);
    return stat(path, &info) == 0 ? (long long)info.st_size : 0;
}

/* 4090 control characters and a number: each folds differently. */
static size_t control_text(char *text, int n) {
    for (int i = 0; i < 4090; i++) text[i] = (char)(1 + i % 8);
    return 4090 + (size_t)snprintf(text + 4090, 8, "%05d", n);
}

static void control_characters(void) {
    static char text[4200];
    sb_session *s = open_session();
    CHECK_STATUS(sb_session_set_recents_name(s, "ctl"), SB_OK);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int n = 0; n < 254; n++) {
        size_t len = control_text(text, n);
        CHECK_STATUS(sb_session_add_recent(s, text, len), SB_OK);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("254 additions of 4 KiB of control characters: %.2f s; files %lld + %lld bytes\n",
           (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9, size_of("ctl.json"),
           size_of("ctl.json.journal"));
    CHECK(size_of("ctl.json") <= READ_LIMIT);
    CHECK(size_of("ctl.json.journal") <= READ_LIMIT);
    sb_recent *shown = NULL;
    size_t shown_count = 0;
    CHECK_STATUS(sb_session_recents(s, &shown, &shown_count), SB_OK);
    sb_session_free(s);

    sb_session *again = open_session();
    CHECK_STATUS(sb_session_set_recents_name(again, "ctl"), SB_OK);
    sb_recent *recents = NULL;
    size_t count = 0;
    CHECK_STATUS(sb_session_recents(again, &recents, &count), SB_OK);
    CHECK(count >= 40 && count == shown_count); /* 2 MiB of 24 KiB entries, as the writer showed */
    int in_order = 1;
    for (size_t i = 0; i < count; i++) {
        size_t len = control_text(text, 253 - (int)i);
        in_order &= recents[i].text_len == len && memcmp(recents[i].text, text, len) == 0;
        in_order &= shown[i].text_len == len && memcmp(shown[i].text, text, len) == 0;
    }
    CHECK(in_order);
    sb_free(recents);
    sb_free(shown);
    CHECK(size_of("ctl.json.corrupt-1") == 0);
    sb_session_free(again);
}

static void megabyte_searches(void) {
    size_t big = 1 << 20;
    char *text = malloc(big);
    if (!text) return;
    sb_session *s = open_session();
    CHECK_STATUS(sb_session_set_recents_name(s, "big"), SB_OK);
    CHECK_STATUS(sb_session_add_recent(s, "small", 5), SB_OK);
    for (int n = 0; n < 6; n++) {
        memset(text, 'a' + n, big);
        CHECK_STATUS(sb_session_set_text(s, text, big), SB_OK);
        CHECK_STATUS(sb_session_submit(s), SB_OK);
    }
    CHECK_STATUS(sb_session_set_text(s, "last", 4), SB_OK);
    CHECK_STATUS(sb_session_submit(s), SB_OK);
    sb_session_free(s);
    CHECK(size_of("big.json") <= READ_LIMIT && size_of("big.json.journal") <= READ_LIMIT);

    sb_session *again = open_session();
    CHECK_STATUS(sb_session_set_recents_name(again, "big"), SB_OK);
    sb_recent *recents = NULL;
    size_t count = 0;
    CHECK_STATUS(sb_session_recents(again, &recents, &count), SB_OK);
    CHECK(count == 2 && strcmp(recents[0].text, "last") == 0 && strcmp(recents[1].text, "small") == 0);
    sb_free(recents);
    sb_session_free(again);
    free(text);
}

int main(void) {
    snprintf(g_dir, sizeof g_dir, "/tmp/sb-bound-XXXXXX");
    if (!mkdtemp(g_dir)) return 2;
    control_characters();
    megabyte_searches();
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", g_dir);
    return check_report();
}
