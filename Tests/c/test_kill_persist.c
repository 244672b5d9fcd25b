/* Crash-safe persistence: a writer process saves recent searches (the library's atomic file)
 * and session snapshots (the documented host recipe: temporary file, fsync, rename) in a loop
 * and is SIGKILLed at a random point, SB_KILL_ROUNDS (default 1000) times. Each new writer
 * first checks what the killed one left: the recents file loads with SB_OK (never corrupt),
 * its newest entry is a version between the last one a writer confirmed and the last one a
 * writer started (the old or the new version), older entries follow without a gap (no loss),
 * the snapshot restores with SB_OK to one of those versions, no file was ever moved aside as
 * corrupt, and temporary files of killed writers do not pile up. The parent only warms the
 * library up without starting a thread, so fork() is safe without exec(). */
#define _GNU_SOURCE
#include <searchbar.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define LIMIT 10

static char g_dir[64];

static void fail(int pipe_fd, const char *what) {
    int32_t code = -2;
    fprintf(stderr, "writer: %s (last error: %s)\n", what, sb_last_error());
    if (write(pipe_fd, &code, sizeof code) < 0) _exit(3);
    _exit(1);
}

static int version_of(const char *text) {
    return (text && text[0] == 'v') ? atoi(text + 1) : -1;
}

static void save_snapshot(sb_session *s, int pipe_fd) {
    char *json = NULL;
    size_t len = 0;
    if (sb_session_snapshot(s, &json, &len) != SB_OK) fail(pipe_fd, "snapshot");
    char tmp[128], path[128];
    snprintf(tmp, sizeof tmp, "%s/snap.json.tmp", g_dir);
    snprintf(path, sizeof path, "%s/snap.json", g_dir);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0 || write(fd, json, len) != (ssize_t)len || fsync(fd) != 0 || close(fd) != 0) fail(pipe_fd, "write snapshot");
    if (rename(tmp, path) != 0) fail(pipe_fd, "rename snapshot");
    int dfd = open(g_dir, O_RDONLY | O_DIRECTORY);
    if (dfd >= 0) { fsync(dfd); close(dfd); }
    sb_free(json);
}

/* Checks what the previous writers left: every version up to `done` was saved completely,
 * versions up to `begun` were started (a killed writer may have saved one without reporting
 * it); the files must hold one complete version in [done, begun]. Then writes until killed.
 * Versions are reported on the pipe as 2v when begun and 2v + 1 when saved. */
static int matches(int v, int done, int begun) { return v >= done && v <= begun; }

static void writer(int pipe_fd, int done, int begun) {
    sb_session_options options = SB_SESSION_OPTIONS_INIT;
    options.clock = SB_CLOCK_MANUAL;
    options.recents_directory = g_dir;
    sb_session *s = NULL;
    if (sb_session_new(NULL, &options, &s) != SB_OK) fail(pipe_fd, "session");
    sb_recents_policy policy = {SB_RECENTS_POLICY_VERSION, LIMIT, 0, 0, 0};
    if (sb_session_set_recents_policy(s, &policy) != SB_OK) fail(pipe_fd, "policy");
    /* the snapshot first: it names the recents list, so restoring it loads the file too */
    char path[128];
    snprintf(path, sizeof path, "%s/snap.json", g_dir);
    FILE *f = fopen(path, "rb");
    if (f) {
        static char json[1 << 16];
        size_t n = fread(json, 1, sizeof json, f);
        fclose(f);
        if (sb_session_restore(s, json, n) != SB_OK) fail(pipe_fd, "snapshot does not restore");
        char *text = NULL;
        size_t len = 0;
        sb_session_get_text(s, &text, &len);
        int v = version_of(text);
        sb_free(text);
        if (!matches(v, done, begun)) fail(pipe_fd, "snapshot is neither the old nor the new version");
    }
    if (sb_session_set_recents_name(s, "r") != SB_OK) fail(pipe_fd, "recents file does not load");
    sb_recent *recents = NULL;
    size_t count = 0;
    if (sb_session_recents(s, &recents, &count) != SB_OK) fail(pipe_fd, "recents");
    int newest = count ? version_of(recents[0].text) : 0;
    if (!matches(newest, done, begun)) fail(pipe_fd, "recents are neither the old nor the new version");
    size_t expected = newest < LIMIT ? (size_t)newest : LIMIT;
    if (count != expected) fail(pipe_fd, "recent searches were lost");
    for (size_t i = 0; i < count; i++) {
        if (version_of(recents[i].text) != newest - (int)i) fail(pipe_fd, "recents have a gap");
    }
    sb_free(recents);
    int32_t ready = -1;
    if (write(pipe_fd, &ready, sizeof ready) != sizeof ready) _exit(3);
    for (int32_t v = newest + 1;; v++) {
        char text[32];
        int32_t code = 2 * v;
        if (write(pipe_fd, &code, sizeof code) != sizeof code) _exit(3);
        int n = snprintf(text, sizeof text, "v%d", (int)v);
        if (sb_session_set_text(s, text, (size_t)n) != SB_OK) fail(pipe_fd, "set_text");
        save_snapshot(s, pipe_fd);
        if (sb_session_add_recent(s, text, (size_t)n) != SB_OK) fail(pipe_fd, "add_recent");
        code = 2 * v + 1;
        if (write(pipe_fd, &code, sizeof code) != sizeof code) _exit(3);
    }
}

static int count_files(const char *needle) {
    DIR *d = opendir(g_dir);
    struct dirent *e;
    int n = 0;
    while (d && (e = readdir(d))) n += strstr(e->d_name, needle) != NULL;
    if (d) closedir(d);
    return n;
}

int main(void) {
    int rounds = getenv("SB_KILL_ROUNDS") ? atoi(getenv("SB_KILL_ROUNDS")) : 1000;
    /* A SIGKILL loses nothing the process wrote (only a power cut loses what was not synced),
     * so the test runs in tmpfs when there is one: fsync is free there and 1000 rounds take
     * seconds instead of a minute on a loaded disk. */
    snprintf(g_dir, sizeof g_dir, "/dev/shm/sb-kill-XXXXXX");
    if (!mkdtemp(g_dir)) {
        snprintf(g_dir, sizeof g_dir, "/tmp/sb-kill-XXXXXX");
        if (!mkdtemp(g_dir)) return 2;
    }
    srand((unsigned)time(NULL));
    /* Load ICU and the Swift runtime once here so each writer starts in a millisecond instead
     * of 60: a manual-clock session without an index starts no thread, so the parent stays
     * single-threaded (checked below) and fork() stays safe. */
    {
        sb_session_options options = SB_SESSION_OPTIONS_INIT;
        options.clock = SB_CLOCK_MANUAL;
        options.recents_directory = g_dir;
        sb_session *warm = NULL;
        char *key = NULL;
        size_t key_len = 0;
        sb_fold("en", "warm up", 7, &key, &key_len);
        sb_free(key);
        if (sb_session_new(NULL, &options, &warm) != SB_OK) return 2;
        sb_session_free(warm);
    }
    DIR *tasks = opendir("/proc/self/task");
    int threads = 0;
    while (tasks && readdir(tasks)) threads++;
    if (tasks) closedir(tasks);
    if (threads - 2 != 1) {
        fprintf(stderr, "the parent has %d threads; fork() would not be safe\n", threads - 2);
        return 2;
    }
    int done = 0, begun = 0, failures = 0, mid_write = 0;
    for (int round = 0; round <= rounds; round++) {
        int fds[2];
        if (pipe(fds) != 0) return 2;
        pid_t pid = fork();
        if (pid == 0) {
            close(fds[0]);
            writer(fds[1], done, begun);
        }
        close(fds[1]);
        int32_t value = 0;
        ssize_t got = read(fds[0], &value, sizeof value);
        if (got != sizeof value || value != -1) {
            fprintf(stderr, "round %d: the writer found a broken state after the previous kill\n", round);
            failures++;
            kill(pid, SIGKILL);
            waitpid(pid, NULL, 0);
            close(fds[0]);
            break;
        }
        if (round == rounds) { /* the last writer only checked */
            kill(pid, SIGKILL);
            waitpid(pid, NULL, 0);
            close(fds[0]);
            break;
        }
        usleep((useconds_t)(rand() % 3000)); /* kill during startup, saves, or between them */
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        while (read(fds[0], &value, sizeof value) == sizeof value) {
            if (value == -2) failures++;
            else if (value > 0 && value % 2 == 0) begun = value / 2;
            else if (value > 0) done = value / 2;
        }
        mid_write += begun != done;
        close(fds[0]);
    }
    int corrupt = count_files(".corrupt-");
    int temporaries = count_files(".tmp");
    printf("kill: %d rounds, %d versions saved, %d kills in the middle of a save, "
           "%d files moved aside as corrupt, %d temporary files left, %d failures\n",
           rounds, done, mid_write, corrupt, temporaries, failures);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", g_dir);
    int ok = failures == 0 && corrupt == 0 && done > 0 && temporaries <= 2;
    printf("%d passed, %d failed\n", ok, !ok);
    return ok ? 0 : 1;
}
