/* The error model through the installed library: statuses, messages, NULLs, bad UTF-8, handles. */
#define _GNU_SOURCE /* mkdtemp under -std=c99 */
#include <searchbar.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include "check.h"
#include "fruit_fixture.h"

/* A non-blocking sb_session_next_event() on an empty queue is not an error: SB_EMPTY, and the
 * calling thread's last error message stays what it was. */
static void empty_queue_is_not_an_error(void) {
    char dir[] = "/tmp/sb-errors-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    sb_index *index = fruit_index();
    sb_session *session = index_session(index, dir);
    sb_event event;
    int drained = 0;
    while (drained < 1000 && sb_session_next_event(session, 0, &event) == SB_OK) {
        sb_free(event.text);
        drained++;
    }
    CHECK_STATUS(sb_fold(NULL, "a\x80z", 3, NULL, NULL), SB_EINVAL); /* sets a message */
    char before[256];
    snprintf(before, sizeof before, "%s", sb_last_error());
    CHECK(before[0] != '\0');
    for (int i = 0; i < 3; i++) {
        CHECK_STATUS(sb_session_next_event(session, 0, &event), SB_EMPTY);
        CHECK(strcmp(sb_last_error(), before) == 0);
    }
    CHECK(strcmp(sb_status_string(SB_EMPTY), "SB_EMPTY") == 0);
    CHECK_STATUS(sb_session_free(session), SB_OK);
    sb_index_free(index);
    rmdir(dir);
}

int main(void) {
    char *key = (char *)"untouched";
    size_t len = 123;

    CHECK(sb_version_number() / 10000 == SB_VERSION_MAJOR);
    CHECK(sb_version_number() == SB_VERSION_NUMBER);
    CHECK(strlen(sb_version_string()) >= 5);
    CHECK(strcmp(sb_status_string(SB_EINVAL), "SB_EINVAL") == 0);
    CHECK(strcmp(sb_status_string((sb_status)4242), "SB_UNKNOWN_STATUS") == 0);

    /* NULL output pointer */
    CHECK_STATUS(sb_fold(NULL, "abc", 3, NULL, &len), SB_EINVAL);
    CHECK(strstr(sb_last_error(), "out_key") != NULL);

    /* NULL text with a length: outputs are reset, not left as garbage */
    CHECK_STATUS(sb_fold(NULL, NULL, 4, &key, &len), SB_EINVAL);
    CHECK(key == NULL);
    CHECK(strstr(sb_last_error(), "text") != NULL);

    /* invalid UTF-8: a lone continuation byte, an overlong form, a surrogate */
    CHECK_STATUS(sb_fold(NULL, "a\x80z", 3, &key, &len), SB_EINVAL);
    CHECK(strstr(sb_last_error(), "UTF-8") != NULL);
    CHECK_STATUS(sb_fold(NULL, "\xc0\xaf", 2, &key, &len), SB_EINVAL);
    CHECK_STATUS(sb_fold(NULL, "\xed\xa0\x80", 3, &key, &len), SB_EINVAL);

    /* malformed locale vs. a well-formed one without data */
    CHECK_STATUS(sb_fold("!!not a locale", "abc", 3, &key, &len), SB_EINVAL);
    CHECK(strstr(sb_last_error(), "locale") != NULL);
    CHECK_STATUS(sb_fold("xx", "ABC", 3, &key, &len), SB_WARN_LOCALE_FALLBACK);
    CHECK(key != NULL && strcmp(key, "abc") == 0);
    sb_free(key);

    /* handles: NULL, foreign and freed handles are refused; freeing NULL or twice is harmless */
    {
        sb_collator *collator = NULL;
        int32_t order = 0;
        CHECK_STATUS(sb_collator_compare(NULL, "a", 1, "b", 1, &order), SB_EINVAL);
        CHECK_STATUS(sb_collator_compare((sb_collator *)(uintptr_t)0x1000, "a", 1, "b", 1, &order), SB_EINVAL);
        CHECK_STATUS(sb_collator_new("en", &collator), SB_OK);
        CHECK_STATUS(sb_collator_compare(collator, "a", 1, "b", 1, NULL), SB_EINVAL);
        sb_collator_free(collator);
        sb_collator_free(collator);
        CHECK_STATUS(sb_collator_compare(collator, "a", 1, "b", 1, &order), SB_EINVAL);
        sb_collator_free(NULL);
    }
    sb_free(NULL);
    empty_queue_is_not_an_error();
    return check_report();
}
