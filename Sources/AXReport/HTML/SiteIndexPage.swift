/// `index.html`: the branches' verdicts against the base branch, the
/// screens with their trend pages, and every commit, newest first, with its
/// errors, warnings and improvements.
package enum SiteIndexPage {
    /// - Parameters:
    ///   - commits: oldest first (the order of the history walk); shown newest first.
    ///   - screens: sorted by path.
    /// - Complexity: O(c + s + b), in commits, screens and branches.
    package static func render(commits: [SiteCommitSummary], screens: [ScreenTrend], branches: [BranchVerdict],
                              site: SiteInfo) -> String {
        let heading = "Accessibility review of \(site.title)"
        let known = Set(commits.map(\.sha))
        var body = "<p>\(HTMLFormat.count(commits.count, "commit")), \(HTMLFormat.count(screens.count, "screen")). "
        body += "Each commit is compared with its first parent; each branch with its merge base with <code>\(site.baseBranch.html)</code>.</p>\n"
        body += attention(commits: commits, branches: branches, known: known)
        body += "<nav aria-label=\"On this page\"><ul><li><a href=\"#branches\">Branches</a></li><li><a href=\"#screens\">Screens</a></li><li><a href=\"#commits\">Commits</a></li></ul></nav>\n"

        body += "<h2 id=\"branches\">Branches</h2>\n"
        if branches.isEmpty {
            body += "<p>No local branch.</p>\n"
        } else {
            let rows = branches.sorted { (rank($0), $0.name) < (rank($1), $1.name) }.map { branch($0, known: known) }
            body += HTMLFormat.table(id: "branches-caption", caption: "Branch verdicts against \(site.baseBranch.html), failing branches first: does the net change since the merge base leave an unaccepted error?",
                                     head: ["Branch", "Verdict", "Net change", "Commits"], rows: rows)
        }

        body += "<h2 id=\"screens\">Screens</h2>\n"
        if screens.isEmpty {
            body += "<p>No commit has changed a snapshot.</p>\n"
        } else {
            let rows = screens.map { trend -> String in
                let stops = trend.points.last.map { $0.stops.map(String.init) ?? "unreadable" } ?? ""
                return "<tr><th scope=\"row\" class=\"user\"><a href=\"\(HTMLFormat.screenHref(trend.path, root: ""))\">\(trend.screen.html)</a>"
                    + "<br><code class=\"by\">\(HTMLFormat.breakable(trend.path))</code></th><td class=\"num\">\(stops)</td><td class=\"num\">\(trend.points.count)</td></tr>"
            }
            body += HTMLFormat.table(id: "screens-caption", caption: "Screens and their trend pages",
                                     head: ["Screen and snapshot", "Stops now", "Commits"], rows: rows, numeric: [1, 2])
        }

        body += "<h2 id=\"commits\">Commits</h2>\n"
        if commits.isEmpty {
            body += "<p>No commit in range.</p>\n"
        } else {
            let rows = commits.reversed().map { c -> String in
                "<tr\(c.errors > 0 ? " class=\"fails\"" : "")><th scope=\"row\"><a href=\"\(HTMLFormat.commitHref(c.sha, root: ""))\"><code>\(HTMLFormat.shortSHA(c.sha).html)</code></a></th>"
                    + "<td>\(result(c))</td><td class=\"user\">\(c.subject.html)<br><span class=\"by\">\(c.author.html), \(HTMLFormat.time(c.timestamp))</span></td></tr>"
            }
            body += HTMLFormat.table(id: "commits-caption", caption: "Commits, newest first; commits with errors are marked",
                                     head: ["Commit", "Result", "Subject, author and date"], rows: rows)
        }
        return HTMLPage(title: heading, heading: heading, root: "", body: body, site: site).render()
    }

    /// Failing branches first, then those that cannot be judged, then the rest.
    private static func rank(_ b: BranchVerdict) -> Int {
        switch b.status {
        case .fails: return 0
        case .unanswerable: return 1
        case .noBaseBranch: return 2
        case .passes: return 3
        case .base: return 4
        }
    }

    /// A commit's result in words, the weightiest first: errors stand out in
    /// words, symbol and colour; zeros are not listed.
    static func result(_ c: SiteCommitSummary) -> String {
        var parts: [String] = []
        if c.errors > 0 { parts.append("<span class=\"sev-error\"><span aria-hidden=\"true\">✗ </span>\(HTMLFormat.count(c.errors, "error"))</span>") }
        if c.warnings > 0 { parts.append("<span class=\"sev-warning\"><span aria-hidden=\"true\">⚠ </span>\(HTMLFormat.count(c.warnings, "warning"))</span>") }
        if c.improvements > 0 { parts.append("<span class=\"sev-improvement\"><span aria-hidden=\"true\">✓ </span>\(HTMLFormat.count(c.improvements, "improvement"))</span>") }
        return parts.isEmpty ? "no error or warning" : parts.joined(separator: "<br>")
    }

    /// What needs a reviewer now, before any table: the failing branches and
    /// the commits with errors, newest first (at most `attentionLimit` of them).
    static func attention(commits: [SiteCommitSummary], branches: [BranchVerdict], known: Set<String>) -> String {
        let failing = branches.filter { $0.status == .fails }.sorted { $0.name < $1.name }
        let erring = commits.reversed().filter { $0.errors > 0 }
        guard !failing.isEmpty || !erring.isEmpty else {
            return "<p class=\"all-clear\"><span class=\"verdict-passes\"><span aria-hidden=\"true\">✓ </span>All clear:</span> no branch fails the check and no commit has an error.</p>\n"
        }
        var out = "<section class=\"attention\" aria-labelledby=\"attention\">\n<h2 id=\"attention\">Needs attention</h2>\n"
        if !failing.isEmpty {
            out += "<p>\(failing.count == 1 ? "1 branch fails" : "\(failing.count) branches fail") the check:</p>\n<ul>\n"
            for b in failing {
                let tip = known.contains(b.tip) ? " at <a href=\"\(HTMLFormat.commitHref(b.tip, root: ""))\"><code>\(HTMLFormat.shortSHA(b.tip).html)</code></a>" : ""
                out += "<li><strong>\(HTMLFormat.breakable(b.name))</strong>\(tip): <span class=\"verdict-fails\"><span aria-hidden=\"true\">✗ </span>fails</span>, \(HTMLFormat.count(b.errors, "error")) in the net change</li>\n"
            }
            out += "</ul>\n"
        }
        if !erring.isEmpty {
            out += "<p>\(HTMLFormat.count(erring.count, "commit")) \(erring.count == 1 ? "has" : "have") errors, newest first:</p>\n<ul>\n"
            for c in erring.prefix(attentionLimit) {
                out += "<li><a href=\"\(HTMLFormat.commitHref(c.sha, root: ""))\"><code>\(HTMLFormat.shortSHA(c.sha).html)</code></a> <span class=\"sev-error\"><span aria-hidden=\"true\">✗ </span>\(HTMLFormat.count(c.errors, "error"))</span>: \(c.subject.html)</li>\n"
            }
            if erring.count > attentionLimit { out += "<li>and \(erring.count - attentionLimit) more in the commit list below</li>\n" }
            out += "</ul>\n"
        }
        return out + "</section>\n"
    }

    static let attentionLimit = 20

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
        var commits = "tip \(link(b.tip))"
        if counted { commits += "<br>base " + (b.mergeBase == nil ? "none (no common history)" : link(b.mergeBase)) }
        return "<tr\(b.status == .fails ? " class=\"fails\"" : "")><th scope=\"row\" class=\"user\">\(HTMLFormat.breakable(b.name))</th><td>\(verdict)</td><td>\(change)</td>"
            + "<td>\(commits)</td></tr>"
    }
}
