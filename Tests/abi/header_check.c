/* Compiled with -std=c99 -Wall -Wextra -Wpedantic -Werror (and as C++17) by ctest. */
#include <searchbar.h>

#if SB_VERSION_NUMBER != SB_VERSION_MAJOR * 10000 + SB_VERSION_MINOR * 100 + SB_VERSION_PATCH
#error "version macros disagree"
#endif

int main(void) {
    sb_status status = SB_OK;
    return (int)status + (sb_version_number() == SB_VERSION_NUMBER ? 0 : 1);
}
