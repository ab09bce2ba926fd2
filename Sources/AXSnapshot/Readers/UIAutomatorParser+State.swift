import CLibxml2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension UIAutomatorParser.State {
    /// An element opens, inside `depth` open elements: a `<node>` becomes
    /// the next `UIAutomatorNode`, filled from its attributes' bytes. `attributes` is libxml2's array of
    /// five pointers per attribute: local name, prefix, namespace, value
    /// start, value end; values come with their references decoded and
    /// whitespace normalised. Returns what is wrong, if anything.
    ///
    /// - Complexity: O(a), where a is the number of bytes of the attributes.
    mutating func start(_ name: UIAutomatorParser.ElementName, depth: Int, attributeCount: Int,
                        attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, maxDepth: Int,
                        context: xmlParserCtxtPtr) -> String? {
        guard failure == nil else { return nil }
        if depth > maxDepth {
            return "nesting deeper than \(maxDepth) levels"
        }
        // Every element's parent started before it: `open` holds `depth` entries or more.
        let currentNode = depth > 0 && depth <= open.count ? open[depth - 1].innermost : -1
        guard name.prefix == nil, Self.isName(name.localname, "node") else {
            if name.prefix == nil, Self.isName(name.localname, "hierarchy") { sawHierarchy = true }
            setOpen(depth, (currentNode, name))
            return nil
        }
        var flags: UIAutomatorNode.Flags = []
        var className = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        var text = UIAutomatorStrings.Ref.empty, description = UIAutomatorStrings.Ref.empty
        var resourceID = UIAutomatorStrings.Ref.empty, hint = UIAutomatorStrings.Ref.empty
        var bounds: UnsafeBufferPointer<UInt8>?
        for i in 0..<(attributes == nil ? 0 : attributeCount) {
            let a = attributes.unsafelyUnwrapped + 5 * i
            // A prefixed name (`p:text`) is none of uiautomator's.
            guard let name = a[0], a[1] == nil, let start = a[3], let end = a[4] else { continue }
            let value = UnsafeBufferPointer(start: start, count: max(0, start.distance(to: end)))
            switch attributeNames.key(name) {
            case .other: break
            case .class: className = value
            case .text: text = strings.append(value, cleaning: true)
            case .contentDesc: description = strings.append(value, cleaning: true)
            case .resourceID: resourceID = strings.append(value, cleaning: false)
            case .bounds: bounds = value
            case .hint: hint = strings.append(value, cleaning: true)
            case .clickable: if Self.equals(value, "true", 4) { flags.insert(.clickable) }
            case .checkable: if Self.equals(value, "true", 4) { flags.insert(.checkable) }
            case .longClickable: if Self.equals(value, "true", 4) { flags.insert(.longClickable) }
            case .focusable: if Self.equals(value, "true", 4) { flags.insert(.focusable) }
            case .checked: if Self.equals(value, "true", 4) { flags.insert(.checked) }
            case .selected: if Self.equals(value, "true", 4) { flags.insert(.selected) }
            case .scrollable: if Self.equals(value, "true", 4) { flags.insert(.scrollable) }
            case .password: if Self.equals(value, "true", 4) { flags.insert(.password) }
            case .focused: if Self.equals(value, "true", 4) { flags.insert(.focused) }
            case .naf: if Self.equals(value, "true", 4) { flags.insert(.naf) }
            case .enabled: if Self.equals(value, "false", 5) { flags.insert(.disabled) }
            case .visibleToUser: if Self.equals(value, "false", 5) { flags.insert(.invisible) }
            case .importantForAccessibility:
                if Self.equals(value, "no", 2) || Self.equals(value, "false", 5) { flags.insert(.notImportant) }
                if Self.equals(value, "noHideDescendants", 17) { flags.insert([.notImportant, .invisible]) }
            }
        }
        var frame: Frame?
        if let bounds, !bounds.isEmpty {
            guard let parsed = UIAutomatorNode.parseBounds(bounds) else {
                let cls = className.isEmpty ? "" : " class=\"\(UIAutomatorParser.shown(String(decoding: className, as: UTF8.self)))\""
                return "bad bounds=\"\(UIAutomatorParser.shown(String(decoding: bounds, as: UTF8.self)))\" on <node\(cls)>: expected \"[x1,y1][x2,y2]\" in whole pixels"
            }
            frame = parsed
        }
        let classNumber = classes.index(of: className)
        let index = nodes.count
        if currentNode >= 0 {
            if nodes[currentNode].lastChild >= 0 {
                nodes[nodes[currentNode].lastChild].nextSibling = index
            } else {
                nodes[currentNode].firstChild = index
            }
            nodes[currentNode].lastChild = index
        }
        nodes.append(UIAutomatorNode(
            classIndex: classNumber, text: text, contentDescription: description, resourceID: resourceID, hint: hint,
            flags: flags, frame: frame, line: Int(xmlSAX2GetLineNumber(context)), parent: currentNode))
        setOpen(depth, (index, name))
        return nil
    }

    /// Records the element that opened at `depth`.
    @inline(__always)
    private mutating func setOpen(_ depth: Int, _ entry: (innermost: Int, name: UIAutomatorParser.ElementName)) {
        if depth < open.count {
            open[depth] = entry
        } else {
            open.append(entry)
        }
    }

    /// Whether the NUL-terminated `name` is `literal`. A shorter name
    /// differs at its NUL, so no byte past it is read.
    @inline(__always)
    static func isName(_ name: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool {
        let bytes = literal.utf8Start
        for i in 0..<literal.utf8CodeUnitCount where name[i] != bytes[i] { return false }
        return name[literal.utf8CodeUnitCount] == 0
    }

    /// Whether `value` is `literal`, `count` bytes long.
    @inline(__always)
    private static func equals(_ value: UnsafeBufferPointer<UInt8>, _ literal: StaticString, _ count: Int) -> Bool {
        value.count == count && memcmp(value.baseAddress.unsafelyUnwrapped, literal.utf8Start, count) == 0
    }
}
