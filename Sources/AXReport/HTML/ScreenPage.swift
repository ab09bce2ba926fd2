import AXDiff

/// `screens/<slug>.html`: one screen over the history — its latest
/// wireframe and the versions before it (up to `historyLimit` in all, newest
/// first, each as the commit that made it left it), the trend plot of
/// its stop count and of its errors and warnings per commit, and the same
/// values as a table (the plot's text alternative for anyone who cannot see it).
package enum ScreenPage {
    /// - Parameter subjects: commit subjects by full id, for the table.
    /// - Complexity: O(n), where n is the number of points.
    /// - Parameter continues: for each point, the earlier point it follows in
    ///   the history (see `TrendPlot.svg`); nil: each follows the one before.
    /// - Parameter latest: the diff of the trend's last point, when known: its after-version is drawn.
    /// - Parameter history: the diffs of the trend's last points, newest first,
    ///   each with its commit; the versions before the latest are drawn.
    package static func render(_ trend: ScreenTrend, subjects: [String: String], site: SiteInfo, continues: [Int?]? = nil,
                               latest: ScreenDiff? = nil, history: [(sha: String, screen: ScreenDiff)] = []) -> String {
        let heading = "Screen: \(trend.screen)"
        var body = "<dl class=\"meta\">\n<dt>Snapshot</dt><dd><code>\(trend.path.html)</code></dd>\n"
        if let last = trend.points.last {
            body += "<dt>Stops now</dt><dd>\(last.stops.map(String.init) ?? "unreadable")</dd>\n"
            body += "<dt>Last changed</dt><dd><a href=\"\(HTMLFormat.commitHref(last.sha, root: "../"))\">commit \(HTMLFormat.shortSHA(last.sha).html)</a>, \(HTMLFormat.time(last.timestamp))</dd>\n"
        }
        body += "<dt>Changed in</dt><dd>\(HTMLFormat.count(trend.points.count, "commit"))</dd>\n</dl>\n"
        if let last = trend.points.last {
            body += "<h2>Latest wireframe</h2>\n"
            if let latest {
                body += WireframeFigure.latest(latest, sha: last.sha, root: "../")
            } else {
                body += "<p>The wireframe of this screen is on the page of <a href=\"\(HTMLFormat.commitHref(last.sha, root: "../"))\">commit \(HTMLFormat.shortSHA(last.sha).html)</a>.</p>\n"
            }
        }
        // The latest version is drawn above: the history goes on from the one before it.
        let earlier = history.first?.sha == trend.points.last?.sha && latest != nil ? Array(history.dropFirst()) : history
        if !earlier.isEmpty {
            let shown = earlier.prefix(historyLimit - 1)
            body += "<h2>Earlier versions</h2>\n<p>The screen as each of the \(HTMLFormat.count(shown.count, "commit")) before the latest to change it left it, newest first"
            body += trend.points.count > shown.count + 1 ? "; the table below lists all \(trend.points.count).</p>\n" : ".</p>\n"
            let times = Dictionary(trend.points.map { ($0.sha, $0.timestamp) }, uniquingKeysWith: { a, _ in a })
            for (k, entry) in shown.enumerated() {
                body += WireframeFigure.history(entry.screen, sha: entry.sha, subject: subjects[entry.sha], timestamp: times[entry.sha],
                                                k: k + 1, root: "../")
            }
        }
        body += "<h2>Trend</h2>\n<figure>\n"
        body += TrendPlot.svg(trend, id: "trend", root: "../", continues: continues)
        body += "<figcaption>The stop count after each commit that changed \(trend.screen.html) (the line, which forks where branches do, a branch's line dashed; each point links to its commit), and that commit's errors (filled bars) and warnings (outlined bars) on this screen. The table below has the same values.</figcaption>\n</figure>\n"
        body += "<h2>Values per commit</h2>\n"
        let rows = trend.points.map { p -> String in
            let subject = subjects[p.sha].map { " " + $0.html } ?? ""
            return "<tr\(p.errors > 0 ? " class=\"fails\"" : "")><th scope=\"row\" class=\"user\"><a href=\"\(HTMLFormat.commitHref(p.sha, root: "../"))\"><code>\(HTMLFormat.shortSHA(p.sha).html)</code></a>\(subject)"
                + "<br><span class=\"by\">\(HTMLFormat.time(p.timestamp))</span></th><td class=\"num\">\(p.stops.map(String.init) ?? "unreadable")</td>"
                + "<td class=\"num\">\(p.errors)</td><td class=\"num\">\(p.warnings)</td></tr>"
        }
        body += HTMLFormat.table(id: "values", caption: "\(trend.screen.html): stops, errors and warnings per commit, oldest first",
                                 head: ["Commit and date (UTC)", "Stops", "Errors", "Warnings"], rows: rows, numeric: [1, 2, 3])
        return HTMLPage(title: "\(heading) — \(site.title)", heading: heading, root: "../", body: body, site: site).render()
    }

    /// The screen page draws at most this many versions of the screen (the
    /// latest and those before it): a screen changed in a thousand commits
    /// keeps a page of bounded size.
    package static let historyLimit = 5
}
