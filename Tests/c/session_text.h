/* Shared by the session editing C tests: a session on a manual clock, a check of its text, and
 * a veto callback that refuses everything. */
#ifndef SB_SESSION_TEXT_H
#define SB_SESSION_TEXT_H
#include <searchbar.h>
#include <string.h>
#include "check.h"

/* A session on a manual clock over `index` (NULL: host-searched). */
static inline sb_session *manual_session(sb_index *index) {
    sb_session_options options = SB_SESSION_OPTIONS_INIT;
    options.clock = SB_CLOCK_MANUAL;
    sb_session *session = NULL;
    CHECK_STATUS(sb_session_new(index, &options, &session), SB_OK);
    return session;
}

/* True when the session's text is `expected` (else prints both). */
static inline int text_is(sb_session *session, const char *expected) {
    char *text = NULL;
    size_t len = 0;
    if (sb_session_get_text(session, &text, &len) != SB_OK) return 0;
    int same = len == strlen(expected) && memcmp(text, expected, len) == 0;
    if (!same) fprintf(stderr, "text is \"%s\", expected \"%s\"\n", text, expected);
    sb_free(text);
    return same;
}

/* A veto callback that refuses every change. */
static inline int32_t refuse_all(void *user, const sb_event *event) {
    (void)user;
    (void)event;
    return 0;
}
#endif
