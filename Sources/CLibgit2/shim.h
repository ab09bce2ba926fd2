#include <git2.h>
#include <git2/sys/odb_backend.h>
/* zlib compresses the objects of the packs axdiff writes (libgit2 links it already). */
#include <zlib.h>
/* libdeflate inflates the objects that axdiff reads from packs itself. */
#include <libdeflate.h>

/* git_libgit2_opts is variadic, which Swift cannot call: one wrapper per option used. */
static inline int axdiff_git_set_strict_hash_verification(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, enabled);
}

static inline int axdiff_git_set_cache_max_size(ssize_t bytes) {
    return git_libgit2_opts(GIT_OPT_SET_CACHE_MAX_SIZE, bytes);
}

static inline int axdiff_git_set_mwindow(size_t window_size, size_t mapped_limit) {
    int error = git_libgit2_opts(GIT_OPT_SET_MWINDOW_SIZE, window_size);
    return error ? error : git_libgit2_opts(GIT_OPT_SET_MWINDOW_MAPPED_LIMIT, mapped_limit);
}

/* deflateInit2 is a macro, which Swift cannot call. */
static inline int axdiff_deflate_init(z_stream *stream, int level, int memLevel) {
    return deflateInit2(stream, level, Z_DEFLATED, 15, memLevel, Z_DEFAULT_STRATEGY);
}
