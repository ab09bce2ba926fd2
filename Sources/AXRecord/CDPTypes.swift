/// The parts of DevTools replies and events that `record` reads. Fields it
/// does not use are not declared, so a newer Chromium that adds fields still
/// decodes. The two large replies (the accessibility tree and the DOM
/// snapshot, megabytes for a big page) are read from `JSONParser`'s values
/// (`CDPTypes+JSON.swift`): Foundation's `JSONDecoder` took ten times as long.
enum CDP {
    struct TargetCreated: Decodable { var targetId: String }
    struct Attached: Decodable { var sessionId: String }

    struct Navigated: Decodable {
        var frameId: String
        var loaderId: String?
        var errorText: String?
    }

    struct FrameEvent: Decodable { var frameId: String }
    struct LoadEvent: Decodable {}

    /// `Network.responseReceived`: the status of the page's own document.
    struct ResponseReceived: Decodable {
        var loaderId: String
        var type: String?
        var frameId: String?
        var response: Response
        struct Response: Decodable {
            var url: String
            var status: Int
            var statusText: String?
        }
    }

    /// `Fetch.requestPaused`: a request the page makes, held until answered.
    struct RequestPaused: Decodable {
        var requestId: String
        var request: Request
        struct Request: Decodable { var url: String }
    }

    struct Evaluated: Decodable {
        var result: RemoteObject
        var exceptionDetails: ExceptionDetails?
        struct RemoteObject: Decodable {
            var type: String
            var value: Value?
        }
        struct ExceptionDetails: Decodable { var text: String }
    }

    struct FullAXTree { var nodes: [AXNode] }

    /// One node of `Accessibility.getFullAXTree`.
    struct AXNode {
        var nodeId: String
        var ignored: Bool
        var role: AXValue?
        var name: AXValue?
        var value: AXValue?
        var description: AXValue?
        var properties: [AXProperty]?
        var childIds: [String]?
        var backendDOMNodeId: Int?
    }

    struct AXProperty {
        var name: String
        var value: AXValue
    }

    struct AXValue {
        var value: Value?
    }

    /// A JSON scalar as DevTools sends it in AX values and evaluation results
    /// (node lists and objects are not needed and read as `.other`).
    enum Value: Decodable, Equatable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case other

        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let b = try? c.decode(Bool.self) {
                self = .bool(b)
            } else if let d = try? c.decode(Double.self) {
                self = .number(d)
            } else if let s = try? c.decode(String.self) {
                self = .string(s)
            } else {
                self = .other
            }
        }

        /// The value as text: strings as they are, whole numbers without a fraction.
        var text: String? {
            switch self {
            case .string(let s): return s
            case .number(let d):
                if d.rounded() == d, abs(d) < 1e15 { return String(Int(d)) }
                return String(d)
            case .bool(let b): return b ? "true" : "false"
            case .other: return nil
            }
        }
    }

    /// `DOMSnapshot.captureSnapshot`: the document's nodes as parallel
    /// arrays, strings as indexes into `strings`.
    struct DOMSnapshot {
        var documents: [Document]
        var strings: [String]

        struct Document {
            var nodes: Nodes
            var layout: Layout
        }

        struct Nodes {
            var parentIndex: [Int]?
            var nodeName: [Int]?
            var backendNodeId: [Int]?
            /// Per node: name, value, name, value… (string indexes).
            var attributes: [[Int]]?
        }

        struct Layout {
            var nodeIndex: [Int]
            /// Per layout object: computed styles in the order requested.
            var styles: [[Int]]
            /// Per layout object: x, y, width, height in CSS px.
            var bounds: [[Double]]
        }
    }
}
