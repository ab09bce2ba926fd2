import AXDiff
import AXSnapshot

/// The wireframe as a review-site figure: the SVG inline (so that its
/// title and spoken-order description reach a screen reader), a caption
/// saying how to read it, and the moved stops as links to their places in
/// the two lists — the picture is an image, so its links live in the caption.
enum WireframeFigure {
    /// A commit page's figure of `screen`, above its two lists (`prefix` is the section's: `s1`).
    ///
    /// - Complexity: O(n log n) in the stops (`WireframeSVG.render`).
    static func commit(_ screen: ScreenDiff, prefix: String) -> String {
        let wireframe = Wireframe(screen)
        let lists = "The stops in spoken order, before and after, are the two lists below."
        guard let svg = WireframeSVG.render(wireframe, id: "\(prefix)-wf", description: lists) else {
            return "<p class=\"no-wireframe\">\((wireframe.unavailableReason ?? "").html)</p>\n"
        }
        let reader = (screen.stopsAfter.first ?? screen.stopsBefore.first)?.screenReader ?? "a screen reader"
        var caption = "The wireframe: each stop a box where it is on screen, numbered in the order \(reader.html) reads it, the line following the swipes. "
        let moved = screen.moves + screen.visualMoves
        if moved.isEmpty {
            caption += "No stop moved."
        } else {
            let shown = moved.prefix(WireframeFigure.linkedMoves)
            caption += "Moved (emphasised in both): " + shown.map { move in
                let name = screen.stopsAfter.indices.contains(move.to) ? Self.name(screen.stopsAfter[move.to]) : "a stop"
                return "\(name.html), <a href=\"#\(prefix)-old-\(move.from + 1)\">stop \(move.from + 1) before</a>, <a href=\"#\(prefix)-new-\(move.to + 1)\">stop \(move.to + 1) after</a>"
            }.joined(separator: "; ")
            caption += moved.count > shown.count ? "; and \(moved.count - shown.count) more." : "."
        }
        return "<figure class=\"wireframe\">\n" + svg + "<figcaption>\(caption)</figcaption>\n</figure>\n"
    }

    /// The screen page's figure: the screen as the latest commit left it.
    static func latest(_ screen: ScreenDiff, sha: String, root: String) -> String {
        let wireframe = Wireframe(screen: screen.screen, stops: screen.stopsAfter, containers: screen.containersAfter,
                                  direction: screen.layoutDirection,
                                  title: "After \(HTMLFormat.shortSHA(sha))")
        guard let svg = WireframeSVG.render(wireframe, id: "latest-wf") else {
            return "<p class=\"no-wireframe\">\((wireframe.unavailableReason ?? "").html)</p>\n"
        }
        let reader = screen.stopsAfter.first?.screenReader ?? "a screen reader"
        return "<figure class=\"wireframe\">\n" + svg
            + "<figcaption>The screen after <a href=\"\(HTMLFormat.commitHref(sha, root: root))\">commit \(HTMLFormat.shortSHA(sha).html)</a>: each stop a box where it is on screen, numbered in the order \(reader.html) reads it, the line following the swipes.</figcaption>\n</figure>\n"
    }

    /// One earlier version in the screen page's history: the screen as a
    /// commit left it, its moved and new stops marked, its spoken order as
    /// the picture's text alternative, and a link to the commit page (where
    /// the moved stops link to their places in the two lists). One panel: the
    /// version before it is the next entry down.
    ///
    /// - Parameter k: the entry's place on the page, for the SVG's ids.
    static func history(_ screen: ScreenDiff, sha: String, subject: String?, timestamp: Int?, k: Int, root: String) -> String {
        let short = HTMLFormat.shortSHA(sha).html
        let href = HTMLFormat.commitHref(sha, root: root)
        var out = "<h3 id=\"history-\(k)\"><a href=\"\(href)\">Commit \(short)</a>"
        if let subject { out += " " + subject.html }
        if let timestamp { out += " <span class=\"by\">\(HTMLFormat.time(timestamp))</span>" }
        out += "</h3>\n"
        let wireframe = Wireframe(screen).lastPanel(titled: "After \(HTMLFormat.shortSHA(sha))")
        guard let svg = WireframeSVG.render(wireframe, id: "history-\(k)-wf") else {
            return out + "<p class=\"no-wireframe\">\((wireframe.unavailableReason ?? "").html)</p>\n"
        }
        let moved = wireframe.panels.last?.moved.count ?? 0
        let what = moved == 0 ? "no stop moved" : "\(HTMLFormat.count(moved, "moved stop")) emphasised"
        out.reserveCapacity(out.utf8.count + svg.utf8.count + 200)
        out += "<figure class=\"wireframe\">\n"
        out += svg
        out += "<figcaption>The screen after <a href=\"\(href)\">commit \(short)</a>: \(what); its page shows the version before beside it and links each change.</figcaption>\n</figure>\n"
        return out
    }

    /// The caption links at most this many moves; the lists below mark every one.
    static let linkedMoves = 20

    private static func name(_ stop: Stop) -> String {
        let line = (stop.label.isEmpty ? stop.value : stop.label).oneLine
        if line.isEmpty { return "an unlabelled \(stop.role.rawValue)" }
        return "“" + (line.count > 60 ? String(line.prefix(59)) + "…" : line) + "”"
    }
}
