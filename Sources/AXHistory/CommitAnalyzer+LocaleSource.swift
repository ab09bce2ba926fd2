import AXDiff
import AXGit
import AXSnapshot

extension CommitAnalyzer {
    /// The source-locale sibling of the translated snapshot at `path`, whose locale is `locale`,
    /// read from the same commit's tree (and, when this commit changed it,
    /// its parent's version too), or nil when it is not a translation or
    /// no readable source sits beside it. `changed` holds this commit's
    /// snapshot changes by path.
    ///
    /// A sibling that cannot be parsed counts as absent (its own change says
    /// why); an error reading the repository is thrown, so that the commit is
    /// analysed again rather than noted without the check.
    func localeSource(for path: String, locale: String?, commit: ObjectID, changed: [String: TreeChange],
                      config: RepositoryConfig) throws -> LocaleSource? {
        guard let locale else { return nil }
        let candidates = LocaleSiblings.sourcePaths(for: path, locale: locale, sourceLocale: config.policy.sourceLocale)
            .filter(config.isSnapshotPath)
        guard !candidates.isEmpty else { return nil }
        // Paths this commit did not change are looked up in its tree, all at once.
        let unchanged = candidates.filter { changed[$0] == nil }
        let ids = unchanged.isEmpty ? [] : try repository.blobIDs(at: unchanged, in: commit)
        let inTree = Dictionary(zip(unchanged, ids).compactMap { p, b in b.map { (p, $0) } }, uniquingKeysWith: { a, _ in a })
        func blobs(_ candidate: String) -> (old: ObjectID?, new: ObjectID?) {
            changed[candidate].map { ($0.oldBlob, $0.newBlob) } ?? (inTree[candidate], inTree[candidate])
        }
        guard let found = try LocaleSiblings.source(for: path, locale: locale, sourceLocale: config.policy.sourceLocale, read: { candidate in
            guard let blob = blobs(candidate).new else { return nil }
            return try peek(blob, path: candidate, config: config)
        }) else { return nil }
        let (oldBlob, newBlob) = blobs(found.path)
        // Unchanged by this commit: the old version is the same.
        let old = oldBlob == newBlob ? nil : try oldBlob.flatMap { try peek($0, path: found.path, config: config) }
        return LocaleSource(old: old, new: found.snapshot)
    }

    /// A sibling read without keeping it (see `snapshot`). Nil when the blob
    /// is not a readable snapshot.
    private func peek(_ blob: ObjectID, path: String, config: RepositoryConfig) throws -> Snapshot? {
        do { return try snapshot(blob, path: path, config: config) } catch is SnapshotError { return nil }
    }
}
