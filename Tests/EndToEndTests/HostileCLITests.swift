import AXTestSupport
import Foundation
import XCTest

/// `axdiff diff ok.json HOSTILE` for every file of
/// `Tests/AXSnapshotTests/Fixtures/hostile/` and for the large inputs of
/// `HostileInputTests`, generated again here (RELIABILITY.md, "Hostile input").
///
/// A hostile file must give exit 2 and exactly one stderr line,
/// `axdiff: FILE:LINE:COLUMN: what was expected`; a `valid-…` file (valid after
/// all, see `HostileInputTests.manifest`) a report with exit 0 or 1 and no
/// stderr. Each run must peak under `memoryBound`, measured with
/// `/usr/bin/time -v` (or, without it, from `getrusage(RUSAGE_CHILDREN)`, an
/// upper bound over every child so far). Times are printed, not asserted: the
/// readers' and the matcher's scaling tests (`HostileInputTests`,
/// `GroupMatcherScalingTests`) hold what once took unbounded time.
///
/// Long tests (over a minute here, 150 processes and inputs of 10–100 MB):
/// they run with `AXDIFF_FULL_TESTS=1`, as `.ci/run` sets it.
final class HostileCLITests: XCTestCase {
    static let memoryBound = 1 << 30
    /// A run still going after this is killed (with its process group), never left
    /// behind: a watchdog for a hang, ten times what the slowest run takes here.
    static let killAfter = 300

    override func setUpWithError() throws {
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
    }

    static let hostile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("AXSnapshotTests/Fixtures/hostile")

    let ok = #"{"axsnapshot": 1, "screen": "Ok", "platform": "ios", "elements": [{"id": "pay", "role": "button", "label": "Pay"}]}"#

    struct Run {
        var code: Int32
        var out: String
        var err: String
        var seconds: TimeInterval
        /// Peak resident memory in bytes.
        var peak: Int
    }

    /// Runs `axdiff diff ok.json PATH` in `dir`, measuring time and peak memory.
    /// `timeout -s KILL` (coreutils) kills a runaway axdiff: CLI.run's own
    /// timeout would only stop `/usr/bin/time`, not the child it waits for.
    func diff(_ path: String, in dir: URL, extra: [String] = []) throws -> Run {
        let time = URL(fileURLWithPath: "/usr/bin/time")
        let timeout = "/usr/bin/timeout"
        var command = [CLI.binary.path, "diff", "ok.json", path] + extra
        if FileManager.default.isExecutableFile(atPath: timeout) {
            command = [timeout, "-s", "KILL", String(Self.killAfter)] + command
        }
        let start = Date()
        if FileManager.default.isExecutableFile(atPath: time.path) {
            let report = dir.appendingPathComponent("time-\(UUID().uuidString).txt")
            defer { try? FileManager.default.removeItem(at: report) }
            // ru_maxrss of `timeout` includes the axdiff it waited for.
            let r = try CLI.run(["-v", "-o", report.path] + command, cwd: dir, executable: time,
                                timeout: TimeInterval(Self.killAfter + 30))
            let seconds = Date().timeIntervalSince(start)
            let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
            let kb = text.split(separator: "\n").first { $0.contains("Maximum resident set size") }
                .flatMap { $0.split(separator: ":").last }
                .flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            let peak = try XCTUnwrap(kb, "no peak memory in /usr/bin/time's report: \(text)") * 1024
            return Run(code: r.code, out: r.out, err: r.err, seconds: seconds, peak: peak)
        }
        let r = try CLI.run(Array(command.dropFirst()), cwd: dir, executable: URL(fileURLWithPath: command[0]),
                            timeout: TimeInterval(Self.killAfter + 30))
        let seconds = Date().timeIntervalSince(start)
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        #else
        getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        return Run(code: r.code, out: r.out, err: r.err, seconds: seconds, peak: usage.ru_maxrss * 1024)
    }

    /// Exit 2, one stderr line naming the file, in bounded time and memory.
    func assertRefused(_ run: Run, _ path: String, saying fragment: String? = nil, line: UInt = #line) {
        XCTAssertEqual(run.code, 2, "\(path): exit \(run.code), stderr \(run.err.debugDescription)", line: line)
        let lines = run.err.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 2, "\(path): expected exactly one stderr line, got \(run.err.debugDescription)", line: line)
        XCTAssertEqual(lines.last, "", "\(path): stderr does not end in a newline", line: line)
        XCTAssertTrue(run.err.hasPrefix("axdiff: \(path):"), "\(path): \(run.err.debugDescription)", line: line)
        if let fragment { XCTAssertTrue(run.err.contains(fragment), "\(path): \(run.err) does not say \(fragment)", line: line) }
        assertBounded(run, path, line: line)
    }

    func assertBounded(_ run: Run, _ path: String, line: UInt = #line) {
        XCTAssertNotEqual(run.code, 137, "\(path): killed after \(Self.killAfter) s", line: line)
        XCTAssertLessThan(run.peak, Self.memoryBound, "\(path): peak memory \(run.peak >> 20) MB", line: line)
    }

    func workspace() throws -> URL {
        let dir = try CLI.tempDir(self)
        try CLI.write(ok, to: dir.appendingPathComponent("ok.json"))
        return dir
    }

    // MARK: - The committed corpus

    func testEveryCommittedHostileFile() throws {
        let dir = try workspace()
        // Symlink the corpus in, so that the paths the CLI prints are short.
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("hostile"), withDestinationURL: Self.hostile)
        let walker = try XCTUnwrap(FileManager.default.enumerator(at: Self.hostile, includingPropertiesForKeys: [.isRegularFileKey],
                                                                  options: [.skipsHiddenFiles]))
        var files: [String] = []
        for case let url as URL in walker where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            let name = String(url.standardizedFileURL.path.dropFirst(Self.hostile.standardizedFileURL.path.count + 1))
            if name != "README.md" { files.append(name) }
        }
        XCTAssertGreaterThanOrEqual(files.count, 50)
        var slowest = (name: "", seconds: 0.0), largest = (name: "", peak: 0)
        for name in files.sorted() {
            let path = "hostile/" + name
            let run = try diff(path, in: dir)
            if name.split(separator: "/").last?.hasPrefix("valid-") == true {
                XCTAssertTrue(run.code == 0 || run.code == 1, "\(path): exit \(run.code), stderr \(run.err)")
                XCTAssertEqual(run.err, "", path)
                assertBounded(run, path)
            } else {
                assertRefused(run, path)
            }
            if run.seconds > slowest.seconds { slowest = (name, run.seconds) }
            if run.peak > largest.peak { largest = (name, run.peak) }
        }
        print("HostileCLITests: \(files.count) files; slowest \(slowest.name) \(String(format: "%.2f", slowest.seconds)) s; largest peak \(largest.name) \(largest.peak >> 20) MB")
    }

    // MARK: - Large inputs, generated at run time

    func testLargeHostileInputs() throws {
        let dir = try workspace()
        func write(_ name: String, _ bytes: [UInt8]) throws -> String {
            try Data(bytes).write(to: dir.appendingPathComponent(name))
            return name
        }
        func measure(_ what: String, _ run: Run) {
            print("HostileCLITests: \(what): exit \(run.code), \(String(format: "%.2f", run.seconds)) s, peak \(run.peak >> 20) MB")
        }

        // 100 MB: refused by size (maxSnapshotBytes, 16 MiB by default) before it is read.
        var big = Array(#"{"axsnapshot": 1, "screen": "Big", "elements": ["#.utf8) + [0x0A]
        big.reserveCapacity(100_000_100)
        var i = 0
        while big.count < 100_000_000 {
            big += Array(#"  {"id": "row_\#(i)", "role": "button", "label": "Item \#(i)", "frame": [0, \#(i * 44), 320, 44]},"#.utf8) + [0x0A]
            i += 1
        }
        let hundred = try diff(write("big.json", big), in: dir)
        assertRefused(hundred, "big.json", saying: "maxSnapshotBytes")
        measure("100 MB JSON", hundred)
        // The same elements cut to just under the limit are read in full, then refused at the cut.
        let cut = big.prefix(16_000_000)
        let sixteen = try diff(write("big16.json", Array(cut)), in: dir)
        assertRefused(sixteen, "big16.json")
        measure("16 MB JSON, truncated", sixteen)
        big = []

        // 100,000-deep nesting: JSON and XML are refused at their depth limits.
        var json = Array(#"{"axsnapshot": 1, "elements": ["#.utf8)
        for _ in 0..<100_000 { json += Array(#"{"role": "group", "children": ["#.utf8) }
        for _ in 0..<100_000 { json += Array("]}".utf8) }
        json += Array("]}".utf8)
        let deepJSON = try diff(write("deep.json", json), in: dir)
        assertRefused(deepJSON, "deep.json", saying: "nesting deeper than 512 levels")
        measure("JSON 100,000 deep", deepJSON)

        var xml = Array("<?xml version='1.0' encoding='UTF-8'?><hierarchy>".utf8)
        for _ in 0..<100_000 { xml += Array(#"<node class="android.widget.FrameLayout" bounds="[0,0][1,1]">"#.utf8) }
        for _ in 0..<100_000 { xml += Array("</node>".utf8) }
        xml += Array("</hierarchy>".utf8)
        let deepXML = try diff(write("deep.xml", xml), in: dir)
        assertRefused(deepXML, "deep.xml", saying: "nesting deeper than 1000 levels")
        measure("XML 100,000 deep", deepXML)

        // Indentation formats: depth d costs ~d²/2 bytes, so as deep as 16 MB allows.
        var yaml: [UInt8] = []
        for level in 0..<5_000 { yaml += [UInt8](repeating: 0x20, count: level) + Array("- group:\n".utf8) }
        let deepYAML = try diff(write("deep.aria.yml", yaml), in: dir)
        assertRefused(deepYAML, "deep.aria.yml", saying: "nesting deeper than 1000 levels")
        measure("ARIA 5,000 deep", deepYAML)

        var text = Array("Element subtree:\n".utf8)
        var depth = 0
        while text.count + depth / 4 + 16 < 16_000_000 {
            text += [UInt8](repeating: 0x09, count: depth / 4) + [UInt8](repeating: 0x20, count: depth % 4) + Array("Other, 0x1\n".utf8)
            depth += 1
        }
        text += [UInt8](repeating: 0x09, count: depth / 4) + [UInt8](repeating: 0x20, count: depth % 4) + Array("Button, 0x2, label: 'Bottom'\n".utf8)
        let deepText = try diff(write("deep.txt", text), in: dir)
        XCTAssertTrue(deepText.code == 0 || deepText.code == 1, "a \(depth)-deep dump is valid: exit \(deepText.code), \(deepText.err)")
        XCTAssertEqual(deepText.err, "")
        assertBounded(deepText, "deep.txt")
        measure("XCUITest \(depth) deep (valid)", deepText)

        // A 10 MB label (one word): read, in JSON and in uiautomator XML.
        let label = String(repeating: "x", count: 10 << 20)
        let longJSON = try diff(write("label.json", Array(#"{"axsnapshot": 1, "elements": [{"role": "button", "label": "\#(label)"}]}"#.utf8)), in: dir)
        XCTAssertTrue(longJSON.code == 0 || longJSON.code == 1, "exit \(longJSON.code), \(longJSON.err)")
        assertBounded(longJSON, "label.json")
        measure("JSON 10 MB label (valid)", longJSON)
        let longXML = try diff(write("label.xml", Array("<?xml version='1.0' encoding='UTF-8'?><hierarchy><node text=\"\(label)\" class=\"android.widget.Button\" bounds=\"[0,0][1,1]\"/></hierarchy>".utf8)), in: dir)
        XCTAssertTrue(longXML.code == 0 || longXML.code == 1, "exit \(longXML.code), \(longXML.err)")
        XCTAssertEqual(longXML.err, "")
        assertBounded(longXML, "label.xml")
        measure("XML 10 MB label (valid)", longXML)

    }

    /// A label of many words: `GroupMatcher.cover` (AXDiff) built the prefix up
    /// to every separator of a label, quadratic in its length — 20,000 words
    /// (100 kB) took 100 s, the 15 MB ARIA paragraph hours. It now tries only
    /// the lengths of the names it could match (RELIABILITY.md, "Hostile input";
    /// the scaling test is `GroupMatcherScalingTests`).
    func testLabelsOfManyWordsDiff() throws {
        let dir = try workspace()
        let words = Array(#"{"axsnapshot": 1, "elements": [{"role": "button", "label": ""#.utf8)
            + Array(String(repeating: "more ", count: 20_000).utf8) + Array(#""}]}"#.utf8)
        try Data(words).write(to: dir.appendingPathComponent("words.json"))
        let run = try diff("words.json", in: dir)
        XCTAssertTrue(run.code == 0 || run.code == 1, "exit \(run.code), \(run.err)")
        assertBounded(run, "words.json")
        print("HostileCLITests: JSON label of 20,000 words (valid): exit \(run.code), \(String(format: "%.2f", run.seconds)) s, peak \(run.peak >> 20) MB")
        var paragraph = Array("- paragraph: start\n".utf8)
        while paragraph.count < 15_000_000 { paragraph += Array("  more\n".utf8) }
        try Data(paragraph).write(to: dir.appendingPathComponent("paragraph.aria.yml"))
        let long = try diff("paragraph.aria.yml", in: dir)
        XCTAssertTrue(long.code == 0 || long.code == 1, "exit \(long.code), \(long.err)")
        assertBounded(long, "paragraph.aria.yml")
        print("HostileCLITests: ARIA 15 MB paragraph (valid): exit \(long.code), \(String(format: "%.2f", long.seconds)) s, peak \(long.peak >> 20) MB")
    }
}
