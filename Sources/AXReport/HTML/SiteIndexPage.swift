/// `index.html`: the branches' verdicts against the base branch, the
/// screens with their trend pages, and every commit, newest first, with its
/// errors, warnings and improvements.
public enum SiteIndexPage {
    /// - Parameters:
    ///   - commits: oldest first (the order of the history walk); shown newest first.
    ///   - screens: sorted by path.
    /// - Complexity: O(c + s + b), in commits, screens and branches.
    public static func render(commits: [SiteCommitSummary], screens: [ScreenTrend], branches: [BranchVerdict],
                              site: SiteInfo) -> String {
        let heading = "Accessibility review of \(site.title)"
        let known = Set(commits.map(\.sha))
        var body = "<p>\(HTMLFormat.count(commits.count, "commit")), \(HTMLFormat.count(screens.count, "screen")). "
        body += "Each commit is compared with its first parent; each branch with its merge base with <code>\(site.baseBranch.html)</code>.</p>\n"
        body += "<nav aria-label=\"On this page\"><ul><li><a href=\"#branches\">Branches</a></li><li><a href=\"#screens\">Screens</a></li><li><a href=\"#commits\">Commits</a></li></ul></nav>\n"

        body += "<h2 id=\"branches\">Branches</h2>\n"
        if branches.isEmpty {
            body += "<p>No local branch.</p>\n"
        } else {
            let rows = branches.map { branch($0, known: known) }
            body += HTMLFormat.table(id: "branches-caption", caption: "Branch verdicts against \(site.baseBranch.html): does the net change since the merge base leave an unaccepted error?",
                                     head: ["Branch", "Verdict", "Net change", "Tip", "Merge base"], rows: rows)
        }

        body += "<h2 id=\"screens\">Screens</h2>\n"
        if screens.isEmpty {
            body += "<p>No commit has changed a snapshot.</p>\n"
        } else {
            let rows = screens.map { trend -> String in
                let stops = trend.points.last.map { $0.stops.map(String.init) ?? "unreadable" } ?? ""
                return "<tr><th scope=\"row\" class=\"user\"><a href=\"\(HTMLFormat.screenHref(trend.path, root: ""))\">\(trend.screen.html)</a></th>"
                    + "<td><code>\(HTMLFormat.breakable(trend.path))</code></td><td class=\"num\">\(stops)</td><td class=\"num\">\(trend.points.count)</td></tr>"
            }
            body += HTMLFormat.table(id: "screens-caption", caption: "Screens and their trend pages",
                                     head: ["Screen", "Snapshot", "Stops now", "Commits"], rows: rows, numeric: [2, 3])
        }

        body += "<h2 id=\"commits\">Commits</h2>\n"
        if commits.isEmpty {
            body += "<p>No commit in range.</p>\n"
        } else {
            let rows = commits.reversed().map { c -> String in
                "<tr><th scope=\"row\"><a href=\"\(HTMLFormat.commitHref(c.sha, root: ""))\"><code>\(HTMLFormat.shortSHA(c.sha).html)</code></a></th>"
                    + "<td class=\"user\">\(c.subject.html)</td><td class=\"user\">\(c.author.html)</td><td>\(HTMLFormat.time(c.timestamp))</td>"
                    + "<td class=\"num\">\(c.errors)</td><td class=\"num\">\(c.warnings)</td><td class=\"num\">\(c.improvements)</td></tr>"
            }
            body += HTMLFormat.table(id: "commits-caption", caption: "Commits, newest first",
                                     head: ["Commit", "Subject", "Author", "Date (UTC)", "Errors", "Warn&shy;ings", "Improve&shy;ments"],
                                     rows: rows, numeric: [4, 5, 6])
        }
        return HTMLPage(title: heading, heading: heading, root: "", body: body, site: site).render()
    }

    private static func branch(_ b: BranchVerdict, known: Set<String>) -> String {
        let verdict: String
        let threshold = b.failOn == "error" ? "" : " (fails at \(b.failOn.html))"
        switch b.status {
        case .base: verdict = "base branch"
        case .passes: verdict = "<span class=\"verdict-passes\"><span aria-hidden=\"true\">✓ </span>passes</span>" + threshold
        case .fails: verdict = "<span class=\"verdict-fails\"><span aria-hidden=\"true\">✗ </span>fails</span>" + threshold
        case .noBaseBranch: verdict = "no base branch to compare with"
        case .unanswerable: verdict = "cannot be checked" + (b.reason.map { ": " + $0.html } ?? "")
        }
        let counted = b.status == .passes || b.status == .fails
        func link(_ sha: String?) -> String {
            guard let sha else { return "" }
            let text = "<code>\(HTMLFormat.shortSHA(sha).html)</code>"
            return known.contains(sha) ? "<a href=\"\(HTMLFormat.commitHref(sha, root: ""))\">\(text)</a>" : text
        }
        var change = ""
        if counted {
            change = "\(HTMLFormat.count(b.errors, "error")), \(HTMLFormat.count(b.warnings, "warning"))"
            if b.accepted > 0 { change += ", \(b.accepted) accepted" }
        }
        return "<tr><th scope=\"row\" class=\"user\">\(HTMLFormat.breakable(b.name))</th><td>\(verdict)</td><td>\(change)</td>"
            + "<td>\(link(b.tip))</td><td>\(counted && b.mergeBase == nil ? "none (no common history)" : link(b.mergeBase))</td></tr>"
    }
}
