/// Which of uiautomator's attributes a name is (and whether an element's
/// name is `node`), remembered by the name's address: libxml2 interns every
/// name in its parser's dictionary, so within one parse a name always comes
/// at the same address, and a dump repeats the same twenty names on every
/// node. One load and compare per attribute, where reading the name's bytes
/// each time was most of the reader's own cost.
///
/// The addresses are valid while libxml2's parser lives: a table serves one
/// parse (`UIAutomatorParser.run` drops it at the end).
struct UIAutomatorAttributeNames {
    enum Key: UInt8 {
        case other, `class`, text, contentDesc, resourceID, bounds, hint, clickable, checkable, longClickable, focusable,
             checked, selected, scrollable, password, focused, naf, enabled, visibleToUser, importantForAccessibility
    }

    /// What a name means: its key and, for an attribute that only sets
    /// flags, the flags its value `true` sets (`onTrue`) or its value
    /// `false` sets (`onFalse`). Most of a node's attributes are such flags,
    /// most of them at their default: the parser tells that from the value's
    /// length and a word, with no dispatch on the key.
    struct Attribute {
        var key: Key
        var onTrue: UIAutomatorNode.Flags = []
        var onFalse: UIAutomatorNode.Flags = []

        init(_ key: Key) {
            self.key = key
            switch key {
            case .clickable: onTrue = .clickable
            case .checkable: onTrue = .checkable
            case .longClickable: onTrue = .longClickable
            case .focusable: onTrue = .focusable
            case .checked: onTrue = .checked
            case .selected: onTrue = .selected
            case .scrollable: onTrue = .scrollable
            case .password: onTrue = .password
            case .focused: onTrue = .focused
            case .naf: onTrue = .naf
            case .enabled: onFalse = .disabled
            case .visibleToUser: onFalse = .invisible
            default: break
            }
        }
    }

    private struct Entry {
        var name: UnsafePointer<UInt8>?
        var attribute: Attribute
    }

    /// Direct-mapped by address: a name that lands on a taken slot replaces
    /// it, and is read again by its bytes when it comes back.
    private var entries = [Entry](repeating: Entry(name: nil, attribute: Attribute(.other)), count: slotCount)
    private static let slotCount = 128
    /// The element name `node`, once seen: from then on an element is
    /// known for a `<node>` by its name's address.
    private var node: UnsafePointer<UInt8>?

    /// Whether the NUL-terminated element name `name`, one of libxml2's dictionary's, is `node`.
    @inline(__always)
    mutating func isNode(_ name: UnsafePointer<UInt8>) -> Bool {
        if name == node { return true }
        guard UIAutomatorParser.State.isName(name, "node") else { return false }
        node = name
        return true
    }

    /// What the NUL-terminated attribute `name`, one of libxml2's dictionary's, means.
    ///
    /// - Complexity: O(1) once seen, else O(length of the name).
    @inline(__always)
    mutating func attribute(_ name: UnsafePointer<UInt8>) -> Attribute {
        let slot = (Int(bitPattern: name) >> 3) & (Self.slotCount - 1)
        if entries[slot].name == name { return entries[slot].attribute }
        let attribute = Attribute(Self.read(name))
        entries[slot] = Entry(name: name, attribute: attribute)
        return attribute
    }

    /// The key of `name` from its bytes: dispatch on its length and first byte, then compare.
    private static func read(_ name: UnsafePointer<UInt8>) -> Key {
        var length = 0
        while name[length] != 0 { length += 1 }
        let isName = UIAutomatorParser.State.isName
        switch (length, name[0]) {
        case (5, UInt8(ascii: "c")) where isName(name, "class"): return .class
        case (4, UInt8(ascii: "t")) where isName(name, "text"): return .text
        case (12, UInt8(ascii: "c")) where isName(name, "content-desc"): return .contentDesc
        case (11, UInt8(ascii: "r")) where isName(name, "resource-id"): return .resourceID
        case (6, UInt8(ascii: "b")) where isName(name, "bounds"): return .bounds
        case (4, UInt8(ascii: "h")) where isName(name, "hint"): return .hint
        case (9, UInt8(ascii: "c")) where isName(name, "clickable"): return .clickable
        case (9, UInt8(ascii: "c")) where isName(name, "checkable"): return .checkable
        case (14, UInt8(ascii: "l")) where isName(name, "long-clickable"): return .longClickable
        case (9, UInt8(ascii: "f")) where isName(name, "focusable"): return .focusable
        case (7, UInt8(ascii: "c")) where isName(name, "checked"): return .checked
        case (8, UInt8(ascii: "s")) where isName(name, "selected"): return .selected
        case (10, UInt8(ascii: "s")) where isName(name, "scrollable"): return .scrollable
        case (8, UInt8(ascii: "p")) where isName(name, "password"): return .password
        case (7, UInt8(ascii: "f")) where isName(name, "focused"): return .focused
        case (3, UInt8(ascii: "N")) where isName(name, "NAF"): return .naf
        case (7, UInt8(ascii: "e")) where isName(name, "enabled"): return .enabled
        case (15, UInt8(ascii: "v")) where isName(name, "visible-to-user"): return .visibleToUser
        case (25, UInt8(ascii: "i")) where isName(name, "importantForAccessibility"),
             (27, UInt8(ascii: "i")) where isName(name, "important-for-accessibility"):
            return .importantForAccessibility
        default: return .other
        }
    }
}
