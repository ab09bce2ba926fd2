@testable import AXDiff
import AXSnapshot
import XCTest

/// Matching pairs the elements a person would call the same (DESIGN §4):
/// anchors, then alignment; never duplicates by their rank alone. Each test
/// is a case seen on real histories, with the exact changes and whom they name.
final class IdentityTests: XCTestCase {
    func ordered(_ d: ScreenDiff) -> [Change] { d.changes.filter { $0.kind.rawValue.hasPrefix("order.") } }

    func testASecondButtonWithAnExistingNameIsAddedNotMoved() {
        let old = [S.text("Booking"), S.field("Date"), S.button("Open calendar"), S.text("A value is required.")]
        let new = [S.text("Booking"), S.field("Start date"), S.button("Open calendar"), S.field("Date"), S.button("Open calendar"),
                   S.text("A value is required.")]
        let d = S.diff(old, new)
        XCTAssertEqual(ordered(d).count, 0, "\(d.changes.map(\.message))")
        // "Date" was renamed in place? No: a new field is inserted before it, with its own button.
        XCTAssertEqual(d.all(.stopAdded).map { $0.elements[0].index }, [1, 2], "\(d.changes.map(\.message))")
        // The one other thing worth saying: two buttons now share a name.
        XCTAssertEqual(d.kinds().filter { $0 != .stopAdded }, [.nameDuplicate], "\(d.changes.map(\.message))")
        XCTAssertEqual(d.matchedOld, [0, nil, nil, 1, 2, 3])
    }

    func testAnAddedButtonAfterTheLastFieldIsOneStopAdded() {
        let old = [S.field("Start"), S.button("Open calendar"), S.text("A value is required."), S.field("End")]
        let new = old + [S.button("Open calendar")]
        let d = S.diff(old, new)
        XCTAssertEqual(d.kinds(), [.nameDuplicate, .stopAdded], "\(d.changes.map(\.message))")
        XCTAssertEqual(d.first(.stopAdded)?.elements.first?.index, 4)
    }

    /// A data table whose age cells are Playwright patterns (`/\d+/` reads as `…`).
    func testARowInsertedAtTheTopOfATableOfPatternCellsShiftsNothing() {
        func row(_ k: Int) -> [Node] { [Node(role: .cell, label: "First \(k)"), Node(role: .cell, label: "Last \(k)"), Node(role: .cell, label: "…")] }
        let old = (0..<80).flatMap(row)
        let new = [Node(role: .cell, label: "Total"), Node(role: .cell, label: "…"), Node(role: .cell, label: "Mean …")] + old
        let d = S.diff(old, new)
        XCTAssertEqual(ordered(d).count, 0, "\(ordered(d).prefix(3).map(\.message))")
        XCTAssertEqual(d.all(.stopAdded).map { $0.elements[0].index }, [0, 1, 2], "\(d.changes.prefix(5).map(\.message))")
        XCTAssertEqual(d.changes.count, 3, "\(d.changes.map(\.message))")
    }

    /// TalkBack rows of a chat list all share the resource-id `conversation_row`.
    func testAChatRowAddedAtTheTopIsTheOnlyChange() {
        let names = ["Ana", "Ben", "Chloé", "Dev", "Eli", "Fay", "Gus"]
        let old = names.map { Node(id: "conversation_row", role: .button, label: "\($0), see you tomorrow") }
        let new = [Node(id: "conversation_row", role: .button, label: "Hana, new message")] + old
        let d = S.diff(old, new)
        XCTAssertEqual(d.kinds(), [.stopAdded], "\(d.changes.map(\.message))")
        XCTAssertEqual(d.first(.stopAdded)?.elements.first?.label, "Hana, new message")
    }

    /// Rows without unique names and repeated cells: a grid read by columns, one tile added.
    func testDuplicateTilesPairByPlaceNotByRank() {
        let old = (0..<6).map { Node(id: "tile", role: .button, label: $0 % 2 == 0 ? "Favorite" : "Share") }
        var new = old
        new.insert(Node(id: "tile", role: .button, label: "Favorite"), at: 4)
        new.insert(Node(id: "tile", role: .button, label: "Share"), at: 5)
        let d = S.diff(old, new)
        XCTAssertEqual(ordered(d).count, 0, "\(d.changes.map(\.message))")
        XCTAssertEqual(d.all(.stopAdded).count, 2)
        XCTAssertEqual(d.changes.count, 2)
    }

    func testMovingOneOfThreeIdenticalRowsBlamesOnlyThatRow() {
        func row(_ k: Int) -> [Node] { [S.text("Card \(k)"), S.text("Shipped"), S.button("Delete")] }
        let old = row(1) + row(2) + row(3)
        let new = row(3) + row(1) + row(2)
        let d = S.diff(old, new)
        let moves = ordered(d)
        XCTAssertEqual(moves.count, 3, "\(moves.map(\.message))")
        XCTAssertEqual(moves.map { $0.elements[0].index }.sorted(), [0, 1, 2], "only the moved row's stops: \(moves.map(\.message))")
        XCTAssertEqual(d.changes.count, 3, "\(d.changes.map(\.message))")
        XCTAssertEqual(d.matchedOld, [6, 7, 8, 0, 1, 2, 3, 4, 5])
    }

    func testRenamedAndMovedWithoutFramesIsOneStop() {
        let old = [S.text("Ridgeback 3"), S.text("$899"), S.button("Add to cart")]
        let new = [S.button("Add Ridgeback 3 to cart"), S.text("Ridgeback 3"), S.text("$899")]
        let d = S.diff(old, new)
        XCTAssertEqual(d.all(.stopAdded).count, 0, "\(d.changes.map(\.message))")
        XCTAssertEqual(d.all(.stopRemoved).count, 0)
        XCTAssertEqual(d.all(.labelChanged).count, 1)
        XCTAssertEqual(d.matchedOld, [2, 0, 1])
        XCTAssertEqual(ordered(d).count, 1)
        XCTAssertEqual(ordered(d).first?.elements.first?.label, "Add Ridgeback 3 to cart")
        XCTAssertEqual(ordered(d).first?.kind, .orderRegressed, "the action is now read before its object")
    }

    func testTwoDifferentRowsRenamedAreNotPairedAcrossTheScreen() {
        // "Delete item 3" went, "Delete item 9" came elsewhere: neither holds the other's words.
        let old = [S.text("Items"), S.button("Delete item 3"), S.text("Footer")]
        let new = [S.text("Items"), S.text("Footer"), S.button("Delete item 9")]
        let d = S.diff(old, new)
        XCTAssertEqual(Set(d.kinds()), [.stopAdded, .stopRemoved], "\(d.changes.map(\.message))")
    }

    func testMergesIgnorePunctuationAndSeparators() {
        for merged in ["Order 1042, Delivered, $24.80.", "Order 1042. Delivered. $24.80.", "order 1042 — delivered — $24.80"] {
            let old = [S.text("Orders"), S.text("Order 1042"), S.text("Delivered"), S.text("$24.80")]
            let new = [S.text("Orders"), S.text(merged)]
            let d = S.diff(old, new)
            XCTAssertEqual(d.kinds(), [.groupMerged], "\(merged): \(d.changes.map(\.message))")
            XCTAssertEqual(d.first(.groupMerged)?.elements.count, 4, merged)
        }
    }

    func testSplitsIgnorePunctuation() {
        let old = [S.text("Order 1029. Returned. $18.00.")]
        let new = [S.text("Order 1029"), S.text("Returned"), S.text("$18.00")]
        let d = S.diff(old, new)
        XCTAssertEqual(d.all(.groupSplit).count, 1, "\(d.changes.map(\.message))")
        XCTAssertEqual(d.all(.stopAdded).count + d.all(.labelChanged).count + d.all(.stopRemoved).count, 0)
    }

    func testTextFoldedIntoANeighbourAfterItsIconIsHiddenIsAMerge() {
        let rows = (1...12).map { k in [S.button("Channel \(k)", id: "ch\(k)"), S.image(), S.text("\(k + 2) unread")] }
        let old = rows.flatMap { $0 }
        let new = (1...12).map { k in S.button("Channel \(k), \(k + 2) unread", id: "ch\(k)") }
        let d = S.diff(old, new)
        XCTAssertEqual(d.all(.stopRemoved).filter { $0.elements[0].label.hasSuffix("unread") }.count, 0, "\(d.changes.prefix(4).map(\.message))")
        XCTAssertEqual(d.all(.groupMerged).count, 12, "\(d.changes.prefix(4).map(\.message))")
        XCTAssertEqual(d.all(.labelChanged).count, 0)
        XCTAssertEqual(ordered(d).count, 0)
    }

    func testAVolatileMoveIsAMoveButVolatileDuplicatesPairByPlace() {
        var c = DiffPolicy()
        c.volatile = [VolatileLabel(screen: nil, label: "* min")]
        let old = [S.text("Trains"), S.text("5 min"), S.text("Leeds"), S.text("9 min"), S.text("York")]
        // A train inserted at the top, times all updated: no time is "renamed" or moved.
        let new = [S.text("Trains"), S.text("2 min"), S.text("Hull"), S.text("6 min"), S.text("Leeds"), S.text("10 min"), S.text("York")]
        let d = S.diff(old, new, policy: c)
        XCTAssertEqual(ordered(d).count, 0, "\(d.changes.map(\.message))")
        XCTAssertEqual(d.all(.stopAdded).count, 2, "\(d.changes.map(\.message))")
        XCTAssertEqual(d.changes.count, 2)
    }
}

final class IdentityRelabelTests: XCTestCase {
    /// Every row's preview changed and a row came in at the top: each old row
    /// continues in the row that reads most like it, not in the one at its rank.
    func testRowsWhoseTextsAllChangedPairWithTheMostAlike() {
        let names = ["Ana", "Ben", "Chloé", "Dev"]
        let old = names.map { Node(id: "conversation_row", role: .button, label: "\($0), see you at noon") }
        let new = [Node(id: "conversation_row", role: .button, label: "Hana, hello there")]
            + names.map { Node(id: "conversation_row", role: .button, label: "\($0), see you at noon, read") }
        let d = S.diff(old, new)
        XCTAssertEqual(d.matchedOld, [nil, 0, 1, 2, 3], "\(d.changes.map(\.message))")
        XCTAssertEqual(d.all(.labelChanged).count, 4)
        XCTAssertEqual(d.first(.stopAdded)?.elements.first?.label, "Hana, hello there")
    }
}

final class IdentityFoldTests: XCTestCase {
    /// A crate row whose stat texts were folded into its description once the icons
    /// between them were hidden (the new label is a Playwright pattern).
    func testStatsFoldedIntoTheDescriptionAreOneMerge() {
        let old: [Node] = [S.text("A generic serialization framework"), S.image(), S.text("All-Time: …,…"), S.image(),
                           S.text("Recent: …"), S.image(), S.text("Updated:"), S.text("about 2 years ago")]
        let new: [Node] = [S.text("A generic serialization framework All-Time Downloads : …,… Recent Downloads : … Updated:"),
                           S.text("about 2 years ago")]
        let d = S.diff(old, new)
        XCTAssertEqual(d.all(.groupMerged).count, 1, "\(d.changes.map(\.message))")
        XCTAssertEqual(d.first(.groupMerged)?.elements.count, 5, "the description and the three stats it took in")
        XCTAssertEqual(d.all(.labelChanged).count, 0)
        // The three icons went: each is said once, as the improvement it is.
        XCTAssertEqual(d.all(.stopRemoved).count, 3, "\(d.changes.map(\.message))")
        XCTAssertTrue(d.all(.stopRemoved).allSatisfy { $0.elements[0].role == .image })
    }
}

final class IdentityFoldWordsTests: XCTestCase {
    /// "Recent: 1" folded in as "Recent Downloads : 1": a word inserted between its words.
    func testAFoldedTextMayGainAWordOnTheWay() {
        let old: [Node] = [S.text("Adds inflections"), S.image(), S.text("Recent: 1"), S.image(), S.text("Updated:")]
        let new: [Node] = [S.text("Adds inflections Recent Downloads : 1 Updated:")]
        let d = S.diff(old, new)
        XCTAssertEqual(d.all(.groupMerged).count, 1, "\(d.changes.map(\.message))")
        XCTAssertEqual(d.first(.groupMerged)?.elements.count, 4)
        XCTAssertEqual(d.all(.stopRemoved).filter { $0.elements[0].role != .image }.count, 0)
    }

    func testReadingInOrderAllowsFewInsertedWords() {
        XCTAssertTrue(GroupMatcher.reads("Recent Downloads : 1", ["recent", "1"]))
        XCTAssertFalse(GroupMatcher.reads("Recent posts by the team today: 1", ["recent", "1"]))
        XCTAssertFalse(GroupMatcher.reads("1 recent", ["recent", "1"]))
    }
}
