/// An XCUIElement.ElementType name as debugDescription prints it, with what
/// the reader derives from it, looked up on the name's bytes: a dump names a
/// type on every line, and hashing a `String` for the role, the macOS test and
/// the control test cost more than the rest of the line's structure.
struct XCUITestElementType {
    /// The name as written: kept as the node's `platformRole`.
    let name: String
    /// The model's role; `other` for a type not listed.
    let role: Role
    /// A type only macOS has: the snapshot is then not an iOS one.
    let isMacOnly: Bool
    /// The types the reader's rules name.
    let kind: Kind

    enum Kind {
        case application, window, other, cell, button, tabBar, plain
    }

    /// A type not listed: role `other`, its name kept.
    init(unknown name: String) {
        self.init(name: name, role: .other, isMacOnly: false)
    }

    private init(name: String, role: Role, isMacOnly: Bool) {
        self.name = name
        self.role = role
        self.isMacOnly = isMacOnly
        switch name {
        case "Application": kind = .application
        case "Window": kind = .window
        case "Other": kind = .other
        case "Cell": kind = .cell
        case "Button": kind = .button
        case "TabBar": kind = .tabBar
        default: kind = .plain
        }
    }

    /// Element types only macOS has.
    static let macTypes: Set<String> = [
        "MenuBar", "MenuBarItem", "StatusItem", "TouchBar", "DockItem", "Drawer", "Ruler", "RulerMarker",
        "ColorWell", "HelpTag", "Matte", "SplitGroup", "Splitter", "Browser", "Outline", "OutlineRow",
        "DisclosureTriangle", "PopUpButton", "ComboBox", "MenuButton", "ToolbarButton",
    ]

    /// XCUIElement.ElementType names → roles. Types not listed become `other`
    /// with the type kept in `platformRole`.
    static let roles: [(Role, [String])] = [
        (.text, ["StaticText"]),
        (.image, ["Image", "Icon"]),
        (.cell, ["Cell", "TableRow", "OutlineRow"]),
        (.button, ["Button", "ToolbarButton", "PopUpButton", "MenuButton", "DisclosureTriangle", "Key",
                   "IncrementArrow", "DecrementArrow", "StatusItem", "DockItem"]),
        (.link, ["Link"]),
        (.textField, ["TextField", "TextView", "ComboBox"]),
        (.secureTextField, ["SecureTextField"]),
        (.searchField, ["SearchField"]),
        (.toggle, ["Switch", "Toggle"]),
        (.checkbox, ["CheckBox"]),
        (.radio, ["RadioButton"]),
        (.slider, ["Slider", "Stepper", "PageIndicator"]),
        (.picker, ["Picker", "PickerWheel", "DatePicker", "ColorWell"]),
        (.tab, ["Tab"]),
        (.menuItem, ["MenuItem", "MenuBarItem"]),
        (.progress, ["ProgressIndicator", "ActivityIndicator", "LevelIndicator", "RatingIndicator"]),
        (.heading, ["Heading", "Header"]),
        // Containers VoiceOver announces on entering them. `Application`
        // is the app itself, not the web's `role=application`.
        (.table, ["Table"]),
        (.list, ["CollectionView", "Outline", "Browser"]),
        (.grid, ["Grid"]),
        (.alert, ["Alert"]),
        (.dialog, ["Sheet", "Dialog", "Popover"]),
        (.menu, ["Menu", "MenuBar"]),
        (.group, ["Group", "RadioGroup", "TabGroup"]),
        (.document, ["WebView"]),
        (.container, ["Any", "Other", "Application", "Window", "Drawer",
                      "Keyboard", "NavigationBar", "TabBar", "Toolbar", "StatusBar",
                      "TableColumn", "ScrollView", "SegmentedControl", "TouchBar",
                      "SplitGroup", "LayoutArea", "LayoutItem", "Map", "Matte", "Ruler", "Timeline",
                      "Keys"]),
    ]

    /// Every listed type (with a role, or macOS only), found by its name's bytes.
    final class Table: Sendable {
        /// Sorted by the name's length.
        private let types: [XCUITestElementType]
        /// The names' bytes as `Key`s, in the order of `types`.
        private let keys: [Key]
        /// For each length, the range of `types` whose names have it.
        private let byLength: [Range<Int>]

        /// A name of up to 24 bytes in three words, eight bytes to a word and
        /// zeros past its end: two names of one length are equal exactly when
        /// their keys are, and a key is compared in three steps, not byte by byte.
        struct Key: Equatable, Sendable {
            var low: UInt64
            var middle: UInt64
            var high: UInt64

            /// `bytes` has at most 24 bytes.
            init(_ bytes: UnsafeBufferPointer<UInt8>) {
                low = Self.word(bytes, from: 0)
                middle = Self.word(bytes, from: 8)
                high = Self.word(bytes, from: 16)
            }

            /// The bytes from `from` on, eight at most, the first in the lowest byte of the word.
            private static func word(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> UInt64 {
                var word: UInt64 = 0
                var k = min(from + 8, bytes.count)
                while k > from {
                    k -= 1
                    word = word << 8 | UInt64(bytes[k])
                }
                return word
            }
        }

        init() {
            var all: [String: Role] = [:]
            for (role, names) in XCUITestElementType.roles { for name in names { all[name] = role } }
            for name in XCUITestElementType.macTypes where all[name] == nil { all[name] = .other }
            let sorted = all.keys.sorted { ($0.utf8.count, $0) < ($1.utf8.count, $1) }
            types = sorted.map { XCUITestElementType(name: $0, role: all[$0] ?? .other, isMacOnly: XCUITestElementType.macTypes.contains($0)) }
            keys = sorted.map { name in Array(name.utf8).withUnsafeBufferPointer { Key($0) } }
            let longest = sorted.last?.utf8.count ?? 0
            precondition(longest <= 24, "an element type name longer than a Key holds")
            byLength = (0...longest).map { length in
                let first = sorted.firstIndex { $0.utf8.count == length } ?? 0
                return first..<(sorted.lastIndex { $0.utf8.count == length }.map { $0 + 1 } ?? 0)
            }
        }

        /// The type named by `bytes` (ASCII letters and digits).
        func type(_ bytes: UnsafeBufferPointer<UInt8>) -> XCUITestElementType {
            if bytes.count < byLength.count {
                let key = Key(bytes)
                for k in byLength[bytes.count] where keys[k] == key { return types[k] }
            }
            return XCUITestElementType(unknown: String(decoding: bytes, as: UTF8.self))
        }

        func type(_ name: String) -> XCUITestElementType {
            var name = name
            return name.withUTF8 { type($0) }
        }
    }

    static let table = Table()
}
