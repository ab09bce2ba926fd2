// The uiautomator reader as it was before it drove libxml2 itself: through
// FoundationXML's XMLParser, which hands each element's attributes over as a
// dictionary of strings. Kept as the oracle of `UIAutomatorOracleTests`: the
// new reader must give the same snapshots and the same errors.
@testable import AXSnapshot
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
final class XMLParserUIAutomatorParser: NSObject, XMLParserDelegate {
    struct Failure {
        var line: Int
        var column: Int
        var message: String
    }

    /// Everything the parse collects. One struct, so that a callback makes
    /// one access to the object's state: each access to a stored property of
    /// a class is checked for exclusivity at run time, and the checks of a
    /// property-per-field layout were a noticeable cost per element.
    struct State {
        var nodes: [UIAutomatorNode] = []
        /// The nodes' text, content-desc, resource-id and hint.
        var strings = UIAutomatorStrings()
        /// Each distinct `class` value once, in order of first appearance
        /// (`UIAutomatorNode.classIndex`): a dump has a few dozen.
        var classes: [String] = []
        var classIndex: [String: Int] = [:]
        var failure: Failure?
        var sawHierarchy = false
        /// For each open element: the index of its node, or -1 for other elements.
        var open: [Int] = []
        /// The innermost open `<node>`, or -1.
        var currentNode = -1
        var openNames: [String] = []
    }

    let maxDepth: Int
    private var state = State()

    var nodes: [UIAutomatorNode] { state.nodes }
    var strings: UIAutomatorStrings { state.strings }
    var classes: [String] { state.classes }
    var failure: Failure? { state.failure }
    var sawHierarchy: Bool { state.sawHierarchy }

    init(maxDepth: Int) {
        self.maxDepth = maxDepth
    }

    /// libxml2's `XML_MAX_LOOKUP_LIMIT`: the most bytes it buffers for one
    /// construct without its huge option.
    static let lookupLimit = 10_000_000
    /// The document is larger than `lookupLimit`: only then can libxml2's
    /// error 1 be that limit.
    private var isLarge = false

    /// Parses `bytes`, which must stay valid until it returns; afterwards
    /// `failure` or `nodes` hold the outcome.
    ///
    /// The document is always fed in chunks from the caller's buffer
    /// (`XMLParserInputStream` says why). Chunks also keep libxml2 within
    /// its 10,000,000-byte lookup limit (`XML_MAX_LOOKUP_LIMIT`) on a larger
    /// document: given more than that in one piece, libxml2 without its huge
    /// option, which XMLParser cannot set, stops with "Huge input lookup"
    /// although every construct is small. Fed in chunks it only buffers the
    /// construct it is reading, so any dump within `maxSnapshotBytes` and
    /// `maxSnapshotElements` reads; what it still refuses is one tag or text
    /// over 10,000,000 bytes (`describe` names that).
    func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        isLarge = bytes.count > Self.lookupLimit
        #if canImport(FoundationXML)
        let parser = XMLParser(stream: XMLParserInputStream(bytes))
        #else
        let parser = XMLParser(data: Data(buffer: bytes))
        #endif
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = self
        _ = parser.parse()
        if state.failure == nil, let error = parser.parserError {
            record(parser, error)
        }
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes: [String: String] = [:]) {
        if let message = state.start(elementName, attributes: attributes, maxDepth: maxDepth, parser: parser) {
            fail(parser, message)
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        state.end()
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
        value.utf8.count == 4 && value == "true"
    }

    static func isFalse(_ value: String) -> Bool {
        value.utf8.count == 5 && value == "false"
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        record(parser, parseError)
    }

    func parser(_ parser: XMLParser, validationErrorOccurred validationError: Error) {
        record(parser, validationError)
    }

    private func fail(_ parser: XMLParser, _ message: String) {
        guard state.failure == nil else { return }
        state.failure = Failure(line: parser.lineNumber, column: parser.columnNumber, message: message)
        parser.abortParsing()
    }

    private func record(_ parser: XMLParser, _ error: Error) {
        guard state.failure == nil else { return }
        let code = (error as NSError).code
        fail(parser, "XML is not well-formed: " + describe(code))
    }

    /// libxml2's error numbers, which XMLParser passes through on Linux.
    private func describe(_ code: Int) -> String {
        switch code {
        case 1 where isLarge: return "one tag or text longer than the XML parser's 10,000,000-byte limit"
        case 4: return "the document is empty"
        case 5:
            if let name = state.openNames.last { return "the document ends before <\(Self.shown(name))> is closed, or has content after its root element" }
            return "content after the end of the root element"
        case 9: return "a character that XML does not allow"
        case 26, 27: return "an undefined entity (write & as &amp;)"
        case 38: return "'<' inside an attribute value (write it as &lt;)"
        case 39: return "an attribute value without quotes"
        case 40 where isLarge: return "an attribute value is not closed, or is longer than the XML parser's 10,000,000-byte limit"
        case 40: return "an attribute value is not closed"
        case 41: return "an attribute without a value"
        case 42: return "an attribute appears twice on one element"
        case 73: return "expected '>' to end the tag"
        case 76:
            if let name = state.openNames.last { return "the closing tag does not match <\(Self.shown(name))>" }
            return "a closing tag does not match the open element"
        case 77: return "the document ends inside a tag"
        default: return "parser error \(code)"
        }
    }
}

extension XMLParserUIAutomatorParser.State {
    /// An element opens: a `<node>` becomes the next `UIAutomatorNode`.
    /// Returns what is wrong, if anything.
    mutating func start(_ elementName: String, attributes: [String: String], maxDepth: Int, parser: XMLParser) -> String? {
        guard failure == nil else { return nil }
        if open.count > maxDepth {
            return "nesting deeper than \(maxDepth) levels"
        }
        openNames.append(elementName)
        guard elementName == "node" else {
            if elementName == "hierarchy" { sawHierarchy = true }
            open.append(-1)
            return nil
        }
        var flags: UIAutomatorNode.Flags = []
        var className = ""
        var text = UIAutomatorStrings.Ref.empty, description = UIAutomatorStrings.Ref.empty
        var resourceID = UIAutomatorStrings.Ref.empty, hint = UIAutomatorStrings.Ref.empty
        var bounds: String?
        // One pass over the attributes, dispatching on the key's length and
        // first byte: much cheaper than a hash lookup per key. (Subscripting
        // at `startIndex` inlines; `first` was a call per attribute.)
        for (key, value) in attributes {
            let utf8 = key.utf8
            guard !utf8.isEmpty else { continue }
            switch (utf8.count, utf8[utf8.startIndex]) {
            case (5, UInt8(ascii: "c")) where key == "class": className = value
            case (4, UInt8(ascii: "t")) where key == "text": text = strings.appendString(value, cleaning: true)
            case (12, UInt8(ascii: "c")) where key == "content-desc": description = strings.appendString(value, cleaning: true)
            case (11, UInt8(ascii: "r")) where key == "resource-id": resourceID = strings.appendString(value, cleaning: false)
            case (6, UInt8(ascii: "b")) where key == "bounds": bounds = value
            case (4, UInt8(ascii: "h")) where key == "hint": hint = strings.appendString(value, cleaning: true)
            case (9, UInt8(ascii: "c")):
                if XMLParserUIAutomatorParser.isTrue(value) {
                    if key == "clickable" { flags.insert(.clickable) } else if key == "checkable" { flags.insert(.checkable) }
                }
            case (14, UInt8(ascii: "l")) where key == "long-clickable": if XMLParserUIAutomatorParser.isTrue(value) { flags.insert(.longClickable) }
            case (9, UInt8(ascii: "f")) where key == "focusable": if XMLParserUIAutomatorParser.isTrue(value) { flags.insert(.focusable) }
            case (7, UInt8(ascii: "c")) where key == "checked": if XMLParserUIAutomatorParser.isTrue(value) { flags.insert(.checked) }
            case (8, UInt8(ascii: "s")) where key == "selected": if XMLParserUIAutomatorParser.isTrue(value) { flags.insert(.selected) }
            case (10, UInt8(ascii: "s")) where key == "scrollable": if XMLParserUIAutomatorParser.isTrue(value) { flags.insert(.scrollable) }
            case (8, UInt8(ascii: "p")) where key == "password": if XMLParserUIAutomatorParser.isTrue(value) { flags.insert(.password) }
            case (7, UInt8(ascii: "f")) where key == "focused": if XMLParserUIAutomatorParser.isTrue(value) { flags.insert(.focused) }
            case (3, UInt8(ascii: "N")) where key == "NAF": if XMLParserUIAutomatorParser.isTrue(value) { flags.insert(.naf) }
            case (7, UInt8(ascii: "e")) where key == "enabled": if XMLParserUIAutomatorParser.isFalse(value) { flags.insert(.disabled) }
            case (15, UInt8(ascii: "v")) where key == "visible-to-user": if XMLParserUIAutomatorParser.isFalse(value) { flags.insert(.invisible) }
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
                let cls = className.isEmpty ? "" : " class=\"\(XMLParserUIAutomatorParser.shown(className))\""
                return "bad bounds=\"\(XMLParserUIAutomatorParser.shown(bounds))\" on <node\(cls)>: expected \"[x1,y1][x2,y2]\" in whole pixels"
            }
            frame = parsed
        }
        let classNumber: Int
        if let known = classIndex[className] {
            classNumber = known
        } else {
            classNumber = classes.count
            classes.append(className)
            classIndex[className] = classNumber
        }
        let index = nodes.count
        nodes.append(UIAutomatorNode(
            classIndex: classNumber, text: text, contentDescription: description, resourceID: resourceID, hint: hint,
            flags: flags, frame: frame, line: parser.lineNumber, parent: currentNode))
        open.append(index)
        currentNode = index
        return nil
    }

    /// An element closes.
    mutating func end() {
        guard failure == nil, let index = open.popLast() else { return }
        openNames.removeLast()
        if index >= 0 { currentNode = nodes[index].parent }
    }
}

#if canImport(FoundationXML)
/// An `InputStream` over bytes it borrows, for `XMLParser(stream:)`: the
/// parser reads a dump in 128 KB chunks straight from the caller's buffer.
///
/// Why not `XMLParser(data:)`: given a `Data`, FoundationXML copies all of it
/// (minus the first 4 bytes) and libxml2 buffers all of it again; an
/// `InputStream(data:)` makes its own copy too. For a 3.6 MB dump those
/// were megabytes of memory allocated afresh, and faulted in page by page, on
/// every read. Fed in chunks, libxml2's push parser keeps only the unparsed
/// part and reports the same events and errors.
///
/// The bytes must stay valid while the stream is read: `XMLParserUIAutomatorParser`
/// creates it, and the XMLParser that reads it, inside the caller's
/// `withUTF8` / `withUnsafeBufferPointer`.
final class XMLParserInputStream: InputStream {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private var status: Stream.Status = .notOpen

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // The designated initializer needs a source; the empty one is never read.
        super.init(data: Data())
    }

    override func open() { status = .open }
    override func close() { status = .closed }
    override var streamStatus: Stream.Status { status }
    override var streamError: Error? { nil }
    override var hasBytesAvailable: Bool { offset < bytes.count }

    /// Copies up to `len` of the remaining bytes into `buffer`; 0 at the end.
    ///
    /// - Complexity: O(`len`).
    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength len: Int) -> Int {
        let count = min(max(len, 0), bytes.count - offset)
        guard count > 0, let base = bytes.baseAddress else {
            status = .atEnd
            return 0
        }
        buffer.update(from: base + offset, count: count)
        offset += count
        return count
    }

    override func getBuffer(_ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
                            length len: UnsafeMutablePointer<Int>) -> Bool {
        false
    }

    override func property(forKey key: Stream.PropertyKey) -> AnyObject? { nil }
    override func setProperty(_ property: AnyObject?, forKey key: Stream.PropertyKey) -> Bool { false }
    override func schedule(in aRunLoop: RunLoop, forMode mode: RunLoop.Mode) {}
    override func remove(from aRunLoop: RunLoop, forMode mode: RunLoop.Mode) {}
}
#endif

extension UIAutomatorStrings {
    /// The old reader's `append`, which took the `String` XMLParser made.
    mutating func appendString(_ value: String, cleaning: Bool) -> Ref {
        var value = value
        return value.withUTF8 { append($0, cleaning: cleaning) }
    }
}

/// `UIAutomatorReader.read` with the old parser: the same checks before it,
/// and the model built after it as the reader built it then.
enum XMLParserUIAutomatorReader {
    static func read(_ bytes: [UInt8], file: String, screen: String) throws -> Snapshot {
        try bytes.withUnsafeBufferPointer { buffer in
            try UIAutomatorReader.refuseUnsafeInput(buffer, file: file)
            let parser = XMLParserUIAutomatorParser(maxDepth: UIAutomatorReader.maxDepth)
            parser.run(buffer)
            if let f = parser.failure {
                throw SnapshotError(file: file, line: f.line, column: f.column, message: f.message)
            }
            return try snapshot(nodes: parser.nodes, classes: parser.classes, strings: parser.strings,
                                sawHierarchy: parser.sawHierarchy, file: file, screen: screen)
        }
    }
}
