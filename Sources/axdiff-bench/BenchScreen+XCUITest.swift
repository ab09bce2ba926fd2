/// The screen as XCUITest's `debugDescription` prints it.
extension BenchScreen {
    /// XCUITest text: one element per line, indented two spaces per level,
    /// frames in points, labels quoted.
    func xcuitestText() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(stopCount * 90 + 300)
        var address = 0x1_3390_9640
        func next() -> String {
            address += 0x110
            return "0x" + String(address, radix: 16)
        }
        out += "Element subtree:\n →Application, \(next()), pid: 8869, label: '\(name)'\n".utf8
        out += "    Window (Main), \(next()), {{0.0, 0.0}, {390.0, 844.0}}\n".utf8
        for section in sections {
            out += "      Other, \(next()), {{0.0, \(section.y).0}, {390.0, 52.0}}, identifier: '\(section.id)'\n".utf8
            for item in section.items {
                let type: String
                switch item.role {
                case "heading": type = "StaticText"
                case "button": type = "Button"
                case "image": type = "Image"
                case "link": type = "Link"
                case "toggle": type = "Switch"
                case "textField": type = "TextField"
                default: type = "StaticText"
                }
                out += "        \(type), \(next()), {{\(item.x).0, \(item.y).0}, {\(item.width).0, \(item.height).0}}, identifier: '\(item.id)'".utf8
                if !item.label.isEmpty { out += ", label: '\(item.label)'".utf8 }
                if let value = item.value { out += ", value: \(value)".utf8 }
                out += "\n".utf8
            }
        }
        return out
    }
}
