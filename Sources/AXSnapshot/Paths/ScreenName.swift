/// A screen's name from its snapshot's path (DESIGN §2): the file's base name
/// without its extensions (`Snapshots/Checkout.aria.yml` → `Checkout`), or,
/// when that name says nothing of the screen (`aria.yml`, `snapshot.yml`,
/// `index.json`, `window_dump.xml`), the nearest meaningful directory:
/// `e2e/acceptance/404.spec.ts-snapshots/aria.yml` → `404`. A generic name
/// with a suffix (`aria-detail.yml`) keeps the suffix after its directory's
/// name (`categories-detail`), so two snapshots of one test stay apart.
enum ScreenName {
    /// `stem` (the file's base name without extensions) made meaningful with `path`'s directories.
    ///
    /// - Complexity: O(p) in the length of the path.
    static func name(stem: String, path: String) -> String {
        let lower = stem.lowercased()
        let suffix: Substring
        if genericStems.contains(lower) {
            suffix = ""
        } else if let dash = lower.firstIndex(of: "-"), genericStems.contains(String(lower[..<dash])) {
            suffix = stem[stem.index(after: stem.firstIndex(of: "-") ?? stem.startIndex)...]
            guard !suffix.isEmpty else { return stem }
        } else {
            return stem
        }
        let directories = path.split(separator: "/").dropLast()
        // A suffixed name takes only its own directory; a bare one the nearest meaningful.
        let candidates = suffix.isEmpty ? Array(directories.reversed()) : Array(directories.suffix(1))
        for directory in candidates {
            let name = directory.split(separator: ".", omittingEmptySubsequences: true).first.map(String.init) ?? ""
            guard !name.isEmpty, !genericDirectories.contains(name.lowercased()), PathLocale.locale(segment: directory) == nil else { continue }
            return suffix.isEmpty ? name : name + "-" + suffix
        }
        return stem
    }

    /// File names that name no screen: the tools' default file names.
    static let genericStems: Set<String> = [
        "aria", "snapshot", "snapshots", "index", "page", "default", "dump", "window_dump", "hierarchy",
        "tree", "accessibility", "a11y", "ax", "axsnapshot", "ui", "view", "debugdescription",
    ]

    /// Directories that hold snapshots without naming a screen.
    static let genericDirectories: Set<String> = [
        "__snapshots__", "__snapshot__", "snapshots", "snapshot", "aria", "screens", "screenshots", "e2e", "tests", "test",
        "__tests__", "spec", "specs", "playwright", "fixtures", "acceptance", "src", "ios", "android", "web", "ui",
        "accessibility", "a11y", "axsnapshots", "dumps", "base", "routes",
    ]
}
