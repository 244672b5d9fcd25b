/* libFuzzer harness: the text layer. Input: a locale (up to the first NUL, at most 40 bytes),
 * then text; the text is folded, tokenized, and collated against its own second half. */
#include <searchbar.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>

static void check_tokens(const sb_token *tokens, size_t count, size_t text_len) {
    for (size_t i = 0; i < count; i++) {
        if (tokens[i].range.start > tokens[i].range.end || tokens[i].range.end > text_len) abort();
        if (tokens[i].text[tokens[i].text_len] != 0 || tokens[i].key[tokens[i].key_len] != 0) abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char locale[41];
    const uint8_t *nul = memchr(data, 0, size < 41 ? size : 41);
    const char *loc = NULL;
    if (nul) {
        size_t n = (size_t)(nul - data);
        memcpy(locale, data, n);
        locale[n] = 0;
        loc = locale;
        size -= n + 1;
        data = nul + 1;
    }
    const char *text = (const char *)data;
    char *key = NULL;
    size_t len = 0;
    sb_status st = sb_fold(loc, text, size, &key, &len);
    if (st == SB_OK || st == SB_WARN_LOCALE_FALLBACK) {
        if (key == NULL || key[len] != 0) abort(); /* NUL-terminated (U+0000 may occur inside) */
        /* a key folds again without error */
        char *again = NULL;
        size_t again_len = 0;
        sb_status again_status = sb_fold(loc, key, len, &again, &again_len);
        if (again_status != SB_OK && again_status != SB_WARN_LOCALE_FALLBACK) abort();
        sb_free(again);
    } else if (key != NULL) {
        abort();
    }
    sb_free(key);

    sb_token *tokens = NULL;
    size_t count = 0;
    st = sb_tokenize(loc, text, size, &tokens, &count);
    if (st == SB_OK || st == SB_WARN_LOCALE_FALLBACK) check_tokens(tokens, count, size);
    sb_free(tokens);

    sb_collator *collator = NULL;
    if (sb_collator_new(loc, &collator) < 100 && collator == NULL) return 0;
    if (collator) {
        size_t half = size / 2;
        int32_t order = 0, reverse = 0;
        if (sb_collator_compare(collator, text, half, text + half, size - half, &order) == SB_OK) {
            if (sb_collator_compare(collator, text + half, size - half, text, half, &reverse) != SB_OK) abort();
            if (order != -reverse) abort();
        }
        uint8_t *sort_key = NULL;
        sb_collator_sort_key(collator, text, size, &sort_key, &len);
        sb_free(sort_key);
        const char *strings[3] = {text, text + half, text + size / 3};
        size_t lengths[3] = {half, size - half, size / 3};
        size_t out[3];
        sb_collator_sort(collator, strings, lengths, 3, out);
        sb_collator_free(collator);
    }
    return 0;
}
