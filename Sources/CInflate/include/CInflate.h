#ifndef AXDIFF_CINFLATE_H
#define AXDIFF_CINFLATE_H

#include <stdint.h>

/* The calls of `inflate` on this thread answered whole by libdeflate, and those handed to
   zlib, since the thread started: what the tests check to know that the `inflate` libgit2
   calls is this one. */
uint64_t axdiff_inflate_whole_count(void);
uint64_t axdiff_inflate_zlib_count(void);

#endif
