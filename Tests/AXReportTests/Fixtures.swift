import AXDiff
import AXReport
import AXSnapshot

/// Diff reports built by hand, so these tests need no diff engine.
enum Fixtures {
    static let checkoutPath = "Snapshots/Checkout.json"

    /// The DESIGN §7 example: one screen, one change of each marker.
    static var design: DiffReport {
        let screen = "Checkout"
        let regressed = Change(
            kind: .orderRegressed, screen: screen,
            elements: [ElementRef(id: "retry_button", label: "Try again", role: .button, index: 0, line: 12),
                       ElementRef(id: nil, label: "Payment failed", role: .text, index: 1, line: 8)],
            before: "Payment failed › Card number › Try again › Support",
            after: "Try again › Payment failed › Card number › Support",
            message: "\"Try again\" is now read before \"Payment failed\"")
        let roleWord = Change(
            kind: .labelRoleWord, screen: screen,
            elements: [ElementRef(id: "close", label: "Close button", role: .button, index: 5)],
            before: "Close", after: "Close button",
            message: "\"Close button\" repeats its role word; VoiceOver already says \"button\"")
        let renamed = Change(
            kind: .labelChanged, screen: screen,
            elements: [ElementRef(id: "card_field", label: "Card", role: .textField, index: 2)],
            before: "Card number", after: "Card",
            message: "\"Card number\" is now called \"Card\"")
        let merged = Change(
            kind: .groupMerged, screen: screen,
            elements: [ElementRef(id: nil, label: "Total, $24.80", role: .text, index: 3),
                       ElementRef(id: nil, label: "Total", role: .text, index: 3),
                       ElementRef(id: nil, label: "$24.80", role: .text, index: 4)],
            message: "\"Total\" and \"$24.80\" are now read as one stop", improvement: true)
        // Deliberately out of report order: renderers must sort.
        return DiffReport(screens: [ScreenDiff(screen: screen, path: checkoutPath,
                                               changes: [merged, renamed, roleWord, regressed])],
                          snapshotsCompared: 14)
    }

    /// Three screens with awkward labels, an accepted error, an improvement
    /// and a new screen.
    static var mixed: DiffReport {
        var accepted = Change(
            kind: .labelMissing, screen: "Settings 設定",
            elements: [ElementRef(id: "icGear", label: "", role: .button, index: 0, line: 3)],
            after: "button",
            message: "A new button has no label; VoiceOver says only \"button\"")
        accepted.accepted = true
        let settings = ScreenDiff(screen: "Settings 設定", path: "Snapshots/Settings 設定.json", changes: [
            Change(kind: .stopAdded, screen: "Settings 設定",
                   elements: [ElementRef(id: nil, label: "Hello\nworld 👋 こんにちは", role: .text, index: 4)],
                   after: "Hello\nworld 👋 こんにちは",
                   message: "\"Hello\nworld 👋 こんにちは\" is a new stop\nAxdiff-Errors: 0"),
            accepted,
            Change(kind: .nameDuplicate, screen: "Settings 設定",
                   elements: [ElementRef(id: "a", label: "Reorder", role: .button, index: 1),
                              ElementRef(id: "b", label: "Reorder", role: .button, index: 2)],
                   message: "2 buttons are called \"Reorder\""),
        ])
        let hostile = "<script>alert(\"x\")</script> | `code` *bold* _it_ [link](x) & \\ \t\u{7}end"
        let checkout = ScreenDiff(screen: "Checkout", path: checkoutPath, changes: [
            Change(kind: .labelChanged, screen: "Checkout",
                   elements: [ElementRef(id: "pay", label: hostile, role: .button, index: 3, line: 20)],
                   before: "Pay", after: hostile,
                   message: "\"Pay\" is now called \"\(hostile)\""),
            Change(kind: .orderRegressed, screen: "Checkout",
                   elements: [ElementRef(id: "retry_button", label: "Try again", role: .button, index: 0, line: 12)],
                   before: "Payment failed › Try again", after: "Try again › Payment failed",
                   message: "\"Try again\" is now read before \"Payment failed\""),
            Change(kind: .groupMerged, screen: "Checkout",
                   elements: [ElementRef(id: nil, label: "Order 1042, Delivered", role: .text, index: 1)],
                   message: "\"Order 1042\" and \"Delivered\" are now one stop", improvement: true),
            Change(kind: .stopsIncreased, screen: "Checkout", before: "5", after: "7",
                   message: "The screen now takes 7 swipes instead of 5"),
        ])
        let welcome = ScreenDiff(screen: "Welcome", path: "Snapshots/Welcome.json", changes: [
            Change(kind: .screenAdded, screen: "Welcome", message: "A new screen with 3 stops"),
        ])
        return DiffReport(screens: [welcome, settings, checkout], snapshotsCompared: 14,
                          remarks: ["Merge commit: compared with its first parent."])
    }

    static let plain = ReportContext()
    static let commit = ReportContext.Commit(sha: "0123456789abcdef0123456789abcdef01234567",
                                             subject: "Move \"Try again\" <up> & away")
    static let withCommit = ReportContext(commit: commit)
    static let gate = ReportContext(commit: commit, failOn: .error)

    /// Every built-in format rendering every fixture in every context.
    static var renderings: [(name: String, text: String)] {
        var all: [(String, String)] = []
        for report in Report.all {
            for (fixture, diff) in [("design", design), ("mixed", mixed), ("empty", DiffReport(screens: [], snapshotsCompared: 0))] {
                for (contextName, context) in [("plain", plain), ("commit", withCommit), ("gate", gate)] {
                    all.append(("\(report.name)/\(fixture)/\(contextName)", report.render(diff, context)))
                }
            }
        }
        return all
    }
}
