import AXSnapshot

extension WireframeSVG {
    /// At most this many containers are outlined per panel (the first in
    /// document order, outer before inner): a screen of a thousand named
    /// groups stays within the size bound.
    static let containerLimit = 200

    /// The semantic containers (lists, dialogs, landmarks, named groups) as
    /// light outlines, drawn under the stops, and their names, drawn over
    /// them at each outline's trailing bottom corner ("Keywords, list") so
    /// that no stop's box hides a name. A container without a frame of its
    /// own is outlined around its stops' frames; one with neither is not drawn.
    ///
    /// - Complexity: O(c + s), where c is the number of containers and s the
    ///   stops inside the drawn ones.
    static func containers(_ panel: Wireframe.Panel, _ place: Placement, rightToLeft: Bool) -> (outlines: String, names: String) {
        guard !panel.containers.isEmpty else { return ("", "") }
        let platform = panel.stops.first?.platform ?? .other
        var boxes = SVGBytes(capacity: 64), names = ""
        var stopsCovered = 0
        for container in panel.containers.prefix(containerLimit) {
            // Its stops' union costs one pass over them: bounded over all containers, so nested
            // lists of a huge screen cannot make this quadratic.
            guard let frame = outlineFrame(container, panel.stops, budget: &stopsCovered) else { continue }
            var r = place.rect(frame)
            // A little outside its stops, so that the outline shows around a container that is exactly its stops.
            r = (r.x - 2, r.y - 2, r.w + 4, r.h + 4)
            // Clipped to the panel: a scroll view's content frame can reach far off screen.
            let x0 = max(r.x, place.x), y0 = max(r.y, place.y)
            let x1 = min(r.x + r.w, place.x + place.width), y1 = min(r.y + r.h, place.y + place.height)
            guard x1 - x0 >= 1, y1 - y0 >= 1 else { continue }
            boxes.add("M"); boxes.number(x0); boxes.add(" "); boxes.number(y0)
            boxes.add("h"); boxes.number(x1 - x0); boxes.add("v"); boxes.number(y1 - y0)
            boxes.add("h-"); boxes.number(x1 - x0); boxes.add("z")
            let word = platform.roleWord(container.role, platformRole: container.platformRole) ?? container.role.rawValue
            let name = container.name.oneLine
            let full = name.isEmpty ? word : name + ", " + word
            let room = Int((x1 - x0 - 4) / 4.6)
            guard room >= 3, y1 - y0 >= 10 else { continue }
            let text = full.count > room ? String(full.prefix(room - 1)) + "…" : full
            let tx = rightToLeft ? x0 + 2 : x1 - 2
            names += "<text class=\"wf-container-name\" x=\"\(n(tx))\" y=\"\(n(y1 - 2.5))\"\(rightToLeft ? "" : " text-anchor=\"end\"")>\(text.svgText)</text>\n"
        }
        guard !boxes.isEmpty else { return ("", "") }
        return ("<path class=\"wf-container\" d=\"" + boxes.string + "\"/>\n", names)
    }

    /// Where a container is outlined: its own frame, else the union of its
    /// stops' frames (while `budget` of stops looked at lasts), else nil.
    static func outlineFrame(_ container: ScreenOutline.Container, _ stops: [Stop], budget: inout Int) -> Frame? {
        if let f = container.frame, f.width > 0, f.height > 0, f.x.isFinite, f.y.isFinite, f.width.isFinite, f.height.isFinite {
            return f
        }
        let range = container.stops.clamped(to: stops.indices)
        guard budget + range.count <= 4 * max(stops.count, 1) else { return nil }
        budget += range.count
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for i in range where Wireframe.hasFrame(stops[i]) {
            guard let f = stops[i].frame else { continue }
            minX = min(minX, f.x); minY = min(minY, f.y)
            maxX = max(maxX, f.maxX); maxY = max(maxY, f.maxY)
        }
        guard minX.isFinite, maxX > minX, maxY > minY else { return nil }
        return Frame(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
