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
        guard name.prefix == nil, attributeNames.isNode(name.localname) else {
            if name.prefix == nil, Self.isName(name.localname, "hierarchy") { sawHierarchy = true }
            setOpen(depth, (currentNode, name))
            return nil
        }
        var flags: UIAutomatorNode.Flags = []
        var className = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        var text = UIAutomatorStrings.Ref.empty, description = UIAutomatorStrings.Ref.empty
        var resourceID = UIAutomatorStrings.Ref.empty, hint = UIAutomatorStrings.Ref.empty
        var bounds: UnsafeBufferPointer<UInt8>?
        if let attributes, attributeCount > 0 {
            var a = attributes
            let end = attributes + 5 * attributeCount
            repeat {
                let name = a[0], prefix = a[1], start = a[3], stop = a[4]
                a += 5
                // A prefixed name (`p:text`) is none of uiautomator's.
                guard let name, prefix == nil, let start, let stop else { continue }
                let attribute = attributeNames.attribute(name)
                let value = UnsafeBufferPointer(start: start, count: max(0, start.distance(to: stop)))
                // A flag: its value's length and a word tell `true` or `false`.
                if !attribute.onTrue.isEmpty {
                    if Self.isTrue(value) { flags.formUnion(attribute.onTrue) }
                    continue
                }
                if !attribute.onFalse.isEmpty {
                    if Self.isFalse(value) { flags.formUnion(attribute.onFalse) }
                    continue
                }
                switch attribute.key {
                case .class: className = value
                case .text: text = strings.append(value, cleaning: true)
                case .contentDesc: description = strings.append(value, cleaning: true)
                case .resourceID: resourceID = strings.append(value, cleaning: false)
                case .bounds: bounds = value
                case .hint: hint = strings.append(value, cleaning: true)
                case .other, .clickable, .checkable, .longClickable, .focusable, .checked, .selected, .scrollable,
                     .password, .focused, .naf, .enabled, .visibleToUser: break
                case .importantForAccessibility:
                    if Self.equals(value, "no", 2) || Self.isFalse(value) { flags.insert(.notImportant) }
                    if Self.equals(value, "noHideDescendants", 17) { flags.insert([.notImportant, .invisible]) }
                }
            } while a < end
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
        nodes.append(UIAutomatorNode(
            classIndex: classNumber, text: text, contentDescription: description, resourceID: resourceID, hint: hint,
            flags: flags, frame: frame, line: Self.line(context), parent: currentNode))
        setOpen(depth, (index, name))
        return nil
    }

    /// The line libxml2 is on: what `xmlSAX2GetLineNumber` returns, read
    /// from its input without the call.
    @inline(__always)
    private static func line(_ context: xmlParserCtxtPtr) -> Int {
        guard let input = context.pointee.input else { return 0 }
        return Int(input.pointee.line)
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

    /// Whether `value` is `true`: its length, then its four bytes as one word.
    @inline(__always)
    private static func isTrue(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        value.count == 4 && UnsafeRawPointer(value.baseAddress.unsafelyUnwrapped).loadUnaligned(as: UInt32.self)
            == UInt32(littleEndian: 0x6575_7274)
    }

    /// Whether `value` is `false`: its length, its first four bytes as one word, then its `e`.
    @inline(__always)
    private static func isFalse(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard value.count == 5, let base = value.baseAddress else { return false }
        return UnsafeRawPointer(base).loadUnaligned(as: UInt32.self) == UInt32(littleEndian: 0x736C_6166)
            && base[4] == UInt8(ascii: "e")
    }

    /// Whether `value` is `literal`, `count` bytes long.
    @inline(__always)
    private static func equals(_ value: UnsafeBufferPointer<UInt8>, _ literal: StaticString, _ count: Int) -> Bool {
        value.count == count && memcmp(value.baseAddress.unsafelyUnwrapped, literal.utf8Start, count) == 0
    }
}
