import CLibxml2

/// What libxml2 needs once per process.
package enum Libxml2 {
    /// `xmlInitParser` before the first parser: libxml2 2.9 sets up its
    /// globals there, and wants that done before threads parse at once.
    /// FoundationXML calls it too; a second call does nothing.
    private static let initialized: Void = xmlInitParser()

    static func initialize() {
        _ = initialized
    }
}

extension Libxml2 {
    /// libxml2's own SAX parse of `bytes`, callbacks empty, driven as
    /// `UIAutomatorParser.run` drives it (push parser, the same options and
    /// chunks): what the uiautomator reader costs on top of libxml2 is the
    /// difference (`axdiff-bench`, parse.xml.libxml2). Returns libxml2's
    /// result, 0 for a well-formed document.
    package static func saxParse(_ bytes: [UInt8]) -> Int {
        initialize()
        return bytes.withUnsafeBufferPointer { bytes -> Int in
            guard bytes.count >= 4, let base = bytes.baseAddress else { return 0 }
            var handler = xmlSAXHandler()
            handler.initialized = UInt32(XML_SAX2_MAGIC)
            handler.startElementNs = { _, _, _, _, _, _, _, _, _ in }
            handler.endElementNs = { _, _, _, _ in }
            handler.serror = { _, _ in }
            let ctxt = UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: 4) {
                xmlCreatePushParserCtxt(&handler, nil, $0, 4, nil)
            }
            guard let ctxt else { return -1 }
            defer { xmlFreeParserCtxt(ctxt) }
            xmlCtxtUseOptions(ctxt, UIAutomatorParser.options)
            var offset = 4
            while offset < bytes.count {
                let end = min(bytes.count, offset == 4 ? UIAutomatorParser.chunkSize : offset + UIAutomatorParser.chunkSize)
                let result = UnsafeRawPointer(base + offset).withMemoryRebound(to: CChar.self, capacity: end - offset) {
                    xmlParseChunk(ctxt, $0, Int32(end - offset), 0)
                }
                guard result == 0 else { return Int(result) }
                offset = end
            }
            return Int(xmlParseChunk(ctxt, nil, 0, 1))
        }
    }
}
