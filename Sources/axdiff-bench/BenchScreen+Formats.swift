import AXSnapshot

/// Writes a generated screen in the formats axdiff reads. One stop per line,
/// as snapshot tools pretty-print, so that `git log -p` sees line-sized hunks.
extension BenchScreen {
    /// axsnapshot JSON.
    func json() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(stopCount * 110 + 200)
        out += "{\n  \"axsnapshot\": 1,\n  \"screen\": \(SnapshotJSONWriter.quoted(name)),\n  \"platform\": \"ios\",\n  \"elements\": [\n".utf8
        for (s, section) in sections.enumerated() {
            out += "    {\"id\": \(SnapshotJSONWriter.quoted(section.id)), \"role\": \"container\", \"frame\": [0, \(section.y), 390, \(sectionHeight(s))], \"children\": [\n".utf8
            for (k, item) in section.items.enumerated() {
                out += "      {\"id\": \(SnapshotJSONWriter.quoted(item.id)), \"role\": \"\(item.role)\", \"label\": \(SnapshotJSONWriter.quoted(item.label))".utf8
                if let value = item.value { out += ", \"value\": \(SnapshotJSONWriter.quoted(value))".utf8 }
                var states = item.states
                if let level = item.level { states.append("level=\(level)") }
                if !states.isEmpty { out += ", \"states\": [\(states.map(SnapshotJSONWriter.quoted).joined(separator: ", "))]".utf8 }
                out += ", \"frame\": [\(item.x), \(item.y), \(item.width), \(item.height)]}".utf8
                out += (k == section.items.count - 1 ? "\n" : ",\n").utf8
            }
            out += (s == sections.count - 1 ? "    ]}\n" : "    ]},\n").utf8
        }
        out += "  ]\n}\n".utf8
        return out
    }

    /// A Playwright ARIA snapshot of the same screen.
    func ariaYAML() -> [UInt8] {
        var out: [UInt8] = []
        out += "- main:\n".utf8
        for section in sections {
            out += "  - region \(SnapshotJSONWriter.quoted(section.title)):\n".utf8
            for item in section.items {
                let name = SnapshotJSONWriter.quoted(item.label)
                switch item.role {
                case "heading": out += "    - heading \(name) [level=\(item.level ?? 2)]\n".utf8
                case "button": out += "    - button \(name)\n".utf8
                case "image": out += (item.label.isEmpty ? "    - img\n" : "    - img \(name)\n").utf8
                case "link": out += "    - link \(name):\n      - /url: /items/\(item.id)\n".utf8
                case "toggle": out += "    - switch \(name)\(item.value == "1" ? " [checked]" : "")\n".utf8
                case "textField": out += "    - textbox \(name): \"\(item.value ?? "")\"\n".utf8
                default: out += "    - text: \(SnapshotJSONWriter.quoted(item.label))\n".utf8
                }
            }
        }
        return out
    }

    /// An Android `uiautomator dump` of the same screen (bounds in pixels at 3×).
    func uiautomatorXML() -> [UInt8] {
        var out: [UInt8] = []
        out += "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">".utf8
        out += node(index: 0, text: "", id: "", className: "android.widget.FrameLayout", clickable: false,
                    bounds: (0, 0, 1170, 2532), close: false).utf8
        for (s, section) in sections.enumerated() {
            out += "\n".utf8
            out += node(index: s, text: "", id: "", className: "android.widget.LinearLayout", clickable: false,
                        bounds: (0, section.y * 3, 1170, (section.y + sectionHeight(s)) * 3), close: false).utf8
            for (k, item) in section.items.enumerated() {
                let className: String
                switch item.role {
                case "button", "link": className = "android.widget.Button"
                case "image": className = "android.widget.ImageView"
                case "toggle": className = "android.widget.Switch"
                case "textField": className = "android.widget.EditText"
                default: className = "android.widget.TextView"
                }
                out += "\n".utf8
                out += node(index: k, text: item.label, id: "com.example.tea:id/\(item.id)", className: className,
                            clickable: className != "android.widget.TextView" && className != "android.widget.ImageView",
                            bounds: (item.x * 3, item.y * 3, (item.x + item.width) * 3, (item.y + item.height) * 3), close: true).utf8
            }
            out += "</node>".utf8
        }
        out += "</node></hierarchy>\n".utf8
        return out
    }

    private func node(index: Int, text: String, id: String, className: String, clickable: Bool,
                      bounds: (Int, Int, Int, Int), close: Bool) -> String {
        "<node index=\"\(index)\" text=\"\(xmlEscaped(text))\" resource-id=\"\(id)\" class=\"\(className)\" package=\"com.example.tea\" "
            + "content-desc=\"\" checkable=\"false\" checked=\"false\" clickable=\"\(clickable)\" enabled=\"true\" "
            + "focusable=\"\(clickable)\" focused=\"false\" scrollable=\"false\" long-clickable=\"false\" password=\"false\" "
            + "selected=\"false\" bounds=\"[\(bounds.0),\(bounds.1)][\(bounds.2),\(bounds.3)]\"" + (close ? " />" : ">")
    }

    private func xmlEscaped(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
