import AXDiff
import AXReport
import AXSnapshot
import XCTest

/// The review site names the screen reader of the snapshot's platform.
final class ScreenReaderWordingTests: XCTestCase {
    func page(_ bytes: String, file: String) throws -> String {
        let new = try SnapshotReader.read(Array(bytes.utf8), file: file)
        let old = Snapshot(screen: new.screen, platform: new.platform, elements: [], format: new.format)
        let diff = ScreenDiffer.diff(old: old, new: new, path: file, policy: DiffPolicy())
        return CommitPage.render(HTMLFixtures.commit([diff]), site: HTMLFixtures.site)
    }

    func testTheReadingOrderLegendNamesThePlatformsScreenReader() throws {
        let web = try page("- button \"Buy\"\n- link \"Help\"\n", file: "Snapshots/Shop.aria.yml")
        XCTAssertTrue(web.contains("Each list is what a screen reader says, one stop per swipe."))
        let android = try page("""
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="Buy" resource-id="" class="android.widget.Button" package="p" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][200,100]" /></hierarchy>
        """, file: "Snapshots/Shop.xml")
        XCTAssertTrue(android.contains("Each list is what TalkBack says, one stop per swipe."))
        let ios = try page(#"{"axsnapshot": 1, "screen": "Shop", "platform": "ios", "elements": [{"role": "button", "label": "Buy"}]}"#,
                           file: "Snapshots/Shop.json")
        XCTAssertTrue(ios.contains("Each list is what VoiceOver says, one stop per swipe."))
        for text in [web, android, ios] {
            XCTAssertEqual(text.components(separatedBy: "Each list is what").count, 2, "one legend per screen")
        }
    }
}
