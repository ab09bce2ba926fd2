import AXDiff
import AXGit
import AXSnapshot

extension CommitAnalyzer {
    /// At most this many (removed, added) pairs of snapshot files are read and
    /// matched per commit to find renames: a commit that replaces a whole
    /// folder of screens costs a bounded number of diffs, not their product.
    static let maxRenameCandidates = 64

    /// `changed` with each snapshot file that moved — one removed and one
    /// added, of the same format, whose stops mostly match
    /// (`ScreenDiffer.sameScreenShare`) — made one change at the new path
    /// whose old blob is the removed file's; and, per new path, where it
    /// came from. Removed and added files are tried in path order, each
    /// added file against the removed ones with its extension, the best
    /// share winning; a snapshot that does not parse is not a rename. A blob that cannot be
    /// read is the commit's error, as in `analyze`: thrown, never taken for "not renamed".
    ///
    /// - Complexity: at most `maxRenameCandidates` matchings of two versions, O(n log n) each.
    func pairingRenames(_ changed: [TreeChange], config: RepositoryConfig) throws -> (changes: [TreeChange], renamedFrom: [String: String]) {
        let removed = changed.filter { $0.status == .deleted && $0.oldBlob != nil }
        let added = changed.filter { $0.status == .added && $0.newBlob != nil }
        guard !removed.isEmpty, !added.isEmpty else { return (changed, [:]) }
        func version(_ blob: ObjectID, _ path: String) throws -> PreparedVersion? {
            do {
                return try prepared(blob, path: path, config: config)
            } catch is SnapshotError {
                return nil
            }
        }
        var budget = Self.maxRenameCandidates
        var oldVersions: [String: PreparedVersion?] = [:]
        var taken = Set<String>()
        var renamedFrom: [String: String] = [:]
        for new in added.sorted(by: { $0.path < $1.path }) {
            guard budget > 0, let newBlob = new.newBlob else { break }
            let candidates = removed.filter { !taken.contains($0.path) && Self.fileExtension($0.path) == Self.fileExtension(new.path) }
            guard !candidates.isEmpty, let newVersion = try version(newBlob, new.path) else { continue }
            var best: (path: String, share: Double)?
            for old in candidates.sorted(by: { $0.path < $1.path }) {
                guard budget > 0, let oldBlob = old.oldBlob else { break }
                budget -= 1
                if oldVersions[old.path] == nil { oldVersions[old.path] = .some(try version(oldBlob, old.path)) }
                guard let oldVersion = oldVersions[old.path] ?? nil else { continue }
                let share = ScreenDiffer.sameScreenShare(old: oldVersion, new: newVersion)
                if share >= ScreenDiffer.renameThreshold, share > (best?.share ?? 0) { best = (old.path, share) }
            }
            if let best {
                taken.insert(best.path)
                renamedFrom[new.path] = best.path
            }
        }
        guard !renamedFrom.isEmpty else { return (changed, [:]) }
        let oldBlobs = Dictionary(removed.map { ($0.path, $0.oldBlob) }, uniquingKeysWith: { a, _ in a })
        var result: [TreeChange] = []
        for change in changed where !taken.contains(change.path) || change.status != .deleted {
            if change.status == .added, let from = renamedFrom[change.path], let oldBlob = oldBlobs[from] ?? nil {
                result.append(TreeChange(path: change.path, status: .modified, oldBlob: oldBlob, newBlob: change.newBlob))
            } else {
                result.append(change)
            }
        }
        return (result, renamedFrom)
    }

    /// What follows the last dot of the file name, with the dot; "" without one.
    static func fileExtension(_ path: String) -> Substring {
        let name = path.split(separator: "/").last ?? Substring(path)
        guard let dot = name.lastIndex(of: ".") else { return "" }
        return name[dot...]
    }
}
