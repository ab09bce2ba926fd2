#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads Android `uiautomator dump` XML (DESIGN §3.4):
/// `<hierarchy><node class=… text=… content-desc=… resource-id=…
/// bounds="[x1,y1][x2,y2]" clickable=… …>`.
///
/// The label is the content description, else the text; the id is the
/// resource-id; the role comes from the class (a clickable layout or view is a
/// button); the frame is the bounds, converted from device pixels to dp
/// (`AndroidDensity`).
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

    public static let fileExtensions = ["xml"]

    public static func sniff(_ content: ArraySlice<UInt8>) -> Bool {
        content.starts(with: "<?xml".utf8) || content.starts(with: "<hierarchy".utf8)
    }

    public static func read(_ bytes: [UInt8], file: String, screen: String) throws -> Snapshot {
        // The XML parser and the checks read the file's bytes in place: no
        // copy of a multi-megabyte dump.
        try bytes.withUnsafeBufferPointer { try read(utf8: $0, file: file, screen: screen) }
    }

    /// `read` over UTF-8 bytes.
    static func read(utf8 bytes: UnsafeBufferPointer<UInt8>, file: String, screen: String) throws -> Snapshot {
        let parser = try parse(bytes, file: file)
        return try snapshot(nodes: parser.nodes, classes: parser.classes, strings: parser.strings,
                            sawHierarchy: parser.sawHierarchy, file: file, screen: screen)
    }

    /// The snapshot of a parsed dump.
    static func snapshot(nodes: [UIAutomatorNode], classes: [String], strings: UIAutomatorStrings, sawHierarchy: Bool,
                         file: String, screen: String) throws -> Snapshot {
        guard sawHierarchy || !nodes.isEmpty else {
            throw SnapshotError(file: file, line: 1, column: 1, message: "not a uiautomator dump: expected a <hierarchy> of <node> elements")
        }
        // Bounds are device pixels; the model is in dp (DESIGN §2): `build`
        // scales each frame as it makes the node.
        let density = AndroidDensity.density(of: nodes.lazy.map(\.frame))
        let elements = build(nodes, classes: classes, strings: strings, density: density)
        return Snapshot(screen: screen, platform: .android, elements: elements, format: .uiautomator)
    }

    /// Refuses what must never reach libxml2, then runs the XML parser over
    /// `bytes`; its first problem is thrown.
    ///
    /// - Complexity: O(n) in the number of bytes: each check is one `memchr`
    ///   pass (or looks at the first 4 KB), then one parse.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws -> UIAutomatorParser {
        try refuseUnsafeInput(bytes, file: file)
        let parser = UIAutomatorParser(maxDepth: maxDepth)
        parser.run(bytes)
        if let f = parser.failure {
            throw SnapshotError(file: file, line: f.line, column: f.column, message: f.message)
        }
        return parser
    }

    /// Throws on what must never reach libxml2: declarations (entities), a
    /// NUL, processing instructions, an encoding other than UTF-8.
    static func refuseUnsafeInput(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws {
        if let (line, column, what) = findDeclaration(bytes) {
            throw SnapshotError(file: file, line: line, column: column,
                                message: "\(what) declarations are not accepted in a uiautomator dump (entities can expand to gigabytes, \"billion laughs\"); uiautomator never writes them")
        }
        if let nul = firstNUL(bytes) {
            // XML allows no U+0000; and libxml2 takes a document starting
            // 00 00 00 3C for UCS-4 and crashes switching to it (found by Fuzz/run.sh
            // uiautomator). `SnapshotReader.read` refuses NUL bytes before this.
            let (line, column) = position(of: nul, in: bytes)
            throw SnapshotError(file: file, line: line, column: column, message: "NUL character: XML does not allow it, expected a text uiautomator dump")
        }
        if let (line, column) = findProcessingInstruction(bytes) {
            throw SnapshotError(file: file, line: line, column: column,
                                message: "processing instruction <?…?>: expected none but the <?xml …?> declaration at the start (uiautomator writes no others)")
        }
        if let (line, column, name) = foreignEncoding(bytes) {
            throw SnapshotError(file: file, line: line, column: column,
                                message: "encoding=\"\(name)\" in the XML declaration: expected UTF-8 (uiautomator writes UTF-8, and axdiff reads every snapshot as UTF-8)")
        }
    }

    /// The offset of the first NUL byte.
    ///
    /// - Complexity: O(n), one `memchr` pass.
    static func firstNUL(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress, let hit = memchr(base, 0, bytes.count) else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    /// The 1-based line of byte `offset`, and its column in characters
    /// (UTF-8 continuation bytes do not count).
    ///
    /// - Complexity: O(offset); used only to report an error.
    static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        for j in 0..<offset where bytes[j] == 0x0A {
            line += 1
            lineStart = j + 1
        }
        var column = 1
        for j in lineStart..<offset where bytes[j] & 0xC0 != 0x80 { column += 1 }
        return (line, column)
    }

    /// The first `<?` that does not open the XML declaration at the very start
    /// (after a byte-order mark), with its line and column.
    ///
    /// FoundationXML crashes on a processing instruction without data (`<?pi?>`,
    /// or `<?xml?>`): libxml2 hands it a NULL that it passes to `strlen` (found by
    /// Fuzz/run.sh uiautomator). uiautomator writes none, so none is accepted.
    ///
    /// - Complexity: O(n), one `memchr` pass from one `?` to the next.
    static func findProcessingInstruction(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int)? {
        guard let base = bytes.baseAddress else { return nil }
        let n = bytes.count
        let start = n >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        var i = start + 1
        while i < n, let hit = memchr(base + i, Int32(UInt8(ascii: "?")), n - i) {
            let k = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            i = k + 1
            guard bytes[k - 1] == UInt8(ascii: "<") else { continue }
            let open = k - 1
            if open == start, k + 4 < n, bytes[k + 1] == UInt8(ascii: "x"), bytes[k + 2] == UInt8(ascii: "m"),
               bytes[k + 3] == UInt8(ascii: "l"), [0x20, 0x09, 0x0D, 0x0A].contains(bytes[k + 4]) {
                continue // the XML declaration
            }
            return position(of: open, in: bytes)
        }
        return nil
    }

    /// The encoding named by the XML declaration when it is not UTF-8, with
    /// the line and column of the name (at most 40 characters of it).
    ///
    /// The text is UTF-8 whatever the declaration says, so another name is
    /// wrong; and libxml2 would switch decoders on it: `encoding='UTF7'`
    /// followed by a non-ASCII byte crashes it in `xmlSwitchToEncoding`
    /// (found by Fuzz/run.sh uiautomator).
    ///
    /// - Complexity: O(1): looks at the first 4,096 bytes only.
    static func foreignEncoding(_ input: UnsafeBufferPointer<UInt8>) -> (Int, Int, String)? {
        let bytes = [UInt8](input.prefix(4096))
        var i = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        var line = 1, lineStart = i
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0D || bytes[i] == 0x0A {
            if bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
            i += 1
        }
        guard bytes[i...].starts(with: Array("<?xml".utf8)) else { return nil }
        // The declaration ends at `?>`, else at the first `>` or where the prefix ends.
        var end = i + 5
        while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
        let key = Array("encoding".utf8)
        var k = i + 5
        while k + key.count <= end, !bytes[k..<(k + key.count)].elementsEqual(key) { k += 1 }
        guard k + key.count <= end else { return nil }
        k += key.count
        while k < end, bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == 0x0D || bytes[k] == 0x0A || bytes[k] == UInt8(ascii: "=") {
            if bytes[k] == 0x0A { line += 1; lineStart = k + 1 }
            k += 1
        }
        var quote: UInt8?
        if k < end, bytes[k] == UInt8(ascii: "'") || bytes[k] == UInt8(ascii: "\"") { quote = bytes[k]; k += 1 }
        let start = k
        while k < end, bytes[k] != quote ?? 0x20, bytes[k] != UInt8(ascii: "?"), bytes[k] > 0x20 { k += 1 }
        let name = String(decoding: bytes[start..<k], as: UTF8.self)
        let lower = name.lowercased()
        if lower == "utf-8" || lower == "utf8" { return nil }
        let column = bytes[lineStart..<start].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return (line, column, String(name.unicodeScalars.prefix(40).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) }))
    }

    /// The first `<!DOCTYPE` or `<!ENTITY` in the document, with its line and column.
    ///
    /// - Complexity: O(n), one `memchr` pass from one `!` to the next.
    static func findDeclaration(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int, String)? {
        let doctype = Array("DOCTYPE".utf8), entity = Array("ENTITY".utf8)
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

    // MARK: - Stops and tree

    /// Builds the model tree from the flat pre-order node array, deciding the
    /// stops by TalkBack's rules. Three linear passes, no recursion.
    ///
    /// Frames are divided by `density` (device pixels to dp), when given.
    ///
    /// - Complexity: O(n), where n is the number of nodes.
    static func build(_ raw: [UIAutomatorNode], classes: [String], strings: UIAutomatorStrings, density: Double?) -> [Node] {
        let n = raw.count
        guard n > 0 else { return [] }
        // A dump has a few dozen classes: each is looked at once.
        let classKinds = classes.map { UIAutomatorNode.Kind(className: $0) }
        let containerRoles = zip(classes, classKinds).map { containerRole($0, $1.role) }

        // Pass 1, children before parents (higher pre-order index first):
        // actionable, speaking (TalkBack's isSpeakingNode) and candidate stops.
        var actionable = [Bool](repeating: false, count: n)
        var speakingChild = [Bool](repeating: false, count: n)
        var candidate = [Bool](repeating: false, count: n)
        // Whether a node has children: they follow it, so pass 1 has seen
        // them all before it reaches the node.
        var hasChildren = [Bool](repeating: false, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            let node = raw[i]
            let kind = classKinds[node.classIndex]
            let hidden = node.flags.contains(.invisible)
            // `scrollable="true"` makes a layout a scroll container, but not a
            // control that scrolls its own content (a Spinner, a multi-line
            // field): TalkBack still reads those as the control they are.
            let scroll = kind.isScrollContainer || (node.flags.contains(.scrollable) && !kind.role.isInteractive)
            let ownText = node.hasOwnText(kind)
            let exposed = !hidden && !node.flags.contains(.notImportant)
            let act = !scroll && exposed
                && !node.flags.isDisjoint(with: [.clickable, .longClickable, .focusable, .checkable])
            actionable[i] = act
            let speaking = ownText || (exposed && node.flags.contains(.checkable)) || speakingChild[i]
            if hidden || scroll {
                candidate[i] = false
            } else if act {
                candidate[i] = !hasChildren[i] || speaking
            } else {
                candidate[i] = ownText
            }
            if node.parent >= 0 {
                hasChildren[node.parent] = true
                if !act, !hidden, speaking { speakingChild[node.parent] = true }
            }
        }

        // Pass 2, parents first: who owns each node's speech, and which
        // actionable nodes inside a stop are lifted out after it.
        var owner = [Int](repeating: -1, count: n)
        var isLifted = [Bool](repeating: false, count: n)
        var isStop = [Bool](repeating: false, count: n)
        // The stops that actionable nodes are lifted out of.
        var hasLifted = [Bool](repeating: false, count: n)
        for i in 0..<n {
            let p = raw[i].parent
            if p >= 0 {
                let context = isStop[p] ? p : owner[p]
                if context >= 0 {
                    if actionable[i] {
                        isLifted[i] = true
                        hasLifted[context] = true
                    } else {
                        owner[i] = context
                    }
                }
            }
            isStop[i] = candidate[i] && owner[i] < 0
        }

        // Pass 3, in document order: each node made in place at the end of
        // `nodes` (`NodeBuffer`) and filled as it opens. An open node's
        // children so far are the tail after it: when it closes (the next
        // node is not inside it) they are moved out as one array of their
        // exact number, so a node is moved once, into its parent's array.
        // A lifted node is moved aside into `lifted` when it closes, and its
        // stop takes the ones after the mark it noted when it opened: those of
        // one stop do not nest, so they close in document order, and any
        // lifted into a stop inside it were taken when that stop closed.
        let nodes = NodeBuffer(capacity: n)
        let lifted = NodeBuffer(capacity: 16)
        var open: [(index: Int, at: Int, liftedMark: Int)] = []
        func close() {
            let (i, at, mark) = open.removeLast()
            let children = nodes.take(from: at + 1)
            // A leaf keeps the empty array `Node(line:)` gave it: nothing
            // assigned, so nothing released.
            if !children.isEmpty { nodes[at].children = children }
            if mark >= 0 {
                // The stop first, then what was lifted out of it.
                var group: [Node] = []
                group.reserveCapacity(1 + lifted.count - mark)
                group.append(nodes.popLast())
                lifted.take(from: mark, appendingTo: &group)
                let frame = group[0].frame
                nodes.append(line: raw[i].line) {
                    $0.role = .container
                    $0.frame = frame
                    $0.element = false
                    $0.children = group
                }
            }
            if isLifted[i] { lifted.append { $0.initialize(to: nodes.popLast()) } }
        }
        for i in 0..<n {
            let p = raw[i].parent
            while let top = open.last, top.index != p { close() }
            let at = nodes.append(line: raw[i].line)
            fill(&nodes[at], raw, i, kind: classKinds[raw[i].classIndex], classes: classes,
                 containerRole: containerRoles[raw[i].classIndex],
                 strings: strings, density: density, inner: owner[i] >= 0, stop: isStop[i],
                 inTabList: p >= 0 && classKinds[raw[p].classIndex].isTabList)
            // A leaf that stays where it is needs no closing: the parent
            // that closes takes it with its siblings.
            if hasChildren[i] || isLifted[i] {
                open.append((i, at, isStop[i] && hasLifted[i] ? lifted.count : -1))
            }
        }
        while !open.isEmpty { close() }
        // What is left are the roots, in document order.
        return nodes.take(from: 0)
    }

    /// The fields of node `i` of `raw`, written into `node`, made by
    /// `Node(line:)` (the initializer with every field built the node
    /// twice). The raw node is read where it lies: passed as a value, it
    /// was copied for every node. `inner`: spoken
    /// as part of an enclosing stop; `stop`: one stop of its own.
    /// `inTabList`: a child of a `TabWidget`, whose controls are tabs.
    /// `classes` is the class table `raw.classIndex` indexes (the name is
    /// read where it is stored, not passed as a copy), and `containerRole`
    /// the class's role as a container that is not a stop (`containerRole`,
    /// found once per class). Called as the node opens, before its children
    /// are made: it does not look at them.
    static func fill(_ node: inout Node, _ raw: [UIAutomatorNode], _ i: Int, kind: UIAutomatorNode.Kind, classes: [String],
                     containerRole: Role, strings: UIAutomatorStrings, density: Double?, inner: Bool, stop: Bool,
                     inTabList: Bool) {
        node.role = kind.role
        if let frame = raw[i].frame {
            node.frame = density.map { frame.scaled(by: 1 / $0, to: .dp) } ?? frame
        }
        if !raw[i].resourceID.isEmpty { node.id = strings.string(raw[i].resourceID) }
        // The class as the dump names it: TalkBack's words follow it.
        if !classes[raw[i].classIndex].isEmpty { node.platformRole = classes[raw[i].classIndex] }
        let flags = raw[i].flags
        node.hidden = flags.contains(.invisible)
        if flags.contains(.notImportant) {
            // Not exposed to TalkBack: nothing of its own is spoken.
            node.element = inner ? nil : false
            if kind.role != .other { node.role = .container }
            return
        }

        // Strings are made only for the fields the node shows.
        switch kind.role {
        case .textField, .searchField:
            if flags.contains(.password) { node.role = .secureTextField }
            let text = strings.string(raw[i].text)
            if !raw[i].contentDescription.isEmpty {
                let description = strings.string(raw[i].contentDescription)
                node.label = description
                if text != description { node.value = text }
            } else if !raw[i].hint.isEmpty {
                let hint = strings.string(raw[i].hint)
                node.label = hint
                if text != hint { node.value = text }
            } else if flags.contains(.password) {
                node.value = text
            } else {
                node.label = text
            }
        case .slider, .progress:
            node.label = strings.string(raw[i].contentDescription)
            node.value = strings.string(raw[i].text)
        default:
            node.label = strings.string(raw[i].contentDescription.isEmpty ? raw[i].text : raw[i].contentDescription)
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
                if inTabList, node.role == .button || (node.role == .text && flags.contains(.clickable)) {
                    node.role = .tab
                }
            } else if node.role == .container {
                // Still the class's role: only a stop's or a field's changes.
                node.role = containerRole
            }
        }
        if node.role == .toggle {
            node.value = flags.contains(.checked) ? "1" : "0"
        } else if flags.contains(.checked) {
            node.states.insert(.checked)
        }
    }

    /// The role of a container that is not a stop: a list or a grid, which
    /// TalkBack announces on entering ("in list", "in grid"), else a plain
    /// container.
    static func containerRole(_ className: String, _ role: Role) -> Role {
        guard role == .container else { return role }
        if className.hasSuffix("ListView") || className.hasSuffix("RecyclerView") { return .list }
        if className.hasSuffix("GridView") { return .grid }
        return .container
    }
}
