import AXTestSupport
import Foundation
import XCTest

/// `--format svg` and `--wireframe` through the built binary, on files and on a real repository.
final class WireframeCLITests: XCTestCase {
    static let story = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Config/examples/story")

    static func text(_ step: String, _ screen: String) throws -> String {
        String(decoding: try Data(contentsOf: story.appendingPathComponent("\(step)/Snapshots/\(screen).json")), as: UTF8.self)
    }

    /// A list of 30 rows, 44 pt apart, read in `order`.
    static func list(_ order: [Int]) -> String {
        let rows = order.map { #"{"id": "row\#($0)", "role": "button", "label": "Row \#($0 + 1)", "frame": [0, \#($0 * 44), 390, 44]}"# }
        return #"{"axsnapshot": 1, "screen": "List", "platform": "ios", "elements": ["# + rows.joined(separator: ",\n") + "]}\n"
    }

    private func xmllint(_ svg: String, in dir: URL) throws {
        guard (try? CLI.run(["sh", "-c", "command -v xmllint"], executable: URL(fileURLWithPath: "/usr/bin/env")).code) == 0 else { return }
        let file = dir.appendingPathComponent("out-\(UUID().uuidString).svg")
        try CLI.write(svg, to: file)
        let lint = try CLI.run(["xmllint", "--noout", file.path], executable: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(lint.code, 0, lint.err)
    }

    func testDiffWritesTheWireframeAsSVG() throws {
        let dir = try CLI.tempDir(self)
        let old = dir.appendingPathComponent("old/ProductCard.json"), new = dir.appendingPathComponent("new/ProductCard.json")
        try CLI.write(try Self.text("01-initial", "ProductCard"), to: old)
        try CLI.write(try Self.text("02-price-first", "ProductCard"), to: new)
        let r = try CLI.run(["diff", "--format", "svg", old.path, new.path])
        XCTAssertEqual(r.code, 1, r.err)
        XCTAssertTrue(r.out.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), r.out)
        XCTAssertEqual(r.out.components(separatedBy: "<svg").count - 1, 1)
        XCTAssertEqual(r.out.components(separatedBy: "class=\"wf-stop wf-moved\"").count - 1, 2)
        try xmllint(r.out, in: dir)
        // The same files, the same bytes.
        XCTAssertEqual(try CLI.run(["diff", "--format", "svg", old.path, new.path]).out, r.out)
        // Directories: every changed screen, each its own picture.
        try CLI.write(try Self.text("01-initial", "Orders"), to: dir.appendingPathComponent("old/Orders.json"))
        try CLI.write(try Self.text("05-order-soup", "Orders"), to: dir.appendingPathComponent("new/Orders.json"))
        let both = try CLI.run(["diff", "--format", "svg", dir.appendingPathComponent("old").path, dir.appendingPathComponent("new").path])
        XCTAssertEqual(both.code, 1, both.err)
        XCTAssertEqual(both.out.components(separatedBy: "role=\"img\"").count - 1, 2)
        try xmllint(both.out, in: dir)
    }

    func testWireframeMarksTheOneMovedRow() throws {
        let dir = try CLI.tempDir(self)
        var order = Array(0..<30)
        order.remove(at: 7)
        order.insert(7, at: 22)
        try CLI.write(Self.list(Array(0..<30)), to: dir.appendingPathComponent("old.json"))
        try CLI.write(Self.list(order), to: dir.appendingPathComponent("new.json"))
        let r = try CLI.run(["diff", "--wireframe", dir.appendingPathComponent("old.json").path, dir.appendingPathComponent("new.json").path])
        XCTAssertEqual(r.err, "")
        let grid = r.out.components(separatedBy: "Wireframe of List")
        XCTAssertEqual(grid.count, 2, r.out)
        let marked = grid[1].split(separator: "\n").filter { $0.contains("*") && !$0.contains("moved,") }
        XCTAssertEqual(marked.count, 1, r.out)
        XCTAssertTrue(marked.first?.contains("*8") == true && marked.first?.contains("*23") == true, r.out)
        let markdown = try CLI.run(["diff", "--wireframe", "--format", "markdown", dir.appendingPathComponent("old.json").path, dir.appendingPathComponent("new.json").path])
        XCTAssertTrue(markdown.out.contains("```text\nWireframe of List"), markdown.out)
        let refused = try CLI.run(["diff", "--wireframe", "--format", "sarif", dir.appendingPathComponent("old.json").path, dir.appendingPathComponent("new.json").path])
        XCTAssertEqual(refused.code, 2)
        XCTAssertTrue(refused.err.hasPrefix("axdiff: --wireframe goes with --format text or markdown"), refused.err)
    }

    func testShowDrawsOneScreenOfACommit() throws {
        let repo = try GitFixture(self)
        try repo.commit("Add", ["Snapshots/ProductCard.json": try Self.text("01-initial", "ProductCard"),
                                "Snapshots/Orders.json": try Self.text("01-initial", "Orders")])
        let both = try repo.commit("Drift and soup", ["Snapshots/ProductCard.json": try Self.text("02-price-first", "ProductCard"),
                                                      "Snapshots/Orders.json": try Self.text("05-order-soup", "Orders")])
        let one = try CLI.run(["show", "--repo", repo.path, "--compute", "--format", "svg", "--screen", "ProductCard", both])
        XCTAssertEqual(one.code, 0, one.err)
        XCTAssertTrue(one.out.contains("<title id=\"wf1-title\">Wireframe of ProductCard, before and after"), one.out)
        XCTAssertFalse(one.out.contains("Orders"))
        let byPath = try CLI.run(["show", "--repo", repo.path, "--compute", "--format", "svg", "--screen", "Snapshots/Orders.json", both])
        XCTAssertEqual(byPath.code, 0, byPath.err)
        XCTAssertTrue(byPath.out.contains("Wireframe of Orders"))
        try xmllint(one.out, in: try CLI.tempDir(self))
        let missing = try CLI.run(["show", "--repo", repo.path, "--compute", "--format", "svg", "--screen", "Checkout", both])
        XCTAssertEqual(missing.code, 2)
        XCTAssertEqual(missing.err, "axdiff: \(both.prefix(7)) changed no screen named 'Checkout'; it changed: Orders, ProductCard\n")
    }
}
