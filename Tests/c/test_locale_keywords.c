/*
 * Locales with collation keywords ICU refuses, through the installed library: a well-formed tag
 * such as en-u-ks-level9, en-u-kv-xxx or en-u-kh-true is SB_EINVAL with a message naming the
 * locale in every function that takes a locale (it was SB_EINTERNAL from the collator and index,
 * and accepted by sessions, folding and tokenizing); keywords ICU accepts still work.
 */
#define _GNU_SOURCE /* mkdtemp under -std=c99 */
#include <searchbar.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

/* Collation keywords ICU refuses make a bad locale (SB_EINVAL naming it), not an internal
 * error, in every function that takes a locale. */
static void bad_collation_keywords(const char *dir) {
    static const char *bad[] = {
        "en-u-ks-level9", "en-u-kv-xxx", "en-u-kh-true", "en-u-kn-maybe", "en-u-kf-xyz", "en-u-ka-foo",
        "en-u-kb-x1", "en-u-kc-abc", "en-u-kr-xxxx", "en-u-ks", "en-u-vt-0061", "en@colStrength=nine",
        "en@colReorder=xxxx", "xx-u-ks-level9", "sv-SE-u-kn-maybe",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sb_collator *collator = NULL;
        CHECK_STATUS(sb_collator_new(bad[i], &collator), SB_EINVAL);
        CHECK(strstr(sb_last_error(), "locale") != NULL);
        CHECK(collator == NULL);
        sb_index *index = NULL;
        CHECK_STATUS(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, 0, 0, bad[i], 1, 0, 0}, &index), SB_EINVAL);
        CHECK(index == NULL);
        sb_session_options options = SB_SESSION_OPTIONS_INIT;
        options.locale = bad[i];
        options.recents_directory = dir;
        sb_session *session = NULL;
        CHECK_STATUS(sb_session_new(NULL, &options, &session), SB_EINVAL);
        CHECK(session == NULL);
        char *key = NULL;
        size_t len = 0;
        CHECK_STATUS(sb_fold(bad[i], "x", 1, &key, &len), SB_EINVAL);
        sb_token *tokens = NULL;
        size_t count = 0;
        CHECK_STATUS(sb_tokenize(bad[i], "x", 1, &tokens, &count), SB_EINVAL);
    }
    /* A very long locale is malformed too, not too big. */
    size_t huge = ((size_t)64 << 20) + 2;
    char *long_tag = malloc(huge);
    CHECK(long_tag != NULL);
    if (long_tag) {
        memcpy(long_tag, "en-u-ks-level1", 14);
        memset(long_tag + 14, 'a', huge - 15);
        long_tag[huge - 1] = 0;
        sb_collator *collator = NULL;
        CHECK_STATUS(sb_collator_new(long_tag, &collator), SB_EINVAL);
        CHECK(strstr(sb_last_error(), "locale") != NULL);
        char *key = NULL;
        size_t len = 0;
        CHECK_STATUS(sb_fold(long_tag, "x", 1, &key, &len), SB_EINVAL);
        long_tag[300] = 0;
        CHECK_STATUS(sb_fold(long_tag, "x", 1, &key, &len), SB_EINVAL);
        free(long_tag);
    }
    /* Keywords ICU accepts still work. */
    static const char *good[] = {
        "de-u-co-phonebk", "en-u-kn", "en-u-ks-level1", "en-u-ks-identic", "en-u-kr-latn", "en-u-kv-punct",
        "en-u-co-search", "de@collation=phonebook", "en-u-kf-upper",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        sb_collator *collator = NULL;
        CHECK_STATUS(sb_collator_new(good[i], &collator), SB_OK);
        sb_collator_free(collator);
        sb_index *index = NULL;
        CHECK_STATUS(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, 0, 0, good[i], 1, 0, 0}, &index), SB_OK);
        sb_index_free(index);
    }
}

int main(void) {
    char dir[] = "/tmp/sb-locale-keywords-XXXXXX";
    if (!mkdtemp(dir)) return 2;
    bad_collation_keywords(dir);
    rmdir(dir);
    return check_report();
}
