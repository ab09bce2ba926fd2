import AXTestSupport
import Foundation
import XCTest

/// The capture examples in Config/examples/{ios,android,web}, run as far as
/// they run on Linux, each ending with a snapshot that axdiff reads and a
/// commit that gets a note.
final class SnapshotExampleTests: XCTestCase {
    /// The capture examples end to end (a fake adb, a compiled iOS stand-in, Chromium through Playwright): long, so CI runs them.
    override func setUpWithError() throws {
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let corpus = root.appendingPathComponent("Tests/AXSnapshotTests/Fixtures/corpus")

    func commitAndAnnotate(_ repo: GitFixture, _ path: String) throws -> String {
        try repo.git(["add", path])
        try repo.git(["commit", "-q", "-m", "Record \(path)"])
        XCTAssertEqual(try CLI.run(["backfill", "--repo", repo.path]).code, 0)
        return try XCTUnwrap(repo.note("HEAD"), "no note on the recording commit")
    }

    /// Only the wrapper's own logic: a fake `adb` on PATH prints what a device
    /// prints (the dump, with uiautomator's trailing line glued on). No device
    /// or emulator runs here.
    func testAndroidWrapperWithAFakeAdb() throws {
        let dir = try CLI.tempDir(self)
        let repo = try GitFixture(self)
        let dump = try String(contentsOf: Self.root.appendingPathComponent("Tests/AXSnapshotTests/Fixtures/corpus/android-uiautomator")
            .appendingPathComponent(try firstFile(in: "android-uiautomator", ending: ".xml")), encoding: .utf8)
        try CLI.write(dump.replacingOccurrences(of: "\n", with: ""), to: dir.appendingPathComponent("dump.xml"))
        let fake = dir.appendingPathComponent("bin/adb")
        try CLI.write("""
            #!/bin/sh
            echo "$@" >> '\(dir.path)/calls'
            n=$(wc -l < '\(dir.path)/calls')
            if [ "$n" -le "${FAIL_FIRST:-0}" ]; then echo "ERROR: could not get idle state."; exit 0; fi
            cat '\(dir.path)/dump.xml'; printf 'UI hierchary dumped to: /dev/tty\\n'

            """, to: fake)
        XCTAssertEqual(chmod(fake.path, 0o755), 0)
        let script = Self.root.appendingPathComponent("Config/examples/android/axdiff-uiautomator-dump")
        let env = ["PATH": dir.appendingPathComponent("bin").path + ":/usr/bin:/bin", "AXDIFF_DUMP_TRIES": "3"]

        // Two failed dumps, then a good one: retried, and the file is the XML alone.
        let r = try CLI.run(["Welcome"], cwd: repo.url, env: env.merging(["FAIL_FIRST": "2"]) { $1 }, executable: script)
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertEqual(r.out, "Snapshots/android/Welcome.xml\n")
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("calls"), encoding: .utf8),
                       String(repeating: "exec-out uiautomator dump /dev/tty\n", count: 3))
        let saved = try String(contentsOf: repo.url.appendingPathComponent("Snapshots/android/Welcome.xml"), encoding: .utf8)
        XCTAssertTrue(saved.hasPrefix("<?xml") && saved.hasSuffix("</hierarchy>\n"), String(saved.suffix(80)))
        XCTAssertEqual(try CLI.run(["speak", repo.url.appendingPathComponent("Snapshots/android/Welcome.xml").path]).code, 0)
        let note = try commitAndAnnotate(repo, "Snapshots/android/Welcome.xml")
        XCTAssertTrue(note.contains("screen.added"), note)

        // A device that never gives a dump: exit 1, the old snapshot untouched, no temporary file left.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("calls"))
        let failing = try CLI.run(["Welcome"], cwd: repo.url, env: env.merging(["FAIL_FIRST": "9"]) { $1 }, executable: script)
        XCTAssertEqual(failing.code, 1)
        XCTAssertTrue(failing.err.contains("no complete dump after 3 tries") && failing.err.contains("could not get idle state"), failing.err)
        XCTAssertEqual(try String(contentsOf: repo.url.appendingPathComponent("Snapshots/android/Welcome.xml"), encoding: .utf8), saved)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: repo.url.appendingPathComponent("Snapshots/android").path), ["Welcome.xml"])

        for bad in ["../x", ".hidden", "a b", ""] {
            XCTAssertEqual(try CLI.run([bad], cwd: repo.url, env: env, executable: script).code, 2, bad)
        }
    }

    /// XCUIApplication exists only on Apple's platforms: the example is compiled
    /// here against a stand-in that declares the few members it uses, whose
    /// `debugDescription` returns a real dump; that checks the example's Swift and
    /// runs its file writing, not XCUITest itself.
    func testIOSHelperCompilesAgainstAStandInAndWritesTheDump() throws {
        let swiftc = ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let swiftc else { throw XCTSkip("swiftc not found") }
        let dir = try CLI.tempDir(self)
        try CLI.write("""
            import Foundation
            class XCUIElement: NSObject {
                var dump = ""
                override var debugDescription: String { dump }
                func tap() {}
                func waitForExistence(timeout: TimeInterval) -> Bool { true }
            }
            class XCUIElementQuery { subscript(_ identifier: String) -> XCUIElement { XCUIElement() } }
            class XCUIApplication: XCUIElement {
                func launch() {}
                var buttons: XCUIElementQuery { XCUIElementQuery() }
                var staticTexts: XCUIElementQuery { XCUIElementQuery() }
            }
            """, to: dir.appendingPathComponent("XCUIStandIn.swift"))
        try CLI.write("""
            import Foundation
            let app = XCUIApplication()
            app.dump = try String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)
            AccessibilitySnapshot.record(app, screen: CommandLine.arguments[2])
            """, to: dir.appendingPathComponent("main.swift"))
        let program = dir.appendingPathComponent("record")
        let build = try CLI.run([Self.root.appendingPathComponent("Config/examples/ios/AccessibilitySnapshot.swift").path,
                                 dir.appendingPathComponent("XCUIStandIn.swift").path, dir.appendingPathComponent("main.swift").path,
                                 "-o", program.path], executable: URL(fileURLWithPath: swiftc), timeout: 300)
        XCTAssertEqual(build.code, 0, build.err)

        let repo = try GitFixture(self)
        let sample = Self.corpus.appendingPathComponent("xcuitest-debugdescription").appendingPathComponent("testpilot-test-app-tabbar.txt")
        let dump = try String(contentsOf: sample, encoding: .utf8)
        XCTAssertTrue(dump.contains(", 0x7fb5a0512bb0") && dump.contains(", pid: 41491"), "the sample has addresses and a pid")
        let folder = repo.url.appendingPathComponent("Snapshots/ios").path
        // Without the variable nothing is written, and the test log says so once.
        let unset = try CLI.run([sample.path, "Home"], executable: program)
        XCTAssertEqual(unset.code, 0)
        XCTAssertEqual(unset.out.components(separatedBy: "AXDIFF_SNAPSHOTS is not set").count - 1, 1, unset.out)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder))
        let r = try CLI.run([sample.path, "Home"], env: ["AXDIFF_SNAPSHOTS": folder], executable: program)
        XCTAssertEqual(r.code, 0, r.err)
        let written = try String(contentsOfFile: folder + "/Home.txt", encoding: .utf8)
        // Every line kept, without the addresses and the pid.
        XCTAssertEqual(written.split(separator: "\n", omittingEmptySubsequences: false).count, dump.split(separator: "\n", omittingEmptySubsequences: false).count + 1)
        XCTAssertFalse(written.contains("0x"), written)
        XCTAssertFalse(written.contains("pid:"), written)
        XCTAssertTrue(written.contains("Button, {{20.0, 59.0}, {55.0, 40.0}}, label: 'Menu'"), written)

        // The same screen recorded again (new addresses, another process) writes the same bytes.
        var again = dump.replacingOccurrences(of: "pid: 41491", with: "pid: 52230")
        let addresses = Set(dump.split { $0 == "," || $0 == " " || $0 == "\n" }.filter { $0.hasPrefix("0x") }.map(String.init)).sorted()
        XCTAssertGreaterThan(addresses.count, 30)
        for (n, address) in addresses.enumerated() {
            again = again.replacingOccurrences(of: address, with: String(format: "0x6000031%05x", n))
        }
        XCTAssertNotEqual(again, dump)
        let rerecorded = dir.appendingPathComponent("again.txt")
        try CLI.write(again, to: rerecorded)
        XCTAssertEqual(try CLI.run([rerecorded.path, "Home"], env: ["AXDIFF_SNAPSHOTS": folder], executable: program).code, 0)
        XCTAssertEqual(try String(contentsOfFile: folder + "/Home.txt", encoding: .utf8), written, "re-recording an unchanged screen changes no byte")
        let spoken = try CLI.run(["speak", folder + "/Home.txt"])
        XCTAssertEqual(spoken.code, 0, spoken.err)
        XCTAssertFalse(spoken.out.isEmpty)
        XCTAssertEqual(spoken.out, try CLI.run(["speak", sample.path]).out, "the saved file reads as the dump itself")
        XCTAssertTrue(try commitAndAnnotate(repo, "Snapshots/ios/Home.txt").contains("screen.added"))
    }

    /// Playwright (from PyPI) driving the system's Chromium, on local pages.
    func testWebScriptRecordsAriaSnapshots() throws {
        guard try CLI.run(["python3", "-c", "import playwright"], executable: URL(fileURLWithPath: "/usr/bin/env"), timeout: 60).code == 0 else {
            throw XCTSkip("the Python package playwright is not installed (Scripts/setup.sh installs it)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else { throw XCTSkip("chromium is not installed") }
        let pages = try CLI.tempDir(self)
        try CLI.write("<!doctype html><title>Sign in</title><main><h1>Sign in</h1><label>Email <input></label><button>Sign in</button></main>",
                      to: pages.appendingPathComponent("signin.html"))
        try CLI.write("<!doctype html><title>Nothing</title>", to: pages.appendingPathComponent("empty.html"))
        let repo = try GitFixture(self)
        let script = Self.root.appendingPathComponent("Config/examples/web/aria_snapshots.py").path
        let r = try CLI.run(["python3", script, "--browser", "/usr/bin/chromium",
                             "SignIn=" + pages.appendingPathComponent("signin.html").absoluteString,
                             "Empty=" + pages.appendingPathComponent("empty.html").absoluteString,
                             "Gone=" + pages.appendingPathComponent("missing.html").absoluteString],
                            cwd: repo.url, executable: URL(fileURLWithPath: "/usr/bin/env"), timeout: 180)
        XCTAssertEqual(r.code, 1, "two pages failed: \(r.err)")
        XCTAssertEqual(r.out, "Snapshots/web/SignIn.aria.yml\n", r.err)
        XCTAssertEqual(r.err.split(separator: "\n").count, 2, r.err)
        XCTAssertTrue(r.err.contains("Empty (") && r.err.contains("Gone ("), r.err)
        let saved = try String(contentsOf: repo.url.appendingPathComponent("Snapshots/web/SignIn.aria.yml"), encoding: .utf8)
        XCTAssertEqual(saved, "- main:\n  - heading \"Sign in\" [level=1]\n  - text: Email\n  - textbox \"Email\"\n  - button \"Sign in\"\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: repo.url.appendingPathComponent("Snapshots/web").path), ["SignIn.aria.yml"])
        let spoken = try CLI.run(["speak", repo.url.appendingPathComponent("Snapshots/web/SignIn.aria.yml").path])
        XCTAssertEqual(spoken.out.split(separator: "\n").count, 4, spoken.out)
        XCTAssertTrue(try commitAndAnnotate(repo, "Snapshots/web/SignIn.aria.yml").contains("screen.added"))
    }

    private func firstFile(in folder: String, ending: String) throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.appendingPathComponent(folder).path)
        return try XCTUnwrap(names.filter { $0.hasSuffix(ending) }.sorted().first, folder)
    }
}
