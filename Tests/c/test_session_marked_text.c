/* Input-method pre-edit (marked text, UITextInput setMarkedText/unmarkText): a Hangul syllable
 * composed as ㅎ -> 하 -> 한 replaces the marked range each time, is searched while composed
 * (한 finds 한국어 before the commit), shows in the display for underlining, and is committed
 * by unmark, by another edit or by submit, and dropped by set_text, clear and cancel. */
#include <searchbar.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "fruit_fixture.h"
#include "session_text.h"

static int marked_is(sb_session *session, size_t start, size_t end) {
    size_t s = 99, e = 99;
    return sb_session_get_marked_range(session, &s, &e) == SB_OK && s == start && e == end;
}

static int nothing_marked(sb_session *session) {
    size_t s = 99, e = 99;
    return sb_session_get_marked_range(session, &s, &e) == SB_EMPTY && s == 0 && e == 0;
}

/* Waits (30 s bound) for the newest query's results; returns their count or -1. */
static long results_for_newest(sb_session *session) {
    for (int i = 0; i < 3000; i++) {
        sb_event event;
        if (sb_session_next_event(session, 10, &event) == SB_OK) {
            uint32_t kind = event.kind;
            uint64_t count = event.count;
            sb_free(event.text);
            if (kind == SB_EVENT_RESULTS_READY) return (long)count;
        }
    }
    return -1;
}

static void drain(sb_session *session) {
    sb_event event;
    while (sb_session_next_event(session, 0, &event) == SB_OK) sb_free(event.text);
}

static void hangul_composition_is_searched_while_composed(void) {
    sb_index *index = NULL;
    CHECK_STATUS(sb_index_new(NULL, &index), SB_OK);
    const char *titles[] = {"한국어", "일본어", "영어"};
    add_titled(index, titles, NULL, 3);
    sb_session *session = manual_session(index);
    sb_search_timing timing = SB_SEARCH_TIMING_INIT;
    timing.delay_ms = 0; /* search on every change: each composition step */
    CHECK_STATUS(sb_session_set_timing(session, &timing), SB_OK);

    CHECK(nothing_marked(session));
    /* ㅎ (U+314E, 3 bytes) at the cursor (0). */
    CHECK_STATUS(sb_session_set_marked_text(session, 0, 0, "\xe3\x85\x8e", 3), SB_OK);
    CHECK(text_is(session, "ㅎ"));
    CHECK(marked_is(session, 0, 3));
    drain(session);
    /* 하 replaces the marked range, whatever range is passed. */
    CHECK_STATUS(sb_session_set_marked_text(session, 3, 3, "하", strlen("하")), SB_OK);
    CHECK(text_is(session, "하"));
    CHECK(marked_is(session, 0, 3));
    drain(session);
    /* 한: searched during composition, before any commit. */
    CHECK_STATUS(sb_session_set_marked_text(session, 0, 0, "한", strlen("한")), SB_OK);
    CHECK(text_is(session, "한"));
    CHECK(marked_is(session, 0, 3));
    CHECK(results_for_newest(session) == 1);
    uint64_t generation = 0;
    uint64_t *ids = NULL;
    size_t count = 0;
    CHECK_STATUS(sb_session_results(session, &generation, &ids, &count), SB_OK);
    CHECK(count == 1 && ids && ids[0] == 1);
    sb_free(ids);

    /* The display reports the marked range for underlining. */
    sb_display *display = NULL;
    CHECK_STATUS(sb_session_display(session, &display), SB_OK);
    CHECK(display->has_marked_text == 1 && display->marked_start == 0 && display->marked_end == 3);
    sb_free(display);

    /* Commit: the text stays, nothing is marked, no new search. */
    CHECK_STATUS(sb_session_unmark_text(session), SB_OK);
    CHECK(text_is(session, "한"));
    CHECK(nothing_marked(session));
    CHECK_STATUS(sb_session_display(session, &display), SB_OK);
    CHECK(display->has_marked_text == 0 && display->marked_start == 0 && display->marked_end == 0);
    sb_free(display);
    CHECK_STATUS(sb_session_unmark_text(session), SB_OK); /* nothing marked: fine */

    /* The next syllable composes after the committed one: 국 at the cursor (3). */
    CHECK_STATUS(sb_session_set_marked_text(session, 3, 3, "ㄱ", strlen("ㄱ")), SB_OK);
    CHECK(marked_is(session, 3, 6));
    CHECK_STATUS(sb_session_set_marked_text(session, 0, 0, "구", strlen("구")), SB_OK);
    CHECK_STATUS(sb_session_set_marked_text(session, 0, 0, "국", strlen("국")), SB_OK);
    CHECK(text_is(session, "한국"));
    CHECK(marked_is(session, 3, 6));
    /* An empty marked text removes the composition (the user deleted it in the input method). */
    CHECK_STATUS(sb_session_set_marked_text(session, 0, 0, "", 0), SB_OK);
    CHECK(text_is(session, "한"));
    CHECK(nothing_marked(session));

    CHECK_STATUS(sb_session_free(session), SB_OK);
    CHECK_STATUS(sb_index_free(index), SB_OK);
}

static void other_calls_commit_or_drop_it(void) {
    sb_session *session = manual_session(NULL);
    /* Another edit commits first, then applies at its offsets. */
    CHECK_STATUS(sb_session_set_text(session, "ab", 2), SB_OK);
    CHECK_STATUS(sb_session_set_marked_text(session, 1, 1, "か", strlen("か")), SB_OK);
    CHECK(text_is(session, "aかb") && marked_is(session, 1, 4));
    CHECK_STATUS(sb_session_insert_text(session, 5, "!", 1), SB_OK);
    CHECK(text_is(session, "aかb!") && nothing_marked(session));
    /* A replacement of an explicit range when nothing is marked. */
    CHECK_STATUS(sb_session_set_marked_text(session, 0, 1, "き", strlen("き")), SB_OK);
    CHECK(text_is(session, "きかb!") && marked_is(session, 0, 3));
    /* Submit commits, then submits the whole text. */
    CHECK_STATUS(sb_session_submit(session), SB_OK);
    CHECK(text_is(session, "きかb!") && nothing_marked(session));
    sb_event event;
    int submitted = 0;
    while (sb_session_next_event(session, 0, &event) == SB_OK) {
        if (event.kind == SB_EVENT_SEARCH_BUTTON) submitted = event.text && strcmp(event.text, "きかb!") == 0;
        sb_free(event.text);
    }
    CHECK(submitted);
    /* set_text drops it (even when the text is the same). */
    CHECK_STATUS(sb_session_set_marked_text(session, 0, 0, "x", 1), SB_OK);
    CHECK(marked_is(session, 0, 1));
    CHECK_STATUS(sb_session_set_text(session, "xきかb!", strlen("xきかb!")), SB_OK);
    CHECK(nothing_marked(session));
    /* clear and cancel drop it with the text. */
    CHECK_STATUS(sb_session_set_marked_text(session, 0, 0, "y", 1), SB_OK);
    CHECK_STATUS(sb_session_clear(session), SB_OK);
    CHECK(text_is(session, "") && nothing_marked(session));
    CHECK_STATUS(sb_session_set_marked_text(session, 0, 0, "z", 1), SB_OK);
    CHECK_STATUS(sb_session_cancel(session), SB_OK);
    CHECK(text_is(session, "") && nothing_marked(session));
    /* Ending editing commits. */
    CHECK_STATUS(sb_session_begin_editing(session), SB_OK);
    CHECK_STATUS(sb_session_set_marked_text(session, 0, 0, "w", 1), SB_OK);
    CHECK_STATUS(sb_session_end_editing(session), SB_OK);
    CHECK(text_is(session, "w") && nothing_marked(session));

    /* The veto sees the change and may refuse it: nothing changes, the mark stays. */
    CHECK_STATUS(sb_session_set_marked_text(session, 1, 1, "q", 1), SB_OK);
    CHECK_STATUS(sb_session_set_callbacks(session, refuse_all, NULL, NULL), SB_OK);
    CHECK_STATUS(sb_session_set_marked_text(session, 0, 0, "r", 1), SB_ECANCELED);
    CHECK(text_is(session, "wq") && marked_is(session, 1, 2));
    CHECK_STATUS(sb_session_free(session), SB_OK);
}

static void bad_input(void) {
    sb_session *session = manual_session(NULL);
    size_t s = 0, e = 0;
    CHECK_STATUS(sb_session_set_text(session, "ab", 2), SB_OK);
    CHECK_STATUS(sb_session_set_marked_text(session, 3, 3, "x", 1), SB_EINVAL);  /* past the end */
    CHECK_STATUS(sb_session_set_marked_text(session, 2, 1, "x", 1), SB_EINVAL);  /* start > end */
    CHECK_STATUS(sb_session_set_marked_text(session, 0, 0, "\xff", 1), SB_EINVAL); /* bad UTF-8 */
    CHECK_STATUS(sb_session_set_marked_text(session, 0, 0, NULL, 1), SB_EINVAL);
    CHECK_STATUS(sb_session_set_marked_text(NULL, 0, 0, "x", 1), SB_EINVAL);
    CHECK_STATUS(sb_session_set_marked_text(session, SIZE_MAX, SIZE_MAX, "x", 1), SB_EINVAL);
    CHECK_STATUS(sb_session_set_marked_text(session, 0, 0, "x", SIZE_MAX), SB_ETOOBIG);
    CHECK(text_is(session, "ab") && nothing_marked(session));
    CHECK_STATUS(sb_session_set_text(session, "é", strlen("é")), SB_OK);
    CHECK_STATUS(sb_session_set_marked_text(session, 1, 1, "x", 1), SB_EINVAL);  /* inside é */
    CHECK_STATUS(sb_session_get_marked_range(session, NULL, &e), SB_EINVAL);
    CHECK_STATUS(sb_session_get_marked_range(session, &s, NULL), SB_EINVAL);
    CHECK_STATUS(sb_session_get_marked_range(NULL, &s, &e), SB_EINVAL);
    CHECK_STATUS(sb_session_unmark_text(NULL), SB_EINVAL);
    CHECK_STATUS(sb_session_free(session), SB_OK);
}

int main(void) {
    hangul_composition_is_searched_while_composed();
    other_calls_commit_or_drop_it();
    bad_input();
    return check_report();
}
