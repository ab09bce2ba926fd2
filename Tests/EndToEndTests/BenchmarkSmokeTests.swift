import Foundation
import XCTest
import AXProcess
import AXTestSupport

/// `axdiff-bench --quick` runs end to end on tiny sizes (a 40-commit history)
/// and prints the whole table. Timings are not asserted (this is a debug build
/// on a shared machine, and `--quick` does not judge targets): only that it
/// exits 0, that every measure is there with figures that parse, and that the
/// backfill's notes are the expected bytes.
final class BenchmarkSmokeTests: XCTestCase {
    static let rows = [
        "backfill", "backfill.rerun", "backfill.gc", "notes.write", "notes.read", "notes.read.mid", "notes.read.huge", "diff", "diff.scale",
        "diff.cli", "diff.cli.large",
        "diff.flat1", "diff.flat1.scale", "diff.flat2", "diff.flat2.scale", "diff.flat.json", "diff.flat.cli", "diff.flat.memory",
        "diff.flat1.cli", "diff.flat1.cli.large", "diff.flat2.cli",
        "diff.dup", "diff.dup.scale", "diff.dup.cli", "diff.dup.cli.large",
        "parse.json", "parse.aria", "parse.aria.baseline", "parse.xml", "parse.xml.libxml2", "parse.xcuitest",
        "parse.json.floor", "parse.aria.floor", "parse.aria.baseline.floor", "parse.xml.floor", "parse.xcuitest.floor", "wireframe.svg", "wireframe.bytes",
        "watch.latency", "watch.latency.p95", "watch.rss", "watch.rss.growth",
    ]

    /// md5 of `git log --branches --notes=axdiff --format=%H%n%N` after a backfill
    /// of the `--quick` history (seed 20240601). It changes only when the notes'
    /// bytes do — a new wording, or a new version string, which notes carry — and
    /// is then re-recorded on purpose.
    static let notesMD5 = "c0a3bfb779709743fbf77348a10d5a87"

    /// The bench binary sits next to `axdiff` in the products directory.
    var bench: URL { CLI.binary.deletingLastPathComponent().appendingPathComponent("axdiff-bench") }

    func testQuickRunPrintsEveryRowWithFigures() throws {
        let out = try CLI.tempDir(self)
        let r = try CLI.run(["--quick", "--out", out.path, "--axdiff", CLI.binary.path], executable: bench, timeout: 900)
        XCTAssertEqual(r.code, 0, r.out + r.err)

        var seen: [String: [String]] = [:]
        for line in r.out.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 7, cells[0] != "measure" else { continue }
            seen[cells[0]] = cells
        }
        XCTAssertEqual(Set(seen.keys), Set(Self.rows), r.out + r.err)

        for (key, cells) in seen {
            XCTAssertNotNil(Self.figure(cells[2]), "\(key): axdiff figure '\(cells[2])'")
            XCTAssertNotNil(Self.figure(cells[3]), "\(key): reference '\(cells[3])'")
            XCTAssertNotNil(Self.ratio(cells[4]), "\(key): ratio '\(cells[4])'")
            XCTAssertNotNil(Self.ratio(String(cells[5].dropFirst(2))), "\(key): target '\(cells[5])'")
            XCTAssertTrue(cells[6] == "PASS" || cells[6] == "FAIL", "\(key): result '\(cells[6])'")
        }
        // The ratio is the figure over the reference.
        if let row = seen["diff.scale"], let a = Self.figure(row[2]), let b = Self.figure(row[3]), let ratio = Self.ratio(row[4]), b > 0 {
            XCTAssertEqual(a / b, ratio, accuracy: max(0.02, ratio * 0.02))
        }
        let digest = r.out.split(separator: "\n").first { $0.hasPrefix("notes md5 ") }?.split(separator: " ").dropFirst(2).first
        XCTAssertEqual(digest.map(String.init), Self.notesMD5, "the backfill's notes changed: \(r.out)")
    }

    /// The memory group's histories differ in length only: no version of any screen has more
    /// stops than the screens start with (`--quick`: 20), where the generator's edits alone
    /// take some past it, and the screens stay near that size rather than shrinking.
    func testTheMemoryGroupsHistoriesKeepTheirScreensSize() throws {
        let out = try CLI.tempDir(self)
        let r = try CLI.run(["--quick", "--only", "memory", "--out", out.path, "--axdiff", CLI.binary.path],
                            executable: bench, timeout: 900)
        XCTAssertEqual(r.code, 0, r.out + r.err)
        for key in ["backfill.memory", "backfill.memory.long", "backfill.memory.scale", "backfill.memory.anon.scale"] {
            XCTAssertTrue(r.out.contains("| \(key) "), "\(key) row: \(r.out)")
        }
        // Each run's anonymous peak was sampled (a sampler that missed the run would say 0), and is
        // part of its resident peak.
        let runs = (r.out + r.err).split(separator: "\n").filter { $0.contains("memory: backfill of") }
        XCTAssertEqual(runs.count, 2, r.err)
        for line in runs {
            let words = line.split(separator: " ")
            let peak = words.firstIndex(of: "at").flatMap { Double(words[$0 + 1]) }
            let anonymous = words.firstIndex(of: "(anonymous").flatMap { Double(words[$0 + 1]) }
            XCTAssertNotNil(peak, String(line))
            XCTAssertGreaterThan(anonymous ?? 0, 1, String(line))
            XCTAssertLessThan(anonymous ?? .infinity, peak ?? 0, String(line))
        }
        let repo = out.appendingPathComponent("gen-memory-steady-400x5x20-20240601/repo.git").path
        func git(_ args: [String], stdin: String? = nil) throws -> String {
            let g = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "--git-dir", repo] + args,
                                         stdin: stdin, what: "git")
            XCTAssertEqual(g.code, 0, g.err)
            return g.out
        }
        // Every version of every snapshot: one stop per line, items indented six spaces.
        let blobs = try git(["rev-list", "--objects", "main"]).split(separator: "\n")
            .filter { $0.hasSuffix(".json") }.map { String($0.prefix(40)) }
        XCTAssertGreaterThan(blobs.count, 100)
        let contents = try git(["cat-file", "--batch"], stdin: blobs.joined(separator: "\n") + "\n")
        var versions: [Int] = []
        var current = -1
        for line in contents.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.split(separator: " ").count == 3, line.split(separator: " ")[1] == "blob", blobs.contains(String(line.prefix(40))) {
                if current >= 0 { versions.append(current) }
                current = 0
            } else if line.hasPrefix("      {\"id\"") {
                current += 1
            }
        }
        if current >= 0 { versions.append(current) }
        XCTAssertEqual(versions.count, blobs.count, "one count per version")
        XCTAssertEqual(versions.filter { $0 > 20 }.count, 0, "versions with more than 20 stops: \(versions.max() ?? 0) at most")
        let tip = try git(["ls-tree", "-r", "--name-only", "main"]).split(separator: "\n").filter { $0.hasSuffix(".json") }
        var tipStops = 0
        for path in tip {
            tipStops += try git(["show", "main:\(path)"]).split(separator: "\n").filter { $0.hasPrefix("      {\"id\"") }.count
        }
        XCTAssertGreaterThanOrEqual(tipStops, 16 * tip.count, "the screens stay near their size: \(tipStops) stops on \(tip.count) screens")
    }

    /// "12.34 ms", "1.2 s", "45.6 µs", "38.1 MB", possibly followed by a label
    /// ("1.26 s (git log -p --all)") or preceded by "budget"; the value in seconds or MB.
    static func figure(_ cell: String) -> Double? {
        var words = cell.split(separator: " ").map(String.init)
        if words.first == "budget" { words.removeFirst() }
        guard words.count >= 2, let value = Double(words[0]), value >= 0 else { return nil }
        switch words[1] {
        case "s": return value
        case "ms": return value / 1e3
        case "µs": return value / 1e6
        case "MB": return value
        default: return nil
        }
    }

    /// "0.42×" → 0.42.
    static func ratio(_ cell: String) -> Double? {
        guard cell.hasSuffix("×") else { return nil }
        return Double(cell.dropLast())
    }
}
