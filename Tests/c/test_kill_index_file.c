/* Crash-safe index files: a saver process opens the index file the previous one left, checks
 * it, then saves new versions of the index in a loop, and is SIGKILLed at a random point,
 * SB_KILL_INDEX_ROUNDS (default 40) times. Each saver first checks what the killed one left: the file
 * opens with SB_OK (never corrupt) and holds a version between the last one a saver confirmed
 * and the last one a saver started (the old or the new file, whole). At the end one saver runs
 * to completion, and no temporary file of a killed saver is left beside the index. Each saver
 * is this program run again (fork and exec: `test_kill_index_file saver FD DONE BEGUN FOREVER
 * DIR`), a fresh process that shares no library state with the parent. */
#define _GNU_SOURCE
#include <searchbar.h>
#include <dirent.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ITEMS 20000

static char g_dir[64], g_path[96];

static void fail(int pipe_fd, const char *what) {
    int32_t code = -2;
    fprintf(stderr, "saver: %s (last error: %s)\n", what, sb_last_error());
    if (write(pipe_fd, &code, sizeof code) < 0) _exit(3);
    _exit(1);
}

/* The version the file holds: the title "v<N>" of item 0 (0 when there is no file). */
static int file_version(int pipe_fd) {
    if (access(g_path, F_OK) != 0) return 0;
    sb_index *index = NULL;
    if (sb_index_open(g_path, NULL, &index) != SB_OK) fail(pipe_fd, "the index file does not open");
    size_t count = 0;
    if (sb_index_count(index, &count) != SB_OK || count != ITEMS + 1) fail(pipe_fd, "the index file lost items");
    sb_item *item = NULL;
    if (sb_index_get(index, 0, &item) != SB_OK) fail(pipe_fd, "no version item");
    int v = (item->title_len > 1 && item->title[0] == 'v') ? atoi(item->title + 1) : -1;
    sb_free(item);
    sb_index_free(index);
    return v;
}

/* Saves versions v, v+1, ... until killed; reports 2v when a save begins and 2v+1 when done. */
static void saver(int pipe_fd, int done, int begun, int forever) {
    int newest = file_version(pipe_fd);
    if (newest < done || newest > begun) fail(pipe_fd, "the file is neither the old nor the new version");
    sb_index *index = NULL;
    if (sb_index_new(NULL, &index) != SB_OK) fail(pipe_fd, "index");
    static sb_item items[ITEMS];
    static char titles[ITEMS][32];
    for (int i = 0; i < ITEMS; i++) {
        int n = snprintf(titles[i], sizeof titles[i], "title %d word%d", i, i % 977);
        items[i] = (sb_item){0};
        items[i].id = (uint64_t)i + 1;
        items[i].title = titles[i];
        items[i].title_len = (size_t)n;
    }
    if (sb_index_add(index, items, ITEMS) != SB_OK) fail(pipe_fd, "add");
    int32_t ready = -1;
    if (write(pipe_fd, &ready, sizeof ready) != sizeof ready) _exit(3);
    for (int32_t v = newest + 1;; v++) {
        char text[32];
        int n = snprintf(text, sizeof text, "v%d", (int)v);
        sb_item item = {0};
        item.id = 0;
        item.title = text;
        item.title_len = (size_t)n;
        if (sb_index_add(index, &item, 1) != SB_OK) fail(pipe_fd, "add version");
        int32_t code = 2 * v;
        if (write(pipe_fd, &code, sizeof code) != sizeof code) _exit(3);
        if (sb_index_save(index, g_path) != SB_OK) fail(pipe_fd, "save");
        code = 2 * v + 1;
        if (write(pipe_fd, &code, sizeof code) != sizeof code) _exit(3);
        if (!forever) _exit(0);
    }
}

static int temporaries(void) {
    DIR *d = opendir(g_dir);
    struct dirent *e;
    int n = 0;
    while (d && (e = readdir(d))) n += strstr(e->d_name, ".tmp-") != NULL;
    if (d) closedir(d);
    return n;
}

/* Runs one saver; kills it `delay_us` after it is ready unless `forever` is 0. Returns 0 when
 * it behaved. */
static int g_mid_save = 0; /* rounds killed between the start and the end of a save */

static int round_trip(int *done, int *begun, int forever, long delay_us) {
    int fds[2];
    if (pipe(fds) != 0) return 1;
    pid_t pid = fork();
    if (pid < 0) return 1;
    if (pid == 0) {
        close(fds[0]);
        char fd[16], d[16], b[16], f[16];
        snprintf(fd, sizeof fd, "%d", fds[1]);
        snprintf(d, sizeof d, "%d", *done);
        snprintf(b, sizeof b, "%d", *begun);
        snprintf(f, sizeof f, "%d", forever);
        execl("/proc/self/exe", "test_kill_index_file", "saver", fd, d, b, f, g_dir, (char *)NULL);
        _exit(4);
    }
    close(fds[1]);
    int32_t code;
    int ready = 0, bad = 0;
    while (read(fds[0], &code, sizeof code) == sizeof code) {
        if (code == -2) { bad = 1; break; }
        if (code == -1) {
            ready = 1;
            if (forever) {
                struct timespec t = {delay_us / 1000000, (delay_us % 1000000) * 1000};
                nanosleep(&t, NULL);
                kill(pid, SIGKILL);
            }
            continue;
        }
        if (code % 2 == 0) *begun = code / 2; else *done = code / 2;
    }
    close(fds[0]);
    if (forever && *begun > *done) g_mid_save++;
    int status = 0;
    waitpid(pid, &status, 0);
    if (bad || !ready) return 1;
    if (!forever && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) return 1;
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 7 && strcmp(argv[1], "saver") == 0) {
        snprintf(g_dir, sizeof g_dir, "%s", argv[6]);
        snprintf(g_path, sizeof g_path, "%s/items.sbindex", g_dir);
        saver(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]), atoi(argv[5]));
        return 0;
    }
    int rounds = getenv("SB_KILL_INDEX_ROUNDS") ? atoi(getenv("SB_KILL_INDEX_ROUNDS")) : 40;
    snprintf(g_dir, sizeof g_dir, "/dev/shm/sb-kill-index-XXXXXX");
    if (!mkdtemp(g_dir)) {
        snprintf(g_dir, sizeof g_dir, "/tmp/sb-kill-index-XXXXXX");
        if (!mkdtemp(g_dir)) return 2;
    }
    snprintf(g_path, sizeof g_path, "%s/items.sbindex", g_dir);
    srand((unsigned)time(NULL));
    int done = 0, begun = 0, failures = 0;
    for (int r = 0; r < rounds; r++) {
        /* Kills land anywhere from before the first save to several saves in. */
        long delay = (long)(rand() % 400) * 250;
        if (round_trip(&done, &begun, 1, delay) != 0) {
            fprintf(stderr, "round %d failed\n", r);
            failures++;
            break;
        }
    }
    if (!failures && round_trip(&done, &begun, 0, 0) != 0) failures++;
    int left = temporaries();
    if (left != 0) {
        fprintf(stderr, "%d temporary files left\n", left);
        failures++;
    }
    printf("%d rounds (%d killed during a save), last version %d, %d failures\n", rounds, g_mid_save, done, failures);
    char command[128];
    snprintf(command, sizeof command, "rm -rf %s", g_dir);
    if (system(command) != 0) return 2;
    return failures ? 1 : 0;
}
