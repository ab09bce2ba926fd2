import AXRecord
import AXSnapshot
import Foundation
import XCTest

/// The HTML fixtures, recorded once per test run by one real headless
/// Chromium (each test that needs them skips, saying so, when none is
/// installed; Scripts/setup.sh installs Debian's `chromium`).
enum Fixtures {
    static let names = [
        "card-plain", "card-order", "card-button-first", "rtl-row", "rtl-row-reverse", "grid-plain", "grid-placed",
        "absolute-plain", "absolute-moved", "hidden", "combobox", "dialog",
    ]

    static var directory: URL { Bundle.module.url(forResource: "Fixtures", withExtension: nil)! }

    static func url(_ name: String) -> String { directory.appendingPathComponent("\(name).html").absoluteString }

    /// The browser, or a skip with the reason.
    static func chromium() throws -> String {
        if let path = ProcessInfo.processInfo.environment["CHROMIUM"] { return path }
        guard let path = PageRecorder.findChromium() else {
            throw XCTSkip("chromium is not installed (Scripts/setup.sh installs it): the web recording tests did not run")
        }
        return path
    }

    /// Every fixture recorded under its own name, twice over in one browser
    /// (the second pass checks that recording is deterministic).
    static func recorded() throws -> (first: [String: PageRecorder.Page], second: [String: PageRecorder.Page], version: String) {
        let browser = try chromium()
        lock.lock()
        defer { lock.unlock() }
        if let cache { return cache }
        let recorder = try PageRecorder(chromium: browser)
        defer { recorder.close() }
        var first: [String: PageRecorder.Page] = [:], second: [String: PageRecorder.Page] = [:]
        for name in names { first[name] = try recorder.record(url(name), name: name) }
        for name in names.reversed() { second[name] = try recorder.record(url(name), name: name) }
        cache = (first, second, recorder.version)
        return (first, second, recorder.version)
    }

    static func snapshot(_ name: String) throws -> Snapshot {
        guard let page = try recorded().first[name] else { throw XCTSkip("no fixture \(name)") }
        return page.snapshot
    }

    nonisolated(unsafe) private static var cache: (first: [String: PageRecorder.Page], second: [String: PageRecorder.Page], version: String)?
    private static let lock = NSLock()
}
