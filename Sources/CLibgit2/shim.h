#include <git2.h>
#include <git2/sys/odb_backend.h>
/* libdeflate compresses the objects of the packs axdiff writes (and computes their CRC-32). */
#include <libdeflate.h>

/* git_libgit2_opts is variadic, which Swift cannot call: one wrapper per option used. */
static inline int axdiff_git_set_strict_hash_verification(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, enabled);
}

static inline int axdiff_git_set_caching(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_CACHING, enabled);
}

static inline int axdiff_git_set_mwindow(size_t window_size, size_t mapped_limit) {
    int error = git_libgit2_opts(GIT_OPT_SET_MWINDOW_SIZE, window_size);
    return error ? error : git_libgit2_opts(GIT_OPT_SET_MWINDOW_MAPPED_LIMIT, mapped_limit);
}


/* SHA-1 of a pack's bytes, for the checksum that ends it: OpenSSL's (libgit2 links libcrypto already). */
#include <openssl/evp.h>
static inline int axdiff_sha1(const void *data, size_t count, unsigned char out[20]) {
    unsigned int length = 0;
    return EVP_Digest(data, count, out, &length, EVP_sha1(), NULL) == 1 && length == 20 ? 0 : -1;
}
