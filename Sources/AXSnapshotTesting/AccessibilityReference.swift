import AXDiff
import AXReport
import AXSnapshot
import Foundation

/// A test's reference accessibility tree, kept as a file beside the test, in the shape of
/// swift-snapshot-testing's `Diffing`: the value written as canonical axsnapshot JSON
/// (`SnapshotJSONWriter`), read back with the axsnapshot reader, and compared with axdiff —
/// so a failure reads as axdiff's sentences ("\"Try again\" is now read before \"Payment
/// failed\""), not as a text or image diff, and a change axdiff does not report (a frame a
/// point lower) does not fail.
///
/// The reference of `matches: "Checkout"` in `Tests/AppUITests/CheckoutTests.swift` is
/// `Tests/AppUITests/__Snapshots__/CheckoutTests/Checkout.json`.
public struct AccessibilityReference: Sendable {
    /// The reference file.
    public var path: String
    /// The diff policy the comparison uses (severities, contracts, volatile labels).
    public var policy: DiffPolicy
    /// The lowest severity that fails: `.note` (the default) fails on every change axdiff
    /// reports, as a snapshot test fails on any difference; `.error` only on regressions.
    public var failOn: Severity

    /// `directory` nil: `__Snapshots__/<test file's name>` beside the test file.
    public init(named name: String, directory: String? = nil, file: StaticString = #filePath,
                policy: DiffPolicy = DiffPolicy(), failOn: Severity = .note) {
        let test = URL(fileURLWithPath: "\(file)")
        let folder = directory ?? test.deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__")
            .appendingPathComponent(test.deletingPathExtension().lastPathComponent).path
        path = folder + "/" + name + ".json"
        self.policy = policy
        self.failOn = failOn
    }

    /// Whether runs record instead of comparing: `AXDIFF_RECORD=1` in the environment.
    public static var recordsFromEnvironment: Bool {
        ProcessInfo.processInfo.environment["AXDIFF_RECORD"] == "1"
    }

    /// Compares `snapshot` with the reference; nil when it matches, else why the test fails.
    /// With `record`, or when there is no reference yet, writes the reference and fails, so
    /// that a recording is never mistaken for a passing test.
    public func verify(_ snapshot: Snapshot, record: Bool = false) -> String? {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        guard !name.isEmpty, !name.hasPrefix(".") else { return "\(path): a reference needs a name (matches: \"Checkout\")" }
        let json = SnapshotJSONWriter.json(snapshot)
        let exists = FileManager.default.fileExists(atPath: path)
        if record || !exists {
            do {
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(json.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                return "\(path): could not record the reference: \(error.localizedDescription)"
            }
            return exists
                ? "Recorded the reference \(path) (record mode). Turn record mode off and run the test again to compare against it."
                : "No reference was found; recorded \(path). Run the test again to compare against it."
        }
        let reference: Snapshot, current: Snapshot
        do {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            reference = try SnapshotReader.read(bytes, file: path)
        } catch {
            return "\(path): the reference cannot be read: \(error)"
        }
        do {
            // The snapshot as its reference file would hold it, so that both sides went
            // through the same writer and reader.
            current = try SnapshotReader.read(Array(json.utf8), file: path)
        } catch {
            return "\(path): the snapshot does not read back from axsnapshot JSON: \(error)"
        }
        var diff = ScreenDiffer.diff(old: reference, new: current, path: name + ".json", policy: policy)
        diff.changes = diff.changes.filter { $0.severity != .off && $0.severity >= failOn }
        guard !diff.changes.isEmpty else { return nil }
        let report = DiffReport(screens: [diff], snapshotsCompared: 1)
        return "The accessibility of \"\(name)\" no longer matches its reference \(path):\n"
            + Report.text.render(report, ReportContext())
            + "If the change is intended, record the reference again (record: true, or AXDIFF_RECORD=1)."
    }
}
