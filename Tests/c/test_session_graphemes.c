/* Backspace and forward delete by extended grapheme cluster from the library
 * (sb_session_delete_backward / _forward): flags, emoji ZWJ sequences and skin tones, Hangul
 * jamo, combining marks, Indic conjuncts (GB9c) and Prepend marks are each one character. */
#include <searchbar.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

/* (text, what one Backspace at the end leaves) */
static const char *cases[][2] = {
    {"ab", "a"},
    {"a\xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd", "a"},                                /* a + 👍🏽 */
    {"x\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa7", "x"}, /* 👨‍👩‍👧 */
    {"\xf0\x9f\x87\xa9\xf0\x9f\x87\xaa\xf0\x9f\x87\xab\xf0\x9f\x87\xb7",
     "\xf0\x9f\x87\xa9\xf0\x9f\x87\xaa"},                                       /* 🇩🇪🇫🇷 -> 🇩🇪 */
    {"\xe1\x84\x92\xe1\x85\xa1\xe1\x86\xab", ""},                               /* ᄒ ᅡ ᆫ (jamo) */
    {"\xed\x95\x9c\xea\xb5\xad", "\xed\x95\x9c"},                               /* 한국 -> 한 */
    {"cafe\xcc\x81", "caf"},                                                    /* e + U+0301 */
    {"a\xe0\xa4\x95\xe0\xa5\x8d\xe0\xa4\xb7", "a"},                             /* क्ष (GB9c) */
    {"\xe0\xa4\xa8\xe0\xa4\xbf", ""},                                           /* नि */
    {"\xd8\x80" "1", ""},                                                       /* U+0600 Prepend + 1 */
    {"x\r\n", "x"},                                                             /* CR LF */
};

static int text_is(sb_session *session, const char *expected) {
    char *text = NULL;
    size_t len = 0;
    if (sb_session_get_text(session, &text, &len) != SB_OK) return 0;
    int same = len == strlen(expected) && memcmp(text, expected, len) == 0;
    if (!same) fprintf(stderr, "text is \"%s\", expected \"%s\"\n", text, expected);
    sb_free(text);
    return same;
}

static sb_session *manual_session(void) {
    sb_session_options options = SB_SESSION_OPTIONS_INIT;
    options.clock = SB_CLOCK_MANUAL;
    sb_session *session = NULL;
    CHECK_STATUS(sb_session_new(NULL, &options, &session), SB_OK);
    return session;
}

static void backspace_deletes_one_cluster(void) {
    sb_session *session = manual_session();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *text = cases[i][0], *left = cases[i][1];
        CHECK_STATUS(sb_session_set_text(session, text, strlen(text)), SB_OK);
        size_t offset = 999;
        CHECK_STATUS(sb_session_delete_backward(session, strlen(text), &offset), SB_OK);
        CHECK(text_is(session, left));
        CHECK(offset == strlen(left));
        /* Forward delete at the start removes the first cluster, whatever follows. */
        CHECK_STATUS(sb_session_set_text(session, text, strlen(text)), SB_OK);
        CHECK_STATUS(sb_session_delete_forward(session, 0, &offset), SB_OK);
        CHECK(offset == 0);
    }
    CHECK_STATUS(sb_session_free(session), SB_OK);
}

static void forward_and_edges(void) {
    sb_session *session = manual_session();
    const char *flags = "\xf0\x9f\x87\xa9\xf0\x9f\x87\xaa\xf0\x9f\x87\xab\xf0\x9f\x87\xb7"; /* 🇩🇪🇫🇷 */
    CHECK_STATUS(sb_session_set_text(session, flags, strlen(flags)), SB_OK);
    size_t offset = 999;
    CHECK_STATUS(sb_session_delete_forward(session, 0, &offset), SB_OK);
    CHECK(text_is(session, "\xf0\x9f\x87\xab\xf0\x9f\x87\xb7") && offset == 0);
    CHECK_STATUS(sb_session_delete_forward(session, 8, &offset), SB_EMPTY); /* at the end */
    CHECK(offset == 8);
    /* An offset between the two regional indicators of one flag deletes the whole flag. */
    CHECK_STATUS(sb_session_set_text(session, flags, strlen(flags)), SB_OK);
    CHECK_STATUS(sb_session_delete_backward(session, 4, &offset), SB_OK);
    CHECK(text_is(session, "\xf0\x9f\x87\xab\xf0\x9f\x87\xb7") && offset == 0);
    /* क्ष then a: forward delete at 0 takes the conjunct. */
    CHECK_STATUS(sb_session_set_text(session, "\xe0\xa4\x95\xe0\xa5\x8d\xe0\xa4\xb7" "a", 10), SB_OK);
    CHECK_STATUS(sb_session_delete_forward(session, 0, &offset), SB_OK);
    CHECK(text_is(session, "a"));
    /* Backspace in the middle: "abc" at 2 leaves "ac", cursor 1. */
    CHECK_STATUS(sb_session_set_text(session, "abc", 3), SB_OK);
    CHECK_STATUS(sb_session_delete_backward(session, 2, &offset), SB_OK);
    CHECK(text_is(session, "ac") && offset == 1);
    CHECK_STATUS(sb_session_delete_backward(session, 0, &offset), SB_EMPTY); /* at the start */
    CHECK(offset == 0 && text_is(session, "ac"));
    CHECK_STATUS(sb_session_delete_backward(session, 1, NULL), SB_OK); /* NULL out: fine */
    CHECK(text_is(session, "c"));
    CHECK_STATUS(sb_session_free(session), SB_OK);
}

static int32_t refuse_all(void *user, const sb_event *event) {
    (void)user;
    (void)event;
    return 0;
}

static void veto_and_bad_input(void) {
    sb_session *session = manual_session();
    CHECK_STATUS(sb_session_set_text(session, "\xc3\xa9x", 3), SB_OK); /* éx */
    size_t offset = 999;
    CHECK_STATUS(sb_session_delete_backward(session, 4, &offset), SB_EINVAL);  /* past the end */
    CHECK_STATUS(sb_session_delete_backward(session, 1, &offset), SB_EINVAL);  /* inside é */
    CHECK_STATUS(sb_session_delete_forward(session, 1, &offset), SB_EINVAL);
    CHECK_STATUS(sb_session_delete_backward(NULL, 0, &offset), SB_EINVAL);
    CHECK_STATUS(sb_session_delete_forward(NULL, 0, &offset), SB_EINVAL);
    CHECK(text_is(session, "\xc3\xa9x"));
    CHECK_STATUS(sb_session_set_callbacks(session, refuse_all, NULL, NULL), SB_OK);
    CHECK_STATUS(sb_session_delete_backward(session, 3, &offset), SB_ECANCELED);
    CHECK(offset == 3 && text_is(session, "\xc3\xa9x"));
    CHECK_STATUS(sb_session_free(session), SB_OK);
}

int main(void) {
    backspace_deletes_one_cluster();
    forward_and_edges();
    veto_and_bad_input();
    return check_report();
}
