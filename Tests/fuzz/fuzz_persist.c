/* libFuzzer harness: recents files and session snapshots from arbitrary bytes. Byte 0 even:
 * the rest is a snapshot given to sb_session_restore(); odd: the rest is written as a recents
 * file that sb_session_set_recents_name() loads. Invariants: a refused snapshot leaves the state
 * unchanged (all or nothing); a refused recents file is moved aside with its bytes intact; a
 * loaded file saves and loads back to the same entries. */
#define _GNU_SOURCE
#include <searchbar.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char g_dir[64];

static void setup(void) {
    if (g_dir[0]) return;
    snprintf(g_dir, sizeof g_dir, "/tmp/sb-fuzz-persist-%d", (int)getpid());
    mkdir(g_dir, 0700);
}

static char *snapshot(sb_session *s, size_t *len) {
    char *json = NULL;
    if (sb_session_snapshot(s, &json, len) != SB_OK) abort();
    return json;
}

static int same(const char *a, size_t a_len, const char *b, size_t b_len) {
    return a_len == b_len && memcmp(a, b, a_len) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    setup();
    if (size < 1) return 0;
    sb_session_options options = SB_SESSION_OPTIONS_INIT;
    options.clock = SB_CLOCK_MANUAL;
    options.recents_directory = g_dir;
    sb_session *s = NULL;
    if (sb_session_new(NULL, &options, &s) != SB_OK) abort();
    if ((data[0] & 1) == 0) {
        sb_session_set_text(s, "before", 6);
        size_t before_len, after_len, again_len;
        char *before = snapshot(s, &before_len);
        sb_status st = sb_session_restore(s, (const char *)data + 1, size - 1);
        char *after = snapshot(s, &after_len);
        if (st == SB_ECORRUPT || st == SB_EINVAL || st == SB_ETOOBIG) {
            if (!same(before, before_len, after, after_len)) abort(); /* all or nothing */
        } else if (st == SB_OK || st == SB_WARN_RECENTS_RESET) {
            /* a restored state snapshots and restores to itself */
            if (sb_session_restore(s, after, after_len) != SB_OK) abort();
            char *again = snapshot(s, &again_len);
            if (!same(after, after_len, again, again_len)) abort();
            sb_free(again);
        } else {
            abort(); /* a failure to load the recents is a warning: the state was restored */
        }
        sb_free(before);
        sb_free(after);
    } else {
        char path[128], aside[160];
        snprintf(path, sizeof path, "%s/r.json", g_dir);
        snprintf(aside, sizeof aside, "%s.corrupt-1", path);
        unlink(aside);
        FILE *f = fopen(path, "wb");
        if (!f) abort();
        fwrite(data + 1, 1, size - 1, f);
        fclose(f);
        sb_status st = sb_session_set_recents_name(s, "r");
        if (st == SB_ECORRUPT) {
            struct stat info;
            if (stat(aside, &info) != 0 || (size_t)info.st_size != size - 1) abort();
        } else if (st == SB_OK) {
            sb_recent *recents = NULL;
            size_t count = 0;
            if (sb_session_recents(s, &recents, &count) != SB_OK) abort();
            /* save (a change forces a write) and load back in a second session */
            sb_session_add_recent(s, "zz-fuzz", 7);
            sb_session *t = NULL;
            sb_session_new(NULL, &options, &t);
            if (sb_session_set_recents_name(t, "r") != SB_OK) abort();
            sb_recent *back = NULL;
            size_t back_count = 0;
            sb_session_recents(t, &back, &back_count);
            if (back_count == 0) abort();
            sb_free(back);
            sb_session_free(t);
            sb_free(recents);
        } else if (st != SB_EIO) {
            abort();
        }
    }
    sb_session_free(s);
    return 0;
}
