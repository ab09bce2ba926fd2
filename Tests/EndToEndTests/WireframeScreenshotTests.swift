import AXTestSupport
import Foundation
import XCTest

/// The review site's commit page in headless Chromium (Python Playwright
/// driving Debian's Chromium, as `SiteAxeTests` does) at 390 and 1280 CSS
/// pixels: screenshots, and probes that the moved stop's box and its number
/// sit where its frame says and are drawn emphasised in both columns — read
/// from the DOM's geometry and from the screenshot's pixels. Runs with
/// `AXDIFF_FULL_TESTS=1`; the screenshots' folder is printed.
final class WireframeScreenshotTests: XCTestCase {
    static let story = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Config/examples/story")

    static let script = #"""
    import json, struct, sys, zlib
    from playwright.sync_api import sync_playwright

    def pixels(path):
        # A plain PNG reader (8-bit RGB or RGBA, not interlaced, as Chromium writes): no imaging library needed.
        data = open(path, "rb").read()
        pos, idat, width, height, channels = 8, b"", 0, 0, 0
        while pos < len(data):
            length, kind = struct.unpack(">I4s", data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            if kind == b"IHDR":
                width, height, depth, colour = struct.unpack(">IIBB", body[:10])
                assert depth == 8 and colour in (2, 6), (depth, colour)
                channels = 3 if colour == 2 else 4
            elif kind == b"IDAT":
                idat += body
            pos += 12 + length
        raw, stride, rows, prev = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
        for y in range(height):
            f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b, c = prev[i], prev[i - channels] if i >= channels else 0
                if f == 1: line[i] = (line[i] + a) & 255
                elif f == 2: line[i] = (line[i] + b) & 255
                elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
                elif f == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            rows.append(line)
            prev = line
        return lambda x, y: tuple(rows[y][x * channels:x * channels + 3])

    chromium, page_path, folder = sys.argv[1], sys.argv[2], sys.argv[3]
    probe = """() => {
      const svg = document.querySelector('figure.wireframe svg');
      svg.scrollIntoView();
      const screens = [...svg.querySelectorAll('rect.wf-screen')].map(r => r.getBoundingClientRect());
      const badges = [...svg.querySelectorAll('rect.wf-badge-moved')].map(r => r.getBoundingClientRect());
      const numbers = [...svg.querySelectorAll('.wf-num-moved text')];
      return [...svg.querySelectorAll('rect.wf-stop.wf-moved')].filter(r => !r.closest('.wf-legend-box')).map((r, k) => {
        const b = r.getBoundingClientRect(), s = screens[k], g = badges[k], n = numbers[k].getBoundingClientRect();
        return {x: (b.left - s.left) / s.width, y: (b.top - s.top) / s.height, w: b.width / s.width,
                stroke: getComputedStyle(r).stroke, badgeFill: getComputedStyle(svg.querySelectorAll('rect.wf-badge-moved')[k]).fill,
                number: numbers[k].textContent,
                badgeX: (g.left - b.left) / s.width, badgeY: (g.top - b.top) / s.height,
                numberInBadge: n.left + n.width / 2 > g.left && n.left + n.width / 2 < g.right,
                edge: [Math.round(b.left + window.scrollX), Math.round(b.top + b.height / 2 + window.scrollY)],
                badge: [Math.floor(g.left + window.scrollX), Math.floor(g.top + window.scrollY), Math.ceil(g.width), Math.ceil(g.height)],
                panelLeft: s.left, panelTop: s.top};
      });
    }"""
    out = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        for width in (390, 1280):
            page = browser.new_page(viewport={"width": width, "height": 900}, device_scale_factor=1)
            page.goto("file://" + page_path)
            moved = page.evaluate(probe)
            shot = "%s/commit-%d.png" % (folder, width)
            page.screenshot(path=shot, full_page=True)
            at = pixels(shot)
            for box in moved:
                # The emphasised stroke is 3 px wide, centred on the box's edge: one of the pixels across it is red.
                x, y = box["edge"]
                box["edgePixels"] = [at(x + d, y) for d in (-1, 0, 1)]
                # The badge is red behind its white number: count its red pixels.
                bx, by, bw, bh = box["badge"]
                inside = [at(bx + i, by + j) for i in range(bw) for j in range(bh)]
                box["badgeRed"] = sum(1 for c in inside if c[0] > 140 and c[1] < 70 and c[2] < 80) / max(1, len(inside))
            out.append({"width": width, "moved": moved, "shot": shot})
            page.close()
        browser.close()
    print(json.dumps(out, sort_keys=True))
    """#

    func testTheMovedStopIsWhereItsFrameSaysAndEmphasisedInBothColumns() throws {
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
        let chromium = ProcessInfo.processInfo.environment["CHROMIUM"] ?? "/usr/bin/chromium"
        guard FileManager.default.isExecutableFile(atPath: chromium) else { throw XCTSkip("chromium is not installed") }
        let python = URL(fileURLWithPath: "/usr/bin/env")
        guard try CLI.run(["python3", "-c", "import playwright"], executable: python, timeout: 60).code == 0 else {
            throw XCTSkip("the Python package playwright is not installed (Scripts/setup.sh installs it)")
        }
        let repo = try GitFixture(self)
        func story(_ step: String) throws -> String {
            String(decoding: try Data(contentsOf: Self.story.appendingPathComponent("\(step)/Snapshots/ProductCard.json")), as: UTF8.self)
        }
        try repo.commit("Add the product card", ["Snapshots/ProductCard.json": try story("01-initial")])
        let drift = try repo.commit("Price first", ["Snapshots/ProductCard.json": try story("02-price-first")])
        let site = try CLI.tempDir(self).appendingPathComponent("site")
        let built = try CLI.run(["html", "--repo", repo.path, "--out", site.path])
        XCTAssertEqual(built.code, 0, built.err)
        // Kept after the test, for a person to look at.
        let shots = FileManager.default.temporaryDirectory.appendingPathComponent("axdiff-wireframe-shots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        print("wireframe screenshots: \(shots.path)")
        let r = try CLI.run(["python3", "-c", Self.script, chromium, site.appendingPathComponent("commits/\(drift).html").path, shots.path],
                            executable: python, timeout: 600)
        XCTAssertEqual(r.code, 0, r.err)
        let widths = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [[String: Any]], r.out)
        XCTAssertEqual(widths.map { $0["width"] as? Int }, [390, 1280])
        func isRed(_ pixel: Any?) -> Bool {
            guard let p = pixel as? [Int], p.count == 3 else { return false }
            return p[0] > 140 && p[1] < 70 && p[2] < 80
        }
        for result in widths {
            let shot = try XCTUnwrap(result["shot"] as? String)
            XCTAssertEqual(Array((FileManager.default.contents(atPath: shot) ?? Data()).prefix(4)), [0x89, 0x50, 0x4E, 0x47], shot)
            // "Jasmine tea" moved: its frame [16, 320, 240, 28] in a drawing of x 0…374, y 320…480; read first before, third after.
            let moved = try XCTUnwrap(result["moved"] as? [[String: Any]], r.out)
            XCTAssertEqual(moved.count, 2, "one moved box in each column: \(r.out)")
            XCTAssertEqual(moved.map { $0["number"] as? String }, ["1", "3"], r.out)
            for box in moved {
                XCTAssertEqual(box["x"] as? Double ?? -1, 16.0 / 374, accuracy: 0.01, r.out)
                XCTAssertEqual(box["y"] as? Double ?? -1, 0, accuracy: 0.01, r.out)
                XCTAssertEqual(box["w"] as? Double ?? -1, 240.0 / 374, accuracy: 0.015, r.out)
                // The number's badge at the box's leading top corner, the number inside it.
                XCTAssertEqual(box["badgeX"] as? Double ?? -1, 1.0 / 360, accuracy: 0.01, r.out)
                XCTAssertEqual(box["badgeY"] as? Double ?? -1, 1.0 / 360, accuracy: 0.01, r.out)
                XCTAssertEqual(box["numberInBadge"] as? Bool, true, r.out)
                XCTAssertEqual(box["stroke"] as? String, "rgb(179, 0, 27)", r.out)
                XCTAssertEqual(box["badgeFill"] as? String, "rgb(179, 0, 27)", r.out)
                // And in the screenshot: the box's edge and the number's badge are red.
                XCTAssertTrue((box["edgePixels"] as? [Any] ?? []).contains(where: isRed), "\(result["width"] ?? 0) px: \(box)")
                XCTAssertGreaterThan(box["badgeRed"] as? Double ?? 0, 0.2, "\(result["width"] ?? 0) px: \(box)")
            }
            // Before on the left and after on the right, or stacked on a narrow window: never the same place.
            let (a, b) = (moved[0], moved[1])
            XCTAssertTrue((a["panelLeft"] as? Double ?? 0) < (b["panelLeft"] as? Double ?? 0)
                          || (a["panelTop"] as? Double ?? 0) < (b["panelTop"] as? Double ?? 0), r.out)
        }
    }
}
