/* The recents directory is hostile: what sits at a recents path is not always a regular file.
 * A FIFO (directly or through a symbolic link) at the path must not block
 * sb_session_set_recents_name() or sb_session_restore(): the call refuses it with SB_EIO naming
 * it, moves it aside like any unreadable file and the session saves a fresh file. An alarm
 * turns a hang into a failure. sb_session_restore() tells "nothing changed" (an error) from
 * "restored, but the recents file was unreadable and reset" (SB_WARN_RECENTS_RESET). The scan
 * for temporaries left by dead writers removes theirs and nothing else; run under valgrind it
 * reads no uninitialised memory. */
#define _GNU_SOURCE
#include <searchbar.h>
#include "check.h"
#include "fruit_fixture.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char g_dir[64];

/* A host-searched session on a manual clock, keeping recents in g_dir. */
static sb_session *open_session(void) { return index_session(NULL, g_dir); }

static char *path_of(const char *name) {
    static char path[4][160];
    static int next = 0;
    char *p = path[next++ % 4];
    snprintf(p, sizeof path[0], "%s/%s", g_dir, name);
    return p;
}

static int is_kind(const char *name, mode_t kind) {
    struct stat info;
    return lstat(path_of(name), &info) == 0 && (info.st_mode & S_IFMT) == kind;
}

static int newest_is(sb_session *s, const char *text) {
    sb_recent *recents = NULL;
    size_t count = 0;
    int ok = sb_session_recents(s, &recents, &count) == SB_OK && count > 0 && strcmp(recents[0].text, text) == 0;
    sb_free(recents);
    return ok;
}

/* A FIFO at the path: refused at once, moved aside, and a fresh file is saved after. */
static void fifo_at_the_recents_path(void) {
    CHECK(mkfifo(path_of("r.json"), 0600) == 0);
    sb_session *s = open_session();
    CHECK_STATUS(sb_session_set_recents_name(s, "r"), SB_EIO);
    CHECK(strstr(sb_last_error(), "FIFO") != NULL);
    CHECK(strstr(sb_last_error(), "r.json.corrupt-1") != NULL);
    CHECK(is_kind("r.json.corrupt-1", S_IFIFO));
    CHECK_STATUS(sb_session_add_recent(s, "after", 5), SB_OK);
    CHECK(is_kind("r.json", S_IFREG));
    sb_session_free(s);
    sb_session *again = open_session();
    CHECK_STATUS(sb_session_set_recents_name(again, "r"), SB_OK);
    CHECK(newest_is(again, "after"));
    sb_session_free(again);
}

/* A symbolic link to a FIFO elsewhere: the same, and the FIFO itself is left where it is. */
static void link_to_a_fifo(void) {
    CHECK(mkfifo(path_of("elsewhere"), 0600) == 0);
    CHECK(symlink(path_of("elsewhere"), path_of("l.json")) == 0);
    sb_session *s = open_session();
    CHECK_STATUS(sb_session_set_recents_name(s, "l"), SB_EIO);
    CHECK(strstr(sb_last_error(), "FIFO") != NULL);
    CHECK(is_kind("elsewhere", S_IFIFO));
    CHECK(is_kind("l.json.corrupt-1", S_IFLNK));
    sb_session_free(s);
}

/* Restoring a snapshot that names a list whose path is a FIFO returns instead of blocking. */
static void restore_with_a_fifo(void) {
    sb_session *a = open_session();
    CHECK_STATUS(sb_session_set_recents_name(a, "q"), SB_OK);
    CHECK_STATUS(sb_session_set_text(a, "typed", 5), SB_OK);
    char *json = NULL;
    size_t len = 0;
    CHECK_STATUS(sb_session_snapshot(a, &json, &len), SB_OK);
    sb_session_free(a);
    CHECK(mkfifo(path_of("q.json"), 0600) == 0);
    sb_session *b = open_session();
    CHECK_STATUS(sb_session_restore(b, json, len), SB_WARN_RECENTS_RESET);
    CHECK(strstr(sb_last_error(), "FIFO") != NULL);
    char *text = NULL;
    size_t text_len = 0;
    CHECK_STATUS(sb_session_get_text(b, &text, &text_len), SB_OK);
    CHECK(text && strcmp(text, "typed") == 0);
    sb_free(text);
    CHECK(is_kind("q.json.corrupt-1", S_IFIFO));
    sb_free(json);
    sb_session_free(b);
}

static int text_is(sb_session *s, const char *expected) {
    char *text = NULL;
    size_t len = 0;
    int ok = sb_session_get_text(s, &text, &len) == SB_OK && text && strcmp(text, expected) == 0;
    sb_free(text);
    return ok;
}

/* sb_session_restore() has two outcomes a host can tell apart: an error status means nothing
 * changed; SB_WARN_RECENTS_RESET means the state was restored but the recents file it names
 * could not be read (moved aside, the list starts empty). */
static void restore_outcomes(void) {
    sb_session *a = open_session();
    CHECK_STATUS(sb_session_set_recents_name(a, "c"), SB_OK);
    CHECK_STATUS(sb_session_set_text(a, "restored", 8), SB_OK);
    char *json = NULL;
    size_t len = 0;
    CHECK_STATUS(sb_session_snapshot(a, &json, &len), SB_OK);
    sb_session_free(a);
    FILE *f = fopen(path_of("c.json"), "wb");
    CHECK(f != NULL);
    if (f) { fputs("{\"format\":\"searchbar-recents\",\"ver", f); fclose(f); }

    sb_session *b = open_session();
    CHECK_STATUS(sb_session_set_recents_name(b, "mine"), SB_OK);
    CHECK_STATUS(sb_session_add_recent(b, "kept", 4), SB_OK);
    CHECK_STATUS(sb_session_set_text(b, "before", 6), SB_OK);
    /* a malformed snapshot: an error, and nothing changed */
    CHECK_STATUS(sb_session_restore(b, json, len - 1), SB_ECORRUPT);
    CHECK(text_is(b, "before"));
    CHECK(newest_is(b, "kept"));
    /* a good snapshot naming a corrupt recents file: restored, with the warning */
    CHECK_STATUS(sb_session_restore(b, json, len), SB_WARN_RECENTS_RESET);
    CHECK(strstr(sb_last_error(), "c.json.corrupt-1") != NULL);
    CHECK(strcmp(sb_status_string(SB_WARN_RECENTS_RESET), "SB_WARN_RECENTS_RESET") == 0);
    CHECK(text_is(b, "restored"));
    sb_recent *recents = NULL;
    size_t count = 9;
    CHECK_STATUS(sb_session_recents(b, &recents, &count), SB_OK);
    CHECK(count == 0);
    sb_free(recents);
    CHECK(is_kind("c.json.corrupt-1", S_IFREG));
    /* the same snapshot again: the list is already loaded, a plain success */
    CHECK_STATUS(sb_session_restore(b, json, len), SB_OK);
    sb_free(json);
    sb_session_free(b);
}

/* A temporary of a writer that died is removed; one of a live process and other files stay. */
static void stale_temporaries(void) {
    pid_t child = fork();
    if (child == 0) _exit(0);
    CHECK(waitpid(child, NULL, 0) == child);
    char dead[64], live[64];
    snprintf(dead, sizeof dead, "t.json.tmp-%d-1", (int)child);
    snprintf(live, sizeof live, "t.json.tmp-%d-1", (int)getppid());
    const char *names[] = {dead, live, "t.json.tmp-x-1", "t.json.tmpfile",
                           "a-name-long-enough-to-span-more-than-one-word-of-the-record-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        int fd = open(path_of(names[i]), O_WRONLY | O_CREAT | O_EXCL, 0600);
        CHECK(fd >= 0);
        if (fd >= 0) close(fd);
    }
    sb_session *s = open_session();
    CHECK_STATUS(sb_session_set_recents_name(s, "t"), SB_OK);
    CHECK(!is_kind(dead, S_IFREG));
    for (size_t i = 1; i < sizeof names / sizeof names[0]; i++) CHECK(is_kind(names[i], S_IFREG));
    sb_session_free(s);
}

int main(void) {
    alarm(60); /* a blocked open would otherwise hang the test run: SIGALRM fails it */
    snprintf(g_dir, sizeof g_dir, "/tmp/sb-recents-XXXXXX");
    if (!mkdtemp(g_dir)) return 2;
    fifo_at_the_recents_path();
    link_to_a_fifo();
    restore_with_a_fifo();
    restore_outcomes();
    stale_temporaries();
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", g_dir);
    return check_report();
}
