#if canImport(XCTest)
extension GitFixture {
    /// 70 commits as one `git fast-import` stream: three screens change in
    /// turn through three orders (drift, a lost label), one change in eleven
    /// is docs only, one in thirteen writes a snapshot cut short.
    package static let parallelHistory: String = {
        let good = screenJSON("Checkout", [("text", "Payment failed"), ("textField", "Card number"), ("button", "Try again"), ("button", "Support")])
        let drifted = screenJSON("Checkout", [("button", "Try again"), ("text", "Payment failed"), ("textField", "Card number"), ("button", "Support")])
        let orders = [good, drifted, screenJSON("Checkout", [("text", "Payment failed"), ("button", "Try again"), ("image", "icon_card")])]
        var stream = ""
        for n in 0..<70 {
            let path = n % 11 == 10 ? "docs/notes.md" : "Snapshots/S\(n % 3).json"
            let content = n % 11 == 10 ? "docs \(n)\n" : (n % 13 == 12 ? "{\"axsnapshot\": 1, \"elements\": [" : orders[(n / 3) % 3])
            let message = "change \(n)\n"
            stream += "commit refs/heads/main\ncommitter T <t@example.com> \(1_700_000_000 + n) +0000\n"
            stream += "data \(message.utf8.count)\n\(message)M 100644 inline \(path)\ndata \(content.utf8.count)\n\(content)\n"
        }
        return stream
    }()
}
#endif
