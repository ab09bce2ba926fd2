import AXDiff
import AXSnapshot

/// Small builders so each test reads like the seed it comes from.
enum S {
    static func text(_ label: String, id: String? = nil, y: Double? = nil, x: Double = 16) -> Node {
        Node(id: id, role: .text, label: label, frame: y.map { Frame(x: x, y: $0, width: 200, height: 20) })
    }
    static func button(_ label: String, id: String? = nil, y: Double? = nil, x: Double = 16, inputLabels: [String] = []) -> Node {
        Node(id: id, role: .button, label: label, inputLabels: inputLabels, frame: y.map { Frame(x: x, y: $0, width: 120, height: 44) })
    }
    static func field(_ label: String, id: String? = nil, y: Double? = nil) -> Node {
        Node(id: id, role: .textField, label: label, frame: y.map { Frame(x: 16, y: $0, width: 300, height: 44) })
    }
    static func image(_ label: String? = nil, id: String? = nil, hidden: Bool = false, y: Double? = nil) -> Node {
        Node(id: id, role: .image, label: label, frame: y.map { Frame(x: 16, y: $0, width: 40, height: 40) }, hidden: hidden)
    }
    static func group(_ children: [Node], y: Double? = nil, height: Double = 100) -> Node {
        Node(role: .container, frame: y.map { Frame(x: 0, y: $0, width: 390, height: height) }, children: children)
    }
    static func screen(_ elements: [Node], name: String = "Screen", rtl: Bool = false) -> Snapshot {
        Snapshot(screen: name, platform: .ios, layoutDirection: rtl ? .rtl : .ltr, elements: elements)
    }
    static func diff(_ old: [Node], _ new: [Node], policy: DiffPolicy = DiffPolicy(), rtl: Bool = false) -> ScreenDiff {
        ScreenDiffer.diff(old: screen(old, rtl: rtl), new: screen(new, rtl: rtl), path: "Snapshots/Screen.json", policy: policy)
    }
}

extension ScreenDiff {
    func kinds() -> [ChangeKind] { changes.map(\.kind) }
    func first(_ kind: ChangeKind) -> Change? { changes.first { $0.kind == kind } }
    func all(_ kind: ChangeKind) -> [Change] { changes.filter { $0.kind == kind } }
}
