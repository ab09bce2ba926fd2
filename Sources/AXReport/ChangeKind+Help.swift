import AXDiff

extension ChangeKind {
    /// What the kind means for a screen-reader user and what usually fixes it:
    /// the long description of a SARIF rule.
    var helpText: String {
        if let help { return help }
        switch self {
        case .orderRegressed:
            return "A stop moved so that the reading order now breaks a reference the old order kept: the visual order, an object read before its action, an error read before its recovery, or a configured reading-order contract. A VoiceOver user hears the screen in an order that no longer makes sense (Reading Order Drift). Restore the order, or set the accessibility sort priority / container order so it follows the task."
        case .orderChanged:
            return "Stops are read in another order than before, but no reading-order reference is broken. Check that the new order is deliberate; a swipe user learns screens by their order."
        case .orderImproved:
            return "A move removes a reading-order violation the old version had: the new order follows the layout or the task better."
        case .labelLost:
            return "A stop that had a meaningful accessible name now has none, or only an identifier, an asset or file name, or an SF Symbol name. VoiceOver reads the asset name or just the role. Give the element a label that says what it is or does."
        case .labelMissing:
            return "A new control or image has no meaningful accessible name (Mystery Icon): VoiceOver says only \"button\" or reads an asset name. Give it a label that says what it does; mark purely decorative images as hidden."
        case .labelRoleWord:
            return "A label contains its role word (\"Close button\"), and VoiceOver adds the role itself, so the user hears \"Close button, button\". Drop the role word from the label."
        case .labelChanged:
            return "The text of a label changed. Nothing is wrong by itself; check that tests and Voice Control commands that use the old name still work."
        case .stopAdded:
            return "A stop appeared in the reading order."
        case .stopRemoved:
            return "A stop disappeared from the reading order."
        case .stopDecorative:
            return "A new image takes a stop although it has no meaningful label or repeats a neighbour's label. Swipe and Switch Control users land on it for nothing. Hide decorative images from accessibility."
        case .stopsIncreased:
            return "The screen needs more swipes than before (Label Soup): pieces that belong together are read as separate stops. Combine the parts of a card or row into one element with one label and custom actions."
        case .groupMerged:
            return "Several stops became one combined stop. For text and images that belong together this is the fix for Label Soup."
        case .groupControlMerged:
            return "A control (button, field, switch, slider, picker) was absorbed into a combined stop (Over Grouped Control): the user can no longer reach it or hear its role. Keep controls as stops of their own, or expose them as custom actions."
        case .groupSplit:
            return "One stop became several: the user needs more swipes and has to assemble the meaning from parts. Check that the split is deliberate."
        case .roleChanged:
            return "A stop's role changed (e.g. button to text). When an interactive role is lost, VoiceOver no longer says the element can be activated."
        case .stateChanged:
            return "A stop's state (selected, disabled, checked, expanded, …) changed."
        case .valueChanged:
            return "A stop's value changed."
        case .nameDuplicate:
            return "Two or more controls now share the same accessible name and no input label tells them apart: Voice Control users cannot say which one they mean, and screen-reader users hear ten identical \"Reorder\" buttons. Name the object in the label (\"Reorder order 1042\") or add distinct input labels."
        case .screenAdded:
            return "A snapshot of a new screen was added."
        case .screenRemoved:
            return "A snapshot of a screen was removed."
        case .snapshotUnreadable:
            return "A snapshot could not be read, so its screen was not checked. The message says which file and where; fix or regenerate the snapshot."
        default:
            return summary
        }
    }

    /// The WCAG criteria the kind cites, as axdiff knows them.
    var criteria: [WCAGCriterion] { wcag.compactMap(WCAGCriterion.numbered) }
}
