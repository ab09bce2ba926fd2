extension WireframeSVG {
    /// What each mark of the picture means, in rows that fit the picture's width.
    struct Legend {
        static let itemWidth = 170.0, rowHeight = 18.0
        static let items: [(kind: String, text: String)] = [
            ("stop", "stop, in spoken order"),
            ("route", "route of the swipes"),
            ("moved", "moved stop, its route"),
            ("new", "new stop"),
            ("removed", "removed stop"),
            ("unlabelled", "unlabelled stop"),
            ("small", "under minimum target"),
            ("container", "list, dialog, landmark, group"),
            ("lost", "“label lost”, “new”, “removed”: said beside the number"),
        ]
        var width: Double
        var perRow: Int { max(1, Int(width / Self.itemWidth)) }
        /// The swatches' rows, then one row for the words said beside a number.
        var gridRows: Int { (Self.items.count - 1 + perRow - 1) / perRow }
        var height: Double { Double(gridRows + 1) * Self.rowHeight }

        func render(x: Double, y: Double, id: String) -> String {
            var out = "<g class=\"wf-legend-box\">\n"
            for (k, item) in Self.items.enumerated() {
                let last = k == Self.items.count - 1
                let ix = last ? x : x + Double(k % perRow) * Self.itemWidth
                let iy = y + Double(last ? gridRows : k / perRow) * Self.rowHeight
                let (sx, sy) = (WireframeSVG.n(ix), WireframeSVG.n(iy))
                switch item.kind {
                case "route":
                    out += "<line class=\"wf-route\" x1=\"\(sx)\" y1=\"\(WireframeSVG.n(iy + 6))\" x2=\"\(WireframeSVG.n(ix + 18))\" y2=\"\(WireframeSVG.n(iy + 6))\"/>"
                case "moved":
                    out += "<line class=\"wf-route-moved\" x1=\"\(sx)\" y1=\"\(WireframeSVG.n(iy + 6))\" x2=\"\(WireframeSVG.n(ix + 18))\" y2=\"\(WireframeSVG.n(iy + 6))\"/>"
                case "container":
                    out += "<rect class=\"wf-container\" x=\"\(sx)\" y=\"\(sy)\" width=\"18\" height=\"12\"/>"
                case "lost":
                    out += "<text class=\"wf-legend\" x=\"\(sx)\" y=\"\(WireframeSVG.n(iy + 10))\">\(item.text)</text>\n"
                    continue
                default:
                    let extra = item.kind == "unlabelled" ? " style=\"fill:url(#\(id)-hatch)\"" : ""
                    let classes = item.kind == "stop" ? "wf-stop" : "wf-stop wf-\(item.kind)"
                    out += "<rect class=\"\(classes)\" x=\"\(sx)\" y=\"\(sy)\" width=\"18\" height=\"12\"\(extra)/>"
                }
                out += "<text class=\"wf-legend\" x=\"\(WireframeSVG.n(ix + 22))\" y=\"\(WireframeSVG.n(iy + 10))\">\(item.text)</text>\n"
            }
            return out + "</g>\n"
        }
    }
}
