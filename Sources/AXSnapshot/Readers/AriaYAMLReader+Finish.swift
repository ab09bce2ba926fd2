extension AriaYAMLReader.Builder {
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
    ///   varying part (`AriaPattern`).
    ///
    /// `node` is the node made for the item (its role, platform role, hint
    /// and line); `children` are the nodes of the item's children, moved into
    /// the node (swapped for an empty array, not copied: a copy would be
    /// retained here, and the caller's released after).
    static func finish(_ node: inout Node, _ frame: inout AriaYAMLReader.Frame, children: inout [Node]) -> AriaYAMLReader.Finished {
        // Read in place: binding `frame.item` or its role copied them (retaining each string).
        let role = frame.item.ariaRole.role
        let kind = frame.item.ariaRole.kind
        // The frame's text is moved out (swapped for nothing), not copied: a
        // copy retained each, and destroying the frame released it again.
        var nameText: String?
        swap(&nameText, &frame.item.name)
        var valueText: String?
        swap(&valueText, &frame.item.value)
        var attributes = frame.item.attributes
        if attributes.active, kind == .leaf, role.isInteractive { attributes.insert(.focused) }
        if role == .toggle {
            attributes.states &= ~NodeStates.bits(.checked)
            node.value = attributes.toggleOn ? "1" : "0"
        }
        // (Assigning the node's empty set again cost more than the check.)
        if attributes.states != 0 { node.states = attributes.stateSet }
        node.hidden = attributes.hidden
        node.frame = attributes.frame
        node.level = attributes.level
        // Playwright compares names and texts with their whitespace collapsed
        // (and zero-width spaces and soft hyphens dropped): so are they heard.
        // Text seen to be normal as it was read is kept as it is.
        // The texts are consumed, not copied: a copy is retained here and
        // released again at the end.
        let name: String
        if let text = consume nameText {
            name = frame.item.nameIsRegex ? AriaPattern.spoken(text) : frame.item.nameIsNormal ? text : AriaBlockScalar.normalizedWhitespace(text)
        } else {
            name = ""
        }
        let inline: String
        if let text = consume valueText {
            inline = frame.item.valueMayBePattern && AriaPattern.isPattern(text) ? AriaPattern.spokenValue(text) : frame.item.valueIsNormal ? text : AriaBlockScalar.normalizedWhitespace(text)
        } else {
            inline = ""
        }
        let headingLevel = role == .heading ? nil : frame.headingLevel

        switch kind {
        case .leaf:
            if role == .heading, frame.holdsControl {
                // `- heading "News" [level=2]:` holding `- link "Story"`: the
                // heading's parts are the stops (they carry its level).
                // Still a heading for heading navigation, by its name.
                node.role = .container
                if !name.isEmpty { node.label = name }
                swap(&node.children, &children)
                node.element = false
                return AriaYAMLReader.Finished(holdsStop: true, isTextStop: false, hasText: true, holdsControl: true)
            }
            // Tested first, so that the label and value take the texts:
            // moved (`consume`), not copied (without it the optimizer keeps a
            // copy of each, retained here and released at the end).
            let hasName = !name.isEmpty
            let hasInline = !inline.isEmpty
            node.label = consume name
            if hasInline {
                if frame.item.ariaRole.inlineIsValue { node.value = consume inline } else if !hasName { node.label = consume inline }
            }
            swap(&node.children, &children)
            if role == .picker {
                // Closed, a combo box says its selected option; its options are not stops.
                if node.value == nil {
                    node.value = node.children.first { $0.platformRole == "option" && $0.states.contains(.selected) }?.label
                }
                node.children = Self.withoutOptions(node.children)
            }
            let speaks = hasName || !(node.value ?? "").isEmpty || hasInline || frame.hasText
            let stop = speaks || role.isFocusableWithoutLabel || role == .progress
            node.element = stop
            if stop { Self.inHeading(&node, level: headingLevel) }
            return AriaYAMLReader.Finished(holdsStop: stop && !node.hidden, isTextStop: false, hasText: speaks && !node.hidden,
                                                  holdsControl: stop && !node.hidden && role.isInteractive)

        case .item, .structural:
            var stopChildren = frame.stopChildren
            // A text stop's label is its node's (`finish` set it).
            var soleText = frame.soleStopChild.map { children[$0 - frame.firstChild].label ?? "" }
            // `- listitem: Feature A`: the inline text is the first child.
            if !inline.isEmpty {
                stopChildren += 1
                soleText = stopChildren == 1 ? inline : nil
            }
            // Made only where they are kept: an item holding just its inline
            // text has that text as its label and no children.
            let childCount = children.count + (inline.isEmpty ? 0 : 1)
            func takeAllChildren() -> [Node] {
                var taken: [Node] = []
                swap(&taken, &children)
                guard !inline.isEmpty else { return taken }
                var all = [Self.textNode(inline, line: frame.item.line, headingLevel: headingLevel)]
                all.reserveCapacity(taken.count + 1)
                all.append(contentsOf: taken)
                return all
            }
            let hasText = (!name.isEmpty || !inline.isEmpty || frame.hasText) && !node.hidden
            let holdsControl = frame.holdsControl && !node.hidden
            if kind == .structural {
                // Kept with its role and name: entering it is announced
                // ("Keywords, list", "navigation") and the diff compares it.
                node.role = role
                if !name.isEmpty { node.label = name }
                node.children = takeAllChildren()
                node.element = false
                return AriaYAMLReader.Finished(holdsStop: stopChildren > 0 && !node.hidden, isTextStop: false, hasText: hasText, holdsControl: holdsControl)
            }
            if stopChildren == 0 || (stopChildren == 1 && soleText != nil) {
                // Only text inside: one stop, named by its name or its text.
                let label = name.isEmpty ? (soleText ?? "") : name
                if label.isEmpty {
                    node.role = frame.item.ariaRole.containerRole
                    node.children = takeAllChildren()
                    node.element = false
                    return AriaYAMLReader.Finished(holdsStop: false, isTextStop: false, hasText: hasText, holdsControl: false)
                }
                node.label = label
                // A single text child is now the label itself.
                node.children = childCount == 1 && soleText != nil ? [] : takeAllChildren()
                node.element = true
                Self.inHeading(&node, level: headingLevel)
                let isTextStop = node.role == .text || frame.item.ariaRole.readsAsText
                return AriaYAMLReader.Finished(holdsStop: !node.hidden, isTextStop: isTextStop,
                                               hasText: !node.hidden, holdsControl: false)
            }
            if frame.item.ariaRole.keepsOwnStop, !name.isEmpty {
                // `- treeitem "src" [expanded]:` holding items: the item is read,
                // then its children.
                var own = node
                own.label = name
                own.element = true
                own.hidden = false
                Self.inHeading(&own, level: headingLevel)
                let hidden = node.hidden
                node = Node(role: .container, line: frame.item.line)
                node.hidden = hidden
                node.children = [own] + takeAllChildren()
            } else {
                node.role = frame.item.ariaRole.containerRole
                if !name.isEmpty, node.role != .container { node.label = name }
                node.children = takeAllChildren()
            }
            node.element = false
            return AriaYAMLReader.Finished(holdsStop: !node.hidden, isTextStop: false, hasText: hasText, holdsControl: holdsControl)
        }
    }

    /// `children` less the options, in an array of their exact number
    /// (`filter` grew its array by doubling, and the tree kept the slack).
    static func withoutOptions(_ children: [Node]) -> [Node] {
        let kept = children.reduce(0) { $0 + ($1.platformRole == "option" ? 0 : 1) }
        guard kept < children.count else { return children }
        var result: [Node] = []
        result.reserveCapacity(kept)
        for child in children where child.platformRole != "option" { result.append(child) }
        return result
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
