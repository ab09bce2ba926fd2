/* jemalloc, the allocator of every process that links AXTracker (see README, Performance):
   `mallctl` tunes it and hands its freed pages back. */
#include <jemalloc/jemalloc.h>
