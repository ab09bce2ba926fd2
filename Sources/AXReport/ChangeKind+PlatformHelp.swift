import AXBase
import AXDiff
import AXSnapshot

/// Who a report's help speaks to: the platform every snapshot of the run was
/// taken on, or several.
enum HelpAudience: Equatable {
    case ios, android, web, mixed

    /// The audience of screens taken on `platforms`: XCUITest dumps and other
    /// snapshots are read with VoiceOver (as messages name it); none known
    /// leaves the rule's own help.
    init?(_ platforms: Set<Platform>) {
        let audiences = Set(platforms.map { platform -> HelpAudience in
            switch platform {
            case .ios, .other: return .ios
            case .android: return .android
            case .web: return .web
            }
        })
        guard let first = audiences.first else { return nil }
        self = audiences.count == 1 ? first : .mixed
    }

    /// The screen reader, inside a sentence.
    var reader: String {
        switch self {
        case .ios: return "VoiceOver"
        case .android: return "TalkBack"
        case .web, .mixed: return "a screen reader"
        }
    }
}

extension ChangeKind {
    /// The rule's help in `audience`'s words: its screen reader, and the fix in
    /// the platform's API (every platform's, for a mixed run). Kinds whose help
    /// names no platform keep it.
    func platformHelp(for audience: HelpAudience?) -> String {
        guard let audience, let text = PlatformHelp.texts[rawValue] else { return help }
        let problem = text.problem
            .replacingEvery("{Reader}", with: audience.reader.prefix(1).uppercased() + audience.reader.dropFirst())
            .replacingEvery("{reader}", with: audience.reader)
        switch audience {
        case .ios: return problem + " " + text.ios
        case .android: return problem + " " + text.android
        case .web: return problem + " " + text.web
        case .mixed: return problem + " On iOS: " + text.ios + " On Android: " + text.android + " On the web: " + text.web
        }
    }
}

/// A kind's problem in words for any screen reader (`{reader}`, `{Reader}`)
/// and its fix on each platform.
struct PlatformHelp {
    let problem: String
    let ios: String
    let android: String
    let web: String

    static let texts: [String: PlatformHelp] = [
        "action.lost": PlatformHelp(
            problem: "A stop offered a custom action (e.g. \"Reorder\" on an order card) that no stop of the screen offers now, neither as a custom action nor as a control named for it. Users of {reader} and of switch access can no longer do it.",
            ios: "Keep the action (accessibilityAction(named:), UIAccessibilityCustomAction), or give the task a real button whose label names it (\"Reorder order 1042\").",
            android: "Keep the action (ViewCompat.addAccessibilityAction, Compose Modifier.semantics { customActions = … }), or give the task a real button whose contentDescription names it (\"Reorder order 1042\").",
            web: "Give the task a real <button> whose accessible name names it (\"Reorder order 1042\"), reachable by Tab."),
        "group.control-merged": PlatformHelp(
            problem: "A control (button, field, switch, slider, picker) was absorbed into a combined stop (Over Grouped Control): a user of {reader} can no longer reach it or hear its role.",
            ios: "Keep controls as elements of their own (do not put them under .accessibilityElement(children: .combine) or isAccessibilityElement = true on the container), or expose them as custom actions.",
            android: "Keep controls focusable on their own (not under Modifier.semantics(mergeDescendants = true) or a focusable container with a contentDescription), or expose them as custom actions.",
            web: "Keep controls out of an element whose role hides its children (role=\"img\", role=\"button\" around other controls, aria-hidden), so each keeps its own role and name."),
        "hint.changed": PlatformHelp(
            problem: "The hint of a stop, which {reader} reads after its name, appeared, changed or vanished. Check that users still learn what the element does or what to enter.",
            ios: "The hint is accessibilityHint (SwiftUI .accessibilityHint).",
            android: "The hint is android:hint / tooltipText (Compose: the text field's placeholder).",
            web: "The hint is aria-describedby, or a field's placeholder."),
        "label.input-removed": PlatformHelp(
            problem: "A control no longer has input labels it had, and its label is not one of them: what a voice-control user said to operate it (\"Tap Reorder\") no longer works.",
            ios: "Keep the visible text among accessibilityUserInputLabels (SwiftUI .accessibilityInputLabels), beside the longer name that tells the controls apart (\"Reorder\", \"Reorder order 1042\").",
            android: "Keep the visible text at the start of the contentDescription, so Voice Access still matches \"Tap Reorder\".",
            web: "Keep the visible text at the start of the accessible name (WCAG 2.5.3 Label in Name), so \"Click Reorder\" still matches."),
        "label.lost": PlatformHelp(
            problem: "A stop that had a meaningful accessible name now has none, or only an identifier, an asset or file name, or an icon name. {Reader} reads that name or just the role.",
            ios: "Give the element a label that says what it is or does: accessibilityLabel (SwiftUI .accessibilityLabel, or Image(_:label:)).",
            android: "Give the element a label that says what it is or does: android:contentDescription (Compose: contentDescription of Icon/Image, or Modifier.semantics { contentDescription = … }).",
            web: "Give the element an accessible name that says what it is or does: visible text, aria-label or aria-labelledby; alt on an <img>."),
        "label.missing": PlatformHelp(
            problem: "A new control or image has no meaningful accessible name (Mystery Icon): {reader} says only its role or reads an asset name.",
            ios: "Give it an accessibilityLabel that says what it does; mark purely decorative images hidden (Image(decorative:), accessibilityHidden(true)).",
            android: "Give it a contentDescription that says what it does; mark purely decorative images with contentDescription = null (importantForAccessibility=\"no\").",
            web: "Give it an accessible name (visible text, aria-label, alt) that says what it does; mark purely decorative images with alt=\"\" or aria-hidden=\"true\"."),
        "label.repeated": PlatformHelp(
            problem: "What a stop says repeats the same words twice, e.g. \"Sign in, Sign in\" (a value or child text that repeats the label) or \"Error, Error\" (a warning icon combined with the word beside it). Users of {reader} hear everything twice.",
            ios: "Hide the redundant icon (Image(decorative:), accessibilityHidden(true)) or drop the duplicate text from the label or value.",
            android: "Hide the redundant icon (contentDescription = null, importantForAccessibility=\"no\") or drop the duplicate text from the contentDescription or stateDescription.",
            web: "Hide the redundant icon (alt=\"\", aria-hidden=\"true\") or drop the duplicate text from aria-label."),
        "label.role-word": PlatformHelp(
            problem: "A label contains its role word (\"Close button\"), and {reader} adds the role itself, so the user hears \"Close button, button\".",
            ios: "Drop the role word from accessibilityLabel; the trait (.isButton) says it.",
            android: "Drop the role word from contentDescription; the class or Compose Role says it.",
            web: "Drop the role word from the accessible name (aria-label, text); the element or its role says it."),
        "label.untranslated": PlatformHelp(
            problem: "In the snapshot of a screen in another locale than the source locale (`sourceLocale`, default `en`), a stop reads the same label as the stop with the same id in the source-locale snapshot beside it, while the rest of the screen is translated: a translation is missing and {reader} reads the source language.",
            ios: "Add the translation to the string catalog (or Localizable.strings), or, for a word that is the same in both languages, accept the change.",
            android: "Add the translation to res/values-LOCALE/strings.xml, or, for a word that is the same in both languages, accept the change.",
            web: "Add the translation to the page's message catalog, including aria-label texts, or, for a word that is the same in both languages, accept the change."),
        "name.duplicate": PlatformHelp(
            problem: "Two or more controls now share the same accessible name and nothing tells them apart: voice-control users cannot say which one they mean, and users of {reader} hear ten identical \"Reorder\" buttons.",
            ios: "Name the object in accessibilityLabel (\"Reorder order 1042\") or add distinct accessibilityUserInputLabels.",
            android: "Name the object in contentDescription (\"Reorder order 1042\").",
            web: "Name the object in the accessible name (aria-label=\"Reorder order 1042\", or aria-labelledby pointing at the order's heading)."),
        "order.regressed": PlatformHelp(
            problem: "A stop moved so that the reading order now breaks a reference the old order kept: the visual order, an object read before its action, an error read before its recovery, or a configured reading-order contract. A user of {reader} hears the screen in an order that no longer makes sense (Reading Order Drift).",
            ios: "Restore the order, or set it so it follows the task: .accessibilitySortPriority, accessibilityElements of the container, or .accessibilityElement(children: .contain).",
            android: "Restore the order, or set it so it follows the task: android:accessibilityTraversalBefore/After, Compose Modifier.semantics { traversalIndex = … } with isTraversalGroup.",
            web: "Restore the DOM order so it follows the task; do not reorder visually with CSS (order, flex-direction: row-reverse, absolute positioning) or a positive tabindex."),
        "role.changed": PlatformHelp(
            problem: "A stop's role changed (e.g. button to text). When an interactive role is lost, {reader} no longer says the element can be activated.",
            ios: "Give it its trait back (.accessibilityAddTraits(.isButton), UIAccessibilityTraits), or use a Button.",
            android: "Give it its role back (a Button, Compose Modifier.clickable(role = Role.Button) or semantics { role = … }).",
            web: "Use the native element (<button>, <a href>), or role=\"button\" with keyboard handling."),
        "stop.decorative": PlatformHelp(
            problem: "A new image takes a stop although it has no meaningful label or repeats a neighbour's label. Users of {reader} and of switch access land on it for nothing.",
            ios: "Hide decorative images: Image(decorative:), accessibilityHidden(true), isAccessibilityElement = false.",
            android: "Hide decorative images: contentDescription = null, importantForAccessibility=\"no\".",
            web: "Hide decorative images: alt=\"\" on an <img>, aria-hidden=\"true\" on an icon or <svg>."),
        "stops.increased": PlatformHelp(
            problem: "The screen needs more swipes than before (Label Soup): pieces that belong together are read by {reader} as separate stops.",
            ios: "Combine the parts of a card or row into one element with one label and custom actions (.accessibilityElement(children: .combine)).",
            android: "Combine the parts of a card or row into one focusable element (Compose Modifier.semantics(mergeDescendants = true), a focusable container with a contentDescription) with custom actions.",
            web: "Group the parts of a card or row under one link or heading with one accessible name; hide the pieces that repeat it (aria-hidden)."),
        "target.small": PlatformHelp(
            problem: "A control that is new, or shrank, is smaller than the minimum target of its platform: 44 × 44 pt on iOS, 48 × 48 dp on Android, 24 × 24 CSS px on the web (WCAG 2.5.8 asks for 24 × 24). Users with tremor, switch-access and voice-control \"Tap\" users miss it or hit its neighbour.",
            ios: "Enlarge the hit area (.contentShape, padding, .frame(minWidth: 44, minHeight: 44)), not necessarily the glyph.",
            android: "Enlarge the touch target (Modifier.minimumInteractiveComponentSize(), android:minWidth/minHeight 48dp, TouchDelegate), not necessarily the glyph.",
            web: "Enlarge the target (padding, min-width/min-height: 24px), not necessarily the glyph."),
    ]
}
