import AXDiff
import AXReport
import AXSnapshot
import AXTestSupport

/// Reports shaped like what CI hosts trip over: two screens of one name on
/// two platforms, files that cannot be read or no longer exist, and many
/// changes at once.
extension Fixtures {
    /// `Orders` on Android and on iOS, each with its own errors and a warning.
    static var twoPlatforms: DiffReport {
        func orders(_ platform: String, _ changes: [Change]) -> ScreenDiff {
            ScreenDiff(screen: "Orders", path: "Snapshots/\(platform)/Orders.json", changes: changes)
        }
        func lost(_ id: String, _ index: Int, line: Int) -> Change {
            Change(kind: .labelLost, screen: "Orders",
                   elements: [ElementRef(id: id, label: "", role: .button, index: index, line: line)],
                   before: "Retry", after: "", message: "#\(id) lost its label \"Retry\"; TalkBack says only \"button\"")
        }
        let decorative = Change(kind: .stopDecorative, screen: "Orders",
                                elements: [ElementRef(id: nil, label: "divider", role: .image, index: 4, line: 30)],
                                message: "A new image \"divider\" takes a stop")
        return DiffReport(screens: [
            orders("ios", [lost("retry_button", 2, line: 14), lost("cancel_button", 3, line: 18)]),
            orders("android", [lost("retry_button", 2, line: 9), decorative]),
        ], snapshotsCompared: 2)
    }

    /// An unreadable snapshot (its error's place known) and a removed one whose
    /// removal the configuration makes a warning.
    static var edges: DiffReport {
        var unreadable = Change(kind: .snapshotUnreadable, screen: "Broken",
                                message: "snapshot cannot be read: Snapshots/Broken.json:3:17: expected a string for \"label\"")
        unreadable.line = 3
        unreadable.column = 17
        let removed = Change(kind: .screenRemoved, screen: "Old", message: "The screen was removed", severity: .warning)
        return DiffReport(screens: [
            ScreenDiff(screen: "Old", path: "Snapshots/Old.json", changes: [removed]),
            ScreenDiff(screen: "Broken", path: "Snapshots/Broken.json", changes: [unreadable]),
        ], snapshotsCompared: 2)
    }

    /// `changes` random changes over screens of about 40 changes each, from a
    /// seeded generator; with `openOnly`, every one an error or warning that is
    /// neither accepted nor an improvement (what code scanning counts).
    static func many(seed: UInt64, changes: Int, openOnly: Bool = false) -> DiffReport {
        var random = SeededGenerator(seed: seed)
        let kinds = ChangeKind.allCases
        var screens: [ScreenDiff] = []
        var made = 0
        while made < changes {
            let n = min(changes - made, 1 + Int(random.next() % 80))
            let name = "Screen \(screens.count % 7)"
            let path = "Snapshots/\(["ios", "android", "web"][screens.count % 3])/\(name).json"
            var list: [Change] = []
            for i in 0..<n {
                let kind = kinds[Int(random.next() % UInt64(kinds.count))]
                let severity: Severity = [.error, .warning, .note][Int(random.next() % (openOnly ? 2 : 3))]
                let element = ElementRef(id: random.next() % 2 == 0 ? "id_\(i)" : nil, label: random.next() % 3 == 0 ? "" : "Label \(i)",
                                         role: .button, index: i, line: random.next() % 4 == 0 ? nil : Int(random.next() % 500) + 1)
                var change = Change(kind: kind, screen: name, elements: random.next() % 5 == 0 ? [] : [element],
                                    message: "change \(i)", improvement: !openOnly && random.next() % 7 == 0, severity: severity)
                change.accepted = !openOnly && random.next() % 9 == 0
                list.append(change)
            }
            screens.append(ScreenDiff(screen: name, path: path, changes: list))
            made += n
        }
        return DiffReport(screens: screens, snapshotsCompared: screens.count)
    }
}
