/// An inline SVG plot of one screen over the history: the stop count (swipes)
/// as a line, and each commit's errors and warnings as bars below it. Every
/// commit is one point, and each point is a link to its commit page, named by
/// its `<title>`. The plot has a `<title>` and a `<desc>` that sum it up in
/// words; the screen page adds a table with every value.
///
/// Coordinates are written with one decimal from integer arithmetic, so the
/// output is the same bytes everywhere.
package enum TrendPlot {
    static let width = 800, height = 432
    static let left = 64, right = 24
    static let stopsTop = 62, stopsBottom = 236
    static let issuesTop = 272, issuesBottom = 372

    /// - Parameters:
    ///   - id: a prefix for the ids of the title and description.
    ///   - root: the way to the site root from the page (`"../"`).
    /// - Complexity: O(n), where n is the number of points.
    ///   - continues: for each point, the earlier point it follows in the
    ///     history (its nearest ancestor among the points), nil where a line
    ///     starts; commits of two branches are then two lines that fork where
    ///     the branches do. Nil draws each point after the one before.
    package static func svg(_ trend: ScreenTrend, id: String = "trend", root: String = "../", continues: [Int?]? = nil) -> String {
        let points = trend.points
        let readable = points.compactMap(\.stops)
        let maxStops = niceMax(readable.max() ?? 0)
        let maxIssues = niceMax(points.map { max($0.errors, $0.warnings) }.max() ?? 0)
        let plotWidth = width - left - right
        func x(_ i: Int) -> Int {
            points.count <= 1 ? left * 10 + plotWidth * 5 : left * 10 + plotWidth * 10 * i / (points.count - 1)
        }
        func yStops(_ v: Int) -> Int { stopsBottom * 10 - (stopsBottom - stopsTop) * 10 * v / max(1, maxStops) }
        func yIssues(_ v: Int) -> Int { issuesBottom * 10 - (issuesBottom - issuesTop) * 10 * v / max(1, maxIssues) }

        var out = "<svg viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\""
        out += " aria-labelledby=\"\(id)-title\" aria-describedby=\"\(id)-desc\" font-family=\"system-ui, sans-serif\" font-size=\"18\">\n"
        out += "<title id=\"\(id)-title\">\(("Stops, errors and warnings of " + trend.screen + " per commit").html)</title>\n"
        out += "<desc id=\"\(id)-desc\">\(description(trend).html)</desc>\n"
        out += legend()
        // Axes and grid lines.
        out += "<g stroke=\"#b0b0b0\" stroke-width=\"1\">\n"
        for v in ticks(maxStops) {
            out += "<line x1=\"\(left)\" x2=\"\(width - right)\" y1=\"\(f(yStops(v)))\" y2=\"\(f(yStops(v)))\"/>\n"
        }
        for v in ticks(maxIssues) {
            out += "<line x1=\"\(left)\" x2=\"\(width - right)\" y1=\"\(f(yIssues(v)))\" y2=\"\(f(yIssues(v)))\"/>\n"
        }
        out += "</g>\n<g fill=\"#1b1b1b\" text-anchor=\"end\">\n"
        for v in ticks(maxStops) { out += "<text x=\"\(left - 8)\" y=\"\(f(yStops(v) + 60))\">\(v)</text>\n" }
        for v in ticks(maxIssues) { out += "<text x=\"\(left - 8)\" y=\"\(f(yIssues(v) + 60))\">\(v)</text>\n" }
        out += "</g>\n<g fill=\"#1b1b1b\">\n"
        out += "<text x=\"\(left)\" y=\"\(stopsTop - 10)\">Stops (swipes)</text>\n"
        out += "<text x=\"\(left)\" y=\"\(issuesTop - 10)\">Errors and warnings</text>\n"
        if let (start, end) = axisLabels(points) {
            if let end {
                out += "<text x=\"\(left)\" y=\"\(issuesBottom + 26)\">\(start)</text>\n"
                out += "<text x=\"\(width - right)\" y=\"\(issuesBottom + 26)\" text-anchor=\"end\">\(end)</text>\n"
            } else {
                out += "<text x=\"\(width / 2)\" y=\"\(issuesBottom + 26)\" text-anchor=\"middle\">\(start)</text>\n"
            }
        }
        out += "<text x=\"\(width / 2)\" y=\"\(issuesBottom + 50)\" text-anchor=\"middle\">\(HTMLFormat.count(points.count, "commit")), oldest to newest</text>\n"
        out += "</g>\n"
        // Errors (filled) and warnings (outlined) as bars: shape, not colour alone.
        let bar = max(1, min(100, plotWidth * 10 / max(1, points.count) / 3))
        out += "<g>\n"
        for (i, p) in points.enumerated() {
            if p.errors > 0 {
                out += "<rect x=\"\(f(x(i) - bar))\" y=\"\(f(yIssues(p.errors)))\" width=\"\(f(bar))\" height=\"\(f(issuesBottom * 10 - yIssues(p.errors)))\" fill=\"#a3001a\"/>\n"
            }
            if p.warnings > 0 {
                out += "<rect x=\"\(f(x(i) + 10))\" y=\"\(f(yIssues(p.warnings) + 10))\" width=\"\(f(max(1, bar - 20)))\" height=\"\(f(max(0, issuesBottom * 10 - yIssues(p.warnings) - 10)))\" fill=\"#ffffff\" stroke=\"#6b3f00\" stroke-width=\"2\"/>\n"
            }
        }
        out += "</g>\n"
        // The stop count: a line through the readable points, broken at unreadable ones.
        // A run that forks off another (a second branch) is dashed, so that two
        // branches with the same counts still read as two lines.
        var drawn = Set<Int>()
        for chain in chains(points, continues: continues ?? points.indices.map { $0 > 0 ? $0 - 1 : nil }) {
            let line = chain.compactMap { i in points[i].stops.map { "\(f(x(i))),\(f(yStops($0)))" } }.joined(separator: " ")
            let fork = chain.count > 1 && drawn.contains(chain[0])
            out += "<polyline points=\"\(line)\" fill=\"none\" stroke=\"#0b4fa8\" stroke-width=\"2\"\(fork ? " stroke-dasharray=\"8 5\"" : "")/>\n"
            drawn.formUnion(chain)
        }
        let radius = points.count > 200 ? 3 : 5
        for (i, p) in points.enumerated() {
            out += "<a href=\"\(HTMLFormat.commitHref(p.sha, root: root))\"><title>\(pointTitle(p).html)</title>"
            if let stops = p.stops {
                out += "<circle cx=\"\(f(x(i)))\" cy=\"\(f(yStops(stops)))\" r=\"\(radius)\" fill=\"#0b4fa8\" stroke=\"#ffffff\" stroke-width=\"1\"/>"
            } else {
                out += "<circle cx=\"\(f(x(i)))\" cy=\"\(stopsBottom)\" r=\"\(radius)\" fill=\"#ffffff\" stroke=\"#a3001a\" stroke-width=\"2\"/>"
            }
            out += "</a>\n"
        }
        out += "</svg>\n"
        return out
    }

    /// The point runs the stop line is drawn through: a point joins the run
    /// whose last point it continues; otherwise (a fork, or the first point
    /// after an unreadable one) it starts a run, from the point it continues
    /// when that one is readable.
    ///
    /// - Complexity: O(n), where n is the number of points.
    static func chains(_ points: [TrendPoint], continues: [Int?]) -> [[Int]] {
        var chains: [[Int]] = []
        var chainEndingAt: [Int: Int] = [:]   // point → chain whose last point it is
        for k in points.indices where points[k].stops != nil {
            let from = k < continues.count ? continues[k] : nil
            if let j = from, j >= 0, j < k, points[j].stops != nil {
                if let c = chainEndingAt.removeValue(forKey: j) {
                    chains[c].append(k)
                    chainEndingAt[k] = c
                } else {
                    chains.append([j, k])
                    chainEndingAt[k] = chains.count - 1
                }
            } else {
                chains.append([k])
                chainEndingAt[k] = chains.count - 1
            }
        }
        return chains
    }

    /// The x axis's ends: days when they differ, else date and time; one label
    /// in the middle when both ends are the same moment.
    static func axisLabels(_ points: [TrendPoint]) -> (String, String?)? {
        guard let first = points.first?.timestamp, let last = points.last?.timestamp else { return nil }
        if HTMLFormat.day(first) != HTMLFormat.day(last) { return (HTMLFormat.day(first), HTMLFormat.day(last)) }
        if HTMLFormat.date(first) != HTMLFormat.date(last) { return (HTMLFormat.date(first), HTMLFormat.date(last)) }
        return (HTMLFormat.date(first), nil)
    }

    /// What the plot shows, in words: its `<desc>`.
    static func description(_ trend: ScreenTrend) -> String {
        let points = trend.points
        guard let first = points.first, let last = points.last else { return "No commit has changed this screen." }
        var text = "\(HTMLFormat.count(points.count, "commit")) changed \(trend.screen)"
        text += points.count == 1 ? " on \(HTMLFormat.day(first.timestamp))." :
            " between \(HTMLFormat.day(first.timestamp)) and \(HTMLFormat.day(last.timestamp))."
        let readable = points.compactMap(\.stops)
        if let firstStops = readable.first, let lastStops = readable.last, let low = readable.min(), let high = readable.max() {
            text += readable.count == 1 ? " It has \(HTMLFormat.count(lastStops, "stop"))." :
                " Stops went from \(firstStops) to \(lastStops) (fewest \(low), most \(high))."
        }
        let unreadable = points.count - readable.count
        if unreadable > 0 { text += " \(HTMLFormat.count(unreadable, "version")) could not be read." }
        let errors = points.reduce(0) { $0 + $1.errors }, warnings = points.reduce(0) { $0 + $1.warnings }
        text += " \(HTMLFormat.count(errors, "error")) and \(HTMLFormat.count(warnings, "warning")) in all."
        text += " The table after the plot lists every value."
        return text
    }

    static func pointTitle(_ p: TrendPoint) -> String {
        let stops = p.stops.map { HTMLFormat.count($0, "stop") } ?? "unreadable snapshot"
        return "Commit \(HTMLFormat.shortSHA(p.sha)), \(HTMLFormat.date(p.timestamp)): \(stops), "
            + "\(HTMLFormat.count(p.errors, "error")), \(HTMLFormat.count(p.warnings, "warning"))"
    }

    private static func legend() -> String {
        """
        <g fill="#1b1b1b">
        <circle cx="\(left + 7)" cy="16" r="6" fill="#0b4fa8"/><text x="\(left + 20)" y="22">Stops</text>
        <rect x="\(left + 100)" y="9" width="14" height="14" fill="#a3001a"/><text x="\(left + 120)" y="22">Errors</text>
        <rect x="\(left + 210)" y="10" width="12" height="12" fill="#ffffff" stroke="#6b3f00" stroke-width="2"/><text x="\(left + 230)" y="22">Warnings</text>
        </g>

        """
    }

    /// The smallest 1, 2, 3, 4, 5, 6 or 8 times a power of ten that is at
    /// least `value` (at least 1): the top of an axis, close above the data.
    static func niceMax(_ value: Int) -> Int {
        var scale = 1
        while scale <= Int.max / 100 {
            for step in [1, 2, 3, 4, 5, 6, 8] where step * scale >= value { return step * scale }
            scale *= 10
        }
        return max(1, value)
    }

    /// 0, the middle (when whole) and the top.
    static func ticks(_ top: Int) -> [Int] {
        top % 2 == 0 ? [0, top / 2, top] : [0, top]
    }

    /// Tenths as a decimal: 1234 → "123.4", 1230 → "123".
    static func f(_ tenths: Int) -> String {
        let sign = tenths < 0 ? "-" : ""
        let v = abs(tenths)
        return v % 10 == 0 ? "\(sign)\(v / 10)" : "\(sign)\(v / 10).\(v % 10)"
    }
}
