import AXSnapshot

/// How a node of Chromium's accessibility tree takes part in the snapshot.
/// Chromium names a role by its ARIA word where there is one (`button`,
/// `heading`, `listitem`) and by its own word otherwise (`StaticText`,
/// `LabelText`, `RootWebArea`); the ARIA words go through the same table
/// as Playwright's ARIA snapshots (`AriaRole`), so both readings of a page
/// agree on what a stop is.
enum WebRole {
    /// A run of text: joins the text next to it into one text stop.
    case text
    /// Contributes nothing (the boxes inside a text run, list bullets).
    case skip
    /// Not a node of its own: its children stand in its place (unnamed
    /// `div`s and `span`s, `<label>`, presentation).
    case transparent
    case aria(AriaRole)

    static func of(_ chromiumRole: String, named: Bool) -> WebRole {
        switch chromiumRole {
        case "StaticText", "LineBreak": return .text
        case "InlineTextBox", "ListMarker": return .skip
        case "generic", "none", "presentation":
            return named ? .aria(AriaRole.named("generic")) : .transparent
        case "LabelText", "Abbr", "Ruby", "RubyAnnotation", "Pre", "SvgRoot", "Unknown",
             "HeaderAsNonLandmark", "FooterAsNonLandmark", "SectionWithoutName":
            return .transparent
        case "RootWebArea", "WebArea", "MenuListPopup", "Iframe", "IframePresentational", "PdfRoot":
            return .aria(AriaRole.named("document"))
        default:
            return .aria(AriaRole.named(aliases[chromiumRole] ?? chromiumRole))
        }
    }

    /// Chromium's own role words for things ARIA has a word for.
    private static let aliases = [
        "DisclosureTriangle": "button", "MenuListOption": "option", "Figcaption": "caption",
        "DescriptionList": "list", "DescriptionListTerm": "term", "DescriptionListDetail": "definition",
        "Legend": "legend", "ContentDeletion": "deletion", "ContentInsertion": "insertion",
        "Video": "group", "Audio": "group", "Details": "group",
    ]
}
