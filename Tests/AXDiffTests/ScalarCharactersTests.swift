@testable import AXDiff
import XCTest

/// `ScalarCharacters`' blocks hold only scalars that are characters of their
/// own, whose character properties are the scalar's: checked for every
/// scalar of them.
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
        // Outside the blocks: combining marks, joiners, selectors, jamo, regional indicators.
        for value: UInt32 in [0x0301, 0x0483, 0x200C, 0x200D, 0x20DD, 0x302A, 0x3099, 0xFE0F, 0xFF9E, 0x1100, 0x1F1E6, 0x1F3FB, 0x0600] {
            XCTAssertFalse(ScalarCharacters.isOwnCharacter(value), "U+\(String(value, radix: 16))")
        }
        XCTAssertTrue(ScalarCharacters.hold("Crème brûlée – “menu” 中文 €5"))
        XCTAssertFalse(ScalarCharacters.hold("Cre\u{300}me"))
    }
}
