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
    struct Table {
        private let types: [XCUITestElementType]
        private let names: [[UInt8]]
        /// Indices into `types` by the name's length.
        private let byLength: [[Int]]

        init() {
            var all: [String: Role] = [:]
            for (role, names) in XCUITestElementType.roles { for name in names { all[name] = role } }
            for name in XCUITestElementType.macTypes where all[name] == nil { all[name] = .other }
            let sorted = all.keys.sorted()
            types = sorted.map { XCUITestElementType(name: $0, role: all[$0] ?? .other, isMacOnly: XCUITestElementType.macTypes.contains($0)) }
            names = sorted.map { Array($0.utf8) }
            var byLength = [[Int]](repeating: [], count: (names.map(\.count).max() ?? 0) + 1)
            for (k, name) in names.enumerated() { byLength[name.count].append(k) }
            self.byLength = byLength
        }

        /// The type named by `bytes` (ASCII letters and digits).
        func type(_ bytes: UnsafeBufferPointer<UInt8>) -> XCUITestElementType {
            if bytes.count < byLength.count {
                for k in byLength[bytes.count] where names[k].withUnsafeBufferPointer({ $0.elementsEqual(bytes) }) {
                    return types[k]
                }
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
