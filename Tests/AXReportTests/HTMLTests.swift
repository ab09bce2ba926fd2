import AXDiff
import AXReport
import AXSnapshot
import Foundation
import XCTest

/// Inputs for the site's renderers, built by hand so the pages do not change
/// when the diff engine's wording does. Stops come from real snapshot JSON.
enum HTMLFixtures {
    static let hostileLabel = "<img src=x onerror=alert(1)>"
    static let hostileSubject = "<script>alert(2)</script>"
    static let site = SiteInfo(title: "shop <app>", baseBranch: "main")

    static func stops(_ elements: String, screen: String = "Checkout") throws -> [Stop] {
        let json = #"{"axsnapshot": 1, "screen": "\#(screen)", "elements": [\#(elements)]}"#
        return try SnapshotReader.read(Array(json.utf8), file: "Snapshots/\(screen).json").stops
    }

    /// Checkout: "Try again" moved before "Payment failed" (old 3 → new 1),
    /// "Total" and "$24.80" merged (old 5, 6 → new 5), "Close" removed (old 7),
    /// a button with a hostile label added (new 6).
    static func checkout() throws -> ScreenDiff {
        let before = try stops("""
        {"role": "text", "label": "Payment failed"},
        {"id": "card_field", "role": "textField", "label": "Card number"},
        {"role": "button", "label": "Try again"},
        {"role": "button", "label": "Support"},
        {"role": "text", "label": "Total"},
        {"role": "text", "label": "$24.80"},
        {"role": "button", "label": "Close"}
        """)
        let hostile = hostileLabel.replacingOccurrences(of: "\"", with: "\\\"")
        let after = try stops("""
        {"role": "button", "label": "Try again"},
        {"role": "text", "label": "Payment failed"},
        {"id": "card_field", "role": "textField", "label": "Card number"},
        {"role": "button", "label": "Support"},
        {"role": "text", "label": "Total, $24.80"},
        {"role": "button", "label": "\(hostile)"}
        """)
        let changes = [
            Change(kind: .orderRegressed, screen: "Checkout",
                   elements: [ElementRef(after[0]), ElementRef(after[1])],
                   before: "Payment failed › Card number › Try again › Support › Total › $24.80 › Close",
                   after: "Try again › Payment failed › Card number › Support › Total, $24.80 › \(hostileLabel)",
                   message: "\"Try again\" is now read before \"Payment failed\""),
            Change(kind: .groupMerged, screen: "Checkout",
                   elements: [ElementRef(after[4]), ElementRef(before[4]), ElementRef(before[5])],
                   before: "Total › $24.80", after: "Total, $24.80",
                   message: "2 stops are now read as one: \"Total, $24.80\"", improvement: true),
            Change(kind: .stopAdded, screen: "Checkout", elements: [ElementRef(after[5])], after: hostileLabel,
                   message: "\"\(hostileLabel)\" is a new stop"),
            Change(kind: .stopRemoved, screen: "Checkout", elements: [ElementRef(before[6])], before: "Close",
                   message: "\"Close\" was removed"),
        ]
        return ScreenDiff(screen: "Checkout", path: "Snapshots/Checkout.json", changes: changes,
                          stopsBefore: before, stopsAfter: after, matchedOld: [2, 0, 1, 3, nil, nil],
                          moves: [Move(from: 2, to: 0)])
    }

    /// Orders: one stop split into two.
    static func orders() throws -> ScreenDiff {
        let before = try stops(#"{"role": "text", "label": "Your orders"}, {"role": "text", "label": "Order 1042, Delivered"}"#, screen: "Orders")
        let after = try stops(#"{"role": "text", "label": "Your orders"}, {"role": "text", "label": "Order 1042"}, {"role": "text", "label": "Delivered"}"#, screen: "Orders")
        let split = Change(kind: .groupSplit, screen: "Orders", elements: [ElementRef(after[1]), ElementRef(after[2])],
                           before: before[1].spoken, after: "Order 1042 › Delivered",
                           message: "\"Order 1042, Delivered\" is now read as 2 separate stops")
        return ScreenDiff(screen: "Orders", path: "Snapshots/Orders.json", changes: [split],
                          stopsBefore: before, stopsAfter: after, matchedOld: [0, nil, nil])
    }

    static func commit(_ screens: [ScreenDiff], subject: String = hostileSubject) -> SiteCommit {
        SiteCommit(sha: "0123456789abcdef0123456789abcdef01234567", subject: subject, author: "Ada \"<b>\" Lovelace",
                   date: Date(timeIntervalSince1970: 1_767_225_600),
                   report: DiffReport(screens: screens, snapshotsCompared: 3))
    }
}

/// Structural checks shared by the page tests.
enum HTMLChecks {
    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// Every `href="#x"` names an `id="x"` of the page.
    static func danglingFragments(in html: String) -> [String] {
        let ids = Set(captures(#"id="([^"]+)""#, in: html))
        return captures(##"href="#([^"]+)""##, in: html).filter { !ids.contains($0) }
    }

    /// Heading levels in document order.
    static func headingLevels(in html: String) -> [Int] {
        captures(#"<h([1-6])[ >]"#, in: html).compactMap(Int.init)
    }

    static func captures(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// One `<h1>`, and no heading more than one level below the one before it.
    static func assertHeadingsInOrder(_ html: String, file: StaticString = #filePath, line: UInt = #line) {
        let levels = headingLevels(in: html)
        XCTAssertEqual(levels.filter { $0 == 1 }.count, 1, "exactly one h1", file: file, line: line)
        XCTAssertEqual(levels.first, 1, "the h1 comes first", file: file, line: line)
        for (a, b) in zip(levels, levels.dropFirst()) {
            XCTAssertLessThanOrEqual(b, a + 1, "heading levels \(levels) skip one", file: file, line: line)
        }
    }

    /// What every page of the site has: language, policy, skip link, one main.
    static func assertFrame(_ html: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n"), file: file, line: line)
        XCTAssertTrue(html.contains(#"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">"#),
                      file: file, line: line)
        XCTAssertTrue(html.contains(##"<a class="skip" href="#main">Skip to content</a>"##), file: file, line: line)
        XCTAssertEqual(count("<main id=\"main\"", in: html), 1, file: file, line: line)
        XCTAssertTrue(html.contains(":focus-visible { outline:"), file: file, line: line)
        XCTAssertFalse(html.contains("<script"), "no script, ever", file: file, line: line)
        XCTAssertFalse(html.contains("<img"), file: file, line: line)
        XCTAssertFalse(html.contains("http://"), "nothing loaded from the network", file: file, line: line)
        XCTAssertTrue(danglingFragments(in: html).isEmpty, "\(danglingFragments(in: html))", file: file, line: line)
        assertHeadingsInOrder(html, file: file, line: line)
    }
}

/// The golden file: one small commit page, byte for byte.
final class HTMLTests: XCTestCase {
    /// `__Snapshots__/HTMLTests/<test>.html` beside this file. A missing file
    /// is recorded (and the test fails, so a recording is never a pass);
    /// `AXDIFF_RECORD=1` re-records on purpose.
    func assertGolden(_ text: String, name: String = #function, file: StaticString = #filePath, line: UInt = #line) throws {
        let test = name.replacingOccurrences(of: "()", with: "")
        let url = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/HTMLTests/\(test).html")
        let record = ProcessInfo.processInfo.environment["AXDIFF_RECORD"] == "1"
        guard !record, let golden = FileManager.default.contents(atPath: url.path) else {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            XCTFail("recorded \(url.path); check it and run the test again", file: file, line: line)
            return
        }
        if golden != Data(text.utf8) {
            let got = text.split(separator: "\n", omittingEmptySubsequences: false)
            let want = String(decoding: golden, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let first = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }
            let where_ = first.map { "line \($0.offset + 1):\n  got:  \($0.element.0)\n  want: \($0.element.1)" }
                ?? "lengths differ (\(got.count) vs \(want.count) lines)"
            XCTFail("\(url.lastPathComponent) differs at \(where_)", file: file, line: line)
        }
    }

    func testSmallCommitPage() throws {
        let page = CommitPage.render(HTMLFixtures.commit([try HTMLFixtures.checkout()]), site: HTMLFixtures.site)
        try assertGolden(page)
    }
}
