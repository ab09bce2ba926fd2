import AXDiff
import AXSnapshot

/// `commits/<sha>.html`: one commit's changes, screen by screen — the
/// changes with severity, message and WCAG criteria, and the old and new
/// reading orders side by side as two ordered lists of what VoiceOver says,
/// stops that moved, appeared, disappeared, merged, split or changed marked
/// in words and linked across the columns (`#s1-old-3` ↔ `#s1-new-1`);
/// above the lists, the wireframe of before and after (`WireframeFigure`).
package enum CommitPage {
    /// - Complexity: O(s + c log c) per screen, where s is the number of stops
    ///   and c the number of changes.
    package static func render(_ commit: SiteCommit, site: SiteInfo) -> String {
        let short = HTMLFormat.shortSHA(commit.sha)
        let heading = "Commit \(short): \(commit.subject)"
        let model = ReportModel(commit.report)
        let timestamp = Int(commit.date.timeIntervalSince1970.rounded(.down))
        var body = """
        <dl class="meta">
        <dt>Commit</dt><dd><code class="sha">\(commit.sha.html)</code></dd>
        <dt>Author</dt><dd>\(commit.author.html)</dd>
        <dt>Date</dt><dd>\(HTMLFormat.time(timestamp))</dd>
        <dt>Result</dt><dd>\(model.headline.html)</dd>
        </dl>

        """
        if !model.remarks.isEmpty {
            body += "<ul class=\"remarks\">\n" + model.remarks.map { "<li>\($0.html)</li>\n" }.joined() + "</ul>\n"
        }
        let screens = commit.report.screens.sorted { ($0.path, $0.screen) < ($1.path, $1.screen) }
        if screens.isEmpty {
            body += "<p>No snapshot in this commit has a change to report.</p>\n"
        } else if screens.count > 1 {
            body += "<nav aria-label=\"Screens in this commit\">\n<ul>\n"
            for (n, screen) in screens.enumerated() {
                body += "<li><a href=\"#s\(n + 1)\">\(screen.screen.html)</a> — \(summary(screen).html)</li>\n"
            }
            body += "</ul>\n</nav>\n"
        }
        for (n, screen) in screens.enumerated() {
            body += section(screen, prefix: "s\(n + 1)")
        }
        return HTMLPage(title: "\(heading) — \(site.title)", heading: heading, root: "../", body: body, site: site).render()
    }

    /// An order window as text, the moved stop in `<strong>`.
    private static func order(_ window: OrderWindow) -> String {
        var names = window.names.map(\.html)
        if names.indices.contains(window.focus) { names[window.focus] = "<strong>" + names[window.focus] + "</strong>" }
        return (window.onScreen ? "on screen: " : "") + (window.cutBefore ? "… › " : "") + names.joined(separator: " › ")
            + (window.cutAfter ? " › …" : "")
    }

    private static func summary(_ screen: ScreenDiff) -> String {
        ReportModel(DiffReport(screens: [screen], snapshotsCompared: 1)).summaryLine
    }

    private static func section(_ screen: ScreenDiff, prefix: String) -> String {
        let changes = ReportModel.shown(screen.changes)
        var out = """
        <section aria-labelledby="\(prefix)">
        <h2 id="\(prefix)">\(screen.screen.html) <span class="path">\(screen.path.html)</span></h2>
        <p>\(summary(screen).html). <a href="#\(prefix)-order">Reading order</a> · <a href="\(HTMLFormat.screenHref(screen.path, root: "../"))">History of \(screen.screen.html)</a></p>
        <h3>Changes</h3>

        """
        let rows = changes.map { change -> String in
            var message = change.message.html
            if change.before != nil || change.after != nil {
                var lines: [String] = []
                if let before = change.beforeWindow.map(order) ?? change.before?.html { lines.append("Before: " + before) }
                if let after = change.afterWindow.map(order) ?? change.after?.html { lines.append("After: " + after) }
                message += "<p class=\"ba\">" + lines.joined(separator: "<br>") + "</p>"
            }
            if !change.wcag.isEmpty { message += "<div class=\"ba\">WCAG: \(HTMLFormat.wcag(change.wcag))</div>" }
            return "<tr><td>\(HTMLFormat.severity(change))<br><code class=\"kind\">\(change.kind.rawValue.html)</code></td>"
                + "<td class=\"user\">\(message)</td></tr>"
        }
        out += HTMLFormat.table(id: "\(prefix)-changes", caption: "Changes on \(screen.screen.html)",
                                head: ["Change", "Message and WCAG criteria"], rows: rows)
        // The screen reader of the snapshot's platform (VoiceOver, TalkBack, a screen reader on the web).
        let reader = (screen.stopsAfter.first ?? screen.stopsBefore.first)?.screenReader ?? "a screen reader"
        out += "<h3 id=\"\(prefix)-order\">Reading order</h3>\n" + WireframeFigure.commit(screen, prefix: prefix)
        out += """
        <p class="legend">Each list is what \(reader) says, one stop per swipe. Stops that <strong>moved</strong>, were <strong>added</strong>, <strong>removed</strong>, <strong>merged</strong>, <strong>split</strong> or <strong>changed</strong> are marked, and link to their counterparts in the other list.</p>
        <div class="columns">

        """
        let spokenBefore = Stop.spoken(screen.stopsBefore), spokenAfter = Stop.spoken(screen.stopsAfter)
        let links = ReadingOrderLinks(screen, spokenBefore: spokenBefore, spokenAfter: spokenAfter)
        out += column(spokenBefore, entries: links.old, side: "old", other: "new", title: "Before",
                      empty: screen.changes.contains { $0.kind == .screenAdded } ? "The screen did not exist." : "No stops.",
                      prefix: prefix)
        out += column(spokenAfter, entries: links.new, side: "new", other: "old", title: "After",
                      empty: screen.changes.contains { $0.kind == .screenRemoved } ? "The screen was removed." : "No stops.",
                      prefix: prefix)
        out += "</div>\n</section>\n"
        return out
    }

    private static func column(_ stops: [String], entries: [ReadingOrderLinks.Entry], side: String, other: String,
                               title: String, empty: String, prefix: String) -> String {
        let headingID = "\(prefix)-\(side)"
        var out = "<section aria-labelledby=\"\(headingID)\">\n<h4 id=\"\(headingID)\">\(title): \(HTMLFormat.count(stops.count, "stop"))</h4>\n"
        guard !stops.isEmpty else { return out + "<p>\(empty)</p>\n</section>\n" }
        out += "<ol class=\"order\">\n"
        let verb = side == "old" ? "now" : "was"
        // Appended piece by piece: interpolating each line built and freed a string per stop.
        let itemStart = "<li id=\"\(prefix)-\(side)-", linkStart = "<a href=\"#\(prefix)-\(other)-"
        out.reserveCapacity(out.utf8.count + stops.reduce(0) { $0 + $1.utf8.count + 40 } + 40)
        for (i, stop) in stops.enumerated() {
            let entry = i < entries.count ? entries[i] : ReadingOrderLinks.Entry()
            out += itemStart
            out += String(i + 1)
            out += entry.marks.contains(.moved) ? "\" class=\"moved\">" : "\">"
            out += stop.html
            for mark in entry.marks {
                out += " <span class=\"tag tag-"
                out += mark.rawValue
                out += "\">"
                out += mark.rawValue
                out += "</span>"
            }
            if !entry.links.isEmpty {
                out += side == "old" ? " <span aria-hidden=\"true\">→</span> " : " <span aria-hidden=\"true\">←</span> "
                out += verb
                out += " "
                for (k, link) in entry.links.enumerated() {
                    if k > 0 { out += ", " }
                    out += linkStart
                    out += String(link + 1)
                    out += "\">stop "
                    out += String(link + 1)
                    out += "</a>"
                }
            }
            out += "</li>\n"
        }
        return out + "</ol>\n</section>\n"
    }
}
