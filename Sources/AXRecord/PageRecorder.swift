import AXSnapshot
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AXBase

/// Records pages as snapshots with one headless Chromium: each page in a
/// fresh tab at a fixed viewport, loaded until its `load` event (and a
/// selector, when asked), then its accessibility tree joined with its
/// layout. Requests for anything not local are refused and listed.
public final class PageRecorder {
    public struct Options: Sendable {
        public var width: Int
        public var height: Int
        /// A CSS selector that must match before the page is read.
        public var waitFor: String?
        /// Seconds a page may take, from opening its tab to reading it.
        public var timeout: Double

        public init(width: Int = 1280, height: Int = 800, waitFor: String? = nil, timeout: Double = 30) {
            self.width = width
            self.height = height
            self.waitFor = waitFor
            self.timeout = timeout
        }
    }

    public struct Page: Sendable {
        public var snapshot: Snapshot
        /// Requests the page made that were refused (not local), in order.
        public var blocked: [String]
        public var timing: Timing
    }

    /// Where a page's recording time went, in seconds.
    public struct Timing: Sendable {
        /// Opening the tab, loading the page, waiting for it to settle.
        public var load: Double
        /// Chromium building and sending the accessibility tree and the layout.
        public var browser: Double
        /// Decoding those and building the snapshot.
        public var axdiff: Double
        /// The decoding part of `axdiff`.
        public var decode: Double
    }

    private let process: ChromiumProcess
    private let connection: CDPConnection
    private let executable: String
    /// The browser's product string (`HeadlessChrome/…`).
    public let version: String

    /// Starts the browser; throws when it cannot start or does not answer
    /// within `timeout` seconds.
    public init(chromium executable: String, timeout: Double = 30) throws {
        self.executable = executable
        do {
            process = try ChromiumProcess(executable: executable)
        } catch let e as ChromiumProcess.LaunchError {
            throw RecordError(page: "", message: e.description)
        }
        connection = CDPConnection(writeFD: process.toBrowser, readFD: process.fromBrowser)
        struct Version: Decodable { var product: String }
        do {
            version = try connection.call("Browser.getVersion", until: Date().addingTimeInterval(timeout), as: Version.self).product
        } catch {
            let why = Self.describe(error, waitingFor: "Chromium to start", timeout: timeout, log: process.stderrTail())
            process.stop(within: 0)
            throw RecordError(page: "", message: "Chromium at \(executable) did not start: \(why)")
        }
    }

    /// Closes the browser (politely, then by force after two seconds).
    public func close() {
        _ = try? connection.send("Browser.close")
        process.stop(within: 2)
    }

    deinit { process.stop(within: 0) }

    /// The first Chromium on the `PATH` (`chromium`, `chromium-browser`,
    /// `google-chrome`), or nil.
    public static func findChromium() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for dir in path.split(separator: ":") {
                let candidate = "\(dir)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    /// Loads `url` and reads it. `name` overrides the page title as the
    /// snapshot's screen.
    public func record(_ url: String, name: String? = nil, options: Options = Options()) throws -> Page {
        let started = Date()
        let deadline = started.addingTimeInterval(options.timeout)
        let tab = PageTab(url: url)
        do {
            let created = try connection.call("Target.createTarget", ["url": "about:blank"], until: deadline, as: CDP.TargetCreated.self)
            tab.target = created.targetId
            defer { _ = try? connection.send("Target.closeTarget", ["targetId": created.targetId]) }
            let session = try connection.call("Target.attachToTarget", ["targetId": created.targetId, "flatten": true],
                                              until: deadline, as: CDP.Attached.self).sessionId
            tab.session = session
            connection.onEvent = { [connection] event in try tab.handle(event, connection: connection) }
            defer { connection.onEvent = nil }
            return try load(tab, session: session, name: name, options: options, deadline: deadline, started: started)
        } catch let e as RecordError {
            throw e
        } catch {
            throw RecordError(page: url, message: Self.describe(error, waitingFor: tab.phase, timeout: options.timeout, log: process.stderrTail()))
        }
    }

    private func load(_ tab: PageTab, session: String, name: String?, options: Options, deadline: Date, started: Date) throws -> Page {
        let c = connection
        try c.call("Emulation.setDeviceMetricsOverride",
                   ["width": options.width, "height": options.height, "deviceScaleFactor": 1, "mobile": false],
                   session: session, until: deadline)
        try c.call("Fetch.enable", ["patterns": [["urlPattern": "*"]]], session: session, until: deadline)
        try c.call("Network.enable", session: session, until: deadline)
        try c.call("Page.enable", session: session, until: deadline)
        let nav = try c.call("Page.navigate", ["url": tab.url], session: session, until: deadline, as: CDP.Navigated.self)
        if let error = nav.errorText, !error.isEmpty {
            throw RecordError(page: tab.url, message: "the page did not load (\(error))")
        }
        tab.frameId = nav.frameId
        tab.loaderId = nav.loaderId
        try c.pump(until: deadline, waitingFor: "Page.loadEventFired") { tab.loaded || tab.failure != nil }
        if let failure = tab.failure { throw RecordError(page: tab.url, message: failure) }

        if let selector = options.waitFor {
            tab.phase = selector
            let test = "document.querySelector(\(SnapshotJSONWriter.quoted(selector))) !== null"
            while true {
                let r = try c.call("Runtime.evaluate", ["expression": test, "returnByValue": true], session: session,
                                   until: deadline, as: CDP.Evaluated.self)
                if let ex = r.exceptionDetails {
                    throw RecordError(page: tab.url, message: "--wait-for \(selector): not a valid selector (\(ex.text))")
                }
                if r.result.value == .bool(true) { break }
                guard Date().addingTimeInterval(0.05) < deadline else { throw CDPConnection.Failure.timedOut(method: selector) }
                usleep(50_000)
            }
        }
        tab.phase = "the page to settle"
        // Two animation frames: layout and style changes made by the load
        // handlers have been applied.
        try c.call("Runtime.evaluate", ["expression": "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))",
                                        "awaitPromise": true, "returnByValue": true], session: session, until: deadline)
        let loaded = Date(), decodedBefore = c.decodeSeconds
        let tree = CDP.FullAXTree(try c.callParsed("Accessibility.getFullAXTree", session: session, until: deadline))
        let dom = CDP.DOMSnapshot(try c.callParsed("DOMSnapshot.captureSnapshot", ["computedStyles": PageLayout.styles],
                                                   session: session, until: deadline))
        if let failure = tab.failure { throw RecordError(page: tab.url, message: failure) }

        let fetched = Date(), decoded = c.decodeSeconds - decodedBefore
        let layout = PageLayout(dom)
        let (title, elements) = WebTreeBuilder(nodes: tree.nodes, layout: layout).build()
        let screen = name ?? (title.isEmpty ? Self.fileStem(tab.url) : title)
        let snapshot = Snapshot(screen: screen, platform: .web, locale: layout.language,
                                layoutDirection: layout.direction, elements: elements)
        let timing = Timing(load: loaded.timeIntervalSince(started), browser: fetched.timeIntervalSince(loaded) - decoded,
                            axdiff: decoded + Date().timeIntervalSince(fetched), decode: decoded)
        return Page(snapshot: snapshot, blocked: tab.blocked, timing: timing)
    }

    /// The last path component without its extension, for a page without a title.
    static func fileStem(_ url: String) -> String {
        let last = URL(string: url)?.deletingPathExtension().lastPathComponent ?? ""
        return last.isEmpty || last == "/" ? "page" : last
    }

    static func seconds(_ t: Double) -> String {
        t.rounded() == t ? "\(Int(t)) s" : "\(t) s"
    }

    static func describe(_ error: Error, waitingFor what: String, timeout: Double, log: String) -> String {
        let tail = log.isEmpty ? "" : " (Chromium: \(log))"
        switch error {
        case CDPConnection.Failure.closed: return "Chromium exited or crashed\(tail)"
        case CDPConnection.Failure.timedOut: return "timed out after \(seconds(timeout)) waiting for \(what)"
        case CDPConnection.Failure.command(let method, let message): return "Chromium refused \(method): \(message)"
        case CDPConnection.Failure.malformed(let message): return "Chromium sent \(message)"
        default: return "\(error)"
        }
    }
}
