/* jemalloc's options for the `axdiff` executable, read by jemalloc when it initialises
   (malloc_conf.c says which and why; Sources/axdiff/JemallocTuning.swift changes them later).
   Nothing here to call: the target holds the one global jemalloc looks for. */
