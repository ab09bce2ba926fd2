/// The normalized role of a node: what kind of thing a screen reader announces.
///
/// Every reader maps its platform's types onto this small vocabulary so that
/// the diff engine can compare an iOS button with a web button; the
/// platform's own word is kept beside it (`Node.platformRole`).
public enum Role: String, CaseIterable, Sendable, Codable {
    case button, link, heading, text, image, textField, secureTextField, searchField
    case toggle, checkbox, radio, slider, picker, tab, cell, menuItem, progress
    case container, other
    // Announced differently from a plain cell or container (DESIGN §2).
    case listItem, option, row, columnHeader, gridCell, treeItem
    case menu, dialog, alert, status, list, table, grid, group, application, document
    // Landmarks.
    case banner, navigation, main, complementary, contentinfo, region, search, form

    /// The word VoiceOver appends after the label ("Sign in, button"), or nil
    /// for roles that add no word (static text, plain containers, a list's
    /// items, whose position VoiceOver does not say).
    public var spokenWord: String? {
        switch self {
        case .button: return "button"
        case .link: return "link"
        case .heading: return "heading"
        case .image: return "image"
        case .textField: return "text field"
        case .secureTextField: return "secure text field"
        case .searchField: return "search field"
        case .toggle: return "switch button"
        case .checkbox: return "checkbox"
        case .radio: return "radio button"
        case .slider: return "adjustable"
        case .picker: return "picker"
        case .tab: return "tab"
        case .menuItem: return "menu item"
        case .progress: return "progress indicator"
        case .option: return "option"
        case .columnHeader: return "column header"
        case .treeItem: return "tree item"
        case .menu: return "menu"
        case .dialog: return "dialog"
        case .alert: return "alert"
        case .list: return "list"
        case .table: return "table"
        case .grid: return "grid"
        case .group: return "group"
        case .application: return "application"
        case .document: return "document"
        case .banner: return "banner"
        case .navigation: return "navigation"
        case .main: return "main"
        case .complementary: return "complementary"
        case .contentinfo: return "content information"
        case .region: return "region"
        case .search: return "search"
        case .form: return "form"
        case .text, .cell, .container, .other, .listItem, .row, .gridCell, .status: return nil
        }
    }

    /// Words a label should not repeat because the role already says them.
    public var roleWords: [String] {
        switch self {
        case .button: return ["button", "btn"]
        case .link: return ["link"]
        case .image: return ["image", "icon", "picture", "photo"]
        case .textField, .secureTextField: return ["text field", "textfield", "field"]
        case .searchField: return ["search field"]
        case .toggle: return ["switch", "toggle"]
        case .checkbox: return ["checkbox", "check box"]
        case .radio: return ["radio button"]
        case .slider: return ["slider"]
        case .tab: return ["tab"]
        case .heading: return ["heading"]
        default: return []
        }
    }

    /// Roles a user operates: they need a name of their own. An option and a
    /// tree item are chosen or expanded; a list item, a row or a cell is read.
    public var isInteractive: Bool {
        switch self {
        case .button, .link, .textField, .secureTextField, .searchField, .toggle,
             .checkbox, .radio, .slider, .picker, .tab, .menuItem, .option, .treeItem:
            return true
        default:
            return false
        }
    }

    /// Controls that must never be folded into a combined stop (Over Grouped Control).
    public var isControl: Bool {
        switch self {
        case .button, .textField, .secureTextField, .searchField, .toggle, .checkbox,
             .radio, .slider, .picker:
            return true
        default:
            return false
        }
    }

    /// Roles that are a stop even without a label (a leaf button or image is still focusable).
    public var isFocusableWithoutLabel: Bool { isInteractive || self == .image }

    /// A landmark: heard on entering it, and a place to jump to.
    public var isLandmark: Bool {
        switch self {
        case .banner, .navigation, .main, .complementary, .contentinfo, .region, .search, .form: return true
        default: return false
        }
    }

    /// A container a screen reader announces on entering it even without a
    /// name ("list, 4 items", "navigation", "dialog"). A group is announced
    /// only with a name; a plain container never.
    public var isAnnouncedContainer: Bool {
        switch self {
        case .list, .table, .grid, .dialog, .alert, .application, .menu, .document: return true
        default: return isLandmark
        }
    }
}
