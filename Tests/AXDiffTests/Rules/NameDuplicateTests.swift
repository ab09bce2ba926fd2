@testable import AXDiff
import AXSnapshot
import AXTestSupport
import XCTest

/// `name.duplicate` (Rules/NameDuplicate.swift): two or more controls now
/// share a name that no input label tells apart. The rule skips a control
/// whose label's first byte starts none of the touched names; labels whose
/// first byte is not their normal form's first byte must still be found (or
/// not) as before.
final class NameDuplicateTests: XCTestCase {
    func testDuplicateControlNames() {
        let old = [S.text("Order 1042"), S.button("Reorder order 1042"), S.text("Order 1043"), S.button("Reorder order 1043")]
        let new = [S.text("Order 1042"), S.button("Reorder"), S.text("Order 1043"), S.button("Reorder")]
        let d = S.diff(old, new)
        let found = d.all(.nameDuplicate)
        XCTAssertEqual(found.count, 1, "\(d.changes.map(\.message))")
        XCTAssertEqual(found.first?.severity, .warning)
        XCTAssertEqual(found.first?.wcag, ["2.5.3", "2.4.6"])
        XCTAssertEqual(found.first?.elements.map(\.index), [1, 3])
        XCTAssertEqual(found.first?.after, "Reorder, button › Reorder, button")
        XCTAssertEqual(found.first?.message, "2 controls are all called \"Reorder\"; VoiceOver and Voice Control users cannot tell them apart")
        let apart = [S.text("Order 1042"), S.button("Reorder", inputLabels: ["Reorder order 1042"]),
                     S.text("Order 1043"), S.button("Reorder", inputLabels: ["Reorder order 1043"])]
        XCTAssertNil(S.diff(old, apart).first(.nameDuplicate), "input labels tell them apart")
        XCTAssertNil(S.diff(new, new).first(.nameDuplicate), "already duplicated before: not new")
    }

    func duplicateCount(_ labels: [String], added: String) -> Int? {
        let old = labels.enumerated().map { S.button($0.element, y: Double($0.offset) * 50) }
        let new = old + [S.button(added, y: 1_000)]
        return S.diff(old, new).first(.nameDuplicate)?.elements.count
    }

    func testLabelsThatNormalizeToTheAddedNameAreItsDuplicates() {
        // Upper case, leading whitespace, a tab: all normalize to "reorder".
        for existing in ["Reorder", " reorder", "\treorder", "REORDER"] {
            XCTAssertEqual(duplicateCount([existing, "Cancel"], added: "reorder"), 2, existing.debugDescription)
        }
        XCTAssertEqual(duplicateCount(["Reorder  now", "Cancel"], added: "reorder now"), 2)
    }

    func testLabelsThatOnlyStartLikeTheNameAreNot() {
        // "e" + a combining acute is "é", not "e"; "xedit" starts another name.
        for existing in ["e\u{301}dit", "xedit", "Edits"] {
            XCTAssertNil(duplicateCount([existing, "Cancel"], added: "edit"), existing.debugDescription)
        }
        XCTAssertEqual(duplicateCount(["e\u{301}dit", "Edit"], added: "edit"), 2)
    }
    /// Members of one group share a label but not always the id: a button
    /// whose iOS label is its leaked identifier is meaningless and left out,
    /// whichever member comes first, so a member is judged by its own fields.
    func testMembersWithTheSameLabelAreJudgedByTheirOwnId() {
        let old = [S.button("Save", id: "save-1", y: 0), S.button("Cancel", y: 50)]
        let new = old + [S.button("Save", id: "Save", y: 1_000), S.button("Save", y: 2_000)]
        let found = S.diff(old, new).all(.nameDuplicate)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.elements.map(\.index), [0, 3], "the leaked identifier is left out")
        let leakedFirst = [S.button("Save", id: "Save", y: 0), S.button("Cancel", y: 50)]
        let later = leakedFirst + [S.button("Save", y: 1_000), S.button("Save", id: "save-2", y: 2_000)]
        let again = S.diff(leakedFirst, later).all(.nameDuplicate)
        XCTAssertEqual(again.count, 1)
        XCTAssertEqual(again.first?.elements.map(\.index), [2, 3], "the first member's verdict is not the others'")
    }
}

/// `NameDuplicate.duplicates` against the rule stated plainly: controls and
/// links grouped by their normalized label, for the names given, members in
/// reading order, meaningless labels left out, groups of two or more that no
/// input labels tell apart. Seeded stops whose labels differ in case, in
/// whitespace and in characters outside ASCII that normalize to ASCII
/// ("\u{212A}" is "k"), and names both all-ASCII and not.
extension NameDuplicateTests {
    static func reference(_ stops: [Stop], among names: Set<String>) -> [String: [Int]] {
        var groups: [String: [Int]] = [:]
        for stop in stops where NameDuplicate.counts(stop.role) {
            let name = LabelText.normalized(stop.label)
            if names.contains(name) { groups[name, default: []].append(stop.index) }
        }
        return groups.mapValues { members in
            members.filter { m in
                !LabelQuality.isMeaningless(stops[m].label, id: stops[m].id, imageNames: stops[m].imageNames,
                                            role: stops[m].role, platform: stops[m].platform)
            }
        }.filter { _, members in
            guard members.count >= 2 else { return false }
            var seen: [String: Int] = [:]
            for m in members { for l in Set(stops[m].inputLabels.map(LabelText.normalized)) { seen[l, default: 0] += 1 } }
            return !members.allSatisfy { m in stops[m].inputLabels.contains { seen[LabelText.normalized($0)] == 1 } }
        }
    }

    func testTheGroupsAreThoseOfTheRuleStatedPlainly() {
        let seed: UInt64 = 0xD0_0B1E
        var rng = SeededGenerator(seed: seed)
        let labels = ["Delete", "delete", " Delete", "DELETE ", "Delete  item", "delete item", "Kelvin", "\u{212A}elvin",
                      "Café", "cafe\u{301}", "OK", "ok", "Favorite", "Add to cart", "add  to cart", "x", "", "Ic_star", "Reorder"]
        let roles: [Role] = [.button, .button, .link, .text, .toggle, .image]
        var found = 0
        for round in 0..<1_500 {
            let n = Int.random(in: 0...30, using: &rng)
            let nodes: [Node] = (0..<n).map { i in
                Node(id: Bool.random(using: &rng) ? "b\(i % 3)" : nil, role: roles[Int.random(in: 0..<roles.count, using: &rng)],
                     label: labels[Int.random(in: 0..<labels.count, using: &rng)],
                     inputLabels: Int.random(in: 0..<6, using: &rng) == 0 ? ["Item \(Int.random(in: 0...2, using: &rng))"] : [])
            }
            let stops = Snapshot(screen: "S", platform: .ios, elements: nodes).stopTree().stops
            var names = Set(stops.map { LabelText.normalized($0.label) }.filter { _ in Bool.random(using: &rng) })
            if Bool.random(using: &rng) { names = names.filter { $0.utf8.allSatisfy { $0 < 0x80 } } }
            let got = NameDuplicate.duplicates(stops, among: names)
            XCTAssertEqual(got, Self.reference(stops, among: names), "seed \(seed), round \(round): \(stops.map(\.label)) among \(names)")
            found += got.count
        }
        XCTAssertGreaterThan(found, 1_000, "seed \(seed)")
    }
    /// The slots `duplicates` notes, handed back as known, give the same
    /// groups and slots as looking every label up: what `changes(in:)`
    /// relies on for the new stops of unchanged pairs.
    func testKnownSlotsGiveTheGroupsOfLookedUpOnes() {
        let seed: UInt64 = 0x5_1075
        var rng = SeededGenerator(seed: seed)
        let labels = ["Delete", "delete", " Delete", "Kelvin", "\u{212A}elvin", "Café", "cafe\u{301}", "OK", "ok", "Favorite", "", "Reorder"]
        let roles: [Role] = [.button, .link, .text, .toggle]
        for round in 0..<500 {
            let n = Int.random(in: 0...30, using: &rng)
            let nodes: [Node] = (0..<n).map { _ in
                Node(role: roles[Int.random(in: 0..<roles.count, using: &rng)], label: labels[Int.random(in: 0..<labels.count, using: &rng)])
            }
            let stops = Snapshot(screen: "S", platform: .ios, elements: nodes).stopTree().stops
            var names = Set(stops.map { LabelText.normalized($0.label) }.filter { _ in Bool.random(using: &rng) })
            if Bool.random(using: &rng) { names = names.filter { $0.utf8.allSatisfy { $0 < 0x80 } } }
            var looked: [Int] = [], given: [Int] = []
            let expected = NameDuplicate.duplicates(stops, among: names, slots: &looked)
            // Some stops' slots are given, the others looked up.
            let known = stops.indices.map { _ in Bool.random(using: &rng) }
            let got = NameDuplicate.duplicates(stops, among: names, slots: &given) { known[$0] ? looked[$0] : nil }
            XCTAssertEqual(got, expected, "seed \(seed), round \(round): \(stops.map(\.label)) among \(names)")
            XCTAssertEqual(given, looked, "seed \(seed), round \(round)")
            XCTAssertEqual(expected, NameDuplicate.duplicates(stops, among: names), "seed \(seed), round \(round)")
        }
    }
}
