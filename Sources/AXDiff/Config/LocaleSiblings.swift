import AXSnapshot

/// Where the source-locale snapshot of a translated screen sits: snapshots of
/// one screen in several locales side by side, the locale as a directory
/// (`Snapshots/es/SignIn.json` beside `Snapshots/en/SignIn.json`, also
/// `es.lproj/`) or before the extension (`SignIn.es.json`).
package enum LocaleSiblings {
    /// Whether `locale` is in the source locale's language (`en-US` and
    /// `en_GB` are `en`), so that its snapshot is not a translation.
    package static func isSource(_ locale: String, sourceLocale: String) -> Bool {
        language(locale) == language(sourceLocale)
    }

    /// The paths where the source-locale sibling of the snapshot at `path`,
    /// whose locale is `locale`, may be: each place the path names the
    /// locale, with the source locale there instead. Empty when the path
    /// names no locale, or `locale` is the source's.
    ///
    /// - Complexity: O(p) in the length of the path.
    package static func sourcePaths(for path: String, locale: String, sourceLocale: String) -> [String] {
        guard !language(locale).isEmpty, !isSource(locale, sourceLocale: sourceLocale) else { return [] }
        let names = Set([canonical(locale), language(locale)])
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let file = segments.popLast() else { return [] }
        var result: [String] = []
        for (i, segment) in segments.enumerated() {
            let suffix = segment.lowercased().hasSuffix(".lproj") ? String(segment.suffix(6)) : ""
            guard names.contains(canonical(String(segment.dropLast(suffix.count)))) else { continue }
            var copy = segments
            copy[i] = sourceLocale + suffix
            result.append((copy + [file]).joined(separator: "/"))
        }
        // `SignIn.es.json`: the part before the last extension.
        var parts = file.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.count >= 3, names.contains(canonical(parts[parts.count - 2])) {
            parts[parts.count - 2] = sourceLocale
            result.append((segments + [parts.joined(separator: ".")]).joined(separator: "/"))
        }
        return result
    }

    /// The source-locale sibling of the snapshot at `path`, whose locale is
    /// `locale` (`Snapshot.locale`, or `SnapshotFacts.locale` of a prepared
    /// version): the first of `sourcePaths` that `read` finds (nil: no
    /// snapshot there) whose locale, if it says one, is the source locale.
    /// Nil when `locale` is nil or not a translation's.
    package static func source(for path: String, locale: String?, sourceLocale: String,
                              read: (String) throws -> Snapshot?) rethrows -> (path: String, snapshot: Snapshot)? {
        guard let locale else { return nil }
        for candidate in sourcePaths(for: path, locale: locale, sourceLocale: sourceLocale) {
            guard let found = try read(candidate) else { continue }
            if let theirs = found.locale, !isSource(theirs, sourceLocale: sourceLocale) { continue }
            return (candidate, found)
        }
        return nil
    }

    /// Lower case, `_` as `-`: `es_MX` and `es-mx` are one locale.
    static func canonical(_ locale: String) -> String {
        String(locale.lowercased().map { $0 == "_" ? "-" : $0 })
    }

    static func language(_ locale: String) -> String {
        String(canonical(locale).split(separator: "-", maxSplits: 1).first ?? "")
    }
}
