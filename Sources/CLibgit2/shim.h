#include <git2.h>
#include <git2/sys/odb_backend.h>
/* libdeflate compresses the objects of the packs axdiff writes and inflates those it reads itself. */
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

