/// Which of uiautomator's attributes a name is, remembered by the name's
/// address: libxml2 interns every name in its parser's dictionary, so within
/// one parse a name always comes at the same address, and a dump repeats the
/// same twenty names on every node. One load and compare per attribute, where
/// reading the name's bytes each time was most of the reader's own cost.
///
/// The addresses are valid while libxml2's parser lives: a table serves one
/// parse (`UIAutomatorParser.run` drops it at the end).
struct UIAutomatorAttributeNames {
    enum Key: UInt8 {
        case other, `class`, text, contentDesc, resourceID, bounds, hint, clickable, checkable, longClickable, focusable,
             checked, selected, scrollable, password, focused, naf, enabled, visibleToUser, importantForAccessibility
    }

    private struct Entry {
        var name: UnsafePointer<UInt8>?
        var key: Key
    }

    /// Direct-mapped by address: a name that lands on a taken slot replaces
    /// it, and is read again by its bytes when it comes back.
    private var entries = [Entry](repeating: Entry(name: nil, key: .other), count: slotCount)
    private static let slotCount = 128

    /// The key of the NUL-terminated attribute `name`, one of libxml2's dictionary's.
    ///
    /// - Complexity: O(1) once seen, else O(length of the name).
    @inline(__always)
    mutating func key(_ name: UnsafePointer<UInt8>) -> Key {
        let slot = (Int(bitPattern: name) >> 3) & (Self.slotCount - 1)
        if entries[slot].name == name { return entries[slot].key }
        let key = Self.read(name)
        entries[slot] = Entry(name: name, key: key)
        return key
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
