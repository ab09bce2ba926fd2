import AXSnapshot

/// What the accessibility tree does not say about a DOM node: its layout box
/// (CSS px, page coordinates), its test id, and whether it is laid out
/// inline (its text joins the text around it). Keyed by backend node id,
/// which the accessibility tree's nodes also carry.
struct PageLayout {
    struct Box {
        var frame: Frame?
        var display: String?
        var testID: String?
    }

    private(set) var boxes: [Int: Box] = [:]
    /// The `lang` of the root element.
    private(set) var language: String?
    /// The computed `direction` of the body (else of the root element).
    private(set) var direction: LayoutDirection = .ltr

    /// The styles `record` asks `DOMSnapshot.captureSnapshot` for, in this order.
    static let styles = ["display", "direction"]

    init() {}

    /// Reads the main document of a snapshot; values out of range (a
    /// snapshot of another shape) are skipped, never trapped on.
    init(_ snapshot: CDP.DOMSnapshot) {
        guard let document = snapshot.documents.first else { return }
        let strings = snapshot.strings
        func string(_ index: Int) -> String? { strings.indices.contains(index) ? strings[index] : nil }
        let nodes = document.nodes
        let backend = nodes.backendNodeId ?? []
        let names = nodes.nodeName ?? []
        let attributes = nodes.attributes ?? []
        var bodyDirection: String?, rootDirection: String?

        for (i, id) in backend.enumerated() {
            guard i < attributes.count, !attributes[i].isEmpty else { continue }
            var testID: String?, domID: String?, lang: String?
            let list = attributes[i]
            var k = 0
            while k + 1 < list.count {
                switch string(list[k]) {
                case "data-testid": testID = string(list[k + 1])
                case "id": domID = string(list[k + 1])
                case "lang": lang = string(list[k + 1])
                default: break
                }
                k += 2
            }
            // A test id is put there for automation on purpose; a DOM id may
            // be any author's choice, so it comes second.
            if let chosen = [testID, domID].compactMap({ $0 }).first(where: { !$0.isEmpty }) {
                boxes[id, default: Box()].testID = chosen
            }
            if i < names.count, string(names[i]) == "HTML", let lang, !lang.isEmpty { language = lang }
        }

        let layout = document.layout
        for (k, node) in layout.nodeIndex.enumerated() where backend.indices.contains(node) {
            let id = backend[node]
            if k < layout.bounds.count, layout.bounds[k].count == 4 {
                let b = layout.bounds[k]
                if b.allSatisfy({ $0.isFinite }), b[2] >= 0, b[3] >= 0 {
                    let frame = Self.rounded(Frame(x: b[0], y: b[1], width: b[2], height: b[3], unit: .cssPixels))
                    // A node split into several layout objects (an inline
                    // broken over lines) gets the box around them all.
                    let united = boxes[id]?.frame.map { StopTree.union($0, frame) } ?? frame
                    boxes[id, default: Box()].frame = united
                }
            }
            if k < layout.styles.count {
                let values = layout.styles[k].map { string($0) }
                if let display = values.first ?? nil { boxes[id, default: Box()].display = display }
                if values.count > 1, let direction = values[1], names.indices.contains(node) {
                    switch string(names[node]) {
                    case "BODY": bodyDirection = direction
                    case "HTML": rootDirection = direction
                    default: break
                    }
                }
            }
        }
        direction = (bodyDirection ?? rootDirection) == "rtl" ? .rtl : .ltr
    }

    /// Edges rounded to whole CSS px (so boxes that touch still touch), with
    /// no negative zero: the same layout gives the same numbers.
    static func rounded(_ f: Frame) -> Frame {
        func r(_ v: Double) -> Double { let x = v.rounded(); return x == 0 ? 0 : x }
        let x = r(f.x), y = r(f.y)
        return Frame(x: x, y: y, width: max(0, r(f.maxX) - x), height: max(0, r(f.maxY) - y), unit: f.unit)
    }

    func box(_ backendID: Int?) -> Box? {
        guard let backendID else { return nil }
        return boxes[backendID]
    }
}
