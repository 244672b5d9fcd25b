/* A test input method: Korean 2-set (dubeolsik) Hangul composition, registered as the GTK input
 * method module "searchbar-test-hangul" only when SEARCHBAR_GTK_TEST_IM=1 is set, and chosen
 * with GTK_IM_MODULE=searchbar-test-hangul. The tests use it where a system input method
 * (IBus with ibus-hangul) cannot run: under a bare Xvfb, IBus' GTK 4 module connected but
 * never forwarded key events to the engine. It goes through GTK's real input-method path
 * (GtkIMMulticontext -> GtkText's preedit-changed and commit signals), the same path IBus
 * takes, so the app's pre-edit handling is what is tested.
 *
 * Behaviour, as ibus-hangul's: Latin keys map to jamo; the syllable being composed is the
 * pre-edit; a consonant after a complete syllable commits it, and a vowel after a final
 * consonant moves that consonant to the next syllable; any other key commits the syllable
 * first and then acts; Backspace removes the last jamo. Compound vowels and finals are not
 * composed (the tests do not need them). */
#include "app.h"

#include <gtk/gtkimmodule.h>
#include <string.h>

/* Compatibility jamo for each key: consonants and vowels of the 2-set layout. */
static const char *const consonant_keys = "rRseEfaqQtTdwWczxvg";
static const gunichar consonant_jamo[] = {0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145,
                                          0x3146, 0x3147, 0x3148, 0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E};
/* The key's consonant as a syllable's initial (index into consonant_keys is the initial's
 * index) and as its final (-1: cannot end a syllable). */
static const int final_index[] = {1, 2, 4, 7, -1, 8, 16, 17, -1, 19, 20, 21, 22, -1, 23, 24, 25, 26, 27};
static const char *const vowel_keys = "koiOjpuPhynbml";
static const int vowel_index[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 17, 18, 20};

#define SBG_TYPE_TEST_IM (sbg_test_im_get_type())
G_DECLARE_FINAL_TYPE(SbgTestIm, sbg_test_im, SBG, TEST_IM, GtkIMContext)

struct _SbgTestIm {
    GtkIMContext parent;
    int initial; /* index into consonant_keys, -1 when none */
    int vowel;   /* vowel index (0..20), -1 when none */
    int final;   /* final index (1..27), 0 when none */
    int final_key;
};

G_DEFINE_FINAL_TYPE(SbgTestIm, sbg_test_im, GTK_TYPE_IM_CONTEXT)

static gboolean composing(SbgTestIm *im) { return im->initial >= 0 || im->vowel >= 0; }

static char *composed(SbgTestIm *im) {
    gunichar c = 0;
    if (im->initial >= 0 && im->vowel >= 0)
        c = 0xAC00 + ((gunichar)im->initial * 21 + (gunichar)im->vowel) * 28 + (gunichar)im->final;
    else if (im->initial >= 0) c = consonant_jamo[im->initial];
    else if (im->vowel >= 0) c = 0x314F + (gunichar)im->vowel;
    char buffer[8] = {0};
    if (c) g_unichar_to_utf8(c, buffer);
    return g_strdup(buffer);
}

static void set_state(SbgTestIm *im, int initial, int vowel, int final, int final_key) {
    gboolean was = composing(im);
    im->initial = initial, im->vowel = vowel, im->final = final, im->final_key = final_key;
    if (!was && composing(im)) g_signal_emit_by_name(im, "preedit-start");
    g_signal_emit_by_name(im, "preedit-changed");
    if (was && !composing(im)) g_signal_emit_by_name(im, "preedit-end");
}

static void commit(SbgTestIm *im) {
    if (!composing(im)) return;
    char *text = composed(im);
    set_state(im, -1, -1, 0, -1);
    g_signal_emit_by_name(im, "commit", text);
    g_free(text);
}

static gboolean filter_keypress(GtkIMContext *context, GdkEvent *event) {
    SbgTestIm *im = SBG_TEST_IM(context);
    if (gdk_event_get_event_type(event) != GDK_KEY_PRESS) return FALSE;
    guint keyval = gdk_key_event_get_keyval(event);
    GdkModifierType mods = gdk_event_get_modifier_state(event) & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK);
    gunichar c = gdk_keyval_to_unicode(keyval);
    const char *consonant = c && c < 128 && !mods ? strchr(consonant_keys, (int)c) : NULL;
    const char *vowel = c && c < 128 && !mods ? strchr(vowel_keys, (int)c) : NULL;
    if (keyval == GDK_KEY_BackSpace && !mods && composing(im)) {
        if (im->final) set_state(im, im->initial, im->vowel, 0, -1);
        else if (im->vowel >= 0 && im->initial >= 0) set_state(im, im->initial, -1, 0, -1);
        else set_state(im, -1, -1, 0, -1);
        return TRUE;
    }
    if (consonant) {
        int key = (int)(consonant - consonant_keys);
        if (im->initial >= 0 && im->vowel >= 0 && im->final == 0 && final_index[key] > 0) {
            set_state(im, im->initial, im->vowel, final_index[key], key);
        } else {
            commit(im);
            set_state(im, key, -1, 0, -1);
        }
        return TRUE;
    }
    if (vowel) {
        int v = vowel_index[vowel - vowel_keys];
        if (im->initial >= 0 && im->vowel < 0) {
            set_state(im, im->initial, v, 0, -1);
        } else if (im->initial >= 0 && im->final) {
            int next = im->final_key;
            set_state(im, im->initial, im->vowel, 0, -1);
            commit(im);
            set_state(im, next, v, 0, -1);
        } else {
            commit(im);
            set_state(im, -1, v, 0, -1);
            commit(im);
        }
        return TRUE;
    }
    if (gdk_keyval_to_unicode(keyval) || keyval == GDK_KEY_Return || keyval == GDK_KEY_Tab) {
        commit(im); /* then the key acts: a space or a letter is inserted by GtkText */
        if (c && !mods && g_unichar_isprint(c)) {
            char buffer[8] = {0};
            g_unichar_to_utf8(c, buffer);
            g_signal_emit_by_name(im, "commit", buffer);
            return TRUE;
        }
    }
    return FALSE;
}

static void get_preedit_string(GtkIMContext *context, char **str, PangoAttrList **attrs, int *cursor_pos) {
    SbgTestIm *im = SBG_TEST_IM(context);
    char *text = composed(im);
    if (attrs) {
        *attrs = pango_attr_list_new();
        if (text[0]) {
            PangoAttribute *underline = pango_attr_underline_new(PANGO_UNDERLINE_SINGLE);
            underline->start_index = 0;
            underline->end_index = (guint)strlen(text);
            pango_attr_list_insert(*attrs, underline);
        }
    }
    if (cursor_pos) *cursor_pos = (int)g_utf8_strlen(text, -1);
    if (str) *str = text;
    else g_free(text);
}

static void reset(GtkIMContext *context) {
    SbgTestIm *im = SBG_TEST_IM(context);
    if (composing(im)) set_state(im, -1, -1, 0, -1);
}

static void focus_out(GtkIMContext *context) { commit(SBG_TEST_IM(context)); }

static void sbg_test_im_class_init(SbgTestImClass *klass) {
    GtkIMContextClass *im = GTK_IM_CONTEXT_CLASS(klass);
    im->filter_keypress = filter_keypress;
    im->get_preedit_string = get_preedit_string;
    im->reset = reset;
    im->focus_out = focus_out;
}

static void sbg_test_im_init(SbgTestIm *im) {
    im->initial = -1, im->vowel = -1, im->final = 0, im->final_key = -1;
}

void test_im_register(void) {
    if (g_strcmp0(g_getenv("SEARCHBAR_GTK_TEST_IM"), "1") != 0) return;
    g_io_extension_point_register(GTK_IM_MODULE_EXTENSION_POINT_NAME);
    g_io_extension_point_implement(GTK_IM_MODULE_EXTENSION_POINT_NAME, SBG_TYPE_TEST_IM, "searchbar-test-hangul", 0);
}
