import AXSnapshot
import Foundation

/// Reading (`SnapshotReader.read`: UTF-8 check, format sniffing, parsing,
/// building the model) a 10,000-node snapshot in each format axdiff reads
/// that a generator exists for: axsnapshot JSON, Playwright ARIA YAML (as
/// `ariaSnapshot()` prints it, and as Playwright writes baselines: patterns,
/// refs, block scalars, combo boxes), uiautomator XML and XCUITest text, each
/// against a 50 ms budget (per 10,000 nodes; `--parse-nodes` sets the size).
struct ParseBench {
    let options: Options
    let log: (String) -> Void

    func run(into table: inout Table) throws {
        var rng = SplitMix64(seed: options.seed ^ 0xA11CE)
        // Sections of 9 stops: 10 nodes per section, so `parseNodes` nodes in all.
        let sections = max(1, options.parseNodes / 10)
        let screen = BenchScreen(name: "Catalog", stops: sections * 9, perSection: 9, rng: &rng)
        let formats: [(key: String, name: String, file: String, bytes: [UInt8])] = [
            ("parse.json", "axsnapshot JSON", "Snapshots/Catalog.json", screen.json()),
            ("parse.aria", "Playwright ARIA YAML", "Snapshots/Catalog.aria.yml", screen.ariaYAML()),
            ("parse.aria.baseline", "Playwright ARIA baseline YAML", "Snapshots/Catalog.aria.yml", screen.ariaBaselineYAML()),
            ("parse.xml", "uiautomator XML", "Snapshots/Catalog.xml", screen.uiautomatorXML()),
            ("parse.xcuitest", "XCUITest text", "Snapshots/Catalog.txt", screen.xcuitestText()),
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
        }
    }
}
