/* Structs that grow (docs/abi.md): a program compiled against an older header keeps working
 * against this library, and the library never reads or writes past the version the caller set.
 *
 * sb_index_options gained `max_threads` in version 2. index_options_v1 below is the struct as a
 * version-1 header declared it, byte for byte; a program built then passes it with version 1.
 * To prove "never past", the caller's struct is placed so that it ends exactly where an
 * inaccessible page begins: one byte read or written beyond it kills the test with SIGSEGV.
 * Every other versioned struct is checked the same way at its current version, and version 0
 * (an uninitialized struct) and versions newer than the library are refused with SB_EINVAL. */
#define _GNU_SOURCE
#include <searchbar.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "check.h"

/* sb_index_options, version 1. */
typedef struct index_options_v1 {
    uint32_t version;
    uint32_t mode;
    uint32_t fields;
    const char *locale;
} index_options_v1;

/* Version 2 is version 1 plus fields at the end: the layouts agree on the shared part. */
typedef char v1_is_a_prefix[(offsetof(sb_index_options, locale) == offsetof(index_options_v1, locale) &&
                             sizeof(index_options_v1) <= offsetof(sb_index_options, max_threads))
                                ? 1
                                : -1];

/* `size` writable bytes followed by a page the process may not touch. */
static void *before_guard_page(size_t size) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    char *base = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED || mprotect(base + page, page, PROT_NONE) != 0) {
        perror("mmap");
        return NULL;
    }
    return base + page - size;
}

static size_t hit_count(sb_index *index, const char *query) {
    sb_results *results = NULL;
    size_t count = 0;
    if (sb_index_search(index, query, strlen(query), NULL, &results) == SB_OK) sb_results_count(results, &count);
    sb_results_free(results);
    return count;
}

static void a_version_1_program_makes_an_index(void) {
    index_options_v1 *old = before_guard_page(sizeof *old);
    if (!old) { CHECK(0); return; }
    old->version = 1;
    old->mode = SB_MODE_CONTAINS;
    old->fields = SB_FIELDS_TITLE;
    old->locale = "de";
    sb_index *index = NULL;
    CHECK_STATUS(sb_index_new((const sb_index_options *)old, &index), SB_OK);
    CHECK(index != NULL);

    /* The version-1 fields took effect; the version-2 field has its default (all threads). */
    sb_item item = {1, "Straße", strlen("Straße"), "Ort", 3, NULL, 0, 0, 0, NULL, 0};
    CHECK_STATUS(sb_index_add(index, &item, 1), SB_OK);
    CHECK(hit_count(index, "rass") == 1); /* contains mode, German folding */
    CHECK(hit_count(index, "ort") == 0);  /* subtitles are not indexed */
    sb_index_options now = SB_INDEX_OPTIONS_INIT;
    sb_config config = SB_CONFIG_INIT;
    CHECK_STATUS(sb_get_config(&config), SB_OK);
    CHECK_STATUS(sb_index_get_options(index, &now), SB_OK);
    CHECK(now.version == SB_INDEX_OPTIONS_VERSION && now.mode == SB_MODE_CONTAINS && now.fields == SB_FIELDS_TITLE);
    CHECK(now.locale != NULL && strcmp(now.locale, "de") == 0);
    CHECK(now.max_threads == config.threads && config.threads >= 1);

    /* The getter fills a version-1 struct and writes nothing past it. */
    memset(old, 0xAB, sizeof *old);
    old->version = 1;
    CHECK_STATUS(sb_index_get_options(index, (sb_index_options *)old), SB_OK);
    CHECK(old->version == 1 && old->mode == SB_MODE_CONTAINS && old->fields == SB_FIELDS_TITLE);
    CHECK(old->locale != NULL && strcmp(old->locale, "de") == 0);

    /* ... and in a larger buffer, the bytes past version 1 keep their values. */
    unsigned char buffer[sizeof(sb_index_options)];
    memset(buffer, 0xCD, sizeof buffer);
    uint32_t one = 1;
    memcpy(buffer, &one, sizeof one);
    CHECK_STATUS(sb_index_get_options(index, (sb_index_options *)(void *)buffer), SB_OK);
    int untouched = 1;
    for (size_t i = offsetof(sb_index_options, max_threads); i < sizeof buffer; i++) untouched &= buffer[i] == 0xCD;
    CHECK(untouched);
    CHECK_STATUS(sb_index_free(index), SB_OK);

    /* sb_index_options_init for version 1 writes version 1's bytes only. */
    CHECK_STATUS(sb_index_options_init((sb_index_options *)old, 1), SB_OK);
    CHECK(old->version == 1 && old->mode == SB_MODE_DEFAULT && old->fields == 0 && old->locale == NULL);
}

static void version_2_takes_max_threads(void) {
    sb_index_options options = SB_INDEX_OPTIONS_INIT;
    options.max_threads = 1;
    sb_index *index = NULL;
    CHECK_STATUS(sb_index_new(&options, &index), SB_OK);
    sb_index_options back = SB_INDEX_OPTIONS_INIT;
    CHECK_STATUS(sb_index_get_options(index, &back), SB_OK);
    CHECK(back.max_threads == 1 && back.mode == SB_MODE_PREFIX && back.fields == SB_FIELDS_ALL);
    CHECK(back.locale != NULL && back.locale[0] == '\0');
    CHECK_STATUS(sb_index_free(index), SB_OK);
    options.max_threads = 257;
    CHECK_STATUS(sb_index_new(&options, &index), SB_EINVAL);
    CHECK(index == NULL && strstr(sb_last_error(), "max_threads") != NULL);
}

/* Version 0 and future versions are refused everywhere, with a message; outputs stay empty. */
static void unknown_versions_are_refused(void) {
    sb_index_options options = SB_INDEX_OPTIONS_INIT;
    sb_index *index = (sb_index *)&options;
    options.version = 0;
    CHECK_STATUS(sb_index_new(&options, &index), SB_EINVAL);
    CHECK(index == NULL && strstr(sb_last_error(), "SB_INDEX_OPTIONS_INIT") != NULL);
    options.version = SB_INDEX_OPTIONS_VERSION + 1;
    CHECK_STATUS(sb_index_new(&options, &index), SB_EINVAL);
    CHECK(strstr(sb_last_error(), "versions 1 to") != NULL);
    CHECK_STATUS(sb_index_options_init(&options, 0), SB_EINVAL);
    CHECK_STATUS(sb_index_options_init(&options, SB_INDEX_OPTIONS_VERSION + 1), SB_EINVAL);
    CHECK_STATUS(sb_index_options_init(NULL, 1), SB_EINVAL);
    CHECK_STATUS(sb_index_new(NULL, &index), SB_OK); /* NULL: the defaults */

    sb_search_options search = SB_SEARCH_OPTIONS_INIT;
    sb_results *results = NULL;
    search.version = 0;
    CHECK_STATUS(sb_index_search(index, "a", 1, &search, &results), SB_EINVAL);
    search.version = SB_SEARCH_OPTIONS_VERSION + 1;
    CHECK_STATUS(sb_index_search(index, "a", 1, &search, &results), SB_EINVAL);
    CHECK(results == NULL);
    sb_packed_items packed = SB_PACKED_ITEMS_INIT;
    packed.version = 0;
    CHECK_STATUS(sb_index_add_packed(index, &packed), SB_EINVAL);

    sb_session_options session_options = SB_SESSION_OPTIONS_INIT;
    sb_session *session = NULL;
    session_options.version = 0;
    CHECK_STATUS(sb_session_new(NULL, &session_options, &session), SB_EINVAL);
    CHECK(session == NULL);
    CHECK_STATUS(sb_session_new(NULL, NULL, &session), SB_OK);
    sb_search_timing timing = SB_SEARCH_TIMING_INIT;
    sb_recents_policy policy = SB_RECENTS_POLICY_INIT;
    timing.version = 0;
    policy.version = 0;
    CHECK_STATUS(sb_session_get_timing(session, &timing), SB_EINVAL);
    CHECK_STATUS(sb_session_set_timing(session, &timing), SB_EINVAL);
    CHECK_STATUS(sb_session_get_recents_policy(session, &policy), SB_EINVAL);
    CHECK_STATUS(sb_session_set_recents_policy(session, &policy), SB_EINVAL);
    timing.version = SB_SEARCH_TIMING_VERSION + 1;
    policy.version = SB_RECENTS_POLICY_VERSION + 1;
    CHECK_STATUS(sb_session_get_timing(session, &timing), SB_EINVAL);
    CHECK_STATUS(sb_session_set_recents_policy(session, &policy), SB_EINVAL);
    sb_config config = SB_CONFIG_INIT;
    config.version = 0;
    CHECK_STATUS(sb_get_config(&config), SB_EINVAL);
    CHECK_STATUS(sb_configure(&config), SB_EINVAL);
    CHECK_STATUS(sb_session_free(session), SB_OK);
    CHECK_STATUS(sb_index_free(index), SB_OK);
}

/* The INIT macros and the _init functions agree, and the getters write exactly their struct. */
static void initializers_and_getters_agree(void) {
    sb_search_timing timing_macro = SB_SEARCH_TIMING_INIT, timing_fn;
    memset(&timing_fn, 0x5A, sizeof timing_fn);
    CHECK_STATUS(sb_search_timing_init(&timing_fn, SB_SEARCH_TIMING_VERSION), SB_OK);
    CHECK(memcmp(&timing_macro, &timing_fn, offsetof(sb_search_timing, stall_ms) + sizeof(uint32_t)) == 0);
    sb_recents_policy policy_macro = SB_RECENTS_POLICY_INIT, policy_fn = SB_RECENTS_POLICY_INIT;
    policy_fn.limit = 77;
    CHECK_STATUS(sb_recents_policy_init(&policy_fn, SB_RECENTS_POLICY_VERSION), SB_OK);
    CHECK(policy_fn.limit == policy_macro.limit && policy_fn.limit == 10 && policy_fn.version == 1);
    sb_search_options search_fn;
    CHECK_STATUS(sb_search_options_init(&search_fn, SB_SEARCH_OPTIONS_VERSION), SB_OK);
    CHECK(search_fn.version == SB_SEARCH_OPTIONS_VERSION && search_fn.limit == 0 && search_fn.scopes == NULL);
    sb_session_options session_fn;
    CHECK_STATUS(sb_session_options_init(&session_fn, SB_SESSION_OPTIONS_VERSION), SB_OK);
    CHECK(session_fn.version == SB_SESSION_OPTIONS_VERSION && session_fn.locale == NULL);
    sb_packed_items packed_fn;
    CHECK_STATUS(sb_packed_items_init(&packed_fn, SB_PACKED_ITEMS_VERSION), SB_OK);
    CHECK(packed_fn.version == SB_PACKED_ITEMS_VERSION && packed_fn.count == 0);
    sb_config config_fn;
    CHECK_STATUS(sb_config_init(&config_fn, SB_CONFIG_VERSION), SB_OK);
    CHECK(config_fn.version == SB_CONFIG_VERSION && config_fn.threads == 0);

    /* A new session's timing is the initializer's; each getter stays inside its struct. */
    sb_session *session = NULL;
    CHECK_STATUS(sb_session_new(NULL, NULL, &session), SB_OK);
    sb_search_timing *timing = before_guard_page(offsetof(sb_search_timing, stall_ms) + sizeof(uint32_t));
    sb_recents_policy *policy = before_guard_page(sizeof(sb_recents_policy));
    sb_config *config = before_guard_page(sizeof(sb_config));
    if (!timing || !policy || !config) { CHECK(0); return; }
    timing->version = SB_SEARCH_TIMING_VERSION;
    policy->version = SB_RECENTS_POLICY_VERSION;
    config->version = SB_CONFIG_VERSION;
    CHECK_STATUS(sb_session_get_timing(session, timing), SB_OK);
    CHECK(memcmp(timing, &timing_macro, offsetof(sb_search_timing, stall_ms) + sizeof(uint32_t)) == 0);
    CHECK_STATUS(sb_session_get_recents_policy(session, policy), SB_OK);
    CHECK(policy->limit == 10 && policy->per_scope == 0 && policy->is_private == 0 && policy->expiry_ms == 0);
    CHECK_STATUS(sb_get_config(config), SB_OK);
    CHECK(config->threads >= 1);
    /* Setters read their struct from the same place: nothing past it either. */
    timing->delay_ms = 40;
    CHECK_STATUS(sb_session_set_timing(session, timing), SB_OK);
    CHECK_STATUS(sb_session_set_recents_policy(session, policy), SB_OK);
    sb_search_timing back = SB_SEARCH_TIMING_INIT;
    CHECK_STATUS(sb_session_get_timing(session, &back), SB_OK);
    CHECK(back.delay_ms == 40);
    CHECK_STATUS(sb_session_free(session), SB_OK);
}

int main(void) {
    a_version_1_program_makes_an_index();
    version_2_takes_max_threads();
    unknown_versions_are_refused();
    initializers_and_getters_agree();
    return check_report();
}
