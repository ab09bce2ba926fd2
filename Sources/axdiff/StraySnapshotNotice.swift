import AXDiff
import AXGit
import AXSnapshot
import AXHistory

/// The one line `backfill`, `log` and `watch` print when files of a snapshot
/// extension read as snapshots but no glob of `snapshots` takes them under the
/// configuration of the commits they cover — as `check` names them — so that
/// "no snapshot changed" on those commits is not read as "nothing to check".
///
/// A history has a handful of configurations, so the commits are grouped by the
/// blobs of their configuration files and one commit of each group is looked
/// at: its tree's files of a snapshot extension that the group's globs do not
/// take, at most `readLimit` of them read to see that they are snapshots.
enum StraySnapshotNotice {
    static let readLimit = 50
    /// Configurations looked at per run; more are left unexamined.
    static let configurationLimit = 8

    /// - Complexity: two tree lookups per commit, one tree listing per
    ///   configuration (at most `configurationLimit`), and at most `readLimit`
    ///   blob reads of at most 1 MiB.
    ///
    /// Never fails the run it is part of: a commit whose tree cannot be read
    /// (a damaged repository, which the run itself reports) is passed over.
    static func line(_ repository: Repository, commits: [ObjectID], override: RepositoryConfig?) -> String? {
        guard override == nil else { return lineUnder(override, repository, representatives: Array(commits.prefix(1))) }
        var seen = Set<[ObjectID?]>()
        var representatives: [ObjectID] = []
        for commit in commits {
            guard let key = try? repository.blobIDs(at: ConfigAtCommit.paths, in: commit) else { continue }
            if seen.insert(key).inserted { representatives.append(commit) }
            if representatives.count == configurationLimit { break }
        }
        return lineUnder(nil, repository, representatives: representatives)
    }

    private static func lineUnder(_ override: RepositoryConfig?, _ repository: Repository, representatives: [ObjectID]) -> String? {
        var stray: [String] = []
        var reads = 0
        var affected = 0
        for commit in representatives {
            guard let (config, _) = try? ConfigAtCommit.load(repository, commit: commit, override: override),
                  let files = try? repository.files(in: commit, matching: RepositoryConfig.snapshotLikeFiles) else { continue }
            var found = false
            for file in files where !config.isSnapshotPath(file.path) && !config.ignores(screen: "", path: file.path) {
                if stray.contains(file.path) { found = true; continue }
                guard reads < readLimit else { break }
                reads += 1
                guard let bytes = try? repository.blob(file.blob, maxBytes: min(config.maxSnapshotBytes, 1 << 20)),
                      (try? SnapshotReader.read(bytes, file: file.path)) != nil else { continue }
                stray.append(file.path)
                found = true
            }
            if found { affected += 1 }
        }
        guard let first = stray.first else { return nil }
        let named = stray.prefix(3).map(\.oneLineForTerminal).joined(separator: ", ") + (stray.count > 3 ? ", …" : "")
        let parts = first.split(separator: "/")
        let ext = first.split(separator: ".").last.map(String.init) ?? "json"
        let glob = parts.count > 1 ? "\(parts[0])/**/*.\(ext)" : "**/*.\(ext)"
        let commits = affected == representatives.count ? "these commits" : "some of these commits"
        let hint = "add e.g. \"\(glob)\" to \"snapshots\" in .axdiff.json"
        if stray.count == 1 {
            return "\(named) reads as a snapshot, but no glob of \"snapshots\" takes it at \(commits): it was not checked there (\(hint))"
        }
        return "\(stray.count) files read as snapshots, but no glob of \"snapshots\" takes them at \(commits): "
            + "they were not checked there (\(named); \(hint))"
    }
}

private extension String {
    /// On one line, without control characters.
    var oneLineForTerminal: String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }
}
