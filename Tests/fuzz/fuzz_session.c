/* libFuzzer harness: session edit sequences decoded from bytes. Each operation is one opcode
 * byte, then operands: a length byte and that many text bytes, or an index byte. Edits, scope
 * changes, submits, cancels, tokens, suggestions, recents, timing, the manual or host clock,
 * marked text, grapheme deletion, and sources with the host's answers, failures and late
 * answers (the sections checked well formed) run on a
 * session over a small index; an event callback reads state (allowed), asks for changes
 * (queued: SB_OK, run after it returns; a bad argument is SB_EINVAL at once; a change that
 * fails when it runs is an error event) and tries to free the session (SB_EMISUSE); the event
 * queue is drained. Invariants: statuses are known values, the text
 * stays valid UTF-8 of at most 1 MiB, and a snapshot restores. */
#include <searchbar.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static sb_index *g_index;

static void setup(void) {
    if (g_index) return;
    sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, 0, 0, "en", 1, 0, 0}, &g_index);
    static const char *titles[] = {"apple", "apricot", "banana", "Résumé", "東京", "Straße", "cherry pie"};
    sb_item items[7];
    memset(items, 0, sizeof items);
    for (int i = 0; i < 7; i++) {
        items[i].id = (uint64_t)i + 1;
        items[i].title = titles[i];
        items[i].title_len = strlen(titles[i]);
        items[i].scope = (uint32_t)i % 3;
    }
    sb_index_add(g_index, items, 7);
}

static void on_event(void *user, const sb_event *event) {
    sb_session *session = user;
    if (event->text && event->text[event->text_len] != 0) abort();
    if (event->kind == SB_EVENT_TEXT_DID_CHANGE) {
        char *text = NULL;
        size_t len;
        if (sb_session_get_text(session, &text, &len) != SB_OK) abort();
        sb_free(text);
        /* Trims long text one byte at a time from the front: queued; splitting a UTF-8
         * sequence fails when it runs, as an SB_EVENT_ERROR. */
        if (event->text_len > 8 && sb_session_delete_text(session, 0, 1) != SB_OK) abort();
        if (sb_session_set_text(session, "\xff", 1) != SB_EINVAL) abort();
        if (sb_session_free(session) != SB_EMISUSE) abort();
    }
    if (event->kind == SB_EVENT_SEARCH_BUTTON && sb_session_end_editing(session) != SB_OK) abort();
}

static int32_t veto(void *user, const sb_event *event) {
    (void)user;
    return (int)(event->range.end % 7 != 3);
}

typedef struct { const uint8_t *p; size_t n; } reader;
static int take(reader *r) {
    if (r->n == 0) return -1;
    r->n--;
    return *r->p++;
}
static const char *take_text(reader *r, size_t *len) {
    int l = take(r);
    if (l < 0) { *len = 0; return ""; }
    size_t want = (size_t)l;
    if (want > r->n) want = r->n;
    const char *s = (const char *)r->p;
    r->p += want;
    r->n -= want;
    *len = want;
    return s;
}

static void check_status(sb_status st) {
    if (!((st >= SB_OK && st <= SB_EINTERNAL) || st == SB_WARN_LOCALE_FALLBACK || st == SB_WARN_RECENTS_RESET)) abort();
    if (st == SB_EINTERNAL) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    setup();
    reader r = {data, size};
    sb_session_options options = SB_SESSION_OPTIONS_INIT;
    options.clock = (size & 4) ? SB_CLOCK_HOST : SB_CLOCK_MANUAL;
    options.recents_directory = "/tmp/sb-fuzz-session-recents";
    sb_session *s = NULL;
    if (sb_session_new((size & 1) ? g_index : NULL, &options, &s) != SB_OK) abort();
    if (size & 2) sb_session_set_callbacks(s, veto, on_event, s);
    int op;
    int steps = 0;
    while ((op = take(&r)) >= 0 && steps++ < 200) {
        size_t len = 0;
        const char *text;
        int a;
        sb_status st = SB_OK;
        switch (op % 40) {
        case 0: text = take_text(&r, &len); st = sb_session_set_text(s, text, len); break;
        case 1: a = take(&r); text = take_text(&r, &len); st = sb_session_insert_text(s, (size_t)(a < 0 ? 0 : a), text, len); break;
        case 2: a = take(&r); st = sb_session_delete_text(s, (size_t)(a < 0 ? 0 : a / 2), (size_t)(a < 0 ? 0 : a)); break;
        case 3: a = take(&r); text = take_text(&r, &len); st = sb_session_replace_text(s, (size_t)(a & 15), (size_t)(a >> 4), text, len); break;
        case 4: st = sb_session_begin_editing(s); break;
        case 5: st = sb_session_end_editing(s); break;
        case 6: st = sb_session_submit(s); break;
        case 7: st = sb_session_cancel(s); break;
        case 8: st = sb_session_clear(s); break;
        case 9: a = take(&r); st = sb_session_select_scope(s, (int64_t)(a % 5) - 1); break;
        case 10: {
            const char *titles[] = {"All", "Fruit", "Other", "Cities"};
            a = take(&r);
            st = sb_session_set_scope_titles(s, titles, NULL, (size_t)((a < 0 ? 0 : a) % 5));
            break;
        }
        case 11: {
            sb_search_token token;
            memset(&token, 0, sizeof token);
            a = take(&r);
            token.kind = (uint32_t)((a < 0 ? 0 : a) % 4);
            token.label = take_text(&r, &token.label_len);
            if (token.kind == SB_SEARCH_TOKEN_ATTRIBUTE) { token.field = "kind"; token.field_len = 4; }
            token.value = take_text(&r, &token.value_len);
            st = sb_session_insert_token(s, (int64_t)((a < 0 ? 0 : a) % 4) - 1, &token);
            break;
        }
        case 12: a = take(&r); st = sb_session_remove_token(s, (int64_t)(a % 4)); break;
        case 13: a = take(&r); st = sb_session_advance_clock(s, (uint32_t)(a < 0 ? 0 : a) * 10); break;
        case 14: a = take(&r); st = sb_session_set_active(s, a & 1); break;
        case 15: {
            sb_suggestion *list = NULL;
            size_t count = 0;
            st = sb_session_suggestions(s, &list, &count);
            sb_free(list);
            a = take(&r);
            if (count) st = sb_session_choose_suggestion(s, (int64_t)((size_t)(a < 0 ? 0 : a) % (count + 1)));
            break;
        }
        case 16: text = take_text(&r, &len); st = sb_session_add_recent(s, text, len); break;
        case 17: a = take(&r); st = sb_session_remove_recent(s, a % 4); break;
        case 18: st = sb_session_clear_recents(s); break;
        case 19: {
            sb_search_timing timing = SB_SEARCH_TIMING_INIT;
            sb_session_get_timing(s, &timing);
            a = take(&r);
            timing.trigger = (uint32_t)(a & 1);
            timing.delay_ms = (uint32_t)(a < 0 ? 0 : a);
            timing.shrinking = (uint32_t)((a >> 1) & 1);
            timing.minimum_characters = (uint32_t)((a >> 2) & 3);
            st = sb_session_set_timing(s, &timing);
            break;
        }
        case 20: {
            uint64_t gen = 0, ids[3] = {1, 2, 3};
            st = sb_session_search_now(s, &gen);
            a = take(&r);
            if (gen) st = sb_session_deliver_results(s, gen - (uint64_t)(a & 1), ids, (size_t)((a < 0 ? 0 : a) % 4));
            break;
        }
        case 21: {
            sb_display *d = NULL;
            st = sb_session_display(s, &d);
            if (st == SB_OK && (d == NULL || d->text[d->text_len] != 0)) abort();
            sb_free(d);
            break;
        }
        case 22: {
            sb_event event;
            while (sb_session_next_event(s, 0, &event) == SB_OK) {
                if (event.text && event.text[event.text_len] != 0) abort();
                sb_free(event.text);
            }
            break;
        }
        case 23: {
            char *json = NULL;
            size_t json_len = 0;
            st = sb_session_snapshot(s, &json, &json_len);
            if (st != SB_OK) abort();
            sb_status restored = sb_session_restore(s, json, json_len);
            if (restored != SB_OK && restored != SB_WARN_RECENTS_RESET) abort(); /* its own snapshot */
            sb_free(json);
            break;
        }
        case 24: a = take(&r); st = sb_session_move_match(s, (a & 1) ? 1 : -1); break;
        case 25: a = take(&r); st = sb_session_set_autocapitalization(s, (uint32_t)(a & 3)); break;
        case 26: a = take(&r); st = sb_session_set_placement(s, (uint32_t)(a & 1)); break;
        case 27: a = take(&r); st = sb_session_set_scope_bar_policy(s, (uint32_t)(a % 3)); break;
        case 28: {
            sb_recents_policy policy = {SB_RECENTS_POLICY_VERSION, 0, 0, 0, 0};
            a = take(&r);
            policy.limit = (uint32_t)((a < 0 ? 0 : a) % 12);
            policy.per_scope = (uint32_t)((a >> 4) & 1);
            policy.is_private = (uint32_t)((a >> 5) & 1);
            st = sb_session_set_recents_policy(s, &policy);
            break;
        }
        case 29: st = sb_session_choose_result(s, 2); break;
        case 30: text = take_text(&r, &len); st = sb_session_set_placeholder(s, text, len); break;
        case 31: a = take(&r); text = take_text(&r, &len); st = sb_session_set_marked_text(s, (size_t)(a & 15), (size_t)(a >> 4), text, len); break;
        case 32: st = sb_session_unmark_text(s); break;
        case 33: {
            size_t start = 0, end = 0, text_len = 0;
            char *current = NULL;
            st = sb_session_get_marked_range(s, &start, &end);
            if (sb_session_get_text(s, &current, &text_len) != SB_OK) abort();
            if (st == SB_OK && !(start < end && end <= text_len)) abort(); /* a marked range lies in the text */
            if (st == SB_EMPTY && (start || end)) abort();
            sb_free(current);
            if (st == SB_EMPTY) st = SB_OK;
            break;
        }
        case 34: {
            size_t after = 0;
            a = take(&r);
            st = sb_session_delete_backward(s, (size_t)(a < 0 ? 0 : a), &after);
            if (st == SB_OK && after > (size_t)(a < 0 ? 0 : a)) abort(); /* the cursor moves back */
            if (st == SB_EMPTY) st = SB_OK;
            break;
        }
        case 35: a = take(&r); st = sb_session_delete_forward(s, (size_t)(a < 0 ? 0 : a), NULL); if (st == SB_EMPTY) st = SB_OK; break;
        case 36: {
            int64_t ms = -2;
            st = sb_session_next_deadline(s, &ms);
            if (st == SB_OK && ms < -1) abort();
            if (st == SB_OK) st = sb_session_run_due(s);
            break;
        }
        case 37: { /* a source: local (over the index), recents, suggestions or remote */
            a = take(&r);
            text = take_text(&r, &len);
            char title[64];
            size_t n = len < sizeof title - 1 ? len : sizeof title - 1;
            memcpy(title, text, n);
            title[n] = 0;
            sb_source_options o = SB_SOURCE_OPTIONS_INIT;
            o.kind = (uint32_t)(a < 0 ? 0 : a) % 5; /* 4 is not a kind: SB_EINVAL */
            o.title = title;
            o.limit = (uint32_t)(a < 0 ? 1 : (a >> 3) % 4 + 1);
            o.timeout_ms = (uint32_t)(a < 0 ? 0 : (a >> 5) & 1) * 20;
            o.min_query_length = (uint32_t)(a < 0 ? 0 : (a >> 6) & 1) * 2;
            int64_t position = -2;
            st = sb_session_add_source(s, o.kind == SB_SOURCE_LOCAL_INDEX ? g_index : NULL, &o, &position);
            if (st == SB_OK && position < -1) abort(); /* -1: queued inside a callback */
            break;
        }
        case 38: { /* the host answers (or fails) a source of the newest query, maybe late */
            sb_sections *sections = NULL;
            if (sb_session_sections(s, &sections) != SB_OK || !sections) abort();
            uint64_t generation = sections->generation - (uint64_t)(size & 8 ? 1 : 0);
            sb_free(sections);
            a = take(&r);
            text = take_text(&r, &len);
            if (a >= 0 && (a & 1)) {
                char message[64];
                size_t n = len < sizeof message - 1 ? len : sizeof message - 1;
                memcpy(message, text, n);
                message[n] = 0;
                st = sb_session_fail_source(s, (int64_t)(a >> 1) % 5 - 1, generation, message);
            } else {
                sb_source_item items[2] = {{7, text, len, text, len / 2, 0.5, 1}, {3, "apple", 5, NULL, 0, 0, 0}};
                st = sb_session_answer_source(s, (int64_t)(a < 0 ? 0 : a >> 1) % 5 - 1, generation, items, 2);
            }
            if (st == SB_ECANCELED) st = SB_OK;
            break;
        }
        case 39: { /* the sections stay well formed: states, strings, highlights inside the text */
            sb_sections *sections = NULL;
            if (sb_session_sections(s, &sections) != SB_OK || !sections) abort();
            for (size_t i = 0; i < sections->count; i++) {
                const sb_section *x = &sections->sections[i];
                if (x->source != (int64_t)i || x->state > SB_SECTION_FAILED || !x->title || !x->message) abort();
                if ((x->state == SB_SECTION_FAILED) != (x->status != SB_OK)) abort();
                for (size_t k = 0; k < x->item_count; k++) {
                    const sb_section_item *item = &x->items[k];
                    if (item->title[item->title_len] != 0 || item->subtitle[item->subtitle_len] != 0) abort();
                    for (size_t h = 0; h < item->title_highlight_count; h++)
                        if (item->title_highlights[h].start >= item->title_highlights[h].end ||
                            item->title_highlights[h].end > item->title_len) abort();
                    for (size_t h = 0; h < item->subtitle_highlight_count; h++)
                        if (item->subtitle_highlights[h].end > item->subtitle_len) abort();
                }
            }
            sb_free(sections);
            break;
        }
        default: {
            uint64_t gen = 0;
            st = sb_session_search_now(s, &gen);
            text = take_text(&r, &len);
            if (gen) sb_session_fail_search(s, gen, text, len);
            break;
        }
        }
        check_status(st);
    }
    char *text = NULL;
    size_t len = 0;
    if (sb_session_get_text(s, &text, &len) != SB_OK || len > (1u << 20) || text[len] != 0) abort();
    sb_free(text);
    if (sb_session_free(s) != SB_OK) abort();
    return 0;
}
