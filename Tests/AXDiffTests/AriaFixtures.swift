import AXDiff
import AXSnapshot

/// Playwright ARIA snapshots diffed as a web screen, for the rules whose
/// input is the web's structure (landmarks, lists, headings).
enum Aria {
    static func read(_ yaml: String) throws -> Snapshot {
        try SnapshotReader.read(Array(yaml.utf8), file: "e2e/home.aria.yml")
    }

    static func diff(_ old: String, _ new: String) throws -> ScreenDiff {
        ScreenDiffer.diff(old: try read(old), new: try read(new), path: "e2e/home.aria.yml")
    }
}
