import AXSnapshot
import AXTestSupport
import Foundation
import XCTest
@testable import AXDiff

/// Containers and headings on screens of many: paired in O(n log n), and
/// exactly the containers that changed are said, on seeded random screens.
final class OutlineScalingTests: XCTestCase {
    /// n sections in a main landmark, each a heading and a named list of four links.
    func sections(_ ids: [Int], renamed: Set<Int> = []) -> Snapshot {
        let main = Node(role: .main, platformRole: "main", children: ids.flatMap { i -> [Node] in
            let name = renamed.contains(i) ? "Section \(i) (new)" : "Section \(i)"
            return [
                Node(role: .heading, platformRole: "heading", level: 2, label: name),
                Node(role: .list, platformRole: "list", label: name, element: false, children: (0..<4).map { k in
                    Node(role: .listItem, platformRole: "listitem", element: false, children: [
                        Node(role: .link, platformRole: "link", label: "Item \(i).\(k)"),
                    ])
                }),
            ]
        })
        return Snapshot(screen: "S", platform: .web, elements: [main])
    }

    func testEveryListAndHeadingRenamedScalesAsNLogN() {
        let n = 50
        let diff = ScreenDiffer.diff(old: sections(Array(0..<n)), new: sections(Array(0..<n), renamed: Set(0..<n)), path: "s.aria.yml")
        XCTAssertEqual(diff.all(.containerChanged).count, n, "one per list")
        XCTAssertEqual(diff.all(.headingChanged).count, 0, "heading stops renamed in place are label.changed's")
        XCTAssertEqual(diff.all(.labelChanged).count, n)
        XCTAssertNil(Scaling.check("ContainerPairs and HeadingPairs over n renamed sections", .linear, n: 100) { n in
            let (old, new) = (sections(Array(0..<n)), sections(Array(0..<n), renamed: Set(0..<n)))
            return { _ = ScreenDiffer.diff(old: old, new: new, path: "s.aria.yml") }
        })
    }

    /// iOS headings carry no level: the level a heading skips after is
    /// found walking forwards, not by looking back over every heading.
    func testHeadingsWithoutALevelScaleLinearly() {
        func screen(_ n: Int, renamed: Int? = nil) -> Snapshot {
            Snapshot(screen: "S", platform: .ios, elements: (0..<n).map { i in
                Node(role: .heading, label: i == renamed ? "Part \(i) (new)" : "Part \(i)")
            })
        }
        let diff = ScreenDiffer.diff(old: screen(40), new: screen(40, renamed: 7), path: "s.json")
        XCTAssertEqual(diff.changes.map(\.kind), [.labelChanged], "\(diff.changes.map(\.message))")
        XCTAssertEqual(diff.first(.labelChanged)?.elements.map(\.label), ["Part 7 (new)"])
        XCTAssertNil(Scaling.check("HeadingChanged and HeadingPairs over n headings without a level", .linear, n: 1_000) { n in
            let (old, new) = (PreparedVersion(screen(n)), PreparedVersion(screen(n, renamed: n / 2)))
            return { _ = ScreenDiffer.diff(old: old, new: new, path: "s.json", policy: DiffPolicy()) }
        })
    }

    func testSeededMovesSayNothingAndOneListRemovedIsOneChange() {
        for seed in UInt64(1)...20 {
            var random = SeededGenerator(seed: seed)
            let n = Int.random(in: 3...12, using: &random)
            let old = Array(0..<n)
            var moved = old
            moved.shuffle(using: &random)
            let d = ScreenDiffer.diff(old: sections(old), new: sections(moved), path: "s.aria.yml")
            XCTAssertEqual(d.all(.containerChanged).count, 0, "seed \(seed): \(d.all(.containerChanged).map(\.message))")
            XCTAssertEqual(d.all(.headingChanged).count, 0, "seed \(seed): \(d.all(.headingChanged).map(\.message))")
            let gone = Int.random(in: 0..<n, using: &random)
            let removed = ScreenDiffer.diff(old: sections(old), new: sections(moved.filter { $0 != gone }), path: "s.aria.yml")
            XCTAssertEqual(removed.all(.containerChanged).map(\.message),
                           ["list \"Section \(gone)\" around 4 stops went; they are no longer announced as part of it"], "seed \(seed)")
            XCTAssertEqual(removed.all(.headingChanged).map(\.message), ["heading level 2 \"Section \(gone)\" went"], "seed \(seed)")
        }
    }
}
