/* quickstart: fold multilingual titles into match keys and sort them the way a locale does,
 * through searchbar's C interface. Build: gcc quickstart.c $(pkg-config --cflags --libs searchbar) */
#include <searchbar.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    const char *titles[] = {"Örebro", "Zürich", "Straße", "Ærø", "東京", "file10", "file2", "İstanbul"};
    size_t count = sizeof titles / sizeof titles[0], order[8];
    sb_collator *collator = NULL;

    printf("searchbar %s\n", sb_version_string());
    for (size_t i = 0; i < count; i++) {
        char *key = NULL;
        if (sb_fold(NULL, titles[i], strlen(titles[i]), &key, NULL) != SB_OK) {
            fprintf(stderr, "fold failed: %s\n", sb_last_error());
            return 1;
        }
        printf("%-12s -> %s\n", titles[i], key);
        sb_free(key);
    }
    if (sb_collator_new("sv", &collator) != SB_OK ||
        sb_collator_sort(collator, titles, NULL, count, order) != SB_OK) {
        fprintf(stderr, "sort failed: %s\n", sb_last_error());
        return 1;
    }
    printf("sorted for sv:");
    for (size_t i = 0; i < count; i++) printf(" %s", titles[order[i]]);
    printf("\n");
    sb_collator_free(collator);
    return 0;
}
