/* Two processes share one named recents list, as two windows of an application (or two
 * applications) would: neither loses the other's searches. Two forked workers run commands in
 * lockstep (the parent sends one, waits for its answer), so every step's outcome is fixed;
 * then both add 100 searches at once, and whatever the interleaving all 200 must be there,
 * each worker's in its own order. Last, one addition must cost one journal line: the lists'
 * file is not rewritten and the journal grows by about the text's size. */
#define _GNU_SOURCE
#include <searchbar.h>
#include "check.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char g_dir[64];

typedef struct worker {
    pid_t pid;
    FILE *to;   /* commands */
    FILE *from; /* answers */
} worker;

static sb_session *open_session(void) {
    sb_session_options options = SB_SESSION_OPTIONS_INIT;
    options.clock = SB_CLOCK_MANUAL;
    options.recents_directory = g_dir;
    sb_session *s = NULL;
    if (sb_session_new(NULL, &options, &s) != SB_OK) return NULL;
    sb_recents_policy policy = {SB_RECENTS_POLICY_VERSION, 254, 0, 0, 0};
    if (sb_session_set_recents_policy(s, &policy) != SB_OK) return NULL;
    return s;
}

/* Writes the current list as "t1|t2|...\n". */
static void print_list(sb_session *s, FILE *out) {
    sb_recent *recents = NULL;
    size_t count = 0;
    if (sb_session_recents(s, &recents, &count) != SB_OK) {
        fprintf(out, "error %s\n", sb_last_error());
        return;
    }
    for (size_t i = 0; i < count; i++) fprintf(out, "%s%s", i ? "|" : "", recents[i].text);
    fputc('\n', out);
    sb_free(recents);
}

/* Commands: "bind", "add <text>", "remove <index>", "burst <prefix> <n>", "list", "quit".
 * Each is answered with one line: the list after it, or "error <message>". */
static void work(FILE *in, FILE *out) {
    sb_session *s = open_session();
    char line[256];
    while (fgets(line, sizeof line, in)) {
        line[strcspn(line, "\n")] = 0;
        sb_status status = SB_OK;
        if (strcmp(line, "bind") == 0) {
            status = sb_session_set_recents_name(s, "shared");
        } else if (strncmp(line, "add ", 4) == 0) {
            status = sb_session_add_recent(s, line + 4, strlen(line + 4));
        } else if (strncmp(line, "remove ", 7) == 0) {
            status = sb_session_remove_recent(s, atoi(line + 7));
        } else if (strncmp(line, "burst ", 6) == 0) {
            char prefix[16];
            int n = 0;
            if (sscanf(line + 6, "%15s %d", prefix, &n) != 2) status = SB_EINVAL;
            for (int i = 0; i < n && status == SB_OK; i++) {
                char text[32];
                int len = snprintf(text, sizeof text, "%s-%03d", prefix, i);
                status = sb_session_add_recent(s, text, (size_t)len);
            }
        } else if (strcmp(line, "quit") == 0) {
            break;
        }
        sb_event event; /* the error events of failed saves count as failures too */
        while (status == SB_OK && sb_session_next_event(s, 0, &event) == SB_OK) {
            if (event.kind == SB_EVENT_ERROR) {
                status = SB_EIO;
                fprintf(stderr, "worker %d: save failed: %.*s\n", (int)getpid(), (int)event.text_len, event.text);
            }
            sb_free(event.text);
        }
        if (status != SB_OK) fprintf(out, "error %s\n", sb_last_error());
        else print_list(s, out);
        fflush(out);
    }
    sb_session_free(s);
}

static worker start(void) {
    int down[2], up[2];
    worker w = {0, NULL, NULL};
    if (pipe(down) != 0 || pipe(up) != 0) exit(2);
    w.pid = fork();
    if (w.pid < 0) exit(2);
    if (w.pid == 0) {
        close(down[1]);
        close(up[0]);
        work(fdopen(down[0], "r"), fdopen(up[1], "w"));
        _exit(0);
    }
    close(down[0]);
    close(up[1]);
    w.to = fdopen(down[1], "w");
    w.from = fdopen(up[0], "r");
    return w;
}

static void tell(worker *w, const char *command) {
    fprintf(w->to, "%s\n", command);
    fflush(w->to);
}

/* The answer to the last command, without its newline. */
static const char *answer(worker *w) {
    static char line[1 << 14];
    if (!fgets(line, sizeof line, w->from)) return "no answer";
    line[strcspn(line, "\n")] = 0;
    return line;
}

#define EXPECT_ANSWER(w, command, expected)                                              \
    do {                                                                                 \
        tell(w, command);                                                                \
        const char *got = answer(w);                                                     \
        if (strcmp(got, expected) != 0) fprintf(stderr, "%s: got \"%.200s\"\n", command, got); \
        CHECK(strcmp(got, expected) == 0);                                               \
    } while (0)

/* The position of `text` in a "|"-separated list, or -1. */
static int position(const char *list, const char *text) {
    size_t n = strlen(text);
    int index = 0;
    for (const char *p = list; *p;) {
        const char *end = strchr(p, '|');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == n && memcmp(p, text, n) == 0) return index;
        index++;
        if (!end) break;
        p = end + 1;
    }
    return -1;
}

static char *path_of(const char *name) {
    static char path[2][160];
    static int next = 0;
    char *p = path[next++ % 2];
    snprintf(p, sizeof path[0], "%s/%s", g_dir, name);
    return p;
}

int main(void) {
    snprintf(g_dir, sizeof g_dir, "/tmp/sb-merge-XXXXXX");
    if (!mkdtemp(g_dir)) return 2;
    /* The parent forks before it touches the library, so each worker starts clean. */
    worker a = start(), b = start();

    EXPECT_ANSWER(&a, "bind", "");
    EXPECT_ANSWER(&a, "add a1", "a1");
    EXPECT_ANSWER(&b, "bind", "a1");
    EXPECT_ANSWER(&b, "add b1", "b1|a1");
    /* a has not seen b1: its addition merges, it does not overwrite */
    EXPECT_ANSWER(&a, "add a2", "a2|b1|a1");
    EXPECT_ANSWER(&b, "add b2", "b2|a2|b1|a1");
    /* a removes what it shows at index 1 (b1), after b2 it had not seen */
    EXPECT_ANSWER(&a, "remove 1", "b2|a2|a1");
    EXPECT_ANSWER(&b, "add a1", "a1|b2|a2");

    /* both at once: 100 each, interleaved however the scheduler likes */
    tell(&a, "burst A 100");
    tell(&b, "burst B 100");
    char after_a[1 << 14], after_b[1 << 14];
    snprintf(after_a, sizeof after_a, "%s", answer(&a));
    snprintf(after_b, sizeof after_b, "%s", answer(&b));
    CHECK(strncmp(after_a, "error", 5) != 0 && strncmp(after_b, "error", 5) != 0);

    /* a fresh process-wide view: everything either wrote, each in its order */
    sb_session *fresh = open_session();
    CHECK(fresh != NULL);
    CHECK_STATUS(sb_session_set_recents_name(fresh, "shared"), SB_OK);
    char *all = NULL;
    size_t size = 0;
    FILE *memory = open_memstream(&all, &size);
    print_list(fresh, memory);
    fclose(memory);
    all[strcspn(all, "\n")] = 0;
    int missing = 0, out_of_order = 0;
    for (int w = 0; w < 2; w++) {
        int previous = -1;
        for (int i = 99; i >= 0; i--) { /* newest first */
            char text[16];
            snprintf(text, sizeof text, "%c-%03d", w ? 'B' : 'A', i);
            int at = position(all, text);
            if (at < 0) missing++;
            else if (at < previous) out_of_order++;
            else previous = at;
        }
    }
    CHECK(missing == 0);
    CHECK(out_of_order == 0);
    CHECK(position(all, "a1") == 200 && position(all, "b2") == 201 && position(all, "a2") == 202);
    CHECK(position(all, "b1") < 0);
    if (missing || out_of_order) fprintf(stderr, "missing %d, out of order %d\n", missing, out_of_order);
    free(all);

    /* one more addition costs one journal line: the lists' file is not rewritten */
    struct stat lists_before, lists_after, journal_before, journal_after;
    CHECK(stat(path_of("shared.json"), &lists_before) == 0);
    CHECK(stat(path_of("shared.json.journal"), &journal_before) == 0);
    tell(&a, "add one more");
    CHECK(strncmp(answer(&a), "one more|", 9) == 0);
    CHECK(stat(path_of("shared.json"), &lists_after) == 0);
    CHECK(stat(path_of("shared.json.journal"), &journal_after) == 0);
    CHECK(lists_after.st_ino == lists_before.st_ino && lists_after.st_size == lists_before.st_size);
    CHECK(journal_after.st_size > journal_before.st_size && journal_after.st_size - journal_before.st_size < 100);

    tell(&a, "quit");
    tell(&b, "quit");
    int status_a = 0, status_b = 0;
    waitpid(a.pid, &status_a, 0);
    waitpid(b.pid, &status_b, 0);
    CHECK(WIFEXITED(status_a) && WEXITSTATUS(status_a) == 0);
    CHECK(WIFEXITED(status_b) && WEXITSTATUS(status_b) == 0);
    sb_session_free(fresh);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", g_dir);
    return check_report();
}
