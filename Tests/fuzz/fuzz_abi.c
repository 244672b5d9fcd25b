/* libFuzzer harness: the integers of the C interface. sb_index_add_packed() and
 * sb_collator_sort_packed() get counts and offsets drawn from the edges of size_t (0, 2^31, 2^32,
 * 2^63 - 1, 2^63, SIZE_MAX and neighbours, the batch limits) as well as offsets inside the text
 * buffer, and every other export that takes a size_t, uint32_t, int32_t or int64_t gets such
 * values too: sb_index_add, sb_index_remove, search options, sb_results_get/text/copy/export,
 * text and session calls with offsets, indices, counts, flags, timings and policies.
 *
 * Input: a sequence of operations; each is one byte (the operation), then its operands. An
 * integer operand is one byte: below 32 it picks an edge value from a table, otherwise it and the
 * next 7 bytes are a raw little-endian 64-bit value. The harness never hands the library a count
 * or length longer than the memory behind it unless the library must refuse that value before
 * reading (over its documented limit, or an offset at or past 2^63): any other over-read would be
 * the harness's bug, not the library's.
 *
 * Invariants (abort): a status is a known one and never SB_EINTERNAL; a refused call sets a
 * message; every packed offset at or past 2^63, and every count over its limit, is refused; a
 * NUL-separated column without count - 1 NULs is refused; a refused batch adds nothing; a
 * packed sort that succeeds returns a permutation; every hit's text is NUL-terminated at its
 * length. */
#include <searchbar.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define HALF ((size_t)1 << 63)
#define MAX_BATCH ((size_t)1 << 26)
#define SLOTS 8 /* the largest count backed by real arrays */

static const uint64_t EDGES[32] = {
    0, 1, 2, 3, 7, 63, 64, 65,
    0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0x100000000ull,
    0x7FFFFFFFFFFFFFFFull, 0x8000000000000000ull, 0x8000000000000001ull, 0xFFFFFFFFFFFFFFFFull,
    0xFFFFFFFFFFFFFFFEull, 0xFFFFFFFFFFFFFFFAull, 0x7FFFFFFFFFFFFFFEull, 1u << 20,
    (1u << 20) + 1, 1u << 26, (1u << 26) + 1, 1u << 16,
    (1u << 16) + 1, 64u << 20, (64u << 20) + 1, 4096,
    4097, 0xFFFFFFFFFFFFFF00ull, 0xC000000000000000ull, 0x7FFFFFFF80000000ull,
};

typedef struct {
    const uint8_t *p;
    size_t n;
} reader;

static int byte(reader *r) {
    if (r->n == 0) return -1;
    r->n--;
    return *r->p++;
}

/* A byte reduced to [0, n) (0 at the end of the input). */
static unsigned pick(reader *r, unsigned n) {
    int b = byte(r);
    return b < 0 ? 0 : (unsigned)b % n;
}

static uint64_t value(reader *r) {
    int b = byte(r);
    if (b < 0) return 0;
    if (b < 32) return EDGES[b];
    uint64_t v = (uint64_t)b;
    for (int i = 1; i < 8; i++) {
        int next = byte(r);
        if (next < 0) break;
        v |= (uint64_t)next << (8 * i);
    }
    return v;
}

/* Text: a length byte, then that many bytes (fewer at the end of the input). */
static const char *text(reader *r, size_t *len) {
    int n = byte(r);
    if (n < 0) n = 0;
    if ((size_t)n > r->n) n = (int)r->n;
    const char *t = (const char *)r->p;
    r->p += n;
    r->n -= (size_t)n;
    *len = (size_t)n;
    return t;
}

static void check(sb_status st) {
    if (!((st >= SB_OK && st <= SB_ETIMEDOUT) || st == SB_WARN_LOCALE_FALLBACK || st == SB_EMPTY)) abort();
    if (st != SB_OK && st != SB_WARN_LOCALE_FALLBACK && st != SB_EMPTY && sb_last_error()[0] == 0) abort();
}

static void refused(sb_status st) {
    check(st);
    if (st == SB_OK || st == SB_WARN_LOCALE_FALLBACK || st == SB_EMPTY) abort();
}

static sb_index *g_index;
static sb_collator *g_collator;

static size_t index_count(void) {
    size_t n = 0;
    check(sb_index_count(g_index, &n));
    return n;
}

/* Every hit's text is NUL-terminated at its length, as copy/data describe it. */
static void check_results(sb_results *results) {
    size_t count = 0;
    (void)sb_results_count(results, &count);
    const char *block = NULL;
    size_t block_len = 0, range_count = 0;
    const sb_range *ranges = NULL;
    check(sb_results_data(results, &block, &block_len, &ranges, &range_count));
    if (block == NULL || block[block_len] != 0) abort();
    for (size_t i = 0; i < count; i++) {
        const char *t = NULL;
        size_t len = 0;
        check(sb_results_text(results, i, &t, &len));
        if (t == NULL || t[len] != 0) abort();
        sb_hit_entry entry;
        check(sb_results_copy(results, i, 1, &entry));
        if (block + entry.text_offset != t || entry.text_len != len) abort();
    }
}

/* Offsets for a column over `len` bytes: in the buffer (kind 0-2), decreasing (3), or at the
 * edges (4: a value from the reader, which may be anything at or past 2^63). Returns 1 when an
 * offset at or past 2^63 is among them and the offsets name some bytes (the call must be
 * refused: offsets all equal name only empty texts, which is valid wherever they point). */
static int offsets(reader *r, size_t *out, size_t count, size_t len) {
    int huge = 0, spans = 0;
    size_t at = 0;
    for (size_t i = 0; i <= count; i++) {
        unsigned kind = pick(r, 256);
        switch (kind % 5) {
        case 3: out[i] = at > 0 ? at - 1 : 0; break;
        case 4: {
            uint64_t v = value(r);
            if (v < HALF) v = v % (len + 1); /* below 2^63: keep it inside the buffer */
            out[i] = (size_t)v;
            break;
        }
        default: out[i] = at + (size_t)(kind / 5) % (len - at + 1); break;
        }
        if (out[i] >= HALF) huge = 1;
        if (out[i] != out[0]) spans = 1;
        if (out[i] <= len) at = out[i];
    }
    return huge && spans;
}

static void packed(reader *r) {
    size_t len = 0;
    const char *bytes = text(r, &len);
    uint64_t raw_count = value(r);
    size_t count = (size_t)(raw_count <= SLOTS ? raw_count : (raw_count > MAX_BATCH ? raw_count : raw_count % (SLOTS + 1)));
    size_t title_offsets[SLOTS + 1], subtitle_offsets[SLOTS + 1];
    size_t n = count <= SLOTS ? count : 0; /* offsets read only when the count is accepted */
    int title_huge = offsets(r, title_offsets, n, len), huge = title_huge;
    int with_subtitles = (int)pick(r, 2);
    if (with_subtitles) huge |= offsets(r, subtitle_offsets, n, len);
    uint64_t ids[SLOTS];
    uint32_t scopes[SLOTS];
    for (size_t i = 0; i < SLOTS; i++) {
        ids[i] = pick(r, 16);
        scopes[i] = (uint32_t)value(r);
    }
    sb_packed_items items = SB_PACKED_ITEMS_INIT;
    items.count = count;
    items.ids = ids;
    items.titles = byte(r) == 0 ? NULL : bytes;
    items.title_offsets = title_offsets;
    if (with_subtitles) {
        items.subtitles = bytes;
        items.subtitle_offsets = subtitle_offsets;
    }
    items.scopes = scopes;
    size_t before = index_count();
    sb_status st = sb_index_add_packed(g_index, &items);
    check(st);
    if (count > MAX_BATCH && st != SB_ETOOBIG) abort();
    if (huge && count > 0 && count <= SLOTS) refused(st);
    if (st != SB_OK && index_count() != before) abort();

    /* A prefix of the same bytes as NUL-separated titles: refused unless it holds exactly
     * count - 1 NULs, and a refused batch adds nothing. */
    if (count <= SLOTS) {
        sb_packed_items separated = SB_PACKED_ITEMS_INIT;
        separated.count = count;
        separated.ids = ids;
        separated.nul_separated = 1;
        separated.titles = bytes;
        separated.titles_length = pick(r, (unsigned)len + 1);
        size_t nuls = 0;
        for (size_t i = 0; i < separated.titles_length; i++) nuls += bytes[i] == 0;
        before = index_count();
        st = sb_index_add_packed(g_index, &separated);
        check(st);
        if (count > 0 && nuls != count - 1) refused(st);
        if (st != SB_OK && index_count() != before) abort();
    }

    /* The same offsets sorted (count up to SLOTS, or over 2^31 - 1: refused before reading). */
    size_t order[SLOTS];
    size_t sort_count = count <= SLOTS ? count : (count > 0x7FFFFFFF ? count : 0);
    st = sb_collator_sort_packed(g_collator, items.titles, title_offsets, sort_count, order);
    check(st);
    if (sort_count > 0x7FFFFFFF && st != SB_ETOOBIG) abort();
    if (title_huge && sort_count > 0) refused(st);
    if (st == SB_OK) {
        unsigned seen = 0;
        for (size_t i = 0; i < sort_count; i++) {
            if (order[i] >= sort_count || (seen & (1u << order[i]))) abort();
            seen |= 1u << order[i];
        }
    }
    /* A buffer at the top of the address space: offsets that wrap past it are refused unread. */
    size_t wrap[2] = {0, 16 + (size_t)pick(r, 256)};
    refused(sb_collator_sort_packed(g_collator, (const char *)(uintptr_t)(UINTPTR_MAX - 15), wrap, 1, order));
}

/* sb_index_add / sb_index_remove / sb_index_search with edge counts, lengths and options, and
 * the results readers with edge indices. */
static void items_and_results(reader *r) {
    size_t len = 0;
    const char *t = text(r, &len);
    sb_item item;
    sb_attribute attribute;
    memset(&item, 0, sizeof item);
    memset(&attribute, 0, sizeof attribute);
    item.id = pick(r, 16);
    uint64_t v = value(r);
    int must_refuse = 0;
    item.title = t;
    item.title_len = v <= len ? (size_t)v : (v > (64u << 20) ? (size_t)v : len);
    if (item.title_len > len) must_refuse = 1;
    item.scope = (uint32_t)value(r);
    attribute.name = "n";
    attribute.name_len = 1;
    attribute.number = 1;
    item.attributes = &attribute;
    v = value(r);
    item.attribute_count = v <= 1 ? (size_t)v : (v > (1u << 16) ? (size_t)v : 1);
    if (item.attribute_count > 1) must_refuse = 1;
    v = value(r);
    size_t count = v <= 1 ? (size_t)v : (v > MAX_BATCH ? (size_t)v : 1);
    if (count > 1) must_refuse = 1;
    size_t before = index_count();
    sb_status st = sb_index_add(g_index, &item, count);
    if (must_refuse && count > 0) refused(st);
    check(st);
    if (st != SB_OK && index_count() != before) abort();

    uint64_t ids[2] = {pick(r, 16), value(r)};
    v = value(r);
    size_t remove_count = v <= 2 ? (size_t)v : (v > MAX_BATCH ? (size_t)v : 2);
    st = sb_index_remove(g_index, ids, remove_count);
    check(st);
    if (remove_count > MAX_BATCH) refused(st);

    sb_search_options options = SB_SEARCH_OPTIONS_INIT;
    sb_filter filter;
    uint32_t scopes[2] = {(uint32_t)value(r), (uint32_t)value(r)};
    memset(&filter, 0, sizeof filter);
    if (pick(r, 16) == 0) options.version = (uint32_t)value(r); /* 0, future versions: SB_EINVAL */
    options.mode = (uint32_t)value(r);
    options.flags = (uint32_t)value(r);
    options.limit = (size_t)value(r);
    options.scopes = scopes;
    v = value(r);
    options.scope_count = v <= 2 ? (size_t)v : (v > (1u << 16) ? (size_t)v : 2);
    filter.attribute = "n";
    filter.attribute_len = 1;
    filter.kind = (uint32_t)value(r);
    filter.min = -1e9;
    filter.max = (double)(int64_t)value(r);
    options.filters = &filter;
    v = value(r);
    options.filter_count = v <= 1 ? (size_t)v : (v > (1u << 16) ? (size_t)v : 1);
    size_t query_len = 0;
    const char *query = text(r, &query_len);
    v = value(r);
    size_t qlen = v <= query_len ? (size_t)v : (v > 4096 ? (size_t)v : query_len);
    sb_results *results = NULL;
    st = sb_index_search(g_index, query, qlen, &options, &results);
    check(st);
    if (qlen > 4096 || options.scope_count > (1u << 16) || options.filter_count > (1u << 16)) refused(st);
    if (st != SB_OK) {
        if (results != NULL) abort();
        st = sb_index_search(g_index, query, query_len > 4096 ? 0 : query_len, NULL, &results);
        check(st);
        if (st != SB_OK) return;
    }
    check_results(results);
    size_t hits = 0;
    (void)sb_results_count(results, &hits);
    sb_hit hit;
    sb_hit_entry entries[64];
    const char *hit_text = NULL;
    size_t hit_len = 0;
    for (int k = 0; k < 3; k++) {
        size_t i = (size_t)value(r), first = (size_t)value(r), n = (size_t)value(r);
        st = sb_results_get(results, i, &hit);
        check(st);
        if ((i >= hits) != (st != SB_OK)) abort();
        st = sb_results_text(results, i, &hit_text, &hit_len);
        check(st);
        if ((i >= hits) != (st != SB_OK)) abort();
        if (n > 64 && n <= hits) n = 64; /* the array holds 64 entries */
        st = sb_results_copy(results, first, n, entries);
        check(st);
        if ((first > hits || n > hits - first) != (st != SB_OK)) abort();
    }
    const sb_hit_entry *all = NULL;
    const sb_range *ranges = NULL;
    size_t all_count = 0, range_count = 0;
    uint32_t unit = (uint32_t)value(r);
    st = sb_results_export(results, unit, &all, &all_count, &hit_text, &hit_len, &ranges, &range_count);
    check(st);
    if (unit > SB_UNIT_UTF16) refused(st);
    sb_results_free(results);
}

/* Session calls that take integers. */
static void session(reader *r) {
    sb_session_options options = SB_SESSION_OPTIONS_INIT;
    options.clock = (uint32_t)(pick(r, 2) ? SB_CLOCK_MANUAL : value(r));
    options.event_queue_capacity = (uint32_t)value(r);
    options.recents_directory = "/tmp/sb-fuzz-abi-recents";
    sb_session *s = NULL;
    sb_status st = sb_session_new(pick(r, 2) ? g_index : NULL, &options, &s);
    check(st);
    if (st != SB_OK) {
        if (s != NULL) abort();
        options.clock = SB_CLOCK_MANUAL;
        options.event_queue_capacity = 0;
        if (sb_session_new(NULL, &options, &s) != SB_OK) abort();
    }
    int op, steps = 0;
    while ((op = byte(r)) >= 0 && steps++ < 64) {
        size_t len = 0;
        const char *t;
        uint64_t a = 0, b = 0;
        switch (op % 25) {
        case 0: t = text(r, &len); check(sb_session_set_text(s, t, len)); break;
        case 1: a = value(r); t = text(r, &len); check(sb_session_insert_text(s, (size_t)a, t, len)); break;
        case 2: a = value(r); b = value(r); t = text(r, &len); check(sb_session_replace_text(s, (size_t)a, (size_t)b, t, len)); break;
        case 3: a = value(r); b = value(r); check(sb_session_delete_text(s, (size_t)a, (size_t)b)); break;
        case 4: check(sb_session_select_scope(s, (int64_t)value(r))); break;
        case 5: check(sb_session_set_selected_scope(s, (int64_t)value(r))); break;
        case 6: {
            sb_search_token token;
            memset(&token, 0, sizeof token);
            token.kind = (uint32_t)value(r);
            token.label = text(r, &token.label_len);
            token.host_value = value(r);
            check(sb_session_insert_token(s, (int64_t)value(r), &token));
            break;
        }
        case 7: check(sb_session_remove_token(s, (int64_t)value(r))); break;
        case 8: check(sb_session_remove_recent(s, (int64_t)value(r))); break;
        case 9: check(sb_session_choose_suggestion(s, (int64_t)value(r))); break;
        case 10: check(sb_session_choose_result(s, value(r))); break;
        case 11: check(sb_session_move_match(s, (int32_t)value(r))); break;
        case 12: check(sb_session_set_active(s, (int32_t)value(r))); break;
        case 13: {
            const char *titles[3] = {"All", "One", "Two"};
            a = value(r);
            size_t n = a <= 3 ? (size_t)a : (a > (1u << 16) ? (size_t)a : 3);
            st = sb_session_set_scope_titles(s, titles, NULL, n);
            check(st);
            if (n > 3) refused(st);
            break;
        }
        case 14: {
            sb_search_timing timing = SB_SEARCH_TIMING_INIT;
            check(sb_session_get_timing(s, &timing));
            /* Every field, the version and the int32_t booleans included (as their unsigned bits). */
            uint32_t *fields[] = {&timing.trigger, &timing.delay_ms, (uint32_t *)&timing.shrinking,
                                  &timing.shrink_initial_ms, &timing.shrink_step_ms, &timing.shrink_minimum_ms,
                                  &timing.minimum_characters, (uint32_t *)&timing.immediate_on_clear,
                                  &timing.stall_ms, &timing.version};
            *fields[pick(r, 10)] = (uint32_t)value(r);
            check(sb_session_set_timing(s, &timing));
            break;
        }
        case 15: {
            sb_recents_policy policy = SB_RECENTS_POLICY_INIT;
            check(sb_session_get_recents_policy(s, &policy));
            policy.limit = (uint32_t)value(r);
            policy.expiry_ms = value(r);
            policy.per_scope = pick(r, 4);
            policy.is_private = 1; /* nothing is written to disk */
            check(sb_session_set_recents_policy(s, &policy));
            check(sb_session_get_recents_policy(s, &policy));
            break;
        }
        case 16: {
            uint64_t dropped = 0;
            st = sb_session_set_event_queue_capacity(s, (uint32_t)value(r), &dropped);
            check(st);
            break;
        }
        case 17: {
            sb_event event;
            static const int32_t timeouts[4] = {INT32_MIN, -2, 0, 0}; /* never a wait */
            st = sb_session_next_event(s, timeouts[pick(r, 4)], &event);
            check(st);
            if (st == SB_OK) sb_free(event.text);
            break;
        }
        case 18: check(sb_session_advance_clock(s, (uint32_t)value(r))); break;
        case 19: {
            uint64_t ids[2] = {value(r), value(r)};
            a = value(r);
            size_t n = a <= 2 ? (size_t)a : (a > (1u << 20) ? (size_t)a : 2);
            st = sb_session_deliver_results(s, value(r), ids, n);
            check(st);
            if (n > 2) refused(st);
            break;
        }
        case 20: check(sb_session_set_suggestion_limits(s, (uint32_t)value(r), (uint32_t)value(r))); break;
        case 21: {
            sb_bar_item items[2];
            memset(items, 0, sizeof items);
            items[0].id = value(r);
            items[0].title = text(r, &items[0].title_len);
            a = value(r);
            size_t n = a <= 2 ? (size_t)a : (a > (1u << 16) ? (size_t)a : 2);
            st = sb_session_set_items(s, (int32_t)value(r), items, n);
            check(st);
            if (n > 2) refused(st);
            break;
        }
        case 22: {
            uint64_t generation = 0;
            check(sb_session_search_now(s, &generation));
            sb_results *results = NULL;
            check(sb_session_copy_results(s, &generation, &results));
            if (results) check_results(results);
            sb_results_free(results);
            break;
        }
        case 23: {
            sb_search_options search = SB_SEARCH_OPTIONS_INIT;
            uint32_t scopes[2] = {(uint32_t)value(r), (uint32_t)value(r)};
            search.mode = (uint32_t)value(r);
            search.limit = (size_t)value(r);
            search.scopes = scopes;
            a = value(r);
            search.scope_count = a <= 2 ? (size_t)a : (a > (1u << 16) ? (size_t)a : 2);
            int given = (int)pick(r, 2);
            st = sb_session_set_search_options(s, given ? &search : NULL);
            check(st);
            if (given && search.scope_count > 2) refused(st);
            break;
        }
        default: check(sb_session_set_tint(s, (uint32_t)value(r))); break;
        }
    }
    check(sb_session_free(s));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!g_index) {
        if (sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, 0, 0, "en", 1, 0, 0}, &g_index) != SB_OK) abort();
        if (sb_collator_new("en", &g_collator) != SB_OK) abort();
    }
    reader r = {data, size};
    int op, steps = 0;
    while ((op = byte(&r)) >= 0 && steps++ < 16) {
        switch (op % 3) {
        case 0: packed(&r); break;
        case 1: items_and_results(&r); break;
        default: session(&r); break;
        }
    }
    return 0;
}
