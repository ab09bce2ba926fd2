@testable import AXDiff
import AXTestSupport
import XCTest

/// `ScalarCharacters`' blocks hold only scalars that are characters of their
/// own, equal to no other, whose character properties are the scalar's:
/// checked for every scalar of them.
final class ScalarCharactersTests: XCTestCase {
    func testEveryScalarOfTheBlocksIsACharacterOfItsOwn() {
        var checked = 0
        for range in ScalarCharacters.ownCharacterBlocks {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let s = String(scalar)
                // Joins neither a letter before it, nor one after it, nor its own kind.
                XCTAssertEqual(("a" + s).count, 2, "U+\(String(value, radix: 16)) joins the character before it")
                XCTAssertEqual((s + "a").count, 2, "U+\(String(value, radix: 16)) joins the character after it")
                XCTAssertEqual((s + s).count, 2, "U+\(String(value, radix: 16)) pairs with itself")
                let c = Character(scalar)
                XCTAssertEqual(c.isWhitespace, scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
                XCTAssertEqual(c.isLetter, scalar.properties.isAlphabetic, "U+\(String(value, radix: 16))")
                XCTAssertEqual(c.isNumber, scalar.properties.numericType != nil, "U+\(String(value, radix: 16))")
                checked += 1
            }
        }
        XCTAssertEqual(checked, ScalarCharacters.ownCharacterBlocks.reduce(0) { $0 + $1.count })
        // Equal to no other: as many distinct characters as scalars, ASCII with them.
        var characters = Set((0..<128).map { Character(Unicode.Scalar(UInt8($0))) })
        for range in ScalarCharacters.ownCharacterBlocks {
            for value in range { if let scalar = Unicode.Scalar(value) { characters.insert(Character(scalar)) } }
        }
        XCTAssertEqual(characters.count, checked + 128, "two scalars of the blocks are canonically equivalent")
        // Outside the blocks: combining marks, joiners, selectors, jamo, regional indicators.
        for value: UInt32 in [0x0301, 0x0483, 0x200C, 0x200D, 0x20DD, 0x302A, 0x3099, 0xFE0F, 0xFF9E, 0x1100, 0x1F1E6, 0x1F3FB, 0x0600,
                              0x037E, 0x212A, 0x212B, 0x1F71] {
            XCTAssertFalse(ScalarCharacters.isOwnCharacter(value), "U+\(String(value, radix: 16))")
        }
        XCTAssertTrue(ScalarCharacters.hold("Crème brûlée – “menu” 中文 €5"))
        XCTAssertFalse(ScalarCharacters.hold("Cre\u{300}me"))
    }

    /// `LabelForms.contains` is `String.contains` of the normal forms, on
    /// seeded labels of both kinds of text, with the equivalent scalars the
    /// byte search must not meet.
    func testContainsIsTheStringsContains() {
        let seed: UInt64 = 0x5CA1
        var rng = SeededGenerator(seed: seed)
        let pool = ["a", "b", "ab", "K", " ", ";", "é", "e\u{301}", "’", "–", "\u{37E}", "\u{212A}", "中", "カ", "\r\n", "Ж", "\u{1F1EB}\u{1F1F7}"]
        var bytePath = 0
        for trial in 0..<4_000 {
            func label() -> String { (0..<Int.random(in: 0...10, using: &rng)).map { _ in pool[Int.random(in: 0..<pool.count, using: &rng)] }.joined() }
            let (a, b) = (LabelForms(label()), LabelForms(label()))
            // Non-empty, as `similar` asks (Foundation's `contains`, which this
            // file sees, finds no empty string; the standard library's does).
            guard !a.normal.isEmpty, !b.normal.isEmpty else { continue }
            if ScalarCharacters.hold(a.normal), ScalarCharacters.hold(b.normal) { bytePath += 1 }
            XCTAssertEqual(a.contains(b), a.normal.contains(b.normal), "seed \(seed) trial \(trial): \(Array(a.normal.unicodeScalars)) \(Array(b.normal.unicodeScalars))")
        }
        XCTAssertGreaterThan(bytePath, 300, "seed \(seed): the byte search is taken")
    }

    /// The byte search, and telling scalar text, on the worst case of a
    /// naive search: "éé…éz" for "é…éz", half as long.
    func testContainsIsLinearInTheLabels() {
        XCTAssertNil(Scaling.check("LabelForms.contains and ScalarCharacters.hold on labels of n characters", .linear, n: 20_000) { n in
            let (text, pattern) = (LabelForms(String(repeating: "é", count: n) + "z"), LabelForms(String(repeating: "é", count: n / 2) + "z"))
            return {
                XCTAssertTrue(text.contains(pattern))
                XCTAssertTrue(ScalarCharacters.hold(text.normal))
            }
        })
    }
}
