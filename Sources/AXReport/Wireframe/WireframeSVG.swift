import AXDiff
import AXSnapshot

/// The SVG picture of a `Wireframe`: each stop a box at its frame, numbered
/// in spoken order, a route joining the numbers (the path of a screen
/// reader user's swipes); before and after side by side, moved stops and
/// their route segments emphasised in both, new and removed stops and lost
/// labels marked, unlabelled stops hatched, controls under the platform's
/// minimum target outlined, semantic containers as light named outlines
/// under the stops, and a legend.
///
/// The picture is itself accessible (`role="img"`, a `<title>`, and the
/// spoken order as its `<desc>`), deterministic (coordinates rounded to a
/// tenth, sets drawn in index order), and bounded: past `fullDetail` stops a
/// panel draws the marked stops and an even sample of the rest, so that a
/// 100,000-stop screen stays well under 2 MB.
public enum WireframeSVG {
    /// Width of one panel's drawing, in SVG user units (CSS px).
    static let panelWidth = 360.0
    /// The tallest a panel is drawn; a taller screen is scaled down to it.
    static let panelMaxHeight = 720.0
    static let margin = 16.0, gap = 32.0, header = 28.0
    /// Up to this many stops a panel draws every box and number.
    static let fullDetail = 300
    /// Past `fullDetail`, about this many unmarked stops are drawn as a sample.
    static let sampleSize = 600
    /// At most this many marked stops are drawn per panel (a screen whose every stop changed).
    static let markedLimit = 2_000
    /// The text alternative names at most this many stops per panel.
    static let describedStops = 60

    /// The picture, or nil when the wireframe has no frames (`unavailableReason` says why).
    ///
    /// - Parameter id: prefixes every `id` in the SVG, so that several pictures can share an HTML page.
    /// - Parameter description: the `<desc>`; nil: the spoken order of each panel
    ///   (`description(_:)`). A page that lists the spoken orders beside the
    ///   picture says so instead, rather than repeat them.
    /// - Complexity: O(n + m log m), where n is the number of stops and m the marked ones.
    public static func render(_ wireframe: Wireframe, id: String = "wf", description: String? = nil) -> String? {
        picture(wireframe, id: id, description: description)?.svg
    }

    /// The picture and the size it declares, for a document that stacks several.
    static func picture(_ wireframe: Wireframe, id: String, description given: String? = nil) -> (svg: String, width: Double, height: Double)? {
        guard wireframe.unavailableReason == nil else { return nil }
        let id = sanitizedID(id)
        let bounds = wireframe.bounds
        let scale = min(panelWidth / bounds.width, panelMaxHeight / bounds.height)
        let drawnWidth = bounds.width * scale, drawnHeight = bounds.height * scale
        let panels = wireframe.panels
        let width = margin * 2 + drawnWidth * Double(panels.count) + gap * Double(max(0, panels.count - 1))
        let legend = Legend(width: width - margin * 2)
        let height = margin + header + drawnHeight + margin + legend.height + margin
        var out = SVGBytes(capacity: 4096 + panels.reduce(0) { $0 + min($1.stops.count, fullDetail + sampleSize + markedLimit) * 80 })
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" class=\"wireframe\" role=\"img\""
        out += " aria-labelledby=\"\(id)-title \(id)-desc\" width=\"\(n(width))\" height=\"\(n(height))\""
        out += " viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"sans-serif\" font-size=\"10\">\n"
        out += "<title id=\"\(id)-title\">\(title(wireframe).svgText)</title>\n"
        out += "<desc id=\"\(id)-desc\">\((given ?? description(wireframe)).svgText)</desc>\n"
        out += style
        out += "<defs><pattern id=\"\(id)-hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
        out += "<rect width=\"6\" height=\"6\" fill=\"#ffffff\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#767676\" stroke-width=\"2\"/></pattern></defs>\n"
        out += "<rect class=\"wf-bg\" x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\"/>\n"
        for (k, panel) in panels.enumerated() {
            let x = margin + Double(k) * (drawnWidth + gap)
            let placement = Placement(bounds: bounds, scale: scale, x: x, y: margin + header)
            out += "<g class=\"wf-panel\">\n"
            out += "<text class=\"wf-head\" x=\"\(n(x))\" y=\"\(n(margin + 16))\">\(panel.title.svgText): \(panel.stops.count) \(panel.stops.count == 1 ? "stop" : "stops")</text>\n"
            out += "<rect class=\"wf-screen\" x=\"\(n(x))\" y=\"\(n(margin + header))\" width=\"\(n(drawnWidth))\" height=\"\(n(drawnHeight))\"/>\n"
            let containers = containers(panel, placement, rightToLeft: wireframe.direction == .rtl)
            out += containers.outlines
            drawPanel(panel, placement, rightToLeft: wireframe.direction == .rtl, id: id, into: &out)
            out += containers.names
            out += "</g>\n"
        }
        out += legend.render(x: margin, y: margin + header + drawnHeight + margin, id: id)
        out += "</svg>\n"
        return (out.string, width, height)
    }

    /// Where a frame lands in the picture.
    struct Placement {
        var bounds: Frame, scale: Double, x: Double, y: Double
        /// The panel's drawn size.
        var width: Double { bounds.width * scale }
        var height: Double { bounds.height * scale }
        func rect(_ f: Frame) -> (x: Double, y: Double, w: Double, h: Double) {
            (x + (f.x - bounds.x) * scale, y + (f.y - bounds.y) * scale, max(f.width * scale, 0.5), max(f.height * scale, 0.5))
        }
    }

    /// Which stops a panel draws: every one up to `fullDetail`; past it the
    /// marked ones (up to `markedLimit`) and an even sample of the rest.
    static func drawn(_ panel: Wireframe.Panel, _ bits: [UInt8]? = nil) -> [Int] {
        let bits = bits ?? panel.markBits()
        let framed = panel.stops.indices.filter { Wireframe.hasFrame(panel.stops[$0]) }
        guard framed.count > fullDetail else { return framed }
        let step = max(1, framed.count / sampleSize)
        var marked = 0
        return framed.enumerated().compactMap { k, i in
            if bits[i] != 0 {
                marked += 1
                if marked <= markedLimit { return i }
            }
            return k % step == 0 || k == framed.count - 1 ? i : nil
        }
    }

    /// Plain boxes are one `<path>`, the numbers one `<g>` of `<text>`s whose
    /// halo is their badge: a screen's stops cost about 60 bytes each, not 220.
    /// Marked stops keep an element of their own, with their classes.
    private static func drawPanel(_ panel: Wireframe.Panel, _ place: Placement, rightToLeft: Bool, id: String, into out: inout SVGBytes) {
        let bits = panel.markBits()
        let indices = drawn(panel, bits)
        let detailed = indices.count == panel.stops.count && panel.stops.count <= fullDetail
        var plainBoxes = SVGBytes(capacity: indices.count * 24), markedBoxes = ""
        // Badge centres, for the route.
        var centres: [(Int, Double, Double)] = []
        centres.reserveCapacity(indices.count)
        for i in indices {
            guard let f = panel.stops[i].frame else { continue }
            let r = place.rect(f)
            var classes = ""
            if panel.isUnlabelled(i) { classes += " wf-unlabelled" }
            if panel.isSmallTarget(i) { classes += " wf-small" }
            if bits[i] & 2 != 0 { classes += " wf-new" }
            if bits[i] & 4 != 0 { classes += " wf-removed" }
            if bits[i] & 1 != 0 { classes += " wf-moved" }
            if classes.isEmpty {
                plainBoxes.line { l in
                    l.add("M"); l.number(r.x); l.add(" "); l.number(r.y)
                    l.add("h"); l.number(r.w); l.add("v"); l.number(r.h)
                    l.add("h-"); l.number(r.w); l.add("z")
                }
            } else {
                markedBoxes += "<rect class=\"wf-stop\(classes)\" x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.w))\" height=\"\(n(r.h))\""
                // A style attribute: the class's fill would win over a fill attribute.
                markedBoxes += panel.isUnlabelled(i) ? " style=\"fill:url(#\(id)-hatch)\"/>\n" : "/>\n"
            }
            let badgeWidth = Double(digits(i + 1)) * 6 + 6
            let bx = rightToLeft ? r.x + r.w - badgeWidth - 1 : r.x + 1
            centres.append((i, bx + badgeWidth / 2, r.y + 7))
        }
        if !plainBoxes.isEmpty {
            out.add("<path class=\"wf-stop\" d=\"")
            out.add(plainBoxes)
            out.add("\"/>\n")
        }
        out += markedBoxes
        // The route under the numbers: one polyline in spoken order.
        if centres.count > 1 {
            out += "<polyline class=\"wf-route\" points=\""
            for (k, c) in centres.enumerated() {
                out.line { l in
                    if k > 0 { l.add(" ") }
                    l.number(c.1); l.add(","); l.number(c.2)
                }
            }
            out += "\"/>\n"
            var emphasis = ""
            for (k, c) in centres.enumerated() where bits[c.0] & 1 != 0 {
                if k > 0 { emphasis += "M" + n(centres[k - 1].1) + "," + n(centres[k - 1].2) + "L" + n(c.1) + "," + n(c.2) }
                if k + 1 < centres.count { emphasis += "M" + n(c.1) + "," + n(c.2) + "L" + n(centres[k + 1].1) + "," + n(centres[k + 1].2) }
            }
            if !emphasis.isEmpty { out += "<path class=\"wf-route-moved\" d=\"\(emphasis)\"/>\n" }
        }
        let numberEvery = detailed ? 1 : max(1, indices.count / 200)
        // Which numbers are drawn: every marked one, then the others that do not
        // cover a number already drawn (cells of 6 × 12 px), so that a dense
        // screen shows legible numbers rather than a smear of them.
        // One flag per cell of the panel (and a margin for numbers at its edges).
        let columns = Int(place.width / 6) + 8, rows = Int(place.height / 12) + 8
        var occupied = [Bool](repeating: false, count: columns * rows)
        func claim(_ x: Double, _ y: Double, _ width: Double, force: Bool) -> Bool {
            func cell(_ v: Double, _ size: Double, _ count: Int) -> Int { min(count - 1, max(0, Int((v / size).rounded(.down)) + 4)) }
            let (x0, x1) = (cell(x - place.x - width / 2, 6, columns), cell(x - place.x + width / 2, 6, columns))
            let (y0, y1) = (cell(y - place.y - 6, 12, rows), cell(y - place.y + 5, 12, rows))
            if !force {
                for cy in y0...y1 { for cx in x0...x1 where occupied[cy * columns + cx] { return false } }
            }
            for cy in y0...y1 { for cx in x0...x1 { occupied[cy * columns + cx] = true } }
            return true
        }
        var numbered = [Bool](repeating: false, count: centres.count)
        for (k, c) in centres.enumerated() where bits[c.0] != 0 {
            numbered[k] = claim(c.1, c.2, Double(digits(c.0 + 1)) * 6 + 6, force: true)
        }
        for (k, c) in centres.enumerated() where bits[c.0] == 0 && k % numberEvery == 0 {
            numbered[k] = claim(c.1, c.2, Double(digits(c.0 + 1)) * 6 + 6, force: false)
        }
        var movedBadges = "", numbers = SVGBytes(capacity: centres.count * 32), movedNumbers = SVGBytes(capacity: 64)
        var words = SVGBytes(capacity: detailed ? centres.count * 64 : 256)
        for (k, c) in centres.enumerated() where numbered[k] {
            let i = c.0
            let badgeWidth = Double(digits(i + 1)) * 6 + 6
            func text(_ into: inout SVGBytes) {
                into.line { l in
                    l.add("<text x=\""); l.number(c.1); l.add("\" y=\""); l.number(c.2 + 3.5); l.add("\">")
                    l.integer(UInt(i + 1)); l.add("</text>")
                }
            }
            if bits[i] & 1 != 0 {
                movedBadges += "<rect class=\"wf-badge wf-badge-moved\" x=\"\(n(c.1 - badgeWidth / 2))\" y=\"\(n(c.2 - 6))\" width=\"\(n(badgeWidth))\" height=\"12\" rx=\"3\"/>\n"
                text(&movedNumbers)
            } else {
                text(&numbers)
            }
            // The words beside the number, then the label in what room is left.
            var offset = badgeWidth / 2 + 2
            if bits[i] & 14 != 0 {
                for (word, length, bit) in Self.markWords where bits[i] & bit != 0 {
                    tag(word, at: rightToLeft ? c.1 - offset : c.1 + offset, y: c.2, rightToLeft, into: &words)
                    offset += Double(length) * 6.2 + 6
                }
            }
            if detailed, let f = panel.stops[i].frame {
                caption(panel.stops[i], place.rect(f), start: rightToLeft ? c.1 - offset : c.1 + offset, rightToLeft, into: &words)
            }
        }
        // Words first: a number is never hidden under a neighbour's word.
        if !words.isEmpty {
            out.add(words)
            out.add("\n")
        }
        out += movedBadges
        if !numbers.isEmpty {
            out.add("<g class=\"wf-num\">")
            out.add(numbers)
            out.add("</g>\n")
        }
        if !movedNumbers.isEmpty {
            out.add("<g class=\"wf-num wf-num-moved\">")
            out.add(movedNumbers)
            out.add("</g>\n")
        }
    }

    /// A mark beside a stop's number, in words (colour is never the only sign).
    private static func tag(_ word: StaticString, at x: Double, y: Double, _ rightToLeft: Bool, into out: inout SVGBytes) {
        out.add("<text class=\"wf-tag\" x=\""); out.number(x); out.add("\" y=\""); out.number(y + 3.5); out.add("\"")
        if rightToLeft { out.add(" text-anchor=\"end\"") }
        out.add(">"); out.add(word); out.add("</text>")
    }

    /// The stop's label inside its box after its number and marks, cut to what fits.
    ///
    /// Written straight into the picture's bytes, and a label no longer in
    /// bytes than the room is not counted in characters: almost every label.
    private static func caption(_ stop: Stop, _ r: (x: Double, y: Double, w: Double, h: Double), start: Double, _ rightToLeft: Bool,
                                into out: inout SVGBytes) {
        let room = Int((rightToLeft ? start - r.x - 2 : r.x + r.w - start - 2) / 5.5)
        guard room >= 3, r.h >= 11 else { return }
        let name = stop.name.oneLine
        guard !name.isEmpty else { return }
        let fits = name.utf8.count <= room || name.count <= room
        out.add("<text class=\"wf-label\" x=\""); out.number(start); out.add("\" y=\""); out.number(r.y + 10.5); out.add("\"")
        if rightToLeft { out.add(" text-anchor=\"end\"") }
        out.add(">")
        out += fits ? name.svgText : (String(name.prefix(room - 1)) + "…").svgText
        out.add("</text>")
    }

    /// The marks said beside a number, their lengths in characters, and their bits (`Panel.markBits`).
    static let markWords: [(StaticString, Int, UInt8)] = [("new", 3, 2), ("removed", 7, 4), ("label lost", 10, 8)]

    /// How many decimal digits `k` (at least 1) has: the width of its badge.
    static func digits(_ k: Int) -> Int {
        var k = k, count = 1
        while k >= 10 { k /= 10; count += 1 }
        return count
    }

    /// What the picture is, in one line.
    static func title(_ w: Wireframe) -> String {
        let moved = w.panels.last.map { $0.moved.count } ?? 0
        let sides = w.panels.map { $0.title.lowercased() }.joined(separator: " and ")
        var text = "Wireframe of \(w.screen.oneLine), \(sides): each stop numbered in spoken order along the route of the swipes"
        if moved > 0 { text += "; \(moved) moved \(moved == 1 ? "stop" : "stops") emphasised" }
        return text
    }

    /// The text alternative: the spoken order of each panel (the first
    /// `describedStops` stops, then the marked ones), so that a reader who
    /// cannot see the picture reads what it shows.
    static func description(_ w: Wireframe) -> String {
        var parts: [String] = []
        for panel in w.panels {
            let shown = Array(panel.stops.prefix(describedStops))
            let spoken = Stop.spoken(shown)
            var line = "\(panel.title): " + spoken.enumerated().map { "\($0 + 1) \(short($1))\(marks(panel, $0))" }.joined(separator: "; ")
            if panel.stops.count > shown.count {
                line += "; … and \(panel.stops.count - shown.count) more"
                let later = (panel.moved.union(panel.added).union(panel.lostLabel).union(panel.removed)).filter { $0 >= shown.count }.sorted().prefix(describedStops)
                if !later.isEmpty {
                    line += ", of which " + later.map { "\($0 + 1) \(short(Stop.spoken([panel.stops[$0]]).first ?? ""))\(marks(panel, $0))" }.joined(separator: "; ")
                }
            }
            parts.append(line + ".")
        }
        return parts.joined(separator: " ")
    }

    private static func short(_ s: String) -> String {
        let line = s.oneLine
        return line.count > 80 ? String(line.prefix(79)) + "…" : (line.isEmpty ? "(nothing spoken)" : line)
    }

    private static func marks(_ panel: Wireframe.Panel, _ i: Int) -> String {
        var words: [String] = []
        if panel.moved.contains(i) { words.append("moved") }
        if panel.added.contains(i) { words.append("new") }
        if panel.removed.contains(i) { words.append("removed") }
        if panel.lostLabel.contains(i) { words.append("label lost") }
        return words.isEmpty ? "" : " (" + words.joined(separator: ", ") + ")"
    }

    /// Letters, digits, `-` and `_` only: the id prefix goes into attributes and `url(#…)`.
    static func sanitizedID(_ id: String) -> String {
        let kept = id.unicodeScalars.filter { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
        var s = ""
        s.unicodeScalars.append(contentsOf: kept)
        return s.isEmpty || ("0"..."9").contains(s.unicodeScalars.first ?? "a") ? "wf" + s : s
    }

    /// A coordinate to a tenth, without a trailing `.0`: the same number, the same bytes.
    static func n(_ v: Double) -> String {
        guard v.isFinite, abs(v) < 1e15 else { return "0" }
        let tenths = Int((v * 10).rounded())
        let whole = tenths / 10, rest = abs(tenths % 10)
        // Built by appending small strings, which stay inline: no interpolation, no allocation.
        var s = tenths < 0 && whole == 0 ? "-" : ""
        s += String(whole)
        if rest != 0 {
            s += "."
            s += String(rest)
        }
        return s
    }

    static let style = """
    <style>
    .wf-bg { fill: #ffffff; }
    .wf-head { font-size: 13px; font-weight: bold; fill: #1b1b1b; }
    .wf-screen { fill: #f7f7f7; stroke: #767676; stroke-width: 1; }
    .wf-container { fill: none; stroke: #8a8a8a; stroke-width: 1; stroke-dasharray: 4 2; }
    .wf-container-name { fill: #4a4a4a; font-size: 8px; font-style: italic; stroke: #f7f7f7; stroke-width: 3px; paint-order: stroke; }
    .wf-stop { fill: #ffffff; stroke: #595959; stroke-width: 1; }
    .wf-small { stroke: #7a3e00; stroke-width: 2; stroke-dasharray: 2 2; }
    .wf-new { stroke: #1a7f37; stroke-width: 2.5; stroke-dasharray: 6 3; }
    .wf-removed { stroke: #595959; stroke-width: 2; stroke-dasharray: 1 3; }
    .wf-moved { stroke: #b3001b; stroke-width: 3; }
    .wf-route { fill: none; stroke: #0b4fa8; stroke-width: 1.5; stroke-opacity: 0.7; }
    .wf-route-moved { fill: none; stroke: #b3001b; stroke-width: 4; }
    .wf-badge { fill: #0b4fa8; }
    .wf-badge-moved { fill: #b3001b; }
    .wf-num { fill: #ffffff; stroke: #0b4fa8; stroke-width: 5px; stroke-linejoin: round; paint-order: stroke; font-size: 9px; font-weight: bold; text-anchor: middle; }
    .wf-num-moved { stroke: #b3001b; }
    .wf-tag { fill: #1b1b1b; font-size: 9px; font-weight: bold; stroke: #ffffff; stroke-width: 3px; paint-order: stroke; }
    .wf-label { fill: #1b1b1b; font-size: 9px; stroke: #ffffff; stroke-width: 3px; paint-order: stroke; }
    .wf-legend { fill: #1b1b1b; font-size: 11px; }
    </style>

    """
}

extension String {
    /// The string as SVG character data: unchanged when it holds nothing to
    /// escape (most labels), else `xmlEscaped`.
    var svgText: String {
        let plain = utf8.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "&") && $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: ">") && $0 != 0xEF }
        return plain ? self : xmlEscaped(attribute: false)
    }
}
