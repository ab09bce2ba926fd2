/// What the `[attribute]` flags of one ARIA snapshot line set, read as the
/// line is read: the node's states, focus, hidden, level and frame. Nothing
/// of an attribute is kept as text (`[ref=e5]` and `[cursor=pointer]` leave
/// nothing), so a line's attributes cost no allocation.
struct AriaAttributes {
    /// `NodeState`s set, one bit each, as in `NodeStates`.
    var states: UInt16 = 0
    /// A `[checked]` (or `=true`) was seen: a switch is on.
    var toggleOn = false
    /// The last `[active]`'s value.
    var active = false
    /// `[aria-hidden]` was seen.
    var hidden = false
    /// The last `[level=N]`'s level, nil when none or not a valid level.
    var level: Int?
    /// The first `[level=N]`'s level: a heading's level for what it holds.
    var headingLevel: Int?
    var sawLevel = false
    /// The last `[box=…]`'s frame.
    var frame: Frame?

    mutating func insert(_ state: NodeState) { states |= NodeStates.bits(state) }

    /// The states as the node's set.
    var stateSet: NodeStates { NodeStates(rawValue: states) }

    /// The attribute names Playwright's writer and parser know.
    enum Key {
        case checked, pressed, disabled, expanded, active, selected, invalid, level, ariaHidden, ref, cursor, box, other

        init(_ word: UnsafeBufferPointer<UInt8>) {
            func equals(_ s: StaticString) -> Bool {
                s.utf8CodeUnitCount == word.count && (0..<word.count).allSatisfy { s.utf8Start[$0] == word[$0] }
            }
            switch word.count {
            case 3: self = equals("ref") ? .ref : (equals("box") ? .box : .other)
            case 5: self = equals("level") ? .level : .other
            case 6: self = equals("active") ? .active : (equals("cursor") ? .cursor : .other)
            case 7: self = equals("checked") ? .checked : (equals("pressed") ? .pressed : (equals("invalid") ? .invalid : .other))
            case 8: self = equals("disabled") ? .disabled : (equals("expanded") ? .expanded : (equals("selected") ? .selected : .other))
            case 11: self = equals("aria-hidden") ? .ariaHidden : .other
            default: self = .other
            }
        }
    }

    /// An attribute's value word, as far as the checks tell words apart.
    enum Word {
        /// No value (`[checked]`), which means true.
        case none
        case `true`, `false`, mixed, grammar, spelling
        /// All digits, as a number (at most 9 of them).
        case digits(Int)
        case other

        init(_ value: UnsafeBufferPointer<UInt8>) {
            func equals(_ s: StaticString) -> Bool {
                s.utf8CodeUnitCount == value.count && (0..<value.count).allSatisfy { s.utf8Start[$0] == value[$0] }
            }
            if !value.isEmpty, value.count <= 9, value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                self = .digits(value.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) })
                return
            }
            switch value.count {
            case 4: self = equals("true") ? .true : .other
            case 5: self = equals("false") ? .false : (equals("mixed") ? .mixed : .other)
            case 7: self = equals("grammar") ? .grammar : .other
            case 8: self = equals("spelling") ? .spelling : .other
            default: self = .other
            }
        }
    }

    /// Applies `[key=value]` read on bytes, when that is decided without
    /// text: false when the caller must make the key and value text and use
    /// `add(key:value:)` (a value that is refused, a box, a level that is not
    /// all digits). `value` is the trimmed value, nil for a bare flag.
    mutating func add(_ key: Key, _ value: Word) -> Bool {
        let on: Bool
        switch value {
        case .none, .true: on = true
        default: on = false
        }
        switch key {
        case .checked, .pressed:
            switch value {
            case .mixed: insert(.mixed)
            case .none, .true:
                if key == .checked { insert(.checked); toggleOn = true } else { insert(.selected) }
            case .false: break
            default: return false
            }
        case .disabled, .expanded, .active, .selected:
            switch value {
            case .none, .true, .false: break
            default: return false
            }
            switch key {
            case .disabled: if on { insert(.disabled) }
            case .expanded: if on { insert(.expanded) } else { insert(.collapsed) }
            case .selected: if on { insert(.selected) }
            default: active = on
            }
        case .invalid:
            switch value {
            case .none, .true, .grammar, .spelling: insert(.invalid)
            case .false: break
            default: return false
            }
        case .level:
            guard case .digits(let n) = value else { return false }
            setLevel(n >= 1 && n <= 1_000 ? n : nil)
        case .ariaHidden:
            guard on else { return false }
            hidden = true
        case .ref, .cursor:
            if case .none = value { return false }
        case .box, .other:
            return false
        }
        return true
    }

    /// Applies an attribute that passed `AriaAttribute.problem`, from its text.
    mutating func add(key: String, value: String?) {
        let on = value == nil || value == "true"
        switch key {
        case "checked":
            if value == "mixed" { insert(.mixed) } else if on { insert(.checked); toggleOn = true }
        case "pressed":
            if value == "mixed" { insert(.mixed) } else if on { insert(.selected) }
        case "disabled": if on { insert(.disabled) }
        case "expanded": if on { insert(.expanded) } else if value == "false" { insert(.collapsed) }
        case "selected": if on { insert(.selected) }
        case "active": active = on
        case "invalid": if value != "false" { insert(.invalid) }
        case "aria-hidden": hidden = true
        case "box": frame = value.flatMap(AriaAttribute.box)
        case "level": setLevel(value.flatMap(AriaYAMLReader.Builder.level))
        default: break // ref and cursor are renumbered on every snapshot: no stable id, not spoken
        }
    }

    private mutating func setLevel(_ value: Int?) {
        if !sawLevel { headingLevel = value }
        sawLevel = true
        level = value
    }
}
