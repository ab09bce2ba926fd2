#if canImport(FoundationXML)
import FoundationXML
#else
import Foundation
#endif
import Foundation

/// Reads Android `uiautomator dump` XML (DESIGN §3.4):
/// `<hierarchy><node class=… text=… content-desc=… resource-id=…
/// bounds="[x1,y1][x2,y2]" clickable=… …>`.
///
/// The label is the content description, else the text; the id is the
/// resource-id; the role comes from the class (a clickable layout or view is a
/// button); the frame is the bounds in pixels.
///
/// What is a stop follows TalkBack's focus rules:
/// - an actionable node (clickable, long-clickable, focusable or checkable)
///   is one stop when it has text or a description, is checkable, has no
///   children, or has non-actionable descendants with text — which it speaks
///   (`Snapshot.stops` combines them when it has no label of its own);
/// - actionable descendants of such a stop are stops of their own, read
///   after it: the reader lifts them out into a container that holds the
///   stop first and them after (a card's Like / Share buttons);
/// - a non-actionable node with text is a text stop;
/// - scroll containers (lists, scroll views, pagers) are focusable for
///   scrolling but are never read as one stop: their items are;
/// - nothing else is a stop: `NAF` nodes without text are containers (an
///   `NAF` control is an unlabelled stop); an `importantForAccessibility="no"`
///   node is not exposed to TalkBack, so it is never a stop and says nothing
///   (its children still count); `noHideDescendants` hides the whole subtree;
///   `visible-to-user="false"` nodes are hidden.
///
/// `<!DOCTYPE` and entity declarations are refused before parsing, so an
/// entity-expansion bomb never reaches the XML parser.
public enum UIAutomatorReader: SnapshotFormatReader {
    public static let format = SnapshotFormat.uiautomator

    /// Nodes nested deeper than this are refused with an error.
    public static let maxDepth = 1000

    public static func sniff(_ text: Substring) -> Bool {
        text.hasPrefix("<?xml") || text.hasPrefix("<hierarchy")
    }

    public static func read(_ text: String, file: String, screen: String) throws -> Snapshot {
        var text = text
        let data = text.withUTF8 { Data($0) }
        if let (line, column, what) = findDeclaration(data) {
            throw SnapshotError(file: file, line: line, column: column,
                                message: "\(what) declarations are not accepted in a uiautomator dump (entities can expand to gigabytes, \"billion laughs\"); uiautomator never writes them")
        }
        let parser = UIAutomatorParser(maxDepth: maxDepth)
        parser.run(data)
        if let f = parser.failure {
            throw SnapshotError(file: file, line: f.line, column: f.column, message: f.message)
        }
        guard parser.sawHierarchy || !parser.nodes.isEmpty else {
            throw SnapshotError(file: file, line: 1, column: 1, message: "not a uiautomator dump: expected a <hierarchy> of <node> elements")
        }
        return Snapshot(screen: screen, platform: .android, elements: build(parser.nodes), format: .uiautomator)
    }

    /// The first `<!DOCTYPE` or `<!ENTITY` in the document, with its line and column.
    static func findDeclaration(_ data: Data) -> (Int, Int, String)? {
        let doctype = Array("DOCTYPE".utf8), entity = Array("ENTITY".utf8)
        return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> (Int, Int, String)? in
            let bytes = raw.bindMemory(to: UInt8.self)
            let n = bytes.count
            func matches(_ word: [UInt8], at k: Int) -> Bool {
                guard k + word.count <= n else { return false }
                for (j, w) in word.enumerated() where bytes[k + j] & 0xDF != w { return false }
                return true
            }
            guard let base = bytes.baseAddress else { return nil }
            // '!' is rare in a dump: jump from one to the next with memchr.
            var i = 1
            while i < n, let hit = memchr(base + i, Int32(UInt8(ascii: "!")), n - i) {
                let k = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if bytes[k - 1] == UInt8(ascii: "<") {
                    let what = matches(doctype, at: k + 1) ? "DOCTYPE" : (matches(entity, at: k + 1) ? "ENTITY" : nil)
                    if let what {
                        var line = 1
                        var lineStart = 0
                        for j in 0..<(k - 1) where bytes[j] == 0x0A {
                            line += 1
                            lineStart = j + 1
                        }
                        return (line, k - 1 - lineStart + 1, what)
                    }
                }
                i = k + 1
            }
            return nil
        }
    }

    // MARK: - Stops and tree

    /// Builds the model tree from the flat pre-order node array, deciding the
    /// stops by TalkBack's rules. Four linear passes, no recursion.
    static func build(_ raw: [UIAutomatorNode]) -> [Node] {
        let n = raw.count
        guard n > 0 else { return [] }
        var kindCache: [String: UIAutomatorNode.Kind] = [:]
        var kinds: [UIAutomatorNode.Kind] = []
        kinds.reserveCapacity(n)
        for node in raw {
            if let k = kindCache[node.className] {
                kinds.append(k)
            } else {
                let k = UIAutomatorNode.Kind(className: node.className)
                kindCache[node.className] = k
                kinds.append(k)
            }
        }

        // Pass 1, children before parents (higher pre-order index first):
        // actionable, speaking (TalkBack's isSpeakingNode) and candidate stops.
        var actionable = [Bool](repeating: false, count: n)
        var speakingChild = [Bool](repeating: false, count: n)
        var candidate = [Bool](repeating: false, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            let node = raw[i]
            let kind = kinds[i]
            let hidden = node.flags.contains(.invisible)
            let scroll = kind.isScrollContainer || node.flags.contains(.scrollable)
            let ownText = node.hasOwnText(kind)
            let exposed = !hidden && !node.flags.contains(.notImportant)
            let act = !scroll && exposed
                && !node.flags.isDisjoint(with: [.clickable, .longClickable, .focusable, .checkable])
            actionable[i] = act
            let speaking = ownText || (exposed && node.flags.contains(.checkable)) || speakingChild[i]
            if hidden || scroll {
                candidate[i] = false
            } else if act {
                candidate[i] = node.firstChild < 0 || speaking
            } else {
                candidate[i] = ownText
            }
            if node.parent >= 0, !act, !hidden, speaking {
                speakingChild[node.parent] = true
            }
        }

        // Pass 2, parents first: who owns each node's speech, and which
        // actionable nodes inside a stop are lifted out after it.
        var owner = [Int](repeating: -1, count: n)
        var lifted = [Bool](repeating: false, count: n)
        var isStop = [Bool](repeating: false, count: n)
        var liftedInto: [Int: [Int]] = [:]
        for i in 0..<n {
            let p = raw[i].parent
            if p >= 0 {
                let context = isStop[p] ? p : owner[p]
                if context >= 0 {
                    if actionable[i] {
                        lifted[i] = true
                        liftedInto[context, default: []].append(i)
                    } else {
                        owner[i] = context
                    }
                }
            }
            isStop[i] = candidate[i] && owner[i] < 0
        }

        // Pass 3, children before parents: the nodes.
        var built = [Node?](repeating: nil, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            var children: [Node] = []
            var c = raw[i].firstChild
            while c >= 0 {
                if !lifted[c], let child = built[c].take() {
                    children.append(child)
                }
                c = raw[c].nextSibling
            }
            var node = makeNode(raw[i], kind: kinds[i], inner: owner[i] >= 0, stop: isStop[i])
            node.children = children
            if isStop[i], let more = liftedInto[i] {
                var group = [node]
                group.reserveCapacity(more.count + 1)
                for j in more {
                    if let m = built[j].take() { group.append(m) }
                }
                node = Node(role: .container, frame: node.frame, element: false, line: node.line, children: group)
            }
            built[i] = node
        }

        var roots: [Node] = []
        for i in 0..<n where raw[i].parent < 0 {
            if let node = built[i].take() { roots.append(node) }
        }
        return roots
    }

    /// One node's fields. `inner`: spoken as part of an enclosing stop;
    /// `stop`: one stop of its own.
    static func makeNode(_ raw: UIAutomatorNode, kind: UIAutomatorNode.Kind, inner: Bool, stop: Bool) -> Node {
        var node = Node(role: kind.role, frame: raw.frame, line: raw.line)
        if !raw.resourceID.isEmpty { node.id = raw.resourceID }
        if kind.role == .other, !raw.className.isEmpty { node.rawRole = raw.className }
        let flags = raw.flags
        node.hidden = flags.contains(.invisible)
        if flags.contains(.notImportant) {
            // Not exposed to TalkBack: nothing of its own is spoken.
            node.element = inner ? nil : false
            if kind.role != .other { node.role = .container }
            return node
        }

        switch kind.role {
        case .textField, .searchField:
            if flags.contains(.password) { node.role = .secureTextField }
            if !raw.contentDescription.isEmpty {
                node.label = raw.contentDescription
                if raw.text != raw.contentDescription { node.value = raw.text }
            } else if !raw.hint.isEmpty {
                node.label = raw.hint
                if raw.text != raw.hint { node.value = raw.text }
            } else if flags.contains(.password) {
                node.value = raw.text
            } else {
                node.label = raw.text
            }
        case .slider, .progress:
            node.label = raw.contentDescription
            node.value = raw.text
        default:
            node.label = raw.contentDescription.isEmpty ? raw.text : raw.contentDescription
        }
        if node.label?.isEmpty == true { node.label = nil }
        if node.value?.isEmpty == true { node.value = nil }

        if flags.contains(.disabled) { node.states.insert(.disabled) }
        if flags.contains(.selected) { node.states.insert(.selected) }
        if flags.contains(.focused) { node.states.insert(.focused) }

        if !inner {
            node.element = stop
            if stop {
                let generic = node.role == .text || node.role == .image || node.role == .container || node.role == .other
                if flags.contains(.checkable), generic || node.role == .button {
                    node.role = .checkbox
                } else if flags.contains(.clickable), generic {
                    node.role = .button
                } else if node.role == .container {
                    node.role = .text
                }
                if node.role != .other { node.rawRole = nil }
            }
        }
        if node.role == .toggle {
            node.value = flags.contains(.checked) ? "1" : "0"
        } else if flags.contains(.checked) {
            node.states.insert(.checked)
        }
        return node
    }
}
