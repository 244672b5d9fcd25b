/*
 * A session with sources through the installed library: two local indexes and one remote
 * source that a second thread answers, as a host forwarding requests to its server would. The
 * session runs on the manual clock, so the remote source's timeout fires when the test moves
 * time, never by luck. Checked: sections in source order with their states, a remote
 * request's event (source, generation, text, scope), a superseded request cancelled towards
 * the host and its late answer refused, a failure and a timeout that fail only their section,
 * the session's highlights on remote items, deduplication by id, the sections answering the
 * query of a session without an index, a cancel, and bad input.
 */
#define _GNU_SOURCE /* mkdtemp under -std=c99 */
#include <pthread.h>
#include <searchbar.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "fruit_fixture.h"

enum { FRUIT = 0, PEOPLE = 1, SERVER = 2 };

/* The host's server thread: the main thread posts one job at a time and waits for its status. */
typedef struct job {
    int fail;            /* 1: sb_session_fail_source(), 0: sb_session_answer_source() */
    uint64_t generation; /* the request answered */
    int posted, done;
    sb_status status;
} job;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static job mailbox;
static int stopping;
static sb_session *shared_session;

static void *server(void *unused) {
    (void)unused;
    pthread_mutex_lock(&lock);
    for (;;) {
        while (!mailbox.posted && !stopping) pthread_cond_wait(&changed, &lock);
        if (stopping) break;
        job j = mailbox;
        pthread_mutex_unlock(&lock);
        sb_status status;
        if (j.fail) {
            status = sb_session_fail_source(shared_session, SERVER, j.generation, "connection refused");
        } else {
            /* Apricot is also in the fruit index (id 2); the server has no highlights. */
            sb_source_item items[2] = {
                {100, "Apricot jam", 11, "Server side", 11, 0.75, 1},
                {2, "Apricot", 7, NULL, 0, 0, 0},
            };
            status = sb_session_answer_source(shared_session, SERVER, j.generation, items, 2);
        }
        pthread_mutex_lock(&lock);
        mailbox.posted = 0;
        mailbox.done = 1;
        mailbox.status = status;
        pthread_cond_broadcast(&changed);
    }
    pthread_mutex_unlock(&lock);
    return NULL;
}

/* Has the server thread answer (or fail) `generation`; returns the status its call got. */
static sb_status on_server(int fail, uint64_t generation) {
    pthread_mutex_lock(&lock);
    mailbox = (job){fail, generation, 1, 0, SB_OK};
    pthread_cond_broadcast(&changed);
    while (!mailbox.done) pthread_cond_wait(&changed, &lock);
    sb_status status = mailbox.status;
    pthread_mutex_unlock(&lock);
    return status;
}

/* The events seen so far that the test asserts on. */
typedef struct seen {
    uint64_t request_generation[16], cancel_generation[16];
    char request_text[16][16];
    int64_t request_scope[16];
    int requests, cancels;
} seen;

/* Reads events (up to 30 s, a bound that holds on a loaded machine) until `kind` arrives for
 * `generation` (with at least `count` settled sections for SB_EVENT_SECTIONS_READY); records
 * the remote requests and cancels met on the way. Returns 1 when it arrived. */
static int wait_event(sb_session *session, seen *log, uint32_t kind, uint64_t generation, uint64_t count) {
    for (int i = 0; i < 3000; i++) {
        sb_event e;
        if (sb_session_next_event(session, 10, &e) != SB_OK) continue;
        int match = e.kind == kind && e.generation == generation && (kind != SB_EVENT_SECTIONS_READY || e.count >= count);
        if (e.kind == SB_EVENT_SOURCE_REQUEST && log->requests < 16) {
            CHECK(e.index == SERVER);
            log->request_generation[log->requests] = e.generation;
            log->request_scope[log->requests] = e.previous_index;
            snprintf(log->request_text[log->requests], 16, "%s", e.text ? e.text : "");
            log->requests++;
        }
        if (e.kind == SB_EVENT_SOURCE_CANCEL && log->cancels < 16) {
            CHECK(e.index == SERVER);
            log->cancel_generation[log->cancels++] = e.generation;
        }
        /* Sections of an older query never arrive after a newer query was issued. */
        if (e.kind == SB_EVENT_SECTIONS_READY) CHECK(e.generation <= generation);
        sb_free(e.text);
        if (match) return 1;
    }
    return 0;
}

static uint64_t search(sb_session *session, const char *text) {
    uint64_t generation = 0;
    CHECK_STATUS(sb_session_set_text(session, text, strlen(text)), SB_OK);
    CHECK_STATUS(sb_session_search_now(session, &generation), SB_OK);
    return generation;
}

static sb_index *people_index(void) {
    sb_index *index = prefix_index("en");
    static const char *titles[] = {"Apollonia Vance", "Bartholomew Apfel"};
    sb_item items[2];
    memset(items, 0, sizeof items);
    for (int i = 0; i < 2; i++) {
        items[i].id = (uint64_t)(11 + i);
        items[i].title = titles[i];
        items[i].title_len = strlen(titles[i]);
    }
    CHECK_STATUS(sb_index_add(index, items, 2), SB_OK);
    return index;
}

static int64_t add_source(sb_session *session, sb_index *index, uint32_t kind, const char *title, int32_t priority) {
    sb_source_options options = SB_SOURCE_OPTIONS_INIT;
    options.kind = kind;
    options.title = title;
    options.priority = priority;
    if (kind == SB_SOURCE_REMOTE) {
        options.timeout_ms = 1000;
        options.min_query_length = 2;
    }
    int64_t position = -1;
    CHECK_STATUS(sb_session_add_source(session, index, &options, &position), SB_OK);
    return position;
}

static void bad_input(sb_session *session, sb_index *index) {
    int64_t position = 7;
    sb_source_options options = SB_SOURCE_OPTIONS_INIT;
    CHECK_STATUS(sb_session_add_source(session, NULL, NULL, &position), SB_EINVAL);
    CHECK(position == -1);
    CHECK_STATUS(sb_session_add_source(session, NULL, &options, NULL), SB_EINVAL);
    CHECK_STATUS(sb_session_add_source(NULL, NULL, &options, &position), SB_EINVAL);
    options.kind = SB_SOURCE_LOCAL_INDEX;
    CHECK_STATUS(sb_session_add_source(session, NULL, &options, &position), SB_EINVAL);
    options.kind = SB_SOURCE_REMOTE;
    CHECK_STATUS(sb_session_add_source(session, index, &options, &position), SB_EINVAL);
    options.kind = 9;
    CHECK_STATUS(sb_session_add_source(session, NULL, &options, &position), SB_EINVAL);
    options.kind = SB_SOURCE_REMOTE;
    options.limit = 0;
    CHECK_STATUS(sb_session_add_source(session, NULL, &options, &position), SB_EINVAL);
    options.limit = 20;
    options.version = 0;
    CHECK_STATUS(sb_session_add_source(session, NULL, &options, &position), SB_EINVAL);
    options.version = SB_SOURCE_OPTIONS_VERSION;
    options.title = "\xff";
    CHECK_STATUS(sb_session_add_source(session, NULL, &options, &position), SB_EINVAL);
    CHECK_STATUS(sb_source_options_init(NULL, SB_SOURCE_OPTIONS_VERSION), SB_EINVAL);
    CHECK_STATUS(sb_source_options_init(&options, 99), SB_EINVAL);
    CHECK_STATUS(sb_source_options_init(&options, SB_SOURCE_OPTIONS_VERSION), SB_OK);
    CHECK(options.kind == SB_SOURCE_REMOTE && options.limit == 20 && options.title == NULL);

    sb_source_item bad = {1, "\xff", 1, NULL, 0, 0, 0};
    CHECK_STATUS(sb_session_answer_source(session, SERVER, 1, &bad, 1), SB_EINVAL);
    bad.title = "ok";
    bad.title_len = 2;
    bad.has_score = 2;
    CHECK_STATUS(sb_session_answer_source(session, SERVER, 1, &bad, 1), SB_EINVAL);
    CHECK_STATUS(sb_session_answer_source(session, SERVER, 1, NULL, 1), SB_EINVAL);
    CHECK_STATUS(sb_session_answer_source(session, FRUIT, 1, NULL, 0), SB_EINVAL); /* not remote */
    CHECK_STATUS(sb_session_answer_source(session, 99, 1, NULL, 0), SB_EINVAL);
    CHECK_STATUS(sb_session_answer_source(session, -1, 1, NULL, 0), SB_EINVAL);
    CHECK_STATUS(sb_session_fail_source(session, SERVER, 1, "\xff"), SB_EINVAL);
    CHECK_STATUS(sb_session_fail_source(NULL, SERVER, 1, "x"), SB_EINVAL);
    CHECK_STATUS(sb_session_set_source_dedupe(session, 2), SB_EINVAL);
    CHECK_STATUS(sb_session_sections(session, NULL), SB_EINVAL);
    sb_sections *none = (sb_sections *)&position;
    CHECK_STATUS(sb_session_sections(NULL, &none), SB_EINVAL);
    CHECK(none == NULL);
    CHECK(strcmp(sb_source_kind_string(SB_SOURCE_REMOTE), "SB_SOURCE_REMOTE") == 0);
    CHECK(strcmp(sb_section_state_string(SB_SECTION_FAILED), "SB_SECTION_FAILED") == 0);
    CHECK(strcmp(sb_event_kind_string(SB_EVENT_SECTIONS_READY), "SB_EVENT_SECTIONS_READY") == 0);
}

static const sb_section *sections_of(sb_session *session, sb_sections **out, uint64_t generation) {
    CHECK_STATUS(sb_session_sections(session, out), SB_OK);
    CHECK(*out != NULL && (*out)->generation == generation && (*out)->count == 3);
    if (!*out || (*out)->count != 3) return NULL;
    CHECK(strcmp((*out)->sections[FRUIT].title, "Fruit") == 0);
    CHECK(strcmp((*out)->sections[PEOPLE].title, "People") == 0);
    CHECK(strcmp((*out)->sections[SERVER].title, "On the server") == 0);
    for (int64_t i = 0; i < 3; i++) CHECK((*out)->sections[i].source == i);
    return (*out)->sections;
}

static int has_id(const sb_section *section, uint64_t id) {
    for (size_t i = 0; i < section->item_count; i++)
        if (section->items[i].id == id) return 1;
    return 0;
}

int main(void) {
    char dir[] = "/tmp/sb-sources-XXXXXX";
    if (!mkdtemp(dir)) return 2;
    sb_index *fruit = fruit_index();
    sb_index *people = people_index();
    sb_session_options options = SB_SESSION_OPTIONS_INIT;
    options.clock = SB_CLOCK_MANUAL;
    options.recents_directory = dir;
    sb_session *session = NULL;
    CHECK_STATUS(sb_session_new(NULL, &options, &session), SB_OK);
    shared_session = session;
    CHECK(add_source(session, fruit, SB_SOURCE_LOCAL_INDEX, "Fruit", 1) == FRUIT);
    CHECK(add_source(session, people, SB_SOURCE_LOCAL_INDEX, "People", 0) == PEOPLE);
    CHECK(add_source(session, NULL, SB_SOURCE_REMOTE, "On the server", 0) == SERVER);
    bad_input(session, fruit);
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, server, NULL) == 0);
    seen log;
    memset(&log, 0, sizeof log);
    sb_sections *got = NULL;
    const sb_section *s;

    /* "a": shorter than the server's minimum: its section stays idle, nobody asks it. */
    uint64_t g1 = search(session, "a");
    CHECK(wait_event(session, &log, SB_EVENT_SECTIONS_READY, g1, 2));
    CHECK(log.requests == 0);
    if ((s = sections_of(session, &got, g1))) {
        /* apple, apricot, and grape for its subtitle's "a" and "apt" */
        CHECK(s[FRUIT].state == SB_SECTION_READY && s[FRUIT].item_count == 3);
        CHECK(s[PEOPLE].state == SB_SECTION_READY && s[PEOPLE].item_count == 2);
        CHECK(s[SERVER].state == SB_SECTION_IDLE && s[SERVER].item_count == 0);
        CHECK(s[FRUIT].items[0].title_highlight_count == 1 && s[FRUIT].items[0].title_highlights[0].end == 1);
    }
    sb_free(got);

    /* "ap": the server is asked; "apr" supersedes it before it answers. */
    uint64_t g2 = search(session, "ap");
    CHECK(wait_event(session, &log, SB_EVENT_SOURCE_REQUEST, g2, 0));
    uint64_t g3 = search(session, "apr");
    CHECK(wait_event(session, &log, SB_EVENT_SOURCE_REQUEST, g3, 0));
    CHECK(log.requests == 2 && log.request_generation[0] == g2 && strcmp(log.request_text[0], "ap") == 0);
    CHECK(log.request_generation[1] == g3 && strcmp(log.request_text[1], "apr") == 0 && log.request_scope[1] == 0);
    CHECK(log.cancels == 1 && log.cancel_generation[0] == g2);
    /* The superseded request's answer, from the server thread, is dropped. */
    CHECK_STATUS(on_server(0, g2), SB_ECANCELED);
    CHECK_STATUS(on_server(0, g3), SB_OK);
    CHECK(wait_event(session, &log, SB_EVENT_SECTIONS_READY, g3, 3));
    if ((s = sections_of(session, &got, g3))) {
        CHECK(s[FRUIT].state == SB_SECTION_READY && s[FRUIT].item_count == 1 && s[FRUIT].items[0].id == 2);
        CHECK(s[PEOPLE].state == SB_SECTION_READY && s[PEOPLE].item_count == 0);
        CHECK(s[SERVER].state == SB_SECTION_READY && s[SERVER].item_count == 2 && s[SERVER].status == SB_OK);
        const sb_section_item *jam = &s[SERVER].items[0];
        CHECK(jam->id == 100 && strcmp(jam->title, "Apricot jam") == 0 && strcmp(jam->subtitle, "Server side") == 0);
        CHECK(jam->has_score == 1 && jam->score == 0.75 && s[SERVER].items[1].has_score == 0);
        /* Highlighted by the session, as a local item would be. */
        CHECK(jam->title_highlight_count == 1 && jam->title_highlights[0].start == 0 && jam->title_highlights[0].end == 3);
        CHECK(jam->subtitle_highlight_count == 0);
    }
    sb_free(got);
    /* A session without an index: its sections answer the query, in source order. */
    uint64_t shown = 0, *ids = NULL;
    size_t id_count = 0;
    CHECK_STATUS(sb_session_results(session, &shown, &ids, &id_count), SB_OK);
    CHECK(shown == g3 && id_count == 3 && ids && ids[0] == 2 && ids[1] == 100 && ids[2] == 2);
    sb_free(ids);
    /* An answer after the answer is late too. */
    CHECK_STATUS(on_server(0, g3), SB_ECANCELED);

    /* Deduplication: apricot (id 2) stays in the fruit section, whose priority is higher. */
    CHECK_STATUS(sb_session_set_source_dedupe(session, 1), SB_OK);
    if ((s = sections_of(session, &got, g3))) {
        CHECK(has_id(&s[FRUIT], 2) && !has_id(&s[SERVER], 2) && has_id(&s[SERVER], 100));
        CHECK(s[SERVER].item_count == 1);
    }
    sb_free(got);
    CHECK_STATUS(sb_session_set_source_dedupe(session, 0), SB_OK);

    /* A failing server fails its section only. */
    uint64_t g4 = search(session, "apri");
    CHECK(wait_event(session, &log, SB_EVENT_SOURCE_REQUEST, g4, 0));
    CHECK_STATUS(on_server(1, g4), SB_OK);
    CHECK(wait_event(session, &log, SB_EVENT_SECTIONS_READY, g4, 3));
    if ((s = sections_of(session, &got, g4))) {
        CHECK(s[FRUIT].state == SB_SECTION_READY && s[FRUIT].item_count == 1);
        CHECK(s[SERVER].state == SB_SECTION_FAILED && s[SERVER].status == SB_EIO && s[SERVER].item_count == 0);
        CHECK(strcmp(s[SERVER].message, "connection refused") == 0);
    }
    sb_free(got);
    CHECK_STATUS(on_server(0, g4), SB_ECANCELED);

    /* A silent server times out on the session's clock: failed, and its request cancelled. */
    uint64_t g5 = search(session, "apric");
    CHECK(wait_event(session, &log, SB_EVENT_SECTIONS_READY, g5, 2));
    int cancels = log.cancels;
    CHECK_STATUS(sb_session_advance_clock(session, 999), SB_OK);
    CHECK_STATUS(sb_session_sections(session, &got), SB_OK);
    CHECK(got && got->count == 3 && got->sections[SERVER].state == SB_SECTION_PENDING);
    sb_free(got);
    CHECK_STATUS(sb_session_advance_clock(session, 1), SB_OK);
    CHECK(wait_event(session, &log, SB_EVENT_SECTIONS_READY, g5, 3));
    CHECK(log.cancels == cancels + 1 && log.cancel_generation[cancels] == g5);
    if ((s = sections_of(session, &got, g5))) {
        CHECK(s[SERVER].state == SB_SECTION_FAILED && s[SERVER].status == SB_ETIMEDOUT);
        CHECK(s[FRUIT].state == SB_SECTION_READY && s[FRUIT].item_count == 1);
    }
    sb_free(got);
    CHECK_STATUS(on_server(0, g5), SB_ECANCELED);

    /* A cancel withdraws the pending request and clears the sections. */
    uint64_t g6 = search(session, "apricot");
    CHECK(wait_event(session, &log, SB_EVENT_SOURCE_REQUEST, g6, 0));
    CHECK_STATUS(sb_session_cancel(session), SB_OK);
    CHECK(wait_event(session, &log, SB_EVENT_SOURCE_CANCEL, g6, 0));
    CHECK_STATUS(sb_session_sections(session, &got), SB_OK);
    CHECK(got && got->generation == 0 && got->count == 0 && got->sections == NULL);
    sb_free(got);
    CHECK_STATUS(on_server(0, g6), SB_ECANCELED);

    pthread_mutex_lock(&lock);
    stopping = 1;
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
    pthread_join(thread, NULL);
    sb_session_free(session);
    sb_index_free(fruit);
    sb_index_free(people);
    rmdir(dir);
    return check_report();
}
