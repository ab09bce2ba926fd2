import AXDiff
import AXSnapshot
import XCTest

/// A label is judged meaningless by its role and context, not its shape
/// alone; one problem gets one change; messages name the platform's screen reader.
final class LabelContextTests: XCTestCase {
    func diff(_ old: [Node], _ new: [Node], platform: Platform) -> ScreenDiff {
        ScreenDiffer.diff(old: Snapshot(screen: "Screen", platform: platform, elements: old),
                          new: Snapshot(screen: "Screen", platform: platform, elements: new),
                          path: "Snapshots/Screen.json", policy: DiffPolicy())
    }

    func testAFileNameThatIsTheContentIsNoMissingLabel() {
        // An editor's tabs and a file list name their files.
        let d = S.diff([S.text("Files")], [
            S.text("Files"), Node(role: .tab, label: "main.dart"), Node(role: .tab, label: "pubspec.yaml"),
            Node(role: .cell, label: "Report.pdf"), Node(role: .link, label: "photo.png"), Node(role: .text, label: "notes.txt"),
        ])
        XCTAssertEqual(d.all(.labelMissing).count, 0, "\(d.changes.map(\.message))")
        XCTAssertEqual(d.all(.stopAdded).count, 5)
    }

    func testAnAssetNameOnAnImageOrIconOnlyControlIsStillMissing() {
        let icon = Node(role: .button, label: "share.png", element: true, children: [Node(id: "share.png", role: .image)])
        let d = S.diff([S.text("Files")], [
            S.text("Files"), S.image("photo.png"), icon, S.button("close.png"), S.button("icClose"), Node(role: .tab, label: "tab_home"),
        ])
        XCTAssertEqual(d.all(.labelMissing).map(\.elements.first?.label), ["photo.png", "share.png", "close.png", "icClose", "tab_home"])
        XCTAssertEqual(d.all(.stopAdded).count, 0)
    }

    func testAMeaninglessLabelWithARoleWordIsOneChange() {
        let d = S.diff([S.text("Gallery")], [S.text("Gallery"), S.image("164234main_image_feature_713_ys_full")])
        XCTAssertEqual(d.all(.labelMissing).count, 1)
        XCTAssertEqual(d.all(.labelRoleWord).count, 0, "the asset name is reported once, as label.missing")
        // A real label holding its role word is still flagged.
        let e = S.diff([S.text("Gallery")], [S.text("Gallery"), S.image("Sunset image")])
        XCTAssertEqual(e.all(.labelRoleWord).map(\.elements.first?.label), ["Sunset image"])
        XCTAssertEqual(e.all(.labelMissing).count, 0)
    }

    func testLabelLostOnAnAssetNameIsOneChange() {
        let d = S.diff([S.button("Close", id: "close")], [S.button("close_button_icon", id: "close")])
        XCTAssertEqual(d.kinds(), [.labelLost])
    }

    func testMessagesNameThePlatformsScreenReader() {
        for (platform, reader) in [(Platform.ios, "VoiceOver"), (.android, "TalkBack"), (.web, "a screen reader"), (.other, "VoiceOver")] {
            let d = diff([S.text("Share"), S.button("Share", id: "share")], [S.text("Share"), S.button("ic_share", id: "share")], platform: platform)
            XCTAssertEqual(d.all(.labelLost).map(\.message), ["\"Share\" lost its label: \(reader) now says \"ic_share, button\""], "\(platform)")
            let m = diff([S.text("Share")], [S.text("Share"), S.button("")], platform: platform)
            XCTAssertEqual(m.all(.labelMissing).map(\.message), ["new button has no meaningful label: \(reader) says \"button\""], "\(platform)")
            let image = diff([S.text("Share")], [S.text("Share"), S.image()], platform: platform)
            XCTAssertEqual(image.all(.stopDecorative).map(\.message),
                           ["new unlabelled image takes a swipe; hide it from \(reader) if it is decorative"], "\(platform)")
        }
    }
}
