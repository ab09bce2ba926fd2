/// How one ARIA role (as Playwright prints it) maps onto the model, and how a
/// node of that role becomes stops.
package struct AriaRole {
    package enum Kind {
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

    package var kind: Kind
    /// The model role when the node is a stop.
    package var role: Role
    /// Kept for roles that did not map (`other`).
    package var rawRole: String?
    /// Inline text after `:` is the value (a text box's content), not the name.
    package var inlineIsValue = false
    /// A tree item stays a stop of its own when it also holds stops (its
    /// group of children follows it).
    package var keepsOwnStop = false
    /// The ARIA role kept on the stop (as `rawRole`) where it says more than
    /// the model role: the web's role word comes from it (`option`,
    /// `combo box`, `tree item`).
    package var spokenRole: String?

    package static func named(_ word: String) -> AriaRole {
        if let known = table[word] { return known }
        let lower = word.lowercased()
        if lower != word, let known = table[lower] { return known }
        return AriaRole(kind: .item, role: .other, rawRole: word)
    }

    private static let table: [String: AriaRole] = {
        var t: [String: AriaRole] = [:]
        func leaf(_ role: Role, value: Bool = false, _ words: String...) {
            for w in words { t[w] = AriaRole(kind: .leaf, role: role, inlineIsValue: value) }
        }
        func item(_ role: Role, _ words: String...) {
            for w in words { t[w] = AriaRole(kind: .item, role: role) }
        }
        func structural(_ words: String...) {
            for w in words { t[w] = AriaRole(kind: .structural, role: .container) }
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
        // only once it is open); a list box is a container whose options are
        // stops.
        t["combobox"] = AriaRole(kind: .leaf, role: .picker, inlineIsValue: true, spokenRole: "combobox")
        t["listbox"] = AriaRole(kind: .structural, role: .container)
        t["option"] = AriaRole(kind: .leaf, role: .cell, spokenRole: "option")
        item(.cell, "listitem")
        t["treeitem"] = AriaRole(kind: .item, role: .cell, keepsOwnStop: true, spokenRole: "treeitem")
        for word in ["spinbutton", "scrollbar", "menuitemcheckbox", "menuitemradio", "meter"] {
            t[word]?.spokenRole = word
        }
        item(.text, "text", "paragraph", "code", "generic", "none", "presentation", "cell", "gridcell",
             "columnheader", "rowheader", "row", "group", "emphasis", "strong", "mark", "deletion",
             "insertion", "subscript", "superscript", "term", "definition", "time", "caption",
             "blockquote", "label", "legend", "note", "tooltip", "status", "alert", "log",
             "marquee", "timer", "math", "comment", "suggestion")
        structural("list", "navigation", "main", "banner", "region", "contentinfo", "complementary",
                   "form", "search", "table", "rowgroup", "grid", "tree", "treegrid", "menu", "menubar",
                   "tablist", "toolbar", "radiogroup", "dialog", "alertdialog", "document", "article",
                   "feed", "figure", "application", "tabpanel", "directory", "separator", "iframe",
                   "section", "sectionheader", "sectionfooter", "graphics-document", "graphics-object")
        return t
    }()
}
