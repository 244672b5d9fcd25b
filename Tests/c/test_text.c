/* Folding, tokens with byte ranges and collation through the installed library. */
#include <searchbar.h>
#include <stdint.h>
#include <stdlib.h>
#include "check.h"

static int folds_to(const char *locale, const char *text, const char *expected) {
    char *key = NULL;
    size_t len = 0;
    sb_status status = sb_fold(locale, text, strlen(text), &key, &len);
    int ok = status == SB_OK && key != NULL && strlen(key) == len && strcmp(key, expected) == 0;
    if (!ok) fprintf(stderr, "fold(%s, %s) = %s (status %s)\n", locale ? locale : "NULL", text,
                     key ? key : "(null)", sb_status_string(status));
    sb_free(key);
    return ok;
}

static int folds_same(const char *locale, const char *a, const char *b) {
    char *ka = NULL, *kb = NULL;
    size_t la = 0, lb = 0;
    int ok = sb_fold(locale, a, strlen(a), &ka, &la) == SB_OK && sb_fold(locale, b, strlen(b), &kb, &lb) == SB_OK &&
             la == lb && memcmp(ka, kb, la) == 0;
    sb_free(ka);
    sb_free(kb);
    return ok;
}

int main(void) {
    /* folding classes: case, full case folding, diacritics, compatibility, letter table, kana */
    CHECK(folds_to(NULL, "Résumé", "resume"));
    CHECK(folds_to("und", "Straße", "strasse"));
    CHECK(folds_to(NULL, "\xef\xac\x81le", "file")); /* U+FB01 ligature */
    CHECK(folds_to(NULL, "\xc3\x98resund", "oresund")); /* Ø */
    CHECK(folds_same(NULL, "\xe3\x82\xab\xe3\x82\xbf\xe3\x82\xab\xe3\x83\x8a", "\xe3\x81\x8b\xe3\x81\x9f\xe3\x81\x8b\xe3\x81\xaa")); /* カタカナ = かたかな */
    CHECK(folds_same(NULL, "Re\xcc\x81sume\xcc\x81", "R\xc3\xa9sum\xc3\xa9")); /* NFD = NFC */
    /* locale tailoring: Swedish keeps å distinct, no locale folds it */
    CHECK(!folds_same("sv", "\xc3\x85sa", "asa"));
    CHECK(folds_same(NULL, "\xc3\x85sa", "asa"));

    /* tokens carry byte ranges into the original text */
    {
        const char *text = "The\xc2\xbfquick brown_fox";
        sb_token *tokens = NULL;
        size_t count = 0;
        CHECK_STATUS(sb_tokenize("en", text, strlen(text), &tokens, &count), SB_OK);
        CHECK(count >= 3);
        if (count >= 1) {
            CHECK(tokens[0].range.start == 0 && tokens[0].range.end == 3);
            CHECK(strcmp(tokens[0].text, "the") == 0);
        }
        for (size_t i = 0; i < count; i++) {
            CHECK(tokens[i].range.start < tokens[i].range.end && tokens[i].range.end <= strlen(text));
            CHECK(strlen(tokens[i].key) == tokens[i].key_len);
        }
        sb_free(tokens);
        CHECK_STATUS(sb_tokenize("en", text, strlen(text), NULL, &count), SB_EINVAL);
    }

    /* collation: numeric ordering, locale order, sort keys agree with compare */
    {
        sb_collator *collator = NULL;
        const char *files[] = {"file10", "file2", "File1"};
        size_t order[3] = {9, 9, 9};
        int32_t cmp = 0;
        CHECK_STATUS(sb_collator_new("en", &collator), SB_OK);
        CHECK_STATUS(sb_collator_sort(collator, files, NULL, 3, order), SB_OK);
        CHECK(order[0] == 2 && order[1] == 1 && order[2] == 0);
        CHECK_STATUS(sb_collator_compare(collator, "file2", 5, "file10", 6, &cmp), SB_OK);
        CHECK(cmp < 0);
        {
            uint8_t *k1 = NULL, *k2 = NULL;
            size_t l1 = 0, l2 = 0;
            CHECK_STATUS(sb_collator_sort_key(collator, "file2", 5, &k1, &l1), SB_OK);
            CHECK_STATUS(sb_collator_sort_key(collator, "file10", 6, &k2, &l2), SB_OK);
            CHECK(l1 > 0 && l2 > 0 && memcmp(k1, k2, l1 < l2 ? l1 : l2) < 0);
            sb_free(k1);
            sb_free(k2);
        }
        sb_collator_free(collator);
    }
    {
        sb_collator *collator = NULL;
        const char *words[] = {"nube", "\xc3\xb1u", "oso", "nada"};
        size_t order[4];
        CHECK_STATUS(sb_collator_new("es", &collator), SB_OK);
        CHECK_STATUS(sb_collator_sort(collator, words, NULL, 4, order), SB_OK);
        CHECK(order[0] == 3 && order[1] == 0 && order[2] == 1 && order[3] == 2);
        sb_collator_free(collator);
    }
    return check_report();
}
