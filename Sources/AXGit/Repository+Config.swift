import CLibgit2

extension Repository {
    /// A configuration value as git would see it (repository, global and system config); nil if unset.
    package func configValue(_ key: String) throws -> String? {
        try withConfigSnapshot { config in
            var value: UnsafePointer<CChar>?
            let code = git_config_get_string(&value, config, key)
            if code == GIT_ENOTFOUND.rawValue { return nil }
            try check(code, "git_config_get_string")
            return value.map { String(cString: $0) }
        }
    }

    /// An integer setting as git reads it (`k`, `m`, `g` suffixes); nil if unset.
    package func configInteger(_ key: String) throws -> Int64? {
        try withConfigSnapshot { config in
            var value: Int64 = 0
            let code = git_config_get_int64(&value, config, key)
            if code == GIT_ENOTFOUND.rawValue { return nil }
            try check(code, "git_config_get_int64")
            return value
        }
    }

    /// A boolean setting as git reads it (`true`/`yes`/`on`/`1`, …); nil if unset.
    package func configBool(_ key: String) throws -> Bool? {
        try withConfigSnapshot { config in
            var value: Int32 = 0
            let code = git_config_get_bool(&value, config, key)
            if code == GIT_ENOTFOUND.rawValue { return nil }
            try check(code, "git_config_get_bool")
            return value != 0
        }
    }

    private func withConfigSnapshot<T>(_ body: (OpaquePointer?) throws -> T) throws -> T {
        var config: OpaquePointer?
        try check(git_repository_config_snapshot(&config, handle), "git_repository_config_snapshot")
        defer { git_config_free(config) }
        return try body(config)
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
