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

    func testContainersOutlinedAndNamed() throws {
        let diff = try WireframeFixtures.containers()
        XCTAssertEqual(diff.containersAfter.map(\.name), ["Top bar", "Connections", "Reset <all> & restart?"])
        XCTAssertEqual(Wireframe(diff).panels[1].moved.map { diff.stopsAfter[$0].label }, ["Wi-Fi"])
        let svg = try picture(diff)
        // One outline path per panel, three names in each: the landmark and dialog at their own frames, the list around its rows.
        XCTAssertEqual(count("<path class=\"wf-container\"", in: svg), 2)
        XCTAssertEqual(count("class=\"wf-container-name\"", in: svg), 6)
        XCTAssertEqual(count(">Connections, list</text>", in: svg), 2)
        XCTAssertEqual(count(">Reset &lt;all&gt; &amp; restart?, dialog</text>", in: svg), 2)
        XCTAssertFalse(svg.contains("<all>"))
        // The list has no frame of its own: its outline is its rows' union (16,118 to 374,258), 2 px outside,
        // at the stops' scale (they span 0 to 374), clipped at the panel's right edge (16 + 360).
        let scale = 360.0 / 374.0
        let x = 16 + 16 * scale - 2, y = 16 + 28 + 118 * scale - 2
        let path = "M\(WireframeSVG.n(x)) \(WireframeSVG.n(y))h\(WireframeSVG.n(376 - x))v\(WireframeSVG.n(140 * scale + 4))"
        XCTAssertTrue(svg.contains(path), path)
        try assertGolden(svg)
    }

    func testContainerOutlinesAreBounded() throws {
        // 1,000 named groups of one row each: at most `containerLimit` outlined per panel.
        let nodes = (0..<1_000).map { k in
            Node(role: .group, label: "Group \(k)", children: [
                Node(id: "row\(k)", role: .button, label: "Row \(k)", frame: Frame(x: 0, y: Double(k) * 44, width: 390, height: 44)),
            ])
        }
        let snapshot = Snapshot(screen: "Groups", platform: .ios, elements: nodes)
        XCTAssertEqual(snapshot.outline().containers.count, 1_000)
        let svg = try XCTUnwrap(WireframeSVG.render(Wireframe(screen: "Groups", stops: snapshot.stops, containers: snapshot.outline().containers)))
        let path = try XCTUnwrap(svg.components(separatedBy: "<path class=\"wf-container\" d=\"").dropFirst().first?.prefix { $0 != "\"" })
        XCTAssertEqual(path.filter { $0 == "M" }.count, WireframeSVG.containerLimit)
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
