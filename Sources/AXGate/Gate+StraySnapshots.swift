import AXDiff
import AXGit
import AXSnapshot
import AXHistory

extension Gate {
    /// How many changed files outside the snapshot globs the gate reads to see
    /// whether they are snapshots: the rest are only counted, so a branch that
    /// commits thousands of JSON files costs a bounded number of reads.
    static let strayLookLimit = 50

    /// One remark about the changed files of a snapshot extension that no glob
    /// of `snapshots` takes but that read as snapshots (`a11y/Card.json`), or nil.
    /// Without it a regression in such a file passes as "no snapshot changed".
    ///
    /// - Complexity: a tree diff over the subtrees that differ, and at most
    ///   `strayLookLimit` blob reads of at most 1 MiB each.
    func straySnapshotsRemark(from old: ObjectID?, to new: ObjectID, config: RepositoryConfig) throws -> String? {
        let candidates = try repository.changes(from: old, to: new, matching: RepositoryConfig.snapshotLikeFiles)
            .filter { $0.newBlob != nil && !config.isSnapshotPath($0.path) && !config.ignores(screen: "", path: $0.path) }
        var stray: [String] = []
        for change in candidates.prefix(Self.strayLookLimit) {
            guard let blob = change.newBlob else { continue }
            // Too large to be a snapshot is an answer; a blob the repository cannot give is not.
            let bytes: [UInt8]
            do {
                bytes = try repository.blob(blob, maxBytes: min(config.maxSnapshotBytes, 1 << 20))
            } catch let e as GitError where e.code == .tooLarge {
                continue
            }
            guard (try? SnapshotReader.read(bytes, file: change.path)) != nil else { continue }
            stray.append(change.path)
        }
        guard let first = stray.first else { return nil }
        let hint = "add e.g. \"\(Self.globSuggestion(for: first))\" to \"snapshots\" in .axdiff.json"
        if stray.count == 1 {
            return "\(first.oneLineForTerminal) reads as a snapshot, but no glob of \"snapshots\" takes it: it was not checked (\(hint))"
        }
        let named = stray.prefix(3).map(\.oneLineForTerminal).joined(separator: ", ") + (stray.count > 3 ? ", …" : "")
        let looked = candidates.count > Self.strayLookLimit ? " of the first \(Self.strayLookLimit) looked at" : ""
        return "\(stray.count) changed files\(looked) read as snapshots, but no glob of \"snapshots\" takes them: "
            + "they were not checked (\(named); \(hint))"
    }

    /// `a11y/**/*.json` for `a11y/Card.json`; `**/*.json` for a file at the root.
    static func globSuggestion(for path: String) -> String {
        let parts = path.split(separator: "/")
        let ext = path.split(separator: ".").last.map(String.init) ?? "json"
        return parts.count > 1 ? "\(parts[0])/**/*.\(ext)" : "**/*.\(ext)"
    }
}
