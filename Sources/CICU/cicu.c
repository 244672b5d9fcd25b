/* The shim is header-only (static inline wrappers); this file gives the C target a source. */
#include "cicu.h"
