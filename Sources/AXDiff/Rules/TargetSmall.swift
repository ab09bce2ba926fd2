import AXSnapshot

/// `target.small`: a control that is new, or shrank, is smaller than the
/// platform's minimum target — "a named icon button still needs a 44 × 44 pt
/// hit area" (Mystery Icon). One that was already small is not reported again.
/// On the web, WCAG 2.5.8's exceptions apply (`WebTargetExceptions`: inline
/// links, a control whose label is its target, enough spacing).
enum TargetSmall: ChangeRule {
    static let name = "target.small"
    static let defaultSeverity = Severity.warning
    static let wcag = ["2.5.8"]
    static let summary = "A new or shrunk control is smaller than the platform's minimum target."
    static let help = "A control that is new, or shrank, is smaller than the minimum target of its platform: 44 × 44 pt on iOS, 48 × 48 dp on Android, 24 × 24 CSS px on the web (WCAG 2.5.8 asks for 24 × 24). Users with tremor, Switch Control and Voice Control \"Tap\" users miss it or hit its neighbour. Enlarge the hit area (contentShape, padding, minimum frame), not necessarily the glyph. On the web WCAG 2.5.8's exceptions apply: a link inside a sentence, a checkbox or radio whose label is also its target, and a target whose 24 px circle meets no other target are not reported."
    static let isSmell = true

    /// The minimum side and its unit (`Platform.frameUnit`: a `uiautomator`
    /// dump's pixels are dp once read). A macOS dump (platform `other`) has
    /// no touch target.
    static func minimum(_ platform: Platform) -> (side: Double, unit: FrameUnit, platform: String)? {
        let unit = platform.frameUnit
        switch platform {
        case .ios: return (44, unit, "iOS")
        case .web: return (24, unit, "the web")
        case .android: return (48, unit, "Android")
        case .other: return nil
        }
    }

    /// A frame that can be measured: a zero side is an element off screen
    /// or not laid out, not a tiny one; and one in the minimum's unit (a
    /// frame in another unit is not judged: pixels are not points).
    static func small(_ frame: Frame?, _ side: Double, _ unit: FrameUnit) -> Bool {
        guard let f = frame, f.width > 0, f.height > 0, f.unit == unit else { return false }
        return f.width < side || f.height < side
    }

    /// The roles judged: what a user taps. A text field's hit area is the
    /// whole field, which platforms draw shorter than their minimum (a
    /// search bar's field is 36 pt high on iOS), so fields are left out.
    static func judged(_ role: Role) -> Bool {
        role.isInteractive && role != .textField && role != .secureTextField && role != .searchField
    }

    /// - Complexity: O(n) in the number of new stops (on the web, plus the
    ///   targets near each small one: `WebTargetExceptions`).
    static func changes(in c: DiffContext) -> [Change] {
        guard let min = minimum(c.new.platform) else { return [] }
        let oldMin = minimum(c.old.platform) ?? min
        var result: [Change] = []
        let grouped = c.matching.merges.isEmpty && c.matching.splits.isEmpty ? [] : c.matching.groupedNew
        let exceptions = c.new.platform == .web ? WebTargetExceptions(stops: c.newStops, judged: judged, side: min.side) : nil
        // Indices: `for stop in newStops` copies every stop.
        for j in c.newStops.indices where judged(c.newStops[j].role) && small(c.newStops[j].frame, min.side, min.unit) {
            guard let f = c.newStops[j].frame, !grouped.contains(j) else { continue }
            if let exceptions, exceptions.excepts(j, in: c.newStops) { continue }
            var before: Frame?
            if let i = c.matching.newToOld[j], judged(c.oldStops[i].role) {
                // Judged only against a measured old frame: it must have been big enough.
                guard let old = c.oldStops[i].frame, old.width > 0, old.height > 0, old.unit == oldMin.unit,
                      !small(old, oldMin.side, oldMin.unit) else { continue }
                before = old
            }
            let n = c.newStops[j]
            let size = describe(f, min.unit)
            let message = before.map { "\(ElementRef(n).display) shrank from \(describe($0, min.unit)) to \(size), below the \(side(min.side)) × \(side(min.side)) \(min.unit.rawValue) minimum target on \(min.platform)" }
                ?? "\(ElementRef(n).display) is \(size), smaller than the \(side(min.side)) × \(side(min.side)) \(min.unit.rawValue) minimum target on \(min.platform)"
            result.append(Change(kind: kind, screen: c.screen, elements: [ElementRef(n)],
                                 before: before.map { describe($0, min.unit) }, after: size, message: message))
        }
        return result
    }

    static func describe(_ f: Frame, _ unit: FrameUnit) -> String {
        "\(side(f.width)) × \(side(f.height)) \(unit.rawValue)"
    }

    /// A side as a person writes it: whole numbers without a decimal point.
    static func side(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e9 { return String(Int(v)) }
        return String((v * 10).rounded() / 10)
    }
}

extension ChangeKind {
    public static let targetSmall = TargetSmall.kind
}
