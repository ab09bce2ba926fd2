/*
 * zlib's `inflate`, as libgit2 calls it, defined in the axdiff binary: a dynamic library's
 * reference to a symbol the executable defines binds to the executable's definition, so
 * libgit2's object reads come here first.
 *
 * Why: libgit2 reads each packed object by giving `inflate` the whole compressed stream
 * (the rest of a pack window) and a buffer of the object's size, with Z_FINISH. libdeflate
 * decodes such a stream at once in about half zlib's time, and without zlib's per-stream
 * state and 32 KB window (BENCHMARKS.md, "Inflating with libdeflate"). zlib's `inflate`
 * keeps every other case:
 * - a stream already under way (anything read or written), so a stream zlib began is
 *   always finished by zlib;
 * - a stream libdeflate cannot finish in the buffers given: the stream goes on past them
 *   (an object across two pack windows), the output does not fit (libgit2 reading a loose
 *   object's header), or the data is not a valid zlib stream. The stream is then untouched,
 *   and zlib decodes it from its start, with its own results and errors.
 * The caller sees what zlib would give it: the same bytes out, the input consumed up to the
 * stream's end, the totals and the checksum (`adler`) set, and Z_STREAM_END.
 *
 * libgit2 reads zlib streams only, with Z_FINISH or Z_NO_FLUSH. Another caller's gzip stream
 * fails libdeflate's check of the zlib header and goes to zlib. A raw deflate stream (no
 * caller in the process reads one) could pass that 2-byte check by chance; it would then
 * also need to end in a matching Adler-32.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <libdeflate.h>
#include <pthread.h>
#include <stddef.h>
#include <zlib.h>

#include "CInflate.h"

typedef int (*inflate_function)(z_streamp, int);

static inflate_function zlib_inflate;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_key_t decompressor_key;
static _Thread_local uint64_t whole_count;
static _Thread_local uint64_t zlib_count;

static void free_decompressor(void *decompressor) {
    libdeflate_free_decompressor(decompressor);
}

static void set_up(void) {
    zlib_inflate = (inflate_function)dlsym(RTLD_NEXT, "inflate");
    if (pthread_key_create(&decompressor_key, free_decompressor) != 0) decompressor_key = (pthread_key_t)-1;
}

/* This thread's decompressor (libdeflate's are not shared between threads), made once. */
static struct libdeflate_decompressor *decompressor(void) {
    if (decompressor_key == (pthread_key_t)-1) return NULL;
    struct libdeflate_decompressor *d = pthread_getspecific(decompressor_key);
    if (d == NULL) {
        d = libdeflate_alloc_decompressor();
        if (d != NULL && pthread_setspecific(decompressor_key, d) != 0) {
            libdeflate_free_decompressor(d);
            d = NULL;
        }
    }
    return d;
}

/* Decodes the whole stream at `strm->next_in` into `strm->next_out`, or leaves `strm` as it
   was and returns 0. */
static int inflate_whole(z_streamp strm) {
    if (strm->total_in != 0 || strm->total_out != 0 || strm->next_in == NULL || strm->next_out == NULL
        || strm->avail_in < 6)   /* a zlib stream's header and checksum alone are 6 bytes */
        return 0;
    struct libdeflate_decompressor *d = decompressor();
    if (d == NULL) return 0;
    size_t consumed = 0, produced = 0;
    if (libdeflate_zlib_decompress_ex(d, strm->next_in, strm->avail_in, strm->next_out, strm->avail_out,
                                      &consumed, &produced) != LIBDEFLATE_SUCCESS)
        return 0;
    /* The stream ends with its Adler-32, big-endian, which libdeflate has checked. */
    const unsigned char *end = strm->next_in + consumed;
    strm->adler = ((uLong)end[-4] << 24) | ((uLong)end[-3] << 16) | ((uLong)end[-2] << 8) | (uLong)end[-1];
    strm->next_in += consumed;
    strm->avail_in -= (uInt)consumed;
    strm->total_in += consumed;
    strm->next_out += produced;
    strm->avail_out -= (uInt)produced;
    strm->total_out += produced;
    strm->msg = NULL;
    return 1;
}

int inflate(z_streamp strm, int flush) {
    pthread_once(&once, set_up);
    if (strm != NULL && inflate_whole(strm)) {
        whole_count += 1;
        return Z_STREAM_END;
    }
    zlib_count += 1;
    return zlib_inflate != NULL ? zlib_inflate(strm, flush) : Z_STREAM_ERROR;
}

uint64_t axdiff_inflate_whole_count(void) { return whole_count; }
uint64_t axdiff_inflate_zlib_count(void) { return zlib_count; }
