import CLibgit2

extension Repository {
    /// Writes `objects/pack/multi-pack-index` over every pack of the object database, taking
    /// git's lock (`multi-pack-index.lock`) as `git multi-pack-index write` does.
    func writeMultiPackIndex() throws {
        let odb = try objectDatabase()
        defer { git_odb_free(odb) }
        try check(git_odb_write_multi_pack_index(odb), "git_odb_write_multi_pack_index")
        try check(git_odb_refresh(odb), "git_odb_refresh")
    }
}
