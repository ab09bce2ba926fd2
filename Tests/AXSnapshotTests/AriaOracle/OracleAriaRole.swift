@testable import AXSnapshot

/// How one ARIA role (as Playwright prints it) maps onto the model, and how a
/// node of that role becomes stops.
struct OracleAriaRole {
    enum Kind {
        /// One stop with its whole subtree (controls, headings, images,
        /// progress bars): its children are read as part of it, never traversed.
        case leaf
        /// One stop when it carries only text (`- listitem: Feature A`,
        /// `- cell "Draft"`, `- generic: Something went wrong`); a container
        /// when its children hold stops.
        case item
        /// Never a stop itself (landmarks, lists, tables, rows of cells…):
        /// a container of its children.
        case structural
    }

    var kind: Kind
    /// The model role.
    var role: Role
    /// The ARIA role as Playwright printed it (lowercased when it was a known
    /// role in another case): the web's role word and severities come from it.
    var platformRole: String?
    /// Inline text after `:` is the value (a text box's content), not the name.
    var inlineIsValue = false
    /// A tree item stays a stop of its own when it also holds stops (its
    /// group of children follows it).
    var keepsOwnStop = false

    static func named(_ word: String) -> OracleAriaRole {
        if let known = table[word] { return known }
        let lower = word.lowercased()
        if lower != word, let known = table[lower] { return known }
        return OracleAriaRole(kind: .item, role: .other, platformRole: word)
    }

    /// The role a node of this ARIA role has when it is not a stop but holds
    /// stops: its own where a screen reader announces it on entering (a
    /// list, a landmark, a group, a list item), else a plain container.
    var containerRole: Role {
        switch role {
        case .text, .other, .cell, .gridCell, .columnHeader, .row, .status, .heading: return .container
        default: return role
        }
    }

    /// An item read as plain text when it holds only text: a lone one inside
    /// another item is that item's name (`- row: - cell "Draft"`).
    var readsAsText: Bool {
        guard kind == .item else { return false }
        switch role {
        case .text, .cell, .gridCell, .columnHeader, .row, .group, .status, .alert: return true
        default: return false
        }
    }

    /// Every role word the table knows, for tests.
    static var knownWords: [String] { table.keys.sorted() }

    private static let table: [String: OracleAriaRole] = {
        var t: [String: OracleAriaRole] = [:]
        func leaf(_ role: Role, value: Bool = false, _ words: String...) {
            for w in words { t[w] = OracleAriaRole(kind: .leaf, role: role, platformRole: w, inlineIsValue: value) }
        }
        func item(_ role: Role, _ words: String...) {
            for w in words { t[w] = OracleAriaRole(kind: .item, role: role, platformRole: w) }
        }
        func structural(_ role: Role, _ words: String...) {
            for w in words { t[w] = OracleAriaRole(kind: .structural, role: role, platformRole: w) }
        }
        leaf(.button, "button")
        leaf(.link, "link")
        leaf(.heading, "heading")
        leaf(.image, "img", "image")
        leaf(.textField, value: true, "textbox")
        leaf(.searchField, value: true, "searchbox")
        leaf(.toggle, "switch")
        leaf(.checkbox, "checkbox")
        leaf(.radio, "radio")
        leaf(.slider, value: true, "slider", "spinbutton", "scrollbar")
        leaf(.tab, "tab")
        leaf(.menuItem, "menuitem", "menuitemcheckbox", "menuitemradio")
        leaf(.progress, value: true, "progressbar", "meter")
        // A combo box is heard as its selected option (its options are read
        // only once it is open); a list box is a list whose options are
        // stops, each operable.
        leaf(.picker, value: true, "combobox")
        leaf(.option, "option")
        item(.listItem, "listitem")
        t["treeitem"] = OracleAriaRole(kind: .item, role: .treeItem, platformRole: "treeitem", keepsOwnStop: true)
        item(.cell, "cell", "rowheader")
        item(.gridCell, "gridcell")
        item(.columnHeader, "columnheader")
        item(.row, "row")
        item(.group, "group")
        item(.status, "status")
        item(.alert, "alert")
        item(.text, "text", "paragraph", "code", "generic", "none", "presentation", "emphasis", "strong", "mark",
             "deletion", "insertion", "subscript", "superscript", "term", "definition", "time", "caption",
             "blockquote", "label", "legend", "note", "tooltip", "log", "marquee", "timer", "math", "comment",
             "suggestion")
        structural(.list, "list", "listbox", "directory", "tree", "feed")
        structural(.table, "table")
        structural(.grid, "grid", "treegrid")
        structural(.menu, "menu", "menubar")
        structural(.dialog, "dialog", "alertdialog")
        structural(.application, "application")
        structural(.document, "document", "article", "iframe", "graphics-document")
        structural(.group, "tablist", "toolbar", "radiogroup", "tabpanel", "figure", "graphics-object")
        structural(.banner, "banner")
        structural(.navigation, "navigation")
        structural(.main, "main")
        structural(.complementary, "complementary")
        structural(.contentinfo, "contentinfo")
        structural(.region, "region")
        structural(.search, "search")
        structural(.form, "form")
        structural(.container, "rowgroup", "separator", "section", "sectionheader", "sectionfooter")
        return t
    }()
}
