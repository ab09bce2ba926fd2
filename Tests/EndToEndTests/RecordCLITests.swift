import AXProcess
import Foundation
import XCTest
import AXTestSupport

/// `axdiff record` as CI runs it: real headless Chromium on the HTML
/// fixtures of the AXRecord tests, then `axdiff diff` on what it wrote.
final class RecordCLITests: XCTestCase {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("AXRecordTests/Fixtures")

    func requireChromium() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let found = ["chromium", "chromium-browser", "google-chrome"].contains { name in
            path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
        }
        if !found { throw XCTSkip("chromium is not installed (Scripts/setup.sh installs it): axdiff record was not tested") }
    }

    func files(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
    }

    func testRecordedPagesDiffAsAReadingOrderRegression() throws {
        try requireChromium()
        let dir = try CLI.tempDir(self)
        let old = try CLI.run(["record", "--out", "old", "--name", "Product card", fixtures.appendingPathComponent("card-plain.html").path], cwd: dir)
        XCTAssertEqual(old.code, 0, old.err)
        XCTAssertEqual(files(dir.appendingPathComponent("old")), ["Product-card.json"])
        XCTAssertTrue(old.out.hasPrefix("old/Product-card.json  5 stops"), old.out)
        let new = try CLI.run(["record", "--out", "new", "--viewport", "800x600", "--name", "Product card",
                               fixtures.appendingPathComponent("card-order.html").absoluteString], cwd: dir)
        XCTAssertEqual(new.code, 0, new.err)
        let diff = try CLI.run(["diff", "old", "new", "--format", "json"], cwd: dir)
        XCTAssertEqual(diff.code, 1, diff.out + diff.err)
        XCTAssertEqual(diff.out.components(separatedBy: "\"order.regressed\"").count - 1, 1, diff.out)
        let speak = try CLI.run(["speak", "new/Product-card.json"], cwd: dir)
        XCTAssertEqual(speak.out, "Jasmine tea, heading level 2\n$4.50\nLoose leaf, 100 g\nTea leaves, image\nAdd Jasmine tea to cart, button\n")
    }

    /// The README's flow: record in the repository, commit Snapshots/web,
    /// and the note on the commit that reordered the page says so.
    func testRecordedSnapshotsCommittedGetANoteWithTheRegression() throws {
        try requireChromium()
        let repo = try GitFixture(self)
        let record = { (page: String) throws in
            let r = try CLI.run(["record", "--name", "Product card", self.fixtures.appendingPathComponent(page).path], cwd: repo.url)
            XCTAssertEqual(r.code, 0, r.err)
        }
        try record("card-plain.html")
        try repo.commit("Snapshots: web")
        try record("card-order.html")
        let moved = try repo.commit("Price first")
        XCTAssertEqual(try repo.git(["status", "--porcelain"]), "", "record writes only its snapshots")
        let backfill = try CLI.run(["backfill", "--repo", repo.path])
        XCTAssertEqual(backfill.code, 0, backfill.err)
        let note = try XCTUnwrap(repo.note(moved))
        XCTAssertEqual(note.components(separatedBy: "order.regressed").count - 1, 1, note)
        XCTAssertTrue(note.contains("Snapshots/web/Product-card.json"), note)
        _ = try repo.git(["fsck", "--strict"])
    }

    func testAPageThatFailsWritesNothing() throws {
        try requireChromium()
        let dir = try CLI.tempDir(self)
        let kept = dir.appendingPathComponent("web/Product-card.json")
        try CLI.write("the previous recording\n", to: kept)
        // Port 1 on loopback: Chromium refuses to load it (an unsafe port).
        let r = try CLI.run(["record", "--out", "web", fixtures.appendingPathComponent("card-plain.html").path,
                             "http://127.0.0.1:1/app.html"], cwd: dir)
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.hasPrefix("axdiff: http://127.0.0.1:1/app.html: the page did not load (net::ERR_"), r.err)
        XCTAssertEqual(r.err.filter { $0 == "\n" }.count, 1, r.err)
        XCTAssertEqual(try String(contentsOf: kept, encoding: .utf8), "the previous recording\n")
        XCTAssertEqual(files(dir.appendingPathComponent("web")), ["Product-card.json"])
    }

    func testTwoPagesForOneFileAreRefused() throws {
        try requireChromium()
        let dir = try CLI.tempDir(self)
        // One file name from two addresses: dist/card.html and dist/card.htm are both `card`.
        let other = dir.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("card-order.html"), to: other.appendingPathComponent("card-plain.htm"))
        let r = try CLI.run(["record", "--out", "web", fixtures.appendingPathComponent("card-plain.html").path,
                             other.appendingPathComponent("card-plain.htm").path], cwd: dir)
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains("would both be written to web/card-plain.json: give each its own --name"), r.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("web").path))
    }

    func testUsageMistakesExitTwo() throws {
        let dir = try CLI.tempDir(self)
        let page = fixtures.appendingPathComponent("dialog.html").path
        for (args, words) in [
            ([String](), "expected at least one URL or FILE"),
            (["--viewport", "800", page], "--viewport expects WIDTHxHEIGHT"),
            (["--timeout", "-1", page], "--timeout expects seconds"),
            (["--name", "A", "--name", "B", page], "--name given 2 time(s) for 1 page(s)"),
            (["https://example.com/"], "record loads local files and http://localhost pages only"),
            (["missing.html"], "missing.html: no such file"),
            (["--chromium", "/nonexistent/chromium", page], "cannot start Chromium at /nonexistent/chromium"),
        ] {
            let r = try CLI.run(["record"] + args, cwd: dir)
            XCTAssertEqual(r.code, 2, "\(args)")
            XCTAssertTrue(r.err.contains(words), "\(args): \(r.err)")
        }
        XCTAssertEqual(files(dir), [])
    }

    /// Files are named by `--name`, else by the address — never by the title,
    /// which a release may change — and a page with no stops is refused.
    func testFilesAreNamedByTheAddressNotTheTitle() throws {
        try requireChromium()
        let site = try CLI.tempDir(self)
        let page = { (title: String) in
            "<!doctype html><html lang=\"en\"><title>\(title)</title><main><h1>Settings</h1><button>Save</button></main></html>"
        }
        try CLI.write(page("Settings"), to: site.appendingPathComponent("index.html"))
        let server = try LocalServer(site)
        defer { server.stop() }
        let dir = try CLI.tempDir(self)
        let first = try CLI.run(["record", "--out", "web", server.url("/settings"), server.url("/"),
                                 server.url("/shop/cart/"), fixtures.appendingPathComponent("card-plain.html").path], cwd: dir)
        XCTAssertEqual(first.code, 0, first.err)
        XCTAssertEqual(files(dir.appendingPathComponent("web")), ["card-plain.json", "index.json", "settings.json", "shop-cart.json"])
        let saved = try String(contentsOf: dir.appendingPathComponent("web/settings.json"), encoding: .utf8)
        XCTAssertTrue(saved.contains("\"screen\": \"settings\""), saved)
        XCTAssertEqual(try CLI.run(["record", "--out", "web", server.url("/index.html"), server.url("/")], cwd: dir).code, 2,
                       "/index.html and / are both index")

        // A new title is the same screen, in the same file, with no change.
        try CLI.write(page("Settings · Shop"), to: site.appendingPathComponent("index.html"))
        let again = try CLI.run(["record", "--out", "web", server.url("/settings")], cwd: dir)
        XCTAssertEqual(again.code, 0, again.err)
        XCTAssertEqual(files(dir.appendingPathComponent("web")).count, 4)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("web/settings.json"), encoding: .utf8), saved)

        // A page recorded before it rendered has no stops: refused, nothing written, unless --allow-empty.
        let late = fixtures.appendingPathComponent("late.html").path
        let empty = try CLI.run(["record", "--out", "late", late], cwd: dir)
        XCTAssertEqual(empty.code, 2)
        XCTAssertTrue(empty.err.contains("late.html: the page has no stops"), empty.err)
        XCTAssertEqual(empty.err.filter { $0 == "\n" }.count, 1, empty.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("late").path))
        let allowed = try CLI.run(["record", "--out", "late", "--allow-empty", late], cwd: dir)
        XCTAssertEqual(allowed.code, 0, allowed.err)
        XCTAssertTrue(allowed.out.hasPrefix("late/late.json  0 stops"), allowed.out)
        let waited = try CLI.run(["record", "--out", "late", "--wait-for", "#ready", late], cwd: dir)
        XCTAssertEqual(waited.code, 0, waited.err)
        XCTAssertTrue(waited.out.hasPrefix("late/late.json  1 stop "), waited.out)
    }
}

/// Python's http.server on a free loopback port, serving `root`, every path
/// without a file answered with index.html (as a single-page app's server does).
final class LocalServer {
    let process: BackgroundProcess
    let port: Int

    init(_ root: URL) throws {
        let script = """
            import http.server, os, socketserver, sys
            os.chdir(sys.argv[1])
            class Handler(http.server.SimpleHTTPRequestHandler):
                def log_message(self, *args): pass
                def do_GET(self):
                    if not os.path.isfile(self.translate_path(self.path)): self.path = "/index.html"
                    return super().do_GET()
            server = socketserver.TCPServer(("127.0.0.1", 0), Handler)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """
        process = try ChildProcess("python3", ["-c", script, root.path], stderr: .discard).start()
        // The port is the first line the server prints.
        let deadline = Date().addingTimeInterval(30)
        var port: Int?
        while port == nil, process.isRunning, Date() < deadline {
            let output = process.output
            if let newline = output.firstIndex(of: "\n") { port = Int(output[..<newline]) } else { usleep(10_000) }
        }
        guard let port else {
            process.signal(SIGTERM)
            throw NSError(domain: "LocalServer", code: 1, userInfo: [NSLocalizedDescriptionKey: "http.server did not start"])
        }
        self.port = port
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    func stop() {
        process.signal(SIGTERM)
        _ = process.waitForExit(timeout: 30)
    }
}
