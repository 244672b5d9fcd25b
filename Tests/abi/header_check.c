/* Compiled with -std=c99 -Wall -Wextra -Wpedantic -Werror (and as C++17) by ctest. */
#include <searchbar.h>

#if SB_VERSION_NUMBER != SB_VERSION_MAJOR * 10000 + SB_VERSION_MINOR * 100 + SB_VERSION_PATCH
#error "version macros disagree"
#endif

/* Every initializer compiles without warnings in C99 and C++17 (all fields given). */
static sb_config config = SB_CONFIG_INIT;
static sb_search_options search_options = SB_SEARCH_OPTIONS_INIT;
static sb_index_options index_options = SB_INDEX_OPTIONS_INIT;
static sb_packed_items packed_items = SB_PACKED_ITEMS_INIT;
static sb_session_options session_options = SB_SESSION_OPTIONS_INIT;
static sb_search_timing search_timing = SB_SEARCH_TIMING_INIT;
static sb_recents_policy recents_policy = SB_RECENTS_POLICY_INIT;

SB_DEPRECATED("a deprecated declaration compiles") int deprecated_example(void);

int main(void) {
    sb_status status = SB_OK;
    unsigned versions = config.version + search_options.version + index_options.version + packed_items.version +
                        session_options.version + search_timing.version + recents_policy.version;
    return (int)status + (sb_version_number() == SB_VERSION_NUMBER ? 0 : 1) + (versions == 8 ? 0 : 1);
}
