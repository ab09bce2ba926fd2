/// Writes a snapshot as canonical axsnapshot JSON (DESIGN §3.1): keys sorted,
/// two-space indentation, a frame on one line, whole numbers without a
/// fraction, only the fields a node has (`element` only where it differs
/// from the default rule) — every field the axsnapshot reader reads, so a
/// snapshot from any reader survives the round trip — and a final newline. The same snapshot always
/// gives the same bytes, so a commit of a re-recorded page that did not
/// change is empty.
///
/// It lives beside the readers so that every product can write what they
/// read: the recorder, `AXSnapshotTesting`'s reference files, the bench.
///
/// The writer keeps its own stack of open nodes, so depth costs no thread stack.
///
/// - Complexity: O(n) in the size of the output.
public enum SnapshotJSONWriter {
    public static func json(_ snapshot: Snapshot) -> String {
        var out = "{\n  \"axsnapshot\": 1,\n  \"elements\": "
        elements(snapshot.elements, indent: 1, into: &out)
        out += ",\n  \"layoutDirection\": \(quoted(snapshot.layoutDirection.rawValue))"
        if let locale = snapshot.locale { out += ",\n  \"locale\": \(quoted(locale))" }
        out += ",\n  \"platform\": \(quoted(snapshot.platform.rawValue))"
        out += ",\n  \"screen\": \(quoted(snapshot.screen))\n}\n"
        return out
    }

    /// Writes `[ node, … ]` at `indent` levels, children before siblings.
    private static func elements(_ roots: [Node], indent: Int, into out: inout String) {
        // Each frame is a list being written and how far it got.
        var stack: [(nodes: [Node], next: Int, indent: Int)] = [(roots, 0, indent)]
        out += roots.isEmpty ? "[]" : "["
        while let top = stack.last {
            let level = stack.count - 1
            if top.next == top.nodes.count {
                stack.removeLast()
                if !top.nodes.isEmpty { out += "\n" + pad(top.indent) + "]" }
                if !stack.isEmpty { out += "\n" + pad(stack[stack.count - 1].indent + 1) + "}" }
                continue
            }
            let node = top.nodes[top.next]
            stack[level].next += 1
            out += (top.next == 0 ? "\n" : ",\n") + pad(top.indent + 1) + "{"
            let fields = self.fields(node)
            let inner = pad(top.indent + 2)
            for (i, field) in fields.enumerated() {
                out += (i == 0 ? "\n" : ",\n") + inner + quoted(field.key) + ": " + field.value
            }
            if node.children.isEmpty {
                out += "\n" + pad(top.indent + 1) + "}"
            } else {
                // `children` sorts first, so its list follows the other fields.
                out += (fields.isEmpty ? "\n" : ",\n") + inner + "\"children\": ["
                stack.append((node.children, 0, top.indent + 2))
            }
        }
    }

    /// The node's fields but `children`, sorted by key, values already encoded.
    private static func fields(_ node: Node) -> [(key: String, value: String)] {
        var f: [(key: String, value: String)] = []
        if !node.actions.isEmpty { f.append(("actions", "[" + node.actions.map(quoted).joined(separator: ", ") + "]")) }
        var bare = node
        bare.element = nil
        if let element = node.element, element != bare.isStop { f.append(("element", element ? "true" : "false")) }
        if let frame = node.frame {
            f.append(("frame", "[\(number(frame.x)), \(number(frame.y)), \(number(frame.width)), \(number(frame.height))]"))
        }
        if node.hidden { f.append(("hidden", "true")) }
        if let hint = node.hint, !hint.isEmpty { f.append(("hint", quoted(hint))) }
        if let id = node.id, !id.isEmpty { f.append(("id", quoted(id))) }
        if let image = node.imageName, !image.isEmpty { f.append(("image", quoted(image))) }
        if !node.inputLabels.isEmpty { f.append(("inputLabels", "[" + node.inputLabels.map(quoted).joined(separator: ", ") + "]")) }
        if let label = node.label, !label.isEmpty { f.append(("label", quoted(label))) }
        if node.role == .other, let platformRole = node.platformRole {
            f.append(("role", quoted(platformRole)))
        } else {
            if let platformRole = node.platformRole, platformRole != node.role.rawValue {
                f.append(("platformRole", quoted(platformRole)))
            }
            f.append(("role", quoted(node.role.rawValue)))
        }
        var states = node.states.sorted().map(\.rawValue)
        if let level = node.level { states.append("level=\(level)") }
        if !states.isEmpty { f.append(("states", "[" + states.map(quoted).joined(separator: ", ") + "]")) }
        if let value = node.value, !value.isEmpty { f.append(("value", quoted(value))) }
        return f
    }

    private static func pad(_ level: Int) -> String { String(repeating: "  ", count: level) }

    private static func number(_ d: Double) -> String {
        if d.rounded() == d, abs(d) < 1e15 { return String(Int(d)) }
        return String(d)
    }

    /// A JSON string: quotes, backslashes and control characters escaped,
    /// everything else as UTF-8. Every writer of JSON or ARIA YAML strings in
    /// the package (the recorder, the bench's generator, the tests) uses it.
    package static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
