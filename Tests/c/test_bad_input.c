/* The bad-input table of docs/bad-input.md, one block per row: every kind of bad input against
 * each entry-point family, through the installed library. Row numbers match the document. */
#define _DEFAULT_SOURCE
#define _POSIX_C_SOURCE 200809L
#include <searchbar.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "check.h"

#define ROW(n, what) printf("row %s: %s\n", n, what)

static const char GOOD[] = "hello";
static const char BAD_UTF8[] = "a\xff" "b";       /* 0xFF never occurs in UTF-8 */
static const char OVERLONG[] = "\xc0\xaf";         /* overlong '/' */
static const char SURROGATE[] = "\xed\xa0\x80";    /* U+D800 */
static const char TRUNCATED_SEQ[] = "ab\xe2\x82";  /* cut-off euro sign */

static sb_index *make_index(void) {
    sb_index *index = NULL;
    sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, SB_MODE_PREFIX, 0, "en", 1, 0, 0}, &index);
    sb_item items[2];
    memset(items, 0, sizeof items);
    items[0].id = 1; items[0].title = "Apple pie"; items[0].title_len = 9;
    items[1].id = 2; items[1].title = "Banana bread"; items[1].title_len = 12;
    sb_index_add(index, items, 2);
    return index;
}

/* A packed batch of one item titled `title` (len bytes) with id `id`. */
static sb_packed_items packed_one(const uint64_t *id, const char *title, const size_t *offsets) {
    sb_packed_items items = SB_PACKED_ITEMS_INIT;
    items.count = 1;
    items.ids = id;
    items.titles = title;
    items.title_offsets = offsets;
    return items;
}

static sb_session *make_session(sb_index *index, const char *dir) {
    sb_session_options options = SB_SESSION_OPTIONS_INIT;
    options.clock = SB_CLOCK_MANUAL;
    options.recents_directory = dir;
    sb_session *session = NULL;
    sb_session_new(index, &options, &session);
    return session;
}

/* Row 11: a callback that calls back into the session: changes are queued (SB_OK), a
 * freeing call is refused, reading works. */
static int g_queued_seen = 0, g_read_ok = 0, g_free_misuse = 0, g_bad_refused = 0;
static void reentrant_callback(void *user, const sb_event *event) {
    sb_session *session = (sb_session *)user;
    if (event->kind != SB_EVENT_TEXT_DID_CHANGE) return;
    if (sb_session_set_text(session, "x", 1) == SB_OK) g_queued_seen++;
    if (sb_session_submit(session) == SB_OK) g_queued_seen++;
    if (sb_session_set_text(session, "\xff", 1) == SB_EINVAL) g_bad_refused++; /* checked at once */
    if (sb_session_free(session) == SB_EMISUSE) g_free_misuse++;
    char *text = NULL;
    size_t len = 0;
    if (sb_session_get_text(session, &text, &len) == SB_OK) g_read_ok++;
    sb_free(text);
}

static int g_cancel_in_callback = -1;
static volatile int g_async_done = 0;
static void search_callback(void *context, uint64_t ticket, sb_status status, sb_results *results) {
    sb_index *index = (sb_index *)context;
    g_cancel_in_callback = sb_index_cancel(index, ticket); /* already finishing: SB_ENOTFOUND */
    (void)status;
    sb_results_free(results);
    __atomic_store_n(&g_async_done, 1, __ATOMIC_SEQ_CST);
}

int main(void) {
    char dir[] = "/tmp/sb-bad-input-XXXXXX";
    if (!mkdtemp(dir)) return 2;
    sb_index *index = make_index();
    sb_session *session = make_session(index, dir);
    CHECK(index != NULL && session != NULL);
    char *key = (char *)"garbage";
    size_t len = 99;
    sb_results *results = NULL;
    sb_collator *collator = NULL;
    CHECK_STATUS(sb_collator_new("en", &collator), SB_OK);

    ROW("1", "NULL handle");
    {
        size_t count = 7;
        int32_t order = 0;
        uint8_t *sort_key = NULL;
        CHECK_STATUS(sb_index_count(NULL, &count), SB_EINVAL);
        CHECK_STATUS(sb_index_add(NULL, NULL, 0), SB_EINVAL);
        CHECK_STATUS(sb_index_remove(NULL, NULL, 0), SB_EINVAL);
        CHECK_STATUS(sb_index_merge(NULL), SB_EINVAL);
        CHECK_STATUS(sb_index_search(NULL, "a", 1, NULL, &results), SB_EINVAL);
        CHECK(results == NULL);
        CHECK_STATUS(sb_index_search_async(NULL, "a", 1, NULL, search_callback, NULL, NULL), SB_EINVAL);
        CHECK_STATUS(sb_index_cancel(NULL, 1), SB_EINVAL);
        CHECK_STATUS(sb_collator_compare(NULL, "a", 1, "b", 1, &order), SB_EINVAL);
        CHECK_STATUS(sb_collator_sort_key(NULL, "a", 1, &sort_key, &len), SB_EINVAL);
        CHECK_STATUS(sb_results_count(NULL, &len), SB_EINVAL);
        CHECK_STATUS(sb_results_count(NULL, NULL), SB_EINVAL);
        sb_hit hit;
        CHECK_STATUS(sb_results_get(NULL, 0, &hit), SB_EINVAL);
        const char *text = (const char *)"x";
        size_t text_len = 9;
        const sb_range *ranges = NULL;
        sb_hit_entry entry;
        CHECK_STATUS(sb_results_text(NULL, 0, &text, &text_len), SB_EINVAL);
        CHECK(text == NULL && text_len == 0);
        CHECK_STATUS(sb_results_copy(NULL, 0, 1, &entry), SB_EINVAL);
        CHECK_STATUS(sb_results_data(NULL, &text, &text_len, &ranges, &len), SB_EINVAL);
        CHECK(text == NULL && ranges == NULL);
        {
            const sb_hit_entry *hits = (const sb_hit_entry *)&entry;
            size_t hit_count = 5;
            text = "x";
            CHECK_STATUS(sb_results_export(NULL, SB_UNIT_CODE_POINTS, &hits, &hit_count, &text, &text_len, &ranges,
                                           &len), SB_EINVAL);
            CHECK(hits == NULL && hit_count == 0 && text == NULL && text_len == 0 && ranges == NULL && len == 0);
        }
        sb_packed_items packed = SB_PACKED_ITEMS_INIT;
        CHECK_STATUS(sb_index_add_packed(NULL, &packed), SB_EINVAL);
        size_t offsets[2] = {0, 1}, packed_order[1];
        CHECK_STATUS(sb_collator_sort_packed(NULL, "a", offsets, 1, packed_order), SB_EINVAL);
        CHECK_STATUS(sb_session_set_text(NULL, "a", 1), SB_EINVAL);
        CHECK_STATUS(sb_session_submit(NULL), SB_EINVAL);
        CHECK_STATUS(sb_session_restore(NULL, "{}", 2), SB_EINVAL);
        CHECK_STATUS(sb_session_get_text(NULL, &key, &len), SB_EINVAL);
        CHECK(key == NULL);
        sb_event event;
        CHECK_STATUS(sb_session_next_event(NULL, 0, &event), SB_EINVAL);
        /* freeing NULL is a no-op everywhere */
        sb_free(NULL);
        sb_index_free(NULL);
        sb_results_free(NULL);
        sb_collator_free(NULL);
        CHECK_STATUS(sb_session_free(NULL), SB_OK);
    }

    ROW("2", "NULL output pointer");
    {
        CHECK_STATUS(sb_fold(NULL, "a", 1, NULL, &len), SB_EINVAL);
        CHECK_STATUS(sb_tokenize(NULL, "a", 1, NULL, &len), SB_EINVAL);
        CHECK_STATUS(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, 0, 0, NULL, 1, 0, 0}, NULL), SB_EINVAL);
        CHECK_STATUS(sb_index_count(index, NULL), SB_EINVAL);
        CHECK_STATUS(sb_index_search(index, "a", 1, NULL, NULL), SB_EINVAL);
        CHECK_STATUS(sb_collator_new("en", NULL), SB_EINVAL);
        CHECK_STATUS(sb_collator_compare(collator, "a", 1, "b", 1, NULL), SB_EINVAL);
        CHECK_STATUS(sb_session_new(NULL, NULL, NULL), SB_EINVAL);
        CHECK_STATUS(sb_session_get_text(session, NULL, &len), SB_EINVAL);
        CHECK_STATUS(sb_session_snapshot(session, NULL, &len), SB_EINVAL);
        CHECK_STATUS(sb_session_display(session, NULL), SB_EINVAL);
        CHECK_STATUS(sb_session_next_event(session, 0, NULL), SB_EINVAL);
        CHECK_STATUS(sb_sample_items(0, NULL, &len), SB_EINVAL);
        {
            const char *text = NULL;
            size_t text_len = 0;
            const sb_range *ranges = NULL;
            CHECK_STATUS(sb_index_search(index, "apple", 5, NULL, &results), SB_OK);
            CHECK_STATUS(sb_results_text(results, 0, NULL, &text_len), SB_EINVAL);
            CHECK_STATUS(sb_results_text(results, 0, &text, NULL), SB_EINVAL);
            CHECK(text == NULL);
            CHECK_STATUS(sb_results_data(results, NULL, &text_len, &ranges, &len), SB_EINVAL);
            CHECK_STATUS(sb_results_data(results, &text, &text_len, NULL, &len), SB_EINVAL);
            CHECK(text == NULL && text_len == 0);
            const sb_hit_entry *hits = NULL;
            size_t hit_count = 0;
            for (int unit = 0; unit < 3; unit++) {
                CHECK_STATUS(sb_results_export(results, unit, NULL, &hit_count, &text, &text_len, &ranges, &len),
                             SB_EINVAL);
                CHECK_STATUS(sb_results_export(results, unit, &hits, NULL, &text, &text_len, &ranges, &len),
                             SB_EINVAL);
                CHECK_STATUS(sb_results_export(results, unit, &hits, &hit_count, NULL, &text_len, &ranges, &len),
                             SB_EINVAL);
                CHECK_STATUS(sb_results_export(results, unit, &hits, &hit_count, &text, NULL, &ranges, &len),
                             SB_EINVAL);
                CHECK_STATUS(sb_results_export(results, unit, &hits, &hit_count, &text, &text_len, NULL, &len),
                             SB_EINVAL);
                CHECK_STATUS(sb_results_export(results, unit, &hits, &hit_count, &text, &text_len, &ranges, NULL),
                             SB_EINVAL);
                CHECK(hits == NULL && hit_count == 0 && text == NULL && text_len == 0 && ranges == NULL);
                CHECK(strstr(sb_last_error(), "out_range_count") != NULL);
            }
            sb_results_free(results);
            size_t offsets[2] = {0, 1};
            CHECK_STATUS(sb_collator_sort_packed(collator, "a", offsets, 1, NULL), SB_EINVAL);
        }
        /* the async ticket output is optional */
        g_async_done = 0;
        CHECK_STATUS(sb_index_search_async(index, "a", 1, NULL, search_callback, index, NULL), SB_OK);
        for (int i = 0; i < 5000 && !__atomic_load_n(&g_async_done, __ATOMIC_SEQ_CST); i++) usleep(1000);
        CHECK(g_async_done == 1);
        CHECK(g_cancel_in_callback == SB_ENOTFOUND || g_cancel_in_callback == SB_OK);
        CHECK_STATUS(sb_index_search_async(index, "a", 1, NULL, NULL, NULL, NULL), SB_EINVAL);
    }

    ROW("3", "NULL pointer with a non-zero length");
    {
        sb_item item;
        memset(&item, 0, sizeof item);
        item.id = 9;
        item.title_len = 4; /* title NULL */
        CHECK_STATUS(sb_fold(NULL, NULL, 4, &key, &len), SB_EINVAL);
        CHECK(key == NULL);
        CHECK_STATUS(sb_index_add(index, NULL, 3), SB_EINVAL);
        CHECK_STATUS(sb_index_add(index, &item, 1), SB_EINVAL);
        CHECK(strstr(sb_last_error(), "items[0].title") != NULL);
        CHECK_STATUS(sb_index_remove(index, NULL, 2), SB_EINVAL);
        CHECK_STATUS(sb_index_search(index, NULL, 5, NULL, &results), SB_EINVAL);
        sb_search_options options = SB_SEARCH_OPTIONS_INIT;
        options.scope_count = 2; /* scopes NULL */
        CHECK_STATUS(sb_index_search(index, "a", 1, &options, &results), SB_EINVAL);
        CHECK(strstr(sb_last_error(), "scopes") != NULL);
        int32_t order;
        CHECK_STATUS(sb_collator_compare(collator, NULL, 1, "b", 1, &order), SB_EINVAL);
        size_t out_order[2];
        CHECK_STATUS(sb_collator_sort(collator, NULL, NULL, 2, out_order), SB_EINVAL);
        {
            uint64_t id = 9;
            size_t offsets[2] = {0, 4};
            sb_packed_items packed = packed_one(&id, NULL, offsets); /* titles NULL, 4 bytes */
            CHECK_STATUS(sb_index_add_packed(index, NULL), SB_EINVAL);
            CHECK_STATUS(sb_index_add_packed(index, &packed), SB_EINVAL);
            CHECK(strstr(sb_last_error(), "items.titles") != NULL);
            packed = packed_one(NULL, "abcd", offsets); /* ids NULL */
            CHECK_STATUS(sb_index_add_packed(index, &packed), SB_EINVAL);
            CHECK(strstr(sb_last_error(), "items.ids") != NULL);
            packed = packed_one(&id, "abcd", offsets);
            packed.subtitles = "abcd"; /* bytes without offsets */
            CHECK_STATUS(sb_index_add_packed(index, &packed), SB_EINVAL);
            CHECK(strstr(sb_last_error(), "subtitle_offsets") != NULL);
            CHECK_STATUS(sb_collator_sort_packed(collator, NULL, offsets, 1, out_order), SB_EINVAL);
            CHECK_STATUS(sb_collator_sort_packed(collator, "abcd", NULL, 1, out_order), SB_EINVAL);
            sb_results *r = NULL;
            CHECK_STATUS(sb_index_search(index, "apple", 5, NULL, &r), SB_OK);
            CHECK_STATUS(sb_results_copy(r, 0, 1, NULL), SB_EINVAL);
            sb_results_free(r);
            /* NULL bytes with empty texts are empty strings */
            size_t empty[3] = {0, 0, 0};
            CHECK_STATUS(sb_collator_sort_packed(collator, NULL, empty, 2, out_order), SB_OK);
            CHECK(out_order[0] == 0 && out_order[1] == 1);
            uint64_t blank_id = 77;
            packed = packed_one(&blank_id, NULL, empty);
            CHECK_STATUS(sb_index_add_packed(index, &packed), SB_OK);
            uint64_t gone = 77;
            CHECK_STATUS(sb_index_remove(index, &gone, 1), SB_OK);
            packed.count = 0;
            CHECK_STATUS(sb_index_add_packed(index, &packed), SB_OK); /* nothing to add */
        }
        CHECK_STATUS(sb_session_set_text(session, NULL, 3), SB_EINVAL);
        CHECK_STATUS(sb_session_insert_text(session, 0, NULL, 3), SB_EINVAL);
        CHECK_STATUS(sb_session_restore(session, NULL, 10), SB_EINVAL);
        CHECK_STATUS(sb_session_set_scope_titles(session, NULL, NULL, 2), SB_EINVAL);
        CHECK_STATUS(sb_session_deliver_results(session, 1, NULL, 2), SB_EINVAL);
        /* NULL with length 0 is the empty string */
        CHECK_STATUS(sb_fold(NULL, NULL, 0, &key, &len), SB_OK);
        CHECK(key != NULL && len == 0);
        sb_free(key);
        CHECK_STATUS(sb_session_set_text(session, NULL, 0), SB_OK);
    }

    ROW("4", "invalid UTF-8");
    {
        const char *bad[] = {BAD_UTF8, OVERLONG, SURROGATE, TRUNCATED_SEQ};
        for (int i = 0; i < 4; i++) {
            size_t n = strlen(bad[i]);
            sb_token *tokens = NULL;
            int32_t order;
            uint8_t *sort_key = NULL;
            CHECK_STATUS(sb_fold(NULL, bad[i], n, &key, &len), SB_EINVAL);
            CHECK(strstr(sb_last_error(), "UTF-8") != NULL);
            CHECK_STATUS(sb_tokenize(NULL, bad[i], n, &tokens, &len), SB_EINVAL);
            CHECK_STATUS(sb_collator_compare(collator, bad[i], n, "a", 1, &order), SB_EINVAL);
            CHECK_STATUS(sb_collator_sort_key(collator, bad[i], n, &sort_key, &len), SB_EINVAL);
            CHECK_STATUS(sb_index_search(index, bad[i], n, NULL, &results), SB_EINVAL);
            sb_item item;
            memset(&item, 0, sizeof item);
            item.id = 10; item.title = "ok"; item.title_len = 2;
            item.keywords = bad[i]; item.keywords_len = n;
            CHECK_STATUS(sb_index_add(index, &item, 1), SB_EINVAL);
            CHECK(strstr(sb_last_error(), "items[0].keywords") != NULL);
            {
                uint64_t ids[2] = {20, 21};
                char buffer[32];
                memcpy(buffer, "ok", 2);
                memcpy(buffer + 2, bad[i], n);
                size_t offsets[3] = {0, 2, 2 + n};
                sb_packed_items packed = packed_one(ids, buffer, offsets);
                packed.count = 2;
                CHECK_STATUS(sb_index_add_packed(index, &packed), SB_EINVAL);
                CHECK(strstr(sb_last_error(), "UTF-8") != NULL && strstr(sb_last_error(), "item 1") != NULL);
                size_t order_out[2];
                CHECK_STATUS(sb_collator_sort_packed(collator, buffer, offsets, 2, order_out), SB_EINVAL);
            }
            CHECK_STATUS(sb_session_set_text(session, bad[i], n), SB_EINVAL);
            CHECK_STATUS(sb_session_insert_text(session, 0, bad[i], n), SB_EINVAL);
            CHECK_STATUS(sb_session_set_placeholder(session, bad[i], n), SB_EINVAL);
            CHECK_STATUS(sb_session_add_recent(session, bad[i], n), SB_EINVAL);
            CHECK_STATUS(sb_session_restore(session, bad[i], n), SB_EINVAL);
        }
        {
            /* an offset inside a character: each text is invalid although the buffer is valid */
            uint64_t ids[2] = {22, 23};
            size_t offsets[3] = {0, 2, 3}; /* "h\xc3" | "\xa9" */
            sb_packed_items packed = packed_one(ids, "h\xc3\xa9", offsets);
            packed.count = 2;
            CHECK_STATUS(sb_index_add_packed(index, &packed), SB_EINVAL);
            CHECK(strstr(sb_last_error(), "splits a character") != NULL);
            size_t order_out[2];
            CHECK_STATUS(sb_collator_sort_packed(collator, "h\xc3\xa9", offsets, 2, order_out), SB_EINVAL);
        }
        /* a locale with bad bytes is malformed */
        CHECK_STATUS(sb_fold("en\xff", "a", 1, &key, &len), SB_EINVAL);
        size_t count = 0;
        sb_index_count(index, &count);
        CHECK(count == 2); /* nothing was added by the failed batches */
    }

    ROW("5", "huge strings, counts and batches");
    {
        /* lengths are checked before any byte is read, so a short buffer is safe here */
        size_t huge = ((size_t)64 << 20) + 1;
        CHECK_STATUS(sb_fold(NULL, GOOD, huge, &key, &len), SB_ETOOBIG);
        CHECK_STATUS(sb_session_set_text(session, GOOD, huge), SB_ETOOBIG);
        sb_item item;
        memset(&item, 0, sizeof item);
        item.id = 11; item.title = GOOD; item.title_len = huge;
        CHECK_STATUS(sb_index_add(index, &item, 1), SB_ETOOBIG);
        CHECK_STATUS(sb_index_add(index, &item, ((size_t)1 << 26) + 1), SB_ETOOBIG);
        {
            uint64_t id = 11;
            size_t offsets[2] = {0, huge};
            sb_packed_items packed = packed_one(&id, GOOD, offsets);
            CHECK_STATUS(sb_index_add_packed(index, &packed), SB_ETOOBIG);
            packed.count = ((size_t)1 << 26) + 1;
            CHECK_STATUS(sb_index_add_packed(index, &packed), SB_ETOOBIG);
            size_t order_out[1];
            CHECK_STATUS(sb_collator_sort_packed(collator, GOOD, offsets, 1, order_out), SB_ETOOBIG);
            CHECK_STATUS(sb_collator_sort_packed(collator, GOOD, offsets, (size_t)1 << 31, order_out), SB_ETOOBIG);
        }
        uint64_t id = 1;
        CHECK_STATUS(sb_index_remove(index, &id, ((size_t)1 << 26) + 1), SB_ETOOBIG);
        CHECK_STATUS(sb_session_deliver_results(session, 1, &id, ((size_t)1 << 20) + 1), SB_EINVAL);
        /* queries: 4096 bytes, 64 words */
        char query[8192];
        memset(query, 'a', sizeof query);
        CHECK_STATUS(sb_index_search(index, query, 4096, NULL, &results), SB_OK);
        sb_results_free(results);
        CHECK_STATUS(sb_index_search(index, query, 4097, NULL, &results), SB_ETOOBIG);
        CHECK(results == NULL);
        CHECK(strstr(sb_last_error(), "4096") != NULL);
        CHECK_STATUS(sb_index_search_async(index, query, 4097, NULL, search_callback, index, NULL), SB_ETOOBIG);
        for (int i = 0; i < 130; i++) query[i] = (i % 2) ? ' ' : '!';
        CHECK_STATUS(sb_index_search(index, query, 128, NULL, &results), SB_OK); /* 64 words */
        sb_results_free(results);
        CHECK_STATUS(sb_index_search(index, query, 130, NULL, &results), SB_ETOOBIG); /* 65 */
        CHECK(strstr(sb_last_error(), "64 words") != NULL || strstr(sb_last_error(), "at most 64") != NULL);
        /* a session query over the limits is an SB_EVENT_ERROR with SB_ETOOBIG, not a search */
        {
            sb_session *s = make_session(index, dir);
            sb_event event;
            while (sb_session_next_event(s, 0, &event) == SB_OK) sb_free(event.text);
            CHECK_STATUS(sb_session_set_text(s, query, 130), SB_OK); /* 65 words */
            uint64_t generation = 0;
            CHECK_STATUS(sb_session_search_now(s, &generation), SB_OK);
            int errors = 0;
            while (sb_session_next_event(s, 0, &event) == SB_OK) {
                if (event.kind == SB_EVENT_ERROR && event.status == SB_ETOOBIG) errors++;
                CHECK(event.kind != SB_EVENT_RESULTS_READY);
                sb_free(event.text);
            }
            CHECK(errors >= 1);
            sb_session_free(s);
        }
        /* session labels: 4096 bytes */
        memset(query, 'p', sizeof query);
        CHECK_STATUS(sb_session_set_placeholder(session, query, 4097), SB_EINVAL);
        {
            size_t big = ((size_t)16 << 20) + 1;
            char *json = malloc(big);
            memset(json, ' ', big);
            CHECK_STATUS(sb_session_restore(session, json, big), SB_ETOOBIG);
            free(json);
        }
    }

    ROW("6", "out-of-range enum values and flags");
    {
        {
            sb_results *r = NULL;
            const sb_hit_entry *hits = NULL;
            const char *text = NULL;
            const sb_range *ranges = NULL;
            size_t hit_count = 0, text_len = 0, range_count = 0;
            CHECK_STATUS(sb_index_search(index, "apple", 5, NULL, &r), SB_OK);
            CHECK_STATUS(sb_results_export(r, 3, &hits, &hit_count, &text, &text_len, &ranges, &range_count),
                         SB_EINVAL);
            CHECK(strstr(sb_last_error(), "unit") != NULL);
            CHECK_STATUS(sb_results_export(r, UINT32_MAX, &hits, &hit_count, &text, &text_len, &ranges,
                                           &range_count), SB_EINVAL);
            CHECK(hits == NULL && hit_count == 0 && text == NULL);
            CHECK_STATUS(sb_results_export(r, SB_UNIT_BYTES, &hits, &hit_count, &text, &text_len, &ranges,
                                           &range_count), SB_OK);
            CHECK(hits != NULL && hit_count == results_count(r) && text != NULL);
            sb_results_free(r);
        }
        sb_index *other = NULL;
        CHECK_STATUS(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, 4, 0, NULL, 1, 0, 0}, &other), SB_EINVAL);
        CHECK_STATUS(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, 0, 1u << 5, NULL, 1, 0, 0}, &other), SB_EINVAL);
        CHECK_STATUS(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, 0, 0, NULL, 257, 0, 0}, &other), SB_EINVAL);
        CHECK(other == NULL);
        sb_search_options options = SB_SEARCH_OPTIONS_INIT;
        options.mode = 9;
        CHECK_STATUS(sb_index_search(index, "a", 1, &options, &results), SB_EINVAL);
        options.mode = 0;
        options.flags = 0x80;
        CHECK_STATUS(sb_index_search(index, "a", 1, &options, &results), SB_EINVAL);
        options.flags = SB_SEARCH_SMART_CASE | SB_SEARCH_CASE_SENSITIVE;
        CHECK_STATUS(sb_index_search(index, "a", 1, &options, &results), SB_EINVAL);
        CHECK(strstr(sb_last_error(), "SB_SEARCH_SMART_CASE") != NULL);
        options.flags = 0;
        sb_filter filter;
        memset(&filter, 0, sizeof filter);
        filter.attribute = "n"; filter.attribute_len = 1; filter.kind = 7;
        options.filters = &filter; options.filter_count = 1;
        CHECK_STATUS(sb_index_search(index, "a", 1, &options, &results), SB_EINVAL);
        filter.kind = SB_FILTER_RANGE; filter.min = NAN;
        CHECK_STATUS(sb_index_search(index, "a", 1, &options, &results), SB_EINVAL);
        sb_item item;
        memset(&item, 0, sizeof item);
        item.id = 12; item.title = "x"; item.title_len = 1; item.weight = NAN;

        {
            uint64_t id = 12;
            size_t offsets[2] = {0, 1};
            double weight = NAN;
            sb_packed_items packed = packed_one(&id, "x", offsets);
            packed.weights = &weight;
            CHECK_STATUS(sb_index_add_packed(index, &packed), SB_EINVAL);
            CHECK(strstr(sb_last_error(), "weights[0]") != NULL);
        }        CHECK_STATUS(sb_index_add(index, &item, 1), SB_EINVAL);
        CHECK_STATUS(sb_session_set_style(session, 7), SB_EINVAL);
        CHECK_STATUS(sb_session_set_placement(session, 2), SB_EINVAL);
        CHECK_STATUS(sb_session_set_scope_bar_policy(session, 3), SB_EINVAL);
        CHECK_STATUS(sb_session_set_cancel_button_policy(session, 3), SB_EINVAL);
        CHECK_STATUS(sb_session_set_autocapitalization(session, 4), SB_EINVAL);
        CHECK_STATUS(sb_session_set_active(session, 2), SB_EINVAL);
        CHECK_STATUS(sb_session_move_match(session, 0), SB_EINVAL);
        CHECK_STATUS(sb_session_set_shows_bookmark_button(session, -1), SB_EINVAL);
        CHECK_STATUS(sb_session_set_suggestion_limits(session, 51, 0), SB_EINVAL);
        CHECK_STATUS(sb_session_set_event_queue_capacity(session, (1u << 20) + 1, NULL), SB_EINVAL);
        sb_search_timing timing = SB_SEARCH_TIMING_INIT;
        sb_session_get_timing(session, &timing);
        timing.trigger = 5;
        CHECK_STATUS(sb_session_set_timing(session, &timing), SB_EINVAL);
        sb_recents_policy policy = {SB_RECENTS_POLICY_VERSION, 255, 0, 0, 0};
        CHECK_STATUS(sb_session_set_recents_policy(session, &policy), SB_EINVAL);
        sb_search_token token;
        memset(&token, 0, sizeof token);
        token.kind = 9; token.label = "t"; token.label_len = 1;
        CHECK_STATUS(sb_session_insert_token(session, -1, &token), SB_EINVAL);
        sb_session_options session_options = SB_SESSION_OPTIONS_INIT;
        session_options.clock = 5;
        sb_session *bad = NULL;
        CHECK_STATUS(sb_session_new(NULL, &session_options, &bad), SB_EINVAL);
        session_options.clock = 0;
        session_options.recents_directory = "relative/dir";
        CHECK_STATUS(sb_session_new(NULL, &session_options, &bad), SB_EINVAL);
        CHECK(bad == NULL);
        CHECK_STATUS(sb_sample_items(1u << 20, (sb_item **)&key, &len), SB_EINVAL);
        CHECK(sb_sample_scope_title(99) == NULL);
        CHECK(strcmp(sb_status_string((sb_status)77), "SB_UNKNOWN_STATUS") == 0);
        CHECK_STATUS(sb_fold("!!", "a", 1, &key, &len), SB_EINVAL);
        CHECK_STATUS(sb_fold("zz-Qqqq", "A", 1, &key, &len), SB_WARN_LOCALE_FALLBACK);
        sb_free(key);
    }

    ROW("7", "out-of-range indices and offsets");
    {
        CHECK_STATUS(sb_index_search(index, "apple", 5, NULL, &results), SB_OK);
        sb_hit hit;
        CHECK_STATUS(sb_results_get(results, results_count(results), &hit), SB_EINVAL);
        CHECK_STATUS(sb_results_get(results, (size_t)-1, &hit), SB_EINVAL);
        CHECK_STATUS(sb_results_get(results, 0, NULL), SB_EINVAL);
        {
            size_t n = results_count(results);
            const char *text = (const char *)"x";
            size_t text_len = 5;
            sb_hit_entry entries[2];
            CHECK_STATUS(sb_results_text(results, n, &text, &text_len), SB_EINVAL);
            CHECK(text == NULL && text_len == 0);
            CHECK_STATUS(sb_results_copy(results, 0, n + 1, entries), SB_EINVAL);
            CHECK_STATUS(sb_results_copy(results, n + 1, 0, entries), SB_EINVAL);
            CHECK_STATUS(sb_results_copy(results, (size_t)-1, 2, entries), SB_EINVAL); /* no overflow */
            CHECK_STATUS(sb_results_copy(results, n, 0, entries), SB_OK);
            /* decreasing offsets */
            uint64_t ids[2] = {30, 31};
            size_t offsets[3] = {0, 3, 1};
            sb_packed_items packed = packed_one(ids, "abc", offsets);
            packed.count = 2;
            CHECK_STATUS(sb_index_add_packed(index, &packed), SB_EINVAL);
            CHECK(strstr(sb_last_error(), "title_offsets[2]") != NULL);
            size_t order_out[2];
            CHECK_STATUS(sb_collator_sort_packed(collator, "abc", offsets, 2, order_out), SB_EINVAL);
            size_t count_now = 0;
            sb_index_count(index, &count_now);
            CHECK(count_now == 2); /* no refused batch added anything */
        }
        sb_results_free(results);
        CHECK_STATUS(sb_session_set_text(session, "h\xc3\xa9llo", 6), SB_OK);
        CHECK_STATUS(sb_session_insert_text(session, 2, "x", 1), SB_EINVAL); /* inside é */
        CHECK_STATUS(sb_session_insert_text(session, 7, "x", 1), SB_EINVAL); /* past the end */
        CHECK_STATUS(sb_session_delete_text(session, 4, 2), SB_EINVAL);      /* start > end */
        CHECK_STATUS(sb_session_delete_text(session, 0, 99), SB_EINVAL);
        CHECK_STATUS(sb_session_replace_text(session, (size_t)-1, (size_t)-1, "a", 1), SB_EINVAL);
        CHECK_STATUS(sb_session_select_scope(session, 3), SB_EINVAL);
        CHECK_STATUS(sb_session_set_selected_scope(session, -5), SB_EINVAL);
        CHECK_STATUS(sb_session_remove_token(session, 0), SB_EINVAL);
        CHECK_STATUS(sb_session_remove_recent(session, 40), SB_EINVAL);
        CHECK_STATUS(sb_session_choose_suggestion(session, 1000), SB_EINVAL);
        CHECK_STATUS(sb_session_choose_suggestion(session, -1), SB_EINVAL);
        sb_search_token token;
        memset(&token, 0, sizeof token);
        token.label = "t"; token.label_len = 1;
        CHECK_STATUS(sb_session_insert_token(session, 5, &token), SB_EINVAL);
        sb_event event;
        CHECK_STATUS(sb_session_next_event(session, -2, &event), SB_EINVAL);
        /* the text is unchanged by the refused edits */
        char *text = NULL;
        CHECK_STATUS(sb_session_get_text(session, &text, &len), SB_OK);
        CHECK(text != NULL && strcmp(text, "h\xc3\xa9llo") == 0);
        sb_free(text);
    }

    ROW("8", "wrong handle type and foreign pointers");
    {
        size_t count;
        CHECK_STATUS(sb_index_count((sb_index *)session, &count), SB_EINVAL);
        CHECK(strstr(sb_last_error(), "not a live") != NULL);
        CHECK_STATUS(sb_session_submit((sb_session *)index), SB_EINVAL);
        CHECK_STATUS(sb_index_count((sb_index *)collator, &count), SB_EINVAL);
        CHECK_STATUS(sb_results_count((sb_results *)index, &count), SB_EINVAL);
        {
            const char *text = NULL;
            size_t text_len = 0;
            sb_hit_entry entry;
            CHECK_STATUS(sb_results_text((sb_results *)index, 0, &text, &text_len), SB_EINVAL);
            CHECK_STATUS(sb_results_copy((sb_results *)collator, 0, 1, &entry), SB_EINVAL);
            const sb_hit_entry *hits = NULL;
            const sb_range *ranges = NULL;
            size_t hit_count = 0, range_count = 0;
            CHECK_STATUS(sb_results_export((sb_results *)index, SB_UNIT_CODE_POINTS, &hits, &hit_count, &text,
                                           &text_len, &ranges, &range_count), SB_EINVAL);
            CHECK(strstr(sb_last_error(), "not a live") != NULL);
            sb_packed_items packed = SB_PACKED_ITEMS_INIT;
            CHECK_STATUS(sb_index_add_packed((sb_index *)collator, &packed), SB_EINVAL);
            size_t offsets[2] = {0, 1}, order_out[1];
            CHECK_STATUS(sb_collator_sort_packed((sb_collator *)index, "a", offsets, 1, order_out), SB_EINVAL);
        }
        int32_t order;
        CHECK_STATUS(sb_collator_compare((sb_collator *)index, "a", 1, "b", 1, &order), SB_EINVAL);
        static char foreign[64];
        CHECK_STATUS(sb_index_count((sb_index *)foreign, &count), SB_EINVAL);
        CHECK_STATUS(sb_session_submit((sb_session *)(uintptr_t)0xdeadbeef), SB_EINVAL);
        sb_session *other = NULL;
        CHECK_STATUS(sb_session_new((sb_index *)collator, NULL, &other), SB_EINVAL);
        /* freeing a handle of the wrong type leaves it alone */
        sb_index_free((sb_index *)session);
        sb_results_free((sb_results *)index);
        CHECK_STATUS(sb_session_free((sb_session *)index), SB_EINVAL);
        CHECK_STATUS(sb_index_count(index, &count), SB_OK);
        CHECK_STATUS(sb_session_submit(session), SB_OK);
    }

    ROW("9/10", "use after free and double free");
    {
        sb_index *gone = make_index();
        sb_session *gone_session = make_session(gone, dir);
        CHECK_STATUS(sb_index_search(gone, "apple", 5, NULL, &results), SB_OK);
        sb_index_free(gone); /* the session keeps the index's data alive */
        size_t count;
        CHECK_STATUS(sb_index_count(gone, &count), SB_EINVAL);
        sb_index_free(gone); /* double free: ignored */
        CHECK_STATUS(sb_session_set_text(gone_session, "apple", 5), SB_OK);
        CHECK_STATUS(sb_session_free(gone_session), SB_OK);
        CHECK_STATUS(sb_session_free(gone_session), SB_EINVAL);
        CHECK_STATUS(sb_session_submit(gone_session), SB_EINVAL);
        CHECK(results_count(results) == 1); /* results outlive their index */
        sb_results_free(results);
        CHECK(results_count(results) == 0);
        sb_results_free(results);
        {
            const char *text = NULL;
            size_t text_len = 0;
            CHECK_STATUS(sb_results_text(results, 0, &text, &text_len), SB_EINVAL);
            const sb_hit_entry *hits = NULL;
            const sb_range *ranges = NULL;
            size_t hit_count = 0, range_count = 0;
            CHECK_STATUS(sb_results_export(results, SB_UNIT_BYTES, &hits, &hit_count, &text, &text_len, &ranges,
                                           &range_count), SB_EINVAL);
            sb_packed_items packed = SB_PACKED_ITEMS_INIT;
            CHECK_STATUS(sb_index_add_packed(gone, &packed), SB_EINVAL);
        }
        sb_collator *c2 = NULL;
        sb_collator_new(NULL, &c2);
        sb_collator_free(c2);
        sb_collator_free(c2);
        int32_t order;
        CHECK_STATUS(sb_collator_compare(c2, "a", 1, "b", 1, &order), SB_EINVAL);
        size_t offsets[2] = {0, 1}, order_out[1];
        CHECK_STATUS(sb_collator_sort_packed(c2, "a", offsets, 1, order_out), SB_EINVAL);
    }

    ROW("11", "calling from inside a callback");
    {
        sb_session *s = make_session(index, dir);
        CHECK_STATUS(sb_session_set_callbacks(s, NULL, reentrant_callback, s), SB_OK);
        CHECK_STATUS(sb_session_set_text(s, "ap", 2), SB_OK);
        /* "ap" then the queued "x": two text changes, each callback queued two calls. */
        CHECK(g_queued_seen == 4);
        CHECK(g_bad_refused == 2);
        CHECK(g_free_misuse == 2);
        CHECK(g_read_ok == 2);
        CHECK_STATUS(sb_session_free(s), SB_OK); /* the session survived the refused free */
    }

    ROW("12", "corrupt, truncated and foreign files and snapshots");
    {
        char path[512];
        const char *contents[] = {
            "{\"format\":\"searchbar-recents\",\"version\":1,\"lists\":{\"\":[{\"text\":\"ab",  /* truncated */
            "\x89PNG\r\n\x1a\n\0\0\0",                                                     /* foreign */
            "{\"format\":\"other\",\"version\":1}",                                          /* foreign JSON */
            "{\"format\":\"searchbar-recents\",\"version\":99,\"lists\":{}}",               /* future */
            "",                                                                              /* empty */
        };
        for (int i = 0; i < 5; i++) {
            char name[32];
            snprintf(name, sizeof name, "bad%d", i);
            snprintf(path, sizeof path, "%s/%s.json", dir, name);
            FILE *f = fopen(path, "wb");
            fwrite(contents[i], 1, i == 1 ? 11 : strlen(contents[i]), f);
            fclose(f);
            sb_session *s = make_session(NULL, dir);
            CHECK_STATUS(sb_session_set_recents_name(s, name), SB_ECORRUPT);
            CHECK(strstr(sb_last_error(), ".corrupt-") != NULL);
            struct stat st;
            char aside[600];
            snprintf(aside, sizeof aside, "%s.corrupt-1", path);
            CHECK(stat(aside, &st) == 0); /* kept aside */
            /* the session is bound to the name and saves a fresh file */
            CHECK_STATUS(sb_session_add_recent(s, "kept", 4), SB_OK);
            CHECK(stat(path, &st) == 0 && st.st_size > 0);
            sb_session_free(s);
        }
        CHECK_STATUS(sb_session_set_recents_name(session, "../escape"), SB_EINVAL);
        CHECK_STATUS(sb_session_set_recents_name(session, ""), SB_EINVAL);
        const char *snapshots[] = {
            "{\"version\":1,\"text\":\"ab",    /* truncated */
            "[1,2,3]",                         /* wrong type */
            "{\"version\":999}",               /* unknown version */
            "{\"version\":1,\"bogus\":true}",  /* unknown member */
            "\x1f\x8b\x08\x00",                /* gzip magic, not JSON */
        };
        char *before = NULL, *after = NULL;
        sb_session_snapshot(session, &before, &len);
        for (int i = 0; i < 5; i++) {
            sb_status status = sb_session_restore(session, snapshots[i], strlen(snapshots[i]));
            CHECK(status == SB_ECORRUPT || status == SB_EINVAL);
        }
        sb_session_snapshot(session, &after, &len);
        CHECK(before && after && strcmp(before, after) == 0); /* all or nothing */
        CHECK_STATUS(sb_session_restore(session, before, strlen(before)), SB_OK);
        sb_free(before);
        sb_free(after);
    }

    sb_collator_free(collator);
    CHECK_STATUS(sb_session_free(session), SB_OK);
    sb_index_free(index);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    return check_report();
}
