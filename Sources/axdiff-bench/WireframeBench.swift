import AXDiff
import AXReport
import Foundation

/// The wireframe of one `diffSmall`-stop screen (the flat two-column list of
/// `FlatDiffBench`, 5 % moved far, 1 % relabelled): `WireframeSVG.render`
/// against its 50 ms budget, and the picture's size against its 2 MB bound.
struct WireframeBench {
    let options: Options
    let log: (String) -> Void

    func run(into table: inout Table) throws {
        let pair = try FlatDiffBench(options: options, log: log).pair(stops: options.diffSmall, columns: 2)
        let diff = ScreenDiffer.diff(old: pair.old, new: pair.new, path: "Snapshots/Catalog.json")
        var svg: String?
        let t = try Measure.median(runs: options.microRuns) { svg = WireframeSVG.render(Wireframe(diff)) }
        let bytes = svg?.utf8.count ?? 0
        log(String(format: "wireframe %d stops (%d moves): %.1f ms, %d bytes", options.diffSmall, diff.moves.count, t * 1e3, bytes))
        table.add(.init(key: "wireframe.svg", what: "WireframeSVG.render of the \(options.diffSmall)-stop two-column diff, \(diff.moves.count) moves (median of \(options.microRuns))",
                        unit: .seconds, value: t, reference: 0.050, referenceLabel: "", referenceIsBudget: true, maxRatio: 1.0))
        table.add(.init(key: "wireframe.bytes", what: "that SVG's size",
                        unit: .bytes, value: Double(bytes), reference: 2_000_000, referenceLabel: "", referenceIsBudget: true, maxRatio: 1.0))
    }
}
