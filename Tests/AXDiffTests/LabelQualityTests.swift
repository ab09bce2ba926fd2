import AXDiff
import AXSnapshot
import XCTest

/// What a meaningless label is (DESIGN §5), which `label.lost`,
/// `label.missing`, `label.changed`, `stop.decorative` and `name.duplicate` share.
final class LabelQualityTests: XCTestCase {
    func testMeaninglessLabels() {
        for label in ["", "  ", "icClose", "btn_back", "sign_in_button", "164234main_image_feature_713_ys_full",
                      "photo.png", "square.and.arrow.up", "magnifyingglass", "square and arrow up", "heart",
                      "exclamationmark.triangle.fill", "closeButtonIcon"] {
            XCTAssertTrue(LabelQuality.isMeaningless(label), "\(label) should be meaningless")
        }
        for label in ["Close", "Share receipt", "Add to favorites", "iPhone", "Order 1042", "News", "Sign in", "$24.80", "e.g. this"] {
            XCTAssertFalse(LabelQuality.isMeaningless(label), "\(label) should be meaningful")
        }
        XCTAssertTrue(LabelQuality.isMeaningless("share", imageNames: ["share"]), "the image's asset name leaked")
        XCTAssertFalse(LabelQuality.isMeaningless("News", imageNames: ["News"]), "a capitalized word reads as copy")
        XCTAssertTrue(LabelQuality.isMeaningless("checkout_button", id: "checkout_button"))
    }
}
