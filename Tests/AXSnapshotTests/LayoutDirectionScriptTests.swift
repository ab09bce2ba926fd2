@testable import AXSnapshot
import XCTest

/// `LayoutDirectionInference.script(of:)` answers ASCII without Unicode
/// properties: it must answer as the properties do.
final class LayoutDirectionScriptTests: XCTestCase {
    /// The direction by the definition: the first right-to-left or alphabetic scalar.
    static func byProperties(_ text: String) -> LayoutDirection? {
        for scalar in text.unicodeScalars {
            if LayoutDirectionInference.rightToLeftRanges.contains(where: { $0.contains(scalar.value) }) { return .rtl }
            if scalar.properties.isAlphabetic { return .ltr }
        }
        return nil
    }

    func testEveryASCIIScalarReadsAsItsProperties() {
        for v in 0..<0x80 {
            let text = String(Character(Unicode.Scalar(UInt8(v))))
            XCTAssertEqual(LayoutDirectionInference.script(of: text), Self.byProperties(text), "U+\(String(v, radix: 16))")
            XCTAssertEqual(LayoutDirectionInference.script(of: text + "שלום"), Self.byProperties(text + "שלום"), "U+\(String(v, radix: 16))")
        }
        for text in ["", "12 ", "3 שלום", "- Café", "٣ مرحبا", "ª", "1.5 ﷺ", "👍🏽 ok"] {
            XCTAssertEqual(LayoutDirectionInference.script(of: text), Self.byProperties(text), text)
        }
    }
}
