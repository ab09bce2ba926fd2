import AXDiff
@testable import AXReport
import AXSnapshot
import AXTestSupport
import Foundation
import XCTest

/// The line diff SARIF places results with, against git's own.
final class LineDiffTests: XCTestCase {
    /// `git diff --no-index -U0 old new`: the new file's added lines (1-based).
    private func gitAdded(_ old: String, _ new: String) throws -> Set<Int> {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("axreport-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (a, b) = (directory.appendingPathComponent("old"), directory.appendingPathComponent("new"))
        try Data(old.utf8).write(to: a)
        try Data(new.utf8).write(to: b)
        let run = try ExternalTools.run(["git", "diff", "--no-index", "--no-color", "-U0", a.path, b.path])
        XCTAssertTrue(run.status == 0 || run.status == 1, run.stderr)
        var added = Set<Int>()
        for line in run.stdout.split(separator: "\n") where line.hasPrefix("@@") {
            guard let new = line.split(separator: " ").first(where: { $0.hasPrefix("+") })?.dropFirst() else { continue }
            let parts = new.split(separator: ",").compactMap { Int($0) }
            guard let start = parts.first else { continue }
            added.formUnion(start..<(start + (parts.count > 1 ? parts[1] : 1)))
        }
        return added
    }

    func testAgreesWithGitOnRandomEdits() throws {
        guard ExternalTools.which("git") else { throw XCTSkip("git is not installed") }
        let seed: UInt64 = 20_261_206
        var random = SeededGenerator(seed: seed)
        // Few distinct lines, so that many lines repeat (as `}` and `"role": "button",` do in snapshots).
        let vocabulary = (0..<12).map { "line \($0)" } + ["}", "  },", "{"]
        for round in 0..<60 {
            let old = (0..<Int.random(in: 0...40, using: &random)).map { _ in vocabulary.randomElement(using: &random)! }
            var new = old
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                switch Int.random(in: 0..<3, using: &random) {
                case 0 where !new.isEmpty: new.remove(at: Int.random(in: 0..<new.count, using: &random))
                case 1: new.insert("fresh \(round) \(Int.random(in: 0..<5, using: &random))", at: Int.random(in: 0...new.count, using: &random))
                default: new.insert(vocabulary.randomElement(using: &random)!, at: Int.random(in: 0...new.count, using: &random))
                }
            }
            let (oldText, newText) = (old.map { $0 + "\n" }.joined(), new.map { $0 + "\n" }.joined())
            let diff = LineDiff(old: Array(oldText.utf8), new: Array(newText.utf8))
            let git = try gitAdded(oldText, newText)
            let ours = Set(diff.addedLines.map { $0 + 1 })
            XCTAssertEqual(ours.count, git.count, "seed \(seed), round \(round): a shortest edit script adds as many lines as git's")
            XCTAssertTrue(Set(diff.novelLines.map { $0 + 1 }).isSubset(of: git), "seed \(seed), round \(round): a novel line is added by any diff")
            // Kept lines map onto equal lines, in order.
            var last = -1
            for (i, j) in diff.oldToNew.enumerated() where diff.kept[i] {
                XCTAssertEqual(old[i], new[j], "seed \(seed), round \(round)")
                XCTAssertGreaterThanOrEqual(j, last)
                last = j
            }
        }
    }

    func testDeletedLinesSitWhereTheirHunkAdded() {
        let diff = LineDiff(old: Array("a\nb\nc\nd\n".utf8), new: Array("a\nB\nd\ne\n".utf8))
        XCTAssertEqual(diff.added, [false, true, false, true])
        XCTAssertEqual(diff.oldToNew, [0, 1, 1, 2], "b and c were replaced by B")
        XCTAssertEqual(diff.novelLines, [1, 3])
        let gone = LineDiff(old: Array("a\nb\nc\n".utf8), new: Array("a\nc\n".utf8))
        XCTAssertEqual(gone.addedLines, [])
        XCTAssertEqual(gone.oldToNew, [0, 1, 1], "a deleted line sits on the line after it")
        XCTAssertEqual(LineDiff(old: nil, new: Array("x\r\ny".utf8)).newLines, ["x", "y"])
    }

    func testATooLongEditScriptCountsTheMiddleAsReplaced() {
        let n = LineDiff.maxEdits + 10
        let old = (0..<n).map { "old \($0)\n" }.joined(), new = (0..<n).map { "new \($0)\n" }.joined()
        let diff = LineDiff(old: Array(("head\n" + old + "tail\n").utf8), new: Array(("head\n" + new + "tail\n").utf8))
        XCTAssertEqual(diff.addedLines, Array(1...n))
        XCTAssertEqual(diff.oldToNew.first, 0)
        XCTAssertEqual(diff.oldToNew.last, n + 1)
    }

    func testALineDiffIsLinearInTheLinesForAFewEdits() {
        let seed: UInt64 = 7
        XCTAssertNil(Scaling.check("LineDiff.init with 20 edits", .linear, n: 20_000, seed: seed) { n in
            var random = SeededGenerator(seed: seed)
            let old = (0..<n).map { "    {\"id\": \"s\($0)\", \"label\": \"Stop \($0 % 97)\"},\n" }
            var new = old
            for e in 0..<20 { new[Int.random(in: 0..<n, using: &random)] = "    {\"id\": \"edit\(e)\"},\n" }
            let (a, b) = (Array(old.joined().utf8), Array(new.joined().utf8))
            return { _ = LineDiff(old: a, new: b) }
        })
    }

    // MARK: - placement

    private func region(_ old: String, _ new: String, path: String = "Snapshots/Checkout.json") throws -> [(String, [String: Any])] {
        let before = try SnapshotReader.read(Array(old.utf8), file: path)
        let after = try SnapshotReader.read(Array(new.utf8), file: path)
        let report = DiffReport(screens: [ScreenDiffer.diff(old: before, new: after, path: path, policy: {
            var config = DiffPolicy()
            config.severity[.stopRemoved] = .warning
            return config
        }())], snapshotsCompared: 1)
        var context = ReportContext()
        context.files[path] = ReportContext.FileVersions(old: Array(old.utf8), new: Array(new.utf8))
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(Report.sarif.render(report, context).utf8)) as? [String: Any])
        let results = try XCTUnwrap((root["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        return try results.map { result in
            let physical = try XCTUnwrap((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            return (try XCTUnwrap(result["ruleId"] as? String), try XCTUnwrap(physical["region"] as? [String: Any]))
        }
    }

    func testARemovedStopIsPlacedOnTheLineAddedWhereItWas() throws {
        let old = """
            {"axsnapshot": 1, "screen": "Checkout", "platform": "ios", "elements": [
              {"id": "title", "role": "heading", "label": "Checkout"},
              {"id": "promo", "role": "text", "label": "Free shipping"},
              {"id": "pay", "role": "button", "label": "Pay"}
            ]}

            """
        let new = """
            {"axsnapshot": 1, "screen": "Checkout", "platform": "ios", "elements": [
              {"id": "title", "role": "heading", "label": "Checkout"},
              {"id": "pay", "role": "button", "label": "Pay now"}
            ]}

            """
        let results = try region(old, new)
        XCTAssertEqual(results.map(\.0), ["stop.removed"])
        XCTAssertEqual(results.first?.1["startLine"] as? Int, 3, "the promo's place: the pay line, the first line added there")
        XCTAssertEqual(results.first?.1["startColumn"] as? Int, 3)
        let payLine = new.split(separator: "\n")[2]
        XCTAssertEqual(results.first?.1["endColumn"] as? Int, payLine.utf16.count + 1)
    }

    func testAScreenLevelResultIsOnTheFirstChangedLine() throws {
        let pairs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Config/examples/pairs/ios")
        let old = try String(contentsOf: pairs.appendingPathComponent("soup-before.json"), encoding: .utf8)
        let new = try String(contentsOf: pairs.appendingPathComponent("soup-after.json"), encoding: .utf8)
        let results = try region(old, new, path: "Snapshots/soup.json")
        XCTAssertEqual(results.map(\.0).sorted(), ["group.split", "stop.decorative", "stops.increased"])
        let increased = try XCTUnwrap(results.first { $0.0 == "stops.increased" })
        XCTAssertEqual(increased.1["startLine"] as? Int, 3, "the first line the change added or edited: the image")
        XCTAssertEqual(increased.1["endLine"] as? Int, 7, "and the added lines that follow it")
        let split = try XCTUnwrap(results.first { $0.0 == "group.split" })
        XCTAssertEqual(split.1["startLine"] as? Int, 4, "the split text's own line")
    }

    func testHelpSpeaksOfTheRunsPlatform() {
        XCTAssertTrue(ChangeKind.labelLost.platformHelp(for: .android).contains("TalkBack"))
        XCTAssertTrue(ChangeKind.labelLost.platformHelp(for: .android).contains("contentDescription"))
        XCTAssertFalse(ChangeKind.labelLost.platformHelp(for: .web).contains("VoiceOver"))
        XCTAssertTrue(ChangeKind.labelLost.platformHelp(for: .web).contains("aria-label"))
        XCTAssertTrue(ChangeKind.labelLost.platformHelp(for: .ios).contains("accessibilityLabel"))
        let mixed = ChangeKind.orderRegressed.platformHelp(for: .mixed)
        XCTAssertTrue(mixed.contains("On iOS:") && mixed.contains("On Android:") && mixed.contains("On the web:"), mixed)
        XCTAssertEqual(HelpAudience([.web]), .web)
        XCTAssertEqual(HelpAudience([.other]), .ios, "XCUITest dumps are read with VoiceOver")
        XCTAssertEqual(HelpAudience([.web, .android]), .mixed)
        XCTAssertNil(HelpAudience([]))
        XCTAssertEqual(ChangeKind.valueChanged.platformHelp(for: .android), ChangeKind.valueChanged.help, "a kind that names no platform")
        for kind in ChangeKind.allCases {
            for audience in [HelpAudience.ios, .android, .web, .mixed] {
                let text = kind.platformHelp(for: audience)
                XCTAssertFalse(text.contains("{reader}") || text.contains("{Reader}"), "\(kind.rawValue) \(audience)")
                XCTAssertFalse(text.contains("a a ") || text.contains("A a "), "\(kind.rawValue) \(audience): \(text)")
                if audience != .ios { XCTAssertFalse(text.contains("VoiceOver"), "\(kind.rawValue) \(audience): \(text)") }
            }
        }
    }
}
