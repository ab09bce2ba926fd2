import CLibxml2

/// libxml2's SAX2 push parser behind `UIAutomatorReader`: collects every
/// `<node>` into a flat pre-order array with parent / child / sibling links,
/// so that nothing downstream needs recursion. Elements other than `<node>`
/// (`<hierarchy>`, a `<window>` wrapper) are transparent.
///
/// Attributes are read where libxml2 leaves them, as byte ranges: no
/// dictionary and no `String` per attribute (`State.start`).
///
/// libxml2 is driven exactly as FoundationXML's `XMLParser(stream:)` drove it
/// before, so that every document reads, and every error is worded and placed,
/// as it was (`UIAutomatorOracleTests` holds the two to each other): a push
/// parser created on the first 4 bytes, options `XML_PARSE_RECOVER |
/// XML_PARSE_NOENT` (plus `XML_PARSE_NONET`), the rest fed in 128 KB chunks,
/// and every error and warning reported, the first one ending the parse.
/// `XML_PARSE_NOENT` expands nothing here, since `UIAutomatorReader` refuses
/// `<!DOCTYPE` and `<!ENTITY` first; libxml2 2.9 needs it to hand over `&amp;`
/// in an attribute as `&` rather than `&#38;`.
///
/// The first problem (a malformed document, bad bounds, too deep a tree)
/// stops the parse and is kept in `failure`. One parser reads one document;
/// parsers on several threads share nothing.
final class UIAutomatorParser {
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
        /// Each distinct `class` value once (`UIAutomatorNode.classIndex`).
        var classes = UIAutomatorClassTable()
        var failure: Failure?
        var sawHierarchy = false
        /// The open elements by depth, outermost first, written as each one
        /// starts: the innermost `<node>` at or above it (-1 for none), and
        /// its name for the errors that name one. libxml2 counts the open
        /// elements (`nameNr`), so no end callback keeps this: entries at or
        /// past that count are elements already closed. The name's bytes are
        /// libxml2's (its dictionary of names): valid while the parse runs.
        var open: [(innermost: Int, name: ElementName)] = []
        var attributeNames = UIAutomatorAttributeNames()
    }

    /// An element's name as libxml2 hands it over, `prefix:localname`.
    struct ElementName {
        var prefix: UnsafePointer<UInt8>?
        var localname: UnsafePointer<UInt8>

        var string: String {
            let local = String(cString: localname)
            guard let prefix else { return local }
            return String(cString: prefix) + ":" + local
        }
    }

    let maxDepth: Int
    private var state = State()
    /// The parser context while `run` parses; nil while libxml2 creates it.
    private var context: xmlParserCtxtPtr?

    var nodes: [UIAutomatorNode] { state.nodes }
    var strings: UIAutomatorStrings { state.strings }
    var classes: [String] { state.classes.names }
    var failure: Failure? { state.failure }
    var sawHierarchy: Bool { state.sawHierarchy }

    init(maxDepth: Int) {
        self.maxDepth = maxDepth
    }

    /// libxml2's `XML_MAX_HUGE_LENGTH`: the most bytes of one tag or text it
    /// reads with its huge option, which `run` sets.
    static let hugeLimit = 1_000_000_000
    /// The document is larger than `hugeLimit`: only then can libxml2's
    /// error 1 be that limit.
    private var isLarge = false

    /// How much of the document each `xmlParseChunk` gets: `XMLParser`'s
    /// chunk. Where a chunk ends decides where libxml2 notices some errors
    /// (an unterminated tag is seen when no more input comes), so it stays
    /// the size that placed today's messages.
    static let chunkSize = 131_072

    /// `XMLParser`'s options, `XML_PARSE_RECOVER | XML_PARSE_NOENT` (see
    /// above), with `XML_PARSE_NONET` and `XML_PARSE_HUGE` (`run`).
    static let options = Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NOENT.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue)

    /// Parses `bytes`, which must stay valid until it returns; afterwards
    /// `failure` or `nodes` hold the outcome.
    ///
    /// libxml2 reads with its huge option (`XML_PARSE_HUGE`): without it, one
    /// tag or text over 10,000,000 bytes was refused, in a dump well within
    /// `maxSnapshotBytes`, which the other formats read. axdiff's own limits
    /// bound the document instead: `maxSnapshotBytes` (at most 1 GiB) its
    /// size, `maxSnapshotElements` its nodes, `UIAutomatorReader.maxDepth`
    /// its nesting; and the reader refuses `<!DOCTYPE` and `<!ENTITY` before
    /// libxml2 sees them, so nothing the option allows can expand. Only a
    /// document over a gigabyte can hold a tag past libxml2's own limit then
    /// (`describe` names it). A document under 4 bytes is never parsed, as
    /// `XMLParser` never started one; `UIAutomatorReader` then finds no
    /// `<hierarchy>`.
    ///
    /// - Complexity: O(n), where n is the number of bytes.
    func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        isLarge = bytes.count > Self.hugeLimit
        guard bytes.count >= 4, let base = bytes.baseAddress else { return }
        Libxml2.initialize()
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { data, localname, prefix, _, _, _, attributeCount, _, attributes in
            guard let data, let localname else { return }
            Unmanaged<UIAutomatorParser>.fromOpaque(data).takeUnretainedValue()
                .startElement(ElementName(prefix: prefix, localname: localname), attributeCount: Int(attributeCount), attributes: attributes)
        }
        handler.serror = Self.reportError
        let me = Unmanaged.passUnretained(self).toOpaque()
        // Errors raised without the context (libxml2's encoding layer) go to
        // the thread's structured handler; XMLParser set it the same way.
        xmlSetStructuredErrorFunc(me, Self.reportError)
        defer { xmlSetStructuredErrorFunc(nil, nil) }

        let ctxt = UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: 4) {
            xmlCreatePushParserCtxt(&handler, me, $0, 4, nil)
        }
        guard let ctxt else {
            record(2) // XMLParser's outOfMemoryError
            return
        }
        context = ctxt
        // A dump's `<node>` takes 300 bytes or more (its seventeen
        // attributes): room for them all, where growing the array copied it
        // a dozen times.
        state.nodes.reserveCapacity(bytes.count / 256)
        // Its text, content-desc, resource-id and hint are some tenth of
        // it: room for them, where growing the buffer copied it a dozen times.
        state.strings.reserveCapacity(bytes.count / 8)
        defer {
            state.open.removeAll()
            state.attributeNames = UIAutomatorAttributeNames()
            context = nil
            xmlFreeParserCtxt(ctxt)
        }
        xmlCtxtUseOptions(ctxt, Self.options)
        var offset = 4
        var end = min(bytes.count, Self.chunkSize)
        var result: Int32 = 0
        while true {
            result = UnsafeRawPointer(base + offset).withMemoryRebound(to: CChar.self, capacity: end - offset) {
                xmlParseChunk(ctxt, $0, Int32(end - offset), 0)
            }
            guard result == 0 else { break }
            offset = end
            guard offset < bytes.count else {
                result = xmlParseChunk(ctxt, nil, 0, 1)
                break
            }
            end = min(bytes.count, offset + Self.chunkSize)
        }
        if result != 0 { record(Int(result)) }
    }

    /// libxml2's structured error handler: `data` is the parser.
    private static let reportError: xmlStructuredErrorFunc = { data, error in
        guard let data, let error else { return }
        Unmanaged<UIAutomatorParser>.fromOpaque(data).takeUnretainedValue().record(Int(error.pointee.code))
    }

    private func startElement(_ name: ElementName, attributeCount: Int,
                              attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard let context else { return }
        if let message = state.start(name, depth: Int(context.pointee.nameNr), attributeCount: attributeCount,
                                     attributes: attributes, maxDepth: maxDepth, context: context) {
            fail(message)
        }
    }

    /// The name of the innermost open element, as libxml2 counts them.
    private var innermostOpenName: String? {
        guard let context else { return nil }
        let depth = Int(context.pointee.nameNr)
        guard depth > 0, depth <= state.open.count else { return nil }
        return state.open[depth - 1].name.string
    }

    /// Where libxml2 is: `XMLParser`'s `lineNumber` and `columnNumber`, 0
    /// before the context exists.
    private var position: (line: Int, column: Int) {
        guard let context else { return (0, 0) }
        return (Int(xmlSAX2GetLineNumber(context)), Int(xmlSAX2GetColumnNumber(context)))
    }

    private func fail(_ message: String) {
        guard state.failure == nil else { return }
        let (line, column) = position
        state.failure = Failure(line: line, column: column, message: message)
        if let context { xmlStopParser(context) }
    }

    private func record(_ code: Int) {
        guard state.failure == nil else { return }
        fail("XML is not well-formed: " + describe(code))
    }

    /// libxml2's error numbers (`xmlParserErrors`).
    private func describe(_ code: Int) -> String {
        switch code {
        case 1 where isLarge: return "one tag or text longer than the XML parser's 1,000,000,000-byte limit"
        case 4: return "the document is empty"
        case 5:
            if let name = innermostOpenName { return "the document ends before <\(Self.shown(name))> is closed, or has content after its root element" }
            return "content after the end of the root element"
        case 9: return "a character that XML does not allow"
        case 26, 27: return "an undefined entity (write & as &amp;)"
        case 38: return "'<' inside an attribute value (write it as &lt;)"
        case 39: return "an attribute value without quotes"
        case 40 where isLarge: return "an attribute value is not closed, or is longer than the XML parser's 1,000,000,000-byte limit"
        case 40: return "an attribute value is not closed"
        case 41: return "an attribute without a value"
        case 42: return "an attribute appears twice on one element"
        case 73: return "expected '>' to end the tag"
        case 76:
            if let name = innermostOpenName { return "the closing tag does not match <\(Self.shown(name))>" }
            return "a closing tag does not match the open element"
        case 77: return "the document ends inside a tag"
        default: return "parser error \(code)"
        }
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
}
