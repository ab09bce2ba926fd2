/// The normalized role of a node: what kind of thing a screen reader announces.
///
/// Every reader maps its platform's types onto this small vocabulary so that
/// the diff engine can compare an iOS button with a web button.
public enum Role: String, CaseIterable, Sendable, Codable {
    case button, link, heading, text, image, textField, secureTextField, searchField
    case toggle, checkbox, radio, slider, picker, tab, cell, menuItem, progress
    case container, other

    /// The word VoiceOver appends after the label ("Sign in, button"), or nil
    /// for roles that add no word (static text, containers).
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
        case .text, .cell, .container, .other: return nil
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

    /// Roles a user operates: they need a name of their own.
    public var isInteractive: Bool {
        switch self {
        case .button, .link, .textField, .secureTextField, .searchField, .toggle,
             .checkbox, .radio, .slider, .picker, .tab, .menuItem:
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
}
