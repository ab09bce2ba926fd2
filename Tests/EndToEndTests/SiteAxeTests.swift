import AXTestSupport
import Foundation
import XCTest

/// The review site judged by axe-core (`axe-playwright-python`, driving
/// Debian's Chromium through Python Playwright) at 390 and 1280 CSS pixels:
/// the index, a commit page with a wireframe, a commit page with 200
/// changes and a screen page — no violation. In the same browser, probes
/// that the moved stop's box is where its frame says, emphasised in both
/// panels. Runs with `AXDIFF_FULL_TESTS=1`.
final class SiteAxeTests: XCTestCase {
    static let story = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Config/examples/story")

    static let script = #"""
    import json, sys
    from playwright.sync_api import sync_playwright
    from axe_playwright_python.sync_playwright import Axe
    chromium, drift, pages = sys.argv[1], sys.argv[2], sys.argv[3:]
    axe = Axe()
    out = {"violations": [], "probes": []}
    probe = """() => {
      const figure = document.querySelector('figure.wireframe svg');
      const screens = [...figure.querySelectorAll('rect.wf-screen')].map(r => r.getBoundingClientRect());
      return [...figure.querySelectorAll('rect.wf-stop.wf-moved')].filter(r => !r.closest('.wf-legend-box')).map((r, k) => {
        const b = r.getBoundingClientRect(), s = screens[k], style = getComputedStyle(r);
        return {x: (b.left - s.left) / s.width, y: (b.top - s.top) / s.height, w: b.width / s.width,
                stroke: style.stroke, width: style.strokeWidth, panelLeft: s.left};
      });
    }"""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        for width in (390, 1280):
            page = browser.new_page(viewport={"width": width, "height": 900})
            for url in pages:
                page.goto("file://" + url)
                for v in axe.run(page).response["violations"]:
                    out["violations"].append({"width": width, "page": url.split("/")[-1], "id": v["id"],
                                              "nodes": [n["target"] for n in v["nodes"][:3]]})
            page.goto("file://" + drift)
            out["probes"].append({"width": width, "moved": page.evaluate(probe)})
            page.close()
        browser.close()
    print(json.dumps(out, sort_keys=True))
    """#

    func testTheSitePassesAxeAtTwoWidths() throws {
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
        let chromium = ProcessInfo.processInfo.environment["CHROMIUM"] ?? "/usr/bin/chromium"
        guard FileManager.default.isExecutableFile(atPath: chromium) else { throw XCTSkip("chromium is not installed") }
        let python = URL(fileURLWithPath: "/usr/bin/env")
        guard try CLI.run(["python3", "-c", "import playwright, axe_playwright_python"], executable: python, timeout: 60).code == 0 else {
            throw XCTSkip("the Python packages playwright and axe-playwright-python are not installed (Scripts/setup.sh installs them)")
        }
        let repo = try GitFixture(self)
        func story(_ step: String, _ screen: String) throws -> String {
            String(decoding: try Data(contentsOf: Self.story.appendingPathComponent("\(step)/Snapshots/\(screen).json")), as: UTF8.self)
        }
        try repo.commit("Add the product card", ["Snapshots/ProductCard.json": try story("01-initial", "ProductCard")])
        let drift = try repo.commit("Price first", ["Snapshots/ProductCard.json": try story("02-price-first", "ProductCard")])
        func settings(_ prefix: String) -> String {
            let rows = (0..<200).map { #"{"id": "row\#($0)", "role": "button", "label": "\#(prefix) \#($0 + 1)", "frame": [0, \#($0 * 48), 390, 48]}"# }
            return #"{"axsnapshot": 1, "screen": "Settings", "platform": "ios", "elements": ["# + rows.joined(separator: ",\n") + "]}"
        }
        try repo.commit("Add settings", ["Snapshots/Settings.json": settings("Option")])
        let many = try repo.commit("Rename every setting", ["Snapshots/Settings.json": settings("Setting")])
        let site = try CLI.tempDir(self).appendingPathComponent("site")
        let built = try CLI.run(["html", "--repo", repo.path, "--out", site.path])
        XCTAssertEqual(built.code, 0, built.err)
        let manyPage = try String(contentsOf: site.appendingPathComponent("commits/\(many).html"), encoding: .utf8)
        XCTAssertEqual(manyPage.components(separatedBy: "<code class=\"kind\">label.changed</code>").count - 1, 200)
        let screen = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("screens").path)
            .first { $0.hasPrefix("snapshots-productcard-json-") })
        let drifted = site.appendingPathComponent("commits/\(drift).html").path
        let pages = [site.appendingPathComponent("index.html").path, drifted, site.appendingPathComponent("commits/\(many).html").path,
                     site.appendingPathComponent("screens/\(screen)").path]
        let r = try CLI.run(["python3", "-c", Self.script, chromium, drifted] + pages, executable: python, timeout: 600)
        XCTAssertEqual(r.code, 0, r.err)
        let result = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any], r.out)
        XCTAssertEqual((result["violations"] as? [Any])?.count, 0, r.out)
        // "Jasmine tea" moved: its frame [16, 320, 240, 28] in a drawing of x 0…374, y 320…480 (the card's frames).
        let probes = try XCTUnwrap(result["probes"] as? [[String: Any]])
        XCTAssertEqual(probes.count, 2)
        for probe in probes {
            let moved = try XCTUnwrap(probe["moved"] as? [[String: Any]], r.out)
            XCTAssertEqual(moved.count, 2, "one moved box in each panel: \(r.out)")
            for box in moved {
                XCTAssertEqual(box["x"] as? Double ?? -1, 16.0 / 374, accuracy: 0.01, r.out)
                XCTAssertEqual(box["y"] as? Double ?? -1, 0, accuracy: 0.01, r.out)
                XCTAssertEqual(box["w"] as? Double ?? -1, 240.0 / 374, accuracy: 0.015, r.out)
                XCTAssertEqual(box["stroke"] as? String, "rgb(179, 0, 27)", r.out)
                XCTAssertEqual(box["width"] as? String, "3px", r.out)
            }
            XCTAssertLessThan(moved[0]["panelLeft"] as? Double ?? 0, moved[1]["panelLeft"] as? Double ?? 0, "before on the left")
        }
    }
}
