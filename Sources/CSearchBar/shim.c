/* CSearchBar holds only types; this file gives the C target a source. */
#include "searchbar_types.h"
