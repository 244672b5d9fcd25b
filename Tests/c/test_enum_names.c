/*
 * Every public enum names its values through sb_<enum>_string(), through the installed library:
 * each value this header declares has its constant's name, an unknown value a name ending in
 * UNKNOWN (never NULL), and a name is the same static string on every call.
 * (The tables are generated from the header: ctest enum_names_generated_match_committed fails
 * when a value is added without them, and header_reads_by_object when an enum has no function.)
 */
#include <searchbar.h>
#include <stdint.h>
#include <string.h>

#include "check.h"

typedef const char *(*name_function)(uint32_t);

static int ends_with_unknown(const char *name) {
    size_t length = name ? strlen(name) : 0;
    return length >= 7 && strcmp(name + length - 7, "UNKNOWN") == 0;
}

/* `function` names `value` `expected`, and an unknown value with a name ending in UNKNOWN. */
static void names(name_function function, uint32_t value, const char *expected) {
    const char *name = function(value);
    CHECK(name != NULL && strcmp(name, expected) == 0);
    if (name && strcmp(name, expected) != 0) fprintf(stderr, "value %u: %s, expected %s\n", value, name, expected);
    CHECK(function(value) == name);
    CHECK(ends_with_unknown(function(100000)));
    CHECK(ends_with_unknown(function(UINT32_MAX)));
}

int main(void) {
    /* A hit's fields, as a host logs them. */
    names(sb_field_string, SB_FIELD_TITLE, "SB_FIELD_TITLE");
    names(sb_field_string, SB_FIELD_SUBTITLE, "SB_FIELD_SUBTITLE");
    names(sb_field_string, SB_FIELD_KEYWORDS, "SB_FIELD_KEYWORDS");
    CHECK(strcmp(sb_field_string(3), "SB_FIELD_UNKNOWN") == 0);
    names(sb_match_mode_string, SB_MODE_DEFAULT, "SB_MODE_DEFAULT");
    names(sb_match_mode_string, SB_MODE_FUZZY, "SB_MODE_FUZZY");
    names(sb_token_kind_string, SB_TOKEN_EMOJI, "SB_TOKEN_EMOJI");
    names(sb_filter_kind_string, SB_FILTER_RANGE, "SB_FILTER_RANGE");
    names(sb_unit_string, SB_UNIT_UTF16, "SB_UNIT_UTF16");
    names(sb_session_clock_string, SB_CLOCK_MANUAL, "SB_CLOCK_MANUAL");
    names(sb_autocapitalization_string, SB_AUTOCAP_ALL_CHARACTERS, "SB_AUTOCAP_ALL_CHARACTERS");
    names(sb_keyboard_type_string, SB_KEYBOARD_ASCII_CAPABLE_NUMBER_PAD, "SB_KEYBOARD_ASCII_CAPABLE_NUMBER_PAD");
    names(sb_text_trait_string, SB_TRAIT_YES, "SB_TRAIT_YES");
    names(sb_return_key_type_string, SB_RETURN_KEY_CONTINUE, "SB_RETURN_KEY_CONTINUE");
    names(sb_scope_bar_policy_string, SB_SCOPE_BAR_NEVER, "SB_SCOPE_BAR_NEVER");
    names(sb_search_token_kind_string, SB_SEARCH_TOKEN_ATTRIBUTE, "SB_SEARCH_TOKEN_ATTRIBUTE");
    names(sb_bar_style_string, SB_BAR_STYLE_MINIMAL, "SB_BAR_STYLE_MINIMAL");
    names(sb_bar_style_string, SB_BAR_STYLE_DEFAULT, "SB_BAR_STYLE_DEFAULT");
    names(sb_bar_tone_string, SB_BAR_TONE_BLACK_TRANSLUCENT, "SB_BAR_TONE_BLACK_TRANSLUCENT");
    names(sb_bar_placement_string, SB_PLACEMENT_NAVIGATION_BAR, "SB_PLACEMENT_NAVIGATION_BAR");
    names(sb_cancel_button_policy_string, SB_CANCEL_BUTTON_ALWAYS, "SB_CANCEL_BUTTON_ALWAYS");
    names(sb_bar_item_kind_string, SB_BAR_ITEM_CANCEL, "SB_BAR_ITEM_CANCEL");
    names(sb_search_trigger_string, SB_TRIGGER_SUBMIT_ONLY, "SB_TRIGGER_SUBMIT_ONLY");
    names(sb_event_kind_string, SB_EVENT_RESULTS_READY, "SB_EVENT_RESULTS_READY");
    names(sb_suggestion_source_string, SB_SUGGESTION_COMPLETION, "SB_SUGGESTION_COMPLETION");
    names(sb_suggestion_action_string, SB_SUGGESTION_ADD_TOKEN, "SB_SUGGESTION_ADD_TOKEN");
    /* Statuses keep their own function and unknown name. */
    CHECK(strcmp(sb_status_string(SB_ETIMEDOUT), "SB_ETIMEDOUT") == 0);
    CHECK(strcmp(sb_status_string((sb_status)9999), "SB_UNKNOWN_STATUS") == 0);
    /* The longer enums run from 0 without gaps: every value is named (pytest checks every enum). */
    static const struct { name_function function; uint32_t count; } dense[] = {
        {sb_keyboard_type_string, 12}, {sb_return_key_type_string, 12}, {sb_event_kind_string, 29},
        {sb_bar_tone_string, 4}, {sb_autocapitalization_string, 4},
    };
    for (size_t e = 0; e < sizeof dense / sizeof dense[0]; e++)
        for (uint32_t v = 0; v < dense[e].count; v++) CHECK(!ends_with_unknown(dense[e].function(v)));
    return check_report();
}
