#if canImport(FoundationXML)
import FoundationXML
#else
import Foundation
#endif
import Foundation

/// The XMLParser delegate behind `UIAutomatorReader`: collects every `<node>`
/// into a flat pre-order array with parent / child / sibling links, so that
/// nothing downstream needs recursion. Elements other than `<node>`
/// (`<hierarchy>`, a `<window>` wrapper) are transparent.
///
/// The first problem (a malformed document, bad bounds, too deep a tree)
/// stops the parse and is kept in `failure`.
final class UIAutomatorParser: NSObject, XMLParserDelegate {
    struct Failure {
        var line: Int
        var column: Int
        var message: String
    }

    let maxDepth: Int
    private(set) var nodes: [UIAutomatorNode] = []
    private(set) var failure: Failure?
    private(set) var sawHierarchy = false
    /// For each open element: the index of its node, or -1 for other elements.
    private var open: [Int] = []
    /// The innermost open `<node>`, or -1.
    private var currentNode = -1
    private var openNames: [String] = []

    init(maxDepth: Int) {
        self.maxDepth = maxDepth
    }

    /// Parses `data`; afterwards `failure` or `nodes` hold the outcome.
    func run(_ data: Data) {
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = self
        _ = parser.parse()
        if failure == nil, let error = parser.parserError {
            record(parser, error)
        }
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes: [String: String] = [:]) {
        guard failure == nil else { return }
        if open.count > maxDepth {
            fail(parser, "nesting deeper than \(maxDepth) levels")
            return
        }
        openNames.append(elementName)
        guard elementName == "node" else {
            if elementName == "hierarchy" { sawHierarchy = true }
            open.append(-1)
            return
        }
        var flags: UIAutomatorNode.Flags = []
        var className = "", text = "", description = "", resourceID = "", hint = ""
        var bounds: String?
        // One pass over the attributes, dispatching on the key's length and
        // first byte: much cheaper than a hash lookup per key.
        for (key, value) in attributes {
            let utf8 = key.utf8
            guard let first = utf8.first else { continue }
            switch (utf8.count, first) {
            case (5, UInt8(ascii: "c")) where key == "class": className = value
            case (4, UInt8(ascii: "t")) where key == "text": text = value
            case (12, UInt8(ascii: "c")) where key == "content-desc": description = value
            case (11, UInt8(ascii: "r")) where key == "resource-id": resourceID = value
            case (6, UInt8(ascii: "b")) where key == "bounds": bounds = value
            case (4, UInt8(ascii: "h")) where key == "hint": hint = value
            case (9, UInt8(ascii: "c")):
                if Self.isTrue(value) {
                    if key == "clickable" { flags.insert(.clickable) } else if key == "checkable" { flags.insert(.checkable) }
                }
            case (14, UInt8(ascii: "l")) where key == "long-clickable": if Self.isTrue(value) { flags.insert(.longClickable) }
            case (9, UInt8(ascii: "f")) where key == "focusable": if Self.isTrue(value) { flags.insert(.focusable) }
            case (7, UInt8(ascii: "c")) where key == "checked": if Self.isTrue(value) { flags.insert(.checked) }
            case (8, UInt8(ascii: "s")) where key == "selected": if Self.isTrue(value) { flags.insert(.selected) }
            case (10, UInt8(ascii: "s")) where key == "scrollable": if Self.isTrue(value) { flags.insert(.scrollable) }
            case (8, UInt8(ascii: "p")) where key == "password": if Self.isTrue(value) { flags.insert(.password) }
            case (7, UInt8(ascii: "f")) where key == "focused": if Self.isTrue(value) { flags.insert(.focused) }
            case (3, UInt8(ascii: "N")) where key == "NAF": if Self.isTrue(value) { flags.insert(.naf) }
            case (7, UInt8(ascii: "e")) where key == "enabled": if Self.isFalse(value) { flags.insert(.disabled) }
            case (15, UInt8(ascii: "v")) where key == "visible-to-user": if Self.isFalse(value) { flags.insert(.invisible) }
            case (25, UInt8(ascii: "i")), (27, UInt8(ascii: "i")):
                if key == "importantForAccessibility" || key == "important-for-accessibility" {
                    if value == "no" || value == "false" { flags.insert(.notImportant) }
                    if value == "noHideDescendants" { flags.insert([.notImportant, .invisible]) }
                }
            default: break
            }
        }
        var frame: Frame?
        if let bounds, !bounds.isEmpty {
            guard let parsed = UIAutomatorNode.parseBounds(bounds) else {
                let cls = className.isEmpty ? "" : " class=\"\(Self.shown(className))\""
                fail(parser, "bad bounds=\"\(Self.shown(bounds))\" on <node\(cls)>: expected \"[x1,y1][x2,y2]\" in whole pixels")
                return
            }
            frame = parsed
        }
        let index = nodes.count
        var node = UIAutomatorNode(
            className: className,
            text: UIAutomatorNode.clean(text),
            contentDescription: UIAutomatorNode.clean(description),
            resourceID: resourceID,
            hint: UIAutomatorNode.clean(hint),
            flags: flags, frame: frame, line: parser.lineNumber, parent: currentNode)
        if currentNode >= 0 {
            if nodes[currentNode].lastChild >= 0 {
                nodes[nodes[currentNode].lastChild].nextSibling = index
            } else {
                nodes[currentNode].firstChild = index
            }
            nodes[currentNode].lastChild = index
        }
        node.nextSibling = -1
        nodes.append(node)
        open.append(index)
        currentNode = index
    }

    /// An attribute value quoted in a message: at most 60 characters, control
    /// characters (`&#10;` is a line break) escaped, so the message stays one line.
    static func shown(_ value: String) -> String {
        var out = ""
        for (n, scalar) in value.unicodeScalars.enumerated() {
            if n == 60 { out += "…"; break }
            switch scalar.value {
            case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func isTrue(_ value: String) -> Bool {
        value.utf8.count == 4 && value.utf8.first == UInt8(ascii: "t") && value == "true"
    }

    static func isFalse(_ value: String) -> Bool {
        value.utf8.count == 5 && value.utf8.first == UInt8(ascii: "f") && value == "false"
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard failure == nil, let index = open.popLast() else { return }
        openNames.removeLast()
        if index >= 0 { currentNode = nodes[index].parent }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        record(parser, parseError)
    }

    func parser(_ parser: XMLParser, validationErrorOccurred validationError: Error) {
        record(parser, validationError)
    }

    private func fail(_ parser: XMLParser, _ message: String) {
        guard failure == nil else { return }
        failure = Failure(line: parser.lineNumber, column: parser.columnNumber, message: message)
        parser.abortParsing()
    }

    private func record(_ parser: XMLParser, _ error: Error) {
        guard failure == nil else { return }
        let code = (error as NSError).code
        fail(parser, "XML is not well-formed: " + describe(code))
    }

    /// libxml2's error numbers, which XMLParser passes through on Linux.
    private func describe(_ code: Int) -> String {
        switch code {
        case 4: return "the document is empty"
        case 5:
            if let name = openNames.last { return "the document ends before <\(Self.shown(name))> is closed, or has content after its root element" }
            return "content after the end of the root element"
        case 9: return "a character that XML does not allow"
        case 26, 27: return "an undefined entity (write & as &amp;)"
        case 38: return "'<' inside an attribute value (write it as &lt;)"
        case 39: return "an attribute value without quotes"
        case 40: return "an attribute value is not closed, or is longer than the XML parser's 10,000,000-byte limit"
        case 41: return "an attribute without a value"
        case 42: return "an attribute appears twice on one element"
        case 73: return "expected '>' to end the tag"
        case 76:
            if let name = openNames.last { return "the closing tag does not match <\(Self.shown(name))>" }
            return "a closing tag does not match the open element"
        case 77: return "the document ends inside a tag"
        default: return "parser error \(code)"
        }
    }
}
