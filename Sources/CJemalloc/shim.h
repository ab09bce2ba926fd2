/* jemalloc, the allocator of the `axdiff` executable (see README, Performance): `mallctl`
   tunes it and hands its freed pages back (Sources/axdiff/JemallocTuning.swift). */
#include <jemalloc/jemalloc.h>
