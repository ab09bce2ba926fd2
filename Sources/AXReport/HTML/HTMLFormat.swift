import AXDiff

/// Small pieces the pages share: dates in UTC, counts, severity words, links.
enum HTMLFormat {
    /// "2026-01-01 09:05 UTC": the same on every machine, whatever its time
    /// zone or locale (no formatter involved).
    static func date(_ timestamp: Int) -> String {
        let (y, m, d, hh, mm, _) = civil(timestamp)
        return "\(pad(y, 4))-\(pad(m))-\(pad(d)) \(pad(hh)):\(pad(mm)) UTC"
    }

    /// "2026-01-01T09:05:00Z", for `<time datetime>`.
    static func isoDate(_ timestamp: Int) -> String {
        let (y, m, d, hh, mm, ss) = civil(timestamp)
        return "\(pad(y, 4))-\(pad(m))-\(pad(d))T\(pad(hh)):\(pad(mm)):\(pad(ss))Z"
    }

    /// "2026-01-01", for axis labels.
    static func day(_ timestamp: Int) -> String {
        let (y, m, d, _, _, _) = civil(timestamp)
        return "\(pad(y, 4))-\(pad(m))-\(pad(d))"
    }

    /// The date and the time each kept on one line, so a narrow cell breaks
    /// between them, never inside the date.
    static func time(_ timestamp: Int) -> String {
        let (_, _, _, hh, mm, _) = civil(timestamp)
        return "<time datetime=\"\(isoDate(timestamp))\"><span class=\"nw\">\(day(timestamp))</span> <span class=\"nw\">\(pad(hh)):\(pad(mm)) UTC</span></time>"
    }

    /// Days since 1970 to a proleptic Gregorian date (Howard Hinnant's
    /// `civil_from_days`), exact for any 64-bit timestamp a commit can carry.
    private static func civil(_ timestamp: Int) -> (Int, Int, Int, Int, Int, Int) {
        let days = timestamp >= 0 ? timestamp / 86_400 : (timestamp - 86_399) / 86_400
        let seconds = timestamp - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        return (y, m, d, seconds / 3600, seconds % 3600 / 60, seconds % 60)
    }

    private static func pad(_ n: Int, _ width: Int = 2) -> String {
        let digits = String(abs(n))
        return (n < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static func count(_ n: Int, _ noun: String) -> String { ReportModel.count(n, noun) }

    /// Escaped, with a line-break opportunity after each `.` and `/`, so a
    /// kind (`order.regressed`) or a path breaks between its parts in a
    /// narrow table cell, not in the middle of a word.
    ///
    /// One pass over the scalars: Foundation's `replacingOccurrences`, twice per
    /// change row, was a twentieth of rendering a commit page (perf).
    static func breakable(_ text: String) -> String {
        let escaped = text.html
        guard escaped.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "/") }) else { return escaped }
        var out = ""
        out.reserveCapacity(escaped.utf8.count + 16)
        for scalar in escaped.unicodeScalars {
            out.unicodeScalars.append(scalar)
            if scalar == "." || scalar == "/" { out += "<wbr>" }
        }
        return out
    }

    static func shortSHA(_ sha: String) -> String { String(sha.prefix(7)) }

    /// The page of a commit, relative to `root`.
    static func commitHref(_ sha: String, root: String) -> String {
        root + "commits/" + sha.uriPathEncoded + ".html"
    }

    static func screenHref(_ path: String, root: String) -> String {
        root + "screens/" + SiteSlug.screen(path: path) + ".html"
    }

    /// The severity as a word and a symbol, never colour alone; the symbol is
    /// hidden from screen readers, which read the word.
    static func severity(_ change: Change) -> String {
        let (word, symbol, css) = severityParts(change)
        var out = "<span class=\"sev-\(css)\"><span aria-hidden=\"true\">\(symbol) </span>\(word)</span>"
        if change.accepted { out += " (accepted)" }
        return out
    }

    private static func severityParts(_ change: Change) -> (String, String, String) {
        if change.improvement && change.severity != .error { return ("Improvement", "✓", "improvement") }
        switch change.severity {
        case .error: return ("Error", "✗", "error")
        case .warning: return ("Warning", "⚠", "warning")
        case .note, .off: return ("Note", "ℹ", "note")
        }
    }

    /// WCAG criteria as links to their W3C Understanding pages.
    static func wcag(_ numbers: [String]) -> String {
        guard !numbers.isEmpty else { return "" }
        let items = numbers.map { number -> String in
            guard let criterion = WCAGCriterion.numbered(number) else { return "<li>\(number.html)</li>" }
            return "<li><a href=\"\(criterion.understandingURL.htmlAttribute)\">\(criterion.number) \(criterion.name.html)</a> (\(criterion.level))</li>"
        }
        return "<ul class=\"wcag\">" + items.joined() + "</ul>"
    }

    /// A table in a scrollable region that can be reached by keyboard, for
    /// the rare table still too wide after its cells wrap.
    static func table(id: String, caption: String, head: [String], rows: [String], numeric: Set<Int> = []) -> String {
        var out = "<div class=\"table-scroll\" role=\"region\" aria-labelledby=\"\(id)\" tabindex=\"0\">\n"
        out += "<table>\n<caption id=\"\(id)\">\(caption)</caption>\n<thead><tr>"
        for (i, title) in head.enumerated() {
            out += "<th scope=\"col\"\(numeric.contains(i) ? " class=\"num\"" : "")>\(title)</th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for row in rows { out += row + "\n" }
        out += "</tbody>\n</table>\n</div>\n"
        return out
    }
}
