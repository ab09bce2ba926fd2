/// One `<node>` of a `uiautomator dump`, as the parser collected it: the
/// attributes axdiff uses and its place in the tree (its parent's pre-order index).
///
/// A plain value with no references: its strings live in the parser's
/// `UIAutomatorStrings` and class table, so that the array of ten thousand of
/// them is appended to and read without reference counting.
struct UIAutomatorNode {
    struct Flags: OptionSet {
        let rawValue: UInt16
        static let clickable = Flags(rawValue: 1 << 0)
        static let longClickable = Flags(rawValue: 1 << 1)
        static let focusable = Flags(rawValue: 1 << 2)
        static let checkable = Flags(rawValue: 1 << 3)
        static let checked = Flags(rawValue: 1 << 4)
        static let disabled = Flags(rawValue: 1 << 5)
        static let selected = Flags(rawValue: 1 << 6)
        static let scrollable = Flags(rawValue: 1 << 7)
        static let password = Flags(rawValue: 1 << 8)
        static let focused = Flags(rawValue: 1 << 9)
        /// `visible-to-user="false"`.
        static let invisible = Flags(rawValue: 1 << 10)
        /// `importantForAccessibility="no"`: the node itself is not exposed to
        /// TalkBack (its children are); `noHideDescendants` also sets `invisible`.
        static let notImportant = Flags(rawValue: 1 << 11)
        /// `NAF="true"`: "not accessibility friendly", an actionable node with no label.
        static let naf = Flags(rawValue: 1 << 12)
    }

    /// Index of the `class` attribute in the parser's class table.
    var classIndex: Int
    var text: UIAutomatorStrings.Ref
    var contentDescription: UIAutomatorStrings.Ref
    var resourceID: UIAutomatorStrings.Ref
    var hint: UIAutomatorStrings.Ref
    var flags: Flags
    var frame: Frame?
    var line: Int
    /// The pre-order index of the node's parent, -1 for a root: the tree's
    /// one link, from which `UIAutomatorReader.build` counts the children.
    var parent: Int

    /// Whether the node speaks anything of its own.
    func hasOwnText(_ kind: Kind) -> Bool {
        guard !flags.contains(.notImportant) else { return false }
        return !text.isEmpty || !contentDescription.isEmpty || (kind.isEditable && !hint.isEmpty)
    }

    /// What the class name says about a node.
    struct Kind {
        var role: Role
        var isEditable = false
        var isSearch = false
        /// Lists, scroll views and pagers: focusable for scrolling, never read as one stop.
        var isScrollContainer = false
        /// A `TabWidget`: the controls directly inside are its tabs.
        var isTabList = false

        init(className: String) {
            var simple = Substring(className)
            if let dot = simple.lastIndex(of: ".") { simple = simple[simple.index(after: dot)...] }
            self.role = .other
            let name = String(simple)
            if let known = Self.exact[name] {
                self = known
                return
            }
            // Custom subclasses usually keep the platform's suffix.
            for (suffix, kind) in Self.suffixes where name.hasSuffix(suffix) {
                self = kind
                return
            }
        }

        private init(_ role: Role, editable: Bool = false, search: Bool = false, scroll: Bool = false, tabList: Bool = false) {
            self.role = role
            self.isEditable = editable
            self.isSearch = search
            self.isScrollContainer = scroll
            self.isTabList = tabList
        }

        private static let exact: [String: Kind] = {
            var t: [String: Kind] = [:]
            for n in ["EditText", "AutoCompleteTextView", "MultiAutoCompleteTextView", "ExtractEditText"] {
                t[n] = Kind(.textField, editable: true)
            }
            t["SearchView$SearchAutoComplete"] = Kind(.searchField, editable: true, search: true)
            t["CheckedTextView"] = Kind(.text)
            t["CompoundButton"] = Kind(.checkbox)
            t["Chip"] = Kind(.button)
            t["FloatingActionButton"] = Kind(.button)
            t["Slider"] = Kind(.slider)
            t["RangeSlider"] = Kind(.slider)
            t["RatingBar"] = Kind(.slider)
            t["NumberPicker"] = Kind(.picker)
            t["DatePicker"] = Kind(.picker)
            t["TimePicker"] = Kind(.picker)
            t["TextClock"] = Kind(.text)
            t["Chronometer"] = Kind(.text)
            t["View"] = Kind(.container)
            t["ViewGroup"] = Kind(.container)
            t["WebView"] = Kind(.container)
            for n in ["ScrollView", "HorizontalScrollView", "NestedScrollView", "RecyclerView", "ListView",
                      "GridView", "ExpandableListView", "AbsListView", "ViewPager", "ViewPager2",
                      "StaggeredGridView", "Gallery"] {
                t[n] = Kind(.container, scroll: true)
            }
            t["TabWidget"] = Kind(.container, tabList: true)
            for n in ["TabHost", "ViewAnimator", "ViewFlipper", "ViewSwitcher", "ImageSwitcher",
                      "TextSwitcher", "Space", "ViewStub", "SurfaceView", "TextureView", "VideoView",
                      "ComposeView", "AndroidComposeView", "ActionMenuView", "Toolbar"] {
                t[n] = Kind(.container)
            }
            return t
        }()

        /// Checked in order: the more specific suffix first.
        private static let suffixes: [(String, Kind)] = [
            ("SearchAutoComplete", Kind(.searchField, editable: true, search: true)),
            ("EditText", Kind(.textField, editable: true)),
            ("CheckBox", Kind(.checkbox)),
            ("RadioButton", Kind(.radio)),
            ("ToggleButton", Kind(.toggle)),
            ("SwitchCompat", Kind(.toggle)),
            ("SwitchMaterial", Kind(.toggle)),
            ("Switch", Kind(.toggle)),
            ("ImageButton", Kind(.button)),
            ("Button", Kind(.button)),
            ("SeekBar", Kind(.slider)),
            ("Spinner", Kind(.picker)),
            ("ProgressBar", Kind(.progress)),
            ("ProgressIndicator", Kind(.progress)),
            ("ImageView", Kind(.image)),
            ("TabView", Kind(.tab)),
            ("$Tab", Kind(.tab)),
            ("TextView", Kind(.text)),
            ("ScrollView", Kind(.container, scroll: true)),
            ("RecyclerView", Kind(.container, scroll: true)),
            ("ListView", Kind(.container, scroll: true)),
            ("GridView", Kind(.container, scroll: true)),
            ("ViewPager", Kind(.container, scroll: true)),
            ("ViewPager2", Kind(.container, scroll: true)),
            ("Layout", Kind(.container)),
            ("LayoutCompat", Kind(.container)),
            ("ViewGroup", Kind(.container)),
            ("CardView", Kind(.container)),
            ("Toolbar", Kind(.container)),
            ("Container", Kind(.container)),
            ("View", Kind(.container)),
        ]
    }

    /// Parses `[x1,y1][x2,y2]` (pixels) into a frame; nil when malformed.
    /// A right or bottom edge before the left or top one gives a zero size.
    static func parseBounds(_ s: String) -> Frame? {
        var s = s
        // A native string hands out its UTF-8 storage without a copy.
        return s.withUTF8 { parseBounds($0) }
    }

    /// `parseBounds` over the attribute's bytes: each number is an optional
    /// `-` and 1 to 9 digits (more would not be a pixel and could overflow).
    /// Called once per node, so it allocates nothing: the bytes are copied
    /// to a zeroed buffer on the stack, where every number's first eight
    /// digits are read as one word (`leadingDigits`) and no read needs a
    /// bound (a zero is no digit and no separator).
    ///
    /// - Complexity: O(n), where n is the number of bytes.
    static func parseBounds(_ bytes: UnsafeBufferPointer<UInt8>) -> Frame? {
        let n = bytes.count
        // `[0,0][0,0]` is the shortest; four `-` and nine digits each, the longest.
        guard n >= 10, n <= 46, let base = bytes.baseAddress else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 8) { words -> Frame? in
            let buffer = UnsafeMutableRawPointer(words.baseAddress.unsafelyUnwrapped)
            buffer.initializeMemory(as: UInt64.self, repeating: 0, count: 8)
            buffer.copyMemory(from: base, byteCount: n)
            let p = UnsafeRawPointer(buffer)
            let open = UInt8(ascii: "["), comma = UInt8(ascii: ","), close = UInt8(ascii: "]")
            guard p.load(as: UInt8.self) == open else { return nil }
            var k = 1
            guard let x1 = integer(p, at: &k), p.load(fromByteOffset: k, as: UInt8.self) == comma else { return nil }
            k &+= 1
            guard let y1 = integer(p, at: &k), p.load(fromByteOffset: k, as: UInt8.self) == close,
                  p.load(fromByteOffset: k &+ 1, as: UInt8.self) == open else { return nil }
            k &+= 2
            guard let x2 = integer(p, at: &k), p.load(fromByteOffset: k, as: UInt8.self) == comma else { return nil }
            k &+= 1
            guard let y2 = integer(p, at: &k), k == n &- 1, p.load(fromByteOffset: k, as: UInt8.self) == close else { return nil }
            return Frame(x: Double(x1), y: Double(y1), width: Double(max(0, x2 - x1)), height: Double(max(0, y2 - y1)),
                         unit: .devicePixels)
        }
    }

    /// The number at `p + k` (an optional `-` and 1 to 9 digits), `k` moved
    /// past it; nil when there is none. Ten bytes or more follow `k`.
    @inline(__always)
    private static func integer(_ p: UnsafeRawPointer, at k: inout Int) -> Int? {
        let negative = p.load(fromByteOffset: k, as: UInt8.self) == UInt8(ascii: "-")
        if negative { k &+= 1 }
        let word = UInt64(littleEndian: p.loadUnaligned(fromByteOffset: k, as: UInt64.self))
        guard var (value, count) = leadingDigits(word) else { return nil }
        if count == 8 {
            // A ninth digit is the last one allowed.
            let ninth = p.load(fromByteOffset: k &+ 8, as: UInt8.self) &- UInt8(ascii: "0")
            if ninth < 10 {
                guard p.load(fromByteOffset: k &+ 9, as: UInt8.self) &- UInt8(ascii: "0") >= 10 else { return nil }
                value = value &* 10 &+ Int(ninth)
                count = 9
            }
        }
        k &+= count
        return negative ? -value : value
    }

    /// The value and count of the 1 to 8 decimal digits that start `word`
    /// (its lowest byte first): a dump's numbers are a few digits each, and
    /// one multiply-and-shift step per halving of the digits replaces a step
    /// per digit. Nil when it starts with no digit.
    @inline(__always)
    private static func leadingDigits(_ word: UInt64) -> (value: Int, count: Int)? {
        // '0'...'9' become 0...9, and only they do.
        let d = word ^ 0x3030_3030_3030_3030
        // The high bit of each byte that is not 0...9. Adding 0x76 carries
        // out of a byte only from one already marked, into a later byte.
        let notDigit = ((d &+ 0x7676_7676_7676_7676) | d) & 0x8080_8080_8080_8080
        let count = notDigit.trailingZeroBitCount >> 3
        guard count > 0 else { return nil }
        // The digits moved to the top bytes, first digit lowest: zeros
        // before them are leading zeros.
        var v = d &<< UInt64(64 &- 8 &* count)
        v = v &* 10 &+ (v >> 8)
        v = ((v & 0x0000_00FF_0000_00FF) &* 0x000F_4240_0000_0064
            &+ ((v >> 16) & 0x0000_00FF_0000_00FF) &* 0x0000_2710_0000_0001) >> 32
        return (Int(truncatingIfNeeded: v & 0xFFFF_FFFF), count)
    }

    /// Collapses runs of whitespace (newlines included) to one space and trims,
    /// so that every stop speaks on one line.
    static func clean(_ s: String) -> String {
        var s = s
        guard s.withUTF8({ needsCleaning($0) }) else { return s }
        return s.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Whether `clean` could change the string with these UTF-8 bytes: it
    /// starts or ends with a space or a non-ASCII character (which may be
    /// Unicode whitespace), or holds a tab or line break.
    ///
    /// - Complexity: O(n), where n is the number of bytes.
    static func needsCleaning(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = utf8.first, let last = utf8.last, let base = utf8.baseAddress else { return false }
        if first == 0x20 || last == 0x20 || first >= 0x80 || last >= 0x80 { return true }
        // Eight bytes at a time, whether any is below 0x20: only then is
        // each byte looked at (a tab or a line break is below 0x20).
        let raw = UnsafeRawPointer(base), n = utf8.count
        var k = 0
        while k + 8 <= n {
            let w = raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
            if (w &- 0x2020_2020_2020_2020) & ~w & 0x8080_8080_8080_8080 != 0 { break }
            k += 8
        }
        for b in utf8[k...] where b == 0x0A || b == 0x0D || b == 0x09 { return true }
        return false
    }
}
