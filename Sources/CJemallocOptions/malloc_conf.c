#include "CJemallocOptions.h"
/* `je_malloc_conf` below is then the name jemalloc was built with: `malloc_conf` without a
   prefix (Debian), `je_malloc_conf` with one (jemalloc.h, "stable alternative names"). */
#define JEMALLOC_NO_DEMANGLE
#include <jemalloc/jemalloc.h>

/* jemalloc reads this string once, when it initialises, before it makes its first arena (the
   documented `malloc_conf` global of jemalloc(3)), so every arena starts with these options and
   nothing has to set them arena by arena at start.

   dirty_decay_ms:1000 keeps freed pages for reuse for a second instead of returning them on
   jemalloc's timer (a little every few milliseconds, and allocations of 8 MB or more at once): a
   screen of 100,000 stops needs some 50 MB. Not for ever: kept pages are not all reused, and a
   40,000-commit backfill that never returned any grew to 280 MB resident for 70 MB in use.
   muzzy_decay_ms:0 returns a page past its second at once (MADV_DONTNEED) instead of first
   marking it free (MADV_FREE, a "muzzy" page), which the kernel still counts as resident until it
   needs the memory. */
const char *je_malloc_conf = "dirty_decay_ms:1000,muzzy_decay_ms:0";
