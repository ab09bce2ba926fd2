import AXRecord
import AXSnapshot
import Foundation

/// `axdiff record` on a generated catalog page of `recordElements` elements
/// (cards of a heading, a price, a description, an image, a badge, a note,
/// a button and a link, in a CSS grid) and on a one-card page:
/// - `record.page`, `record.small`: one page recorded in a browser already
///   running (what each page after the first costs), against the part of
///   that time Chromium spends loading the page and building and sending its
///   accessibility tree and layout (what axdiff adds: decoding, the tree,
///   the JSON);
/// - `record.scale`: axdiff's part at ten times the elements (linear: ≤ 15×);
/// - `record.cold`: the whole `axdiff record` command (browser start, load,
///   tree, layout, JSON written) against Chromium's own `--dump-dom` of the
///   same page, started the same way, in the same run.
/// Needs Chromium; run with `--only record`.
struct RecordBench {
    let options: Options
    let log: (String) -> Void

    func run(into table: inout Table) throws {
        guard let chromium = PageRecorder.findChromium() else {
            throw Subprocess.Failure(description: "record: no chromium on the PATH")
        }
        let dir = (options.out as NSString).appendingPathComponent("work/record")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let cards = max(1, options.recordElements / 10)
        let big = (dir as NSString).appendingPathComponent("catalog-\(cards).html")
        let small = (dir as NSString).appendingPathComponent("card.html")
        try Data(Self.page(cards: cards).utf8).write(to: URL(fileURLWithPath: big))
        try Data(Self.page(cards: 1).utf8).write(to: URL(fileURLWithPath: small))

        let tenth = (dir as NSString).appendingPathComponent("catalog-\(max(1, cards / 10)).html")
        try Data(Self.page(cards: max(1, cards / 10)).utf8).write(to: URL(fileURLWithPath: tenth))

        let recorder = try PageRecorder(chromium: chromium)
        defer { recorder.close() }
        var ownPart: [String: Double] = [:]
        for (key, path, what) in [("record.page", big, "\(cards * 10) elements"), ("record.tenth", tenth, "\(max(1, cards / 10) * 10) elements"),
                                  ("record.small", small, "one card, 10 elements")] {
            var stops = 0
            var runs: [(timing: PageRecorder.Timing, write: Double)] = []
            let url = URL(fileURLWithPath: path).absoluteString
            let time = try Measure.median(runs: options.runs) {
                let page = try recorder.record(url)
                stops = page.snapshot.stops.count
                let write = Measure.time { _ = SnapshotJSONWriter.json(page.snapshot) }
                runs.append((page.timing, write))
            }
            // The browser's share: loading the page, then building and
            // sending its accessibility tree and layout (`Timing`); axdiff's:
            // decoding, building the snapshot, writing its JSON.
            let browser = Measure.median(runs.map { $0.timing.load + $0.timing.browser })
            let ours = Measure.median(runs.map { $0.timing.axdiff + $0.write })
            ownPart[key] = ours
            log(String(format: "record %@: %.1f ms, of which Chromium %.1f ms (tree and layout %.1f ms), axdiff %.1f ms (decoding %.1f ms); %d stops",
                       what, time * 1e3, browser * 1e3, Measure.median(runs.map(\.timing.browser)) * 1e3, ours * 1e3,
                       Measure.median(runs.map(\.timing.decode)) * 1e3, stops))
            if key == "record.tenth" { continue }
            table.add(.init(key: key, what: "record one page in a running browser: \(what) (\(stops) stops)", unit: .seconds,
                            value: time, reference: browser, referenceLabel: "Chromium's own part", maxRatio: 1.25))
        }
        // axdiff's part grows linearly: ten times the elements, at most 15 times the time.
        table.add(.init(key: "record.scale", what: "record, axdiff's part (decode, build, JSON) at \(cards * 10) elements vs \(max(1, cards / 10) * 10)",
                        unit: .seconds, value: ownPart["record.page"] ?? .nan, reference: ownPart["record.tenth"] ?? .nan,
                        referenceLabel: "\(max(1, cards / 10) * 10) elements", maxRatio: 15))

        let axdiff = try options.axdiffBinary()
        let out = (dir as NSString).appendingPathComponent("out")
        let command = try Measure.median(runs: options.runs) {
            try Subprocess.run(axdiff, ["record", "--out", out, big])
        }
        let profile = (dir as NSString).appendingPathComponent("profile")
        var dumpArgs = ["--headless", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(profile)", "--dump-dom"]
        if geteuid() == 0 { dumpArgs.insert("--no-sandbox", at: 0) }
        let dump = try Measure.median(runs: options.runs) {
            try Subprocess.run(chromium, dumpArgs + [URL(fileURLWithPath: big).absoluteString])
        }
        log(String(format: "axdiff record: %.2f s, chromium --dump-dom: %.2f s", command, dump))
        table.add(.init(key: "record.cold", what: "axdiff record, \(cards * 10) elements, browser start included", unit: .seconds,
                        value: command, reference: dump, referenceLabel: "chromium --dump-dom", maxRatio: 5.0))
    }

    /// A product catalog: `cards` cards of ten elements each in a grid.
    static func page(cards: Int) -> String {
        var html = """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Catalog</title><style>
            body{margin:0;font:16px/20px sans-serif} main{display:grid;grid-template-columns:repeat(4,300px);gap:8px}
            article{display:flex;flex-direction:column;height:220px} img{width:40px;height:40px} .price{order:-1}
            </style></head><body><main>
            """
        for i in 0..<cards {
            html += """
                <article data-testid="card-\(i)"><h2>Tea \(i)</h2><p class="price">$\(i % 50).50</p>\
                <p>Loose <b>leaf</b>, \(100 + i % 7) g</p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="Tea \(i) leaves">\
                <span class="badge">New</span><small>per 100 g</small>\
                <button id="add-\(i)">Add Tea \(i) to cart</button><a href="#tea-\(i)">Details</a></article>
                """
        }
        return html + "</main></body></html>\n"
    }
}
