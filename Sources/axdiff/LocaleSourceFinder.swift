import AXDiff
import AXHistory
import AXSnapshot

/// Finds the source-locale sibling of a translated snapshot among the files
/// a command compares (`Snapshots/es/SignIn.json` → `Snapshots/en/SignIn.json`),
/// reading each source once.
final class LocaleSourceFinder {
    let sourceLocale: String
    let maxBytes: Int
    let maxElements: Int
    /// The paths that may be read, by the name `LocaleSiblings` gives them,
    /// mapped to the file to read.
    private let files: [String: String]
    private var read: [String: Snapshot?] = [:]

    init(config: RepositoryConfig, files: [String: String]) {
        sourceLocale = config.policy.sourceLocale
        maxBytes = config.maxSnapshotBytes
        maxElements = config.maxSnapshotElements
        self.files = files
    }

    /// The source-locale snapshot beside the snapshot at `path`, whose
    /// locale is `locale` (`SnapshotFacts.locale`), or nil when it is not a
    /// translation or none sits beside it. A sibling that cannot be read is
    /// left out here; its own comparison reports it.
    func source(for path: String, locale: String?) -> Snapshot? {
        LocaleSiblings.source(for: path, locale: locale, sourceLocale: sourceLocale) { candidate in files[candidate].flatMap(load) }?.snapshot
    }

    private func load(_ file: String) -> Snapshot? {
        if let kept = read[file] { return kept }
        let snapshot = try? SnapshotFiles.read(file, maxBytes: maxBytes, maxElements: maxElements)
        read[file] = snapshot
        return snapshot
    }
}
