import AXSnapshot
import Foundation

/// Reading (`SnapshotReader.read`: UTF-8 check, format sniffing, parsing,
/// building the model) a 10,000-node snapshot in each format axdiff reads
/// that a generator exists for: axsnapshot JSON, Playwright ARIA YAML (as
/// `ariaSnapshot()` prints it, and as Playwright writes baselines: patterns,
/// refs, block scalars, combo boxes), uiautomator XML and XCUITest text, each
/// against a 50 ms budget (per 10,000 nodes; `--parse-nodes` sets the size);
/// and each reader against the parse floor on the same bytes (`ParseFloor`:
/// one pass splitting lines), with the reader's MB/s held to its target
/// (300 MB/s for JSON, YAML and XCUITest text). The uiautomator reader is
/// held to libxml2's own SAX parse of the same bytes, callbacks empty
/// (`Libxml2.saxParse`, in-process): within 1.2× its time (parse.xml.libxml2),
/// and that rate ÷ 1.2 is its target against the floor.
struct ParseBench {
    /// The uiautomator reader's time over libxml2's own parse of the bytes, at most (issue 35).
    static let libxml2MaxRatio = 1.2

    let options: Options
    let log: (String) -> Void

    func run(into table: inout Table) throws {
        var rng = SplitMix64(seed: options.seed ^ 0xA11CE)
        // Sections of 9 stops: 10 nodes per section, so `parseNodes` nodes in all.
        let sections = max(1, options.parseNodes / 10)
        let screen = BenchScreen(name: "Catalog", stops: sections * 9, perSection: 9, rng: &rng)
        // nil: the rate libxml2's own parse of the bytes allows (`libxml2Rate`).
        let formats: [(key: String, name: String, file: String, bytes: [UInt8], targetRate: Double?)] = [
            ("parse.json", "axsnapshot JSON", "Snapshots/Catalog.json", screen.json(), 300),
            ("parse.aria", "Playwright ARIA YAML", "Snapshots/Catalog.aria.yml", screen.ariaYAML(), 300),
            ("parse.aria.baseline", "Playwright ARIA baseline YAML", "Snapshots/Catalog.aria.yml", screen.ariaBaselineYAML(), 300),
            ("parse.xml", "uiautomator XML", "Snapshots/Catalog.xml", screen.uiautomatorXML(), nil),
            ("parse.xcuitest", "XCUITest text", "Snapshots/Catalog.txt", screen.xcuitestText(), 300),
        ]
        let budget = 0.050 * Double(options.parseNodes) / 10_000
        for format in formats {
            var snapshot: Snapshot?
            let time = try Measure.median(runs: options.microRuns) {
                snapshot = try SnapshotReader.read(format.bytes, file: format.file)
            }
            let stops = snapshot?.stops.count ?? 0
            log(String(format: "read %@: %.2f ms, %d stops, %d bytes, %.1f MB/s", format.name, time * 1e3, stops, format.bytes.count,
                       Double(format.bytes.count) / time / 1e6))
            table.add(.init(key: format.key, what: "read \(format.name), \(sections * 10) nodes, \(format.bytes.count / 1024) KB (\(stops) stops)",
                            unit: .seconds, value: time, reference: budget, referenceLabel: "", referenceIsBudget: true, maxRatio: 1.0))
            var targetRate = format.targetRate ?? 0
            if format.targetRate == nil {
                var result = 0
                let reference = try Measure.median(runs: options.microRuns) { result = Libxml2.saxParse(format.bytes) }
                let libxml2Rate = ParseFloor.rate(bytes: format.bytes.count, seconds: reference)
                targetRate = libxml2Rate / Self.libxml2MaxRatio
                log(String(format: "read %@: libxml2's own SAX parse (empty callbacks, result %d): %.2f ms, %.0f MB/s",
                           format.name, result, reference * 1e3, libxml2Rate))
                table.add(.init(key: format.key + ".libxml2",
                                what: String(format: "read %@ at %.0f MB/s vs libxml2's own SAX parse of the bytes, callbacks empty, at %.0f MB/s",
                                             format.name, ParseFloor.rate(bytes: format.bytes.count, seconds: time), libxml2Rate),
                                unit: .seconds, value: time, reference: reference, referenceLabel: "libxml2 SAX parse",
                                maxRatio: Self.libxml2MaxRatio))
            }
            var lines = 0
            let floor = try Measure.median(runs: options.microRuns) { lines = ParseFloor.scan(format.bytes).lines }
            let (rate, floorRate) = (ParseFloor.rate(bytes: format.bytes.count, seconds: time),
                                     ParseFloor.rate(bytes: format.bytes.count, seconds: floor))
            log(String(format: "read %@: %.0f MB/s; the floor (%d lines): %.0f MB/s", format.name, rate, lines, floorRate))
            // Passes when the reader reads at least `targetRate` MB/s: time ≤ floor × floorRate ÷ targetRate.
            table.add(.init(key: format.key + ".floor",
                            what: String(format: "read %@ at %.0f MB/s vs the parse floor (one pass splitting lines) at %.0f MB/s; target %.0f MB/s",
                                         format.name, rate, floorRate, targetRate),
                            unit: .seconds, value: time, reference: floor, referenceLabel: "parse floor",
                            maxRatio: floorRate / targetRate))
        }
    }
}
