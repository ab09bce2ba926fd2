import AXTestSupport
import Foundation
import XCTest

/// `--wireframes DIR` on `check` and `diff`: one SVG per changed screen with
/// frames, none for an ARIA snapshot (it has no geometry) or an unchanged
/// screen, and the Markdown report links exactly those files.
final class WireframeFilesTests: XCTestCase {
    /// A column of buttons, each at its own place on screen, read in `order`.
    static func framed(_ name: String, _ labels: [String], order: [Int]? = nil) -> String {
        let elements = (order ?? Array(labels.indices)).map { k in
            #"{"id": "e\#(k)", "role": "button", "label": "\#(labels[k])", "frame": [16, \#(20 + k * 50), 358, 44]}"#
        }
        return #"{"axsnapshot": 1, "screen": "\#(name)", "platform": "ios", "elements": [\#(elements.joined(separator: ", "))]}"#
    }

    static let ariaBefore = "- heading \"Cart\" [level=1]\n- button \"Pay\"\n- button \"Cancel\"\n"
    static let ariaAfter = "- button \"Cancel\"\n- heading \"Cart\" [level=1]\n- button \"Pay\"\n"

    func testCheckWritesOneWireframePerChangedScreenWithFramesAndTheMarkdownLinksThem() throws {
        let repo = try GitFixture(self)
        try repo.commit("Screens", ["Snapshots/Checkout.json": Self.framed("Checkout", ["Pay", "Cancel", "Help"]),
                                    "Snapshots/Profile.json": Self.framed("Profile", ["Name", "Email"]),
                                    "Snapshots/My Orders.json": Self.framed("My Orders", ["First", "Second"]),
                                    "Snapshots/cart.aria.yml": Self.ariaBefore])
        try repo.git(["checkout", "-q", "-b", "feature"])
        try repo.commit("Reorder", ["Snapshots/Checkout.json": Self.framed("Checkout", ["Pay", "Cancel", "Help"], order: [2, 0, 1]),
                                    "Snapshots/My Orders.json": Self.framed("My Orders", ["First", "Second"], order: [1, 0]),
                                    "Snapshots/cart.aria.yml": Self.ariaAfter])
        let out = try CLI.tempDir(self).appendingPathComponent("wf")
        let r = try CLI.run(["check", "--repo", repo.path, "--format", "markdown", "--wireframes", out.path])
        XCTAssertEqual(r.code, 1, r.err)
        // Three screens changed; the ARIA one has no frames: two files, two links, the unchanged Profile none.
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        XCTAssertEqual(files.count, 2, "\(files)")
        XCTAssertTrue(files.allSatisfy { $0.hasSuffix(".svg") && ($0.hasPrefix("snapshots-checkout-json-") || $0.hasPrefix("snapshots-my-orders-json-")) }, "\(files)")
        XCTAssertTrue(r.out.contains("### Wireframes (2)\n"), r.out)
        let links = r.out.split(separator: "\n").filter { $0.contains("[wireframe](") }
        XCTAssertEqual(links.count, 2, r.out)
        XCTAssertFalse(r.out.contains("cart.aria.yml): [wireframe]"))
        for file in files {
            let svg = try String(contentsOf: out.appendingPathComponent(file), encoding: .utf8)
            XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), file)
            XCTAssertTrue(svg.contains("class=\"wf-stop wf-moved\""), file)
            XCTAssertEqual(links.filter { $0.contains("](\((out.path + "/" + file).replacingOccurrences(of: " ", with: "%20")))") }.count, 1, "\(file) is linked once: \(links)")
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint") {
                let lint = try CLI.run(["--noout", out.appendingPathComponent(file).path], executable: URL(fileURLWithPath: "/usr/bin/xmllint"))
                XCTAssertEqual(lint.code, 0, "\(file): \(lint.err)")
            }
        }
        // The path with a space is one link target.
        XCTAssertTrue(links.contains { $0.hasPrefix("- **My Orders** (Snapshots/My Orders.json): [wireframe](") }, "\(links)")
        // Without the option, the report is what it was: no section, no files.
        let plain = try CLI.run(["check", "--repo", repo.path, "--format", "markdown"])
        XCTAssertFalse(plain.out.contains("Wireframes"))
        XCTAssertEqual(plain.out.replacingOccurrences(of: "\n", with: ""), r.out.components(separatedBy: "### Wireframes (2)")[0].replacingOccurrences(of: "\n", with: "")
                       + r.out.components(separatedBy: "### Wireframes (2)")[1].split(separator: "\n").filter { !$0.hasPrefix("- **") }.joined())
    }

    func testDiffWritesTheWireframesAndARelativeLink() throws {
        let dir = try CLI.tempDir(self)
        try CLI.write(Self.framed("Checkout", ["Pay", "Cancel", "Help"]), to: dir.appendingPathComponent("old/Checkout.json"))
        try CLI.write(Self.framed("Checkout", ["Pay", "Cancel", "Help"], order: [2, 0, 1]), to: dir.appendingPathComponent("new/Checkout.json"))
        try CLI.write(Self.ariaBefore, to: dir.appendingPathComponent("old/cart.aria.yml"))
        try CLI.write(Self.ariaAfter, to: dir.appendingPathComponent("new/cart.aria.yml"))
        let r = try CLI.run(["diff", "--format", "markdown", "--wireframes", "wireframes", "old", "new"], cwd: dir)
        XCTAssertEqual(r.code, 1, r.err)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("wireframes").path)
        XCTAssertEqual(files.count, 1, "\(files)")
        let file = try XCTUnwrap(files.first)
        XCTAssertEqual(r.out.components(separatedBy: "[wireframe](wireframes/\(file))").count - 1, 1, r.out)
        XCTAssertEqual(r.out.components(separatedBy: "[wireframe](").count - 1, 1, r.out)
        // A directory that cannot be made is a one-line error, exit 2.
        try CLI.write("x", to: dir.appendingPathComponent("blocked"))
        let bad = try CLI.run(["diff", "--wireframes", "blocked/wf", "old", "new"], cwd: dir)
        XCTAssertEqual(bad.code, 2, bad.err)
        XCTAssertTrue(bad.err.hasPrefix("axdiff: cannot create the wireframes directory blocked/wf"), bad.err)
        XCTAssertEqual(bad.err.split(separator: "\n").count, 1, bad.err)
    }
}
