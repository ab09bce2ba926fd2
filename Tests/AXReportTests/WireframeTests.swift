import AXDiff
@testable import AXReport
import AXSnapshot
import AXTestSupport
import Foundation
import XCTest

/// The wireframe: golden pictures of the seeds' screens, what each marks,
/// escaping, validity, and the size bound.
final class WireframeTests: XCTestCase {
    /// `__Snapshots__/WireframeTests/<test>.svg` beside this file. A missing
    /// file is recorded (and the test fails); `AXDIFF_RECORD=1` re-records on purpose.
    func assertGolden(_ text: String, name: String = #function, file: StaticString = #filePath, line: UInt = #line) throws {
        let test = name.replacingOccurrences(of: "()", with: "")
        let url = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/WireframeTests/\(test).svg")
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

    /// Checks the SVG is well-formed XML with xmllint, and renders it with rsvg-convert when installed.
    func assertValid(_ svg: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = try ExternalTools.write(for: self, svg, named: "picture.svg")
        if ExternalTools.which("xmllint") {
            let run = try ExternalTools.run(["xmllint", "--noout", path])
            XCTAssertEqual(run.status, 0, "xmllint: \(run.stderr)", file: file, line: line)
        }
        if ExternalTools.which("rsvg-convert") {
            let png = path + ".png"
            let run = try ExternalTools.run(["rsvg-convert", "-o", png, path])
            XCTAssertEqual(run.status, 0, "rsvg-convert: \(run.stderr)", file: file, line: line)
            let bytes = FileManager.default.contents(atPath: png) ?? Data()
            XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "rsvg-convert wrote no PNG", file: file, line: line)
        }
    }

    private func picture(_ diff: ScreenDiff) throws -> String {
        let svg = try XCTUnwrap(WireframeSVG.render(Wireframe(diff)), Wireframe(diff).unavailableReason ?? "")
        try assertValid(svg)
        XCTAssertEqual(WireframeSVG.render(Wireframe(diff)), svg, "the same diff drew different bytes")
        return svg
    }

    private func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    func testProductCardDrift() throws {
        let diff = try WireframeFixtures.productCardDrift()
        let wireframe = Wireframe(diff)
        XCTAssertEqual(wireframe.panels.map(\.title), ["Before", "After"])
        XCTAssertEqual(diff.moves.count, 1)
        // One move: one moved stop in each panel, the one the order change names.
        let named = try XCTUnwrap(diff.changes.first { $0.beforeWindow != nil }?.elements.first?.label)
        XCTAssertEqual(named, "Jasmine tea")
        XCTAssertEqual(wireframe.panels[1].moved.map { diff.stopsAfter[$0].label }, [named])
        XCTAssertEqual(wireframe.panels[0].moved.map { diff.stopsBefore[$0].label }, [named])
        let svg = try picture(diff)
        // Both panels (the legend's swatch is a line).
        XCTAssertEqual(count("class=\"wf-stop wf-moved\"", in: svg), 2)
        XCTAssertEqual(count("<path class=\"wf-route-moved\"", in: svg), 2)
        XCTAssertTrue(svg.contains("role=\"img\""))
        XCTAssertTrue(svg.contains("After: 1 $4.50; 2 Add Jasmine tea to favorites, button; 3 Jasmine tea, heading (moved);"), svg)
        try assertGolden(svg)
    }

    func testOrderCardLabelSoup() throws {
        let diff = try WireframeFixtures.orderSoup()
        let wireframe = Wireframe(diff)
        XCTAssertEqual(wireframe.panels.count, 2)
        // The soup's thumbnails are images without a label: hatched.
        let hatched = count("style=\"fill:url(#wf-hatch)\"/>", in: try picture(diff)) - 1
        XCTAssertEqual(hatched, diff.stopsAfter.filter { $0.label.isEmpty && $0.value.isEmpty }.count + diff.stopsBefore.filter { $0.label.isEmpty && $0.value.isEmpty }.count)
        try assertGolden(try picture(diff))
    }

    func testMysteryIconToolbar() throws {
        let diff = try WireframeFixtures.mysteryToolbar()
        let svg = try picture(diff)
        // The 28 pt share and more buttons are under iOS's 44 pt, in both panels; back (44 × 44) is not.
        XCTAssertEqual(count(" wf-small\"", in: svg), 4 + 1, "both panels and the legend")
        XCTAssertEqual(count("<rect class=\"wf-stop wf-unlabelled", in: svg), 2 + 1, "both panels and the legend")
        try assertGolden(svg)
    }

    func testRightToLeftScreen() throws {
        let diff = try WireframeFixtures.rightToLeft()
        XCTAssertEqual(diff.layoutDirection, .rtl)
        let svg = try picture(diff)
        // Numbers on the boxes' right edges, labels ending beside them.
        XCTAssertEqual(count("<text class=\"wf-label\"", in: svg), count("<text class=\"wf-label\" x=\"", in: svg))
        XCTAssertEqual(count("text-anchor=\"end\">", in: svg), count("<text class=\"wf-label\"", in: svg) + count("<text class=\"wf-tag\"", in: svg))
        XCTAssertTrue(svg.contains("سلة التسوق"))
        try assertGolden(svg)
    }

    func testTwoColumnGridWithAFarMove() throws {
        let diff = try WireframeFixtures.gridFarMove()
        let wireframe = Wireframe(diff)
        XCTAssertEqual(wireframe.panels[1].moved.map { diff.stopsAfter[$0].label }, ["Tile 12"])
        XCTAssertEqual(wireframe.panels[0].moved.map { diff.stopsBefore[$0].label }, ["Tile 12"])
        let svg = try picture(diff)
        // In the after panel the tile is read second (after the heading): its number is 2 on a moved badge.
        XCTAssertEqual(count("<g class=\"wf-num wf-num-moved\"><text x=\"", in: svg), 2)
        XCTAssertEqual(count("<rect class=\"wf-badge wf-badge-moved\"", in: svg), 2)
        XCTAssertTrue(svg.contains(">2</text></g>"))
        try assertGolden(svg)
    }

    func testHostileLabelsAreEscaped() throws {
        let hostile = ["</text><script>alert(1)</script>", "A & B \"quoted\" 'single'", "]]> <!-- -->", "tab\tnew\nline \u{1} \u{FFFE}",
                       "<svg onload=alert(1)>", String(repeating: "é", count: 400)]
        let snapshot = WireframeFixtures.list(rows: hostile.count, label: { hostile[$0] })
        let reordered = WireframeFixtures.list(rows: hostile.count, order: [1, 0, 2, 3, 4, 5], label: { hostile[$0] })
        let diff = WireframeFixtures.diff(snapshot, reordered)
        let svg = try picture(diff)
        XCTAssertFalse(svg.contains("<script"))
        XCTAssertFalse(svg.contains("<svg onload"))
        XCTAssertTrue(svg.contains("&lt;/text&gt;&lt;script&gt;"))
        XCTAssertEqual(count("<svg", in: svg), 1)
        let all = Report.svgDocument([diff, diff])
        try assertValid(all)
        XCTAssertEqual(count("role=\"img\"", in: all), 2)
    }

    func testScreensWithoutFramesSayWhyInOneLine() throws {
        let dir = WireframeFixtures.root.appendingPathComponent("Config/examples/pairs/web")
        let old = try SnapshotReader.read(Array(try Data(contentsOf: dir.appendingPathComponent("card-before.aria.yml"))), file: "card.aria.yml")
        let new = try SnapshotReader.read(Array(try Data(contentsOf: dir.appendingPathComponent("card-after.aria.yml"))), file: "card.aria.yml")
        let wireframe = Wireframe(WireframeFixtures.diff(old, new, path: "card.aria.yml"))
        XCTAssertNil(WireframeSVG.render(wireframe))
        let reason = try XCTUnwrap(wireframe.unavailableReason)
        XCTAssertFalse(reason.contains("\n"))
        XCTAssertTrue(reason.contains("no frames"), reason)
        XCTAssertEqual(WireframeText.render(wireframe), reason + "\n")
        let document = Report.svg.render(DiffReport(screens: [WireframeFixtures.diff(old, new, path: "card.aria.yml")], snapshotsCompared: 1), ReportContext())
        try assertValid(document)
        XCTAssertTrue(document.contains("no frames"))
    }

    /// A 30-row list where one row is read elsewhere: the monospace rendering
    /// marks exactly that row, in both columns, on the line of its frame.
    func testMonospaceMarksExactlyTheMovedRow() throws {
        var order = Array(0..<30)
        order.remove(at: 7)
        order.insert(7, at: 22)
        let diff = WireframeFixtures.diff(WireframeFixtures.list(rows: 30), WireframeFixtures.list(rows: 30, order: order))
        XCTAssertEqual(diff.moves.count, 1)
        let text = WireframeText.render(Wireframe(diff))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let grid = Array(lines.dropFirst(2).dropLast())
        let marked = grid.enumerated().filter { $0.element.contains("*") }
        XCTAssertEqual(marked.count, 1, text)
        let row = try XCTUnwrap(marked.first)
        let halves = row.element.components(separatedBy: " | ")
        XCTAssertEqual(halves.count, 2)
        XCTAssertTrue(halves[0].contains("*8"), row.element)
        XCTAssertTrue(halves[1].contains("*23"), row.element)
        // The line of y = 7 × 44 pt: 1,320 pt on 40 columns of 9.75 pt make 68 lines (a character is twice as tall as wide).
        XCTAssertEqual(grid.count, 68)
        XCTAssertEqual(row.offset, Int(7.0 * 44 / (1_320.0 / 68)), text)
        // Every other number is there, unmarked, once per column.
        for k in 1...30 {
            XCTAssertTrue(grid.contains { $0.components(separatedBy: " | ").first?.range(of: "\\b\(k)\\b", options: .regularExpression) != nil }, "\(k) missing")
        }
    }

    /// The size bound: a 10,000- and a 100,000-stop screen stay under 2 MB,
    /// draw numbers for the moved stops and only a sample of the rest.
    func testSizeBoundAtTenAndAHundredThousandStops() throws {
        let seed = UInt64(37)
        print("seed \(seed)")
        var generator = SeededGenerator(seed: seed)
        for rows in [10_000, 100_000] {
            var order = Array(0..<rows)
            let moved = (0..<5).map { _ in Int.random(in: 0..<rows, using: &generator) }
            for m in Set(moved).sorted() {
                order.removeAll { $0 == m }
                order.insert(m, at: Int.random(in: 0..<order.count, using: &generator))
            }
            let old = WireframeFixtures.list(rows: rows), new = WireframeFixtures.list(rows: rows, order: order)
            let diff = ScreenDiff(screen: "List", path: "List.json", changes: [], stopsBefore: old.stops, stopsAfter: new.stops,
                                  matchedOld: order, moves: Set(moved).sorted().map { m in Move(from: m, to: order.firstIndex(of: m) ?? 0) })
            let svg = try XCTUnwrap(WireframeSVG.render(Wireframe(diff)))
            XCTAssertLessThan(svg.utf8.count, 2_000_000, "\(rows) stops")
            let numbers = count("<text x=", in: svg)
            XCTAssertLessThan(numbers, 1_000, "\(rows) stops: \(numbers) numbers")
            XCTAssertEqual(count("<rect class=\"wf-badge wf-badge-moved\"", in: svg), 2 * Set(moved).count, "\(rows) stops")
            for m in Set(moved) {
                XCTAssertTrue(svg.contains(">\((order.firstIndex(of: m) ?? 0) + 1)</text>"), "moved stop \(m) has no number")
            }
            XCTAssertLessThan(WireframeText.render(Wireframe(diff)).utf8.count, 100_000)
            if rows == 10_000 { try assertValid(svg) }
        }
    }
}

/// The renderers are linear in the stops (sorting the marks aside): a screen twice as long costs about twice as much.
final class WireframeScalingTests: XCTestCase {
    func testRenderingIsLinearInTheStops() {
        func diff(_ n: Int) -> ScreenDiff {
            var order = Array(0..<n)
            order.swapAt(0, n - 1)
            let old = WireframeFixtures.list(rows: n).stops, new = WireframeFixtures.list(rows: n, order: order).stops
            return ScreenDiff(screen: "List", path: "List.json", changes: [], stopsBefore: old, stopsAfter: new,
                              matchedOld: order, moves: [Move(from: 0, to: n - 1), Move(from: n - 1, to: 0)])
        }
        XCTAssertNil(Scaling.check("WireframeSVG.render of n stops", .linear, n: 2_000) { n in
            let d = diff(n)
            return { _ = WireframeSVG.render(Wireframe(d)) }
        })
        XCTAssertNil(Scaling.check("WireframeText.render of n stops", .linear, n: 2_000) { n in
            let d = diff(n)
            return { _ = WireframeText.render(Wireframe(d)) }
        })
        XCTAssertNil(Scaling.check("WireframeFigure.commit of n stops", .linear, n: 2_000) { n in
            let d = diff(n)
            return { _ = WireframeFigure.commit(d, prefix: "s1") }
        })
    }
}

/// The wireframe in the review site: above a commit's two lists, its moved stops linked to them; the latest on the screen page.
final class WireframeSiteTests: XCTestCase {
    func testCommitPageShowsTheWireframeAboveTheLists() throws {
        let diff = try WireframeFixtures.productCardDrift()
        let commit = SiteCommit(sha: String(repeating: "ab", count: 20), subject: "Price first", author: "A",
                                date: Date(timeIntervalSince1970: 1_767_225_600), report: DiffReport(screens: [diff], snapshotsCompared: 1))
        let page = CommitPage.render(commit, site: SiteInfo(title: "Shop"))
        let figure = try XCTUnwrap(page.range(of: "<figure class=\"wireframe\">"))
        let lists = try XCTUnwrap(page.range(of: "<div class=\"columns\">"))
        XCTAssertLessThan(figure.lowerBound, lists.lowerBound)
        XCTAssertEqual(page.components(separatedBy: "<svg ").count - 1, 1)
        XCTAssertTrue(page.contains("aria-labelledby=\"s1-wf-title s1-wf-desc\""))
        // The spoken orders are the lists right below: the description points there rather than repeat them.
        XCTAssertTrue(page.contains("<desc id=\"s1-wf-desc\">The stops in spoken order, before and after, are the two lists below.</desc>"))
        // The moved stop, linked to both of its places in the lists, which exist.
        let move = try XCTUnwrap(diff.moves.first)
        XCTAssertTrue(page.contains("“Jasmine tea”, <a href=\"#s1-old-\(move.from + 1)\">stop \(move.from + 1) before</a>, <a href=\"#s1-new-\(move.to + 1)\">stop \(move.to + 1) after</a>"), page)
        XCTAssertTrue(page.contains("<li id=\"s1-old-\(move.from + 1)\" class=\"moved\">"))
        XCTAssertTrue(page.contains("<li id=\"s1-new-\(move.to + 1)\" class=\"moved\">"))
        try assertValidHTML(page)
    }

    func testScreenPageShowsTheLatestWireframe() throws {
        let diff = try WireframeFixtures.productCardDrift()
        let sha = String(repeating: "cd", count: 20)
        let trend = ScreenTrend(path: diff.path, screen: diff.screen,
                                points: [TrendPoint(commit: SiteCommit(sha: sha, subject: "S", author: "A", date: Date(timeIntervalSince1970: 0),
                                                                       report: DiffReport(screens: [diff], snapshotsCompared: 1)), screen: diff)])
        let page = ScreenPage.render(trend, subjects: [:], site: SiteInfo(title: "Shop"), latest: diff)
        XCTAssertTrue(page.contains("<h2>Latest wireframe</h2>\n<figure class=\"wireframe\">\n<svg "))
        // One panel: the screen as the commit left it, read price first.
        XCTAssertTrue(page.contains("After cdcdcdc: 1 $4.50; 2 Add Jasmine tea to favorites, button; 3 Jasmine tea, heading;"), page)
        XCTAssertFalse(page.contains("Before: 5 stops"))
        let without = ScreenPage.render(trend, subjects: [:], site: SiteInfo(title: "Shop"))
        XCTAssertTrue(without.contains("The wireframe of this screen is on the page of <a href=\"../commits/\(sha).html\">"))
        try assertValidHTML(page)
    }

    /// xmllint's HTML parser: no unclosed or misnested element.
    private func assertValidHTML(_ page: String, file: StaticString = #filePath, line: UInt = #line) throws {
        guard ExternalTools.which("xmllint") else { return }
        let path = try ExternalTools.write(for: self, page, named: "page.html")
        let run = try ExternalTools.run(["xmllint", "--html", "--noout", path])
        // libxml2's HTML parser does not know HTML5's and SVG's element names; anything else is an error.
        let errors = run.stderr.split(separator: "\n").filter { $0.contains("error") && !$0.contains("invalid in Entity") && !$0.contains("Tag ") }
        XCTAssertEqual(errors, [], run.stderr, file: file, line: line)
    }
}

/// Screens at the edges: one version only, frames no screen has.
final class WireframeEdgeTests: XCTestCase {
    /// Stop boxes drawn: marked ones are rects, plain ones the closed subpaths of one path.
    static func boxes(_ svg: String) -> Int {
        let rects = svg.components(separatedBy: "<rect class=\"wf-stop").count - 1
        let paths = svg.components(separatedBy: "<path class=\"wf-stop\" d=\"").dropFirst()
        return rects + paths.reduce(0) { $0 + ($1.prefix { $0 != "\"" }.filter { $0 == "z" }.count) }
    }

    func testAnAddedOrRemovedScreenDrawsTheVersionItHas() throws {
        let card = try WireframeFixtures.story("01-initial", "ProductCard")
        let added = Wireframe(WireframeFixtures.diff(nil, card, path: "Snapshots/ProductCard.json"))
        XCTAssertEqual(added.panels.map(\.title), ["After"])
        XCTAssertEqual(added.panels[0].added, [], "a new screen's stops are not each marked new")
        let removed = Wireframe(WireframeFixtures.diff(card, nil, path: "Snapshots/ProductCard.json"))
        XCTAssertEqual(removed.panels.map(\.title), ["Before"])
        let svg = try XCTUnwrap(WireframeSVG.render(removed))
        XCTAssertEqual(WireframeEdgeTests.boxes(svg), 5 + 5, "five stops and the legend's five boxes")
    }

    func testOddFramesGiveFiniteCoordinates() throws {
        let nodes = [
            Node(id: "a", role: .button, label: "Far", frame: Frame(x: 1e300, y: 1e300, width: 1e300, height: 44)),
            Node(id: "b", role: .button, label: "Negative", frame: Frame(x: -500, y: -20, width: 100, height: 44)),
            Node(id: "c", role: .button, label: "Empty", frame: Frame(x: 10, y: 10, width: 0, height: 0)),
            Node(id: "d", role: .button, label: "Not a number", frame: Frame(x: .nan, y: 0, width: 10, height: 10)),
            Node(id: "e", role: .button, label: "Plain", frame: Frame(x: 0, y: 100, width: 390, height: 44)),
        ]
        let snapshot = Snapshot(screen: "Odd", platform: .android, elements: nodes)
        let wireframe = Wireframe(screen: "Odd", stops: snapshot.stops)
        let svg = try XCTUnwrap(WireframeSVG.render(wireframe))
        XCTAssertFalse(svg.lowercased().contains("nan"))
        XCTAssertFalse(svg.lowercased().contains("inf"))
        // Drawn: the far one, the negative one and the plain one; the empty and the not-a-number frames are not places.
        XCTAssertEqual(WireframeEdgeTests.boxes(svg), 3 + 5, "three stops and the legend's five boxes")
        XCTAssertFalse(WireframeText.render(wireframe).isEmpty)
    }
}

/// The byte writer's numbers are the bytes of `WireframeSVG.n`, which the golden files pin.
final class SVGNumberTests: XCTestCase {
    func testBytesAgreeWithTheStringForm() {
        let seed = UInt64(0x5176)
        print("seed \(seed)")
        var generator = SeededGenerator(seed: seed)
        var values: [Double] = [0, -0.04, -0.05, -0.5, -1, -1.5, 0.05, 9.95, 1e14, -1e14, 1e300, .nan, .infinity, -.infinity]
        for _ in 0..<2_000 { values.append(Double.random(in: -5_000...5_000, using: &generator)) }
        for v in values {
            var bytes = SVGBytes(capacity: 16)
            bytes.number(v)
            XCTAssertEqual(bytes.string, WireframeSVG.n(v), "\(v)")
        }
        var bytes = SVGBytes(capacity: 32)
        for k: UInt in [0, 7, 10, 99_999, UInt.max] { bytes.integer(k); bytes.add(" ") }
        XCTAssertEqual(bytes.string, "0 7 10 99999 \(UInt.max) ")
    }
}
