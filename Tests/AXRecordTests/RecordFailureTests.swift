import AXRecord
import AXSnapshot
import AXTestSupport
import Foundation
import XCTest

/// Pages that cannot be recorded are errors naming the page; requests to
/// other hosts are refused; a browser that does not start or answer is an
/// error, never a hang.
final class RecordFailureTests: XCTestCase {
    func recorder() throws -> PageRecorder {
        let r = try PageRecorder(chromium: try Fixtures.chromium())
        addTeardownBlock { r.close() }
        return r
    }

    func assertFails(_ body: () throws -> Void, page: String, saying words: String, file: StaticString = #filePath, line: UInt = #line) {
        do {
            try body()
            XCTFail("expected an error about \(page)", file: file, line: line)
        } catch let e as RecordError {
            XCTAssertEqual(e.page, page, file: file, line: line)
            XCTAssertTrue(e.description.contains(words), e.description, file: file, line: line)
            XCTAssertFalse(e.description.contains("\n"), "one line: \(e.description)", file: file, line: line)
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
    }

    func testAPageThatNeverAnswersTimesOut() throws {
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
        let server = try LocalServer(folder: Fixtures.directory, silent: true)
        defer { server.stop() }
        let r = try recorder()
        let url = server.base + "/card-plain.html"
        // The message names the 2 s given, not the default: that timeout is the one that fired.
        assertFails({ _ = try r.record(url, options: .init(timeout: 2)) }, page: url, saying: "timed out after 2 s waiting for the page to load")
        // The browser is still usable afterwards.
        XCTAssertEqual(try r.record(Fixtures.url("hidden")).snapshot.stops.count, 3)
    }

    func testAFileWhoseImageNeverArrivesTimesOut() throws {
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
        let server = try LocalServer(folder: Fixtures.directory, silent: true)
        defer { server.stop() }
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("axdiff-never-\(UUID().uuidString).html")
        try Data("<title>Never</title><img src=\"\(server.base)/slow.png\" alt=x>".utf8).write(to: page)
        defer { try? FileManager.default.removeItem(at: page) }
        let r = try recorder()
        assertFails({ _ = try r.record(page.absoluteString, options: .init(timeout: 2)) }, page: page.absoluteString, saying: "timed out")
    }

    func testMissingFilesAndHTTPErrorsAreErrors() throws {
        let server = try LocalServer(folder: Fixtures.directory)
        defer { server.stop() }
        let r = try recorder()
        let missing = Fixtures.url("no-such-page")
        assertFails({ _ = try r.record(missing) }, page: missing, saying: "did not load (net::ERR_FILE_NOT_FOUND)")
        let notFound = server.base + "/no-such-page.html"
        assertFails({ _ = try r.record(notFound) }, page: notFound, saying: "HTTP 404")
        // The same fixture served over http://127.0.0.1 records like the file.
        let served = try r.record(server.base + "/card-plain.html", name: "card-plain").snapshot
        XCTAssertEqual(SnapshotJSONWriter.json(served), SnapshotJSONWriter.json(try Fixtures.snapshot("card-plain")))
    }

    func testRequestsToOtherHostsAreRefusedAndNamed() throws {
        let server = try LocalServer(folder: Fixtures.directory)
        defer { server.stop() }
        let r = try recorder()
        let page = try r.record(server.base + "/external.html")
        XCTAssertEqual(page.blocked.sorted(), ["http://93.184.216.34/logo.png", "https://fonts.example.com/style.css"])
        XCTAssertEqual(page.snapshot.stops.map(\.label), ["Welcome", "Logo", "Local"])
    }

    func testWaitForASelector() throws {
        let r = try recorder()
        let late = try r.record(Fixtures.url("late"), options: .init(waitFor: "#ready"))
        XCTAssertEqual(late.snapshot.stops.map(\.spoken), ["Continue, button"])
        let url = Fixtures.url("late")
        assertFails({ _ = try r.record(url, options: .init(waitFor: "#never", timeout: 2)) }, page: url, saying: "timed out after 2 s waiting for #never")
        assertFails({ _ = try r.record(url, options: .init(waitFor: "][")) }, page: url, saying: "not a valid selector")
    }

    func testOnlyLocalPagesAreAccepted() {
        for bad in ["https://example.com/", "http://10.0.0.1/", "ftp://localhost/x", "javascript:alert(1)", "/no/such/file.html"] {
            XCTAssertThrowsError(try PageAddress.url(for: bad), bad)
        }
        for good in ["http://localhost:8080/", "http://127.0.0.1/x", "http://[::1]:3000/", "https://app.localhost/"] {
            XCTAssertEqual(try PageAddress.url(for: good), good)
        }
        XCTAssertEqual(try PageAddress.url(for: Fixtures.directory.appendingPathComponent("dialog.html").path), Fixtures.url("dialog"))
    }

    func testABrowserThatExitsOrNeverAnswersIsAnError() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("axdiff-fake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, script, words) in [("exits", "echo 'cannot open display' >&2; exit 1", "exited or crashed (Chromium: cannot open display)"),
                                      ("hangs", "exec sleep 30", "timed out after 1 s waiting for Chromium to start")] {
            let path = dir.appendingPathComponent(name).path
            try Data("#!/bin/sh\n\(script)\n".utf8).write(to: URL(fileURLWithPath: path))
            chmod(path, 0o755)
            // "timed out after 1 s": the timeout given fired, not the script's own end 30 s later.
            XCTAssertThrowsError(try PageRecorder(chromium: path, timeout: 1)) { error in
                XCTAssertTrue("\(error)".contains(words), "\(name): \(error)")
            }
        }
        XCTAssertThrowsError(try PageRecorder(chromium: dir.appendingPathComponent("missing").path)) { error in
            XCTAssertTrue("\(error)".contains("cannot start Chromium"), "\(error)")
        }
    }
}

/// A page nested deeper than a snapshot file may be still records, and the
/// file reads back: containers below `maxDepth` give their stops to their parent.
final class DeepPageTests: XCTestCase {
    func testADeeplyNestedPageRecordsAndReadsBack() throws {
        let depth = 450
        var html = "<title>Deep</title>"
        for i in 0..<depth { html += "<section aria-label=\"Level \(i)\"><button>B\(i)</button>" }
        html += String(repeating: "</section>", count: depth)
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("axdiff-deep-\(UUID().uuidString).html")
        try Data(html.utf8).write(to: page)
        defer { try? FileManager.default.removeItem(at: page) }
        let recorder = try PageRecorder(chromium: try Fixtures.chromium())
        defer { recorder.close() }
        let snapshot = try recorder.record(page.absoluteString).snapshot
        XCTAssertEqual(snapshot.stops.map(\.label), (0..<depth).map { "B\($0)" })
        let json = SnapshotJSONWriter.json(snapshot)
        let back = try SnapshotReader.read(Array(json.utf8), file: "Deep.json")
        XCTAssertEqual(back.stops.map(\.label), snapshot.stops.map(\.label))
    }
}
