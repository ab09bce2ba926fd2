/// One `<node>` of a `uiautomator dump`, as the parser collected it: the
/// attributes axdiff uses and its place in the tree (pre-order index links).
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

    var className: String
    var text: String
    var contentDescription: String
    var resourceID: String
    var hint: String
    var flags: Flags
    var frame: Frame?
    var line: Int
    var parent: Int
    var firstChild = -1
    var lastChild = -1
    var nextSibling = -1

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

        private init(_ role: Role, editable: Bool = false, search: Bool = false, scroll: Bool = false) {
            self.role = role
            self.isEditable = editable
            self.isSearch = search
            self.isScrollContainer = scroll
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
            for n in ["TabHost", "TabWidget", "ViewAnimator", "ViewFlipper", "ViewSwitcher", "ImageSwitcher",
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
        var numbers: [Int] = []
        numbers.reserveCapacity(4)
        var bytes = s.utf8.makeIterator()
        let expect: [UInt8] = [UInt8(ascii: "["), 0, UInt8(ascii: ","), 0, UInt8(ascii: "]"),
                               UInt8(ascii: "["), 0, UInt8(ascii: ","), 0, UInt8(ascii: "]")]
        var pending: UInt8? = nil
        var k = 0
        while k < expect.count {
            if expect[k] != 0 {
                guard let b = pending ?? bytes.next(), b == expect[k] else { return nil }
                pending = nil
                k += 1
                continue
            }
            // A (possibly negative) integer.
            var b = pending ?? bytes.next()
            pending = nil
            var negative = false
            if b == UInt8(ascii: "-") { negative = true; b = bytes.next() }
            var value = 0
            var digits = 0
            while let d = b, d >= UInt8(ascii: "0"), d <= UInt8(ascii: "9") {
                guard digits < 9 else { return nil }
                value = value * 10 + Int(d - UInt8(ascii: "0"))
                digits += 1
                b = bytes.next()
            }
            guard digits > 0 else { return nil }
            numbers.append(negative ? -value : value)
            pending = b
            k += 1
        }
        guard pending == nil, bytes.next() == nil else { return nil }
        let x1 = Double(numbers[0]), y1 = Double(numbers[1]), x2 = Double(numbers[2]), y2 = Double(numbers[3])
        return Frame(x: x1, y: y1, width: max(0, x2 - x1), height: max(0, y2 - y1))
    }

    /// Collapses runs of whitespace (newlines included) to one space and trims,
    /// so that every stop speaks on one line.
    static func clean(_ s: String) -> String {
        guard let first = s.utf8.first, let last = s.utf8.last else { return s }
        var needs = first == 0x20 || last == 0x20 || first >= 0x80 || last >= 0x80
        if !needs {
            for b in s.utf8 where b == 0x0A || b == 0x0D || b == 0x09 {
                needs = true
                break
            }
        }
        guard needs else { return s }
        return s.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
