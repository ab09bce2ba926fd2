import AXDiff
import AXTestSupport
import AXSnapshot
import XCTest

/// `target.small` on the web with WCAG 2.5.8's exceptions: inline links,
/// a control whose label is also its target, and enough spacing.
final class WebTargetTests: XCTestCase {
    func lint(_ elements: [Node], platform: Platform = .web) -> [Change] {
        ScreenDiffer.lint(Snapshot(screen: "Form", platform: platform, elements: elements), path: "form.json").all(.targetSmall)
    }

    static func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Frame { Frame(x: x, y: y, width: w, height: h, unit: .cssPixels) }

    /// Two 13 × 13 checkboxes 8 px apart: too close for the spacing exception.
    func checkboxes(named: Bool) -> [Node] {
        ["Remember me", "Stay signed in"].enumerated().map { i, name in
            S.group([Node(id: "c\(i)", role: .checkbox, label: named ? name : "", frame: Self.frame(8, 100 + Double(i) * 21, 13, 13), element: true)])
        }
    }

    /// Two 20 × 20 switches 2 px apart, each with a text beside it.
    func toggles(saying: (String) -> String) -> [Node] {
        ["Wi-Fi", "Bluetooth"].enumerated().map { i, name in
            let y = 100 + Double(i) * 22
            return S.group([Node(id: "t\(i)", role: .toggle, label: name, frame: Self.frame(8, y, 20, 20)),
                            Node(role: .text, label: saying(name), frame: Self.frame(32, y + 1, 120, 19))])
        }
    }

    func testAControlWhoseLabelIsItsTargetIsExcepted() {
        // A named checkbox or radio: its <label> is folded into it.
        XCTAssertEqual(lint(checkboxes(named: true)).count, 0)
        let unnamed = lint(checkboxes(named: false))
        XCTAssertEqual(unnamed.map(\.elements.first?.id), ["c0", "c1"])
        XCTAssertEqual(unnamed.first?.after, "13 × 13 CSS px")
        // Another control: its label is a text beside it that says its name.
        XCTAssertEqual(lint(toggles(saying: { $0 })).count, 0)
        XCTAssertEqual(lint(toggles(saying: { _ in "Off" })).map(\.elements.first?.id), ["t0", "t1"])
        // iOS and Android have no such exception: their minimums are the platforms' own.
        let inPoints = checkboxes(named: true).map { group -> Node in
            var group = group
            for i in group.children.indices { group.children[i].frame?.unit = .points }
            return group
        }
        XCTAssertEqual(lint(inPoints, platform: .ios).count, 2)
    }

    /// A 19 px link in a sentence, beside another in the same line.
    func testInlineLinksAreExceptedButAListOfLinksIsNot() {
        let sentence = S.group([
            Node(role: .text, label: "By signing up you accept the", frame: Self.frame(0, 200, 400, 38)),
            Node(id: "terms", role: .link, label: "terms", frame: Self.frame(200, 219, 40, 19)),
            Node(role: .text, label: "and the", frame: Self.frame(242, 219, 46, 19)),
            Node(id: "privacy", role: .link, label: "privacy policy", frame: Self.frame(290, 219, 90, 19)),
        ])
        XCTAssertEqual(lint([sentence]).count, 0)
        // Footnote links side by side in a sentence: inline, though their circles meet.
        let notes = S.group([Node(role: .text, label: "As the studies", frame: Self.frame(0, 400, 110, 19))]
            + (0..<3).map { i in Node(id: "n\(i)", role: .link, label: "\(i + 1)", frame: Self.frame(114 + Double(i) * 13, 400, 9, 19)) }
            + [Node(role: .text, label: "show.", frame: Self.frame(153, 400, 40, 19))])
        XCTAssertEqual(lint([notes]).count, 0)
        var bare = notes
        bare.children.removeAll { $0.role == .text }
        XCTAssertEqual(lint([bare]).map(\.elements.first?.id), ["n0", "n1", "n2"])
        let footer = S.group((0..<3).map { i in
            Node(id: "f\(i)", role: .link, label: "Link \(i)", frame: Self.frame(0, 300 + Double(i) * 20, 80, 19))
        })
        XCTAssertEqual(lint([footer]).map(\.elements.first?.id), ["f0", "f1", "f2"])
    }

    /// A 20 px button alone has a 24 px circle of its own; one 2 px from another has not.
    func testSpacingIsTheCircleAroundEachUndersizedTarget() {
        let alone = [Node(id: "a", role: .button, label: "Close", frame: Self.frame(10, 10, 20, 20)),
                     Node(id: "b", role: .button, label: "Open", frame: Self.frame(60, 10, 20, 20))]
        XCTAssertEqual(lint(alone).count, 0, "centres 50 px apart")
        let close = [Node(id: "a", role: .button, label: "Close", frame: Self.frame(10, 10, 20, 20)),
                     Node(id: "b", role: .button, label: "Open", frame: Self.frame(32, 10, 20, 20))]
        XCTAssertEqual(lint(close).map(\.elements.first?.id), ["a", "b"], "centres 22 px apart: the circles meet")
        // Beside a full-size target: the circle must not reach into it (11 px from the centre).
        let besideBig = [Node(id: "a", role: .button, label: "Close", frame: Self.frame(10, 10, 20, 20)),
                         Node(id: "big", role: .button, label: "Save", frame: Self.frame(31, 0, 100, 44))]
        XCTAssertEqual(lint(besideBig).map(\.elements.first?.id), ["a"])
        // A huge target (kept out of the grid) is still seen.
        let besideHuge = [Node(id: "a", role: .button, label: "Close", frame: Self.frame(10, 10, 20, 20)),
                          Node(id: "huge", role: .button, label: "Banner", frame: Self.frame(31, 0, 2000, 2000))]
        XCTAssertEqual(lint(besideHuge).map(\.elements.first?.id), ["a"])
    }

    /// Seeded: spacing by the grid agrees with checking every pair.
    func testSpacingAgreesWithEveryPair() {
        let seed: UInt64 = 0x2_5_8
        var rng = SeededGenerator(seed: seed)
        for trial in 0..<200 {
            let frames = (0..<Int.random(in: 1...30, using: &rng)).map { _ in
                Self.frame(Double.random(in: 0...300, using: &rng), Double.random(in: 0...300, using: &rng),
                           Double.random(in: 4...(Bool.random(using: &rng) ? 30 : 400), using: &rng), Double.random(in: 4...40, using: &rng))
            }
            let nodes = frames.enumerated().map { Node(id: "t\($0)", role: .button, label: "T\($0)", frame: $1) }
            let expected = frames.indices.filter { j in
                let f = frames[j]
                guard f.width < 24 || f.height < 24 else { return false }
                let c = (f.x + f.width / 2, f.y + f.height / 2)
                return frames.indices.contains { k in
                    guard k != j else { return false }
                    let u = frames[k]
                    if u.width < 24 || u.height < 24 {
                        let d = (u.x + u.width / 2 - c.0, u.y + u.height / 2 - c.1)
                        return d.0 * d.0 + d.1 * d.1 < 576
                    }
                    let d = (max(u.x - c.0, 0, c.0 - u.maxX), max(u.y - c.1, 0, c.1 - u.maxY))
                    return d.0 * d.0 + d.1 * d.1 < 144
                }
            }.map { "t\($0)" }
            XCTAssertEqual(lint(nodes).compactMap(\.elements.first?.id).sorted(), expected.sorted(), "trial \(trial), seed \(seed)")
        }
    }
}
