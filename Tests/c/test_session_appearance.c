/*
 * How the bar and its field look, through the installed library: every UIKit bar style
 * (default, prominent, minimal; the default and black bar tones with translucency, and the
 * deprecated black-opaque / black-translucent values), the colours they resolve to, the
 * text-input traits the host applies to its field, and the search results' title (seed 001).
 * Bad values are refused with SB_EINVAL and change nothing.
 */
#include <searchbar.h>
#include <stdint.h>
#include <string.h>

#include "check.h"

static sb_display *show(sb_session *s) {
    sb_display *d = NULL;
    CHECK_STATUS(sb_session_display(s, &d), SB_OK);
    return d;
}

static void test_styles_and_tones(sb_session *s) {
    sb_display *d = show(s);
    CHECK(d->style == SB_BAR_STYLE_DEFAULT && d->has_tint == 0);
    CHECK(d->bar_tone == SB_BAR_TONE_DEFAULT && d->is_translucent == 1);
    CHECK(d->background_rgba == 0xFFFFFFFFu && d->uses_light_content == 0);
    sb_free(d);
    const uint32_t styles[] = {SB_BAR_STYLE_PROMINENT, SB_BAR_STYLE_MINIMAL, SB_BAR_STYLE_DEFAULT};
    for (int i = 0; i < 3; i++) {
        CHECK_STATUS(sb_session_set_style(s, styles[i]), SB_OK);
        d = show(s);
        CHECK(d->style == styles[i]);
        sb_free(d);
    }
    CHECK_STATUS(sb_session_set_style(s, 3), SB_EINVAL);
    /* Black: light content; opaque draws black. */
    CHECK_STATUS(sb_session_set_bar_tone(s, SB_BAR_TONE_BLACK), SB_OK);
    d = show(s);
    CHECK(d->bar_tone == SB_BAR_TONE_BLACK && d->is_translucent == 1 && d->uses_light_content == 1);
    CHECK(d->background_rgba == 0x000000FFu);
    sb_free(d);
    /* The deprecated values: black, and opaque or translucent. */
    CHECK_STATUS(sb_session_set_bar_tone(s, SB_BAR_TONE_BLACK_OPAQUE), SB_OK);
    d = show(s);
    CHECK(d->bar_tone == SB_BAR_TONE_BLACK && d->is_translucent == 0);
    sb_free(d);
    CHECK_STATUS(sb_session_set_bar_tone(s, SB_BAR_TONE_BLACK_TRANSLUCENT), SB_OK);
    d = show(s);
    CHECK(d->bar_tone == SB_BAR_TONE_BLACK && d->is_translucent == 1);
    sb_free(d);
    CHECK_STATUS(sb_session_set_bar_tone(s, 4), SB_EINVAL);
    CHECK_STATUS(sb_session_set_translucent(s, 2), SB_EINVAL);
    /* A tint wins over the tone's colour; opaque drops its transparency; a tone clears it. */
    CHECK_STATUS(sb_session_set_tint(s, 0x10203080u), SB_OK);
    CHECK_STATUS(sb_session_set_translucent(s, 0), SB_OK);
    d = show(s);
    CHECK(d->has_tint == 1 && d->background_rgba == 0x102030FFu && d->uses_light_content == 1);
    sb_free(d);
    CHECK_STATUS(sb_session_set_bar_tone(s, SB_BAR_TONE_DEFAULT), SB_OK);
    d = show(s);
    CHECK(d->has_tint == 0 && d->bar_tone == SB_BAR_TONE_DEFAULT && d->background_rgba == 0xFFFFFFFFu);
    CHECK(d->is_translucent == 0); /* a tone keeps the translucency */
    sb_free(d);
}

static void test_traits(sb_session *s) {
    sb_display *d = show(s);
    CHECK(d->keyboard_type == SB_KEYBOARD_DEFAULT && d->autocorrection == SB_TRAIT_DEFAULT);
    CHECK(d->spell_checking == SB_TRAIT_DEFAULT && d->return_key_type == SB_RETURN_KEY_SEARCH);
    CHECK(d->enables_return_key_automatically == 1 && d->return_key_enabled == 0); /* empty field */
    sb_free(d);
    CHECK_STATUS(sb_session_set_keyboard_type(s, SB_KEYBOARD_WEB_SEARCH), SB_OK);
    CHECK_STATUS(sb_session_set_autocorrection(s, SB_TRAIT_NO), SB_OK);
    CHECK_STATUS(sb_session_set_spell_checking(s, SB_TRAIT_YES), SB_OK);
    CHECK_STATUS(sb_session_set_return_key_type(s, SB_RETURN_KEY_GO), SB_OK);
    CHECK_STATUS(sb_session_set_text(s, "tea", 3), SB_OK);
    d = show(s);
    CHECK(d->keyboard_type == SB_KEYBOARD_WEB_SEARCH && d->autocorrection == SB_TRAIT_NO);
    CHECK(d->spell_checking == SB_TRAIT_YES && d->return_key_type == SB_RETURN_KEY_GO);
    CHECK(d->return_key_enabled == 1);
    sb_free(d);
    CHECK_STATUS(sb_session_set_text(s, "", 0), SB_OK);
    CHECK_STATUS(sb_session_set_enables_return_key_automatically(s, 0), SB_OK);
    d = show(s);
    CHECK(d->enables_return_key_automatically == 0 && d->return_key_enabled == 1);
    sb_free(d);
    CHECK_STATUS(sb_session_set_keyboard_type(s, 12), SB_EINVAL);
    CHECK_STATUS(sb_session_set_autocorrection(s, 3), SB_EINVAL);
    CHECK_STATUS(sb_session_set_spell_checking(s, 3), SB_EINVAL);
    CHECK_STATUS(sb_session_set_return_key_type(s, 12), SB_EINVAL);
    CHECK_STATUS(sb_session_set_enables_return_key_automatically(s, -1), SB_EINVAL);
    CHECK_STATUS(sb_session_set_keyboard_type(NULL, 0), SB_EINVAL);
    d = show(s);
    CHECK(d->keyboard_type == SB_KEYBOARD_WEB_SEARCH && d->return_key_type == SB_RETURN_KEY_GO);
    sb_free(d);
}

static void test_results_title(sb_session *s) {
    sb_display *d = show(s);
    CHECK(d->results_title == NULL && d->results_title_len == 0);
    sb_free(d);
    CHECK_STATUS(sb_session_set_search_results_title(s, "Résultats", strlen("Résultats")), SB_OK);
    d = show(s);
    CHECK(d->results_title && strcmp(d->results_title, "Résultats") == 0);
    CHECK(d->results_title_len == strlen("Résultats"));
    sb_free(d);
    CHECK_STATUS(sb_session_set_search_results_title(s, "\xff", 1), SB_EINVAL);
    CHECK_STATUS(sb_session_set_search_results_title(s, NULL, 3), SB_EINVAL);
    d = show(s);
    CHECK(d->results_title && strcmp(d->results_title, "Résultats") == 0); /* unchanged */
    sb_free(d);
    /* The title survives a snapshot and restore. */
    char *json = NULL;
    size_t len = 0;
    CHECK_STATUS(sb_session_snapshot(s, &json, &len), SB_OK);
    CHECK_STATUS(sb_session_set_search_results_title(s, NULL, 0), SB_OK);
    d = show(s);
    CHECK(d->results_title == NULL);
    sb_free(d);
    CHECK_STATUS(sb_session_restore(s, json, len), SB_OK);
    sb_free(json);
    d = show(s);
    CHECK(d->results_title && strcmp(d->results_title, "Résultats") == 0);
    CHECK(d->keyboard_type == SB_KEYBOARD_WEB_SEARCH && d->is_translucent == 0);
    sb_free(d);
}

int main(void) {
    sb_session_options options = SB_SESSION_OPTIONS_INIT;
    options.clock = SB_CLOCK_MANUAL;
    options.recents_directory = "/tmp";
    sb_session *s = NULL;
    CHECK_STATUS(sb_session_new(NULL, &options, &s), SB_OK);
    test_styles_and_tones(s);
    test_traits(s);
    test_results_title(s);
    sb_session_free(s);
    return check_report();
}
