import CLibgit2

extension Repository {
    /// A configuration value as git would see it (repository, global and system config); nil if unset.
    package func configValue(_ key: String) throws -> String? {
        var config: OpaquePointer?
        try check(git_repository_config_snapshot(&config, handle), "git_repository_config_snapshot")
        defer { git_config_free(config) }
        var value: UnsafePointer<CChar>?
        let code = git_config_get_string(&value, config, key)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "git_config_get_string")
        return value.map { String(cString: $0) }
    }

    /// Runs `body` with the signature for commits axdiff makes: `user.name`/`user.email`
    /// from the configuration when set, else "axdiff <axdiff@localhost>", dated now.
    func withSignature<T>(_ body: (UnsafeMutablePointer<git_signature>) throws -> T) throws -> T {
        var signature: UnsafeMutablePointer<git_signature>?
        if git_signature_default(&signature, handle) < 0 {
            try check(git_signature_now(&signature, "axdiff", "axdiff@localhost"), "git_signature_now")
        }
        defer { git_signature_free(signature) }
        return try body(signature!)
    }
}
