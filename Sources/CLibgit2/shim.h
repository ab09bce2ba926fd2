#include <git2.h>
#include <git2/sys/odb_backend.h>
/* libdeflate compresses the objects of the packs axdiff writes and inflates those it reads itself. */
#include <libdeflate.h>

/* git_libgit2_opts is variadic, which Swift cannot call: one wrapper per option used. */
static inline int axdiff_git_set_strict_hash_verification(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, enabled);
}

static inline int axdiff_git_set_fsync_gitdir(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR, enabled);
}

static inline int axdiff_git_set_cache_max_size(ssize_t bytes) {
    return git_libgit2_opts(GIT_OPT_SET_CACHE_MAX_SIZE, bytes);
}

static inline int axdiff_git_set_mwindow(size_t window_size, size_t mapped_limit) {
    int error = git_libgit2_opts(GIT_OPT_SET_MWINDOW_SIZE, window_size);
    return error ? error : git_libgit2_opts(GIT_OPT_SET_MWINDOW_MAPPED_LIMIT, mapped_limit);
}


/* SHA-1 with the x86 SHA extensions, for the packs axdiff writes (SHA1.swift falls back to
 * its own rounds elsewhere). Message words sit in the lanes of four registers, W[t] for the
 * highest lane first; each group of four rounds takes the next four words, the schedule
 * W[g] = msg2(msg1(W[g-4], W[g-3]) ^ W[g-2], W[g-1]) kept in a ring of four. */
#include <stddef.h>
#include <stdint.h>
#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

static inline int axdiff_sha1_hardware(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 9)) || !(c & (1u << 19))) return 0;  /* SSSE3, SSE4.1 */
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (int)((b >> 29) & 1);                                                           /* SHA */
}

#define AXDIFF_SHA1_GROUP(g, f)                                                                   \
    do {                                                                                          \
        if ((g) >= 4) {                                                                           \
            w[(g) & 3] = _mm_sha1msg2_epu32(                                                      \
                _mm_xor_si128(_mm_sha1msg1_epu32(w[(g) & 3], w[((g) + 1) & 3]), w[((g) + 2) & 3]), \
                w[((g) + 3) & 3]);                                                                \
        }                                                                                         \
        e = _mm_sha1nexte_epu32(next, w[(g) & 3]);                                                \
        next = abcd;                                                                              \
        abcd = _mm_sha1rnds4_epu32(abcd, e, f);                                                   \
    } while (0)

__attribute__((target("sha,sse4.1,ssse3")))
static inline void axdiff_sha1_blocks(uint32_t state[5], const uint8_t *data, size_t blocks) {
    const __m128i mask = _mm_set_epi64x(0x0001020304050607ULL, 0x08090a0b0c0d0e0fULL);
    __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)state), 0x1B);
    __m128i e0 = _mm_set_epi32((int)state[4], 0, 0, 0);
    while (blocks--) {
        const __m128i abcd_save = abcd, e_save = e0;
        __m128i w[4], e, next;
        for (int i = 0; i < 4; i++) w[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * i)), mask);
        e = _mm_add_epi32(e0, w[0]);
        next = abcd;
        abcd = _mm_sha1rnds4_epu32(abcd, e, 0);
        AXDIFF_SHA1_GROUP(1, 0);  AXDIFF_SHA1_GROUP(2, 0);  AXDIFF_SHA1_GROUP(3, 0);  AXDIFF_SHA1_GROUP(4, 0);
        AXDIFF_SHA1_GROUP(5, 1);  AXDIFF_SHA1_GROUP(6, 1);  AXDIFF_SHA1_GROUP(7, 1);  AXDIFF_SHA1_GROUP(8, 1);
        AXDIFF_SHA1_GROUP(9, 1);  AXDIFF_SHA1_GROUP(10, 2); AXDIFF_SHA1_GROUP(11, 2); AXDIFF_SHA1_GROUP(12, 2);
        AXDIFF_SHA1_GROUP(13, 2); AXDIFF_SHA1_GROUP(14, 2); AXDIFF_SHA1_GROUP(15, 3); AXDIFF_SHA1_GROUP(16, 3);
        AXDIFF_SHA1_GROUP(17, 3); AXDIFF_SHA1_GROUP(18, 3); AXDIFF_SHA1_GROUP(19, 3);
        /* e after 80 rounds is a rotated a of four rounds before; then the block's sums. */
        e0 = _mm_sha1nexte_epu32(next, e_save);
        abcd = _mm_add_epi32(abcd, abcd_save);
        data += 64;
    }
    _mm_storeu_si128((__m128i *)state, _mm_shuffle_epi32(abcd, 0x1B));
    state[4] = (uint32_t)_mm_extract_epi32(e0, 3);
}
#undef AXDIFF_SHA1_GROUP
#else
static inline int axdiff_sha1_hardware(void) { return 0; }
static inline void axdiff_sha1_blocks(uint32_t state[5], const uint8_t *data, size_t blocks) {
    (void)state; (void)data; (void)blocks;
}
#endif
