import AXTestSupport
@testable import AXDiff
import XCTest

/// The byte path of `looksLikeAssetName` (ASCII labels) gives the answer
/// of the `Character` path it stands in for.
final class AssetNameTests: XCTestCase {
    func testASCIIPathAgreesWithCharacterPathOnSeededLabels() {
        var rng = SeededGenerator(seed: 21)
        // Pieces that hit every branch: extensions in any case, prefixes,
        // humps, digits, "_", "-", spaces, "\r\n" (one Character, two bytes).
        let pieces = ["ic", "img", "Icon", "btn", "bg", "asset", "logo", "button", "Close", "back", "x", "2",
                      "-", "_", " ", ".png", ".PNG", ".jpeg", ".imageset", ".json", "\r\n", "\r", "\t", "iPhone", "A", "é"]
        for trial in 0..<5_000 {
            let label = (0..<Int.random(in: 0...4, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
            let ascii = LabelQuality.asciiLooksLikeAssetName(label)
            if label.utf8.allSatisfy({ $0 < 0x80 }) {
                XCTAssertEqual(ascii, LabelQuality.characterLooksLikeAssetName(label), "trial \(trial): \(label.debugDescription)")
            } else {
                XCTAssertNil(ascii, "trial \(trial): \(label.debugDescription)")
            }
        }
        for label in ["icClose", "btn_back", "photo.png", "closeButtonIcon", "iPhone", "icon", "ic-", "a\r\n.png", "logo2"] {
            XCTAssertEqual(LabelQuality.asciiLooksLikeAssetName(label), LabelQuality.characterLooksLikeAssetName(label), label)
        }
    }
}
