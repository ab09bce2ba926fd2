import AXProcess
import AXTestSupport
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import XCTest

/// `axdiff html` and `axdiff watch --html` on a real repository, and the pages
/// opened in headless Chromium: they load without a console message, hostile
/// labels and subjects are text, nothing injected runs, the layout reflows at
/// 200 % zoom. Screenshots are kept (their folder is printed).
///
/// The screenshots and the layout probes (15 Chromium runs, half a minute
/// here) run with `AXDIFF_FULL_TESTS=1`, as `.ci/run` sets it; the DOM of every
/// page is checked in every run.
final class HTMLSiteTests: XCTestCase {
    static let hostileLabel = "<img src=x onerror=alert(1)>"
    static let hostileSubject = "<script>alert(2)</script>"

    func testPagesLoadInChromiumWithHostileTextShownAsText() throws {
        let chromium = try Chromium.find(self)
        let repo = try SiteRepo(self)
        try repo.makeHistory()
        let site = try CLI.tempDir(self).appendingPathComponent("site")
        let r = try CLI.run(["html", "--repo", repo.path, "--out", site.path])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.out.hasPrefix("wrote \(site.path)/index.html: 4 commits, 2 screens"), r.out)

        let hostileCommit = try repo.git(["rev-parse", "main"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let profile = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("screens").path)
            .first { $0.hasPrefix("snapshots-profile-json-") })
        let pages = ["index.html", "commits/\(hostileCommit).html", "screens/\(profile)"]
        let shots = FileManager.default.temporaryDirectory.appendingPathComponent("axdiff-html-screenshots-\(getpid())")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        print("HTMLSiteTests: screenshots in \(shots.path)")

        for page in pages {
            let url = site.appendingPathComponent(page)
            let dump = try chromium.run(["--dump-dom", url.absoluteString])
            XCTAssertEqual(dump.code, 0, "\(page): \(dump.err.suffix(2000))")
            XCTAssertEqual(Chromium.consoleMessages(dump.err), [], "\(page) logs to the console")
            let dom = dump.out
            XCTAssertTrue(dom.contains("<h1>"), "\(page) rendered: \(dom.prefix(300))")
            XCTAssertEqual(dom.components(separatedBy: "<h1").count - 1, 1, page)
            XCTAssertFalse(dom.contains("<img"), "\(page): an injected element")
            XCTAssertFalse(dom.contains("<script"), "\(page): an injected script")
            XCTAssertFalse(dom.contains("<b>"), page)
            XCTAssertTrue(dom.contains("&lt;script&gt;alert(2)&lt;/script&gt;"), "\(page) shows the subject as text")
            if page.hasPrefix("commits/") {
                XCTAssertTrue(dom.contains("&lt;img src=x onerror=alert(1)&gt;"), "the label is shown as text")
                XCTAssertTrue(dom.contains("<ol class=\"order\">"))
                XCTAssertTrue(dom.contains("tag-moved"))
            }
            guard FullTests.enabled else { continue }
            for (width, height) in [(390, 2400), (1280, 1800)] {
                let png = shots.appendingPathComponent(page.replacingOccurrences(of: "/", with: "_") + "-\(width).png")
                let shot = try chromium.screenshot(url, width: width, height: height, to: png, in: shots)
                XCTAssertEqual(shot.code, 0, shot.err.suffix(2000).description)
                XCTAssertEqual(Chromium.consoleMessages(shot.err), [], "\(page) logs to the console")
                let bytes = try Data(contentsOf: png)
                XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "\(png.path) is a PNG")
            }
            // At 390 CSS pixels (a phone) and 640 (a 1280-pixel window at 200 % zoom) the
            // page does not scroll sideways, no table scrolls, no word breaks inside
            // itself, a change kind stays on one line, and the two reading orders stay
            // side by side so a moved stop can be followed across.
            for width in [390, 640] {
                let layout = try chromium.layoutProbe(page: url, width: width, in: shots)
                XCTAssertEqual(layout["overflow"], "false", "\(page) scrolls sideways at \(width) px")
                XCTAssertEqual(layout["tables"], "false", "\(page): a table is wider than the page at \(width) px")
                XCTAssertEqual(layout["midword"], "", "\(page): words broken inside at \(width) px")
                XCTAssertEqual(layout["kindwraps"], "false", "\(page): a change kind wraps at \(width) px")
                if page.hasPrefix("commits/") {
                    XCTAssertEqual(layout["stacked"], "false", "the reading orders sit side by side at \(width) px")
                    let top = Int(layout["ordertop"] ?? "") ?? .max
                    XCTAssertLessThan(top, 1600, "the reading orders start \(top) px down at \(width) px")
                }
                if page == "index.html" {
                    XCTAssertEqual(layout["failcolor"], "rgb(253, 236, 238)", "a commit with errors is marked in colour")
                    XCTAssertEqual(layout["attentionfirst"], "true", "what needs attention comes before the tables")
                }
            }
            if page.hasPrefix("commits/") {
                XCTAssertEqual(try chromium.layoutProbe(page: url, width: 1280, in: shots)["stacked"], "false",
                               "the columns sit side by side on a wide window")
            }
        }
    }

    func testBuildIsDeterministicAndWatchKeepsTheSiteCurrent() throws {
        let repo = try SiteRepo(self)
        try repo.makeHistory()
        let tmp = try CLI.tempDir(self)
        let (a, b, watched) = (tmp.appendingPathComponent("a"), tmp.appendingPathComponent("b"), tmp.appendingPathComponent("w"))
        XCTAssertEqual(try CLI.run(["html", "--repo", repo.path, "--out", a.path]).code, 0)
        XCTAssertEqual(try CLI.run(["html", "--repo", repo.path, "--out", b.path]).code, 0)
        try assertSameFiles(a, b)

        // The verdicts: a branch with an unaccepted error fails, an accepted one passes.
        let index = try String(contentsOf: a.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(index.contains(#"<th scope="row" class="user">feature/<wbr>lost-label</th><td><span class="verdict-fails"><span aria-hidden="true">✗ </span>fails</span></td><td>1 error, 0 warnings</td>"#), index)
        XCTAssertTrue(index.contains(#"<th scope="row" class="user">feature/<wbr>accepted</th><td><span class="verdict-passes"><span aria-hidden="true">✓ </span>passes</span></td><td>0 errors, 0 warnings, 1 accepted</td>"#), index)
        XCTAssertTrue(index.contains(#"<th scope="row" class="user">main</th><td>base branch</td>"#))
        let state = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: a.appendingPathComponent(".axdiff-site.json"))) as? [String: Any])
        XCTAssertEqual((state["commits"] as? [Any])?.count, 4)

        // The watcher builds the same site, batch by batch; commits still pending
        // are left to later batches (which bring their analyses) rather than analysed twice.
        var w = try CLI.run(["watch", "--once", "--batch", "2", "--repo", repo.path, "--html", watched.path])
        XCTAssertEqual(w.code, 0, w.err)
        let sites = w.out.split(separator: "\n").filter { $0.hasPrefix("site: ") }
        XCTAssertEqual(sites.map { $0.prefix(15) }, ["site: 0 commits", "site: 2 commits", "site: 4 commits"], w.out)
        try assertSameFiles(a, watched)

        // A new commit: its page, the index and its screen's page are written; old pages are not.
        let oldPage = watched.appendingPathComponent("commits/\(try repo.rev("main~1")).html")
        let untouched = watched.appendingPathComponent("screens").appendingPathComponent(
            try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: watched.appendingPathComponent("screens").path)
                .first { $0.hasPrefix("snapshots-profile-json-") }))
        let before = try modificationDates([oldPage, untouched])
        try repo.commit("Name the help button", ["Snapshots/Checkout.json": SiteRepo.checkout(["Payment failed", "Card number", "Try again", "Get help"])])
        w = try CLI.run(["watch", "--once", "--repo", repo.path, "--html", watched.path])
        XCTAssertEqual(w.code, 0, w.err)
        XCTAssertTrue(w.out.contains("site: 5 commits, 2 screens; 3 pages written, 0 removed"), w.out)
        XCTAssertEqual(try modificationDates([oldPage, untouched]), before, "pages of old commits and other screens are left alone")
        let c = tmp.appendingPathComponent("c")
        XCTAssertEqual(try CLI.run(["html", "--repo", repo.path, "--out", c.path]).code, 0)
        try assertSameFiles(c, watched)
        // The screen page's earlier versions: the commits before the latest that changed Checkout, newest first.
        let checkout = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: c.appendingPathComponent("screens").path)
            .first { $0.hasPrefix("snapshots-checkout-json-") })
        let page = try String(contentsOf: c.appendingPathComponent("screens").appendingPathComponent(checkout), encoding: .utf8)
        let changed = try repo.git(["log", "--all", "--format=%H", "--", "Snapshots/Checkout.json"]).split(separator: "\n").map(String.init)
        let linked = page.components(separatedBy: "<h3 id=\"history-").dropFirst().map { String($0.components(separatedBy: "commits/").dropFirst().first?.prefix(40) ?? "") }
        XCTAssertEqual(linked.count, min(changed.count, 5) - 1, page)
        XCTAssertEqual(changed.first, try repo.rev("main"))
        XCTAssertEqual(linked, Array(changed.dropFirst().prefix(4)), page)

        // A deleted branch: its own commits leave the site at the next start.
        let lost = try repo.rev("feature/lost-label")
        try repo.git(["branch", "-D", "feature/lost-label"])
        w = try CLI.run(["watch", "--once", "--repo", repo.path, "--html", watched.path])
        XCTAssertEqual(w.code, 0, w.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: watched.appendingPathComponent("commits/\(lost).html").path))
        let d = tmp.appendingPathComponent("d")
        XCTAssertEqual(try CLI.run(["html", "--repo", repo.path, "--out", d.path]).code, 0)
        try assertSameFiles(d, watched)
    }

    func testUsageAndRange() throws {
        let repo = try SiteRepo(self)
        try repo.makeHistory()
        let missing = try CLI.run(["html", "--repo", repo.path])
        XCTAssertEqual(missing.code, 2)
        XCTAssertTrue(missing.err.contains("--out DIR is required"), missing.err)
        let site = try CLI.tempDir(self).appendingPathComponent("range")
        let r = try CLI.run(["html", "--repo", repo.path, "--out", site.path, "main~1..main"])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.out.contains(": 1 commit, "), r.out)
        let bad = try CLI.run(["html", "--repo", repo.path, "--out", site.path, "nope..main"])
        XCTAssertEqual(bad.code, 2)
    }

    // MARK: - Helpers

    private func assertSameFiles(_ a: URL, _ b: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let (x, y) = (try files(a), try files(b))
        XCTAssertEqual(x.keys.sorted(), y.keys.sorted(), file: file, line: line)
        for (name, data) in x where y[name] != data {
            XCTFail("\(name) differs between \(a.lastPathComponent) and \(b.lastPathComponent)", file: file, line: line)
        }
    }

    private func files(_ root: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for sub in ["", "commits", "screens"] {
            let dir = root.appendingPathComponent(sub)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) {
                let url = dir.appendingPathComponent(name)
                var isDir: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), !isDir.boolValue else { continue }
                out[(sub.isEmpty ? "" : sub + "/") + name] = try Data(contentsOf: url)
            }
        }
        return out
    }

    private func modificationDates(_ urls: [URL]) throws -> [Date] {
        try urls.map { try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: $0.path)[.modificationDate] as? Date) }
    }
}

/// A small snapshot repository driven with the git command line.
private final class SiteRepo {
    let url: URL
    var path: String { url.path }
    private var clock = 1_767_225_600

    init(_ test: XCTestCase) throws {
        url = try CLI.tempDir(test).appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try git(["init", "-q", "-b", "main"])
    }

    static func checkout(_ labels: [String]) -> String {
        let roles = ["Payment failed": "text", "Card number": "textField"]
        let elements = labels.map { #"{"role": "\#(roles[$0] ?? "button")", "label": "\#($0)"}"# }
        return #"{"axsnapshot": 1, "screen": "Checkout", "elements": [\#(elements.joined(separator: ", "))]}"#
    }

    static func profile(_ first: String) -> String {
        #"{"axsnapshot": 1, "screen": "Profile", "elements": [{"role": "heading", "label": "\#(first)"}, {"role": "button", "label": "\#(HTMLSiteTests.hostileLabel)"}, {"role": "button", "label": "Sign out"}]}"#
    }

    /// main: two commits (the second with a hostile subject and an order
    /// regression); `feature/lost-label` loses a button's name (an error);
    /// `feature/accepted` regresses the order with an `Axdiff-Accept` trailer.
    func makeHistory() throws {
        try commit("Add checkout and profile", [
            "Snapshots/Checkout.json": Self.checkout(["Payment failed", "Card number", "Try again", "Support"]),
            "Snapshots/Profile.json": Self.profile("Profile"),
        ])
        try commit(HTMLSiteTests.hostileSubject, [
            "Snapshots/Checkout.json": Self.checkout(["Try again", "Payment failed", "Card number", "Support"]),
            "Snapshots/Profile.json": #"{"axsnapshot": 1, "screen": "Profile", "elements": [{"role": "button", "label": "\#(HTMLSiteTests.hostileLabel)"}, {"role": "heading", "label": "Your profile"}, {"role": "button", "label": "Sign out"}]}"#,
        ])
        try git(["checkout", "-q", "-b", "feature/lost-label"])
        try commit("Icon-only support button", ["Snapshots/Checkout.json": Self.checkout(["Try again", "Payment failed", "Card number", "icSupport"])])
        try git(["checkout", "-q", "main"])
        try git(["checkout", "-q", "-b", "feature/accepted", "main~1"])
        try commit("Retry first\n\nAxdiff-Accept: order.regressed Checkout",
                   ["Snapshots/Checkout.json": Self.checkout(["Try again", "Payment failed", "Card number", "Support"])])
        try git(["checkout", "-q", "main"])
    }

    @discardableResult
    func commit(_ message: String, _ files: [String: String]) throws -> String {
        for (relative, text) in files { try CLI.write(text, to: url.appendingPathComponent(relative)) }
        try git(["add", "-A"])
        clock += 60
        try git(["commit", "-q", "-m", message])
        return try rev("HEAD")
    }

    func rev(_ name: String) throws -> String {
        try git(["rev-parse", name]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @discardableResult
    func git(_ args: [String]) throws -> String {
        let r = try CLI.run(["-C", path, "-c", "user.name=Test <x>", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"] + args,
                            env: ["GIT_AUTHOR_DATE": "@\(clock) +0000", "GIT_COMMITTER_DATE": "@\(clock) +0000"],
                            executable: URL(fileURLWithPath: "/usr/bin/git"))
        guard r.code == 0 else { throw NSError(domain: "git", code: Int(r.code), userInfo: [NSLocalizedDescriptionKey: "git \(args): \(r.err)"]) }
        return r.out
    }
}

/// Headless Chromium, one short-lived process per page, each killed after 30 s.
private struct Chromium {
    let executable: URL
    let profile: URL

    /// The browser, or a skip when none is installed.
    static func find(_ test: XCTestCase) throws -> Chromium {
        let candidates = [ProcessInfo.processInfo.environment["CHROMIUM"], "/usr/bin/chromium", "/usr/bin/chromium-browser",
                          "/usr/bin/google-chrome"].compactMap { $0 }
        guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("chromium is not installed")
        }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("axdiff-chromium-\(UUID().uuidString)")
        test.addTeardownBlock { try? FileManager.default.removeItem(at: profile) }
        return Chromium(executable: URL(fileURLWithPath: path), profile: profile)
    }

    /// Runs as root here, hence `--no-sandbox`; a profile of its own, so
    /// parallel runs do not share state.
    func run(_ args: [String], timeout: TimeInterval = 30) throws -> ChildProcess.Result {
        try ChildProcess.run(executable, ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                                          "--user-data-dir=\(profile.path)", "--enable-logging=stderr", "--v=0"] + args,
                             timeout: timeout, what: "chromium")
    }

    /// Lines Chromium logs for the page's console (errors, CSP violations,
    /// failed loads; the site runs no script, so any line is a fault).
    static func consoleMessages(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
    }

    /// Loads a copy of `page` with a measuring script (the site's policy
    /// forbids scripts, so the copy drops it) at `width` CSS pixels and returns
    /// what it measured: `overflow` (the page scrolls sideways), `tables` (a
    /// table scrolls inside its region), `stacked` (the second reading-order
    /// column sits below the first), `midword` (words broken inside
    /// themselves), `kindwraps` (a change kind on two lines), `ordertop` (where
    /// the first reading order starts), `failcolor` (a failing commit row's
    /// background) and `attentionfirst` (the summary of what needs attention
    /// comes before the first table).
    func layoutProbe(page: URL, width: Int, in folder: URL) throws -> [String: String] {
        var html = try String(contentsOf: page, encoding: .utf8)
        html = html.replacingOccurrences(of: #"<meta http-equiv="Content-Security-Policy""#, with: #"<meta name="csp-removed-for-probe""#)
        let script = """
        <script>
        const root = document.documentElement;
        const columns = document.querySelectorAll('.columns > section');
        const found = {};
        const set = (k, v) => { found[k] = String(v); };
        set('overflow', root.scrollWidth > root.clientWidth);
        set('tables', [...document.querySelectorAll('.table-scroll')].some(t => t.scrollWidth > t.clientWidth));
        set('stacked', columns.length > 1 && columns[1].getBoundingClientRect().top > columns[0].getBoundingClientRect().top + 1);
        // A run of letters and digits that spans two line boxes was broken inside
        // a word (a break after "/" or "-" is the browser's to make).
        const broken = [];
        const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (node.parentElement.closest('svg, code.sha')) continue;
            const re = /[\\p{L}\\p{N}]+/gu;
            for (let m = re.exec(node.data); m; m = re.exec(node.data)) {
                const range = document.createRange();
                range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
                const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
                if (tops.size > 1) broken.push(m[0]);
            }
        }
        set('midword', broken.slice(0, 5).join(' '));
        set('kindwraps', [...document.querySelectorAll('code.kind')].some(k => k.getClientRects().length > 1));
        const order = document.querySelector('ol.order');
        set('ordertop', order ? Math.round(order.getBoundingClientRect().top + window.scrollY) : -1);
        const fails = document.querySelector('tr.fails > td');
        set('failcolor', fails ? getComputedStyle(fails).backgroundColor : '');
        const attention = document.querySelector('.attention, .all-clear'), firstTable = document.querySelector('table');
        set('attentionfirst', !!attention && !!firstTable && (attention.compareDocumentPosition(firstTable) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0);
        parent.postMessage(found, '*');
        </script>
        """
        html = html.replacingOccurrences(of: "</body>", with: script + "</body>")
        let probe = folder.appendingPathComponent("probe-\(UUID().uuidString).html")
        try Data(html.utf8).write(to: probe)
        defer { try? FileManager.default.removeItem(at: probe) }
        // The page runs in a frame of `width` CSS pixels (headless windows are at
        // least 500 wide) and posts what it measured to this wrapper.
        let wrapper = try frame(probe, width: width, height: 900, in: folder, script: """
            <script>window.addEventListener('message', e => { for (const [k, v] of Object.entries(e.data)) document.body.setAttribute('data-' + k, v); });</script>
            """)
        defer { try? FileManager.default.removeItem(at: wrapper) }
        // Phones draw scrollbars over the page: hidden, the frame is `width` wide for the page.
        let r = try run(["--hide-scrollbars", "--window-size=\(max(width, 500) + 40),900", "--virtual-time-budget=5000", "--dump-dom", wrapper.absoluteString])
        var found: [String: String] = [:]
        for key in ["overflow", "stacked", "tables", "midword", "kindwraps", "ordertop", "failcolor", "attentionfirst"] {
            if let range = r.out.range(of: "data-\(key)=\""), let end = r.out[range.upperBound...].firstIndex(of: "\"") {
                found[key] = String(r.out[range.upperBound..<end])
            }
        }
        return found
    }

    /// A page that shows `page` in a frame `width` CSS pixels wide: how a
    /// viewport narrower than a headless window (at least 500 wide) is had.
    func frame(_ page: URL, width: Int, height: Int, in folder: URL, script: String = "") throws -> URL {
        let html = #"<!DOCTYPE html><html><head><meta charset="utf-8"><title>frame</title></head><body style="margin:0">"#
            + #"<iframe title="page" src="\#(page.absoluteString)" style="border:0;display:block;width:\#(width)px;height:\#(height)px"></iframe>"#
            + script + "</body></html>"
        let url = folder.appendingPathComponent("frame-\(UUID().uuidString).html")
        try Data(html.utf8).write(to: url)
        return url
    }

    /// A screenshot of `page` at `width` CSS pixels (in a frame when narrower than a headless window).
    func screenshot(_ page: URL, width: Int, height: Int, to png: URL, in folder: URL) throws -> ChildProcess.Result {
        guard width < 500 else { return try run(["--hide-scrollbars", "--screenshot=\(png.path)", "--window-size=\(width),\(height)", page.absoluteString]) }
        let wrapper = try frame(page, width: width, height: height, in: folder)
        defer { try? FileManager.default.removeItem(at: wrapper) }
        return try run(["--hide-scrollbars", "--virtual-time-budget=3000", "--screenshot=\(png.path)", "--window-size=500,\(height)", wrapper.absoluteString])
    }
}
