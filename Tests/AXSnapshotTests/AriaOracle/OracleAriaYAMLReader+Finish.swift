@testable import AXSnapshot

extension OracleAriaYAMLReader.Builder {
    /// Turns a closed item into its node and decides whether it is a stop;
    /// returns what the parent needs to know of it.
    ///
    /// What a screen reader hears decides the shape:
    /// - `[aria-hidden]` hides the node and everything under it;
    /// - `[active]` is heard as "focused" only on a control (`- generic
    ///   [active]` is the page itself holding focus, which says nothing);
    /// - a heading that holds a control is read as its parts, each a stop
    ///   carrying the heading (`Story, link, heading level 2`), so the link
    ///   stays operable;
    /// - a combo box is one stop heard as its selected option (`Country,
    ///   Spain, combo box`); a list box's options are stops of their own;
    /// - a `/regex/` name or text is its literal text with `…` for each
    ///   varying part (`OracleAriaPattern`).
    ///
    /// `node` is the node made for the item (its role, platform role and
    /// line), shaped where it lies in its parent's list.
    static func finish(_ node: inout Node, _ frame: OracleAriaYAMLReader.Frame) -> OracleAriaYAMLReader.Finished {
        let item = frame.item
        let role = frame.role
        node.hint = frame.hint
        var toggleOn = false
        var active = false
        for (key, value) in item.attributes {
            let on = value == nil || value == "true"
            switch key {
            case "checked":
                if value == "mixed" { node.states.insert(.mixed) } else if on { node.states.insert(.checked); toggleOn = true }
            case "pressed":
                if value == "mixed" { node.states.insert(.mixed) } else if on { node.states.insert(.selected) }
            case "disabled": if on { node.states.insert(.disabled) }
            case "expanded": if on { node.states.insert(.expanded) } else if value == "false" { node.states.insert(.collapsed) }
            case "selected": if on { node.states.insert(.selected) }
            case "active": active = on
            case "invalid": if value != "false" { node.states.insert(.invalid) }
            case "aria-hidden": node.hidden = true
            case "box": node.frame = value.flatMap(AriaAttribute.box)
            case "level": node.level = value.flatMap(Self.level)
            default: break // ref and cursor are renumbered on every snapshot: no stable id, not spoken
            }
        }
        if active, role.kind == .leaf, role.role.isInteractive { node.states.insert(.focused) }
        if role.role == .toggle {
            node.states.remove(.checked)
            node.value = toggleOn ? "1" : "0"
        }
        // Playwright compares names and texts with their whitespace collapsed
        // (and zero-width spaces and soft hyphens dropped): so are they heard.
        let name = item.name.map { item.nameIsRegex ? OracleAriaPattern.spoken($0) : OracleAriaBlockScalar.normalizedWhitespace($0) } ?? ""
        let inline = item.value.map { OracleAriaPattern.isPattern($0) ? OracleAriaPattern.spokenValue($0) : OracleAriaBlockScalar.normalizedWhitespace($0) } ?? ""
        let headingLevel = role.role == .heading ? nil : frame.headingLevel

        switch role.kind {
        case .leaf:
            if role.role == .heading, frame.holdsControl {
                // `- heading "News" [level=2]:` holding `- link "Story"`: the
                // heading's parts are the stops (they carry its level).
                // Still a heading for heading navigation, by its name.
                node.role = .container
                if !name.isEmpty { node.label = name }
                node.children = frame.children
                node.element = false
                return OracleAriaYAMLReader.Finished(holdsStop: true, isTextStop: false, hasText: true, holdsControl: true)
            }
            node.label = name
            if !inline.isEmpty {
                if role.inlineIsValue { node.value = inline } else if name.isEmpty { node.label = inline }
            }
            node.children = frame.children
            if role.role == .picker {
                // Closed, a combo box says its selected option; its options are not stops.
                if node.value == nil {
                    node.value = frame.children.first { $0.platformRole == "option" && $0.states.contains(.selected) }?.label
                }
                node.children = frame.children.filter { $0.platformRole != "option" }
            }
            let speaks = !name.isEmpty || !(node.value ?? "").isEmpty || !inline.isEmpty || frame.hasText
            let stop = speaks || role.role.isFocusableWithoutLabel || role.role == .progress
            node.element = stop
            if stop { Self.inHeading(&node, level: headingLevel) }
            return OracleAriaYAMLReader.Finished(holdsStop: stop && !node.hidden, isTextStop: false, hasText: speaks && !node.hidden,
                                                  holdsControl: stop && !node.hidden && role.role.isInteractive)

        case .item, .structural:
            var stopChildren = frame.stopChildren
            var soleText = frame.soleStopText
            // `- listitem: Feature A`: the inline text is the first child.
            let inlineText = inline.isEmpty ? nil : Self.textNode(inline, line: item.line, headingLevel: headingLevel)
            if !inline.isEmpty {
                stopChildren += 1
                soleText = stopChildren == 1 ? inline : nil
            }
            // Made only where they are kept: an item holding just its inline
            // text has that text as its label and no children.
            let childCount = frame.children.count + (inlineText == nil ? 0 : 1)
            var children: [Node] { inlineText.map { [$0] + frame.children } ?? frame.children }
            let hasText = (!name.isEmpty || !inline.isEmpty || frame.hasText) && !node.hidden
            let holdsControl = frame.holdsControl && !node.hidden
            if role.kind == .structural {
                // Kept with its role and name: entering it is announced
                // ("Keywords, list", "navigation") and the diff compares it.
                node.role = role.role
                if !name.isEmpty { node.label = name }
                node.children = children
                node.element = false
                return OracleAriaYAMLReader.Finished(holdsStop: stopChildren > 0 && !node.hidden, isTextStop: false, hasText: hasText, holdsControl: holdsControl)
            }
            if stopChildren == 0 || (stopChildren == 1 && soleText != nil) {
                // Only text inside: one stop, named by its name or its text.
                let label = name.isEmpty ? (soleText ?? "") : name
                if label.isEmpty {
                    node.role = role.containerRole
                    node.children = children
                    node.element = false
                    return OracleAriaYAMLReader.Finished(holdsStop: false, isTextStop: false, hasText: hasText, holdsControl: false)
                }
                node.label = label
                // A single text child is now the label itself.
                node.children = childCount == 1 && soleText != nil ? [] : children
                node.element = true
                Self.inHeading(&node, level: headingLevel)
                return OracleAriaYAMLReader.Finished(holdsStop: !node.hidden, isTextStop: node.role == .text || role.readsAsText,
                                                      hasText: !node.hidden, holdsControl: false)
            }
            if role.keepsOwnStop, !name.isEmpty {
                // `- treeitem "src" [expanded]:` holding items: the item is read,
                // then its children.
                var own = node
                own.label = name
                own.element = true
                own.hidden = false
                Self.inHeading(&own, level: headingLevel)
                let hidden = node.hidden
                node = Node(role: .container, line: item.line)
                node.hidden = hidden
                node.children = [own] + children
            } else {
                node.role = role.containerRole
                if !name.isEmpty, node.role != .container { node.label = name }
                node.children = children
            }
            node.element = false
            return OracleAriaYAMLReader.Finished(holdsStop: !node.hidden, isTextStop: false, hasText: hasText, holdsControl: holdsControl)
        }
    }

    /// The text node for an item's inline text.
    static func textNode(_ text: String, line: Int, headingLevel: Int?) -> Node {
        var node = Node(role: .text, label: text, line: line)
        inHeading(&node, level: headingLevel)
        return node
    }

    /// Inside a heading (of `level`, 0 when unknown), a stop carries the
    /// heading's level, and text there is heard as the heading.
    static func inHeading(_ node: inout Node, level: Int?) {
        guard let level else { return }
        if node.level == nil, level > 0 { node.level = level }
        if node.role == .text {
            node.role = .heading
            node.platformRole = "heading"
        }
    }
}
