import AXSnapshot

/// The accessibility tree and the DOM snapshot read from parsed JSON. A
/// field of an unexpected type reads as absent: Chromium's replies are
/// trusted for shape, never for being present.
extension CDP.FullAXTree {
    init(_ json: JSONValue) {
        nodes = json["nodes"]?.items.map(CDP.AXNode.init) ?? []
    }
}

extension CDP.AXNode {
    init(_ json: JSONValue) {
        var node = CDP.AXNode(nodeId: "", ignored: false)
        guard case .object(let members) = json.kind else { self = node; return }
        for (key, value) in members {
            switch key {
            case "nodeId": node.nodeId = value.text ?? ""
            case "ignored": node.ignored = value.flag ?? false
            case "role": node.role = CDP.AXValue(value)
            case "name": node.name = CDP.AXValue(value)
            case "value": node.value = CDP.AXValue(value)
            case "description": node.description = CDP.AXValue(value)
            case "properties":
                node.properties = value.items.compactMap { p in
                    guard let name = p["name"]?.text, let v = p["value"] else { return nil }
                    return CDP.AXProperty(name: name, value: CDP.AXValue(v))
                }
            case "childIds": node.childIds = value.items.compactMap(\.text)
            case "backendDOMNodeId": node.backendDOMNodeId = value.integer
            default: break
            }
        }
        self = node
    }
}

extension CDP.AXValue {
    init(_ json: JSONValue) {
        switch json["value"]?.kind {
        case .string(let s)?: value = .string(s)
        case .number(let d)?: value = .number(d)
        case .bool(let b)?: value = .bool(b)
        case nil: value = nil
        default: value = .other
        }
    }
}

extension CDP.DOMSnapshot {
    init(_ json: JSONValue) {
        strings = json["strings"]?.items.compactMap(\.text) ?? []
        documents = json["documents"]?.items.map { doc in
            let nodes = doc["nodes"]
            let layout = doc["layout"]
            return Document(
                nodes: Nodes(parentIndex: nodes?["parentIndex"]?.integers, nodeName: nodes?["nodeName"]?.integers,
                             backendNodeId: nodes?["backendNodeId"]?.integers,
                             attributes: nodes?["attributes"]?.items.map { $0.integers }),
                layout: Layout(nodeIndex: layout?["nodeIndex"]?.integers ?? [],
                               styles: layout?["styles"]?.items.map { $0.integers } ?? [],
                               bounds: layout?["bounds"]?.items.map { $0.items.compactMap(\.number) } ?? []))
        } ?? []
    }
}

extension JSONValue {
    var items: [JSONValue] {
        if case .array(let a) = kind { return a }
        return []
    }

    var text: String? {
        if case .string(let s) = kind { return s }
        return nil
    }

    var number: Double? {
        if case .number(let d) = kind { return d }
        return nil
    }

    var flag: Bool? {
        if case .bool(let b) = kind { return b }
        return nil
    }

    /// A whole number that fits an `Int`, else nil.
    var integer: Int? {
        guard let d = number, d.rounded() == d, abs(d) < 1e15 else { return nil }
        return Int(d)
    }

    /// The whole numbers of an array (others skipped).
    var integers: [Int] { items.compactMap(\.integer) }
}
